// Bad input of every kind raises RamiError with the library's status and
// reason, and changes nothing (neither the game nor the module's memory).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RamiError } from '../rami.js';
import { loadRami, playRandom, rng, snapshot } from './helpers.mjs';

const rami = await loadRami();
const { Game, Ruleset } = rami;

/** Asserts that fn throws RamiError `code` and that game is unchanged. */
function refuses(game, fn, code, reason) {
  const before = snapshot(game);
  const heap = rami.memory().heapUsed;
  let error;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof RamiError, `expected RamiError ${code}, got ${error}`);
  assert.equal(error.code, code, error.message);
  assert.equal(rami.statusName(error.status), code);
  assert.ok(error.message.length > 0);
  assert.equal(error.message, error.reason);
  if (reason) assert.match(error.reason, reason);
  assert.equal(snapshot(game), before, 'the game is unchanged');
  assert.equal(rami.memory().heapUsed, heap, 'no memory kept');
  return error;
}

function midGame(seed = 8) {
  const g = new Game(Ruleset.preset('51', 3), seed);
  playRandom(g, rng(BigInt(seed) + 1n), 30);
  if (g.phase === 'draw') g.play('draw');
  return g;
}

test('refused moves: the library status and reason, nothing changed', () => {
  const g = midGame();
  const me = g.currentPlayer;
  const other = (me + 1) % 3;
  const hand = g.hand(me);
  refuses(g, () => g.play('draw'), 'RAMI_E_PHASE');
  refuses(g, () => g.play(`discard ${hand[0]}`, other), 'RAMI_E_TURN', new RegExp(`seat ${me}'s turn`));
  const missing = ['AC', 'AD', 'AH', 'AS', 'KC', 'KD', 'KH', 'KS'].find((c) => !hand.includes(c));
  refuses(g, () => g.play(`discard ${missing}`), 'RAMI_E_NOT_IN_HAND', new RegExp(missing));
  const e = refuses(g, () => g.play({ kind: 'meld', cards: hand.slice(0, 2) }), g.check({ kind: 'meld', cards: hand.slice(0, 2) }).code);
  assert.equal(e.reason, g.check({ kind: 'meld', cards: hand.slice(0, 2) }).reason, 'play and check give the same reason');
  refuses(g, () => g.play({ kind: 'lay', cards: [hand[0]], target: 200 }), g.check({ kind: 'lay', cards: [hand[0]], target: 200 }).code);
  g.free();
});

test('malformed input: RAMI_E_PARSE and RAMI_E_ARG before the library is asked', () => {
  const g = midGame(9);
  refuses(g, () => g.play('dance'), 'RAMI_E_PARSE', /dance/);
  refuses(g, () => g.play('meld 7S 8Z 9S'), 'RAMI_E_PARSE');
  refuses(g, () => g.play({ kind: 'jump' }), 'RAMI_E_ARG', /move kind/);
  refuses(g, () => g.play({ kind: 'meld', cards: ['7S', 'XX'] }), 'RAMI_E_PARSE', /XX/);
  refuses(g, () => g.play({ kind: 'meld', cards: new Array(14).fill('7S') }), 'RAMI_E_ARG', /at most 13/);
  refuses(g, () => g.play({ kind: 'meld', cards: '7S 8S 9S' }), 'RAMI_E_ARG');
  refuses(g, () => g.play({ kind: 'lay', cards: ['7S'], target: -1 }), 'RAMI_E_ARG');
  refuses(g, () => g.play({ kind: 'lay', cards: ['7S'], target: 0, side: 'left' }), 'RAMI_E_ARG', /side/);
  refuses(g, () => g.play(null), 'RAMI_E_ARG');
  refuses(g, () => g.play(42), 'RAMI_E_ARG');
  refuses(g, () => g.play('draw', 7), 'RAMI_E_ARG');
  refuses(g, () => g.play('draw', 1.5), 'RAMI_E_ARG');
  refuses(g, () => g.check('draw', 99), 'RAMI_E_ARG');
  refuses(g, () => g.check('hop'), 'RAMI_E_PARSE');
  refuses(g, () => g.hand(3), 'RAMI_E_ARG');
  refuses(g, () => g.hand(-1), 'RAMI_E_ARG');
  refuses(g, () => g.hasOpened(6), 'RAMI_E_ARG');
  refuses(g, () => g.meld(500), 'RAMI_E_ARG');
  refuses(g, () => g.view(3), 'RAMI_E_ARG');
  refuses(g, () => g.view(-3), 'RAMI_E_ARG');
  refuses(g, () => g.undo((g.currentPlayer + 1) % 3), 'RAMI_E_TURN');
  refuses(g, () => g.botMove('genius'), 'RAMI_E_ARG', /bot level/);
  refuses(g, () => g.botMove({ level: 'strong', playouts: -5 }), 'RAMI_E_ARG');
  refuses(g, () => g.botMove({ level: 'greedy', seed: -1 }), 'RAMI_E_ARG');
  refuses(g, () => g.determinize(4, 1), 'RAMI_E_ARG');
  g.free();
});

