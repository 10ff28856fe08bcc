// "Play online" in a real browser: two pages of Debian's Chromium (headless,
// driven by puppeteer-core, separate profiles) play one match against each
// other through rami-server on 127.0.0.1, which also serves the page. Page A
// creates the table with the settings form, page B opens the link A shows;
// then both play by clicks (a move comes from the hint button, whose hint
// the server's library computes), never a call into the engine. Checked
// along the way: both pages show the same public table, a refused move
// shows the library's reason from the server, undo, a reload resumes the
// seat, and both show the same result. Screenshots go to $RAMI_SCREENSHOTS.
//
// Needs what browser.test.mjs needs and the native rami-server
// ($RAMI_SERVER, default build/examples/server/rami-server); without one
// of them the test reports SKIP (77), or fails under RAMI_REQUIRE_BROWSER.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = resolve(here, '../../..');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const SHOTS = resolve(process.env.RAMI_SCREENSHOTS ?? join(repo, 'build-wasm', 'screenshots'));
const WASM = process.env.RAMI_WASM ?? join(repo, 'examples', 'js', 'rami.wasm');
const SERVER = process.env.RAMI_SERVER ?? join(repo, 'build', 'examples', 'server', 'rami-server');

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
if (!existsSync(SERVER)) skip(`${SERVER} not found (build rami-server: meson -Dserver=enabled)`);

let work;
let server;
let base;
let browser;
const errors = [];

/** A web root for the server: examples/web and examples/js with this build's rami.wasm. */
function webRoot() {
  const root = join(work, 'www');
  mkdirSync(join(root, 'js'), { recursive: true });
  symlinkSync(join(repo, 'examples', 'web'), join(root, 'web'));
  for (const f of readdirSync(join(repo, 'examples', 'js')))
    if (f !== 'rami.wasm') symlinkSync(join(repo, 'examples', 'js', f), join(root, 'js', f));
  symlinkSync(resolve(WASM), join(root, 'js', 'rami.wasm'));
  return root;
}

function startServer(root) {
  const proc = spawn(SERVER, ['--port', '0', '--db', join(work, 'rami.db'), '--web-root', root, '--bot-delay-ms', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolveStart, reject) => {
    proc.on('error', reject);
    proc.on('exit', (code) => reject(new Error(`rami-server exited (${code})`)));
    createInterface({ input: proc.stdout }).once('line', (line) => {
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(line);
      if (!m) return reject(new Error(`rami-server said: ${line}`));
      resolveStart({ proc, base: `http://127.0.0.1:${m[1]}` });
    });
  });
}

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  work = mkdtempSync(join(tmpdir(), 'rami-online-'));
  ({ proc: server, base } = await startServer(webRoot()));
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
      `--user-data-dir=${join(work, 'profile')}`,
    ],
  });
});

