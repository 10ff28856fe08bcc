// The 1.0 queries through the module: turn state, hand sizes, the discard
// pile, undo count, history, structured refusals, integer actions, hints
// within a budget. Every answer is the library's; errors change nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RamiError } from '../rami.js';
import { loadRami, playRandom, rng, snapshot } from './helpers.mjs';

const rami = await loadRami();
const { Game, Ruleset } = rami;

// Seat 0 holds a double 7S for an invalid set, an opening (KC KD KH + 8S 9S
// 10S = 57) and no ace of spades; the stock is drawn from its end.
function dealt() {
  return Game.fromDeal(Ruleset.preset('51', 2), {
    dealer: 1,
    hands: [rami.parseCards('7S 7S 7H 8S 9S 10S KD KC KH 2C 3D 4H 5S'), rami.parseCards('AC 2C 3C 4D 5D 6D QS QH QD 9C 9D 2H JK')],
    stock: rami.parseCards('5C 6C 7C 8C'),
    discard: ['JD'],
  });
}

/** Asserts fn throws RamiError `code`, the game and the heap unchanged; returns the error. */
function refuses(game, fn, code) {
  const before = snapshot(game);
  const turn = JSON.stringify(game.turnInfo());
  const log = JSON.stringify(game.history());
  const heap = rami.memory().heapUsed;
  const error = captured(fn);
  assert.ok(error instanceof RamiError, `expected RamiError ${code}, got ${error}`);
  assert.equal(error.code, code, error.message);
  assert.equal(error.statusName, code);
  assert.equal(snapshot(game), before, 'the game is unchanged');
  assert.equal(JSON.stringify(game.turnInfo()), turn);
  assert.equal(JSON.stringify(game.history()), log);
  assert.equal(rami.memory().heapUsed, heap, 'no memory kept');
  return error;
}

function captured(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return null;
}

test('turnInfo follows the opening, undo and a take', () => {
  const g = dealt();
  let t = g.turnInfo();
  assert.deepEqual([t.player, t.phase, t.pointsLaid, t.openingPoints, t.picked, t.opened], [0, 'draw', 0, 51, null, false]);
  g.play('draw');
  g.play('meld KC KD KH');
  t = g.turnInfo();
  assert.deepEqual([t.pointsLaid, t.meldsLaid, t.undoCount, t.opened], [30, 1, 1, false]);
  assert.equal(g.undoCount(), 1);
  g.play('meld 8S 9S 10S');
  t = g.turnInfo();
  assert.deepEqual([t.pointsLaid, t.meldsLaid, t.opened, t.openedThisTurn, t.undoCount], [57, 2, true, true, 2]);
  g.undo();
  assert.equal(g.turnInfo().pointsLaid, 30);
  assert.equal(g.undoCount(), 1);
  g.play('meld 8S 9S 10S');
  g.play('discard 2C');
  assert.equal(g.undoCount(), 0);
  g.play('take');
  t = g.turnInfo();
  assert.deepEqual([t.player, t.phase, t.picked, t.undoCount, t.opened], [1, 'play', '2C', 0, false]);
  assert.deepEqual(Object.keys(t).sort(), ['jokersToReplay', 'mayNotDiscard', 'meldsLaid', 'mustPlay', 'openedThisTurn', 'opened', 'openingPoints',
    'phase', 'picked', 'player', 'pointsLaid', 'pureRunNeeded', 'undoCount'].sort());
  g.free();
});

test('handCount and discardPile; bad seats change nothing', () => {
  const g = dealt();
  assert.deepEqual([g.handCount(0), g.handCount(1)], [13, 13]);
  assert.deepEqual(g.discardPile(), ['JD']);
  g.play('draw');
  assert.equal(g.handCount(0), 14);
  g.play('discard 2C');
  assert.deepEqual(g.discardPile(), ['JD', '2C']);
  assert.equal(g.discardTop, '2C');
  g.play('take');
  assert.equal(g.handCount(1), 14);
  assert.deepEqual(g.discardPile(), ['JD']);
  for (const bad of [-1, 2, 6]) refuses(g, () => g.handCount(bad), 'RAMI_E_ARG');
  refuses(g, () => g.handCount('0'), 'RAMI_E_ARG');
  g.free();
});

