// app.js - the page: renders what the table (controller.js) publishes and
// turns clicks and drags into moves. It decides nothing about the rules:
// which moves exist, whether a move is allowed and why not, whether cards
// form a meld, scores and results all come from the library through the
// table. Matching a click to one of the legal moves the library listed is
// the only logic here.

import { load } from '../js/rami.js';
import { LocalTable } from './controller.js';
import { RemoteTable } from './online.js';

const $ = (sel) => document.querySelector(sel);
const SUIT_SYMBOL = { C: '♣', D: '♦', H: '♥', S: '♠' };
const SUIT_NAME = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
const RANK_TEXT = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const PRESET_NAME = { 51: 'Rami 51', 40: 'Rami 40', finnish: 'Finnish rami' };
const LEVEL_NAME = { random: 'random', greedy: 'greedy', strong: 'strong' };
const SAVE_KEY = 'rami-web-game';
const ONLINE_KEY = 'rami-web-online'; // per tab (sessionStorage): {table, seat, token, settings}

let rami = null;
let table = null;
let snap = null;
let settings = null;
const ui = {
  selected: [], // indices into the hand
  handKey: '',
  hint: null, // {move, reason}
  message: null, // {kind: 'info' | 'error' | 'hint', text}
  refused: null, // the library's refusal of the last move tried: {cards, target, ...}
  resultShownFor: '',
  meldSizes: [],
  fresh: new Set(),
};

// ---------------------------------------------------------------- start

async function main() {
  try {
    rami = await load();
  } catch (e) {
    $('#status').dataset.kind = 'error';
    $('#status').textContent = `Could not load the rules engine (rami.wasm): ${e.message}. Build it with examples/js/build-wasm.sh.`;
    return;
  }
  readSettingsFromUrl();
  wireControls();
  // A link ?join=TABLE takes a seat at an online table; a reload of this tab
  // comes back to the same seat with its token.
  const q = new URLSearchParams(location.search);
  const [join, watch] = [q.get('join'), q.get('watch')];
  const online = readOnline();
  if (watch) startTable({ ...formSettings(), online: true, watch });
  else if (join && online?.table === join) startTable({ ...online.settings, online: true, resume: online });
  else if (join) startTable({ ...formSettings(), online: true, join });
  else {
    const saved = readSaved();
    startTable(saved ? { ...saved.settings, record: saved.record } : formSettings());
  }
}

/** ?preset=, ?bots=, ?level=, ?rounds=, ?speed= set the form; a value
 * the form does not offer is ignored (the page would not start with it). */
function readSettingsFromUrl() {
  const q = new URLSearchParams(location.search);
  for (const id of ['preset', 'bots', 'level', 'rounds', 'speed']) {
    const select = $(`#${id}`);
    if ([...select.options].some((o) => o.value === q.get(id))) select.value = q.get(id);
  }
}

/** ?seed=N (decimal, 0..2^53-1) deals that game; anything else is ignored. */
function urlSeed() {
  const text = new URLSearchParams(location.search).get('seed') ?? '';
  const seed = /^[0-9]{1,16}$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(seed) ? seed : null;
}

function formSettings() {
  const seed = urlSeed() ?? crypto.getRandomValues(new Uint32Array(1))[0];
  return {
    preset: $('#preset').value,
    bots: Number($('#bots').value),
    level: $('#level').value,
    rounds: Number($('#rounds').value),
    botDelayMs: Number($('#speed').value),
    seed,
  };
}

function startTable(options) {
  table?.stop();
  settings = options;
  for (const id of ['preset', 'bots', 'level', 'rounds']) $(`#${id}`).value = String(options[id]);
  Object.assign(ui, { selected: [], hint: null, message: null, resultShownFor: '', meldSizes: [], fresh: new Set() });
  $('#invite').hidden = true;
  $('#spectate').hidden = true;
  if (options.online) return startOnline(options);
  table = new LocalTable(rami, options);
  table.addEventListener('update', (e) => render(e.detail));
  table.addEventListener('bot-move', (e) => noteBotMove(e.detail));
  try {
    table.start();
  } catch (e) {
    // A saved game this version cannot read: start afresh.
    localStorage.removeItem(SAVE_KEY);
    if (options.record) startTable(formSettings());
    else throw e;
    return;
  }
  $('#board').setAttribute('aria-busy', 'false');
  $('#about').textContent = `librami ${rami.version} (WebAssembly) · ${PRESET_NAME[options.preset] ?? options.preset}, ${
    options.bots + 1
  } players, ${LEVEL_NAME[options.level] ?? options.level} bots · seed ${table.snapshot().seed}`;
  fitToScreen(window.matchMedia('(max-width: 900px)').matches);
}

