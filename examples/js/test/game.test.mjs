// Game: every method against the library's own answers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadRami, PRESETS, playRandom, rng, snapshot } from './helpers.mjs';

const rami = await loadRami();
const { Game, Ruleset } = rami;

test('a new game: queries agree with the per-seat views', () => {
  for (const [i, name] of PRESETS.entries()) {
    const players = 2 + i;
    const g = new Game(Ruleset.preset(name, players), 1000 + i);
    assert.equal(g.phase, 'draw');
    assert.ok(g.inPlay);
    assert.equal(g.round, 1);
    assert.equal(g.turn, 1);
    assert.equal(g.players, players);
    assert.equal(g.seed, BigInt(1000 + i));
    assert.equal(g.picked, null);
    const full = g.view(-1);
    assert.equal(full.current, g.currentPlayer);
    assert.equal(full.dealer, g.dealer);
    assert.equal(full.stock_count, g.stockCount);
    assert.equal(full.discard.length, g.discardCount);
    assert.equal(full.discard.at(-1) ?? null, g.discardTop);
    for (let seat = 0; seat < players; seat++) {
      assert.deepEqual(g.hand(seat), full.hands[seat]);
      assert.equal(g.handCount(seat), full.seats[seat].hand_count);
      assert.equal(g.hasOpened(seat), false);
      const mine = g.view(seat);
      assert.deepEqual(mine.hand, g.hand(seat));
      assert.equal(mine.hands, undefined, 'a seat never sees other hands');
    }
    const pub = g.view(-2);
    assert.equal(pub.viewer, -2);
    assert.equal(pub.hand, undefined, 'the public view has no hand');
    assert.equal(pub.hands, undefined);
    assert.equal(pub.stock, undefined);
    assert.deepEqual(pub.seats, full.seats);
    assert.deepEqual(g.scores(), new Array(players).fill(0));
    assert.deepEqual(g.melds(), []);
    assert.equal(g.viewJson(0), JSON.stringify(g.view(0)) + '\n');
    g.free();
  }
});

test('legal moves: each is accepted by check and by play on a clone', () => {
  const pick = rng(5n);
  let checked = 0;
  for (let seed = 0; seed < 12; seed++) {
    const g = new Game(Ruleset.preset(PRESETS[seed % 5], 2 + (seed % 4)), seed);
    while (g.inPlay) {
      const moves = g.legalMoves();
      assert.equal(g.legalMoveCount(), moves.length);
      const sample = moves.length > 8 ? [0, 1, 2, moves.length - 1, pick(moves.length)] : moves.keys();
      for (const i of sample) {
        const m = moves[i];
        assert.deepEqual(g.check(m), { ok: true, status: 0, code: 'RAMI_OK', reason: '', refusal: null }, m.text);
        assert.equal(g.check(m.text).ok, true);
        const c = g.clone();
        c.play(m);
        assert.notEqual(c.save(), g.save());
        c.free();
        checked++;
      }
      g.play(moves[pick(moves.length)]);
    }
    g.free();
  }
  assert.ok(checked > 500, `${checked}`);
});

test('check: the library refuses with its status and reason', () => {
  const g = new Game(Ruleset.preset('51', 2), 42);
  const other = 1 - g.currentPlayer;
  const refusal = (status, statusName, phase) =>
    ({ status, statusName, seat: g.currentPlayer, target: null, pointsNeeded: 51, pointsLaid: 0, phase, cards: [] });
  assert.deepEqual(g.check('draw', other),
    { ok: false, status: -6, code: 'RAMI_E_TURN', reason: `it is seat ${g.currentPlayer}'s turn`, refusal: refusal(-6, 'RAMI_E_TURN', 'draw') });
  assert.deepEqual(g.check(`discard ${g.hand(g.currentPlayer)[0]}`),
    { ok: false, status: -7, code: 'RAMI_E_PHASE', reason: 'draw a card first', refusal: refusal(-7, 'RAMI_E_PHASE', 'draw') });
  g.play('draw');
  assert.equal(g.phase, 'play');
  const v = g.check({ kind: 'meld', cards: ['7S', '7S', '7H'] });
  assert.equal(v.ok, false);
  assert.ok(['RAMI_E_NOT_IN_HAND', 'RAMI_E_MELD'].includes(v.code), v.code);
  assert.ok(v.reason.length > 5);
  g.free();
});

