// structs.js - the one place that knows how librami's public structs are
// laid out in WebAssembly memory.
//
// STRUCTS below mirrors include/rami.h field by field (names as in C).
// Offsets are not written by hand: they follow from the field types with
// C's alignment rules, and createLayout() compares the result with what
// the C compiler decided (rami_js_layout() of rami-js.c: every struct's
// sizeof and each field's offsetof and sizeof). Any difference - a field
// added, moved or resized in rami.h but not here - makes loading fail with
// the list of differences. To follow a header change, edit STRUCTS (and,
// for a new struct, the table in rami-js.c); nothing else in the package
// reads or writes struct memory directly.

/** Scalar types: byte size and the DataView accessor suffix. */
const SCALARS = {
  u8: [1, 'Uint8'],
  i8: [1, 'Int8'],
  u16: [2, 'Uint16'],
  i16: [2, 'Int16'],
  u32: [4, 'Uint32'],
  i32: [4, 'Int32'],
  u64: [8, 'BigUint64'],
  i64: [8, 'BigInt64'],
};

/**
 * [field, type, count?]: type is a scalar or another struct; count is a
 * number, a constant's name from rami.h, or a list of them (a 2-D array).
 */
export const STRUCTS = {
  rami_ruleset: [
    ['struct_size', 'u32'],
    ['players', 'u8'],
    ['decks', 'u8'],
    ['jokers', 'u8'],
    ['hand_size', 'u8'],
    ['opening_points', 'u16'],
    ['jokers_per_meld', 'u8'],
    ['max_restocks', 'u8'],
    ['max_turns', 'u16'],
    ['joker_penalty', 'u8'],
    ['ace_penalty', 'u8'],
    ['options', 'u32'],
    ['match_rounds', 'u16'],
    ['match_target', 'u16'],
    ['unopened_penalty', 'u16'],
    ['reserved', 'u8', 2],
  ],
  rami_meld_info: [
    ['kind', 'u8'],
    ['count', 'u8'],
    ['points', 'u16'],
    ['cards', 'u8', 'RAMI_MAX_MELD'],
    ['joker_as', 'u8'],
  ],
  rami_deal: [
    ['struct_size', 'u32'],
    ['dealer', 'u8'],
    ['hand_count', 'u8', 'RAMI_MAX_PLAYERS'],
    ['hands', 'u8', ['RAMI_MAX_PLAYERS', 'RAMI_MAX_HAND']],
    ['reserved', 'u8'],
    ['stock_count', 'u16'],
    ['stock', 'u8', 'RAMI_MAX_PACK'],
    ['discard_count', 'u16'],
    ['discard', 'u8', 'RAMI_MAX_PACK'],
  ],
  rami_round_result: [
    ['reason', 'u8'],
    ['winners', 'u8'],
    ['hand_value', 'u16', 'RAMI_MAX_PLAYERS'],
    ['points', 'i16', 'RAMI_MAX_PLAYERS'],
  ],
  rami_move: [
    ['kind', 'u8'],
    ['count', 'u8'],
    ['target', 'u8'],
    ['side', 'u8'],
    ['cards', 'u8', 'RAMI_MAX_MELD'],
  ],
  rami_solution: [
    ['meld_count', 'u8'],
    ['left_count', 'u8'],
    ['points', 'u16'],
    ['penalty', 'u16'],
    ['reserved', 'u16'],
    ['melds', 'rami_meld_info', 'RAMI_MAX_SOLUTION_MELDS'],
    ['left', 'u8', 'RAMI_MAX_HAND'],
  ],
  rami_bot_options: [
    ['struct_size', 'u32'],
    ['level', 'u8'],
    ['reserved', 'u8', 3],
    ['seed', 'u64'],
    ['playouts', 'u32'],
    ['time_ms', 'u32'],
  ],
  rami_turn_info: [
    ['struct_size', 'u32'],
    ['player', 'u8'],
    ['phase', 'u8'],
    ['opened', 'u8'],
    ['opened_this_turn', 'u8'],
    ['points_laid', 'u16'],
    ['opening_points', 'u16'],
    ['melds_laid', 'u8'],
    ['undo_count', 'u8'],
    ['picked', 'u8'],
    ['must_play', 'u8'],
    ['jokers_to_replay', 'u8'],
    ['pure_run_needed', 'u8'],
    ['may_not_discard', 'u8'],
    ['reserved', 'u8'],
  ],
  rami_event: [
    ['kind', 'u8'],
    ['seat', 'u8'],
    ['target', 'u8'],
    ['side', 'u8'],
    ['count', 'u8'],
    ['reserved', 'u8'],
    ['points', 'u16'],
    ['turn', 'u32'],
    ['cards', 'u8', 'RAMI_MAX_MELD'],
    ['reserved2', 'u8', 7],
  ],
  rami_refusal: [
    ['struct_size', 'u32'],
    ['status', 'i16'],
    ['seat', 'u8'],
    ['target', 'u8'],
    ['points_needed', 'u16'],
    ['points_laid', 'u16'],
    ['phase', 'u8'],
    ['count', 'u8'],
    ['cards', 'u8', 'RAMI_MAX_MELD'],
    ['reserved', 'u8', 5],
  ],
  // For the host's timespec_get (host.js); time_t is 32-bit in emscripten 3.1.6.
  timespec: [
    ['tv_sec', 'i32'],
    ['tv_nsec', 'i32'],
  ],
};