// ---------------------------------------------------------------- online

/** The rami-server to play on: ?server=ws://... or the one serving the page. */
function serverUrl() {
  const q = new URLSearchParams(location.search);
  return q.get('server') ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** The address of an online table: opening it takes a seat (join) or
 * watches the table without one (watch). */
function tableLink(id, how = 'join') {
  const q = new URLSearchParams(location.search);
  const server = q.has('server') ? `&server=${encodeURIComponent(q.get('server'))}` : '';
  return `${location.origin}${location.pathname}?${how}=${id}${server}`;
}

/** The link for spectators, shown as long as the page is at an online table. */
function showWatchLink(id) {
  $('#watch-link').value = tableLink(id, 'watch');
  $('#spectate').hidden = false;
}

/** An empty board while an online table waits for its players. */
function clearBoard() {
  snap = null;
  for (const id of ['#seats', '#hand', '#log', '#choice']) $(id).replaceChildren();
  $('#melds').innerHTML = '<p class="empty">No melds on the table yet.</p>';
  $('#discard-top').replaceChildren();
  for (const id of ['#stock-count', '#discard-count']) $(id).textContent = '0';
  for (const id of ['#stock', '#discard']) $(id).classList.remove('live', 'target', 'hinted');
  for (const b of document.querySelectorAll('#actions button')) b.disabled = true;
  $('#board').setAttribute('aria-busy', 'true');
  if ($('#result').open) $('#result').close();
}

function startOnline(options) {
  clearBoard();
  const create = options.join || options.resume || options.watch ? undefined : {
    preset: options.preset,
    people: options.people,
    bots: options.onlineBots,
    level: options.level,
    rounds: options.rounds,
  };
  const url = serverUrl();
  table = new RemoteTable(rami, { url, create, join: options.join, resume: options.resume, watch: options.watch, name: 'player' });
  table.addEventListener('update', (e) => {
    if (!$('#invite').hidden) ui.message = null; // the game has started
    $('#invite').hidden = true;
    settings.rounds = e.detail.view.ruleset.match_rounds; // the table's, for "Round 1 of 3"
    if ($(`#rounds option[value="${settings.rounds}"]`)) $('#rounds').value = String(settings.rounds);
    $('#board').setAttribute('aria-busy', 'false');
    render(e.detail);
  });
  table.addEventListener('bot-move', (e) => noteBotMove(e.detail));
  table.addEventListener('waiting', (e) => showWaiting(e.detail));
  table.addEventListener('notice', (e) => say(e.detail.kind, e.detail.text));
  $('#about').textContent = `librami ${rami.version} (WebAssembly) · online on ${url}`;
  table.start().then(
    () => {
      showWatchLink(options.watch ?? table.credentials().table);
      if (options.watch) {
        $('#about').textContent = `librami ${rami.version} (WebAssembly) · watching online table ${options.watch} on ${url}`;
        return;
      }
      const cred = table.credentials();
      history.replaceState(null, '', tableLink(cred.table));
      const game = create ? ` · ${PRESET_NAME[create.preset] ?? create.preset}` : '';
      $('#about').textContent = `librami ${rami.version} (WebAssembly) · online table ${cred.table}, seat ${cred.seat}${game} on ${url}`;
      save();
    },
    (e) => say('error', `Online play: ${e.message}`),
  );
}

function showWaiting({ table: id, seats, open }) {
  $('#invite').hidden = false;
  $('#invite-text').textContent = `Waiting for ${open} more ${open === 1 ? 'player' : 'players'} (${seats.length - open} of ${
    seats.length
  } seats taken). Send them this link:`;
  $('#invite-link').value = tableLink(id);
  showWatchLink(id);
  say('info', 'The game starts when every seat is taken.');
}

/** A local game drops ?join= and ?watch= from the address (a reload stays local). */
function leaveOnlineUrl() {
  const q = new URLSearchParams(location.search);
  if (!q.has('join') && !q.has('watch')) return;
  q.delete('join');
  q.delete('watch');
  const rest = q.toString();
  history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}`);
}

function readOnline() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(ONLINE_KEY) ?? 'null');
    return saved?.table && saved?.token ? saved : null;
  } catch {
    return null;
  }
}

/** Narrow screens start with the settings and the move list folded. */
function fitToScreen(narrow) {
  $('#settings').open = !narrow;
  $('#log-box').open = !narrow;
}

function readSaved() {
  try {
    const saved = JSON.parse(localStorage.getItem(SAVE_KEY) ?? 'null');
    return saved?.record && saved?.settings ? saved : null;
  } catch {
    return null;
  }
}

function save() {
  try {
    if (table instanceof RemoteTable) {
      const cred = table.credentials();
      const { resume, join, ...rest } = settings;
      if (cred) sessionStorage.setItem(ONLINE_KEY, JSON.stringify({ ...cred, settings: rest }));
      return;
    }
    if (snap && !snap.over) localStorage.setItem(SAVE_KEY, JSON.stringify({ settings, record: table.record() }));
    else localStorage.removeItem(SAVE_KEY);
  } catch {
    // Storage may be unavailable (private windows): the game goes on.
  }
}

// ---------------------------------------------------------------- controls

function wireControls() {
  $('#setup').addEventListener('submit', (e) => {
    e.preventDefault();
    localStorage.removeItem(SAVE_KEY);
    leaveOnlineUrl();
    startTable(formSettings());
  });
  $('#online-btn').addEventListener('click', () =>
    startTable({ ...formSettings(), online: true, people: Number($('#people').value), onlineBots: Number($('#online-bots').value) }),
  );
  const copy = (input) => () => {
    $(input).select();
    navigator.clipboard?.writeText($(input).value).catch(() => {});
  };
  $('#copy-btn').addEventListener('click', copy('#invite-link'));
  $('#copy-watch-btn').addEventListener('click', copy('#watch-link'));
  $('#speed').addEventListener('change', () => {
    if (table) table.options.botDelayMs = Number($('#speed').value);
    if (settings) settings.botDelayMs = Number($('#speed').value);
  });
  $('#stock').addEventListener('click', () => act([pickLegal((m) => m.kind === 'draw')], { kind: 'draw' }));
  $('#discard').addEventListener('click', onDiscardPile);
  $('#meld-btn').addEventListener('click', meldSelected);
  $('#discard-btn').addEventListener('click', discardSelected);
  $('#undo-btn').addEventListener('click', undo);
  $('#hint-btn').addEventListener('click', hint);
  $('#clear-btn').addEventListener('click', () => {
    ui.selected = [];
    ui.message = null;
    ui.refused = null;
    render(snap);
  });
  $('#melds').addEventListener('click', (e) => {
    const meld = e.target.closest('.meld');
    if (meld) layOrSwap(Number(meld.dataset.index));
  });
  $('#next-btn').addEventListener('click', nextRound);
  $('#result-btn').addEventListener('click', () => $('#result').showModal());
  $('#look-btn').addEventListener('click', () => $('#result').close());
  setupHand();
  window.matchMedia('(max-width: 900px)').addEventListener('change', (e) => fitToScreen(e.matches));
}

const isMyPlay = () => snap && !snap.over && snap.view.current === snap.me;
const handCards = () => snap?.view.hand ?? [];
const selectedCards = () => ui.selected.map((i) => handCards()[i]);
const sameCards = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
const pickLegal = (pred) => snap?.legal.find(pred);

function onDiscardPile() {
  if (snap?.view.phase === 'draw') act([pickLegal((m) => m.kind === 'take')], { kind: 'take' });
  else discardSelected();
}

function meldSelected() {
  const cards = selectedCards();
  if (cards.length === 0) return say('info', 'Select the cards of your meld first (click them in your hand).');
  const options = snap.legal.filter((m) => m.kind === 'meld' && sameCards(m.cards, cards));
  act(options, { kind: 'meld', cards });
}

function discardSelected() {
  const cards = selectedCards();
  if (cards.length !== 1) return say('info', 'Select one card to discard.');
  const options = snap.legal.filter((m) => m.kind === 'discard' && m.cards[0] === cards[0]);
  act(options, { kind: 'discard', cards });
}

function layOrSwap(index, cards = selectedCards()) {
  if (cards.length !== 1)
    return say('info', 'Select one card of your hand, then click a meld to lay it off or to swap it for the joker.');
  const options = snap.legal.filter((m) => (m.kind === 'lay' || m.kind === 'swap') && m.target === index && m.cards[0] === cards[0]);
  if (options.length) return act(options);
  // Nothing legal: ask the library why, for a lay-off and, where the meld
  // holds a joker, for a swap.
  const meld = snap.view.melds[index];
  const tries = [{ kind: 'lay', cards, target: index }];
  if (meld?.joker_as) tries.push({ kind: 'swap', cards, target: index });
  Promise.all(tries.map((m) => table.check(m))).then((verdicts) => {
    const reasons = verdicts.map((v, i) => (tries.length > 1 ? `${tries[i].kind === 'lay' ? 'Lay off' : 'Swap'}: ${v.reason}` : v.reason));
    showRefusal(verdicts[0], reasons.join(' · '));
  });
}

/** Plays the one matching legal move, offers a choice among several, or
 * sends `fallback` so that the library says why it is refused. */
async function act(options, fallback) {
  options = options.filter(Boolean);
  hideChoice();
  if (options.length > 1) return offerChoice(options);
  const move = options[0] ?? fallback;
  const verdict = await table.play(move);
  if (!verdict.ok) return showRefusal(verdict, verdict.reason || verdict.code);
  ui.selected = [];
  ui.hint = null;
  ui.message = null;
  ui.refused = null;
  render(table.snapshot());
}

function offerChoice(moves) {
  const box = $('#choice');
  box.replaceChildren(
    Object.assign(document.createElement('span'), { textContent: 'Which one?' }),
    ...moves.map((m) => {
      const b = Object.assign(document.createElement('button'), { type: 'button', textContent: m.text });
      b.dataset.move = m.text;
      b.addEventListener('click', () => act([m]));
      return b;
    }),
    Object.assign(document.createElement('button'), { type: 'button', textContent: 'Cancel', className: 'quiet', onclick: hideChoice }),
  );
  box.hidden = false;
}

function hideChoice() {
  $('#choice').hidden = true;
}

async function undo() {
  const v = await table.undo();
  if (!v.ok) return say('error', v.reason);
  ui.selected = [];
  say('info', 'Taken back.');
}

async function hint() {
  if (!isMyPlay()) return say('info', 'Hints are for your turn.');
  say('info', 'Thinking…');
  await new Promise((r) => setTimeout(r, 30)); // let the message paint
  try {
    ui.hint = await table.hint();
  } catch (e) {
    return say('error', e.reason ?? String(e));
  }
  ui.message = null;
  render(snap);
}

async function nextRound() {
  $('#result').close();
  if (snap.view.phase === 'match_over') {
    localStorage.removeItem(SAVE_KEY);
    return startTable({ ...settings, record: undefined, resume: undefined, join: undefined, seed: formSettings().seed });
  }
  const v = await table.nextRound();
  if (!v.ok) say('error', v.reason);
}

function say(kind, text) {
  ui.message = { kind, text };
  if (ui.refused) {
    ui.refused = null;
    renderMelds();
    renderHand();
  }
  renderStatus();
}

/** The library's reason, and its structured refusal on the screen: the
 * cards it is about are marked in the hand, its meld on the table. */
function showRefusal(verdict, text) {
  say('error', text);
  ui.refused = verdict.refusal ?? null;
  renderMelds();
  renderHand();
}

function noteBotMove({ seat, move }) {
  ui.lastBot = { seat, move };
  ui.message = null;
  ui.refused = null;
}

// ---------------------------------------------------------------- drag

// Pointer-based drag (mouse and touch alike): drop a card of the hand on a
// table meld (lay off / swap), on the discard pile (discard) or on the
// table (meld it with the other selected cards). A press without movement
// is a click: it selects the card.
function setupHand() {
  const hand = $('#hand');
  let drag = null;
  hand.addEventListener('pointerdown', (e) => {
    const card = e.target.closest('.card');
    if (!card || e.button !== 0) return;
    drag = { card, index: Number(card.dataset.index), x: e.clientX, y: e.clientY, ghost: null };
    card.setPointerCapture(e.pointerId);
  });
  hand.addEventListener('pointermove', (e) => {
    if (!drag) return;
    if (!drag.ghost && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 8) {
      drag.ghost = drag.card.cloneNode(true);
      drag.ghost.classList.add('ghost');
      document.body.append(drag.ghost);
      document.body.classList.add('dragging');
    }
    if (drag.ghost) drag.ghost.style.transform = `translate(${e.clientX - 24}px, ${e.clientY - 36}px)`;
  });
  const end = (e, cancelled) => {
    if (!drag) return;
    const { ghost, index } = drag;
    drag = null;
    if (!ghost) {
      if (!cancelled) toggle(index);
      return;
    }
    ghost.remove();
    document.body.classList.remove('dragging');
    if (cancelled) return;
    const target = document.elementFromPoint(e.clientX, e.clientY);
    drop(index, target);
  };
  hand.addEventListener('pointerup', (e) => end(e, false));
  hand.addEventListener('pointercancel', (e) => end(e, true));
}

function toggle(index) {
  const at = ui.selected.indexOf(index);
  if (at >= 0) ui.selected.splice(at, 1);
  else ui.selected.push(index);
  ui.message = null;
  hideChoice();
  render(snap);
}

function drop(index, target) {
  const card = handCards()[index];
  const meld = target?.closest('.meld');
  if (meld) return layOrSwap(Number(meld.dataset.index), [card]);
  if (target?.closest('#discard')) {
    ui.selected = [index];
    return discardSelected();
  }
  if (target?.closest('#melds, #center')) {
    if (!ui.selected.includes(index)) ui.selected.push(index);
    return meldSelected();
  }
}

// ---------------------------------------------------------------- render

function cardEl(text, { tag = 'span', index } = {}) {
  const el = document.createElement(tag);
  el.className = 'card';
  el.dataset.card = text;
  const info = rami.card(text);
  if (info.joker) {
    el.classList.add('joker');
    el.innerHTML = '<span class="index"><span class="rank">JK</span><span class="suit">★</span></span><span class="pip">★</span>';
    el.setAttribute('aria-label', 'joker');
  } else {
    const rank = RANK_TEXT[info.rank];
    const suit = SUIT_SYMBOL[info.suit];
    if (info.suit === 'D' || info.suit === 'H') el.classList.add('red');
    el.innerHTML = `<span class="index"><span class="rank">${rank}</span><span class="suit">${suit}</span></span><span class="pip">${suit}</span>`;
    el.setAttribute('aria-label', `${rank} of ${SUIT_NAME[info.suit]}`);
  }
  if (tag === 'button') el.type = 'button';
  if (index !== undefined) el.dataset.index = index;
  return el;
}

function render(s) {
  if (!s) return;
  const hand = (s.view.hand ?? []).join(); // a spectator's view holds no hand
  if (hand !== ui.handKey) {
    ui.selected = [];
    ui.handKey = hand;
  }
  if (s.view.phase !== snap?.view.phase || s.view.current !== snap?.view.current) hideChoice();
  snap = s;
  renderSeats();
  renderPiles();
  renderMelds();
  renderHand();
  renderActions();
  renderStatus();
  renderLog();
  renderResult();
  save();
}

function renderSeats() {
  const { view, names, thinking } = snap;
  $('#seats').replaceChildren(
    ...view.seats.map((seat) => {
      const el = document.createElement('div');
      el.className = 'seat';
      el.dataset.seat = seat.seat;
      el.classList.toggle('current', !snap.over && view.current === seat.seat);
      el.classList.toggle('me', seat.seat === snap.me);
      el.classList.toggle('thinking', thinking === seat.seat);
      el.innerHTML = `
        <span class="name"></span>
        <span class="facts">
          <span class="cards" title="cards in hand"><b class="count">${seat.hand_count}</b> ${seat.hand_count === 1 ? 'card' : 'cards'}</span>
          <span class="opened" ${seat.opened ? '' : 'hidden'}>opened</span>
          ${view.dealer === seat.seat ? '<span class="dealer" title="dealer">D</span>' : ''}
        </span>
        <span class="total" title="match total"><b>${seat.total}</b> pts</span>`;
      el.querySelector('.name').textContent = names[seat.seat];
      return el;
    }),
  );
}

function renderPiles() {
  const { view, legal } = snap;
  $('#stock-count').textContent = view.stock_count;
  $('#discard-count').textContent = view.discard.length;
  const top = view.discard.at(-1);
  $('#discard-top').replaceChildren(top ? cardEl(top) : Object.assign(document.createElement('span'), { className: 'card none' }));
  const myDraw = isMyPlay() && view.phase === 'draw';
  $('#stock').classList.toggle('live', myDraw && legal.some((m) => m.kind === 'draw'));
  $('#discard').classList.toggle('live', myDraw && legal.some((m) => m.kind === 'take'));
  const one = ui.selected.length === 1 ? selectedCards()[0] : null;
  $('#discard').classList.toggle('target', !!one && legal.some((m) => m.kind === 'discard' && m.cards[0] === one));
  const h = ui.hint?.move;
  $('#stock').classList.toggle('hinted', h?.kind === 'draw');
  $('#discard').classList.toggle('hinted', h?.kind === 'take' || h?.kind === 'discard');
}

function renderMelds() {
  const { view, names, legal } = snap;
  const box = $('#melds');
  if (view.melds.length === 0) {
    box.innerHTML = '<p class="empty">No melds on the table yet.</p>';
    ui.meldSizes = [];
    return;
  }
  const one = ui.selected.length === 1 ? selectedCards()[0] : null;
  box.replaceChildren(
    ...view.melds.map((m) => {
      const el = document.createElement('div');
      el.className = `meld ${m.kind}`;
      el.dataset.index = m.index;
      el.dataset.owner = m.owner;
      if (ui.meldSizes[m.index] !== m.cards.length) el.classList.add('fresh');
      const moves = one ? legal.filter((x) => (x.kind === 'lay' || x.kind === 'swap') && x.target === m.index && x.cards[0] === one) : [];
      el.classList.toggle('target', moves.length > 0);
      el.classList.toggle('hinted', (ui.hint?.move.kind === 'lay' || ui.hint?.move.kind === 'swap') && ui.hint.move.target === m.index);
      el.classList.toggle('refused', ui.refused?.target === m.index);
      const head = document.createElement('div');
      head.className = 'meld-head';
      head.innerHTML = `<span class="meld-no">${m.index + 1}</span> <span class="owner"></span> <span class="points">${m.points}</span>`;
      head.querySelector('.owner').textContent = names[m.owner];
      const cards = document.createElement('div');
      cards.className = 'meld-cards';
      cards.append(...m.cards.map((c) => cardEl(c)));
      el.append(head, cards);
      if (m.joker_as) {
        const j = document.createElement('div');
        j.className = 'joker-as';
        j.textContent = `joker = ${m.joker_as.replace('?', ' (any suit)')}`;
        el.append(j);
      }
      el.title = m.owner === snap.me ? `your ${m.kind} (${m.points} points)` : `${m.kind} of ${names[m.owner]} (${m.points} points)`;
      return el;
    }),
  );
  ui.meldSizes = view.melds.map((m) => m.cards.length);
}

/** The indices of the hand that hold cards (each card once). */
function handIndicesOf(cards) {
  const hand = handCards();
  const used = new Set();
  for (const c of cards) {
    const i = hand.findIndex((h, k) => h === c && !used.has(k));
    if (i >= 0) used.add(i);
  }
  return used;
}

function renderHand() {
  const hand = handCards();
  const hinted = handIndicesOf(ui.hint?.move.cards ?? []);
  const refused = handIndicesOf(ui.refused?.cards ?? []);
  const box = $('#hand');
  box.replaceChildren(
    ...hand.map((c, i) => {
      const el = cardEl(c, { tag: 'button', index: i });
      el.classList.toggle('selected', ui.selected.includes(i));
      el.classList.toggle('hinted', hinted.has(i));
      el.classList.toggle('refused', refused.has(i));
      if (c === snap.view.picked) el.classList.add('picked');
      return el;
    }),
  );
  box.dataset.count = hand.length;
  const cards = selectedCards();
  const check = cards.length >= 3 ? table.meldCheck(cards) : null;
  box.classList.toggle('meld-ok', !!check?.valid);
  $('#meld-btn').textContent = check?.valid ? `Meld ${check.kind} · ${check.points}` : 'Meld';
}

function renderActions() {
  const mine = isMyPlay();
  const play = mine && snap.view.phase === 'play';
  $('#meld-btn').disabled = !play || ui.selected.length === 0;
  $('#discard-btn').disabled = !play || ui.selected.length !== 1;
  $('#undo-btn').disabled = !play || !lastTurnMoveIsUndoable();
  $('#hint-btn').disabled = !mine;
  $('#clear-btn').disabled = ui.selected.length === 0;
  $('#result-btn').hidden = !snap.view.result;
}

/** Whether this turn has a meld, lay-off or swap to take back (from the log). */
function lastTurnMoveIsUndoable() {
  const moves = snap.view.moves;
  const last = moves.at(-1);
  return !!last && last.seat === snap.me && /^(meld|lay|swap) /.test(last.move);
}

function renderStatus() {
  const el = $('#status');
  let kind = 'info';
  let text;
  delete el.dataset.move;
  if (ui.message) {
    ({ kind, text } = ui.message);
  } else if (ui.hint && isMyPlay()) {
    kind = 'hint';
    const { move, reason } = ui.hint;
    text = `Hint: ${reason.startsWith(move.text) ? reason : `${move.text} — ${reason}`}`;
    el.dataset.move = ui.hint.move.text;
  } else if (!snap) {
    text = '';
  } else if (snap.over) {
    text = snap.view.phase === 'match_over' ? 'The match is over.' : 'The round is over.';
  } else if (!isMyPlay()) {
    const who = snap.names[snap.view.current];
    text = snap.thinking >= 0 ? `${who} is thinking…` : `${who}'s turn.`;
    if (ui.lastBot) text = `${snap.names[ui.lastBot.seat]}: ${ui.lastBot.move.text}. ${text}`;
    if (snap.me < 0) text = `Watching. ${text}`;
  } else if (snap.view.phase === 'draw') {
    const take = snap.legal.some((m) => m.kind === 'take');
    text = `Your turn: draw from the stock${take ? ` or take the ${snap.view.discard.at(-1)}` : ''}.`;
    if (ui.lastBot) text = `${snap.names[ui.lastBot.seat]}: ${ui.lastBot.move.text}. ${text}`;
  } else {
    text = `${owed(snap.turn)}Meld, lay off or swap a joker, then discard.`;
  }
  el.dataset.kind = kind;
  el.textContent = text;
}

