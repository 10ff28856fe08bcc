// Type-checked by package.test.mjs: the package imported by name.
import { load, RamiError, type Move, type Rami } from 'rami';

const rami: Rami = await load();
const game = new rami.Game(rami.Ruleset.preset('40', 2), 1n);
const moves: Move[] = game.legalMoves();
try {
  game.play(moves[0] ?? 'draw');
} catch (e) {
  if (e instanceof RamiError) console.log(e.code);
}
game.free();