after(async () => {
  await browser?.close();
  if (server) {
    server.removeAllListeners('exit');
    server.kill('SIGTERM');
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A page in its own browser context: its own storage, as another person's. */
async function newPlayer(name) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`${name} pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`${name} console: ${m.text()}`));
  page.setDefaultTimeout(60000);
  await page.setViewport({ width: 1280, height: 800 });
  page.label = name;
  return page;
}

/** What a page shows, read from the DOM only. */
function screen(page) {
  return page.evaluate(() => {
    const q = (s) => [...document.querySelectorAll(s)];
    return {
      seats: q('.seat').map((e) => ({ name: e.querySelector('.name').textContent, cards: Number(e.querySelector('.count').textContent) })),
      stock: Number(document.querySelector('#stock-count').textContent),
      discard: Number(document.querySelector('#discard-count').textContent),
      top: document.querySelector('#discard-top .card')?.dataset.card ?? null,
      melds: q('.meld').map((e) => [...e.querySelectorAll('.card')].map((c) => c.dataset.card).join(' ')),
      hand: q('#hand .card').map((c) => c.dataset.card),
      log: q('#log li').length,
      status: document.querySelector('#status').textContent,
      kind: document.querySelector('#status').dataset.kind,
      hint: document.querySelector('#status').dataset.move ?? null,
      dialog: document.querySelector('#result').open,
      mine: !!document.querySelector('.seat.me.current') && !document.querySelector('.seat.thinking'),
      draw: document.querySelector('#stock').classList.contains('live'),
      invite: document.querySelector('#invite').hidden ? null : document.querySelector('#invite-link').value,
      watch: document.querySelector('#spectate').hidden ? null : document.querySelector('#watch-link').value,
      rounds: document.querySelector('#rounds').value,
    };
  });
}

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

async function clickCard(page, card) {
  const handle = await page.$(`#hand .card[data-card="${card}"]:not(.selected)`);
  assert.ok(handle, `${page.label}: card ${card} in the hand`);
  await handle.click();
}

/** The clicks a player makes for a move in notation. */
async function perform(page, move) {
  const [kind, ...rest] = move.split(' ');
  if (kind === 'draw') return page.click('#stock');
  if (kind === 'take') return page.click('#discard');
  if (kind === 'meld') {
    for (const c of rest.filter((w) => w !== 'high' && w !== 'low')) await clickCard(page, c);
    await page.click('#meld-btn');
  } else if (kind === 'discard') {
    await clickCard(page, rest[0]);
    await page.click('#discard-btn');
  } else {
    await clickCard(page, rest[0]);
    await page.click(`.meld[data-index="${Number(rest[2]) - 1}"]`);
  }
  const choice = await page.$(`#choice:not([hidden]) button[data-move="${move}"]`);
  if (choice) await choice.click();
}

/** The public table is the same on both pages (once both have caught up). */
async function sameTable(a, b) {
  const pub = (s) => JSON.stringify([s.stock, s.discard, s.top, s.melds, s.seats.map((x) => x.cards), s.log]);
  for (let i = 0; i < 200; i++) {
    const [sa, sb] = await Promise.all([screen(a), screen(b)]);
    if (pub(sa) === pub(sb)) return sa;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`the pages disagree: ${JSON.stringify(await screen(a))} / ${JSON.stringify(await screen(b))}`);
}

/** One action of the page whose turn it is: draw, or the server's hint. */
async function act(page, state) {
  const s = await screen(page);
  if (s.draw) {
    await page.click('#stock');
    await page.waitForFunction((n) => document.querySelectorAll('#hand .card').length === n + 1, {}, s.hand.length);
    return;
  }
  const pick = [s.hand[0], s.hand[Math.floor(s.hand.length / 2)], s.hand.at(-1)];
  if (!state.refused && new Set(pick).size === 3) {
    // Three cards that are no meld (the page's meld button says so, from
    // the module): the server refuses them with the library's reason.
    for (const c of pick) await clickCard(page, c);
    if ((await page.$eval('#meld-btn', (e) => e.textContent)) === 'Meld') {
      await page.click('#meld-btn');
      await page.waitForFunction(() => document.querySelector('#status').dataset.kind === 'error');
      state.refused = (await screen(page)).status;
      assert.ok(pick.every((c) => state.refused.includes(c)) && /: .{8,}/.test(state.refused), `the cards and the reason: ${state.refused}`);
      await shot(page, 'online-03-refused');
      await page.click('#clear-btn');
      return;
    }
    await page.click('#clear-btn'); // they happen to be a meld: another turn
  }
  await page.click('#hint-btn');
  await page.waitForFunction(() => document.querySelector('#status').dataset.kind === 'hint', { timeout: 120000 });
  const hint = (await screen(page)).hint;
  await perform(page, hint);
  await page.waitForFunction(() => document.querySelector('#status').dataset.kind !== 'hint');
  const after = await screen(page);
  assert.notEqual(after.kind, 'error', `${page.label} ${hint}: ${after.status}`);
  state.moves.push(`${page.label}: ${hint}`);
  if (/^(meld|lay)/.test(hint) && !state.undone && !after.dialog) {
    await page.click('#undo-btn');
    await page.waitForFunction((n) => document.querySelectorAll('#hand .card').length === n, {}, s.hand.length);
    assert.deepEqual((await screen(page)).hand, s.hand, 'undo gives the cards back');
    state.undone = hint;
  }
}

test('two pages play a match against each other through rami-server', async () => {
  const started = Date.now();
  const a = await newPlayer('A');
  const b = await newPlayer('B');
  await a.goto(`${base}/`); // the server sends / to the page
  await a.waitForSelector('#hand .card');
  assert.match(a.url(), /\/web\/$/);
  await a.select('#preset', '51');
  await a.select('#rounds', '1');
  await a.select('#people', '2');
  await a.select('#online-bots', '0');
  await a.click('#online-btn');
  await a.waitForFunction(() => !document.querySelector('#invite').hidden);
  const link = (await screen(a)).invite;
  assert.match(link, /\/web\/\?join=[0-9a-f]{16}$/);
  assert.match((await screen(a)).status, /starts when every seat is taken/);
  const watchLink = link.replace('?join=', '?watch=');
  assert.equal((await screen(a)).watch, watchLink, 'the waiting page offers a link to watch');
  await shot(a, 'online-01-invite');

  await b.goto(link);
  for (const p of [a, b]) await p.waitForFunction(() => document.querySelectorAll('.seat').length === 2 && document.querySelectorAll('#hand .card').length >= 13);
  let sa = await sameTable(a, b);
  const sb = await screen(b);
  assert.deepEqual(sa.seats.map((x) => x.name), ['You', 'player']);
  assert.deepEqual(sb.seats.map((x) => x.name), ['player', 'You']);
  assert.equal(sa.hand.length + sb.hand.length, 26);
  assert.equal((await screen(a)).invite, null, 'the invitation goes once the game starts');
  for (const p of [a, b]) assert.equal((await screen(p)).watch, watchLink, 'both seats keep the link to watch');
  await shot(b, 'online-02-joined');

  // A third page watches the table (?watch=): both seats, no hand, nothing
  // to play, and the same table as the players.
  const c = await newPlayer('C');
  await c.goto(watchLink);
  await c.waitForFunction(() => document.querySelectorAll('.seat').length === 2 && /^Watching\. /.test(document.querySelector('#status').textContent));
  const sc = await screen(c);
  assert.deepEqual(sc.hand, [], 'a spectator holds no hand');
  assert.deepEqual(sc.seats.map((x) => x.name), ['player', 'player']);
  assert.equal(sc.mine, false);
  assert.equal(sc.watch, watchLink, 'a spectator can pass the link on');
  assert.equal(sc.rounds, '1', "the form shows the watched table's match, not its default of 3");
  const watched = async () => {
    const pub = (s) => JSON.stringify([s.stock, s.discard, s.top, s.melds, s.seats.map((x) => x.cards)]);
    for (let i = 0; i < 200; i++) {
      const [sa, sw] = await Promise.all([screen(a), screen(c)]);
      if (pub(sa) === pub(sw)) return sw;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.fail(`the spectator's table differs: ${JSON.stringify(await screen(c))}`);
  };

  const state = { moves: [], refused: null, undone: null, reloaded: false };
  for (;;) {
    const [x, y] = await Promise.all([screen(a), screen(b)]);
    if (x.dialog && y.dialog) break;
    const page = x.mine && !x.dialog ? a : y.mine && !y.dialog ? b : null;
    if (!page) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    await act(page, state);
    await sameTable(a, b);
    if (state.moves.length % 10 === 0) assert.deepEqual((await watched()).hand, []);
    if (!state.reloaded && state.moves.length >= 6) {
      // A reload comes back to the same seat (its token is in the tab).
      const before = await screen(b);
      await b.reload();
      await b.waitForFunction((n) => document.querySelectorAll('#hand .card').length === n, {}, before.hand.length);
      assert.deepEqual((await screen(b)).hand, before.hand, 'the reloaded page holds the same hand');
      state.reloaded = true;
    }
    assert.ok(state.moves.length < 600, 'the round ends');
  }
  // The same result on both pages.
  const result = (p) => p.evaluate(() => ({
    title: document.querySelector('#result-title').textContent,
    rows: [...document.querySelectorAll('#result-table tbody tr')].map((tr) => [...tr.children].slice(1).map((td) => td.textContent)),
  }));
  const [ra, rb] = await Promise.all([result(a), result(b)]);
  assert.equal(ra.title, 'Match over');
  assert.deepEqual(ra, rb);
  await c.waitForFunction(() => document.querySelector('#result').open);
  assert.deepEqual((await result(c)).rows, ra.rows, 'the spectator sees the same result');
  await shot(c, 'online-06-spectator');
  // A new game from the spectator's form is a local game, and stays one
  // after a reload: the address no longer watches the table.
  await c.evaluate(() => document.querySelector('#setup').requestSubmit());
  await c.waitForFunction(() => document.querySelectorAll('#hand .card').length >= 13);
  assert.doesNotMatch(c.url(), /[?&](watch|join)=/, 'a local game leaves the table\'s address');
  assert.equal((await screen(c)).watch, null, 'a local game offers no link to watch');
  await c.reload();
  await c.waitForFunction(() => document.querySelectorAll('#hand .card').length >= 13);
  assert.doesNotMatch((await screen(c)).status, /^Watching/);
  await shot(a, 'online-04-result-a');
  await shot(b, 'online-05-result-b');
  assert.ok(state.refused && state.undone, `refusal "${state.refused}", undo of "${state.undone}"`);
  assert.deepEqual(errors, []);
  console.log(`# online match through rami-server: ${state.moves.length} hinted moves by click on two pages (a third watching) in ${((Date.now() - started) / 1000).toFixed(1)} s; undo of "${state.undone}"; refusal shown: "${state.refused}"`);
});
