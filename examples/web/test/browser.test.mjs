// The page in a real browser: Debian's Chromium, headless, driven by
// puppeteer-core, on a local server at 127.0.0.1. A whole round is played
// through the page as a person would - clicks on the settings, the stock,
// the discard pile, cards, melds and buttons; never a call into the engine -
// against two bots, checking what the screen shows along the way; then
// screenshots are left in $RAMI_SCREENSHOTS (default build-wasm/screenshots)
// for a person to look at.
//
// Run: node examples/web/test/browser.test.mjs (exit 77 = skipped: no
// chromium or no puppeteer-core; npm ci in examples/web installs it).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { startServer } from '../server.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = resolve(here, '../../..');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const SHOTS = resolve(process.env.RAMI_SCREENSHOTS ?? join(repo, 'build-wasm', 'screenshots'));
const WASM = process.env.RAMI_WASM ?? join(repo, 'examples', 'js', 'rami.wasm');
const SIZE_LIMIT = 300 * 1024;

/** Skipped (77) when a tool is missing, a failure under RAMI_REQUIRE_BROWSER (CI). */
function skip(why) {
  console.log(`SKIP: ${why}`);
  process.exit(process.env.RAMI_REQUIRE_BROWSER ? 1 : 77);
}
let puppeteer;
try {
  puppeteer = (await import('puppeteer-core')).default;
} catch {
  skip('puppeteer-core is not installed (npm ci in examples/web)');
}
if (!existsSync(CHROMIUM)) skip(`${CHROMIUM} not found (apt install chromium)`);
if (!existsSync(WASM)) skip(`${WASM} not found (examples/js/build-wasm.sh)`);

let server;
let browser;
let page;
let profile;
const errors = [];
const loaded = new Map(); // url -> bytes, everything the page fetched

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  ({ server } = await startServer({ port: 0, map: { '/js/rami.wasm': WASM } }));
  profile = mkdtempSync(join(tmpdir(), 'rami-chromium-'));
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
    ],
  });
  page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  page.on('response', async (r) => {
    if (r.ok() && r.request().method() === 'GET') loaded.set(new URL(r.url()).pathname, await r.buffer().catch(() => Buffer.alloc(0)));
  });
  page.setDefaultTimeout(30000);
});

