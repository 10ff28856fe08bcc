#!/usr/bin/env node
// bench.mjs - how fast librami runs as WebAssembly, beside the native build.
//
//   node examples/js/bench/bench.mjs [--native build/tests/bench/rami-bench]
//        [--repeat N] [--quick] [--browser] [--json]
//
// The figure is random self-play (Rami 51, 4 players, every legal move
// listed, one picked at random): the `selfplay_actions` figure of
// tests/bench/rami-bench.c. The very same program is compiled to
// WebAssembly (rami-bench.wasm) and run here through host.js, so both sides
// do identical work (same seeds, same moves). Each repetition runs the
// native program, then the wasm one in Node.js, then (--browser) the wasm
// one in headless Chromium; it prints
//  - each program's own figure (median of its 7 timed runs, wall clock),
//  - the CPU time each spent on the identical workload (native: the child
//    process's user+system time; Node: process.cpuUsage() around the run),
// and the ratios wasm/native of both (after one untimed warm-up run of the
// wasm program in Node.js). The machine may be shared and noisy:
// the CPU-time ratio is the steadier one; repeat and look at the spread.
// It also prints the rate of the same loop through rami.js (Game.legalMoves
// and Game.play), which adds the cost of building JavaScript objects.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWasi } from '../host.js';
import { load } from '../rami.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = resolve(here, '../../..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const quick = args.includes('--quick');
const repeat = Number(opt('--repeat', quick ? 1 : 3));
const benchWasm = process.env.RAMI_BENCH_WASM ?? join(repo, 'build-wasm/examples/js/rami-bench.wasm');
const ramiWasm = process.env.RAMI_WASM ?? join(repo, 'build-wasm/examples/js/rami.wasm');
const native = opt('--native', process.env.RAMI_NATIVE_BENCH ?? join(repo, 'build/tests/bench/rami-bench'));
const benchArgs = ['--only', 'selfplay', '--json', ...(quick ? ['--quick'] : [])];
const log = args.includes('--json') ? () => {} : (s) => console.log(s);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** Runs the native rami-bench; its CPU time (user + system, getrusage
 * through bash's `time`, millisecond resolution) and its own figure. */
function runNative() {
  const r = spawnSync('bash', ['-c', 'TIMEFORMAT="%3U %3S"; time "$0" "$@" 2>/dev/null', native, ...benchArgs], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${native}: exit ${r.status} ${r.stderr}`);
  const [user, sys] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { figure: JSON.parse(r.stdout).figures.selfplay_actions, cpu: user + sys };
}

async function runNode(module) {
  const t0 = process.cpuUsage();
  const r = await runWasi(module, { args: benchArgs });
  const t = process.cpuUsage(t0);
  if (r.code !== 0) throw new Error(`rami-bench.wasm exited ${r.code}: ${r.stderr}`);
  return { figure: JSON.parse(r.stdout).figures.selfplay_actions, cpu: (t.user + t.system) / 1e6 };
}

async function jsApiRate(rami, rounds) {
  const rs = rami.Ruleset.preset('51', 4);
  let x = 0x2545f4914f6cdd1dn;
  const rnd = (n) => {
    x ^= (x << 13n) & 0xffffffffffffffffn;
    x ^= x >> 7n;
    x ^= (x << 17n) & 0xffffffffffffffffn;
    return Number(x % BigInt(n));
  };
  const rates = [];
  for (let rep = 0; rep < 5; rep++) {
    let actions = 0;
    const t0 = process.cpuUsage();
    for (let r = 0; r < rounds; r++) {
      const g = new rami.Game(rs, rep * 100000 + r);
      for (let moves = g.legalMoves(); moves.length; moves = g.legalMoves()) {
        g.play(moves[rnd(moves.length)]);
        actions++;
      }
      g.free();
    }
    const t = process.cpuUsage(t0);
    rates.push(actions / ((t.user + t.system) / 1e6));
  }
  return median(rates);
}

/** Opens bench.html in headless Chromium; null when the browser or puppeteer-core is missing. */
async function browserSession() {
  let puppeteer;
  try {
    const { createRequire } = await import('node:module');
    const req = createRequire(join(repo, 'examples/web/package.json'));
    puppeteer = (await import(req.resolve('puppeteer-core'))).default;
  } catch {
    return null;
  }
  const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) return null;
  const { startServer } = await import('../../web/server.mjs');
  const { server, port } = await startServer({ port: 0, map: { '/bench/rami-bench.wasm': benchWasm, '/js/rami.wasm': ramiWasm } });
  const profile = mkdtempSync(join(tmpdir(), 'rami-bench-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`],
  });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/web/bench.html`);
  await page.waitForFunction(() => document.title === 'ready', { timeout: 60000 });
  // ThreadTime: the CPU time of the renderer's main thread, where the page runs.
  const cdp = await page.createCDPSession();
  await cdp.send('Performance.enable');
  const scriptCpu = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime').value;
  return {
    async run() {
      let t0 = await scriptCpu();
      const wasi = await page.evaluate((a) => window.bench.wasi(a), benchArgs.join(' '));
      const wasiCpu = (await scriptCpu()) - t0;
      t0 = await scriptCpu();
      const js = await page.evaluate((n) => window.bench.js(n), quick ? 20 : 200);
      const jsCpu = (await scriptCpu()) - t0;
      return { figure: wasi.figures.selfplay_actions, cpu: wasiCpu, js: { ...js, cpu: jsCpu, rate: js.actions / jsCpu } };
    },
    async close() {
      await browser.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const haveNative = existsSync(native);
if (!existsSync(benchWasm)) {
  console.error(`bench.mjs: ${benchWasm} not found (meson compile -C build-wasm)`);
  process.exit(1);
}
const module = new WebAssembly.Module(readFileSync(benchWasm));
const browser = args.includes('--browser') ? await browserSession() : null;
if (args.includes('--browser') && !browser) log('(no browser run: chromium or puppeteer-core missing)');
if (!haveNative) log(`(no native run: ${native} not found; build it with meson setup build && meson compile -C build)`);

// One untimed quick run first: V8 compiles hot wasm functions again with
// its optimising tier while they run, once per module; the timed runs then
// measure the program, not the compiler (which `rami-bench`'s own median
// of 7 also leaves out).
await runWasi(module, { args: ['--only', 'selfplay', '--quick'] });
const rows = [];
log(`random self-play, Rami 51, 4 players: actions/s (higher is better); ${quick ? 'quick' : 'full'} runs`);
for (let r = 0; r < repeat; r++) {
  const row = {};
  if (haveNative) row.native = runNative();
  row.node = await runNode(module);
  if (browser) row.browser = await browser.run();
  rows.push(row);
  const parts = [];
  if (row.native) parts.push(`native ${fmt(row.native.figure.median)} (cpu ${row.native.cpu.toFixed(3)} s)`);
  parts.push(`wasm/node ${fmt(row.node.figure.median)} (cpu ${row.node.cpu.toFixed(3)} s)`);
  if (row.browser) parts.push(`wasm/chromium ${fmt(row.browser.figure.median)} (cpu ${row.browser.cpu.toFixed(3)} s)`);
  if (row.native) {
    parts.push(`ratio node/native: wall ${(row.node.figure.median / row.native.figure.median).toFixed(2)}, cpu ${(row.native.cpu / row.node.cpu).toFixed(2)}`);
    if (row.browser)
      parts.push(`chromium/native: wall ${(row.browser.figure.median / row.native.figure.median).toFixed(2)}, cpu ${(row.native.cpu / row.browser.cpu).toFixed(2)}`);
  }
  log(`  run ${r + 1}: ${parts.join(' · ')}`);
}
const rami = await load({ wasm: ramiWasm });
const jsRate = await jsApiRate(rami, quick ? 20 : 200);
const summary = {
  repeat,
  quick,
  native_actions_per_s: haveNative ? median(rows.map((x) => x.native.figure.median)) : null,
  node_actions_per_s: median(rows.map((x) => x.node.figure.median)),
  chromium_actions_per_s: browser ? median(rows.map((x) => x.browser.figure.median)) : null,
  ratio_node_wall: haveNative ? median(rows.map((x) => x.node.figure.median / x.native.figure.median)) : null,
  ratio_node_cpu: haveNative ? median(rows.map((x) => x.native.cpu / x.node.cpu)) : null,
  ratio_chromium_wall: haveNative && browser ? median(rows.map((x) => x.browser.figure.median / x.native.figure.median)) : null,
  ratio_chromium_cpu: haveNative && browser ? median(rows.map((x) => x.native.cpu / x.browser.cpu)) : null,
  js_api_node_actions_per_cpu_s: jsRate,
  js_api_chromium_actions_per_cpu_s: browser ? median(rows.map((x) => x.browser.js.rate)) : null,
};
log(`median over ${repeat} run(s):`);
if (haveNative) log(`  native rami-bench      ${fmt(summary.native_actions_per_s)} actions/s`);
log(`  wasm in Node.js        ${fmt(summary.node_actions_per_s)} actions/s` + (haveNative ? `  = ${summary.ratio_node_wall.toFixed(2)} x native (wall), ${summary.ratio_node_cpu.toFixed(2)} x (CPU time)` : ''));
if (browser)
  log(`  wasm in Chromium       ${fmt(summary.chromium_actions_per_s)} actions/s` + (haveNative ? `  = ${summary.ratio_chromium_wall.toFixed(2)} x native (wall), ${summary.ratio_chromium_cpu.toFixed(2)} x (CPU time)` : ''));
log(`  rami.js API in Node.js ${fmt(jsRate)} actions per CPU second`);
if (browser) log(`  rami.js API in Chromium ${fmt(summary.js_api_chromium_actions_per_cpu_s)} actions per CPU second`);
if (args.includes('--json')) console.log(JSON.stringify(summary, null, 2));
await browser?.close();
