// Shared by the tests: the module under test, loaded from the build
// directory's rami.wasm (RAMI_WASM, set by meson) or the package's own.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from '../rami.js';

const here = fileURLToPath(new URL('.', import.meta.url));

export function wasmPath() {
  if (process.env.RAMI_WASM) return process.env.RAMI_WASM;
  for (const p of [`${here}../rami.wasm`, `${here}../../../build-wasm/examples/js/rami.wasm`])
    if (existsSync(p)) return p;
  throw new Error('rami.wasm not found: build it (examples/js/build-wasm.sh) or set RAMI_WASM');
}

export const loadRami = () => load({ wasm: wasmPath() });

/** xorshift64: the tests' own deterministic choices. */
export function rng(seed = 0x2545f4914f6cdd1dn) {
  let x = BigInt(seed) || 1n;
  return (n) => {
    x ^= (x << 13n) & 0xffffffffffffffffn;
    x ^= x >> 7n;
    x ^= (x << 17n) & 0xffffffffffffffffn;
    return Number(x % BigInt(n));
  };
}

/** Plays random legal moves until the round is over or `limit` moves. */
export function playRandom(game, pick, limit = Infinity) {
  let n = 0;
  while (n < limit) {
    const moves = game.legalMoves();
    if (moves.length === 0) break;
    game.play(moves[pick(moves.length)]);
    n++;
  }
  return n;
}

/** Everything the library knows about a game, to prove a call changed nothing. */
export const snapshot = (game) => game.viewJson(-1) + game.save();

export const PRESETS = ['51', '40', '51-house', '40-house', 'finnish'];
