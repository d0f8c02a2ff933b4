import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { syntheticCorpus } from '../../../src/bench/synthetic';
import { CACHE_PARTS, QUESTIONS, RESULT_SCHEMAS, ResponseSchema, type CachePart, type QuestionRequest, type Request } from '../../../src/engine/protocol';
import { LibraryService } from '../../../src/engine/service';
import { ENGINE_WORKER } from '../../../src/platform/worker';
import { readNeighbourPage, type Neighbour } from '../../../src/core/web/scholar';
import { identityOf, namesOf, suggest, suggestionsAt, type CitedLinks } from '../../../src/core/web/suggest';
import { ROOT, seedCorpus } from '../support/seeds';

const dist = (name: string) => readFileSync(join(ROOT, 'dist', name));
const bytes = (buffer: Buffer) => buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
const bundled = () => ({ corpus: dist('corpus.json').toString('utf8'), names: dist('names.index').toString('utf8'), text: dist('fulltext.index').toString('utf8') });

const BIB = '@book{russell2020aima,\n  author = {Russell, Stuart and Norvig, Peter},\n  title = {Artificial Intelligence: A Modern Approach},\n  year = 2020\n}\n@misc{broken,\n  title = {Unclosed\n';

suite('the engine protocol: what the host accepts from the worker', () => {
  test('every answer of the service fits its schema', async () => {
    const service = LibraryService.load(bundled());
    let early: unknown;
    const report = await service.setInput({ bibliographies: [{ uri: 'file:///w/refs.bib', file: 'refs.bib', text: BIB }], papersReady: r => { early = r; } });
    const options = { groupBy: 'topic' as const, sortBy: 'upvotes' as const };
    const answers: { [T in keyof typeof RESULT_SCHEMAS]?: unknown } = {
      setInput: early,
      indexed: report,
      query: service.query('russell modern', { limit: 5, excerpt: 100 }),
      suggestions: service.suggestions(['file:///w/refs.bib'], 10, 10, 50),
      papers: service.papers(['russell2020aima', 'nope']).map(p => p ?? null),
      rows: service.rows(['russell2020aima']),
      related: service.related('russell2020aima'),
      keys: service.keys().join('\n'),
      treeTop: service.treeTop(options),
      children: service.children('bibliography:file:///w/refs.bib', options),
      locate: service.locate('@russell2020aima', options) ?? null,
      all: service.all(),
    };
    for (const [type, answer] of Object.entries(answers)) {
      const checked = RESULT_SCHEMAS[type as keyof typeof RESULT_SCHEMAS].safeParse(answer);
      assert.ok(checked.success, `${type}: ${checked.success ? '' : JSON.stringify(checked.error.issues[0])}`);
    }
    assert.equal((answers.query as { rows: { key: string }[] }).rows[0].key, 'russell2020aima');
    // Every paper comes a page at a time: the pages put together are the library, in order.
    const whole = service.all();
    const pages = [0, 150, 300, 450].map(start => service.all(start, 150));
    assert.equal(whole.total, service.size);
    assert.deepEqual(pages.flatMap(p => p.papers.map(q => q.id)), whole.papers.map(q => q.id));
    assert.ok(pages.every(p => p.total === whole.total && p.version === whole.version));
    assert.deepEqual(report.bibliographies.files[0].keys, ['russell2020aima']);
    assert.equal(report.bibliographies.files[0].problems[0].severity, 'error');
    // The parse is the first step of the read: the early report gives it alone, the last both.
    const first = early as typeof report;
    assert.ok(report.parseMs >= 0 && report.parseMs <= report.readMs, `parsed in ${report.parseMs} ms, read in ${report.readMs} ms`);
    assert.equal(first.parseMs, report.parseMs);
  });

  test('every question of the request table is answered by the service, and its answer fits its schema', async () => {
    const service = LibraryService.load(bundled());
    await service.setInput({ bibliographies: [{ uri: 'file:///w/refs.bib', file: 'refs.bib', text: BIB }] });
    const options = { groupBy: 'topic' as const, sortBy: 'upvotes' as const };
    const asked: { [T in keyof typeof QUESTIONS]: QuestionRequest & { type: T } } = {
      query: { type: 'query', text: 'russell modern', options: { limit: 5, excerpt: 100 } },
      suggestions: { type: 'suggestions', files: ['file:///w/refs.bib'], ownLimit: 10, restLimit: 10, excerpt: 50 },
      papers: { type: 'papers', keys: ['russell2020aima', 'nope'] },
      rowsByKey: { type: 'rowsByKey', keys: ['russell2020aima', 'nope'], excerpt: 500 },
      rows: { type: 'rows', keys: ['russell2020aima'], excerpt: 0 },
      related: { type: 'related', key: 'russell2020aima', count: 5 },
      keys: { type: 'keys' },
      treeTop: { type: 'treeTop', options },
      children: { type: 'children', container: 'bibliography:file:///w/refs.bib', options },
      locate: { type: 'locate', paperId: '@russell2020aima', options },
      all: { type: 'all', start: 0, count: 100 },
      searchable: { type: 'searchable' },
    };
    for (const request of Object.values(asked)) {
      const answer: unknown = await service.answer(request);
      const checked = RESULT_SCHEMAS[request.type].safeParse(answer);
      assert.ok(checked.success, `${request.type}: ${checked.success ? '' : JSON.stringify(checked.error.issues[0])}`);
    }
    const [row, none] = RESULT_SCHEMAS.rowsByKey.parse(await service.answer(asked.rowsByKey));
    assert.deepEqual([row, none], [service.rows(['russell2020aima'], 500)[0], null]);
    assert.deepEqual((await service.answer(asked.papers)).map(p => p?.key ?? null), ['russell2020aima', null]);
  });

  test('rows say how the graph knows a paper: by its id, by its title (a bundled paper, a neighbour of a bundled paper\'s title), or not at all (an entry without ids)', async () => {
    const service = LibraryService.load(bundled());
    const bundledPaper = service.library.papers.find(p => p.title.startsWith('ACT-JEPA: Joint-Embedding'))!;
    const fetched = (title: string, doi?: string) => ({ source: 'semanticscholar' as const, title, authors: [{ family: 'Vujinovic', given: 'Aleksandar' }], type: 'article', links: {}, ...doi ? { doi } : {} });
    const report = await service.setInput({
      bibliographies: [{ uri: 'file:///w/refs.bib', file: 'refs.bib', text: BIB }],
      web: { batches: [{ fetched: '2026-12-06T00:00:00Z', papers: [fetched(bundledPaper.title), fetched('A Made Paper With A DOI', '10.1234/made')], topics: false }], keys: {} },
    });
    const rows = service.rows([bundledPaper.key, 'russell2020aima', ...Object.values(report.web!.keys)]);
    assert.deepEqual(rows.map(r => [r.title.slice(0, 12), r.scholarId ?? null, r.byTitle ?? null]), [
      ['ACT-JEPA: Jo', null, true],
      ['Artificial I', null, null],
      ['ACT-JEPA: Jo', null, true],
      ['A Made Paper', 'DOI:10.1234/made', null],
    ]);
    assert.equal(rows[2].id, bundledPaper.id, 'the neighbour of its title is the bundled paper, with its key');
    assert.equal(rows[2].key, bundledPaper.key);
  });

  test('a search answered before the abstracts are in says so (partial); once `searchable` answers, the same search finds papers by their abstracts', async () => {
    // The bundled papers' own abstracts load behind their first search.
    const service = LibraryService.load(bundled());
    const early = await service.answer({ type: 'query', text: 'tau bench', options: { limit: 5 } });
    assert.equal(early.partial, true);
    assert.equal(await service.answer({ type: 'searchable' }), null);
    const later = await service.answer({ type: 'query', text: 'tau bench', options: { limit: 5 } });
    assert.equal(later.partial, undefined);
    assert.notDeepEqual(later.rows.map(r => r.key), early.rows.map(r => r.key), 'the abstracts change the ranking');
    // The Papers view's filter too: the tree made before the abstracts were in is not the one kept after.
    const filtering = LibraryService.load(bundled());
    const options = { groupBy: 'topic' as const, sortBy: 'upvotes' as const, filter: 'tau bench' };
    const namesOnly = await filtering.answer({ type: 'treeTop', options });
    assert.equal(namesOnly.filter?.partial, true);
    await filtering.answer({ type: 'searchable' });
    const whole = await filtering.answer({ type: 'treeTop', options });
    assert.equal(whole.filter?.partial, undefined);
    assert.ok(whole.filter!.count > namesOnly.filter!.count, `${whole.filter!.count} papers kept, against ${namesOnly.filter!.count} by names alone`);
    // A query of filters alone searches no words: never partial, in the pick or the view.
    assert.equal(LibraryService.load(bundled()).query('year:2024', { limit: 1 }).partial, undefined);
    assert.equal(LibraryService.load(bundled()).treeTop({ ...options, filter: 'year:2024' }).filter?.partial, undefined);

    // An entry's abstract is added behind its names (LibraryIndex's tests watch it go in): found once `searchable` answers.
    const abstract = '@article{zx2024,\n  title = {A Title},\n  abstract = {Quasiperiodic zanzibarite lattices},\n  year = 2024\n}\n';
    await service.setInput({ bibliographies: [{ uri: 'file:///w/refs.bib', file: 'refs.bib', text: abstract + BIB }] });
    await service.answer({ type: 'searchable' });
    const after = service.query('zanzibarite', { limit: 5 });
    assert.deepEqual([after.rows.map(r => r.key), after.partial], [['zx2024'], undefined]);
  });

  test('what does not fit is refused: a wrong field, a missing one, a message that is no answer', () => {
    assert.equal(RESULT_SCHEMAS.query.safeParse({ rows: [{ id: 1 }], problems: [] }).success, false);
    assert.equal(RESULT_SCHEMAS.treeTop.safeParse({ files: [], groups: [{ id: 'x', label: 'X' }] }).success, false);
    assert.equal(RESULT_SCHEMAS.papers.safeParse([{ id: 'a' }]).success, false);
    // A report's keys and lines, checked in one loop: one of thousands that is not a key or a line is refused.
    const file = { uri: 'file:///w/refs.bib', file: 'refs.bib', format: 'bibtex', keys: ['a', 'b'], lines: [1, 7], problems: [] };
    const report = (f: object) => ({
      corpus: { added: 0, updated: 0, problems: [] }, bibliographies: { files: [f], added: 2, joined: 0 },
      index: { fromCache: false, added: 2, changed: 0, removed: 0 }, papers: 392, parseMs: 1, readMs: 1, searchableMs: 2, snapshotWanted: false, needsFiles: false,
    });
    assert.equal(RESULT_SCHEMAS.setInput.safeParse(report(file)).success, true);
    for (const bad of [{ keys: ['a', 2] }, { keys: 'a\nb' }, { lines: [1, 7.5] }, { lines: [1, '7'] }, { lines: undefined }]) {
      assert.equal(RESULT_SCHEMAS.setInput.safeParse(report({ ...file, ...bad })).success, false, JSON.stringify(bad));
    }
    assert.equal(ResponseSchema.safeParse({ id: 1, ok: 'yes' }).success, false);
    assert.equal(ResponseSchema.safeParse({ id: 1, ok: false, error: 'why' }).success, true);
    // A Web Worker's notice that it stopped (engine/serve.ts): no id, only the reason.
    assert.equal(ResponseSchema.safeParse({ stopped: 'uncaught error: x' }).success, true);
    assert.equal(ResponseSchema.safeParse({ stopped: 3 }).success, false);
  });
});

