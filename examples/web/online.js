// online.js - a table whose game lives on rami-server (doc/protocol.md).
// It has the interface of LocalTable (controller.js), so the page plays an
// online table exactly as a local one; only this file speaks the protocol.
//
// The server holds the cards and decides everything: it sends this seat's
// own view (the library's per-seat view) after every change, lists the
// seat's legal moves, checks and plays moves, gives hints and plays the
// bots. Here the module (rami.js) only reads move notation and judges a
// selection of cards as a meld for the page (stateless).
//
//   new RemoteTable(rami, {url, create: {preset, people, bots, level, rounds}, name})
//   new RemoteTable(rami, {url, join: tableId, name})
//   new RemoteTable(rami, {url, resume: {table, seat, token}})
//   new RemoteTable(rami, {url, watch: tableId})   (a spectator: no seat)
//
// Besides LocalTable's events ('update', 'bot-move') it sends 'waiting'
// (detail: {table, seats, open}) while seats are open, and 'notice'
// (detail: {kind, text}) about the connection.

const TURN_SECONDS = 120;
const RETRY_MS = 500;

export class RemoteTable extends EventTarget {
  constructor(rami, options) {
    super();
    this.rami = rami;
    this.options = options;
    this.ws = null;
    this.nextId = 1;
    this.waitingFor = new Map(); // request id -> {resolve}
    this.seatInfo = null; // {table, seat, token}
    this.watching = null; // the table id, for a spectator
    this.info = null;
    this.last = null; // the published Snapshot
    this.held = null; // {view, info, seq} of a new round while a round result shows
    this.seq = 0;
    this.seqWaiters = [];
    this.chain = Promise.resolve();
    this.stopped = false;
    this.ruleset = null;
  }

