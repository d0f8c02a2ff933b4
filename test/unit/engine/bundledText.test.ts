// The bundled papers' full text in the engine (engine/state.ts `bundledTextWanted`): a search made
// before the user's files come loads it behind the names, unless the files come meanwhile. They
// replace the bundled papers as what is searched, so their text would be loaded for nothing,
// on the worker's time, while the files wait to be read. Searched again later, it loads.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MiniSearch, { type AsPlainObject } from 'minisearch';
import { wordsOf } from '../../../src/core/search/search';
import { LibraryService } from '../../../src/engine/service';
import { ROOT, seedCorpus } from '../support/seeds';

const dist = (name: string) => readFileSync(join(ROOT, 'dist', name), 'utf8');
const bundled = () => LibraryService.load({ corpus: dist('corpus.json'), names: dist('names.index'), text: dist('fulltext.index') });

const BIB = '@article{zweistein2026, title = {Quantum Gardening for Beginners}, author = {Zweistein, Quirin}, year = {2026}}\n';
const refs = () => ({ uri: 'file:///w/refs.bib', file: 'refs.bib', text: BIB });

/** A word of one bundled paper's abstract that is in no title, organisation or key: only the full text finds it. */
function abstractOnlyWord(): { word: string; id: string } {
  const papers = seedCorpus().papers;
  const named = new Set(papers.flatMap(p => wordsOf(`${p.title} ${p.organization?.name ?? ''} ${p.key}`)));
  for (const paper of papers) {
    const word = wordsOf(paper.abstract).find(w => w.length > 7 && !named.has(w) && /^[a-z]+$/.test(w));
    if (word) return { word, id: paper.id };
  }
  throw new Error('no word of an abstract is in no title');
}

/** Counts MiniSearch's index loads that the full text of the bundled papers makes (by its document count and size). */
function countTextLoads(): { loads: () => number; restore: () => void } {
  const original = MiniSearch.loadJSAsync.bind(MiniSearch);
  let loads = 0;
  MiniSearch.loadJSAsync = ((js: AsPlainObject, options: never) => {
    // The full-text part has far more terms than the names part (its abstracts); both have the bundled papers' count.
    if (js.index.length > 5000) loads++;
    return original(js, options);
  }) as typeof MiniSearch.loadJSAsync;
  return { loads: () => loads, restore: () => { MiniSearch.loadJSAsync = original; } };
}

suite('the bundled papers\' full text in the engine', function () {
  this.timeout(60_000);

  test('papers asked for by key load no index; the first search loads the names', async () => {
    const original = MiniSearch.loadJSON.bind(MiniSearch);
    let loads = 0;
    MiniSearch.loadJSON = ((json: string, options: never) => { loads++; return original(json, options); }) as typeof MiniSearch.loadJSON;
    try {
      const service = bundled();
      const paper = seedCorpus().papers[7];
      assert.equal(service.papers([paper.key.toUpperCase()])[0]?.id, paper.id);
      assert.deepEqual(service.rows([paper.id]).map(r => r.key), [paper.key]);
      assert.ok(service.keys().includes(paper.key));
      assert.equal(loads, 0, 'no index loaded for papers asked by key');
      assert.ok(service.query(paper.title, { limit: 3 }).rows.some(r => r.id === paper.id));
      assert.equal(loads, 1, 'the names part, loaded by the first search');
      await service.settled();
    } finally {
      MiniSearch.loadJSON = original;
    }
  });

  test('with no files of the user\'s, a search loads it behind the names: abstracts are searched', async () => {
    const { word, id } = abstractOnlyWord();
    const service = bundled();
    assert.ok(service.query('agents', { limit: 5 }).rows.length > 0, 'the names answer at once');
    await service.settled();
    assert.ok(service.query(word, { limit: 50 }).rows.some(r => r.id === id), `"${word}" finds ${id} by its abstract`);
  });

  test('a search made just before the files come does not load it beside them; searched again without the files, it loads', async () => {
    const { word, id } = abstractOnlyWord();
    const counter = countTextLoads();
    try {
      const service = bundled();
      // The first search of the window, then the user's files right behind it (as the host sends them).
      assert.ok(service.query('agents', { limit: 5 }).rows.length > 0);
      const report = await service.setInput({ bibliographies: [refs()] });
      assert.equal(report.bibliographies.added, 1);
      await service.settled();
      // The library of the bundled papers and the file loads the bundled full text once, for its own index.
      assert.equal(counter.loads(), 1, 'the full text was loaded once, for the library with the file, not also for the bundled papers alone');
      assert.ok(service.query(word, { limit: 50 }).rows.some(r => r.id === id), `the joined library finds "${word}" by its abstract`);
      assert.ok(service.query('quantum gardening', { limit: 5 }).rows.some(r => r.key === 'zweistein2026'));

      // The files gone: the bundled papers are searched again, their full text with them.
      await service.setInput({ bibliographies: [] });
      await service.settled();
      assert.ok(service.query(word, { limit: 50 }).rows.some(r => r.id === id), `"${word}" finds ${id} again by its abstract`);
      assert.ok(!service.query('quantum gardening', { limit: 5 }).rows.some(r => r.key === 'zweistein2026'));
      assert.equal(counter.loads(), 2, 'loaded again for the bundled papers alone');
    } finally {
      counter.restore();
    }
  });
});