const align = (n, a) => Math.ceil(n / a) * a;

/**
 * The layout of every struct of STRUCTS, checked against the C compiler's
 * (the parsed JSON of rami_js_layout()). Throws an Error naming every
 * difference.
 */
export function createLayout(c) {
  const constants = c.constants;
  const problems = [];
  const structs = {};

  const dims = (count) =>
    (count === undefined ? [] : Array.isArray(count) ? count : [count]).map((d) => {
      const n = typeof d === 'number' ? d : constants[d];
      if (!Number.isInteger(n)) throw new Error(`structs.js: unknown constant ${d}`);
      return n;
    });

  function build(name) {
    if (structs[name]) return structs[name];
    const fields = [];
    let offset = 0;
    let maxAlign = 1;
    for (const [field, type, count] of STRUCTS[name]) {
      const nested = SCALARS[type] ? null : build(type);
      const elemSize = nested ? nested.size : SCALARS[type][0];
      const elemAlign = nested ? nested.align : elemSize;
      const shape = dims(count);
      const n = shape.reduce((a, b) => a * b, 1);
      offset = align(offset, elemAlign);
      fields.push({ name: field, type, nested, elemSize, shape, offset, size: elemSize * n });
      offset += elemSize * n;
      maxAlign = Math.max(maxAlign, elemAlign);
    }
    structs[name] = { name, fields, size: align(offset, maxAlign), align: maxAlign };
    return structs[name];
  }

  for (const name of Object.keys(STRUCTS)) {
    const js = build(name);
    const cs = c.structs[name];
    if (!cs) {
      problems.push(`${name}: not described by rami_js_layout()`);
      continue;
    }
    if (cs.size !== js.size) problems.push(`${name}: sizeof is ${cs.size} in C, ${js.size} here`);
    for (const f of js.fields) {
      const cf = cs.fields[f.name];
      if (!cf) problems.push(`${name}.${f.name}: no such field in C`);
      else if (cf[0] !== f.offset || cf[1] !== f.size)
        problems.push(
          `${name}.${f.name}: offset ${cf[0]} size ${cf[1]} in C, offset ${f.offset} size ${f.size} here`,
        );
    }
    for (const f of Object.keys(cs.fields))
      if (!js.fields.some((x) => x.name === f)) problems.push(`${name}.${f}: missing here`);
  }
  if (problems.length) throw new Error(`rami.wasm and structs.js disagree:\n  ${problems.join('\n  ')}`);
  return new Layout(structs);
}

class Layout {
  constructor(structs) {
    this.structs = structs;
    for (const s of Object.values(structs))
      for (const f of s.fields) {
        f.read = arrayOf(f, 0, elementReader(f, this), 'read');
        f.write = arrayOf(f, 0, elementWriter(f, this), 'write');
      }
  }

