import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import MiniSearch from 'minisearch';
import { decodeIndex, decodeIndexAsync, encodeIndex } from '../../../../src/core/search/indexCodec';
import { buildIndex, buildIndexParts, SEARCH_OPTIONS, SearchIndex, type SearchDocument } from '../../../../src/core/search/search';
import { seedCorpus } from '../../support/seeds';

suite('the compact index form the build ships', () => {
  const { papers } = seedCorpus();
  const ids = papers.map(p => p.id);

  test('decodes to exactly the JSON MiniSearch serializes, for the whole index and both parts', () => {
    const { names, text } = buildIndexParts(papers);
    for (const index of [buildIndex(papers), names, text]) {
      assert.equal(decodeIndex(encodeIndex(index.toJSON(), ids), ids), JSON.stringify(index));
    }
  });

  test('decodes the same in slices, leaving the event loop free between them', async () => {
    const encoded = encodeIndex(buildIndexParts(papers).text.toJSON(), ids);
    let ticks = 0;
    const timer = setInterval(() => { ticks++; }, 0);
    try {
      assert.deepStrictEqual(await decodeIndexAsync(encoded, ids), JSON.parse(decodeIndex(encoded, ids)));
    } finally {
      clearInterval(timer);
    }
    // The bundled full text has thousands of terms: several slices, each after a pause.
    assert.ok(ticks >= 2, `the decoder paused ${ticks} time(s)`);
    await assert.rejects(decodeIndexAsync(encoded, ids.slice(1)), /rebuild them together/);
  });

  test('an index loaded from it answers every query as the JSON one does', () => {
    const index = buildIndex(papers);
    const fromJson = new SearchIndex(MiniSearch.loadJSON<SearchDocument>(JSON.stringify(index), SEARCH_OPTIONS));
    const fromCode = new SearchIndex(MiniSearch.loadJSON<SearchDocument>(decodeIndex(encodeIndex(index.toJSON(), ids), ids), SEARCH_OPTIONS));
    fc.assert(fc.property(fc.constantFrom(...papers), fc.integer({ min: 1, max: 12 }), (paper, cut) => {
      const query = paper.title.slice(0, cut + 3);
      assert.deepEqual(fromCode.search(query, { limit: 10 }), fromJson.search(query, { limit: 10 }));
    }), { numRuns: 200 });
  });

  test('is much smaller than MiniSearch JSON', () => {
    const { text } = buildIndexParts(papers);
    assert.ok(encodeIndex(text.toJSON(), ids).length < JSON.stringify(text).length * 0.5);
  });

  test('refuses an index that is not the corpus in order, and a file of another corpus', () => {
    const index = buildIndex(papers);
    assert.throws(() => encodeIndex(index.toJSON(), [...ids].reverse()), /document 0 is/);
    index.discard(ids[0]);
    assert.throws(() => encodeIndex(index.toJSON(), ids), /only a fresh index/);
    const encoded = encodeIndex(buildIndex(papers).toJSON(), ids);
    assert.throws(() => decodeIndex(encoded, ids.slice(1)), /index has 390 papers but the corpus 389/);
    assert.throws(() => decodeIndex('{"documentCount": 1}', ids), /not a papers index file/);
  });
});
