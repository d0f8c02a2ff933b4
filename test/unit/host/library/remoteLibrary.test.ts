import * as assert from 'node:assert/strict';
import type { Paper } from '../../../../src/core/model/paper';
import type { EngineClient } from '../../../../src/host/engine/client';
import { RemoteLibrary } from '../../../../src/host/library/library';

/** A worker that knows every key but those starting with "missing", and counts what it is asked. */
function worker() {
  const asked: string[][] = [];
  const client = {
    request: async (request: { type: string; keys: string[] }) => {
      assert.equal(request.type, 'papers');
      asked.push(request.keys);
      return request.keys.map(key => (key.startsWith('missing') ? null : { id: `id-${key}`, key, title: `Title of ${key}` }));
    },
  } as unknown as EngineClient;
  return { client, asked };
}

suite('RemoteLibrary: the papers it was asked for answer without the worker', () => {
  test('a key asked again, found or not, is not asked of the worker again; the answers keep the order asked', async () => {
    const { client, asked } = worker();
    const library = new RemoteLibrary(client, 10, []);
    assert.deepEqual((await library.papers(['a', 'missingB', 'a'])).map(p => p?.title), ['Title of a', undefined, 'Title of a']);
    assert.deepEqual(asked, [['a', 'missingB']]);
    assert.equal((await library.paper('a'))?.key, 'a');
    assert.equal(await library.paper('missingB'), undefined);
    assert.deepEqual((await library.papers(['c', 'a'])).map(p => p?.key), ['c', 'a']);
    assert.deepEqual(asked, [['a', 'missingB'], ['c']]);
    assert.ok(library.knows('a') && library.knows('missingB') && !library.knows('d'));
  });

  test('asking for more papers than it remembers still answers every one of them', async () => {
    const { client } = worker();
    const library = new RemoteLibrary(client, 5000, []);
    const keys = Array.from({ length: 5000 }, (_, i) => `k${i}`);
    const papers = await library.papers(keys);
    assert.deepEqual(papers.map(p => (p as Paper).key), keys);
    // The oldest went: the last asked are the ones kept.
    assert.ok(!library.knows('k0') && library.knows('k4999'));
  });

  test('the same library told later (its names indexed) keeps what was asked; a new library knows none', async () => {
    const { client, asked } = worker();
    const early = new RemoteLibrary(client, 10, []);
    await early.paper('a');
    const indexed = early.withReport(10, []);
    assert.equal((await indexed.paper('a'))?.key, 'a');
    assert.equal(asked.length, 1);
    const changed = new RemoteLibrary(client, 10, []);
    assert.equal(changed.knows('a'), false);
    await changed.paper('a');
    assert.equal(asked.length, 2);
  });
});
