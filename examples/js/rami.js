// rami.js - librami, the rules engine of the rummy game Rami, for
// JavaScript: an ES module over rami.wasm (the C library compiled with
// emscripten), for browsers and Node.js.
//
//   import { load } from 'rami';
//   const rami = await load();
//   const game = new rami.Game(rami.Ruleset.preset('51', 2), 42);
//   while (game.phase === 'draw' || game.phase === 'play') game.play(game.botMove('greedy'));
//   console.log(game.roundResult());
//   game.free();
//
// Cards are strings ('7S', '10H', 'JK'); moves are plain objects
// ({kind: 'meld', cards: ['7S', '8S', '9S'], target: null, side: 'auto',
// text: 'meld 7S 8S 9S'}) or move notation ('lay 9S on 2'). Every rule
// decision - legality, reasons, legal moves, meld validity, scores, bots -
// comes from the library; this file only converts values. Struct layouts
// live in structs.js. Failures throw RamiError. doc/javascript.md is the
// guide; rami.d.ts declares every name.

import { createLayout } from './structs.js';
import { DEFAULT_TIMESPEC, hostImports, wasmBytes } from './host.js';

/** A failed library call: the status code, its name, the reason and, for
 * a refused move, the library's structured refusal. */
export class RamiError extends Error {
  constructor(status, code, reason, refusal = null) {
    super(reason);
    this.name = 'RamiError';
    /** The library's status, a negative number (RAMI_E_*). */
    this.status = status;
    /** The status's name, e.g. 'RAMI_E_MELD' (also as statusName). */
    this.code = code;
    this.statusName = code;
    /** The library's English reason (or the status's sentence). */
    this.reason = reason;
    /** What a refused move is about (rami_game_check_ex), or null. */
    this.refusal = refusal;
  }
}

// JavaScript names of the header's enumerations. The numbers come from the
// header through rami_js_layout(); only the spelling is chosen here.
const NAMES = {
  phase: { draw: 'RAMI_PHASE_DRAW', play: 'RAMI_PHASE_PLAY', round_over: 'RAMI_PHASE_ROUND_OVER', match_over: 'RAMI_PHASE_MATCH_OVER' },
  endReason: { none: 'RAMI_END_NONE', went_out: 'RAMI_END_WENT_OUT', stock_out: 'RAMI_END_STOCK_OUT', turn_limit: 'RAMI_END_TURN_LIMIT' },
  meldKind: { none: 'RAMI_MELD_NONE', set: 'RAMI_MELD_SET', run: 'RAMI_MELD_RUN' },
  moveKind: {
    draw: 'RAMI_MOVE_DRAW_STOCK',
    take: 'RAMI_MOVE_DRAW_DISCARD',
    meld: 'RAMI_MOVE_MELD',
    lay: 'RAMI_MOVE_LAYOFF',
    swap: 'RAMI_MOVE_SWAP',
    discard: 'RAMI_MOVE_DISCARD',
  },
  side: { auto: 'RAMI_SIDE_AUTO', low: 'RAMI_SIDE_LOW', high: 'RAMI_SIDE_HIGH' },
  eventKind: { restock: 'RAMI_EVENT_RESTOCK', opened: 'RAMI_EVENT_OPENED', round_end: 'RAMI_EVENT_ROUND_END' },
  returnKind: { penalty: 'RAMI_RETURN_PENALTY', relative: 'RAMI_RETURN_RELATIVE', win: 'RAMI_RETURN_WIN' },
  // Pairs, not an object: numeric keys would be reordered.
  preset: [
    ['51', 'RAMI_PRESET_51'],
    ['40', 'RAMI_PRESET_40'],
    ['51-house', 'RAMI_PRESET_51_HOUSE'],
    ['40-house', 'RAMI_PRESET_40_HOUSE'],
    ['finnish', 'RAMI_PRESET_FINNISH'],
  ],
  level: { random: 'RAMI_BOT_RANDOM', greedy: 'RAMI_BOT_GREEDY', strong: 'RAMI_BOT_STRONG' },
  goal: { max_points: 'RAMI_SOLVE_MAX_POINTS', min_penalty: 'RAMI_SOLVE_MIN_PENALTY' },
  suit: { C: 'RAMI_CLUBS', D: 'RAMI_DIAMONDS', H: 'RAMI_HEARTS', S: 'RAMI_SPADES' },
};

/** Two-way tables {name -> value} and {value -> name} for one NAMES entry. */
function enumeration(constants, names) {
  const toValue = new Map();
  const toName = new Map();
  for (const [name, cname] of Array.isArray(names) ? names : Object.entries(names)) {
    if (!(cname in constants)) throw new Error(`rami.wasm does not define ${cname}`);
    toValue.set(name, constants[cname]);
    toName.set(constants[cname], name);
  }
  return { toValue, toName };
}

// Every function of rami.wasm this file calls (test/module.test.mjs keeps
// the list equal to the calls). load() checks them all first, so a module
// built from a changed rami.h - a function renamed, or made a macro over a
// sized entry point - fails at once with the missing names.
const CALLS = `malloc free rami_js_layout rami_js_heap_used rami_version rami_strerror
  rami_card_format rami_card_parse rami_cards_parse rami_move_format rami_move_parse
  rami_ruleset_init rami_ruleset_check rami_meld_check rami_solve_hand
  rami_game_new rami_game_new_deal rami_game_load rami_game_clone rami_game_determinize rami_game_free
  rami_game_phase rami_game_current_player rami_game_dealer rami_game_round rami_game_turn
  rami_game_ruleset rami_game_seed rami_game_stock_count rami_game_discard_count rami_game_discard_top
  rami_game_picked rami_game_hand rami_game_has_opened rami_game_in_match rami_game_meld_count rami_game_meld
  rami_game_scores rami_game_round_result rami_game_match_winners rami_game_next_round
  rami_game_legal_moves rami_game_play rami_game_undo
  rami_bot_options_init rami_bot_choose rami_game_hint rami_game_save rami_game_view_json
  rami_version_number rami_game_hand_count rami_game_discard_pile rami_game_undo_count
  rami_game_turn_info rami_game_history rami_game_check_ex rami_game_hint_with
  rami_num_distinct_actions rami_move_to_action rami_action_to_move rami_game_legal_actions
  rami_game_legal_actions_mask rami_game_play_action rami_max_game_length rami_game_returns
  rami_observation_tensor_size rami_information_state_tensor_size rami_game_observation_tensor
  rami_game_information_state_tensor`.split(/\s+/);