  /** Connects, then creates and joins a table, joins one, or resumes a seat. */
  async start() {
    await this.#connect();
    const o = this.options;
    if (o.watch) {
      this.watching = o.watch;
      await this.#request('watch', { table: o.watch });
      return;
    }
    if (o.resume) {
      this.seatInfo = { ...o.resume };
      await this.#request('resume', this.#seatFields());
      return;
    }
    let table = o.join;
    if (o.create) {
      const c = o.create;
      const r = await this.#request('create', {
        preset: c.preset,
        seats: c.people + c.bots,
        bots: c.bots,
        bot_level: c.level,
        turn_seconds: TURN_SECONDS,
        ruleset: { match_rounds: c.rounds > 0 ? c.rounds : 100 },
      });
      table = r.table;
    }
    const r = await this.#request('join', { table, name: o.name ?? 'player' });
    this.seatInfo = { table: r.table, seat: r.seat, token: r.token };
    if (r.info.status === 'waiting') this.#waiting(r.info);
  }

  stop() {
    this.stopped = true;
    this.ws?.close();
  }

  snapshot() {
    return this.last;
  }

  /** What a reload needs to come back to this seat. */
  credentials() {
    return this.seatInfo ? { ...this.seatInfo } : null;
  }

  meldCheck(cards) {
    return this.rami.meldCheck(cards, this.ruleset);
  }

  async play(move) {
    let text;
    try {
      text = this.#text(move); // a "move" that notation cannot say (two cards) is refused here
    } catch (e) {
      return refusal(e);
    }
    return this.#act('move', { move: text });
  }

  async check(move) {
    if (!this.seatInfo) return SPECTATOR;
    let text;
    try {
      text = this.#text(move);
    } catch (e) {
      return refusal(e);
    }
    const r = await this.#request('check', { ...this.#seatFields(), move: text }, false);
    return verdict(r);
  }

  async undo() {
    return this.#act('undo', {});
  }

  async hint() {
    if (!this.seatInfo) throw { reason: SPECTATOR.reason };
    const r = await this.#request('hint', this.#seatFields(), false);
    if (r.type !== 'ok') throw { reason: r.reason || r.message };
    return { move: this.rami.parseMove(r.move), reason: r.reason };
  }

  /** The server deals the next round by itself; this shows it. */
  async nextRound() {
    const held = this.held;
    this.held = null;
    if (held) await this.#publish(held);
    return { ok: true, status: 0, code: 'RAMI_OK', reason: '' };
  }

  // ------------------------------------------------------------ protocol

  #seatFields() {
    const { table, seat, token } = this.seatInfo;
    return { table, seat, token };
  }

  #text(move) {
    if (typeof move === 'string') return move;
    return move.text ?? this.rami.formatMove(move);
  }

  async #act(type, fields) {
    if (!this.seatInfo) return SPECTATOR;
    let r;
    try {
      r = await this.#request(type, { ...this.#seatFields(), ...fields }, false);
    } catch (e) {
      return refusal(e);
    }
    if (r.type === 'ok') await this.#published(r.seq);
    return verdict(r);
  }

  #connect() {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.options.url);
      this.ws = ws;
      ws.onopen = () => resolve();
      ws.onerror = () => reject(new Error(`cannot reach the server at ${this.options.url}`));
      ws.onmessage = (e) => this.#receive(JSON.parse(e.data));
      ws.onclose = () => this.#closed(ws);
    });
  }

  // A rate_limited refusal (doc/protocol.md) is waited out and the request
  // sent again, as the server asks.
  async #request(type, fields, throwOnError = true) {
    for (;;) {
      const r = await this.#send(type, fields);
      if (r.type === 'error' && r.code === 'rate_limited') {
        await new Promise((resolve) => setTimeout(resolve, r.retry_ms ?? 100));
        continue;
      }
      if (throwOnError && r.type === 'error') throw new Error(`${r.code}: ${r.message}`);
      return r;
    }
  }

  #send(type, fields) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waitingFor.set(id, { resolve, reject });
      try {
        this.ws.send(JSON.stringify({ type, id, ...fields }));
      } catch (e) {
        this.waitingFor.delete(id);
        reject(e);
      }
    });
  }

  #receive(msg) {
    const waiter = msg.id != null ? this.waitingFor.get(msg.id) : undefined;
    if (waiter && (msg.type === 'ok' || msg.type === 'error')) {
      this.waitingFor.delete(msg.id);
      waiter.resolve(msg);
      return;
    }
    // Pushes are handled one after the other (listing legal moves waits
    // for the server).
    this.chain = this.chain.then(() => this.#push(msg)).catch((e) => this.#notice('error', String(e.message ?? e)));
  }

  async #push(msg) {
    if (msg.type === 'detached') {
      this.stopped = true;
      return this.#notice('error', 'This seat was opened in another window.');
    }
    const table = this.seatInfo?.table ?? this.watching;
    if (!table || msg.table !== table || msg.seq < this.seq) return;
    this.info = msg.info;
    if (!msg.view) {
      if (msg.info.status === 'waiting') this.#waiting(msg.info);
      else if (this.last) await this.#publish({ view: this.last.view, info: msg.info, seq: msg.seq });
      return;
    }
    if (msg.type === 'event' && msg.actor !== this.seatInfo?.seat && !this.held)
      this.dispatchEvent(new CustomEvent('bot-move', { detail: { seat: msg.actor, move: { text: moveText(msg) } } }));
    const state = { view: msg.view, info: msg.info, seq: msg.seq };
    // A new round while the last one's result is on the screen waits for
    // nextRound(), as on a local table.
    if (this.held || (this.last?.view.phase === 'round_over' && msg.view.round !== this.last.view.round)) {
      this.held = state;
      this.#advance(msg.seq);
      return;
    }
    await this.#publish(state);
  }

  async #publish({ view, info, seq }) {
    const me = this.seatInfo ? this.seatInfo.seat : -1; // -1: a spectator
    this.ruleset ??= rulesetOf(this.rami, view.ruleset);
    const mine = view.current === me && (view.phase === 'draw' || view.phase === 'play') && info.status === 'playing';
    let legal = [];
    if (mine) {
      const r = await this.#request('moves', this.#seatFields(), false);
      if (r.type === 'ok' && r.seq === seq) legal = r.moves.map((m) => this.rami.parseMove(m));
    }
    const playing = info.status === 'playing' && (view.phase === 'draw' || view.phase === 'play');
    this.last = {
      view,
      legal,
      me,
      names: info.seats.map((s) => nameOf(s, me)),
      thinking: playing && view.current !== me ? view.current : -1,
      over: !playing,
      seed: info.table,
      info,
    };
    this.dispatchEvent(new CustomEvent('update', { detail: this.last }));
    this.#advance(seq);
  }

  #advance(seq) {
    this.seq = Math.max(this.seq, seq);
    this.seqWaiters = this.seqWaiters.filter((w) => (w.seq <= this.seq ? (w.resolve(), false) : true));
  }

  /** Resolves once the state of version seq (or later) is published. */
  #published(seq) {
    if (seq <= this.seq) return Promise.resolve();
    return new Promise((resolve) => this.seqWaiters.push({ seq, resolve }));
  }

  #waiting(info) {
    const open = info.seats.filter((s) => s.kind === 'open').length;
    this.dispatchEvent(new CustomEvent('waiting', { detail: { table: info.table, seats: info.seats, open } }));
  }

  #notice(kind, text) {
    this.dispatchEvent(new CustomEvent('notice', { detail: { kind, text } }));
  }

  /** A dropped connection: come back with the seat's token. */
  #closed(ws) {
    if (ws !== this.ws) return;
    for (const w of this.waitingFor.values()) w.reject(new Error('the connection to the server closed'));
    this.waitingFor.clear();
    if (this.stopped || !(this.seatInfo || this.watching)) return;
    this.#notice('error', 'Connection to the server lost; reconnecting…');
    setTimeout(() => this.#reconnect(), RETRY_MS);
  }

  async #reconnect() {
    if (this.stopped) return;
    try {
      await this.#connect();
      this.seq = 0;
      if (this.seatInfo) await this.#request('resume', this.#seatFields());
      else await this.#request('watch', { table: this.watching });
      this.#notice('info', 'Back on the server.');
    } catch {
      setTimeout(() => this.#reconnect(), RETRY_MS * 2);
    }
  }
}

