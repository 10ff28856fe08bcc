// examples/js as an npm package: `npm ci` here installs it from
// package.json ("rami": "file:../js"), as `npm install ./examples/js` would
// in any project. The package resolves by name, its types resolve for
// TypeScript, and `npm pack` ships what rami.js needs.
// Exit code 77 (skipped) when npm ci has not run here.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const here = fileURLToPath(new URL('.', import.meta.url));
const web = `${here}..`;
if (!existsSync(`${web}/node_modules/rami/package.json`)) {
  console.log('SKIP: examples/web/node_modules/rami is missing (npm ci in examples/web)');
  process.exit(process.env.RAMI_REQUIRE_BROWSER ? 1 : 77);
}

test("import 'rami' by name and load it", async () => {
  const rami = await import('rami');
  assert.equal(typeof rami.load, 'function');
  assert.equal(typeof rami.RamiError, 'function');
  const r = await rami.load(process.env.RAMI_WASM ? { wasm: process.env.RAMI_WASM } : {});
  const g = new r.Game(r.Ruleset.preset('finnish', 2), 1);
  assert.equal(g.hand(0).length, 10);
  g.free();
  const pkg = JSON.parse(readFileSync(`${web}/node_modules/rami/package.json`, 'utf8'));
  assert.equal(pkg.version, r.version, 'package.json and the library agree on the version');
});

test('npm pack ships the module, its types, its helpers and rami.wasm', () => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: `${web}/../js`, encoding: 'utf8' });
  const files = JSON.parse(out)[0].files.map((f) => f.path).sort();
  for (const f of ['package.json', 'rami.js', 'rami.d.ts', 'structs.js', 'host.js']) assert.ok(files.includes(f), `${f} in ${files}`);
  assert.ok(!files.some((f) => f.startsWith('test/') || f.endsWith('.c')), 'only the runtime files');
  if (existsSync(`${web}/../js/rami.wasm`)) assert.ok(files.includes('rami.wasm'));
});

test("TypeScript resolves 'rami' and its declarations through package.json", { skip: !existsSync(`${web}/node_modules/typescript`) }, () => {
  const tsc = `${web}/node_modules/typescript/bin/tsc`;
  try {
    execFileSync(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--lib', 'es2022,dom', `${here}package-usage.mts`], {
      cwd: web,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (e) {
    assert.fail(`tsc:\n${e.stdout}${e.stderr}`);
  }
});