const camel = (s) => s.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
const snake = (s) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Any value as text for a message: never throws, as a template string
 * does for a Symbol and String() for an object whose toString throws. */
function show(v) {
  try {
    return String(v);
  } catch {
    return `a ${typeof v}`;
  }
}

const DEFAULT_WASM = new URL('./rami.wasm', import.meta.url);

/**
 * Loads rami.wasm and returns the library's API bound to that instance.
 * options.wasm: the module as a URL or path, bytes, a fetch Response or a
 * WebAssembly.Module (default: rami.wasm next to this file).
 */
export async function load(options = {}) {
  const state = { memory: () => state.memoryObject, timespec: DEFAULT_TIMESPEC };
  const instance = await instantiate(options.wasm ?? DEFAULT_WASM, hostImports(state));
  const missing = CALLS.filter((name) => typeof instance.exports[name] !== 'function');
  if (missing.length) throw new Error(`rami.wasm does not export ${missing.join(', ')}: rami.js needs updating for its rami.h`);
  state.memoryObject = instance.exports.memory;
  instance.exports._initialize?.();
  return new Core(instance, state).api;
}

async function instantiate(source, imports) {
  if (source instanceof WebAssembly.Module) return WebAssembly.instantiate(source, imports);
  if (typeof source === 'string' || source instanceof URL) {
    const url = new URL(source, typeof location !== 'undefined' ? location.href : `file://${process.cwd()}/`);
    if (url.protocol !== 'file:') {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      const streaming = response.headers.get('content-type') === 'application/wasm';
      const result = streaming
        ? await WebAssembly.instantiateStreaming(response, imports)
        : await WebAssembly.instantiate(await response.arrayBuffer(), imports);
      return result.instance;
    }
    source = url;
  }
  return (await WebAssembly.instantiate(await wasmBytes(source), imports)).instance;
}

/** One instance of rami.wasm: memory access, scratch buffers, conversions. */
class Core {
  constructor(instance, state) {
    this.x = instance.exports;
    this.memory = instance.exports.memory;
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
    const layoutText = this.cstring(this.x.rami_js_layout());
    if (!layoutText) throw new Error('rami.wasm: rami_js_layout() overflowed its buffer (rami-js.c)');
    const raw = JSON.parse(layoutText);
    this.layout = createLayout(raw);
    state.timespec = raw.structs.timespec.fields;
    this.constants = raw.constants;
    this.S = raw.status;
    this.statusNames = new Map(Object.entries(raw.status).map(([k, v]) => [v, k]));
    this.enums = Object.fromEntries(Object.entries(NAMES).map(([k, v]) => [k, enumeration(this.constants, v)]));
    this.optionBits = Object.entries(this.constants)
      .filter(([k]) => k.startsWith('RAMI_OPT_') && k !== 'RAMI_OPT_ALL')
      .map(([k, v]) => [k.slice('RAMI_OPT_'.length).toLowerCase(), v]);
    this.version = this.cstring(this.x.rami_version());
    this.headerVersion = raw.header_version;
    this.liveGames = 0;
    this.registry = new FinalizationRegistry((ptr) => {
      this.x.rami_game_free(ptr);
      this.liveGames--;
    });
    this.#allocScratch();
    this.#buildCardTables();
    this.api = makeApi(this);
  }

  // ---- memory ----

  get dv() {
    if (this._dv?.buffer !== this.memory.buffer) this._dv = new DataView(this.memory.buffer);
    return this._dv;
  }

  get u8() {
    if (this._u8?.buffer !== this.memory.buffer) this._u8 = new Uint8Array(this.memory.buffer);
    return this._u8;
  }

  cstring(ptr, max = Infinity) {
    const u8 = this.u8;
    let end = ptr;
    let ascii = true;
    while (u8[end] !== 0 && end - ptr < max) {
      if (u8[end] >= 0x80) ascii = false;
      end++;
    }
    // Short ASCII texts (cards, moves, reasons) without TextDecoder's overhead.
    if (ascii && end - ptr <= 256) return String.fromCharCode.apply(null, u8.subarray(ptr, end));
    return this.decoder.decode(u8.subarray(ptr, end));
  }

  malloc(n) {
    const p = this.x.malloc(n);
    if (!p) throw this.error(this.S.RAMI_E_NOMEM, 'out of WebAssembly memory');
    return p;
  }

