// What dist/host.js (the code every activation compiles and runs) holds: the modules esbuild names in the
// development build. zod and the schema modules belong to the engine bundle, loaded on first use; a
// value imported from one of them (a count from core/zotero/collections.ts did) pulls 22 KB into it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/seeds';

suite('the host bundle (dist/host.js)', () => {
  const modules = () => [...readFileSync(join(ROOT, 'dist', 'host.js'), 'utf8').matchAll(/^\/\/ ((?:src|node_modules)\/\S+)$/gm)].map(m => m[1]);

  test('names its modules (a development build), the host\'s own among them', () => {
    assert.ok(modules().includes('src/host/activate.ts'), 'built by node esbuild.mjs, without --production');
  });

  test('holds no zod and no module of schemas: the host checks with the engine\'s copy', () => {
    const schemas = modules().filter(m => /^node_modules\/zod\/|^src\/core\/util\/zod\.ts$|^src\/(shared|engine)\/protocol\.ts$|^src\/core\/zotero\/(item|collections)\.ts$/.test(m));
    assert.deepEqual(schemas, []);
  });

  test('requires \'vscode\' once, whatever number of its modules import it (each require goes through VS Code\'s interceptor at activation)', () => {
    const text = readFileSync(join(ROOT, 'dist', 'host.js'), 'utf8');
    assert.equal([...text.matchAll(/require\(["']vscode["']\)/g)].length, 1);
    assert.ok(modules().filter(m => m.startsWith('src/host/')).length > 50, 'the host\'s modules are all in it');
  });
});