after(async () => {
  await browser?.close();
  server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

const url = () => `http://127.0.0.1:${server.address().port}/web/`;
const shot = (name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const text = (sel) => page.$eval(sel, (e) => e.textContent.trim());

/** What the screen shows, read from the DOM only. */
function screen() {
  return page.evaluate(() => {
    const q = (s) => [...document.querySelectorAll(s)];
    const num = (el, s) => Number(el.querySelector(s)?.textContent);
    return {
      seats: q('.seat').map((e) => ({
        seat: Number(e.dataset.seat),
        name: e.querySelector('.name').textContent,
        cards: num(e, '.count'),
        opened: !e.querySelector('.opened').hidden,
        total: num(e, '.total b'),
        current: e.classList.contains('current'),
        me: e.classList.contains('me'),
      })),
      stock: Number(document.querySelector('#stock-count').textContent),
      discard: Number(document.querySelector('#discard-count').textContent),
      melds: q('.meld').map((e) => ({
        owner: e.querySelector('.owner').textContent,
        cards: [...e.querySelectorAll('.card')].map((c) => c.dataset.card),
      })),
      hand: q('#hand .card').map((c) => c.dataset.card),
      refusedCards: q('#hand .card.refused').map((c) => c.dataset.card),
      refusedMelds: q('.meld.refused').map((e) => Number(e.dataset.index)),
      status: document.querySelector('#status').textContent,
      statusKind: document.querySelector('#status').dataset.kind,
      hintMove: document.querySelector('#status').dataset.move ?? null,
      dialog: document.querySelector('#result').open,
      busy: document.querySelector('.seat.thinking') !== null,
    };
  });
}

/** Every card is somewhere: hands + stock + discard + table = the pack. */
function assertConserved(s, pack) {
  const inHands = s.seats.reduce((a, x) => a + x.cards, 0);
  const onTable = s.melds.reduce((a, m) => a + m.cards.length, 0);
  assert.equal(inHands + s.stock + s.discard + onTable, pack, JSON.stringify(s));
  assert.equal(s.seats.find((x) => x.me).cards, s.hand.length, 'my chip counts my hand');
}

/** Waits until it is the human's turn (no bot thinking) or the round is over. */
async function waitForMyTurnOrEnd() {
  await page.waitForFunction(
    () =>
      document.querySelector('#result').open ||
      (document.querySelector('.seat.me.current') && !document.querySelector('.seat.thinking')),
    { timeout: 120000 },
  );
}

async function clickCard(card) {
  const handle = await page.$(`#hand .card[data-card="${card}"]:not(.selected)`);
  assert.ok(handle, `card ${card} in the hand`);
  await handle.click();
}

/** Drags a card of the hand onto the element `to`, with the mouse. */
async function dragCard(card, to) {
  const from = await (await page.$(`#hand .card[data-card="${card}"]`)).boundingBox();
  const dest = await (await page.$(to)).boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 30, { steps: 4 });
  await page.mouse.move(dest.x + dest.width / 2, dest.y + dest.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** Performs a move of the hint through the page: the same clicks (or
 * drags) a player makes. */
async function perform(moveText, dragDiscard = false) {
  const [kind, ...rest] = moveText.split(' ');
  if (kind === 'draw') return page.click('#stock');
  if (kind === 'take') return page.click('#discard');
  if (kind === 'meld') {
    for (const c of rest.filter((w) => /^[0-9AJQKT]/.test(w) && w !== 'high' && w !== 'low')) await clickCard(c);
    await page.click('#meld-btn');
  } else if (kind === 'discard' && dragDiscard) {
    await dragCard(rest[0], '#discard');
  } else if (kind === 'discard') {
    await clickCard(rest[0]);
    await page.click('#discard-btn');
  } else if (kind === 'lay' || kind === 'swap') {
    await clickCard(rest[0]);
    await page.click(`.meld[data-index="${Number(rest[2]) - 1}"]`);
  } else {
    assert.fail(`unknown move ${moveText}`);
  }
  // Several moves matched the click: the page asks which one.
  const choice = await page.$(`#choice:not([hidden]) button[data-move="${moveText}"]`);
  if (choice) await choice.click();
}

/** Plays the human's turns by the hint until the result dialog shows. */
async function playRound(state) {
  let s;
  while (!(s = await screen()).dialog) {
    assertConserved(s, state.pack);
    if (!state.meldShot && s.melds.length >= 2) {
      await shot('03-melds-on-the-table');
      state.meldShot = true;
    }
    // In the play phase, once: a two-card "meld" is refused with a reason.
    if (!state.refused && s.hand.length >= 14) {
      await clickCard(s.hand[0]);
      await clickCard(s.hand[1]);
      await page.click('#meld-btn');
      await page.waitForFunction(() => document.querySelector('#status').dataset.kind === 'error');
      const refused = await screen();
      state.refused = refused.status;
      assert.match(state.refused, /^\S+ \S+: .{8,}/, 'the cards and the library reason');
      // The library's structured refusal marks the two cards in the hand.
      assert.deepEqual(refused.refusedCards.sort(), [s.hand[0], s.hand[1]].sort());
      assert.deepEqual(refused.refusedMelds, []);
      await shot('04-refused-meld');
      await page.click('#clear-btn');
      assert.deepEqual((await screen()).refusedCards, [], 'clearing the selection clears the marks');
      continue;
    }
    await page.click('#hint-btn');
    await page.waitForFunction(() => document.querySelector('#status').dataset.kind === 'hint');
    const hint = (await screen()).hintMove;
    assert.ok(hint, 'the hint names a move');
    if (!state.hintShot && /^(meld|lay|swap)/.test(hint)) {
      await shot('02-hint');
      state.hintShot = true;
    }
    const before = await screen();
    // The first discard is dragged to the pile; everything else is clicked.
    const drag = hint.startsWith('discard') && !state.dragged;
    await perform(hint, drag);
    if (drag) state.dragged = hint;
    await page.waitForFunction(() => document.querySelector('#status').dataset.kind !== 'hint');
    s = await screen();
    assert.notEqual(s.statusKind, 'error', `${hint}: ${s.status}`);
    state.actions++;
    state.moves.push(hint);
    if (/^(meld|lay|swap)/.test(hint) && !s.dialog) {
      const cardsOnTable = (x) => x.melds.reduce((a, m) => a + m.cards.length, 0);
      assert.ok(cardsOnTable(s) > cardsOnTable(before) || hint.startsWith('swap'), `${hint} shows on the table`);
      if (hint.startsWith('meld')) assert.ok(s.melds.at(-1).owner === 'You', 'my meld is on the table, with my name');
      if (!state.undone) {
        // Undo within the turn puts the cards back; the loop then plays on.
        await page.click('#undo-btn');
        await page.waitForFunction((n) => document.querySelectorAll('#hand .card').length === n, {}, before.hand.length);
        const back = await screen();
        assert.deepEqual(back.hand, before.hand);
        assert.equal(cardsOnTable(back), cardsOnTable(before));
        state.undone = hint;
      }
    }
    if (!state.phoneShot && state.actions === 12) {
      await page.setViewport({ width: 390, height: 844 });
      await shot('05-phone-mid-round');
      await page.setViewport({ width: 1280, height: 800 });
      state.phoneShot = true;
    }
    await waitForMyTurnOrEnd();
    assert.ok(state.actions < 1500, 'the rounds end');
  }
  return s;
}

/** The result dialog as the screen shows it. */
function resultOnScreen() {
  return page.evaluate(() => ({
    title: document.querySelector('#result-title').textContent,
    reason: document.querySelector('#result-reason').textContent,
    rows: [...document.querySelectorAll('#result-table tbody tr')].map((tr) => ({
      winner: tr.classList.contains('winner'),
      cells: [...tr.children].map((td) => td.textContent),
    })),
    match: document.querySelector('#match-line').textContent,
    next: document.querySelector('#next-btn').textContent,
  }));
}

test('whole rounds through the page against two bots', async () => {
  const started = Date.now();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(`${url()}?seed=20261130`);
  await page.waitForSelector('#hand .card');
  // Choose the game with the settings form, as a player would.
  await page.select('#preset', '51');
  await page.select('#bots', '2');
  await page.select('#level', 'greedy');
  await page.select('#rounds', '3');
  await page.select('#speed', '0');
  await page.click('#new-game');
  await page.waitForFunction(() => document.querySelectorAll('.seat').length === 3);
  assert.ok(await page.$eval('#spectate', (e) => e.hidden), 'a local game offers no link to watch');
  await waitForMyTurnOrEnd();
  let s = await screen();
  const state = { pack: 2 * 52 + 4, actions: 0, moves: [], undone: null, refused: null, meldShot: false, phoneShot: false };
  assert.deepEqual(s.seats.map((x) => x.name), ['You', 'Bot 1', 'Bot 2']);
  assert.match(await text('#about'), /Rami 51, 3 players, greedy bots · seed 20261130/);
  assertConserved(s, state.pack);
  assert.equal(s.melds.length, 0);
  assert.match(s.status, /^Your turn: draw from the stock/);
  await shot('01-start');

  // Draw, then reload the page: the game comes back from the browser's
  // storage (a saved record, loaded by the library) exactly as it was.
  await page.click('#stock');
  await page.waitForFunction(() => document.querySelectorAll('#hand .card').length === 14);
  const drawn = await screen();
  // The opening so far, from the library's turnInfo.
  assert.match(drawn.status, /^Opening: 0 of 51 laid this turn\. Meld, lay off/);
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#hand .card').length === 14);
  const resumed = await screen();
  assert.deepEqual(resumed.hand, drawn.hand);
  assert.deepEqual(resumed.seats, drawn.seats);
  assert.equal(resumed.stock, drawn.stock);
  assert.match(await text('#log'), /You: draw/);

  // Round 1 to its end, then its result.
  s = await playRound(state);
  const round1Seconds = (Date.now() - started) / 1000;
  let result = await resultOnScreen();
  assert.equal(result.title, 'Round 1 over');
  assert.match(result.reason, /went out|stock ran out|turn limit/);
  assert.equal(result.rows.length, 3);
  assert.ok(result.rows.some((r) => r.winner));
  assert.equal(result.next, 'Next round');
  assert.match(result.match, /Round 1 of 3/);
  for (const [i, r] of result.rows.entries()) {
    assert.equal(r.cells[0], s.seats[i].name);
    assert.equal(Number(r.cells[3]), s.seats[i].total, 'the dialog total is the seat chip total');
    assert.equal(Number(r.cells[2]), s.seats[i].total, 'after one round, total = round points');
    if (r.winner && /went out/.test(result.reason)) assert.equal(Number(r.cells[1]), 0, 'a winner who went out holds nothing');
  }
  await shot('06-round-result');
  await page.setViewport({ width: 390, height: 844 });
  await shot('07-phone-round-result');
  await page.setViewport({ width: 1280, height: 800 });
  console.log(`# round 1 through the page: ${state.actions} human actions in ${round1Seconds.toFixed(1)} s; ${result.reason}`);

  // The next rounds, to the end of the match.
  let round = 1;
  while (round < 3) {
    const totals = s.seats.map((x) => x.total);
    await page.click('#next-btn');
    round++;
    await page.waitForFunction(() => !document.querySelector('#result').open);
    await waitForMyTurnOrEnd();
    s = await playRound(state);
    result = await resultOnScreen();
    for (const [i, r] of result.rows.entries())
      assert.equal(Number(r.cells[3]), totals[i] + Number(r.cells[2]), 'totals add up round by round');
  }
  // Three rounds: the match is over, the lowest total wins.
  assert.equal(result.title, 'Match over');
  assert.equal(result.next, 'New match');
  const totals = result.rows.map((r) => Number(r.cells[3]));
  const winners = result.rows.flatMap((r, i) => (Number(r.cells[3]) === Math.min(...totals) ? [r.cells[0]] : []));
  const verb = winners.length > 1 || winners[0] === 'You' ? 'win' : 'wins'; // never "You wins"
  assert.match(result.match, new RegExp(`^${winners.join(' and ')} ${verb} the match with the lowest total\\.$`));
  await shot('08-match-over');
  assert.ok(state.undone, 'an undo was tried');
  assert.ok(state.refused, 'a refused meld was shown');
  assert.ok(state.dragged, 'a card was dragged');
  assert.deepEqual(errors, []);
  const seconds = (Date.now() - started) / 1000;
  console.log(`# ${round} round(s), ${state.actions} human actions by click in ${seconds.toFixed(1)} s; undo tried on "${state.undone}"; dragged "${state.dragged}"; refusal shown: "${state.refused}"`);
  console.log(`# screenshots in ${SHOTS}`);
});

test("the page's wasm + JavaScript weigh under 300 KB", async () => {
  const files = [...loaded].filter(([path]) => /\.(js|mjs|wasm)$/.test(path));
  const names = files.map(([p]) => p).sort();
  assert.ok(names.includes('/js/rami.wasm') && names.includes('/js/rami.js') && names.includes('/web/app.js'), names.join(' '));
  const raw = files.reduce((a, [, b]) => a + b.length, 0);
  const gz = files.reduce((a, [, b]) => a + gzipSync(b, { level: 9 }).length, 0);
  const all = [...loaded.values()].reduce((a, b) => a + b.length, 0);
  console.log(`# page weight: wasm + JS ${raw} B (gzip ${gz} B) in ${files.length} files; everything loaded ${all} B`);
  for (const [p, b] of files.sort()) console.log(`#   ${p} ${b.length} B (gzip ${gzipSync(b, { level: 9 }).length} B)`);
  assert.ok(raw < SIZE_LIMIT, `${raw} B`);
});

test('parameters the page cannot use are ignored, and a game starts', async () => {
  // Each of these left the page at "Loading the rules engine…" with an
  // uncaught RamiError (a seed the library refuses, a preset or a player
  // count the form does not offer).
  for (const query of ['?seed=abc', '?seed=-1', '?seed=1e30', '?preset=bogus', '?bots=9', '?level=wizard&rounds=x']) {
    await page.evaluate(() => localStorage.clear());
    errors.length = 0;
    await page.goto(`${url()}${query}`);
    await page.waitForSelector('#hand .card');
    assert.match(await text('#about'), /Rami 51, 3 players, greedy bots · seed \d+$/, query);
    assert.deepEqual(errors, [], query);
  }
  await page.evaluate(() => localStorage.clear()); // the game above was saved
  await page.goto(`${url()}?seed=4294967296&preset=40&bots=1`);
  await page.waitForSelector('#hand .card');
  assert.match(await text('#about'), /Rami 40, 2 players, greedy bots · seed 4294967296$/);
});