test('play, then undo back to the draw, exactly', () => {
  // Find a position where the mover can meld (random play until one shows up).
  const pick = rng(9n);
  let done = false;
  for (let seed = 0; seed < 200 && !done; seed++) {
    const g = new Game(Ruleset.preset('40', 2), seed);
    while (g.inPlay && !done) {
      const moves = g.legalMoves();
      const meld = moves.find((m) => m.kind === 'meld');
      if (meld) {
        const before = snapshot(g);
        const hand = g.hand(g.currentPlayer);
        g.play(meld);
        assert.equal(g.melds().length, 1 + JSON.parse(before.split('\n')[0]).melds.length);
        assert.equal(g.hand(g.currentPlayer).length, hand.length - meld.cards.length);
        g.undo();
        assert.equal(snapshot(g), before);
        assert.throws(() => g.undo(), { code: 'RAMI_E_UNDO' });
        done = true;
      } else {
        g.play(moves[pick(moves.length)]);
      }
    }
    g.free();
  }
  assert.ok(done, 'a meld was found');
});

test('bots at every level choose legal moves; playBot plays them; hint explains', () => {
  const g = new Game(Ruleset.preset('finnish', 3), 7);
  let n = 0;
  while (g.inPlay && n < 60) {
    const level = ['random', 'greedy', { level: 'strong', playouts: 40, seed: n }][n % 3];
    const m = g.botMove(level);
    assert.equal(g.check(m).ok, true, m.text);
    const h = g.hint();
    assert.equal(g.check(h.move).ok, true);
    assert.ok(h.reason.startsWith(h.move.kind === 'take' ? 'take' : h.move.text), `${h.move.text} / ${h.reason}`);
    assert.ok(h.reason.length > h.move.text.length + 5, `a reason beyond the move: ${h.reason}`);
    const played = g.playBot(level);
    assert.deepEqual(played, m, 'same options, same move');
    n++;
  }
  assert.ok(n > 20);
  g.free();
});

test('a round to its end: result, scores, next round, match winners', () => {
  const rs = new Ruleset({ ...Ruleset.preset('51', 3), matchRounds: 2 });
  const g = new Game(rs, 2024);
  let rounds = 0;
  while (g.phase !== 'match_over') {
    while (g.inPlay) g.playBot('greedy');
    rounds++;
    const r = g.roundResult();
    assert.ok(['went_out', 'stock_out', 'turn_limit'].includes(r.reason));
    assert.equal(r.points.length, 3);
    assert.equal(r.handValues.length, 3);
    assert.deepEqual(r, resultFromView(g.view(0).result));
    if (g.phase === 'round_over') {
      assert.throws(() => g.matchWinners(), { code: 'RAMI_E_PHASE' });
      const totals = g.scores();
      g.nextRound();
      assert.equal(g.round, rounds + 1);
      assert.equal(g.phase, 'draw');
      assert.deepEqual(g.scores(), totals);
      assert.throws(() => g.roundResult(), { code: 'RAMI_E_PHASE' });
    }
  }
  assert.equal(rounds, 2);
  const totals = g.scores();
  const low = Math.min(...totals);
  assert.deepEqual(g.matchWinners(), totals.flatMap((t, i) => (t === low ? [i] : [])));
  assert.throws(() => g.nextRound(), { code: 'RAMI_E_PHASE' });
  assert.throws(() => g.botMove(), { code: 'RAMI_E_PHASE' });
  g.free();
});

function resultFromView(r) {
  return { reason: r.reason, winners: r.winners, handValues: r.hand_value, points: r.points };
}

test('save and load: identical state and legal moves, mid-turn, round over, next round', () => {
  const pick = rng(21n);
  for (let seed = 0; seed < 30; seed++) {
    const g = new Game(Ruleset.preset(PRESETS[seed % 5], 2 + (seed % 5)), seed);
    playRandom(g, pick, pick(400));
    if (!g.inPlay && g.phase === 'round_over' && seed % 2) g.nextRound();
    const text = g.save();
    assert.match(text, /^rami-record 2\n/);
    const h = Game.load(text);
    assert.equal(h.save(), text);
    assert.equal(h.viewJson(-1), g.viewJson(-1));
    assert.deepEqual(h.legalMoves(), g.legalMoves());
    if (g.inPlay) {
      const m = g.legalMoves()[0];
      g.play(m);
      h.play(m);
      assert.equal(h.save(), g.save());
    }
    g.free();
    h.free();
  }
});

