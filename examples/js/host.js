// host.js - what the WebAssembly modules of this package import from
// their host, in Node.js and in browsers alike.
//
// rami.wasm is built without emscripten's JavaScript glue (see meson.build)
// and imports two functions: timespec_get (the strong bot's time limit) and
// emscripten_notify_memory_growth. rami-bench.wasm, the C benchmark program
// compiled as a WASI command, also needs a handful of WASI calls (its
// arguments, a clock, writing to stdout and stderr, exit).

const WASI_ESUCCESS = 0;
const WASI_EBADF = 8;
const WASI_ESPIPE = 70;

/** Thrown by proc_exit to unwind out of a WASI program's _start. */
export class WasiExit extends Error {
  constructor(code) {
    super(`exit ${code}`);
    this.code = code;
  }
}

const perf = globalThis.performance;

/**
 * A clock in nanoseconds (BigInt). 'wall': performance.now(). 'cpu': the
 * process's user + system CPU time, where the host can tell (Node.js);
 * elsewhere it falls back to the wall clock.
 */
export function makeClock(kind = 'wall') {
  const proc = globalThis.process;
  if (kind === 'cpu' && proc && typeof proc.cpuUsage === 'function') {
    return () => {
      const u = proc.cpuUsage();
      return BigInt(u.user + u.system) * 1000n;
    };
  }
  return () => BigInt(Math.round(perf.now() * 1e6));
}

/**
 * The import object for one instance. `state.memory()` must return the
 * instance's memory once it exists; `state.timespec` is the layout of
 * struct timespec ({tv_sec: [offset, size], tv_nsec: [offset, size]}).
 * Options: args (WASI argv), clock ('wall' | 'cpu'), write(fd, text).
 */
export function hostImports(state, options = {}) {
  const clock = makeClock(options.clock);
  const args = (options.args ?? ['program']).map((a) => new TextEncoder().encode(`${a}\0`));
  const decoders = new Map();
  const write = options.write ?? (() => {});
  const view = () => new DataView(state.memory().buffer);
  const bytes = () => new Uint8Array(state.memory().buffer);

  function putInt(dv, ptr, [offset, size], value) {
    if (size === 8) dv.setBigInt64(ptr + offset, BigInt(value), true);
    else dv.setInt32(ptr + offset, Number(value), true);
  }

  return {
    env: {
      // int timespec_get(struct timespec *ts, int base): the wall clock.
      timespec_get(ptr, base) {
        const ms = Date.now();
        const dv = view();
        putInt(dv, ptr, state.timespec.tv_sec, Math.floor(ms / 1000));
        putInt(dv, ptr, state.timespec.tv_nsec, (ms % 1000) * 1e6);
        return base;
      },
      emscripten_notify_memory_growth() {
        state.grown?.();
      },
    },
    wasi_snapshot_preview1: {
      args_sizes_get(countPtr, sizePtr) {
        const dv = view();
        dv.setUint32(countPtr, args.length, true);
        dv.setUint32(sizePtr, args.reduce((n, a) => n + a.length, 0), true);
        return WASI_ESUCCESS;
      },
      args_get(argvPtr, bufPtr) {
        const dv = view();
        const mem = bytes();
        args.forEach((a, i) => {
          dv.setUint32(argvPtr + 4 * i, bufPtr, true);
          mem.set(a, bufPtr);
          bufPtr += a.length;
        });
        return WASI_ESUCCESS;
      },
      clock_time_get(id, precision, outPtr) {
        view().setBigUint64(outPtr, clock(), true);
        return WASI_ESUCCESS;
      },
      fd_write(fd, iovs, iovsLen, nwrittenPtr) {
        if (fd !== 1 && fd !== 2) return WASI_EBADF;
        const dv = view();
        const mem = bytes();
        if (!decoders.has(fd)) decoders.set(fd, new TextDecoder());
        let n = 0;
        for (let i = 0; i < iovsLen; i++) {
          const ptr = dv.getUint32(iovs + 8 * i, true);
          const len = dv.getUint32(iovs + 8 * i + 4, true);
          write(fd, decoders.get(fd).decode(mem.subarray(ptr, ptr + len), { stream: true }));
          n += len;
        }
        dv.setUint32(nwrittenPtr, n, true);
        return WASI_ESUCCESS;
      },
      fd_seek() {
        return WASI_ESPIPE;
      },
      fd_close() {
        return WASI_ESUCCESS;
      },
      proc_exit(code) {
        throw new WasiExit(code);
      },
    },
  };
}

/** The bytes of a .wasm file given as a URL, path, bytes or Response. */
export async function wasmBytes(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  if (typeof Response !== 'undefined' && source instanceof Response) return source.arrayBuffer();
  const url = source instanceof URL ? source : new URL(String(source), baseURL());
  if (url.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

function baseURL() {
  if (typeof location !== 'undefined') return location.href;
  return `file://${globalThis.process?.cwd?.() ?? ''}/`;
}

/**
 * Runs a WASI command module (rami-bench.wasm; a source as for wasmBytes,
 * or a compiled WebAssembly.Module) to completion and returns {code,
 * stdout, stderr}. Options as hostImports (args without argv[0]).
 */
export async function runWasi(source, options = {}) {
  const out = { 1: '', 2: '' };
  const state = { memory: null, timespec: options.timespec ?? DEFAULT_TIMESPEC };
  const mem = () => state.memoryObject;
  state.memory = mem;
  const imports = hostImports(state, {
    ...options,
    args: ['rami-bench', ...(options.args ?? [])],
    write(fd, text) {
      out[fd] += text;
      options.write?.(fd, text);
    },
  });
  const instance =
    source instanceof WebAssembly.Module
      ? await WebAssembly.instantiate(source, imports)
      : (await WebAssembly.instantiate(await wasmBytes(source), imports)).instance;
  state.memoryObject = instance.exports.memory;
  let code = 0;
  try {
    instance.exports._start();
  } catch (e) {
    if (!(e instanceof WasiExit)) throw e;
    code = e.code;
  }
  return { code, stdout: out[1], stderr: out[2] };
}

/** struct timespec of emscripten 3.1.6 (32-bit time_t); rami.wasm reports its
 * own layout and a test checks that this one matches it. */
export const DEFAULT_TIMESPEC = { tv_sec: [0, 4], tv_nsec: [4, 4] };
