// Memory: games are freed by free() or, when forgotten, by the
// FinalizationRegistry; 10,000 games leave the WebAssembly heap exactly as
// it was.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadRami, PRESETS, playRandom, rng } from './helpers.mjs';

const rami = await loadRami();
const { Game, Ruleset } = rami;
const GAMES = Number(process.env.RAMI_JS_LEAK_GAMES ?? 10000);

test(`${GAMES} games, every API that allocates, and the heap is back to its baseline`, () => {
  const pick = rng(12345n);
  const rulesets = PRESETS.flatMap((p) => [2, 3, 4, 5, 6].map((n) => Ruleset.preset(p, n)));
  // Warm up the module's scratch buffers (the text buffer grows to the
  // longest record once), then take the baseline.
  const warm = new Game(rulesets[0], 1);
  playRandom(warm, pick);
  Game.load(warm.save()).free();
  warm.view(-1);
  warm.free();
  const base = rami.memory();
  let actions = 0;
  for (let i = 0; i < GAMES; i++) {
    const g = new Game(rulesets[i % rulesets.length], i);
    if (i % 10 === 0) {
      // Every tenth game also clones, samples, saves, loads, hints and bots.
      playRandom(g, pick, 20);
      if (g.inPlay) {
        g.clone().free();
        g.determinize(g.currentPlayer, i).free();
        g.botMove('greedy');
        if (i % 500 === 0) g.botMove({ level: 'strong', playouts: 20 });
        if (i % 500 === 0) g.hint({ playouts: 20 });
        // The 1.0 queries, and a refused move (its RamiError carries a refusal).
        g.history(g.currentPlayer);
        g.turnInfo();
        g.discardPile();
        g.legalActions();
        g.legalActionsMask();
        assert.throws(() => g.play('discard AS', (g.currentPlayer + 1) % g.players), /turn/);
      }
      Game.load(g.save()).free();
      g.view(0);
    }
    actions += playRandom(g, pick);
    g.roundResult();
    g.free();
  }
  const after = rami.memory();
  assert.equal(after.liveGames, base.liveGames);
  assert.equal(after.heapUsed, base.heapUsed, `heap ${base.heapUsed} -> ${after.heapUsed} bytes`);
  assert.ok(actions > GAMES * 20, `${actions} actions`);
  console.log(`${GAMES} games, ${actions} actions; heap in use ${after.heapUsed} B before and after; memory ${after.memoryBytes} B`);
});

test('forgotten games are freed by the FinalizationRegistry', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const base = rami.memory();
  (() => {
    for (let i = 0; i < 200; i++) new Game(Ruleset.preset('51', 4), i);
  })();
  assert.equal(rami.memory().liveGames, base.liveGames + 200);
  assert.ok(rami.memory().heapUsed > base.heapUsed + 200 * 1000);
  for (let i = 0; i < 100 && rami.memory().liveGames !== base.liveGames; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.deepEqual(rami.memory(), base);
});