test('history: every event, as each seat may know it', () => {
  const g = dealt();
  for (const m of ['draw', 'meld KC KD KH', 'meld 8S 9S 10S', 'discard 2C']) g.play(m);
  g.play('draw', 1);
  g.play('discard 9C', 1);
  const full = g.history();
  assert.deepEqual(full.map((e) => [e.kind, e.seat, e.turn, e.text]), [
    ['draw', 0, 1, 'draw'], ['meld', 0, 1, 'meld KC KD KH'], ['meld', 0, 1, 'meld 8S 9S 10S'], ['opened', 0, 1, ''],
    ['discard', 0, 1, 'discard 2C'], ['draw', 1, 2, 'draw'], ['discard', 1, 2, 'discard 9C']]);
  assert.deepEqual([full[1].target, full[1].points, full[2].target, full[2].points, full[3].points], [0, 30, 1, 27, 57]);
  assert.deepEqual(full[1].move, rami.parseMove('meld KC KD KH'));
  assert.equal(full[3].move, null);
  assert.deepEqual([full[0].cards, full[5].cards], [['8C'], ['7C']]);
  const [seat0, seat1] = [g.history(0), g.history(1)];
  assert.deepEqual([seat0[0], seat0[5].cards, seat1[0].cards, seat1[5]], [full[0], [], [], full[5]]);
  assert.deepEqual(seat0.slice(1, 5), full.slice(1, 5));
  const pub = g.history(-2); // a spectator: no card drawn from the stock
  assert.deepEqual([pub[0].cards, pub[5].cards], [[], []]);
  assert.deepEqual(pub.slice(1, 5), full.slice(1, 5));
  for (const bad of [-3, 2, 7]) refuses(g, () => g.history(bad), 'RAMI_E_ARG');
  g.free();
});

test('history of a whole round: the moves played, undone plays left out, the end', () => {
  const u = dealt();
  u.play('draw');
  u.play('meld KC KD KH');
  u.undo();
  assert.deepEqual(u.history().map((e) => e.kind), ['draw']);
  u.free();
  const g = new Game(Ruleset.preset('51', 3), 21);
  const played = [];
  const pick = rng(77n);
  while (g.inPlay) {
    const moves = g.legalMoves();
    const m = moves[pick(moves.length)];
    g.play(m);
    played.push(m.text);
  }
  const events = g.history();
  assert.deepEqual(events.filter((e) => e.move).map((e) => e.move.text), played);
  const end = events.at(-1);
  assert.deepEqual([end.kind, end.endReason], ['round_end', g.roundResult().reason]);
  for (let seat = 0; seat < 3; seat++) {
    const mine = g.history(seat);
    assert.equal(mine.length, events.length);
    mine.forEach((e, i) => {
      assert.equal(e.text, events[i].text);
      assert.deepEqual(e.cards, events[i].kind === 'draw' && events[i].seat !== seat ? [] : events[i].cards);
    });
  }
  g.free();
});

test('refusals: RamiError carries the structured refusal; check gives it too', () => {
  const g = dealt();
  let e = refuses(g, () => g.play('draw', 1), 'RAMI_E_TURN');
  assert.deepEqual([e.refusal.seat, e.refusal.cards, e.refusal.target, e.refusal.statusName], [0, [], null, 'RAMI_E_TURN']);
  g.play('draw');
  g.play('meld KC KD KH');
  const cases = [
    ['discard 2C', 'RAMI_E_OPENING', ['2C']],
    ['discard AS', 'RAMI_E_NOT_IN_HAND', ['AS']],
    ['meld 7S 7S 7H', 'RAMI_E_MELD', ['7S', '7S', '7H']],
    ['lay 5S on 1', 'RAMI_E_NOT_OPENED', ['5S']],
  ];
  for (const [move, code, cards] of cases) {
    e = refuses(g, () => g.play(move), code);
    assert.equal(e.refusal.status, e.status);
    assert.deepEqual([e.refusal.cards, e.refusal.seat, e.refusal.pointsNeeded, e.refusal.phase], [cards, 0, 51, 'play'], move);
    const before = snapshot(g);
    const v = g.check(move);
    assert.deepEqual([v.ok, v.code, v.reason, v.refusal], [false, code, e.reason, e.refusal]);
    assert.equal(snapshot(g), before);
  }
  e = refuses(g, () => g.play('discard 2C'), 'RAMI_E_OPENING');
  assert.deepEqual([e.refusal.pointsLaid, e.refusal.pointsNeeded], [30, 51]);
  assert.match(e.reason, /30 of 51/);
  assert.equal(g.check('lay 5S on 1').refusal.target, 0);
  assert.equal(g.check('meld 8S 9S 10S').refusal, null);
  e = refuses(g, () => g.playAction(g.moveToAction('discard 2C')), 'RAMI_E_OPENING');
  assert.deepEqual(e.refusal.cards, ['2C']);
  // Errors that are not about a move carry no refusal.
  assert.equal(refuses(g, () => g.play('meld XX'), 'RAMI_E_PARSE').refusal, null);
  const fresh = new Game(Ruleset.preset('51', 2), 1);
  assert.equal(refuses(fresh, () => fresh.undo(), 'RAMI_E_UNDO').refusal, null);
  fresh.free();
  g.free();
});

