// A large library cached between sessions: the engine caches the merged corpus files and their
// compact index once, and the next session searches them at once without reading the files,
// with the bibliographies' changes on top. A cache it cannot read is never trusted.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { syntheticCorpus } from '../../../src/bench/synthetic';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { memoryShelf, openShelf, shelve, unshelve } from '../../../src/core/corpus/shelf';
import { fileShelf } from '../../../src/platform/engineFiles.node';
import { RESULT_SCHEMAS } from '../../../src/engine/protocol';
import { LibraryService } from '../../../src/engine/service';
import type { CachedLibrary, LibrarySnapshot } from '../../../src/engine/snapshot';
import { ROOT, seedCorpus } from '../support/seeds';

const dist = (name: string) => readFileSync(join(ROOT, 'dist', name), 'utf8');
const bundled = () => ({ corpus: dist('corpus.json'), names: dist('names.index'), text: dist('fulltext.index') });

const QUERIES = ['agents planning', 'robot manipulation', 'reinforcement learn', 'gui agent benchmark', 'tool use', 'vision language action', 'rewrd modl'];

suite('the engine\'s cache of a large library', () => {
  const papers = syntheticCorpus(seedCorpus().papers, 1500, 11);
  const file = { file: 'corpora/large.json', text: JSON.stringify({ papers }) };
  let snapshot: LibrarySnapshot;
  let cached: CachedLibrary;
  let expected: Map<string, string[]>;

  suiteSetup(async function () {
    this.timeout(120_000);
    const first = LibraryService.load(bundled());
    const report = await first.setInput({ corpus: [file], cacheKey: 'k1' });
    assert.equal(report.snapshotWanted, true);
    assert.equal(report.index.fromCache, false);
    await first.settled();
    expected = new Map(QUERIES.map(q => [q, first.query(q, { limit: 10 }).rows.map(r => r.id)]));
    snapshot = (await first.snapshot())!;
    assert.ok(snapshot, 'a snapshot of the corpus files');
    cached = { ...snapshot, papers: memoryShelf(snapshot.papers) };
    // The session that made it now searches the compact index: the same answers.
    for (const q of QUERIES) assert.deepEqual(first.query(q, { limit: 10 }).rows.map(r => r.id), expected.get(q), `after the snapshot: ${q}`);
  });

  test('papers go through the shelf whole: every field, the abstract read from the bytes', () => {
    const some = [...seedCorpus().papers.slice(0, 50), ...papers.slice(0, 50)];
    const back = unshelve(shelve(some));
    assert.deepEqual(back.map(p => ({ ...p })), some.map(p => ({ ...p })));
    assert.equal(JSON.parse(JSON.stringify(back[3])).abstract, some[3].abstract, 'JSON and copies see the abstract');
    assert.deepEqual(structuredClone(back[60]), { ...some[60] }, 'so does structured cloning (the worker\'s messages)');
    const withEntry = { ...some[0], venue: 'NeurIPS', doi: '10.1/x' };
    assert.deepEqual({ ...unshelve(shelve([withEntry]))[0] }, withEntry, 'fields beyond the corpus ones are kept');
    const other = { ...some[1], authors: [{ family: 'Zweistein', given: 'Q.' }], aliases: ['z2026'], venue: undefined };
    const [a, b, c] = unshelve(shelve([withEntry, other, some[2]]));
    const { venue: _, ...otherKept } = other;
    assert.deepEqual(structuredClone(b), otherKept, 'each paper has its own fields beyond the columns; one set to undefined is left out');
    assert.deepEqual(Object.keys(c).sort(), Object.keys(some[2]).sort(), 'a paper with none has none');
    assert.equal(a.doi, '10.1/x');
    assert.equal(JSON.parse(JSON.stringify(a)).venue, 'NeurIPS');
    assert.throws(() => unshelve(new TextEncoder().encode('not a shelf at all, no')), /not a shelf of papers/);
    const cut = shelve(some);
    assert.throws(() => unshelve(cut.subarray(0, cut.length - 10)), /cut short/);
  });

  test('the next session: the files by name only and the cached library; the same answers, no file read', async () => {
    const next = LibraryService.load(bundled());
    const report = await next.setInput({ corpus: [{ file: file.file }], cacheKey: 'k1', cached });
    assert.equal(report.needsFiles, false);
    assert.equal(report.index.fromCache, true);
    assert.equal(report.snapshotWanted, false);
    assert.equal(report.papers, seedCorpus().papers.length + papers.length);
    assert.equal(report.corpus.added, papers.length);
    for (const q of QUERIES) assert.deepEqual(next.query(q, { limit: 10 }).rows.map(r => r.id), expected.get(q), q);
    const [one] = next.papers([papers[17].key]);
    assert.equal(one?.abstract, papers[17].abstract);
    assert.ok(RESULT_SCHEMAS.papers.safeParse(next.papers([papers[17].key, papers[18].key])).success);
    assert.equal(next.related(papers[17].key).length, 5);
  });

  test('on the desktop the shelf is read from its file: the head at once, each abstract when it is asked for', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'papers-shelf-')), 'papers.bin');
    writeFileSync(path, snapshot.papers);
    const fromFile = openShelf(fileShelf(path));
    assert.equal(fromFile.length, seedCorpus().papers.length + papers.length);
    const i = fromFile.findIndex(p => p.key === papers[5].key);
    assert.equal(fromFile[i].abstract, papers[5].abstract);
    const next = LibraryService.load(bundled());
    const report = await next.setInput({ corpus: [{ file: file.file }], cacheKey: 'k1', cached: { ...cached, papers: fileShelf(path) } });
    assert.equal(report.index.fromCache, true);
    assert.equal(next.papers([papers[9].key])[0]?.abstract, papers[9].abstract);
  });

  test('a bibliography on top of the cached library: its entries are found, a joined paper shows the entry', async () => {
    const next = LibraryService.load(bundled());
    const target = papers[40];
    const bib = `@article{mine2024, title = {${target.title}}, author = {Doe, Jane}, journal = {Journal of Widgets}, year = 2024}\n@misc{fresh2025, title = {Hyperwidget calibration for tabletop robots}, year = 2025}\n`;
    const report = await next.setInput({ corpus: [{ file: file.file }], cacheKey: 'k1', cached, bibliographies: [{ uri: 'file:///w/refs.bib', file: 'refs.bib', text: bib }] });
    assert.equal(report.index.fromCache, true);
    assert.deepEqual([report.bibliographies.added, report.bibliographies.joined], [1, 1]);
    await next.settled();
    assert.equal(next.query('hyperwidget calibration', { limit: 3 }).rows[0]?.key, 'fresh2025');
    const joined = next.query('journal of widgets', { limit: 3 }).rows[0];
    assert.equal(joined?.key, 'mine2024', 'the joined paper is found by its new venue, under the entry\'s key');
    const hits = next.query(target.title, { limit: 10 }).rows.filter(r => r.title === target.title);
    assert.equal(hits.length, 1, 'shown once: the base\'s old copy is left out');
  });

  test('a cache that cannot be read is passed over: by name only the files are asked for, with their text they are read', async () => {
    const damaged = { ...cached, papers: { head: snapshot.papers.subarray(0, 100), abstract: () => '' } };
    const next = LibraryService.load(bundled());
    const asked = await next.setInput({ corpus: [{ file: file.file }], cacheKey: 'k1', cached: damaged });
    assert.equal(asked.needsFiles, true);
    assert.equal(asked.papers, seedCorpus().papers.length, 'nothing changed');
    const read = await next.setInput({ corpus: [file], cacheKey: 'k1', cached: damaged });
    assert.equal(read.needsFiles, false);
    assert.equal(read.index.fromCache, false);
    assert.equal(read.papers, seedCorpus().papers.length + papers.length);
    const other = LibraryService.load(bundled());
    assert.equal((await other.setInput({ corpus: [{ file: file.file }], cacheKey: 'k2', cached })).needsFiles, true, 'a cache under another key is not used');
  });
});
