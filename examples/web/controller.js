// controller.js - drives a game for the page: the human's moves, the bots'
// turns, hints, rounds. It knows nothing about the screen; app.js renders
// what it publishes and calls it when the player acts.
//
// The page talks to a table only through this interface, so a table whose
// game lives on a server (the "play online" mode) is another class with
// the same methods and events, not a change to the page:
//
//   table.snapshot()         -> Snapshot (below), the last state published
//   await table.start()      begin (deal, or resume) and publish
//   await table.play(move)   -> Verdict: the human's move (object or notation)
//   await table.check(move)  -> Verdict: may the human make this move, and why not
//   await table.undo()       -> Verdict
//   await table.hint()       -> {move, reason}
//   await table.nextRound()  -> Verdict
//   table.meldCheck(cards)   -> {valid, kind, points, cards, jokerAs} (stateless)
//   table.stop()             stop the bots and release the game
//   events: 'update' (detail: Snapshot), 'bot-move' (detail: {seat, move})
//
// Snapshot: {view, legal, turn, me, names, thinking, over, seed}
//   view    the library's view of the game for seat `me` (rami_game_view_json)
//   legal   the human's legal moves (Move objects) while it is their turn, else []
//   turn    the library's turnInfo() while it is the human's turn (opening so
//           far, what is still owed), else null (a table may leave it out)
//   names   a display name per seat
//   thinking  the seat a bot is choosing for, or -1
//
// A refused Verdict carries the library's structured refusal (the cards and
// meld it is about) when the table has it, for the page to highlight.
//
// Every decision comes from the library: legality and reasons from
// Game.check / Game.play, moves from Game.legalMoves, bots and hints from
// the library's bots, scores from the round result.

export class LocalTable extends EventTarget {
  /**
   * rami: the loaded module (load() of ../js/rami.js).
   * options: {preset, bots (1..5), level, seed, rounds (0 = endless),
   *           botDelayMs, record (a saved game to resume)}
   */
  constructor(rami, options) {
    super();
    this.rami = rami;
    this.options = { botDelayMs: 450, rounds: 0, level: 'greedy', ...options };
    this.me = 0;
    this.game = null;
    this.timer = 0;
    this.thinking = -1;
    this.stopped = false;
    const n = this.options.bots + 1;
    this.names = Array.from({ length: n }, (_, i) => (i === this.me ? 'You' : `Bot ${i}`));
    this.last = null;
  }

  async start() {
    const { rami, options } = this;
    if (options.record) {
      this.game = rami.Game.load(options.record);
    } else {
      const rs = rami.Ruleset.preset(options.preset, options.bots + 1);
      rs.matchRounds = options.rounds;
      this.game = new rami.Game(rs, options.seed);
    }
    this.#publish();
    this.#scheduleBots();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.game?.free();
    this.game = null;
  }

  snapshot() {
    return this.last;
  }

  /** The record of the match, for saving it. */
  record() {
    return this.game.save();
  }

  meldCheck(cards) {
    return this.rami.meldCheck(cards, this.game.ruleset);
  }

  async play(move) {
    const verdict = await this.check(move);
    if (!verdict.ok) return verdict;
    this.game.play(move, this.me);
    this.#publish();
    this.#scheduleBots();
    return verdict;
  }

  async check(move) {
    try {
      return this.game.check(move, this.me);
    } catch (e) {
      return refusal(e);
    }
  }

  async undo() {
    try {
      this.game.undo(this.me);
    } catch (e) {
      return refusal(e);
    }
    this.#publish();
    return { ok: true, status: 0, code: 'RAMI_OK', reason: '' };
  }

  async hint() {
    return this.game.hint();
  }

  async nextRound() {
    try {
      this.game.nextRound();
    } catch (e) {
      return refusal(e);
    }
    this.#publish();
    this.#scheduleBots();
    return { ok: true, status: 0, code: 'RAMI_OK', reason: '' };
  }

  #publish() {
    const g = this.game;
    const view = g.view(this.me);
    const mine = g.inPlay && g.currentPlayer === this.me;
    this.last = {
      view,
      legal: mine ? g.legalMoves() : [],
      turn: mine ? g.turnInfo() : null,
      me: this.me,
      names: this.names,
      thinking: this.thinking,
      over: !g.inPlay,
      seed: String(g.seed),
    };
    this.dispatchEvent(new CustomEvent('update', { detail: this.last }));
  }

  #scheduleBots() {
    clearTimeout(this.timer);
    const g = this.game;
    if (this.stopped || !g || !g.inPlay || g.currentPlayer === this.me) return;
    this.thinking = g.currentPlayer;
    this.#publish();
    this.timer = setTimeout(() => this.#botTurn(), this.options.botDelayMs);
  }

  #botTurn() {
    const g = this.game;
    if (this.stopped || !g || !g.inPlay) return;
    const seat = g.currentPlayer;
    const move = g.botMove(this.#botOptions(g));
    g.play(move, seat);
    this.thinking = -1;
    this.dispatchEvent(new CustomEvent('bot-move', { detail: { seat, move } }));
    this.#publish();
    this.#scheduleBots();
  }

  #botOptions(g) {
    // Varied but reproducible choices: the seed depends on the position.
    const seed = (BigInt(g.round) << 32n) ^ (BigInt(g.turn) << 8n) ^ BigInt(g.currentPlayer) ^ g.seed;
    const opts = { level: this.options.level, seed };
    if (this.options.level === 'strong') opts.timeMs = 1500;
    return opts;
  }
}

function refusal(e) {
  if (e?.name !== 'RamiError') throw e;
  return { ok: false, status: e.status, code: e.code, reason: e.reason, refusal: e.refusal ?? null };
}