test('clone is independent; determinize keeps what the viewer knows', () => {
  const g = new Game(Ruleset.preset('51', 4), 77);
  playRandom(g, rng(4n), 40);
  const c = g.clone();
  assert.equal(c.save(), g.save());
  c.play(c.legalMoves()[0]);
  assert.notEqual(c.save(), g.save());
  const viewer = g.currentPlayer;
  const d = g.determinize(viewer, 123);
  assert.equal(d.viewJson(viewer), g.viewJson(viewer));
  assert.notEqual(d.viewJson(-1), g.viewJson(-1));
  const d2 = g.determinize(viewer, 123);
  assert.equal(d2.viewJson(-1), d.viewJson(-1), 'same seed, same sample');
  for (const x of [c, d, d2, g]) x.free();
});

test('fromDeal: an exact position', () => {
  const rs = Ruleset.preset('finnish', 2);
  const deal = {
    dealer: 1,
    hands: [rami.parseCards('7S 8S 9S 10S 4D KD 2S'), rami.parseCards('2C 3C 4C QD QH JK KH')],
    stock: rami.parseCards('6C 3H 9D AH'),
    discard: rami.parseCards('AC'),
  };
  const g = Game.fromDeal(rs, deal, 5);
  assert.equal(g.currentPlayer, 0);
  assert.deepEqual(g.hand(0), rami.parseCards('4D KD 2S 7S 8S 9S 10S'));
  assert.equal(g.stockCount, 4);
  assert.equal(g.discardTop, 'AC');
  g.play('draw');
  assert.deepEqual(g.hand(0).includes('AH'), true, 'the last stock card is drawn first');
  g.play('meld 7S 8S 9S 10S');
  assert.deepEqual(g.melds(), [{ index: 0, owner: 0, kind: 'run', points: 34, cards: ['7S', '8S', '9S', '10S'], jokerAs: null }]);
  assert.equal(g.hasOpened(0), true);
  assert.deepEqual(g.view(0).melds[0].cards, ['7S', '8S', '9S', '10S']);
  const text = g.save();
  g.free();
  const h = Game.load(text);
  assert.equal(h.save(), text);
  h.free();
  assert.throws(() => Game.fromDeal(rs, { ...deal, hands: [['7S', '7S'], ['7S']] }), { code: 'RAMI_E_ARG' });
});

test('take from the discard pile: picked card', () => {
  for (let seed = 0; seed < 50; seed++) {
    const g = new Game(Ruleset.preset('51', 2), seed);
    if (g.check('take').ok) {
      const top = g.discardTop;
      g.play('take');
      assert.equal(g.picked, top);
      assert.ok(g.hand(g.currentPlayer).includes(top));
      g.free();
      return;
    }
    g.free();
  }
  assert.fail('no position allowed a take');
});

test('more legal moves than RAMI_MAX_MOVES (4 jokers per meld): all listed, nothing kept', () => {
  const base = Ruleset.preset('51', 2);
  // hand_size 15 is the most a ruleset deals (RAMI_MAX_HAND_SIZE); a deal
  // may give 16, and the draw (AS) makes a run of spades 2..A and 4 jokers.
  const rs = new Ruleset({ ...base, decks: 3, jokers: 12, handSize: 15, openingPoints: 0, jokersPerMeld: 4 });
  const hand = ['JK', 'JK', 'JK', 'JK', ...rami.parseCards('2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS')];
  const g = Game.fromDeal(rs, { dealer: 1, hands: [hand, ['2C', '3C']], stock: ['9C', 'AS'], discard: ['4C'] }, 1);
  g.play('draw');
  const heap = rami.memory().heapUsed;
  const moves = g.legalMoves();
  assert.ok(moves.length > rami.constants.RAMI_MAX_MOVES, `${moves.length}`);
  assert.equal(g.legalMoveCount(), moves.length);
  assert.equal(new Set(moves.map((m) => m.text)).size, moves.length, 'distinct moves');
  for (const i of [0, 1000, moves.length - 1]) assert.ok(g.check(moves[i]).ok, moves[i].text);
  assert.equal(rami.memory().heapUsed, heap);
  g.free();
});