test('phase errors', () => {
  const g = midGame(10);
  refuses(g, () => g.roundResult(), 'RAMI_E_PHASE');
  refuses(g, () => g.nextRound(), 'RAMI_E_PHASE');
  refuses(g, () => g.matchWinners(), 'RAMI_E_PHASE');
  while (g.inPlay) g.playBot('greedy');
  refuses(g, () => g.botMove(), 'RAMI_E_PHASE');
  refuses(g, () => g.hint(), 'RAMI_E_PHASE');
  refuses(g, () => g.play('draw'), 'RAMI_E_PHASE');
  refuses(g, () => g.undo(), 'RAMI_E_PHASE');
  g.free();
});

test('creating games from bad input allocates nothing', () => {
  const rs = Ruleset.preset('51', 2);
  const g = new Game(rs, 3);
  playRandom(g, rng(2n), 20);
  const text = g.save();
  g.free();
  const lines = text.split('\n');
  const moveLine = lines.findIndex((l) => /^discard /.test(l));
  assert.ok(moveLine > 0, text);
  const edited = [...lines];
  edited[moveLine] = 'meld AS 2S 3S'; // 6 points cannot open a Rami 51
  const base = rami.memory();
  const expect = (fn, code, reason) =>
    assert.throws(fn, (err) => err instanceof RamiError && err.code === code && (!reason || reason.test(err.reason)));
  expect(() => new Game({ ...rs, players: 1 }, 1), 'RAMI_E_RULESET', /player/);
  expect(() => new Game(new Ruleset({ ...rs, handSize: 0 }), 1), 'RAMI_E_RULESET');
  expect(() => new Game(rs, -1), 'RAMI_E_ARG', /seed/);
  expect(() => new Game(rs, 1.5), 'RAMI_E_ARG');
  expect(() => new Game(rs, 1n << 64n), 'RAMI_E_ARG');
  expect(() => new Game(null, 1), 'RAMI_E_ARG');
  expect(() => new Game({ preset: '51', players: 2 }, 1), 'RAMI_E_ARG', /unknown ruleset field "preset"/);
  expect(() => Game.load('not a record'), 'RAMI_E_PARSE');
  expect(() => Game.load(42), 'RAMI_E_ARG');
  expect(() => Game.load(edited.join('\n')), 'RAMI_E_CORRUPT');
  expect(() => Game.fromDeal(rs, { hands: [['7S'], ['8S']], stock: [] }), 'RAMI_E_ARG');
  expect(() => Game.fromDeal(rs, { hands: [['7S'], ['8S']], stock: ['QQ'] }), 'RAMI_E_PARSE');
  expect(() => Game.fromDeal(rs, null), 'RAMI_E_ARG');
  expect(() => rami.meldCheck(['7S', 'XX']), 'RAMI_E_PARSE');
  expect(() => rami.meldCheck([0x0e]), 'RAMI_E_ARG');
  expect(() => rami.meldCheck('7S 8S'), 'RAMI_E_ARG');
  expect(() => rami.solveHand(new Array(33).fill('7S')), 'RAMI_E_ARG');
  assert.deepEqual(rami.memory(), base);
});

test('a freed game refuses everything; free() twice is harmless', () => {
  const g = new Game(Ruleset.preset('40', 2), 1);
  g.free();
  g.free();
  assert.equal(g.freed, true);
  for (const fn of [() => g.phase, () => g.hand(0), () => g.legalMoves(), () => g.play('draw'), () => g.save(), () => g.clone(), () => g.view(0)])
    assert.throws(fn, { name: 'RamiError', code: 'RAMI_E_ARG', message: 'this game has been freed' });
});

