// The module: loading, the layout check, constants, cards, notation,
// stateless meld checks and the solver, rulesets.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { load, RamiError } from '../rami.js';
import { createLayout, STRUCTS } from '../structs.js';
import { DEFAULT_TIMESPEC, runWasi } from '../host.js';
import { loadRami, PRESETS, playRandom, rng, wasmPath } from './helpers.mjs';

const rami = await loadRami();

test('load() takes a path, a file URL, bytes or a compiled module', async () => {
  const bytes = await readFile(wasmPath());
  for (const wasm of [wasmPath(), pathToFileURL(wasmPath()), bytes, new Uint8Array(bytes).buffer, new WebAssembly.Module(bytes)]) {
    const r = await load({ wasm });
    assert.equal(r.version, rami.version);
    assert.equal(r.memory().liveGames, 0);
  }
  await assert.rejects(load({ wasm: '/nonexistent/rami.wasm' }), /ENOENT/);
  await assert.rejects(load({ wasm: new Uint8Array([0, 97, 115, 109]) }), WebAssembly.CompileError);
});

test('load() checks, by name, every function rami.js calls', async () => {
  const source = await readFile(new URL('../rami.js', import.meta.url), 'utf8');
  const listed = source.match(/const CALLS = `([^`]*)`/)[1].trim().split(/\s+/).sort();
  const called = [...new Set([...source.matchAll(/\bx\.(\w+)\(/g)].map((m) => m[1]))].sort();
  assert.deepEqual(listed, called);
  // A module without one of them is refused with its name.
  const bytes = await readFile(wasmPath());
  const real = await WebAssembly.compile(bytes);
  const original = WebAssembly.instantiate;
  WebAssembly.instantiate = async (...a) => {
    const r = await original.apply(WebAssembly, a);
    const inst = r.instance ?? r;
    const exports = { ...inst.exports };
    delete exports.rami_game_hint;
    return r.instance ? { ...r, instance: { exports } } : { exports };
  };
  try {
    await assert.rejects(load({ wasm: real }), /rami\.wasm does not export rami_game_hint: rami\.js needs updating/);
  } finally {
    WebAssembly.instantiate = original;
  }
});

test('version and header version agree', () => {
  assert.match(rami.version, /^\d+\.\d+\.\d+$/);
  assert.equal(rami.headerVersion, rami.version);
});

test('structs.js refuses a C table that disagrees with it', () => {
  // rami.js loaded, so createLayout accepted the real C table.
  assert.deepEqual(STRUCTS.rami_move.map(([f]) => f), ['kind', 'count', 'target', 'side', 'cards']);
  const table = {
    constants: rami.constants,
    structs: Object.fromEntries(Object.keys(STRUCTS).map((name) => [name, { size: 0, fields: {} }])),
  };
  assert.throws(() => createLayout(table), /rami\.wasm and structs\.js disagree:[\s\S]*rami_move: sizeof is 0 in C/);
});

test('the layout check names a moved field and a field unknown to JavaScript', async () => {
  // Rebuild the C table from a fresh instance's exports and perturb it.
  const bytes = await readFile(wasmPath());
  const { instance } = await WebAssembly.instantiate(bytes, {
    env: { timespec_get: () => 0, emscripten_notify_memory_growth: () => {} },
  });
  instance.exports._initialize();
  const ptr = instance.exports.rami_js_layout();
  const u8 = new Uint8Array(instance.exports.memory.buffer);
  let end = ptr;
  while (u8[end]) end++;
  const c = JSON.parse(new TextDecoder().decode(u8.subarray(ptr, end)));
  assert.doesNotThrow(() => createLayout(c));
  assert.deepEqual(c.structs.timespec.fields, DEFAULT_TIMESPEC, 'host.js timespec default');
  const moved = structuredClone(c);
  moved.structs.rami_move.fields.side[0] += 1;
  assert.throws(() => createLayout(moved), /rami_move\.side: offset 4 size 1 in C, offset 3 size 1 here/);
  const added = structuredClone(c);
  added.structs.rami_ruleset.fields.new_field = [28, 4];
  added.structs.rami_ruleset.size = 32;
  assert.throws(() => createLayout(added), /rami_ruleset\.new_field: missing here/);
});

test('constants and status names come from the header', () => {
  assert.equal(rami.constants.RAMI_MAX_PLAYERS, 6);
  assert.equal(rami.constants.RAMI_JOKER, 0x50);
  for (let st = 0; st >= -20; st--) {
    assert.match(rami.statusName(st), /^RAMI_(OK|E_[A-Z_]+)$/);
    assert.ok(rami.strerror(st).length > 0);
  }
  assert.equal(rami.statusName(-9), 'RAMI_E_MELD');
  assert.equal(rami.strerror(-6), "not this player's turn");
  assert.deepEqual([...rami.presets], PRESETS);
  assert.deepEqual([...rami.levels], ['random', 'greedy', 'strong']);
  assert.equal(rami.options.length, 15);
});

test('cards: text, codes and info', () => {
  assert.deepEqual(rami.card('10♠'), { text: '10S', code: 0x3a, rank: 10, suit: 'S', joker: false });
  assert.deepEqual(rami.card('jk'), { text: 'JK', code: 0x50, rank: 0, suit: null, joker: true });
  assert.deepEqual(rami.card(0x01), { text: 'AC', code: 1, rank: 1, suit: 'C', joker: false });
  assert.equal(rami.parseCard(' qh '), 'QH');
  assert.equal(rami.parseCard('T♦'), '10D');
  assert.deepEqual(rami.parseCards('7S 8S, 9S JK'), ['7S', '8S', '9S', 'JK']);
  assert.deepEqual(rami.parseCards(''), []);
  for (const bad of ['1S', 'XX', '', '7SS']) assert.throws(() => rami.parseCard(bad), { name: 'RamiError', code: 'RAMI_E_PARSE' });
  assert.throws(() => rami.card(0x0e), { code: 'RAMI_E_ARG' });
  assert.throws(() => rami.parseCards('7S 8X'), { code: 'RAMI_E_PARSE' });
});

test('move notation: parse and format are inverses over many legal moves', () => {
  assert.deepEqual(rami.parseMove('lay 9s on 2 low'), { kind: 'lay', cards: ['9S'], target: 1, side: 'low', text: 'lay 9S on 2 low' });
  assert.deepEqual(rami.parseMove('draw'), { kind: 'draw', cards: [], target: null, side: 'auto', text: 'draw' });
  assert.equal(rami.formatMove({ kind: 'meld', cards: ['7S', '8S', '9S'] }), 'meld 7S 8S 9S');
  assert.equal(rami.formatMove({ kind: 'swap', cards: ['6S'], target: 0 }), 'swap 6S on 1');
  assert.throws(() => rami.parseMove('fly away'), { code: 'RAMI_E_PARSE' });
  const pick = rng(7n);
  let seen = 0;
  for (let seed = 0; seed < 20; seed++) {
    const g = new rami.Game(rami.Ruleset.preset(PRESETS[seed % 5], 2 + (seed % 5)), seed);
    while (g.inPlay) {
      const moves = g.legalMoves();
      for (const m of moves) {
        assert.deepEqual(rami.parseMove(m.text), m);
        assert.equal(rami.formatMove(m), m.text);
        seen++;
      }
      g.play(moves[pick(moves.length)]);
    }
    g.free();
  }
  assert.ok(seen > 1000, `${seen} moves`);
});

test('meldCheck agrees with the game on every legal meld, and judges non-melds', () => {
  assert.deepEqual(rami.meldCheck(['9S', '7S', 'JK']), { valid: true, kind: 'run', points: 24, cards: ['7S', 'JK', '9S'], jokerAs: '8S' });
  assert.deepEqual(rami.meldCheck(['7S', '7S', '7H']), { valid: false, kind: 'none', points: 0, cards: [], jokerAs: null });
  assert.equal(rami.meldCheck([]).valid, false);
  const pick = rng(11n);
  let melds = 0;
  for (let seed = 0; seed < 30; seed++) {
    const rs = rami.Ruleset.preset('51', 2);
    const g = new rami.Game(rs, seed);
    while (g.inPlay) {
      const moves = g.legalMoves();
      for (const m of moves.filter((x) => x.kind === 'meld')) {
        const r = rami.meldCheck(m.cards, rs);
        assert.ok(r.valid, m.text);
        assert.deepEqual(r.cards, m.cards, 'legal melds are listed in table order');
        melds++;
      }
      g.play(moves[pick(moves.length)]);
    }
    g.free();
  }
  assert.ok(melds > 50, `${melds} melds`);
});

test('solveHand: melds and left-over cards partition the hand', () => {
  const hand = rami.parseCards('7S 8S 9S 9H 9D KC QC JC 2D');
  for (const goal of ['max_points', 'min_penalty']) {
    const sol = rami.solveHand(hand, goal);
    const used = [...sol.melds.flatMap((m) => m.cards), ...sol.left].sort();
    assert.deepEqual(used, [...hand].sort());
    assert.equal(sol.points, sol.melds.reduce((a, m) => a + m.points, 0));
    for (const m of sol.melds) assert.ok(rami.meldCheck(m.cards).valid);
  }
  assert.equal(rami.solveHand(hand, 'max_points').points, 27 + 30);
  assert.throws(() => rami.solveHand(hand, 'most_fun'), { code: 'RAMI_E_ARG' });
});

test('Ruleset: every preset and player count, as the library states it', () => {
  for (const name of PRESETS)
    for (let players = 2; players <= 6; players++) {
      const rs = rami.Ruleset.preset(name, players);
      assert.ok(rs instanceof rami.Ruleset);
      assert.equal(rs.players, players);
      assert.deepEqual(rs.check(), { ok: true, status: 0, code: 'RAMI_OK', reason: '' });
      const g = new rami.Game(rs, 1);
      const v = g.view(0).ruleset;
      assert.equal(v.hand_size, rs.handSize);
      assert.equal(v.opening_points, rs.openingPoints);
      assert.deepEqual(v.options, rs.options);
      assert.deepEqual(g.ruleset, rs);
      g.free();
    }
  assert.throws(() => rami.Ruleset.preset('52', 2), { code: 'RAMI_E_ARG' });
  assert.throws(() => rami.Ruleset.preset('51', 7), { code: 'RAMI_E_ARG' });
});

test('Ruleset.check gives the library reason; options by name or bits', () => {
  const rs = rami.Ruleset.preset('finnish', 3);
  const bad = new rami.Ruleset({ ...rs, players: 9 });
  const v = bad.check();
  assert.equal(v.ok, false);
  assert.equal(v.code, 'RAMI_E_RULESET');
  assert.match(v.reason, /player/);
  const closed = new rami.Ruleset({ ...rs, options: rs.options.filter((o) => o !== 'layoff_others') });
  assert.ok(closed.check().ok);
  const g = new rami.Game(closed, 3);
  assert.ok(!g.ruleset.options.includes('layoff_others'));
  g.free();
  const bits = new rami.Ruleset({ ...rs, options: 0x37 });
  assert.deepEqual(new rami.Game(bits, 1).ruleset.options, ['layoff_others', 'go_out_by_meld', 'keep_pickup', 'joker_swap', 'joker_replay']);
  assert.throws(() => new rami.Ruleset({ ...rs, options: ['no_such_rule'] }).check(), { code: 'RAMI_E_ARG' });
  assert.throws(() => new rami.Ruleset({ ...rs, players: -1 }).check(), { code: 'RAMI_E_ARG' });
  assert.equal(new rami.Ruleset({ ...rs, options: 1 << 20 }).check().code, 'RAMI_E_RULESET');
});

test('RamiError is an Error with the status, its name and the reason', () => {
  const e = new RamiError(-9, 'RAMI_E_MELD', 'why');
  assert.ok(e instanceof Error);
  assert.equal(rami.RamiError, RamiError);
  assert.deepEqual([e.name, e.status, e.code, e.reason, e.message], ['RamiError', -9, 'RAMI_E_MELD', 'why', 'why']);
});

test('rami-bench.wasm runs under host.js as a WASI program', { skip: !process.env.RAMI_BENCH_WASM }, async () => {
  const r = await runWasi(process.env.RAMI_BENCH_WASM, { args: ['--quick', '--only', 'meld_check', '--json'] });
  assert.equal(r.code, 0);
  const out = JSON.parse(r.stdout);
  assert.equal(out.librami, rami.version);
  assert.ok(out.figures.meld_check.median > 0);
  const bad = await runWasi(process.env.RAMI_BENCH_WASM, { args: ['--nonsense'] });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /usage: rami-bench/);
});

test('a whole round through the JavaScript API', () => {
  const g = new rami.Game(rami.Ruleset.preset('40', 4), 99);
  const n = playRandom(g, rng(3n));
  assert.ok(n > 10);
  assert.ok(!g.inPlay);
  assert.equal(g.legalMoves().length, 0);
  g.free();
});
