// Compiled (not run) by types.test.mjs with tsc --strict: a program using
// every part of the API as rami.d.ts declares it.
import { load, RamiError } from '../rami.js';
import type { Card, Game, HistoryEvent, Move, MoveInput, Rami, Refusal, RoundResult, TurnInfo, Verdict, View } from '../rami.js';

async function main(): Promise<void> {
  const rami: Rami = await load({ wasm: new URL('../rami.wasm', import.meta.url) });
  const rs = rami.Ruleset.preset('51', 3);
  rs.openingPoints = 40;
  rs.options = rs.options instanceof Array ? rs.options.filter((o) => o !== 'layoff_others') : rs.options;
  const ok: Verdict = rs.check();
  const game: Game = new rami.Game(rs, 42n);
  const copy = game.clone();
  const sample = game.determinize(0, 7);
  while (game.inPlay) {
    const moves: Move[] = game.legalMoves();
    const first: MoveInput = moves[0] ?? 'draw';
    const v = game.check(first, game.currentPlayer);
    if (!v.ok) console.log(v.code, v.reason, v.refusal?.cards);
    const hint = game.hint();
    const quick = game.hint({ timeMs: 5, playouts: 10 });
    const turn: TurnInfo = game.turnInfo();
    const log: HistoryEvent[] = game.history(game.currentPlayer);
    const ids: Int32Array = game.legalActions();
    const mask: Uint8Array = game.legalActionsMask();
    const id: number = game.moveToAction(quick.move);
    console.log(turn.pointsLaid, turn.openingPoints, turn.mustPlay, log[0]?.kind, log[0]?.move?.text, ids[0], mask.length);
    console.log(game.actionToMove(id).text, game.numDistinctActions, game.discardPile(), game.undoCount());
    if (game.phase === 'draw') game.playAction(game.moveToAction('draw'));
    const bot = game.botMove({ level: 'strong', playouts: 10, seed: 1, timeMs: 5 });
    game.play(bot.kind === 'discard' ? { kind: 'discard', cards: bot.cards } : bot);
    console.log(hint.reason, game.botMove('random').text, game.legalMoveCount());
    if (game.phase === 'play' && game.picked === null) game.playBot('greedy');
    try {
      game.undo();
    } catch (e) {
      if (e instanceof RamiError) {
        const r: Refusal | null = e.refusal;
        console.log(e.status, e.code, e.statusName, e.reason, r?.pointsNeeded, r?.target);
      }
    }
  }
  const result: RoundResult = game.roundResult();
  const returns: number[] = game.returns('win', { match: false });
  const obs: Float32Array = game.observationTensor(0);
  console.log(returns, obs.length, game.informationStateTensor(1).length, game.maxGameLength, game.returns());
  const totals: number[] = game.scores();
  const view: View = game.view(0);
  const hand: Card[] = game.hand(0);
  console.log(result.winners, totals, view.seats[0]?.hand_count, hand, game.handCount(1), game.hasOpened(1));
  console.log(game.melds()[0]?.owner, game.round, game.turn, game.dealer, game.players, game.seed + 1n);
  console.log(game.stockCount, game.discardCount, game.discardTop, game.ruleset.handSize, game.viewJson(-1).length);
  if (game.phase === 'round_over') game.nextRound();
  if (game.phase === 'match_over') console.log(game.matchWinners());
  const again = rami.Game.load(game.save());
  const dealt = rami.Game.fromDeal(rs, { dealer: 0, hands: [['7S'], ['8S'], ['9S']], stock: ['2C'], discard: [] });
  console.log(game.meld(0).jokerAs, again.freed, dealt.currentPlayer);
  for (const g of [game, copy, sample, again, dealt]) g.free();
  const info = rami.card('10♠');
  const check = rami.meldCheck(['7S', 'JK', '9S'], null);
  const sol = rami.solveHand(rami.parseCards('7S 8S 9S'), 'min_penalty', rs);
  console.log(info.suit, check.valid, sol.penalty, rami.parseCard('jk'), rami.parseMove('draw').kind);
  console.log(rami.formatMove({ kind: 'lay', cards: ['9S'], target: 1, side: 'low' }), rami.strerror(-1), rami.statusName(-9));
  console.log(rami.version, rami.versionNumber, rami.headerVersion, rami.constants.RAMI_MAX_HAND, rami.presets, rami.levels, rami.options);
  console.log(rami.memory().heapUsed, ok.ok, rami.RamiError === RamiError);
}

void main();