test('integers a C type cannot hold are refused, not cut to their low bits', () => {
  // Each of these named another, valid value before: seat 0, a 13-card hand,
  // a 51-point opening, 2 players.
  const g = midGame(12);
  for (const fn of [
    () => g.hand(2 ** 32),
    () => g.handCount(2 ** 32),
    () => g.hasOpened(2 ** 32 + 1),
    () => g.inMatch(2 ** 32),
    () => g.history(2 ** 32 - 1),
    () => g.view(2 ** 32),
    () => g.observationTensor(2 ** 32),
    () => g.play('draw', 2 ** 32 + g.currentPlayer),
    () => g.undo(2 ** 32 + g.currentPlayer),
    () => g.determinize(2 ** 32, 1),
  ])
    refuses(g, fn, 'RAMI_E_ARG', /must be in/);
  refuses(g, () => g.botMove({ level: 'strong', playouts: 2 ** 32 }), 'RAMI_E_ARG', /playouts/);
  refuses(g, () => g.hint({ timeMs: 2 ** 32 }), 'RAMI_E_ARG', /timeMs/);
  const rs = Ruleset.preset('51', 2);
  for (const [field, v] of [['handSize', 256 + 13], ['openingPoints', 65536 + 51], ['options', 2 ** 32]])
    assert.throws(() => new Game(new Ruleset({ ...rs, [field]: v }), 1), (e) => e instanceof RamiError && e.code === 'RAMI_E_ARG' && e.reason.includes(field));
  assert.throws(() => new Ruleset({ ...rs, handSize: 269 }).check(), { code: 'RAMI_E_ARG' });
  assert.throws(() => Ruleset.preset('51', 2 ** 32 + 2), { code: 'RAMI_E_ARG' });
  // The largest values that fit still reach the library, which judges them.
  assert.equal(new Ruleset({ ...rs, handSize: 255 }).check().code, 'RAMI_E_RULESET');
  g.free();
});

test('any argument: a RamiError or a result, and a refused call changes nothing', () => {
  const junk = [undefined, null, -1, -(2 ** 53), 2 ** 31, 2 ** 32, 2 ** 53, 0, 1, 3, 53, 255, 256, 1.5, NaN, Infinity,
    '', 'x', 'AS', '\0', [], [1, 2], ['AS'], {}, { kind: 'meld' }, true, 'draw', 'meld AS KS', 'relative',
    -1n, 1n << 64n, 7n, Symbol('s'), { toString() { throw new Error('no text'); } }];
  const text = (args) => args.map((a) => (typeof a === 'object' && a !== null ? '{...}' : String(a))).join(', ');
  const calls = ['hand', 'handCount', 'hasOpened', 'inMatch', 'history', 'meld', 'check', 'play', 'undo',
    'playAction', 'actionToMove', 'moveToAction', 'observationTensor', 'informationStateTensor', 'returns',
    'view', 'botMove', 'hint', 'determinize', 'nextRound'];
  const pick = rng(77n);
  let heap; // after the first round: the module grows its scratch buffers once
  for (let round = 0; round < 20; round++) {
    if (round === 1) heap = rami.memory().heapUsed;
    const g = new Game(Ruleset.preset(['51', '40', 'finnish'][pick(3)], 2 + pick(3)), pick(1000));
    playRandom(g, pick, pick(200));
    for (let k = 0; k < 40; k++) {
      const name = calls[pick(calls.length)];
      const args = Array.from({ length: pick(4) }, () => junk[pick(junk.length)]);
      if ((name === 'botMove' || name === 'hint') && args.some((a) => typeof a === 'object' && a !== null)) continue;
      const before = snapshot(g);
      try {
        const out = g[name](...args);
        if (out instanceof Game) out.free();
      } catch (e) {
        assert.ok(e instanceof RamiError, `${name}(${text(args)}): ${e}`);
        assert.equal(snapshot(g), before, `${name}(${text(args)}) changed the game`);
      }
    }
    g.free();
  }
  assert.equal(rami.memory().heapUsed, heap, 'no memory kept after the first round');
});

test('constructors and module functions: a RamiError for any argument, even a Symbol', () => {
  const junk = [undefined, null, -1, 0, 2, 7, 2 ** 32, 1.5, NaN, '', 'x', '51', 'AS', 'draw', 'meld 7S 8S 9S', [], [['AS']],
    Array(200).fill('AS'), {}, { hands: [['AS'], ['KS']], stock: ['2S'] }, { kind: 'meld', cards: ['7S', '8S', '9S'] }, true,
    7n, Symbol('s'), () => 1, { toString() { throw new Error('no text'); } }, Ruleset.preset('51', 2)];
  const calls = [(...a) => new Game(...a), (...a) => Game.load(...a), (...a) => Game.fromDeal(...a),
    (...a) => Ruleset.preset(...a), (...a) => new Ruleset(...a).check(), rami.card, rami.parseCard, rami.parseCards,
    rami.parseMove, rami.formatMove, rami.meldCheck, rami.solveHand, rami.strerror, rami.statusName];
  const pick = rng(91n);
  let heap;
  for (let pass = 0; pass < 2; pass++) {
    if (pass === 1) heap = rami.memory().heapUsed; // the text buffer grows once
    for (let i = 0; i < 3000; i++) {
      const args = Array.from({ length: pick(4) }, () => junk[pick(junk.length)]);
      try {
        const out = calls[pick(calls.length)](...args);
        if (out instanceof Game) out.free();
      } catch (e) {
        assert.ok(e instanceof RamiError, `${e}`);
      }
    }
  }
  assert.equal(rami.memory().heapUsed, heap, 'no memory kept');
  assert.equal(rami.memory().liveGames, 0);
});
