// A writer's bibliography cached between sessions: with no corpus files, the engine caches the
// whole library (the bundled papers joined with the bibliography) once its full text is indexed,
// and the next session that names the same files (same size and time) searches it at once
// without reading them. Its entries, problems and answers are the same; an edit reads the file
// again; a cache it cannot read is never trusted.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryShelf, openShelf } from '../../src/core/corpus/shelf';
import { RESULT_SCHEMAS } from '../../src/engine/protocol';
import { fileShelf } from '../../src/platform/engineFiles.node';
import type { QueryOptions } from '../../src/engine/protocol';
import { LibraryService } from '../../src/engine/service';
import type { CachedLibrary, LibrarySnapshot } from '../../src/engine/snapshot';
import { ROOT } from '../unit/support/seeds';

const dist = (name: string) => readFileSync(join(ROOT, 'dist', name), 'utf8');
const bundled = () => ({ corpus: dist('corpus.json'), names: dist('names.index'), text: dist('fulltext.index') });

// A real Better BibTeX export (506 entries), with a broken entry at the end, as a file in a workspace.
const REAL = join(ROOT, '../shared/bibliographies/bibtex-tidy/better-bibtex/Unabbreviate_on_import_1436-1.bib');
const text = `${readFileSync(REAL, 'utf8')}\n@article{broken2024,\n  title = {Never closed,\n`;
const file = { uri: 'file:///work/refs.bib', file: 'refs.bib' };
const QUERIES = ['akamatsu', 'ajay 2017', 'attention', 'graphene nanoribbon', 'agents planning', 'zzzz nothing'];