/** What the library's turnInfo says is still to do this turn, in words. */
function owed(turn) {
  if (!turn) return '';
  let text = '';
  if (!turn.opened && turn.openingPoints > 0) text += `Opening: ${turn.pointsLaid} of ${turn.openingPoints} laid this turn. `;
  if (turn.mustPlay) text += `The ${turn.mustPlay} you took must be melded or laid off this turn. `;
  if (turn.jokersToReplay > 0) text += `Play the joker${turn.jokersToReplay > 1 ? 's' : ''} you took back this turn. `;
  return text;
}

function renderLog() {
  const { view, names } = snap;
  $('#log').replaceChildren(
    ...view.moves
      .slice(-80)
      .reverse()
      .map((m) => {
        const li = document.createElement('li');
        li.textContent = `${names[m.seat]}: ${m.move}${m.card ? ` ${m.card}` : ''}`;
        return li;
      }),
  );
}

const REASON_TEXT = {
  went_out: (r, names) => `${r.winners.map((w) => names[w]).join(' and ')} went out.`,
  stock_out: () => 'The stock ran out.',
  turn_limit: () => 'The turn limit was reached.',
};

function renderResult() {
  const { view, names } = snap;
  const dialog = $('#result');
  const key = `${view.round}:${view.phase}`;
  if (!view.result) {
    if (dialog.open) dialog.close();
    return;
  }
  const r = view.result;
  $('#result-title').textContent = view.phase === 'match_over' ? 'Match over' : `Round ${view.round} over`;
  $('#result-reason').textContent = (REASON_TEXT[r.reason] ?? (() => r.reason))(r, names);
  $('#result-table tbody').replaceChildren(
    ...view.seats.map((seat) => {
      const tr = document.createElement('tr');
      tr.dataset.seat = seat.seat;
      tr.classList.toggle('winner', r.winners.includes(seat.seat));
      tr.innerHTML = `<td class="name"></td><td>${r.hand_value[seat.seat]}</td><td>${r.points[seat.seat]}</td><td class="total">${seat.total}</td>`;
      tr.querySelector('.name').textContent = names[seat.seat];
      return tr;
    }),
  );
  const winners = view.match_winners;
  $('#match-line').textContent = winners
    ? `${winners.map((w) => names[w]).join(' and ')} ${winners.length > 1 || winners[0] === snap.me ? 'win' : 'wins'} the match with the lowest total.`
    : settings.rounds
      ? `Round ${view.round} of ${settings.rounds}. Lowest total wins.`
      : 'Lowest total wins.';
  $('#next-btn').textContent = view.phase === 'match_over' ? 'New match' : 'Next round';
  if (ui.resultShownFor !== key) {
    ui.resultShownFor = key;
    if (!dialog.open) dialog.showModal();
  }
}

main();