  #allocScratch() {
    const L = this.layout;
    const c = this.constants;
    const parts = {
      ruleset: L.size('rami_ruleset'),
      move: L.size('rami_move'),
      info: L.size('rami_meld_info'),
      result: L.size('rami_round_result'),
      solution: L.size('rami_solution'),
      bot: L.size('rami_bot_options'),
      turn: L.size('rami_turn_info'),
      refusal: L.size('rami_refusal'),
      deal: L.size('rami_deal'),
      out: 8, // rami_game *
      count: 8, // size_t
      owner: 8, // int
      scores: 4 * c.RAMI_MAX_PLAYERS,
      cards: c.RAMI_MAX_PACK + 8,
      why: 512,
      fmt: 96, // rami_move_format's output while a reason waits in `why`
      // Legal moves; also history events, action ids and masks while they fit.
      moves: c.RAMI_MAX_MOVES * L.size('rami_move'),
    };
    let total = 0;
    const offsets = {};
    for (const [k, n] of Object.entries(parts)) {
      offsets[k] = total;
      total += Math.ceil(n / 8) * 8;
    }
    const base = this.malloc(total);
    this.s = Object.fromEntries(Object.entries(offsets).map(([k, o]) => [k, base + o]));
    this.whyCap = parts.why;
    this.scratchBytes = parts.moves;
    this.text = { ptr: 0, cap: 0 };
    this.moveSize = L.size('rami_move');
  }

  /** A scratch buffer of at least n bytes for texts (grows, never shrinks). */
  textBuffer(n) {
    if (this.text.cap < n) {
      if (this.text.ptr) this.x.free(this.text.ptr);
      this.text.ptr = 0;
      this.text.cap = 0;
      const cap = Math.max(n, 4096);
      this.text.ptr = this.malloc(cap);
      this.text.cap = cap;
    }
    return this.text.ptr;
  }

  /** text as a NUL-terminated UTF-8 string in the text buffer: [ptr, len]. */
  putText(text) {
    if (typeof text !== 'string') throw this.error(this.S.RAMI_E_ARG, `expected a string, got ${typeof text}`);
    const bytes = this.encoder.encode(text);
    const ptr = this.textBuffer(bytes.length + 1);
    this.u8.set(bytes, ptr);
    this.u8[ptr + bytes.length] = 0;
    return [ptr, bytes.length];
  }

  // ---- errors ----

  statusName(status) {
    return this.statusNames.get(status) ?? `RAMI_E_${-status}`;
  }

  strerror(status) {
    return this.cstring(this.x.rami_strerror(status));
  }

  error(status, reason, refusal = null) {
    return new RamiError(status, this.statusName(status), reason || this.strerror(status), refusal);
  }

  /** Throws RamiError for a negative status; returns it otherwise. */
  check(status, reason) {
    if (status < 0) throw this.error(status, typeof reason === 'function' ? reason() : reason);
    return status;
  }

  why() {
    return this.cstring(this.s.why, this.whyCap);
  }

  // ---- cards ----

  #buildCardTables() {
    this.cardText = new Array(256).fill(null);
    this.cardCode = new Map();
    const buf = this.s.why;
    for (let code = 1; code < 256; code++) {
      if (this.x.rami_card_format(code, buf, 8) === 0) {
        const text = this.cstring(buf);
        this.cardText[code] = text;
        this.cardCode.set(text, code);
      }
    }
  }

  /** A card (text or code) as its code; RamiError for anything else. */
  code(card) {
    if (typeof card === 'number') {
      if (this.cardText[card]) return card;
      throw this.error(this.S.RAMI_E_ARG, `${card} is not a card code`);
    }
    const known = this.cardCode.get(card);
    if (known !== undefined) return known;
    const [ptr] = this.putText(card);
    const st = this.x.rami_card_parse(ptr, this.s.out);
    this.check(st, () => `cannot read "${card}" as a card`);
    return this.u8[this.s.out];
  }

  cardsOf(codes) {
    return codes.map((c) => this.cardText[c]);
  }

  /** Writes cards (texts or codes) at ptr; returns how many. */
  putCards(cards, ptr, max, what) {
    if (!Array.isArray(cards)) throw this.error(this.S.RAMI_E_ARG, `${what}: expected an array of cards`);
    if (cards.length > max) throw this.error(this.S.RAMI_E_ARG, `${what}: at most ${max} cards, got ${cards.length}`);
    const codes = cards.map((c) => this.code(c));
    this.u8.set(codes, ptr);
    return codes.length;
  }

  readCards(ptr, n) {
    const u8 = this.u8;
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = this.cardText[u8[ptr + i]];
    return out;
  }

  // ---- enumerations ----

  name(kind, value) {
    return this.enums[kind].toName.get(value) ?? String(value);
  }

  value(kind, name, what = kind) {
    const v = this.enums[kind].toValue.get(show(name));
    if (v === undefined)
      throw this.error(this.S.RAMI_E_ARG, `unknown ${what} "${show(name)}" (one of ${[...this.enums[kind].toValue.keys()].join(', ')})`);
    return v;
  }

  seed(seed, what = 'seed') {
    if (typeof seed === 'bigint') {
      if (seed < 0n || seed >= 1n << 64n) throw this.error(this.S.RAMI_E_ARG, `${what} must fit in 64 bits`);
      return seed;
    }
    if (!Number.isSafeInteger(seed) || seed < 0) throw this.error(this.S.RAMI_E_ARG, `${what} must be a non-negative integer or BigInt`);
    return BigInt(seed);
  }

  /** v as a C int argument: wasm would keep only its low 32 bits (seat
   * 2^32 would be seat 0), so an integer out of lo..hi is refused. */
  int(v, what, lo = -0x80000000, hi = 0x7fffffff) {
    if (!Number.isInteger(v)) throw this.error(this.S.RAMI_E_ARG, `${what} must be an integer, got ${show(v)}`);
    if (v < lo || v > hi) throw this.error(this.S.RAMI_E_ARG, `${what} must be in ${lo}..${hi}, got ${v}`);
    return v;
  }

  // ---- moves ----

  /** A rami_move at ptr as a plain Move. */
  readMove(ptr) {
    const raw = this.layout.read(this.dv, 'rami_move', ptr);
    const kind = this.name('moveKind', raw.kind);
    const move = {
      kind,
      cards: this.cardsOf(raw.cards.slice(0, raw.count)),
      target: kind === 'lay' || kind === 'swap' ? raw.target : null,
      side: this.name('side', raw.side),
      text: '',
    };
    if (this.x.rami_move_format(ptr, this.s.fmt, 96) === 0) move.text = this.cstring(this.s.fmt);
    return move;
  }

  /** A Move (object or notation) written as a rami_move at ptr. */
  writeMove(move, ptr = this.s.move) {
    if (typeof move === 'string') {
      const [text] = this.putText(move);
      this.check(this.x.rami_move_parse(text, ptr), () => `cannot read "${move}" as a move`);
      return ptr;
    }
    if (move === null || typeof move !== 'object') throw this.error(this.S.RAMI_E_ARG, 'a move is an object or a string of move notation');
    const cards = move.cards ?? [];
    if (!Array.isArray(cards)) throw this.error(this.S.RAMI_E_ARG, 'move.cards: expected an array of cards');
    if (cards.length > this.constants.RAMI_MAX_MELD)
      throw this.error(this.S.RAMI_E_ARG, `move.cards: at most ${this.constants.RAMI_MAX_MELD} cards, got ${cards.length}`);
    const target = move.target ?? 0;
    if (!Number.isInteger(target) || target < 0 || target > 255)
      throw this.error(this.S.RAMI_E_ARG, `move.target must be a table meld index, got ${show(move.target)}`);
    this.layout.write(this.dv, 'rami_move', ptr, {
      kind: this.value('moveKind', move.kind, 'move kind'),
      count: cards.length,
      target,
      side: this.value('side', move.side ?? 'auto', 'side'),
      cards: cards.map((c) => this.code(c)),
    });
    return ptr;
  }

  // ---- rulesets ----

  writeRuleset(rs, ptr = this.s.ruleset) {
    if (rs === null || typeof rs !== 'object') throw this.error(this.S.RAMI_E_ARG, 'expected a Ruleset');
    const fields = {};
    const known = this.layout.fieldNames('rami_ruleset').filter((f) => f !== 'struct_size' && f !== 'reserved');
    for (const [k, v] of Object.entries(rs)) {
      if (!known.includes(snake(k))) throw this.error(this.S.RAMI_E_ARG, `unknown ruleset field "${k}"`);
      fields[snake(k)] = k === 'options' ? this.optionMask(v) : v;
    }
    for (const [k, v] of Object.entries(fields)) {
      const [, most] = this.layout.bounds('rami_ruleset', k);
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > most)
        throw this.error(this.S.RAMI_E_ARG, `ruleset.${camel(k)} must be an integer of 0..${most}, got ${show(v)}`);
    }
    delete fields.struct_size;
    this.layout.write(this.dv, 'rami_ruleset', ptr, fields);
    return ptr;
  }

  readRuleset(ptr = this.s.ruleset) {
    const raw = this.layout.read(this.dv, 'rami_ruleset', ptr);
    const out = {};
    for (const [k, v] of Object.entries(raw)) {
      if (k === 'struct_size' || k === 'reserved') continue;
      out[camel(k)] = k === 'options' ? this.optionNames(v) : v;
    }
    return out;
  }

  optionMask(options) {
    if (typeof options === 'number') return options;
    if (!Array.isArray(options)) throw this.error(this.S.RAMI_E_ARG, 'ruleset.options must be a list of option names');
    let mask = 0;
    for (const name of options) {
      const bit = this.optionBits.find(([n]) => n === name);
      if (!bit) throw this.error(this.S.RAMI_E_ARG, `unknown option "${name}" (one of ${this.optionBits.map(([n]) => n).join(', ')})`);
      mask |= bit[1];
    }
    return mask >>> 0;
  }

  optionNames(mask) {
    const names = this.optionBits.filter(([, bit]) => (mask & bit) !== 0).map(([n]) => n);
    const unknown = mask & ~this.constants.RAMI_OPT_ALL;
    for (let b = 0; b < 32; b++) if (unknown & (1 << b)) names.push(`bit${b}`);
    return names;
  }

  // ---- refusals, turn state, history (1.0) ----

  /** rami_game_check_ex of the rami_move at m for seat who: the status;
   * the reason is then in why() and, if one was written, refusal(). */
  judge(game, who, m) {
    this.u8[this.s.why] = 0;
    this.dv.setUint32(this.s.refusal, 0, true);
    return this.x.rami_game_check_ex(game, who, m, this.s.refusal, this.layout.size('rami_refusal'), this.s.why, this.whyCap);
  }

  /** The refusal judge() wrote, as a plain object (null if none). */
  refusal() {
    const r = this.layout.read(this.dv, 'rami_refusal', this.s.refusal);
    if (r.struct_size === 0 || r.status === 0) return null;
    return {
      status: r.status,
      statusName: this.statusName(r.status),
      seat: r.seat,
      target: r.target === this.constants.RAMI_NO_TARGET ? null : r.target,
      pointsNeeded: r.points_needed,
      pointsLaid: r.points_laid,
      phase: this.name('phase', r.phase),
      cards: this.cardsOf(r.cards.slice(0, r.count)),
    };
  }

  /** The RamiError of a move refused with status (what play returned):
   * the reason and the refusal of rami_game_check_ex (which reads only). */
  refused(game, who, m, status) {
    const st = this.judge(game, who, m);
    if (st !== status) return this.error(status); // e.g. RAMI_E_NOMEM: the check has nothing to add
    return this.error(status, this.why(), this.refusal());
  }

  readTurnInfo(ptr = this.s.turn) {
    const t = this.layout.read(this.dv, 'rami_turn_info', ptr);
    return {
      player: t.player,
      phase: this.name('phase', t.phase),
      opened: t.opened !== 0,
      openedThisTurn: t.opened_this_turn !== 0,
      pointsLaid: t.points_laid,
      openingPoints: t.opening_points,
      meldsLaid: t.melds_laid,
      undoCount: t.undo_count,
      picked: this.cardText[t.picked],
      mustPlay: this.cardText[t.must_play],
      jokersToReplay: t.jokers_to_replay,
      pureRunNeeded: t.pure_run_needed !== 0,
      mayNotDiscard: this.cardText[t.may_not_discard],
    };
  }

  /** One rami_event as a plain object; a move event also as its Move. */
  readEvent(ptr) {
    const e = this.layout.read(this.dv, 'rami_event', ptr);
    const moveKind = this.enums.moveKind.toName.get(e.kind);
    const kind = moveKind ?? this.name('eventKind', e.kind);
    const cards = e.cards.slice(0, e.count);
    const onMeld = kind === 'meld' || kind === 'lay' || kind === 'swap';
    let move = null;
    if (moveKind) {
      const draw = kind === 'draw' || kind === 'take';
      this.layout.write(this.dv, 'rami_move', this.s.move, {
        kind: e.kind,
        count: draw ? 0 : cards.length,
        target: kind === 'lay' || kind === 'swap' ? e.target : 0,
        side: kind === 'meld' || kind === 'lay' ? e.side : 0,
        cards: draw ? [] : cards,
      });
      move = this.readMove(this.s.move);
    }
    return {
      kind,
      seat: e.seat,
      turn: e.turn,
      cards: this.cardsOf(cards),
      target: onMeld ? e.target : null,
      points: e.points,
      move,
      text: move ? move.text : '',
      endReason: kind === 'round_end' ? this.name('endReason', e.target) : null,
    };
  }

  /** Bot options (level name or {level, seed, playouts, timeMs}) written at s.bot. */
  writeBotOptions(o, defaultLevel) {
    const lv = this.value('level', o.level ?? defaultLevel, 'bot level');
    this.check(this.x.rami_bot_options_init(this.s.bot, lv));
    const fields = this.layout.read(this.dv, 'rami_bot_options', this.s.bot);
    if (o.seed !== undefined) fields.seed = this.seed(o.seed, 'bot seed');
    if (o.playouts !== undefined) fields.playouts = this.int(o.playouts, 'playouts', 0, 0xffffffff);
    if (o.timeMs !== undefined) fields.time_ms = this.int(o.timeMs, 'timeMs', 0, 0xffffffff);
    this.layout.write(this.dv, 'rami_bot_options', this.s.bot, fields);
    return this.s.bot;
  }

  /** An action id: an integer of 0..2^32-1 (whether it names a move is the library's business). */
  action(id) {
    return this.int(id, 'an action id', 0, 0xffffffff) >>> 0;
  }

  // ---- melds ----

  readMeldInfo(ptr = this.s.info) {
    const raw = this.layout.read(this.dv, 'rami_meld_info', ptr);
    return {
      kind: this.name('meldKind', raw.kind),
      points: raw.points,
      cards: this.cardsOf(raw.cards.slice(0, raw.count)),
      jokerAs: raw.joker_as ? this.cardText[raw.joker_as] : null,
    };
  }
}