  /** sizeof(name). */
  size(name) {
    return this.structs[name].size;
  }

  /** The field names of a struct, in order. */
  fieldNames(name) {
    return this.structs[name].fields.map((f) => f.name);
  }

  /** [least, most] a scalar field of a struct can hold (numbers; BigInt
   * for 64-bit fields). */
  bounds(name, field) {
    return BOUNDS[this.structs[name].fields.find((f) => f.name === field).type];
  }

  /** offsetof(name, field), for pointers into a struct. */
  offset(name, field) {
    return this.structs[name].fields.find((f) => f.name === field).offset;
  }

  /** The struct at ptr as a plain object with C's field names (arrays as
   * arrays, 64-bit fields as BigInt). */
  read(dv, name, ptr) {
    const out = {};
    for (const f of this.structs[name].fields) out[f.name] = f.read(dv, ptr + f.offset);
    return out;
  }

  /** Writes obj at ptr: the whole struct is zeroed first, so absent fields
   * are 0, and struct_size, when the struct has one, is sizeof unless obj
   * says otherwise. Array fields may be given shorter than in C. */
  write(dv, name, ptr, obj) {
    const s = this.structs[name];
    new Uint8Array(dv.buffer, ptr, s.size).fill(0);
    for (const f of s.fields) {
      let v = obj[f.name];
      if (v === undefined && f.name === 'struct_size') v = s.size;
      if (v !== undefined) f.write(dv, ptr + f.offset, v);
    }
  }
}

const GETTERS = {
  u8: (dv, at) => dv.getUint8(at),
  i8: (dv, at) => dv.getInt8(at),
  u16: (dv, at) => dv.getUint16(at, true),
  i16: (dv, at) => dv.getInt16(at, true),
  u32: (dv, at) => dv.getUint32(at, true),
  i32: (dv, at) => dv.getInt32(at, true),
  u64: (dv, at) => dv.getBigUint64(at, true),
  i64: (dv, at) => dv.getBigInt64(at, true),
};

const BOUNDS = {
  u8: [0, 0xff],
  i8: [-0x80, 0x7f],
  u16: [0, 0xffff],
  i16: [-0x8000, 0x7fff],
  u32: [0, 0xffffffff],
  i32: [-0x80000000, 0x7fffffff],
  u64: [0n, 0xffffffffffffffffn],
  i64: [-0x8000000000000000n, 0x7fffffffffffffffn],
};

const SETTERS = {
  u8: (dv, at, v) => dv.setUint8(at, v),
  i8: (dv, at, v) => dv.setInt8(at, v),
  u16: (dv, at, v) => dv.setUint16(at, v, true),
  i16: (dv, at, v) => dv.setInt16(at, v, true),
  u32: (dv, at, v) => dv.setUint32(at, v, true),
  i32: (dv, at, v) => dv.setInt32(at, v, true),
  u64: (dv, at, v) => dv.setBigUint64(at, BigInt(v), true),
  i64: (dv, at, v) => dv.setBigInt64(at, BigInt(v), true),
};

function elementReader(f, layout) {
  return f.nested ? (dv, at) => layout.read(dv, f.type, at) : GETTERS[f.type];
}

function elementWriter(f, layout) {
  return f.nested ? (dv, at, v) => layout.write(dv, f.type, at, v) : SETTERS[f.type];
}

/** Wraps an element accessor in one loop per array dimension from dim on. */
function arrayOf(f, dim, element, op) {
  if (dim === f.shape.length) return element;
  const n = f.shape[dim];
  const stride = f.shape.slice(dim + 1).reduce((a, b) => a * b, 1) * f.elemSize;
  const inner = arrayOf(f, dim + 1, element, op);
  if (op === 'read')
    return (dv, at) => {
      const out = new Array(n);
      for (let i = 0; i < n; i++) out[i] = inner(dv, at + i * stride);
      return out;
    };
  return (dv, at, v) => {
    const m = Math.min(v.length, n);
    for (let i = 0; i < m; i++) inner(dv, at + i * stride, v[i]);
  };
}
