import * as assert from 'node:assert/strict';
import type { Paper } from '../../../../src/core/model/paper';
import type { EngineClient } from '../../../../src/host/engine/client';
import { RemoteLibrary } from '../../../../src/host/library/library';

/** A worker that knows every key but those starting with "missing", and counts what it is asked: papers, and rows by key. */
function worker() {
  const asked: string[][] = [];
  const rowsAsked: { keys: string[]; excerpt: number }[] = [];
  const client = {
    request: async (request: { type: string; keys: string[]; excerpt?: number }) => {
      if (request.type === 'rowsByKey') {
        rowsAsked.push({ keys: request.keys, excerpt: request.excerpt ?? -1 });
        return request.keys.map(key => (key.startsWith('missing') ? null : { id: `id-${key}`, key, title: `Title of ${key}`, excerpt: 'x'.repeat(request.excerpt ?? 0) }));
      }
      assert.equal(request.type, 'papers');
      asked.push(request.keys);
      return request.keys.map(key => (key.startsWith('missing') ? null : { id: `id-${key}`, key, title: `Title of ${key}` }));
    },
  } as unknown as EngineClient;
  return { client, asked, rowsAsked };
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

suite('RemoteLibrary: rows by key, for hover and Go to Definition, answer without the worker once asked', () => {
  test('a key asked again with the same excerpt is not asked again, found or not; the answers keep the order asked, one a key', async () => {
    const { client, asked, rowsAsked } = worker();
    const library = new RemoteLibrary(client, 10, []);
    const rows = await library.rowsByKey(['a', 'missingB', 'a'], 500);
    assert.deepEqual(rows.map(r => r?.title), ['Title of a', undefined, 'Title of a']);
    assert.equal(rows[0]?.excerpt.length, 500);
    assert.deepEqual(rowsAsked, [{ keys: ['a', 'missingB'], excerpt: 500 }]);
    assert.ok(library.knowsRow('a', 500) && library.knowsRow('missingB', 500) && !library.knowsRow('c', 500));
    assert.deepEqual((await library.rowsByKey(['c', 'missingB', 'a'], 500)).map(r => r?.key), ['c', undefined, 'a']);
    assert.deepEqual(rowsAsked.map(r => r.keys), [['a', 'missingB'], ['c']]);
    assert.deepEqual(asked, [], 'no whole paper was asked for');
  });

  test('rows with another excerpt are asked for: a row remembered with a short excerpt does not stand for a longer one', async () => {
    const { client, rowsAsked } = worker();
    const library = new RemoteLibrary(client, 10, []);
    await library.rowsByKey(['a']);
    assert.ok(library.knowsRow('a') && !library.knowsRow('a', 500));
    assert.equal((await library.rowsByKey(['a'], 500))[0]?.excerpt.length, 500);
    assert.deepEqual(rowsAsked, [{ keys: ['a'], excerpt: 0 }, { keys: ['a'], excerpt: 500 }]);
    // Papers and rows are remembered apart: a row asked ahead does not make the paper known.
    assert.equal(library.knows('a'), false);
  });

  test('the same library told later keeps the rows asked; a new library knows none; more than it remembers still all answer', async () => {
    const { client, rowsAsked } = worker();
    const early = new RemoteLibrary(client, 10, []);
    await early.rowsByKey(['a'], 500);
    const indexed = early.withReport(10, []);
    assert.ok(indexed.knowsRow('a', 500));
    await indexed.rowsByKey(['a'], 500);
    assert.equal(rowsAsked.length, 1);
    assert.equal(new RemoteLibrary(client, 10, []).knowsRow('a', 500), false);
    const keys = Array.from({ length: 5000 }, (_, i) => `k${i}`);
    assert.deepEqual((await indexed.rowsByKey(keys, 500)).map(r => r?.key), keys);
    assert.ok(!indexed.knowsRow('k0', 500) && indexed.knowsRow('k4999', 500));
  });
});

suite('RemoteLibrary: a search the worker answered without its abstracts', () => {
  /** A worker whose answers are partial until `settle` is called; it counts what it is asked. */
  function loadingWorker() {
    const asked: string[] = [];
    let settle!: () => void;
    const settled = new Promise<void>(resolve => { settle = resolve; });
    let searchable = false;
    const client = {
      request: async (request: { type: string }) => {
        asked.push(request.type);
        if (request.type === 'searchable') { await settled; searchable = true; return null; }
        const partial = searchable ? {} : { partial: true };
        if (request.type === 'treeTop') return { files: [], groups: [], filter: { query: 'tau', count: 0, problems: [], ...partial } };
        assert.equal(request.type, 'query');
        return { rows: [], problems: [], ...partial };
      },
    } as unknown as EngineClient;
    return { client, asked, settle };
  }

  test('asks once when the abstracts are searchable, and tells its listener then, once', async () => {
    const { client, asked, settle } = loadingWorker();
    const library = new RemoteLibrary(client, 10, []);
    let told = 0;
    library.onSearchable(() => told++);
    assert.equal((await library.query('tau bench')).partial, true);
    assert.equal((await library.query('tau bench', { allWords: true })).partial, true);
    assert.deepEqual(asked, ['query', 'searchable', 'query']);
    await new Promise(resolve => setTimeout(resolve, 10));
    assert.equal(told, 0, 'not before the worker says so');
    settle();
    await new Promise(resolve => setTimeout(resolve, 10));
    assert.equal(told, 1);
    assert.equal((await library.query('tau bench')).partial, undefined);
    assert.deepEqual(asked, ['query', 'searchable', 'query', 'query']);
    assert.equal(told, 1);
  });

  test('the Papers view\'s filter made without the abstracts asks the same way', async () => {
    const { client, asked, settle } = loadingWorker();
    const library = new RemoteLibrary(client, 10, []);
    let told = 0;
    library.onSearchable(() => told++);
    await library.treeTop({ groupBy: 'topic', sortBy: 'upvotes', filter: 'tau' });
    await library.query('tau');
    assert.deepEqual(asked, ['treeTop', 'searchable', 'query']);
    settle();
    await new Promise(resolve => setTimeout(resolve, 10));
    assert.equal(told, 1);
  });

  test('a whole answer asks nothing more', async () => {
    const asked: string[] = [];
    const client = { request: async (request: { type: string }) => { asked.push(request.type); return { rows: [], problems: [] }; } } as unknown as EngineClient;
    const library = new RemoteLibrary(client, 10, []);
    library.onSearchable(() => assert.fail('told without a partial answer'));
    await library.query('tau bench');
    assert.deepEqual(asked, ['query']);
  });
});
