// The engine in the extension host (bundled papers only) answers the views' questions through the
// same requests as the worker: what a view gets cannot tell the two apart.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULT_SCHEMAS } from '../../../../src/engine/protocol';
import { LibraryService } from '../../../../src/engine/service';
import { LocalLibrary } from '../../../../src/host/library/library';
import { ROOT } from '../../support/seeds';

const dist = (name: string) => readFileSync(join(ROOT, 'dist', name), 'utf8');

suite('LocalLibrary: the bundled papers, asked in the extension host', () => {
  const service = LibraryService.load({ corpus: dist('corpus.json'), names: dist('names.index'), text: dist('fulltext.index') });
  const library = new LocalLibrary(service);
  const [first, second] = service.library.papers;

  test('papers and rows by key: one a key, undefined where none has it, keys compared without case', async () => {
    assert.deepEqual(await library.papers([first.key, 'nosuchkey', second.id]), [first, undefined, second]);
    assert.equal(await library.paper(first.key.toUpperCase()), first);
    const rows = await library.rowsByKey([first.key, 'nosuchkey', second.id], 500);
    assert.deepEqual(rows, [service.rows([first.key], 500)[0], undefined, service.rows([second.id], 500)[0]]);
    assert.ok(rows[0]!.excerpt.length > 0 && first.abstract.startsWith(rows[0]!.excerpt.slice(0, 20)));
    // What crosses from the worker fits the same schema (engine/protocol.ts).
    assert.ok(RESULT_SCHEMAS.rowsByKey.safeParse(rows.map(r => r ?? null)).success);
  });

  test('the other questions answer as the service does', async () => {
    assert.equal(library.size, service.size);
    assert.deepEqual(await library.query('agent', { limit: 3 }), service.query('agent', { limit: 3 }));
    assert.deepEqual(await library.suggestions([], 0, 5), service.suggestions([], 0, 5));
    assert.deepEqual(await library.rows([first.id, 'nosuchkey'], 40), service.rows([first.id], 40));
    assert.deepEqual(await library.keys(), new Set(service.keys().map(k => k.toLowerCase())));
    const options = { groupBy: 'topic' as const, sortBy: 'date' as const };
    assert.deepEqual(await library.treeTop(options), service.treeTop(options));
    assert.equal(await library.locate(first.id, options), service.locate(first.id, options));
    assert.equal(await library.locate('nosuchpaper', options), undefined);
    assert.deepEqual((await library.all()).map(p => p.id), service.library.papers.map(p => p.id));
  });
});
