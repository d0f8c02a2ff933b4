// What dist/host.js (the code every activation compiles and runs) and dist/features.js (the
// features' host code, loaded on first use) hold: the modules esbuild names in the development
// build. zod and the schema modules belong to the engine bundle, loaded on first use; a value
// imported from one of them (a count from core/zotero/collections.ts did) pulls 22 KB into it.
// The features' modules are not compiled at activation, and no module is in both bundles.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/seeds';

suite('the host bundles (dist/host.js, dist/features.js)', () => {
  const text = (name: string) => readFileSync(join(ROOT, 'dist', name), 'utf8');
  const modules = (name: string) => [...text(name).matchAll(/^\/\/ ((?:src|node_modules)\/\S+)$/gm)].map(m => m[1]);
  /** The host's modules the features bundle takes from dist/host.js rather than holding them. */
  const taken = () => [...text('features.js').matchAll(/^\/\/ from-host:(src\/\S+)$/gm)].map(m => m[1]);

  test('name their modules (a development build), the host\'s own among them', () => {
    assert.ok(modules('host.js').includes('src/host/activate.ts'), 'built by node esbuild.mjs, without --production');
    assert.ok(modules('features.js').includes('src/host/features/start.ts'));
  });

  test('hold no zod and no module of schemas: the host checks with the engine\'s copy', () => {
    for (const name of ['host.js', 'features.js']) {
      const schemas = modules(name).filter(m => /^node_modules\/zod\/|^src\/core\/util\/zod\.ts$|^src\/(shared|engine)\/protocol\.ts$|^src\/core\/zotero\/(item|collections)\.ts$/.test(m));
      assert.deepEqual(schemas, [], name);
    }
  });

  test('require \'vscode\' once each, whatever number of their modules import it (each require goes through VS Code\'s interceptor)', () => {
    for (const name of ['host.js', 'features.js']) assert.equal([...text(name).matchAll(/require\(["']vscode["']\)/g)].length, 1, name);
  });

  test('activation compiles no feature: the views, citing, checks, the web, Zotero, styles and notes are in dist/features.js', () => {
    const features = /^src\/host\/(browse|cite|health|web|zotero|styles|notes)\//;
    assert.deepEqual(modules('host.js').filter(m => features.test(m)), []);
    assert.ok(modules('features.js').filter(m => features.test(m)).length > 50, 'the features\' modules are in dist/features.js');
  });

  test('no module is in both: the features take the host\'s modules from it (one copy, one state, one class)', () => {
    const inHost = new Set(modules('host.js'));
    assert.deepEqual(modules('features.js').filter(m => inHost.has(m)), []);
    assert.ok(taken().length > 0);
    for (const module of taken()) assert.ok(inHost.has(module), `${module} is taken from dist/host.js, which lacks it`);
    // Each taken module is in the host bundle's list of what it gives, by the same path.
    const given = text('host.js');
    for (const module of taken()) assert.ok(given.includes(`"${module}": `), `dist/host.js does not give ${module}`);
  });
});
