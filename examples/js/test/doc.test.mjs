// The JavaScript blocks of doc/javascript.md run as written (with 'rami'
// resolved to this package and the module under test as its rami.wasm).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import { wasmPath } from './helpers.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const doc = readFileSync(`${here}../../../doc/javascript.md`, 'utf8');
const blocks = [...doc.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
const dir = mkdtempSync(join(tmpdir(), 'rami-doc-'));
for (const f of ['rami.js', 'structs.js', 'host.js']) copyFileSync(`${here}../${f}`, join(dir, f));
copyFileSync(wasmPath(), join(dir, 'rami.wasm'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('doc/javascript.md has examples', () => assert.ok(blocks.length >= 3));

for (const [i, code] of blocks.entries()) {
  test(`doc/javascript.md example ${i + 1} runs`, () => {
    const file = join(dir, `example${i + 1}.mjs`);
    writeFileSync(file, code.replaceAll("from 'rami'", "from './rami.js'"));
    const out = execFileSync(process.execPath, [file], { encoding: 'utf8' });
    if (code.includes('RAMI_E_PHASE draw a card first')) assert.match(out, /-7 RAMI_E_PHASE draw a card first/);
    if (code.includes("game.roundResult()")) assert.match(out, /winners/);
  });
}