/** The public API over one Core. */
function makeApi(core) {
  const x = core.x;
  const s = core.s;

  class Ruleset {
    /** A ruleset from its fields (every field of rami_ruleset, camelCase). */
    constructor(fields = {}) {
      if (fields === null || typeof fields !== 'object') throw core.error(core.S.RAMI_E_ARG, 'a Ruleset is made from an object of its fields');
      Object.assign(this, fields);
      if (Array.isArray(fields.options)) this.options = [...fields.options];
    }

    /** A preset ('51', '40', '51-house', '40-house', 'finnish') for 2..6 players. */
    static preset(name, players = 2) {
      const preset = core.value('preset', name);
      core.check(x.rami_ruleset_init(s.ruleset, preset, core.int(players, 'players')), () => `no preset ${show(name)} for ${players} players`);
      return new Ruleset(core.readRuleset());
    }

    /** Whether the library accepts this ruleset: a Verdict with its reason. */
    check() {
      core.writeRuleset(this);
      const st = x.rami_ruleset_check(s.ruleset, s.why, core.whyCap);
      return verdict(st);
    }
  }

  /** {ok, status, code, reason}; for a move (Game.check) also its refusal (null when ok). */
  function verdict(status, refusal) {
    const v = status === 0
      ? { ok: true, status, code: core.statusName(0), reason: '' }
      : { ok: false, status, code: core.statusName(status), reason: core.why() || core.strerror(status) };
    if (refusal !== undefined) v.refusal = refusal;
    return v;
  }

  function rulesetPtr(rs) {
    if (rs === null || typeof rs !== 'object') throw core.error(core.S.RAMI_E_ARG, 'expected a Ruleset');
    return core.writeRuleset(rs);
  }

  function newHandle(make, what) {
    const st = make();
    core.check(st, what);
    return core.dv.getUint32(s.out, true);
  }

  // Only this module can wrap a handle it made (clone, load, ...) in a Game.
  const ADOPT = Symbol('adopt');

  class Game {
    #ptr;

    /** A new match under ruleset, round 1 dealt from seed. */
    constructor(ruleset, seed = 0) {
      if (ruleset === ADOPT) {
        this.#ptr = seed;
      } else {
        const rs = rulesetPtr(ruleset);
        const sd = core.seed(seed);
        this.#ptr = newHandle(() => {
          const st = x.rami_game_new(rs, sd, s.out);
          if (st === core.S.RAMI_E_RULESET) x.rami_ruleset_check(rs, s.why, core.whyCap);
          else core.u8[s.why] = 0;
          return st;
        }, () => core.why());
      }
      core.liveGames++;
      core.registry.register(this, this.#ptr, this);
    }

    /** A match whose round 1 is the exact position deal ({dealer, hands, stock, discard}). */
    static fromDeal(ruleset, deal, seed = 0) {
      const rs = rulesetPtr(ruleset);
      const sd = core.seed(seed);
      if (deal === null || typeof deal !== 'object') throw core.error(core.S.RAMI_E_ARG, 'expected a deal');
      const hands = deal.hands ?? [];
      const c = core.constants;
      if (!Array.isArray(hands) || hands.length > c.RAMI_MAX_PLAYERS) throw core.error(core.S.RAMI_E_ARG, `deal.hands: at most ${c.RAMI_MAX_PLAYERS} hands`);
      const codes = (list, max, what) => {
        if (!Array.isArray(list) || list.length > max) throw core.error(core.S.RAMI_E_ARG, `${what}: at most ${max} cards`);
        return list.map((card) => core.code(card));
      };
      const fields = {
        dealer: core.int(deal.dealer ?? 0, 'deal.dealer'),
        hand_count: hands.map((h) => (Array.isArray(h) ? h.length : 0)),
        hands: hands.map((h, i) => codes(h, c.RAMI_MAX_HAND, `deal.hands[${i}]`)),
        stock_count: (deal.stock ?? []).length,
        stock: codes(deal.stock ?? [], c.RAMI_MAX_PACK, 'deal.stock'),
        discard_count: (deal.discard ?? []).length,
        discard: codes(deal.discard ?? [], c.RAMI_MAX_PACK, 'deal.discard'),
      };
      if (fields.dealer < 0 || fields.dealer > 255) throw core.error(core.S.RAMI_E_ARG, 'deal.dealer must be a seat');
      core.layout.write(core.dv, 'rami_deal', s.deal, fields);
      const ptr = newHandle(() => x.rami_game_new_deal(rs, s.deal, sd, s.out), 'the deal is not one the library accepts');
      return new Game(ADOPT, ptr);
    }

    /** Rebuilds a game from the text of game.save(). */
    static load(text) {
      const [ptr, len] = core.putText(text);
      const g = newHandle(() => x.rami_game_load(ptr, len, s.out), null);
      return new Game(ADOPT, g);
    }

    get #p() {
      if (!this.#ptr) throw core.error(core.S.RAMI_E_ARG, 'this game has been freed');
      return this.#ptr;
    }

    /** Releases the game's memory now (the garbage collector would, later). */
    free() {
      if (!this.#ptr) return;
      core.registry.unregister(this);
      x.rami_game_free(this.#ptr);
      this.#ptr = 0;
      core.liveGames--;
    }

    /** True once free() has run. */
    get freed() {
      return this.#ptr === 0;
    }

    /** An independent copy (free it too). */
    clone() {
      const p = this.#p;
      return new Game(ADOPT, newHandle(() => x.rami_game_clone(p, s.out)));
    }

    /** A copy where every card viewer cannot see is dealt anew from seed. */
    determinize(viewer, seed = 0) {
      const p = this.#p;
      const sd = core.seed(seed);
      return new Game(ADOPT, newHandle(() => x.rami_game_determinize(p, core.int(viewer, 'viewer'), sd, s.out)));
    }

    // ---- queries ----

    get phase() {
      return core.name('phase', core.check(x.rami_game_phase(this.#p)));
    }

    /** True while the round runs (phase 'draw' or 'play'). */
    get inPlay() {
      const ph = this.phase;
      return ph === 'draw' || ph === 'play';
    }

    get currentPlayer() {
      return core.check(x.rami_game_current_player(this.#p));
    }

    get dealer() {
      return core.check(x.rami_game_dealer(this.#p));
    }

    get round() {
      return core.check(x.rami_game_round(this.#p));
    }

    get turn() {
      return core.check(x.rami_game_turn(this.#p));
    }

    get players() {
      core.check(x.rami_game_ruleset(this.#p, s.ruleset));
      return core.readRuleset().players;
    }

    get ruleset() {
      core.check(x.rami_game_ruleset(this.#p, s.ruleset));
      return new Ruleset(core.readRuleset());
    }

    get seed() {
      return BigInt.asUintN(64, x.rami_game_seed(this.#p));
    }

    get stockCount() {
      return x.rami_game_stock_count(this.#p) >>> 0;
    }

    get discardCount() {
      return x.rami_game_discard_count(this.#p) >>> 0;
    }

    /** The top of the discard pile, or null. */
    get discardTop() {
      return core.cardText[x.rami_game_discard_top(this.#p)];
    }

    /** The card the current player took from the discard pile this turn, or null. */
    get picked() {
      return core.cardText[x.rami_game_picked(this.#p)];
    }

    /** A seat's hand, sorted by suit then rank, jokers last. */
    hand(seat) {
      const p = this.#p;
      core.check(x.rami_game_hand(p, core.int(seat, 'seat'), s.cards, core.constants.RAMI_MAX_PACK, s.count));
      return core.readCards(s.cards, core.dv.getUint32(s.count, true));
    }

    /** How many cards a seat holds (what every seat may know). */
    handCount(seat) {
      return core.check(x.rami_game_hand_count(this.#p, core.int(seat, 'seat')));
    }

    /** The whole discard pile, bottom first (the last card is the top). */
    discardPile() {
      const p = this.#p;
      core.check(x.rami_game_discard_pile(p, s.cards, core.constants.RAMI_MAX_PACK, s.count));
      return core.readCards(s.cards, core.dv.getUint32(s.count, true));
    }

    /** How many plays of this turn undo() can take back now. */
    undoCount() {
      return core.check(x.rami_game_undo_count(this.#p));
    }

    /** The state of the current turn: who moves, the opening so far, what the player still owes. */
    turnInfo() {
      core.check(x.rami_game_turn_info(this.#p, s.turn, core.layout.size('rami_turn_info')));
      return core.readTurnInfo();
    }

    /** The events of the current round as seat viewer may know them (-1: everything; -2: what every seat knows). */
    history(viewer = -1) {
      const p = this.#p;
      const v = core.int(viewer, 'viewer');
      const size = core.layout.size('rami_event');
      let buf = s.moves;
      let st = x.rami_game_history(p, v, buf, Math.floor(core.scratchBytes / size), s.count);
      if (st === core.S.RAMI_E_BUFFER) {
        const n = core.dv.getUint32(s.count, true);
        buf = core.malloc(n * size);
        st = x.rami_game_history(p, v, buf, n, s.count);
      }
      try {
        core.check(st);
        const n = core.dv.getUint32(s.count, true);
        const out = new Array(n);
        for (let i = 0; i < n; i++) out[i] = core.readEvent(buf + i * size);
        return out;
      } finally {
        if (buf !== s.moves) x.free(buf);
      }
    }

    hasOpened(seat) {
      return core.check(x.rami_game_has_opened(this.#p, core.int(seat, 'seat'))) === 1;
    }

    /** False once an elimination match (option 'elimination') has put the seat out. */
    inMatch(seat) {
      return core.check(x.rami_game_in_match(this.#p, core.int(seat, 'seat'))) === 1;
    }

    /** The table melds in the order laid: {index, owner, kind, points, cards, jokerAs}. */
    melds() {
      const p = this.#p;
      const n = x.rami_game_meld_count(p) >>> 0;
      const out = [];
      for (let i = 0; i < n; i++) out.push(this.meld(i));
      return out;
    }

    meld(index) {
      const p = this.#p;
      core.check(x.rami_game_meld(p, core.int(index, 'index'), s.owner, s.info));
      return { index, owner: core.dv.getInt32(s.owner, true), ...core.readMeldInfo() };
    }

    /** Match totals of every seat. */
    scores() {
      const p = this.#p;
      const players = this.players;
      core.check(x.rami_game_scores(p, s.scores, players));
      return Array.from({ length: players }, (_, i) => core.dv.getInt32(s.scores + 4 * i, true));
    }

    /** How the round ended: {reason, winners, handValues, points}. RamiError (RAMI_E_PHASE) while it runs. */
    roundResult() {
      const p = this.#p;
      core.check(x.rami_game_round_result(p, s.result));
      const raw = core.layout.read(core.dv, 'rami_round_result', s.result);
      const players = this.players;
      return {
        reason: core.name('endReason', raw.reason),
        winners: seats(raw.winners, players),
        handValues: raw.hand_value.slice(0, players),
        points: raw.points.slice(0, players),
      };
    }

    /** The seats with the lowest total once the match is over. */
    matchWinners() {
      return seats(core.check(x.rami_game_match_winners(this.#p)), this.players);
    }

    // ---- moves ----

    /** Every legal move of the current player, in the library's order. */
    legalMoves() {
      const p = this.#p;
      let buf = s.moves;
      let st = x.rami_game_legal_moves(p, buf, core.constants.RAMI_MAX_MOVES, s.count);
      let n = core.dv.getUint32(s.count, true);
      if (st === core.S.RAMI_E_BUFFER) {
        // More than RAMI_MAX_MOVES (jokers_per_meld > 1): a buffer of the size asked.
        buf = core.malloc(n * core.moveSize);
        st = x.rami_game_legal_moves(p, buf, n, s.count);
      }
      try {
        core.check(st);
        n = core.dv.getUint32(s.count, true);
        const out = new Array(n);
        for (let i = 0; i < n; i++) out[i] = core.readMove(buf + i * core.moveSize);
        return out;
      } finally {
        if (buf !== s.moves) x.free(buf);
      }
    }

    /** How many legal moves there are (cheaper than legalMoves().length). */
    legalMoveCount() {
      const p = this.#p;
      const st = x.rami_game_legal_moves(p, s.moves, core.constants.RAMI_MAX_MOVES, s.count);
      if (st !== core.S.RAMI_E_BUFFER) core.check(st);
      return core.dv.getUint32(s.count, true);
    }

    /** Whether seat (default: the current player) may make move now: a Verdict with the library's reason. */
    check(move, seat) {
      const p = this.#p;
      const m = core.writeMove(move);
      const who = seat === undefined ? this.currentPlayer : core.int(seat, 'seat');
      const st = core.judge(p, who, m);
      if (st === core.S.RAMI_E_ARG) throw core.error(st, core.why(), core.refusal());
      return verdict(st, core.refusal());
    }

    /** Plays move for seat (default: the current player). RamiError with the library's reason if it is refused. */
    play(move, seat) {
      const p = this.#p;
      const m = core.writeMove(move);
      const who = seat === undefined ? this.currentPlayer : core.int(seat, 'seat');
      const st = x.rami_game_play(p, who, m);
      if (st < 0) throw core.refused(p, who, m, st);
    }

    // ---- integer actions (doc/actions.md) ----

    /** N: action ids are 0..N-1 under this game's ruleset. */
    get numDistinctActions() {
      core.check(x.rami_game_ruleset(this.#p, s.ruleset));
      return x.rami_num_distinct_actions(s.ruleset) >>> 0;
    }

    /** The ids of the legal moves, ascending. */
    legalActions() {
      const p = this.#p;
      let buf = s.moves;
      let st = x.rami_game_legal_actions(p, buf, core.scratchBytes >> 2, s.count);
      if (st === core.S.RAMI_E_BUFFER) {
        buf = core.malloc(4 * core.dv.getUint32(s.count, true));
        st = x.rami_game_legal_actions(p, buf, core.dv.getUint32(s.count, true), s.count);
      }
      try {
        core.check(st);
        return new Int32Array(core.memory.buffer, buf, core.dv.getUint32(s.count, true)).slice();
      } finally {
        if (buf !== s.moves) x.free(buf);
      }
    }

    /** A Uint8Array of numDistinctActions: 1 for each legal id. */
    legalActionsMask() {
      const p = this.#p;
      const n = this.numDistinctActions;
      const buf = n <= core.scratchBytes ? s.moves : core.malloc(n);
      try {
        core.check(x.rami_game_legal_actions_mask(p, buf, n, s.count));
        return core.u8.slice(buf, buf + n);
      } finally {
        if (buf !== s.moves) x.free(buf);
      }
    }

    /** The most actions one round of this ruleset can take (0: no turn cap, no bound). */
    get maxGameLength() {
      core.check(x.rami_game_ruleset(this.#p, s.ruleset));
      return x.rami_max_game_length(s.ruleset) >>> 0;
    }

    /** Per-seat returns once the round is over ('relative', 'penalty' or 'win'); with {match: true}, of the match. */
    returns(kind = 'relative', options = {}) {
      const p = this.#p;
      const code = core.value('returnKind', kind, 'return kind') | (options?.match ? core.constants.RAMI_RETURN_MATCH : 0);
      const players = this.players;
      core.check(x.rami_game_returns(p, code, s.moves, players));
      return Array.from(new Float64Array(core.memory.buffer, s.moves, players));
    }

    /** What viewer may see now, as a Float32Array (doc/observations.md). */
    observationTensor(viewer) {
      return this.#tensor(false, viewer);
    }

    /** The observation plus what viewer saw happen this round, as a Float32Array. */
    informationStateTensor(viewer) {
      return this.#tensor(true, viewer);
    }

    #tensor(infoState, viewer) {
      const p = this.#p;
      const v = core.int(viewer, 'viewer');
      core.check(x.rami_game_ruleset(p, s.ruleset));
      const n = (infoState ? x.rami_information_state_tensor_size(s.ruleset) : x.rami_observation_tensor_size(s.ruleset)) >>> 0;
      const buf = 4 * n <= core.scratchBytes ? s.moves : core.malloc(4 * n);
      try {
        core.check(infoState ? x.rami_game_information_state_tensor(p, v, buf, n) : x.rami_game_observation_tensor(p, v, buf, n));
        return new Float32Array(core.memory.buffer, buf, n).slice();
      } finally {
        if (buf !== s.moves) x.free(buf);
      }
    }

    /** The id of a move (object or notation) under this game's ruleset; legality is not checked. */
    moveToAction(move) {
      core.check(x.rami_game_ruleset(this.#p, s.ruleset));
      const m = core.writeMove(move);
      core.check(x.rami_move_to_action(s.ruleset, m, s.out), () => `${typeof move === 'string' ? move : 'the move'} has no action id`);
      return core.dv.getUint32(s.out, true);
    }

    /** The move an id names (canonical form). */
    actionToMove(id) {
      core.check(x.rami_game_ruleset(this.#p, s.ruleset));
      core.check(x.rami_action_to_move(s.ruleset, core.action(id), s.move), () => `no move has the id ${id}`);
      return core.readMove(s.move);
    }

    /** Plays the move with that id for seat (default: the current player); refused as play(). */
    playAction(id, seat) {
      const p = this.#p;
      const a = core.action(id);
      const who = seat === undefined ? this.currentPlayer : core.int(seat, 'seat');
      const st = x.rami_game_play_action(p, who, a);
      if (st < 0) {
        core.check(x.rami_game_ruleset(p, s.ruleset));
        core.check(x.rami_action_to_move(s.ruleset, a, s.move), () => `no move has the id ${id}`);
        throw core.refused(p, who, s.move, st);
      }
    }

    /** Takes back the last meld, lay-off or swap of this turn. */
    undo(seat) {
      const p = this.#p;
      const who = seat === undefined ? this.currentPlayer : core.int(seat, 'seat');
      core.check(x.rami_game_undo(p, who));
    }

    /** From 'round_over': deals the next round. */
    nextRound() {
      core.check(x.rami_game_next_round(this.#p));
    }

    // ---- bots ----

    /** The move a bot would make for the current player. level: 'random' | 'greedy' | 'strong' or BotOptions. */
    botMove(level = 'greedy') {
      const p = this.#p;
      const o = typeof level === 'object' && level !== null ? level : { level };
      core.check(x.rami_bot_choose(p, core.writeBotOptions(o, 'greedy'), s.move));
      return core.readMove(s.move);
    }

    /** Plays the bot's move for the current player and returns it. */
    playBot(level = 'greedy') {
      const move = this.botMove(level);
      this.play(move);
      return move;
    }

    /** A suggested move for the current player and the reason: {move, reason}.
     * With options ({timeMs, playouts, seed, level}; level 'strong' by
     * default), the bot's hint within that budget (rami_game_hint_with). */
    hint(options) {
      const p = this.#p;
      if (options !== undefined && (options === null || typeof options !== 'object'))
        throw core.error(core.S.RAMI_E_ARG, 'hint options: expected an object {timeMs, playouts, seed, level}');
      const bot = options === undefined ? 0 : core.writeBotOptions(options, 'strong');
      core.u8[s.why] = 0;
      if (options === undefined) core.check(x.rami_game_hint(p, s.move, s.why, core.whyCap));
      else core.check(x.rami_game_hint_with(p, bot, s.move, s.why, core.whyCap), () => core.why());
      return { move: core.readMove(s.move), reason: core.why() };
    }

    // ---- text ----

    /** The record of the match (doc/record-format.md). */
    save() {
      return readText((buf, cap, len) => x.rami_game_save(this.#p, buf, cap, len));
    }

    /** The state as seat viewer may know it (-1: everything; -2: the public view, no hand), as the library's JSON text. */
    viewJson(viewer) {
      const v = core.int(viewer, 'viewer');
      return readText((buf, cap, len) => x.rami_game_view_json(this.#p, v, buf, cap, len));
    }

    /** viewJson(viewer), parsed. */
    view(viewer) {
      return JSON.parse(this.viewJson(viewer));
    }
  }

  /** A text output of the library, sized by a first call. */
  function readText(call) {
    const st = call(0, 0, s.count);
    if (st !== core.S.RAMI_E_BUFFER) core.check(st);
    const len = core.dv.getUint32(s.count, true);
    const buf = core.textBuffer(len + 1);
    core.check(call(buf, len + 1, s.count));
    return core.decoder.decode(core.u8.subarray(buf, buf + len));
  }

  function seats(mask, players) {
    const out = [];
    for (let i = 0; i < players; i++) if (mask & (1 << i)) out.push(i);
    return out;
  }

  /** Judges cards as a meld: {valid, kind, points, cards (table order), jokerAs}. */
  function meldCheck(cards, ruleset) {
    const rs = ruleset === undefined || ruleset === null ? 0 : rulesetPtr(ruleset);
    const n = core.putCards(cards, s.cards, core.constants.RAMI_MAX_PACK, 'meldCheck');
    const st = x.rami_meld_check(rs, s.cards, n, s.info);
    if (st === core.S.RAMI_E_ARG) throw core.error(st, 'meldCheck: invalid cards or ruleset');
    return { valid: st === 0, ...core.readMeldInfo() };
  }

  /** The best disjoint melds of a hand: {melds, left, points, penalty}. */
  function solveHand(cards, goal = 'max_points', ruleset) {
    const rs = rulesetPtr(ruleset ?? Ruleset.preset('51', 2));
    const n = core.putCards(cards, s.cards, core.constants.RAMI_MAX_HAND, 'solveHand');
    core.check(x.rami_solve_hand(rs, s.cards, n, core.value('goal', goal, 'goal'), s.solution));
    const L = core.layout;
    const raw = L.read(core.dv, 'rami_solution', s.solution);
    const infoSize = L.size('rami_meld_info');
    const meldsAt = s.solution + L.offset('rami_solution', 'melds');
    return {
      melds: Array.from({ length: raw.meld_count }, (_, i) => core.readMeldInfo(meldsAt + i * infoSize)),
      left: core.cardsOf(raw.left.slice(0, raw.left_count)),
      points: raw.points,
      penalty: raw.penalty,
    };
  }

  /** One card: text ('7S', '10♠', 'jk') or code, as {text, code, rank, suit, joker}. */
  function card(c) {
    const code = core.code(c);
    const joker = code === core.constants.RAMI_JOKER;
    return {
      text: core.cardText[code],
      code,
      rank: joker ? 0 : code & 0x0f,
      suit: joker ? null : core.enums.suit.toName.get(code >> 4) ?? null,
      joker,
    };
  }

  /** A list of cards in text ("7S 8S, 9S") in the library's spelling. */
  function parseCards(text) {
    const [ptr] = core.putText(text);
    const cap = core.constants.RAMI_MAX_PACK;
    core.check(x.rami_cards_parse(ptr, s.cards, cap, s.count), () => `cannot read "${text}" as cards`);
    return core.readCards(s.cards, core.dv.getUint32(s.count, true));
  }

  function parseMove(text) {
    return core.readMove(core.writeMove(show(text)));
  }

  function formatMove(move) {
    const m = core.writeMove(move);
    core.check(x.rami_move_format(m, s.why, core.whyCap));
    return core.cstring(s.why);
  }

  return Object.freeze({
    Ruleset,
    Game,
    RamiError,
    version: core.version,
    versionNumber: x.rami_version_number(),
    headerVersion: core.headerVersion,
    constants: Object.freeze({ ...core.constants }),
    presets: Object.freeze([...core.enums.preset.toValue.keys()]),
    levels: Object.freeze([...core.enums.level.toValue.keys()]),
    options: Object.freeze(core.optionBits.map(([n]) => n)),
    card,
    parseCard: (text) => core.cardText[core.code(show(text))],
    parseCards,
    parseMove,
    formatMove,
    meldCheck,
    solveHand,
    strerror: (status) => core.strerror(core.int(status, 'status')),
    statusName: (status) => core.statusName(core.int(status, 'status')),
    /** Diagnostics: bytes malloc has handed out, the memory's size, live Game handles. */
    memory: () => ({ heapUsed: x.rami_js_heap_used() >>> 0, memoryBytes: core.memory.buffer.byteLength, liveGames: core.liveGames }),
  });
}
