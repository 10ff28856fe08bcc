// rami.d.ts declares the whole runtime API, and a program using all of it
// type-checks with tsc --strict (when TypeScript is installed: npm ci in
// examples/web, as .ci/run does; RAMI_TSC names another tsc).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import * as module from '../rami.js';
import { loadRami } from './helpers.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const dts = readFileSync(`${here}../rami.d.ts`, 'utf8');
const rami = await loadRami();

/** The members declared in the body of `declare class NAME` / `interface NAME`. */
function declared(kind, name) {
  const start = dts.search(new RegExp(`(declare class|interface) ${name}\\b[^{]*\\{`));
  assert.ok(start >= 0, `${kind} ${name} is declared`);
  let depth = 0;
  let i = dts.indexOf('{', start);
  const from = i;
  for (; i < dts.length; i++) {
    if (dts[i] === '{') depth++;
    if (dts[i] === '}' && --depth === 0) break;
  }
  const body = dts.slice(from + 1, i);
  return new Set([...body.matchAll(/^\s{2}(?:static\s+)?(?:readonly\s+)?(\w+)\??[(:<]/gm)].map((m) => m[1]));
}

const own = (proto) => Object.getOwnPropertyNames(proto).filter((n) => n !== 'constructor' && !n.startsWith('#'));

test('every export of rami.js is declared', () => {
  for (const name of Object.keys(module)) assert.match(dts, new RegExp(`export declare (class|function) ${name}\\b`), name);
});

test('every member of the loaded API is declared in interface Rami', () => {
  const names = declared('interface', 'Rami');
  for (const name of Object.keys(rami)) assert.ok(names.has(name), `Rami.${name}`);
  for (const name of names) assert.ok(name in rami, `Rami.${name} exists`);
});

test('every method and property of Game and Ruleset is declared', () => {
  for (const [cls, ctor] of [['Game', rami.Game], ['Ruleset', rami.Ruleset]]) {
    const names = declared('class', cls);
    const runtime = [...own(ctor.prototype), ...own(ctor).filter((n) => !['length', 'name', 'prototype'].includes(n))];
    for (const name of runtime) assert.ok(names.has(name), `${cls}.${name} is declared`);
    for (const name of names) assert.ok(name in ctor.prototype || name in ctor || cls === 'Ruleset', `${cls}.${name} exists`);
  }
  const rs = rami.Ruleset.preset('51', 2);
  const fields = declared('interface', 'RulesetFields');
  assert.deepEqual(Object.keys(rs).sort(), [...fields].sort(), 'Ruleset fields');
});

function findTsc() {
  if (process.env.RAMI_TSC) return process.env.RAMI_TSC;
  for (const dir of [`${here}../node_modules`, `${here}../../web/node_modules`]) {
    const tsc = `${dir}/typescript/bin/tsc`;
    if (existsSync(tsc)) return tsc;
  }
  return null;
}

const tsc = findTsc();
const tscArgs = (file) => [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext',
  '--moduleResolution', 'nodenext', '--lib', 'es2022,dom', file];
test('tsc --strict accepts a program using the whole API', { skip: tsc ? false : 'typescript not installed (npm ci in examples/web)' }, () => {
  try {
    execFileSync(process.execPath, tscArgs(`${here}usage.ts`), { encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    assert.fail(`tsc:\n${e.stdout}${e.stderr}`);
  }
});

test('tsc rejects a misuse (the check is not vacuous)', { skip: tsc ? false : 'typescript not installed' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'rami-types-'));
  const bad = join(dir, 'misuse.mts');
  writeFileSync(bad, `import { load } from '${here}../rami.js';\nconst r = await load();\nnew r.Game(r.Ruleset.preset('52', 2), 'seed');\nexport {};\n`);
  let out = '';
  try {
    execFileSync(process.execPath, tscArgs(bad), { encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    out = e.stdout + e.stderr;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.match(out, /"52"/);
  assert.match(out, /'"seed"' is not assignable to parameter of type 'Seed/);
  assert.equal(out.match(/error TS/g)?.length, 2, out);
});
