import * as assert from 'node:assert/strict';
import { isBibliographyOnly, mergeBibliographies } from '../../../../src/core/bibliography/merge';
import { readBibliographies } from '../../../../src/core/bibliography/read';
import { bibtexEntry, cslItem } from '../../../../src/core/bibliography/paperEntry';
import type { Paper } from '../../../../src/core/model/paper';
import { CompactIndex } from '../../../../src/core/search/compact/compactIndex';
import { LibraryIndex } from '../../../../src/core/search/libraryIndex';
import { PaperLibrary } from '../../../../src/core/search/library';
import { buildIndexParts } from '../../../../src/core/search/search';
import { encodeIndex } from '../../../../src/core/search/indexCodec';
import { seedCorpus } from '../../support/seeds';

const read = (files: Record<string, string>) =>
  readBibliographies(Object.entries(files).map(([file, text]) => ({ uri: `file:///w/${file}`, file, text })));

suite('the user\'s bibliography joined to the corpus', () => {
  const { papers, byTitle } = seedCorpus();
  const react = byTitle('ReAct');

  test('a new entry is a paper of its own: the fields it has, none invented, and where it is', async () => {
    const files = await read({ 'refs.bib': '\n@book{russell2020aima,\n  author = {Russell, Stuart and Norvig, Peter},\n  title = {Artificial Intelligence: A Modern Approach},\n  publisher = {Pearson},\n  year = {2020}\n}\n' });
    const { added, papers: all } = await mergeBibliographies(papers, files);
    assert.equal(all.length, papers.length + 1);
    const [paper] = added;
    assert.equal(paper.id, '@russell2020aima');
    assert.ok(isBibliographyOnly(paper));
    assert.deepEqual({ ...paper, reference: undefined }, {
      id: '@russell2020aima', key: 'russell2020aima', title: 'Artificial Intelligence: A Modern Approach', abstract: '',
      authorsCount: null, organization: null, date: '2020', year: 2020, upvotes: null, links: [], topics: [],
      sources: [{ file: 'refs.bib', line: 2 }], entryType: 'book', venue: 'Pearson',
      authors: [{ given: 'Stuart', family: 'Russell' }, { given: 'Peter', family: 'Norvig' }],
      entries: [{ uri: 'file:///w/refs.bib', file: 'refs.bib', line: 2, key: 'russell2020aima', format: 'bibtex' }],
      reference: undefined,
    });
  });

  test('the same title as a bundled paper: shown once, the user\'s key and entry win, the bundled key still finds it', async () => {
    const files = await read({ 'refs.bib': `@inproceedings{yao2023react,\n  author = {Yao, Shunyu and others},\n  title = {{${react.title}}},\n  booktitle = {ICLR},\n  year = 2023\n}\n` });
    const merged = await mergeBibliographies(papers, files);
    assert.equal(merged.papers.length, papers.length, 'shown once');
    const [paper] = merged.updated;
    assert.equal(paper.id, react.id, 'the bundled id stays (reading list, history)');
    assert.equal(paper.key, 'yao2023react');
    assert.deepEqual(paper.aliases, [react.key]);
    assert.equal(paper.venue, 'ICLR');
    assert.equal(paper.abstract, react.abstract, 'the corpus abstract is kept when the entry has none');
    assert.deepEqual(paper.topics, react.topics);
    assert.deepEqual(paper.sources, react.sources, 'the corpus page is still where it is listed');
    assert.equal(paper.entries?.[0].line, 1);
    const library = new PaperLibrary({ papers: merged.papers }, (await index(merged.papers)).search);
    assert.equal(library.get(react.key)?.key, 'yao2023react');
    assert.equal(library.get('YAO2023REACT')?.id, react.id);
    assert.match(bibtexEntry(paper), /^@inproceedings\{yao2023react,/, 'citing writes the user\'s own entry');
  });

  test('the same key as a bundled paper joins it too', async () => {
    const files = await read({ 'refs.json': JSON.stringify([{ id: react.key, type: 'paper-conference', title: 'ReAct (my copy)', author: [{ family: 'Yao', given: 'Shunyu' }] }]) });
    const merged = await mergeBibliographies(papers, files);
    assert.equal(merged.updated[0].id, react.id);
    assert.equal(merged.updated[0].title, 'ReAct (my copy)');
  });

  test('an entry Papers wrote when the paper was cited leaves the bundled paper as it is', async () => {
    for (const text of [bibtexEntry(react), bibtexEntry(react, 'biblatex')]) {
      const merged = await mergeBibliographies(papers, await read({ 'refs.bib': text }));
      const [paper] = merged.updated;
      assert.deepEqual({ ...paper, entries: undefined }, { ...react, entries: undefined });
      assert.equal(paper.entries?.length, 1);
      assert.match(bibtexEntry(paper, 'biblatex'), /^@online\{/, 'and is written afresh in the flavour a document wants');
    }
    const csl = await mergeBibliographies(papers, await read({ 'refs.json': JSON.stringify([cslItem(react)]) }));
    assert.equal(csl.updated[0].date, react.date);
  });

  test('a key defined twice (two files, or one) is one paper: the first wins, both places are listed', async () => {
    const files = await read({ 'a.bib': '@misc{dup, title = {First}}', 'b.bib': '@misc{DUP, title = {Second}}\n@misc{dup, title = {Third}}' });
    const merged = await mergeBibliographies(papers, files);
    const dup = merged.added.find(p => p.key === 'dup')!;
    assert.equal(dup.title, 'First');
    assert.deepEqual(dup.entries?.map(e => [e.file, e.line]), [['a.bib', 1], ['b.bib', 1], ['b.bib', 2]]);
    assert.equal(merged.added.length, 1);
  });
});

async function index(papers: readonly Paper[]): Promise<LibraryIndex> {
  const { papers: bundled } = seedCorpus();
  const ids = bundled.map(p => p.id);
  const parts = buildIndexParts(bundled);
  const index = await LibraryIndex.fromBundled({ names: encodeIndex(parts.names.toJSON(), ids), text: encodeIndex(parts.text.toJSON(), ids) }, ids, bundled);
  await (await index.update(papers)).fullText;
  return index;
}

suite('LibraryIndex: the library\'s index, updated by differences', () => {
  const { papers } = seedCorpus();
  const entry = (key: string, title: string, abstract = ''): Paper => ({
    id: `@${key.toLowerCase()}`, key, title, abstract, authorsCount: null, organization: null, date: null, year: null,
    upvotes: null, links: [], topics: [], sources: [{ file: 'refs.bib', line: 1 }], authors: [{ family: 'Quuxley', given: 'Ada' }],
  });

  test('adds, changes and removes only what differs; searches see it at once', async () => {
    const lib = await index(papers);
    const search = (q: string) => new PaperLibrary({ papers }, lib.search).search(q, { limit: 3 });
    const first = await lib.update([...papers, entry('zorbA', 'Zorblatt transforms for widgets', 'An abstract about frobnication.')]);
    assert.deepEqual([first.added, first.changed, first.removed], [1, 0, 0]);
    await first.fullText;
    const withZorb = new PaperLibrary({ papers: [...papers, entry('zorbA', 'Zorblatt transforms for widgets')] }, lib.search);
    assert.equal(withZorb.search('zorblatt', { limit: 1 })[0]?.paper.key, 'zorbA');
    assert.equal(withZorb.search('quuxley', { limit: 1 })[0]?.paper.key, 'zorbA', 'by author');
    assert.equal(withZorb.search('frobnication', { limit: 1 })[0]?.paper.key, 'zorbA', 'by abstract, once the full text is in');

    const edited = await lib.update([...papers, entry('zorbA', 'Glorptastic transforms for widgets', 'An abstract about frobnication.')]);
    assert.deepEqual([edited.added, edited.changed, edited.removed], [0, 1, 0]);
    const again = await lib.update([...papers, entry('zorbA', 'Glorptastic transforms for widgets', 'An abstract about frobnication.')]);
    assert.deepEqual([again.added, again.changed, again.removed], [0, 0, 0], 'nothing to do when nothing changed');
    const glorp = new PaperLibrary({ papers: [...papers, entry('zorbA', 'Glorptastic transforms for widgets')] }, lib.search);
    assert.equal(glorp.search('glorptastic', { limit: 1 })[0]?.paper.key, 'zorbA');
    assert.deepEqual(glorp.search('zorblatt', { limit: 1 }), [], 'the old title is gone');

    const gone = await lib.update(papers);
    assert.deepEqual([gone.added, gone.changed, gone.removed], [0, 0, 1]);
    await gone.fullText;
    assert.deepEqual(search('frobnication'), []);
    assert.equal(lib.size, papers.length);
  });

  test('until an update\'s abstracts are in, its search never says it has them all; `textSettled` says when they are', async () => {
    const lib = await index(papers);
    assert.equal(lib.search.hasFullText, true);
    // Enough abstracts that adding them takes several slices, with turns of the event loop between
    // (four on this 2-core machine). Each look checks that the index says it has every abstract only
    // when a search of their word finds them all; a faster machine looks fewer times, never wrongly.
    const many = Array.from({ length: 3000 }, (_, i) => entry(`many${i}`, `Widget study ${i}`, `An abstract about frobnication number ${i} and its many words of measurement.`));
    const library = new PaperLibrary({ papers: [...papers, ...many] }, lib.search);
    const found = () => library.search('frobnication', { limit: many.length + 1 }).length;
    const { fullText } = await lib.update([...papers, ...many]);
    let textIn = false;
    void fullText.then(() => { textIn = true; });
    const wrong: number[] = [];
    while (!textIn) {
      if (lib.search.hasFullText && found() < many.length) wrong.push(found());
      await new Promise(resolve => setImmediate(resolve));
    }
    assert.deepEqual(wrong, [], 'said whole while abstracts were missing (the counts found then)');
    await lib.search.textSettled;
    assert.equal(lib.search.hasFullText, true);
    assert.equal(found(), many.length);
  });

  test('an index changed in place ranks exactly as one built afresh, on the first search as on the next', async () => {
    // Entries changed and removed leave postings behind in MiniSearch until it is vacuumed; the
    // first search to meet them counted them in a word's rarity, so near ties swapped between a
    // first search and the next (Search Papers and the API disagreed on "reinforcment lerning robot").
    const robots = Array.from({ length: 8 }, (_, i) => entry(`robo${i}`, `Robot learning of skill ${i}`, `Reinforcement learning for robot arm number ${i}.`));
    const lib = await index([...papers, ...robots]);
    const final = [...papers, ...robots.slice(0, 3).map(p => ({ ...p, title: `${p.title}, revised` }))];
    await lib.update(final);
    await lib.settled();
    const fresh = await index(final);
    for (const query of ['reinforcment lerning robot', 'robot learning', 'reinforcement']) {
      const expected = fresh.search.search(query, { limit: 50 });
      assert.deepEqual(lib.search.search(query, { limit: 50 }), expected, `${query}: the first search`);
      assert.deepEqual(lib.search.search(query, { limit: 50 }), expected, `${query}: the next`);
    }
  });

  test('a search remembered from the keystroke before an update is not reused after it', async () => {
    const lib = await index(papers);
    const before = new PaperLibrary({ papers }, lib.search);
    assert.deepEqual(before.search('zzyzx', { limit: 5 }), []);
    const papersAfter = [...papers, entry('zzyzx1', 'Zzyzx road studies')];
    await lib.update(papersAfter);
    assert.equal(new PaperLibrary({ papers: papersAfter }, lib.search).search('zzyzx', { limit: 5 })[0]?.paper.key, 'zzyzx1');
  });

  test('cached compact, then searched as a base: what changes on top is indexed beside it, the base\'s old copies left out', async () => {
    const cached = [...papers, entry('cachedOne', 'Cached entry about hyperwidgets')];
    const built = await index(cached);
    const compact = await built.toCompact();
    // Through bytes, as the next session gets it.
    const base = { names: CompactIndex.fromBytes(compact.names.toBytes()), text: CompactIndex.fromBytes(compact.text.toBytes()), papers: cached };
    const restored = LibraryIndex.onBase(base);
    assert.equal(restored.size, cached.length);
    const keys = (library: readonly Paper[], query: string) => new PaperLibrary({ papers: library }, restored.search).search(query, { limit: 5 }).map(h => h.paper.key);
    const fromBuilt = (query: string) => new PaperLibrary({ papers: cached }, built.search).search(query, { limit: 5 }).map(h => h.paper.key);
    for (const query of ['hyperwidgets', 'cached entry', papers[3].title.split(' ').slice(0, 2).join(' ')]) assert.deepEqual(keys(cached, query), fromBuilt(query), query);

    const changed = entry('cachedOne', 'Cached entry about gigagadgets');
    const next = [...papers.slice(1), changed, entry('newOne', 'Fresh entry about hyperwidgets')];
    const update = await restored.update(next);
    await update.fullText;
    assert.deepEqual([update.added, update.changed, update.removed], [1, 1, 1], 'newOne added, cachedOne changed, the first paper gone');
    assert.deepEqual(keys(next, 'hyperwidgets'), ['newOne'], 'the base\'s old copy of cachedOne is left out');
    assert.deepEqual(keys(next, 'gigagadgets'), ['cachedOne']);
    assert.deepEqual(keys(next, papers[0].key), [], 'a paper gone is not found');
    assert.equal(restored.size, next.length);
  });
});