suite('the engine worker (dist/engine.js as a worker thread)', () => {
  let worker: Worker;
  let next = 0;
  const waiting = new Map<number, (message: unknown) => void>();
  const ask = (request: Request, transfer: ArrayBuffer[] = []) => new Promise<{ id: number; ok: boolean; result?: unknown; error?: string }>(resolve => {
    const id = ++next;
    waiting.set(id, message => {
      const response = ResponseSchema.parse(message);
      assert.ok(!('stopped' in response), 'an answer, not a stop notice');
      assert.ok(!('progress' in response), 'an answer, not a progress report');
      resolve(response);
    });
    worker.postMessage({ ...request, id }, transfer);
  });

  suiteSetup(() => {
    worker = new Worker(join(ROOT, 'dist', 'engine.js'), { workerData: ENGINE_WORKER });
    worker.on('message', (message: { id: number }) => { waiting.get(message.id)?.(message); waiting.delete(message.id); });
  });
  suiteTeardown(() => worker.terminate());

  test('loads the bundled papers from bytes, takes a bibliography, answers searches with rows', async () => {
    const loaded = await ask({ type: 'load', corpus: bytes(dist('corpus.json')), names: bytes(dist('names.index')), text: bytes(dist('fulltext.index')) });
    assert.deepEqual([loaded.ok, loaded.result], [true, 390]);
    const bib = bytes(Buffer.from(BIB));
    const input = await ask({ type: 'setInput', bibliographies: [{ uri: 'file:///w/refs.bib', file: 'refs.bib', bytes: bib }] }, [bib]);
    assert.equal(bib.byteLength, 0, 'the bytes changed hands (transferred, not copied)');
    const report = RESULT_SCHEMAS.setInput.parse(input.result);
    assert.equal(report.papers, 391);
    assert.equal(RESULT_SCHEMAS.indexed.parse((await ask({ type: 'indexed' })).result).indexing, undefined);
    const found = RESULT_SCHEMAS.query.parse((await ask({ type: 'query', text: 'norvig', options: { limit: 3 } })).result);
    assert.equal(found.rows[0].key, 'russell2020aima');
    assert.equal(found.rows[0].description, 'russell2020aima · Russell & Norvig 2020');
  });

  test('setInput answers once the papers answer by key; indexed, once their names are searchable too', async () => {
    await ask({ type: 'load', corpus: bytes(dist('corpus.json')), names: bytes(dist('names.index')), text: bytes(dist('fulltext.index')) });
    const bib = bytes(Buffer.from(BIB.replace(/russell2020aima/g, 'norvig2020early')));
    const early = RESULT_SCHEMAS.setInput.parse((await ask({ type: 'setInput', bibliographies: [{ uri: 'file:///w/early.bib', file: 'early.bib', bytes: bib }] }, [bib])).result);
    assert.deepEqual([early.indexing, early.papers, early.bibliographies.files[0].keys], [true, 391, ['norvig2020early']]);
    // Asked right behind the answer, before 'indexed': the key answers already.
    const [paper] = RESULT_SCHEMAS.papers.parse((await ask({ type: 'papers', keys: ['norvig2020early'] })).result);
    assert.equal(paper?.title, 'Artificial Intelligence: A Modern Approach');
    const whole = RESULT_SCHEMAS.indexed.parse((await ask({ type: 'indexed' })).result);
    assert.deepEqual([whole.indexing, whole.papers, whole.index.added], [undefined, 391, 1]);
    const found = RESULT_SCHEMAS.query.parse((await ask({ type: 'query', text: 'modern approach', options: { limit: 3 } })).result);
    assert.equal(found.rows[0].key, 'norvig2020early', 'its title is searchable once indexed');
  });

  test('while the entries are being joined, their keys answer and what lists papers waits for the join', async () => {
    await ask({ type: 'load', corpus: bytes(dist('corpus.json')), names: bytes(dist('names.index')), text: bytes(dist('fulltext.index')) });
    // Large enough that converting and joining it take several slices, with questions answered between them.
    const text = Array.from({ length: 3000 }, (_, i) => `@misc{entry${i},\n  author = {Doe, Jane and Roe, Richard},\n  title = {The title of entry ${i}},\n  year = 2020\n}`).join('\n');
    const bib = bytes(Buffer.from(text));
    const early = RESULT_SCHEMAS.setInput.parse((await ask({ type: 'setInput', bibliographies: [{ uri: 'file:///w/large.bib', file: 'large.bib', bytes: bib }] }, [bib])).result);
    assert.deepEqual([early.indexing, early.bibliographies.files[0].keys.length, early.bibliographies.files[0].lines[1500]], [true, 3000, 7501]);
    const options = { groupBy: 'topic' as const, sortBy: 'upvotes' as const };
    const [tree, papers] = await Promise.all([ask({ type: 'treeTop', options }), ask({ type: 'papers', keys: ['entry1500'] })]);
    assert.equal(RESULT_SCHEMAS.treeTop.parse(tree.result).files[0]?.count, 3000, 'the tree came once every entry was joined');
    const [paper] = RESULT_SCHEMAS.papers.parse(papers.result);
    assert.deepEqual([paper?.title, paper?.entries?.[0].line], ['The title of entry 1500', 7501]);
    await ask({ type: 'indexed' });
  });

  test('rows by key answer as early as papers: before the join, while what lists papers waits for it', async () => {
    await ask({ type: 'load', corpus: bytes(dist('corpus.json')), names: bytes(dist('names.index')), text: bytes(dist('fulltext.index')) });
    // Large enough that the join is still running when the two questions arrive, even on a busy machine.
    const text = Array.from({ length: 12000 }, (_, i) => `@misc{row${i},\n  author = {Doe, Jane},\n  title = {The title of row ${i}},\n  year = 2020\n}`).join('\n');
    const bib = bytes(Buffer.from(text));
    const early = RESULT_SCHEMAS.setInput.parse((await ask({ type: 'setInput', bibliographies: [{ uri: 'file:///w/rows.bib', file: 'rows.bib', bytes: bib }] }, [bib])).result);
    assert.equal(early.indexing, true);
    const order: string[] = [];
    const options = { groupBy: 'topic' as const, sortBy: 'upvotes' as const };
    const [, rows] = await Promise.all([
      ask({ type: 'treeTop', options }).then(answer => { order.push('tree'); return answer; }),
      ask({ type: 'rowsByKey', keys: ['row1500', 'ROW1500'], excerpt: 500 }).then(answer => { order.push('rows'); return answer; }),
    ]);
    assert.deepEqual(order, ['rows', 'tree'], 'the rows came before the join ended');
    const [row, same] = RESULT_SCHEMAS.rowsByKey.parse(rows.result);
    assert.deepEqual([row?.title, row?.entries[0]?.line], ['The title of row 1500', 7501]);
    assert.deepEqual(same, row, 'keys compare without case');
    await ask({ type: 'indexed' });
  });

  test('a request that fails is answered with its error, and the worker goes on', async () => {
    const failed = await ask({ type: 'children', container: 'topic:agents', options: { groupBy: 'topic', sortBy: 'upvotes' } });
    assert.equal(failed.ok, true, 'an unknown group has no rows');
    const bad = await ask({ type: 'query', text: 'x', options: null as never });
    assert.equal(bad.ok, false);
    assert.match(bad.error ?? '', /./);
    assert.equal((await ask({ type: 'rows', keys: ['russell2020aima'], excerpt: 0 })).ok, true);
  });

  test('suggestions are ranked in the worker, without a library: each comes back by its place in the links sent', async () => {
    // A made project of 4 cited papers over Turing's real references and citations: the first 6 records
    // are cited by all 4, the next 6 by 2, the rest by one; one cited paper is cited itself by another.
    const record = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'scholarly-apis', 'semanticscholar', 'Paper.json'), 'utf8')) as { citations: unknown[] };
    const all = record.citations.slice(0, 40).map(citingPaper => readNeighbourPage({ data: [{ citingPaper }] }, 'citations').neighbours[0]).filter((n): n is Neighbour => !!n);
    const links: CitedLinks[] = [0, 1, 2, 3].map(i => ({
      scholarId: `cited-${i}`,
      references: [...all.slice(0, 6), ...(i < 2 ? all.slice(6, 12) : []), ...all.slice(12 + i * 5, 17 + i * 5)],
      citations: i === 3 ? [all[39]] : [],
    }));
    const cited = new Set([...links.map(l => `s2:${l.scholarId}`), ...namesOf(all[39].paper)]);
    const answer = await ask({ type: 'suggest', links, cited: [...cited], dismissed: [identityOf(all[0])] });
    assert.equal(answer.ok, true, answer.error);
    const ranked = RESULT_SCHEMAS.suggest.parse(answer.result);
    const here = suggest(links, { cited, dismissed: new Set([identityOf(all[0])]) });
    assert.deepEqual(suggestionsAt(links, ranked), here, 'the same suggestions as ranked here, the papers the host holds');
    assert.deepEqual(ranked.map(r => r.citedBy), [4, 4, 4, 4, 4, 2, 2, 2, 2, 2, 2], 'the shared ones first; the dismissed and the cited left out');
    assert.equal(ranked[0].reason, 'cited by 4 of your 4 references');
    assert.ok(ranked.every(r => r.list === 'references' && r.from === 0), 'each paper by its first place');
    // An answer whose place is not one is refused; one whose place holds nothing is left out.
    assert.equal(RESULT_SCHEMAS.suggest.safeParse([{ ...ranked[0], list: 'papers' }]).success, false);
    assert.equal(RESULT_SCHEMAS.suggest.safeParse([{ ...ranked[0], at: 1.5 }]).success, false);
    assert.deepEqual(suggestionsAt(links, [{ ...ranked[0], from: 9 }]), []);
  });

  test('a corpus file read by its path, cached by the worker itself, and read back from the cache\'s paths by a new worker', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'papers-worker-'));
    const corpusPath = join(dir, 'large.json');
    const papers = syntheticCorpus(seedCorpus().papers, 300, 5);
    writeFileSync(corpusPath, JSON.stringify({ papers }));
    assert.equal(RESULT_SCHEMAS.setInput.parse((await ask({ type: 'setInput', corpus: [{ file: 'large.json', path: corpusPath }], cacheKey: 'w1' })).result).indexing, true);
    const input = RESULT_SCHEMAS.indexed.parse((await ask({ type: 'indexed' })).result);
    assert.equal(input.corpus.added, papers.length);
    assert.equal(input.snapshotWanted, true);
    const paths = Object.fromEntries(CACHE_PARTS.map(part => [part, join(dir, `library-w1-${part}.bin`)])) as Record<CachePart, string>;
    assert.equal(RESULT_SCHEMAS.snapshot.parse((await ask({ type: 'snapshot', key: 'other', paths })).result), undefined, 'not of another library');
    assert.deepEqual(RESULT_SCHEMAS.snapshot.parse((await ask({ type: 'snapshot', key: 'w1', paths })).result), { key: 'w1', written: true });
    assert.deepEqual(readdirSync(dir).sort(), ['large.json', ...CACHE_PARTS.map(part => `library-w1-${part}.bin`)].sort(), 'no temporary file left');
    const before = RESULT_SCHEMAS.query.parse((await ask({ type: 'query', text: papers[7].title, options: { limit: 1 } })).result);

    const second = new Worker(join(ROOT, 'dist', 'engine.js'), { workerData: ENGINE_WORKER });
    try {
      const answers = new Map<number, (m: unknown) => void>();
      second.on('message', (m: { id: number }) => answers.get(m.id)?.(m));
      const askNext = (request: Request) => new Promise<{ ok: boolean; result?: unknown }>(resolve => {
        const id = ++next;
        answers.set(id, m => {
          const response = ResponseSchema.parse(m);
          if ('stopped' in response) throw new Error(`the worker stopped: ${response.stopped}`);
          if ('progress' in response) throw new Error('a progress report, not an answer');
          resolve(response);
        });
        second.postMessage({ ...request, id });
      });
      await askNext({ type: 'load', corpus: bytes(dist('corpus.json')), names: bytes(dist('names.index')), text: bytes(dist('fulltext.index')) });
      const report = RESULT_SCHEMAS.setInput.parse((await askNext({ type: 'setInput', corpus: [{ file: 'large.json' }], cacheKey: 'w1', cached: { key: 'w1', paths } })).result);
      assert.deepEqual([report.needsFiles, report.index.fromCache, report.corpus.added], [false, true, papers.length]);
      const after = RESULT_SCHEMAS.query.parse((await askNext({ type: 'query', text: papers[7].title, options: { limit: 1, excerpt: 40 } })).result);
      assert.equal(after.rows[0].id, before.rows[0].id);
      const abstract = papers.find(p => p.id === after.rows[0].id)!.abstract;
      assert.ok(after.rows[0].excerpt && abstract.startsWith(after.rows[0].excerpt.slice(0, 20)), 'the excerpt is read from the cached abstracts');
      const broken = { ...paths, names: join(dir, 'missing.bin') };
      const asked = RESULT_SCHEMAS.setInput.parse((await askNext({ type: 'setInput', corpus: [{ file: 'large.json' }], cacheKey: 'w2', cached: { key: 'w2', paths: broken } })).result);
      assert.equal(asked.needsFiles, true, 'a cache that cannot be read asks for the files');
    } finally {
      await second.terminate();
    }
  });

  test('loads the bundled papers as shipped (raw deflate), and reads bibliographies by their paths; one that went away reads as empty', async () => {
    const loaded = await ask({ type: 'load', library: bytes(dist('library.deflate')) });
    assert.deepEqual([loaded.ok, loaded.result], [true, 390]);
    const dir = mkdtempSync(join(tmpdir(), 'papers-worker-'));
    writeFileSync(join(dir, 'refs.bib'), `\ufeff${BIB}`);
    const bibliographies = [
      { uri: 'file:///w/refs.bib', file: 'refs.bib', path: join(dir, 'refs.bib') },
      { uri: 'file:///w/gone.bib', file: 'gone.bib', path: join(dir, 'gone.bib') },
    ];
    const report = RESULT_SCHEMAS.setInput.parse((await ask({ type: 'setInput', corpus: [], bibliographies })).result);
    assert.deepEqual(report.bibliographies.files.map(f => [f.file, f.keys]), [['refs.bib', ['russell2020aima']], ['gone.bib', []]]);
    assert.equal(report.papers, 391);
    // Words find the entry once its names are indexed.
    await ask({ type: 'indexed' });
    const found = RESULT_SCHEMAS.query.parse((await ask({ type: 'query', text: 'norvig', options: { limit: 1 } })).result);
    assert.equal(found.rows[0].key, 'russell2020aima');
    const damaged = await ask({ type: 'load', library: bytes(dist('corpus.json')) });
    assert.equal(damaged.ok, false, 'bytes that are not the library in deflate are refused, not taken for papers');
  });

  test('a request sent right behind the shipped library waits while it is decoded, as the host sends them', async () => {
    const [loaded, report] = await Promise.all([
      ask({ type: 'load', library: bytes(dist('library.deflate')) }),
      ask({ type: 'setInput', corpus: [], bibliographies: [] }),
    ]);
    assert.deepEqual([loaded.ok, loaded.result, report.ok, report.error], [true, 390, true, undefined]);
    assert.equal(RESULT_SCHEMAS.setInput.parse(report.result).papers, 390);
  });

  test('a bibliography beside its whole library\'s cache paths: read in the same answer when the cache is missing or damaged, taken from the cache when it is there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'papers-worker-'));
    writeFileSync(join(dir, 'refs.bib'), BIB);
    const paths = Object.fromEntries(CACHE_PARTS.map(part => [part, join(dir, `library-b1-${part}.bin`)])) as Record<CachePart, string>;
    const request: Request = {
      type: 'setInput', corpus: [], bibliographyKey: 'b1', cached: { key: 'b1', paths },
      bibliographies: [{ uri: 'file:///w/refs.bib', file: 'refs.bib', path: join(dir, 'refs.bib') }],
    };
    const fresh = async () => {
      const other = new Worker(join(ROOT, 'dist', 'engine.js'), { workerData: ENGINE_WORKER });
      const answers = new Map<number, (m: unknown) => void>();
      other.on('message', (m: { id: number }) => answers.get(m.id)?.(m));
      const askIt = (r: Request) => new Promise<unknown>((resolve, reject) => {
        const id = ++next;
        answers.set(id, m => {
          const response = ResponseSchema.parse(m);
          if ('stopped' in response || 'progress' in response || !response.ok) reject(new Error(JSON.stringify(response))); else resolve(response.result);
        });
        other.postMessage({ ...r, id });
      });
      await askIt({ type: 'load', library: bytes(dist('library.deflate')) });
      return { ask: askIt, stop: () => other.terminate() };
    };
    // A first session: no cache yet; the file is read at once, not asked for again.
    const first = await fresh();
    try {
      const early = RESULT_SCHEMAS.setInput.parse(await first.ask(request));
      assert.deepEqual([early.needsFiles, early.indexing, early.bibliographies.files[0].keys], [false, true, ['russell2020aima']]);
      const report = RESULT_SCHEMAS.indexed.parse(await first.ask({ type: 'indexed' }));
      assert.deepEqual([report.needsFiles, report.index.fromCache, report.bibliographies.files[0].keys], [false, false, ['russell2020aima']]);
      assert.equal(report.snapshotWanted, true);
      assert.deepEqual(RESULT_SCHEMAS.snapshot.parse(await first.ask({ type: 'snapshot', key: 'b1', paths })), { key: 'b1', written: true });
    } finally { await first.stop(); }
    // The next session: the library from the cache, the file unread (it is gone, and the entry is still there).
    writeFileSync(join(dir, 'refs.bib'), '');
    const again = await fresh();
    try {
      const report = RESULT_SCHEMAS.setInput.parse(await again.ask(request));
      assert.deepEqual([report.needsFiles, report.index.fromCache, report.bibliographies.files[0].keys], [false, true, ['russell2020aima']]);
    } finally { await again.stop(); }
    // A damaged cache: the file is read instead, in the same answer.
    writeFileSync(join(dir, 'refs.bib'), BIB.replace('russell2020aima', 'russell2021aima'));
    writeFileSync(paths.meta, '{"files": 3');
    const damaged = await fresh();
    try {
      const report = RESULT_SCHEMAS.setInput.parse(await damaged.ask(request));
      assert.deepEqual([report.needsFiles, report.index.fromCache, report.bibliographies.files[0].keys], [false, false, ['russell2021aima']]);
    } finally { await damaged.stop(); }
  });

  test('an exit request stops the worker the way a crash would', async () => {
    const exited = new Promise<number>(resolve => worker.once('exit', resolve));
    worker.postMessage({ type: 'exit', id: ++next });
    assert.equal(await exited, 70);
  });
});