function moveText(msg) {
  return msg.card ? `${msg.move} ${msg.card}` : msg.move;
}

function nameOf(s, me) {
  if (s.seat === me) return 'You';
  if (s.kind === 'bot') return `Bot ${s.seat}`;
  if (s.kind === 'open') return `Seat ${s.seat} (open)`;
  return s.name || `Player ${s.seat}`;
}

// What a spectator's page gets when it tries to act.
const SPECTATOR = { ok: false, status: 0, code: 'spectator', reason: 'You are watching this table: you hold no seat.' };

function verdict(r) {
  if (r.type === 'ok') return { ok: true, status: 0, code: 'RAMI_OK', reason: '' };
  return { ok: false, status: r.status ?? 0, code: r.status_name ?? r.code, reason: r.reason || r.message };
}

function refusal(e) {
  if (e?.name === 'RamiError') return { ok: false, status: e.status, code: e.code, reason: e.reason };
  return { ok: false, status: 0, code: 'offline', reason: String(e?.message ?? e) };
}

/** The view's ruleset (snake_case) as the module's Ruleset, for meldCheck. */
function rulesetOf(rami, r) {
  const camel = (k) => k.replace(/_(.)/g, (_, c) => c.toUpperCase());
  const fields = {};
  for (const [k, v] of Object.entries(r)) if (k !== 'options' && k !== 'options_bits') fields[camel(k)] = v;
  fields.options = r.options_bits;
  return new rami.Ruleset(fields);
}