test('integer actions agree with the moves through a round', () => {
  const g = new Game(Ruleset.preset('51', 3), 4);
  assert.equal(g.numDistinctActions, 6650);
  const pick = rng(5n);
  let steps = 0;
  while (g.inPlay) {
    const moves = g.legalMoves();
    const ids = g.legalActions();
    assert.ok(ids instanceof Int32Array);
    assert.deepEqual([...ids], moves.map((m) => g.moveToAction(m)).sort((a, b) => a - b));
    assert.deepEqual(moves.map((m) => g.actionToMove(g.moveToAction(m.text))), moves);
    const mask = g.legalActionsMask();
    assert.ok(mask instanceof Uint8Array);
    assert.equal(mask.length, 6650);
    assert.deepEqual([...mask.keys()].filter((i) => mask[i]), [...ids]);
    g.playAction(ids[pick(ids.length)]);
    steps++;
  }
  assert.ok(steps > 3 && steps <= g.maxGameLength, `${steps} of at most ${g.maxGameLength}`);
  assert.equal(g.legalActions().length, 0);
  assert.equal(g.legalActionsMask().reduce((a, b) => a + b, 0), 0);
  g.free();
});

test('bad action ids change nothing', () => {
  const g = new Game(Ruleset.preset('51', 2), 4);
  for (const bad of [6650, 2 ** 32 - 1]) refuses(g, () => g.playAction(bad), 'RAMI_E_ARG');
  for (const bad of [-1, 2 ** 32, 1.5, '3']) {
    refuses(g, () => g.playAction(bad), 'RAMI_E_ARG');
    refuses(g, () => g.actionToMove(bad), 'RAMI_E_ARG');
  }
  refuses(g, () => g.actionToMove(6650), 'RAMI_E_ARG');
  const e = refuses(g, () => g.playAction(6649), 'RAMI_E_PHASE'); // discard JK before drawing
  assert.match(e.reason, /draw a card first/);
  assert.equal(e.refusal.phase, 'draw');
  refuses(g, () => g.playAction(0, 1), 'RAMI_E_TURN');
  refuses(g, () => g.moveToAction({ kind: 'meld', cards: ['7S', '8S'] }), 'RAMI_E_ARG');
  g.free();
});

test('returns: once the round is over, from the round result; errors change nothing', () => {
  const g = new Game({ ...Ruleset.preset('51', 3), matchRounds: 2 }, 6);
  refuses(g, () => g.returns(), 'RAMI_E_PHASE');
  playRandom(g, rng(8n));
  assert.equal(g.phase, 'round_over');
  const points = g.roundResult().points;
  assert.deepEqual(g.returns('penalty'), points.map((p) => -p));
  const sum = (a) => a.reduce((x, y) => x + y, 0);
  for (const kind of ['relative', 'win']) {
    const r = g.returns(kind);
    assert.equal(r.length, 3);
    assert.ok(Math.abs(sum(r)) < 1e-9, `${kind} is zero-sum: ${r}`);
  }
  assert.deepEqual(g.returns(), g.returns('relative'));
  refuses(g, () => g.returns('score'), 'RAMI_E_ARG');
  refuses(g, () => g.returns('win', { match: true }), 'RAMI_E_PHASE');
  g.nextRound();
  playRandom(g, rng(9n));
  assert.equal(g.phase, 'match_over');
  assert.ok(Math.abs(sum(g.returns('win', { match: true }))) < 1e-9);
  g.free();
});

test('observation tensors: what a seat may know, nothing more', () => {
  const g = new Game(Ruleset.preset('51', 2), 12);
  playRandom(g, rng(4n), 9);
  const obs = g.observationTensor(0);
  const info = g.informationStateTensor(0);
  assert.ok(obs instanceof Float32Array && info instanceof Float32Array);
  assert.ok(obs.length > 100 && info.length > obs.length, `${obs.length} ${info.length}`);
  assert.ok(obs.every(Number.isFinite) && info.every(Number.isFinite));
  assert.deepEqual(g.observationTensor(0), obs, 'the same state, the same tensor');
  assert.notDeepEqual(g.observationTensor(1), obs, 'another seat sees another hand');
  // A copy with everything seat 0 cannot see dealt anew: seat 0's tensors are the same.
  const d = g.determinize(0, 99);
  assert.deepEqual(d.observationTensor(0), obs);
  assert.deepEqual(d.informationStateTensor(0), info);
  d.free();
  for (const bad of [-1, 2, 9]) {
    refuses(g, () => g.observationTensor(bad), 'RAMI_E_ARG');
    refuses(g, () => g.informationStateTensor(bad), 'RAMI_E_ARG');
  }
  g.free();
});