suite('the whole library cached for a writer\'s bibliography', () => {
  let first: LibraryService;
  let snapshot: LibrarySnapshot;
  let cached: CachedLibrary;
  let expected: Map<string, string[]>;

  suiteSetup(async function () {
    this.timeout(120_000);
    first = LibraryService.load(bundled());
    const report = await first.setInput({ corpus: [], bibliographies: [{ ...file, text }], bibliographyKey: 'b1' });
    assert.equal(report.snapshotWanted, true, 'a library read from a bibliography is worth caching');
    assert.equal(report.index.fromCache, false);
    await first.settled();
    expected = new Map(QUERIES.map(q => [q, first.query(q, { limit: 10 }).rows.map(r => r.id)]));
    assert.equal(await first.snapshot('b0'), undefined, 'no snapshot under a key that is not the library\'s');
    snapshot = (await first.snapshot('b1'))!;
    assert.ok(snapshot, 'a snapshot of the whole library');
    cached = { ...snapshot, papers: memoryShelf(snapshot.papers) };
  });

  test('the next session: the bibliography by name only; the same entries, problems and answers', async () => {
    const next = LibraryService.load(bundled());
    const report = await next.setInput({ corpus: [], bibliographies: [file], bibliographyKey: 'b1', cached });
    assert.equal(report.needsFiles, false);
    assert.equal(report.index.fromCache, true);
    assert.equal(report.snapshotWanted, false, 'a restored library is not cached again');
    assert.equal(report.papers, first.size);
    const [was] = first.bibliographies;
    const [now] = report.bibliographies.files;
    assert.equal(now.keys.length, 506, 'every entry of the real file');
    assert.deepEqual(now, was, 'keys, lines and problems as the file was read');
    assert.ok(now.problems.some(p => p.line > 2000), 'the broken entry\'s problem, with its line');
    for (const q of QUERIES) assert.deepEqual(next.query(q, { limit: 10 }).rows.map(r => r.id), expected.get(q), q);
    const [entry] = next.papers(['akamatsu1989']);
    assert.deepEqual(entry, first.papers(['akamatsu1989'])[0], 'the entry whole: authors, venue, its file and line');
    assert.ok(entry?.entries?.[0]?.line, 'with the line of its entry');
    assert.match(entry?.reference?.raw ?? '', /^@article\{akamatsu1989,/, 'its reference, read from the bytes when asked for (to cite it)');
    assert.deepEqual(structuredClone(next.papers(['akamatsu1989'])[0]), structuredClone(first.papers(['akamatsu1989'])[0]), 'as the worker sends it');
    assert.deepEqual(next.treeTop({ groupBy: 'topic', sortBy: 'date' }), first.treeTop({ groupBy: 'topic', sortBy: 'date' }), 'the tree, its Bibliography grouping too');
    assert.equal(next.keys().length, first.keys().length);
  });

  test('a restored entry\'s fields beyond the columns are parsed when one is first read, not by completion, filters, keys or the tree', async () => {
    const next = LibraryService.load(bundled());
    await next.setInput({ corpus: [], bibliographies: [file], bibliographyKey: 'b1', cached });
    const lazy = (key: string, field: string) => typeof Object.getOwnPropertyDescriptor(next.papers([key])[0], field)?.get === 'function';
    const keys = first.bibliographies[0].keys;
    assert.ok(keys.every(k => lazy(k, 'authors') || !first.papers([k])[0]?.authors), 'every entry\'s authors wait to be read');
    // What the extension asks of every paper at once: completion with nothing typed, its own
    // entries first; a search kept to one file; every key; the Papers view.
    const own = next.suggestions([file.uri], 5, 5);
    assert.deepEqual(own, first.suggestions([file.uri], 5, 5), 'completion\'s first rows, the file\'s own entries first');
    const rows = [...own];
    const kept: [string, QueryOptions][] = [['akamatsu', { inFiles: [file.uri] }], ['attention', { notInFiles: [file.uri] }], ['graphene', { withEntry: true }]];
    for (const [q, options] of kept) {
      const found = next.query(q, { limit: 10, ...options }).rows;
      assert.deepEqual(found, first.query(q, { limit: 10, ...options }).rows, `${q}, kept to ${Object.keys(options)[0]}`);
      rows.push(...found);
    }
    next.keys();
    next.treeTop({ groupBy: 'topic', sortBy: 'date' });
    const shown = new Set(rows.map(r => r.key));
    const untouched = keys.filter(k => !shown.has(k) && first.papers([k])[0]?.authors);
    assert.ok(untouched.length > 400 && untouched.every(k => lazy(k, 'authors')), 'the rest are still unparsed');
    const [one] = untouched;
    const paper = next.papers([one])[0]!;
    const was = first.papers([one])[0]!;
    assert.deepEqual(Object.keys(paper).sort(), Object.keys(was).sort(), 'the same fields, no more (none undefined)');
    assert.equal(paper.venue, was.venue);
    assert.ok(!lazy(one, 'authors') && !lazy(one, 'entries'), 'reading one field puts them all in place');
    assert.deepEqual(paper.authors, was.authors);
    paper.doi = '10.1/changed';
    assert.equal(paper.doi, '10.1/changed', 'a field can still be set');
  });

  test('in the worker, a library taken from the cache never decodes the bundled papers; reading a file does, once', async () => {
    let opened = 0;
    const next = LibraryService.lazy(() => { opened++; return bundled(); });
    await next.setInput({ corpus: [], bibliographies: [file], bibliographyKey: 'b1', cached });
    assert.equal(next.size, first.size);
    assert.deepEqual(next.query('akamatsu', { limit: 10 }).rows.map(r => r.id), expected.get('akamatsu'));
    const bundledKey = first.library.papers[0].key;
    assert.ok(!first.library.papers[0].entries, 'a bundled paper');
    assert.equal(next.papers([bundledKey])[0]?.title, first.papers([bundledKey])[0]?.title, 'bundled papers answer from the cached library');
    assert.equal(opened, 0, 'the bundled papers are in the cached library');
    await next.setInput({ bibliographies: [{ ...file, text }], bibliographyKey: 'b2' });
    await next.setInput({ bibliographies: [{ ...file, text: `${text}\n@misc{one2026, title = {One}}\n` }], bibliographyKey: 'b3' });
    assert.equal(opened, 1);
  });

  test('the same bibliographies given again by name keep the restored library; an edit is read and indexed', async () => {
    const next = LibraryService.load(bundled());
    await next.setInput({ corpus: [], bibliographies: [file], bibliographyKey: 'b1', cached });
    const again = await next.setInput({ corpus: [] });
    assert.equal(again.needsFiles, false);
    assert.equal(again.index.fromCache, true);
    const edited = `${text}\n@book{writer2026new,\n  title = {A Quite Unmistakable Monograph},\n  author = {Zweistein, Quentin},\n  year = {2026},\n}\n`;
    const report = await next.setInput({ bibliographies: [{ ...file, text: edited }], bibliographyKey: 'b2' });
    assert.equal(report.index.fromCache, false);
    assert.equal(report.papers, first.size + 1);
    assert.equal(next.query('zweistein monograph', { limit: 1 }).rows[0]?.key, 'writer2026new');
    assert.equal(next.query('akamatsu', { limit: 1 }).rows[0]?.id, expected.get('akamatsu')![0], 'the other entries still answer');
    assert.equal(report.snapshotWanted, true, 'the edited library is worth caching under its new key');
  });

  test('an entry whose reference cannot be read from the cache (file closed, damaged) has none, and still crosses to the host', () => {
    const { head } = memoryShelf(snapshot.papers);
    for (const [why, text] of [['closed', ''], ['damaged', '{"key": "akam']] as const) {
      const papers = openShelf({ head, abstract: () => text });
      const entry = papers.find(p => p.key === 'akamatsu1989')!;
      assert.equal(entry.reference, undefined, why);
      assert.equal(entry.title, first.papers(['akamatsu1989'])[0]?.title, why);
      assert.ok(RESULT_SCHEMAS.papers.safeParse([structuredClone(entry)]).success, `${why}: the host takes it`);
    }
  });

  test('on the desktop the worker reads the parts from their files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'papers-whole-'));
    const path = join(dir, 'papers.bin');
    writeFileSync(path, snapshot.papers);
    const next = LibraryService.load(bundled());
    const report = await next.setInput({ corpus: [], bibliographies: [file], bibliographyKey: 'b1', cached: { ...cached, papers: fileShelf(path) } });
    assert.equal(report.index.fromCache, true);
    assert.equal(next.papers(['akamatsu1989'])[0]?.title, first.papers(['akamatsu1989'])[0]?.title);
  });

  test('no cached library, one under another key, or a damaged one: nothing changes, and the file is asked for', async () => {
    const damaged = { ...cached, meta: new TextEncoder().encode('{"files": 3'), key: 'b1' };
    const cut = { ...cached, names: cached.names.subarray(0, 100) };
    for (const [why, given] of [['none', undefined], ['another key', { ...cached, key: 'b9' }], ['damaged meta', damaged], ['cut index', cut]] as const) {
      const next = LibraryService.load(bundled());
      const report = await next.setInput({ corpus: [], bibliographies: [file], bibliographyKey: 'b1', cached: given });
      assert.equal(report.needsFiles, true, why);
      assert.equal(next.size, 390, `${why}: the bundled papers only`);
      assert.equal(next.bibliographies.length, 0, `${why}: no bibliography taken on trust`);
      const read = await next.setInput({ corpus: [], bibliographies: [{ ...file, text }], bibliographyKey: 'b1' });
      assert.equal(read.needsFiles, false, why);
      assert.equal(read.papers, first.size, why);
    }
  });

  test('with corpus files as well, the bibliographies by name cannot stand: they are asked for', async () => {
    const next = LibraryService.load(bundled());
    await next.setInput({ corpus: [], bibliographies: [file], bibliographyKey: 'b1', cached });
    const report = await next.setInput({ corpus: [{ file: 'corpora/mine.json', text: JSON.stringify({ papers: [] }) }] });
    assert.equal(report.needsFiles, true);
    assert.equal(next.size, first.size, 'the restored library still answers meanwhile');
  });
});