test('hint within a budget; bad options change nothing', () => {
  const g = new Game(Ruleset.preset('51', 2), 9);
  playRandom(g, rng(3n), 6);
  const legal = g.legalMoves().map((m) => m.text);
  const quick = g.hint({ timeMs: 20, playouts: 50 });
  assert.ok(legal.includes(quick.move.text));
  assert.ok(quick.reason.startsWith(quick.move.text), quick.reason);
  assert.deepEqual(g.hint({ playouts: 40, seed: 3 }), g.hint({ playouts: 40, seed: 3 }), 'reproducible without a clock');
  assert.ok(legal.includes(g.hint().move.text));
  refuses(g, () => g.hint({ playouts: -1 }), 'RAMI_E_ARG');
  refuses(g, () => g.hint({ level: 'genius' }), 'RAMI_E_ARG');
  refuses(g, () => g.hint(5), 'RAMI_E_ARG');
  g.free();
});

test('versionNumber and statusName', () => {
  const [major, minor, patch] = rami.version.split('.').map(Number);
  assert.equal(rami.versionNumber, major * 10000 + minor * 100 + patch);
  assert.ok(rami.versionNumber >= 10000);
  assert.equal(rami.statusName(-12), 'RAMI_E_LAYOFF');
  const e = new RamiError(-9, 'RAMI_E_MELD', 'why');
  assert.deepEqual([e.statusName, e.refusal], ['RAMI_E_MELD', null]);
});

// Issue 11's house rules, set as ruleset fields and option names.
test('house rules: the library checks them, a forbidden joker discard is refused', () => {
  const rs = Ruleset.preset('51', 2);
  assert.ok(new Ruleset({ ...rs, unopenedPenalty: 100, options: [...rs.options, 'one_go_double'] }).check().ok);
  const high = new Ruleset({ ...rs, unopenedPenalty: 10000 }).check();
  assert.equal(high.code, 'RAMI_E_RULESET');
  assert.match(high.reason, /unopened_penalty/);
  const noTarget = new Ruleset({ ...rs, options: [...rs.options, 'elimination'] }).check();
  assert.equal(noTarget.code, 'RAMI_E_RULESET');
  assert.match(noTarget.reason, /match_target/);
  assert.ok(Ruleset.preset('finnish', 2).options.includes('set_swap_any'));

  const game = Game.fromDeal(new Ruleset({ ...rs, options: [...rs.options, 'no_joker_discard'] }), {
    dealer: 1,
    hands: [rami.parseCards('JK 2C 5D 9H KS 3S 7C 10D QH 4H 6S 8D AC'), rami.parseCards('2D 4C 6H 8S 10C QD 3H 5S 7D 9C JH KC AD')],
    stock: rami.parseCards('5C 6C'),
    discard: ['JD'],
  });
  game.play('draw');
  assert.ok(!game.legalMoves().some((m) => m.text === 'discard JK'));
  const error = refuses(game, () => game.play('discard JK'), 'RAMI_E_JOKER_DISCARD');
  assert.deepEqual(error.refusal.cards, ['JK']);
  game.play('discard AC');
  game.free();
});

test('house rules: an elimination match deals the eliminated nothing and skips them', () => {
  const rs = Ruleset.preset('51', 3);
  const game = new Game(new Ruleset({ ...rs, matchTarget: 60, options: [...rs.options, 'elimination'] }), 3);
  let outSeen = false;
  for (let round = 0; round < 60 && game.phase !== 'match_over'; round++) {
    while (game.inPlay) game.playBot('greedy');
    if (game.phase === 'match_over') break;
    game.nextRound();
    for (let seat = 0; seat < 3; seat++) {
      if (game.inMatch(seat)) continue;
      outSeen = true;
      assert.equal(game.handCount(seat), 0);
      assert.notEqual(game.currentPlayer, seat);
      assert.ok(game.scores()[seat] >= 60);
    }
  }
  assert.equal(game.phase, 'match_over');
  assert.ok(outSeen, 'some seat was eliminated');
  assert.ok(game.matchWinners().length > 0);
  game.free();
});
