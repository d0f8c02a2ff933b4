import * as assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readLibrary } from '../../../../src/build/compressed';
import { fromColumns } from '../../../../src/core/corpus/columns';
import { CORPUS_FILE, joinLibrary, LIBRARY_FILE, NAMES_INDEX, shippedName, splitLibrary, TEXT_INDEX } from '../../../../src/core/corpus/shippedFiles';
import { PaperLibrary } from '../../../../src/core/search/library';
import { buildIndex, buildIndexParts } from '../../../../src/core/search/search';
import { ROOT, seedCorpus } from '../../support/seeds';

let loaded: PaperLibrary | undefined;
/** The library as the extension loads it: the build's three parts as shipped, the full text behind. */
function library(): PaperLibrary {
  if (!loaded) {
    const { corpus, names, text } = readLibrary(join(ROOT, 'dist'));
    loaded = PaperLibrary.fromParts(corpus, names, text);
  }
  return loaded;
}

suite('PaperLibrary: loading', () => {
  suiteSetup(() => library().fullText);

  test('the shipped library (one compressed stream) holds exactly what the build wrote', () => {
    const shipped = readLibrary(join(ROOT, 'dist'));
    const plain = (name: string) => readFileSync(join(ROOT, 'dist', name), 'utf8');
    // The corpus ships in columns (core/corpus/columns.ts): the same papers, in the same order.
    assert.deepStrictEqual(fromColumns(JSON.parse(shipped.corpus)), JSON.parse(plain(CORPUS_FILE)));
    assert.equal(shipped.names, plain(NAMES_INDEX));
    assert.equal(shipped.text, plain(TEXT_INDEX));
    const size = statSync(join(ROOT, 'dist', shippedName(LIBRARY_FILE))).size;
    assert.ok(size < [CORPUS_FILE, NAMES_INDEX, TEXT_INDEX].reduce((n, name) => n + plain(name).length, 0) / 3, `${size} bytes: compressed`);
  });

  test('the library\'s parts are told apart by their lengths in bytes; anything else is refused', () => {
    const parts = { corpus: '{"papers":[]}', names: 'Ünïcode names', text: '' };
    const split = splitLibrary(new TextEncoder().encode(joinLibrary(parts)));
    const decoder = new TextDecoder();
    assert.deepEqual({ corpus: decoder.decode(split.corpus), names: decoder.decode(split.names), text: decoder.decode(split.text) }, parts);
    for (const damaged of [joinLibrary(parts).slice(0, -1), `x${joinLibrary(parts)}`, 'papers-library 1 1 2\nabc', '', readFileSync(join(ROOT, 'dist', CORPUS_FILE), 'utf8')]) {
      assert.throws(() => splitLibrary(new TextEncoder().encode(damaged)), /not the bundled papers/, JSON.stringify(damaged.slice(0, 40)));
    }
  });

  test('loads the build output: every seed paper, searchable', () => {
    assert.equal(library().papers.length, seedCorpus().papers.length);
    assert.match(library().search('tulu', { limit: 1 })[0].paper.title, /^TÜLU 3/);
  });

  test('answers from the names at once; a damaged full-text part rejects fullText and leaves the names searchable', async () => {
    const read = (name: string) => readFileSync(join(ROOT, 'dist', name), 'utf8');
    const names = read(NAMES_INDEX);
    const damaged = PaperLibrary.fromParts(read('corpus.json'), names, `${read(TEXT_INDEX)}\n\tbroken`);
    // Before the full text: a title word finds its paper, an abstract-only word nothing yet.
    assert.match(damaged.search('tulu', { limit: 1 })[0].paper.title, /^TÜLU 3/);
    await assert.rejects(damaged.fullText, /index file is damaged/);
    assert.match(damaged.search('tulu', { limit: 1 })[0].paper.title, /^TÜLU 3/);
  });

  test('refuses an index built for another corpus', () => {
    const corpus = seedCorpus().result.corpus;
    const fewer = JSON.stringify(buildIndex(corpus.papers.slice(1)));
    assert.throws(() => PaperLibrary.fromJSON(JSON.stringify(corpus), fewer), /index has 389 papers but the corpus 390/);
  });

  test('loads an index built in two parts, and answers as with the whole', () => {
    const corpus = seedCorpus().result.corpus;
    const { names, text } = buildIndexParts(corpus.papers);
    const parts = PaperLibrary.fromJSON(JSON.stringify(corpus), JSON.stringify(names), { fullTextJson: JSON.stringify(text) });
    const whole = PaperLibrary.fromJSON(JSON.stringify(corpus), JSON.stringify(buildIndex(corpus.papers)));
    for (const query of ['dexterous hand', 'gui agen', 'topic:web agents']) {
      assert.deepEqual(parts.search(query, { limit: 10 }).map(h => h.paper.id), whole.search(query, { limit: 10 }).map(h => h.paper.id), query);
    }
    const fewer = JSON.stringify(buildIndexParts(corpus.papers.slice(1)).text);
    assert.throws(() => PaperLibrary.fromJSON(JSON.stringify(corpus), JSON.stringify(names), { fullTextJson: fewer }), /rebuild them together/);
  });

  test('refuses a corpus that breaks the schema', () => {
    const corpus = seedCorpus().result.corpus;
    const broken = JSON.stringify({ papers: [{ ...corpus.papers[0], year: 'soon' }] });
    assert.throws(() => PaperLibrary.fromJSON(broken, JSON.stringify(buildIndex(corpus.papers.slice(0, 1)))));
  });

  test('loading in slices (as the extension host does) gives the same library; the shipped corpus is the validated one', async () => {
    const { corpus, names, text } = readLibrary(join(ROOT, 'dist'));
    const sliced = await PaperLibrary.loadParts(corpus, names, text);
    await sliced.fullText;
    assert.deepEqual(sliced.papers, library().papers);
    for (const query of ['tulu', 'gui agen', 'dexterous hand topic:robotics']) {
      assert.deepEqual(sliced.search(query, { limit: 10 }).map(h => h.paper.id), library().search(query, { limit: 10 }).map(h => h.paper.id), query);
    }
    // Taken as the build wrote it, without zod's check at run time: the same papers as when checked.
    assert.deepEqual(PaperLibrary.shippedCorpus(corpus), PaperLibrary.parseCorpus(corpus));
    assert.throws(() => PaperLibrary.shippedCorpus(corpus.slice(0, corpus.length >> 1)), SyntaxError);
    assert.throws(() => PaperLibrary.shippedCorpus('{"format":"papers-columns 1","count":3,"fields":{"key":["a"]},"ids":{}}'), /key does not have 3 values/);
    assert.throws(() => PaperLibrary.shippedCorpus('[]'), /bundled papers are damaged/);
  });

  test('loading in slices waits at each slice while `between` holds, the full text too (the host, while the engine worker has the papers)', async () => {
    const { corpus, names, text } = readLibrary(join(ROOT, 'dist'));
    let held: (() => void)[] | undefined;
    let calls = 0;
    const between = () => {
      calls++;
      return held ? new Promise<void>(resolve => held!.push(resolve)) : new Promise<void>(resolve => setTimeout(resolve, 0));
    };
    const sliced = await PaperLibrary.loadParts(corpus, names, text, {}, between);
    const namesCalls = calls;
    assert.ok(namesCalls > 3, `the corpus and the names index are loaded in slices (${namesCalls})`);
    // The worker holds the papers from here on: the abstracts' index goes no further.
    held = [];
    let done = false;
    void sliced.fullText.then(() => { done = true; });
    await new Promise(resolve => setTimeout(resolve, 200));
    assert.equal(done, false, 'the full text loaded while the host was told to wait');
    assert.ok(held.length > 0, 'the full text is waiting at a slice');
    assert.ok(sliced.search('tulu', { limit: 10 }).length > 0, 'the names are searched meanwhile');
    // The worker went: the host's own copy is wanted again and finishes.
    const waiting = held;
    held = undefined;
    for (const resolve of waiting) resolve();
    await sliced.fullText;
    assert.ok(calls > namesCalls + 1, 'the full text was loaded in slices as well');
    assert.deepEqual(sliced.search('tulu', { limit: 10 }).map(h => h.paper.id), library().search('tulu', { limit: 10 }).map(h => h.paper.id));
  });

  test('the full text\'s slices are told from the names\': held from the start, the names load and are searched, the abstracts wait (the host, once a worker starts)', async () => {
    const { corpus, names, text } = readLibrary(join(ROOT, 'dist'));
    const parts: string[] = [];
    let held: (() => void)[] | undefined = [];
    const between = (part: 'names' | 'text') => {
      parts.push(part);
      return part === 'text' && held ? new Promise<void>(resolve => held!.push(resolve)) : new Promise<void>(resolve => setTimeout(resolve, 0));
    };
    // The abstracts' index as the host has it: bytes, decoded only when that part loads.
    let decoded = 0;
    const sliced = await PaperLibrary.loadParts(corpus, names, () => { decoded++; return text; }, {}, between);
    let done = false;
    void sliced.fullText.then(() => { done = true; });
    await new Promise(resolve => setTimeout(resolve, 200));
    assert.equal(decoded, 0, 'the abstracts\' index is not decoded while it waits');
    assert.ok(parts.filter(p => p === 'names').length > 3, 'the names load in slices');
    assert.deepEqual(parts.slice(parts.indexOf('text')), ['text'], 'the full text asked once, after every names slice, and is waiting');
    assert.equal(done, false);
    assert.ok(sliced.search('tulu', { limit: 10 }).length > 0, 'the names are searched meanwhile');
    // The worker stopped: the host's own abstracts are wanted, and load.
    const waiting = held;
    held = undefined;
    for (const resolve of waiting) resolve();
    await sliced.fullText;
    assert.equal(decoded, 1);
    assert.ok(parts.filter(p => p === 'text').length > 1, 'the full text loads in slices as well');
    assert.deepEqual(sliced.search('tulu', { limit: 10 }).map(h => h.paper.id), library().search('tulu', { limit: 10 }).map(h => h.paper.id));
  });

  test('get: by id, or by citation key in any case', () => {
    const paper = seedCorpus().byTitle('TÜLU 3');
    assert.equal(library().get(paper.id)?.id, paper.id);
    assert.equal(library().get(paper.key.toUpperCase())?.id, paper.id);
    assert.equal(library().get('no-such-paper'), undefined);
  });
});

suite('PaperLibrary: words and filters together', () => {
  test('words with filters: only papers that pass the filters, ranked by the words', () => {
    const hits = library().search('agents topic:web', { limit: 50 });
    assert.ok(hits.length >= 5);
    assert.ok(hits.every(h => h.paper.topics.includes('web-agents')));
    assert.ok(hits.every(h => h.matched === 1));
  });

  test('filters only: every paper that passes, most upvoted first', () => {
    const hits = library().search('has:code');
    const expected = library().papers.filter(p => p.links.some(l => l.includes('github.com'))).length;
    assert.equal(hits.length, expected);
    const upvotes = hits.map(h => h.paper.upvotes ?? -1);
    assert.deepEqual(upvotes, [...upvotes].sort((a, b) => b - a));
    assert.equal(library().search('has:code', { limit: 3 }).length, 3);
  });

  test('org: with a quoted value finds the organisation\'s papers', () => {
    const hits = library().search('org:"TIGER-Lab"');
    assert.ok(hits.length >= 1);
    assert.ok(hits.every(h => h.paper.organization?.handle === 'TIGER-Lab'));
  });

  test('year and upvotes filters combine', () => {
    const hits = library().search('year:2024 upvotes>=1');
    assert.ok(hits.length >= 1);
    assert.ok(hits.every(h => h.paper.year === 2024 && (h.paper.upvotes ?? 0) >= 1));
  });

  test('a filter that matches nothing: no papers, and a message naming it', () => {
    const result = library().query('agents topic:foo');
    assert.deepEqual(result.hits, []);
    assert.deepEqual(result.problems, [{ text: 'topic:foo', message: 'no topic matches "foo"' }]);
    assert.equal(result.words, 'agents ');
    assert.deepEqual(library().query('year:1999').problems.map(p => p.message), ['no paper has year:1999']);
  });

  test('query reports each filter with how many papers it lets through', () => {
    const result = library().query('topic:gui has:code');
    assert.deepEqual(result.filters.map(f => f.filter.text), ['topic:gui', 'has:code']);
    const gui = library().papers.filter(p => p.topics.includes('computer-use')).length;
    assert.equal(result.filters[0].matches, gui);
    assert.ok(result.hits.every(h => h.paper.topics.includes('computer-use')));
  });

  test('the caller\'s filter applies on top of the query\'s', () => {
    const hits = library().search('topic:gui agents', { filter: id => id.startsWith('gui') });
    assert.ok(hits.length >= 2);
    assert.ok(hits.every(h => h.paper.id.startsWith('gui') && h.paper.topics.includes('computer-use')));
  });

  test('a citation key is not put first when a filter excludes its paper', () => {
    const tulu = seedCorpus().byTitle('TÜLU 3');
    assert.equal(library().search(`${tulu.key}`, { limit: 1 })[0].paper.id, tulu.id);
    assert.ok(!library().search(`${tulu.key} has:code`).some(h => h.paper.id === tulu.id));
  });

  test('an empty query finds nothing', () => {
    assert.deepEqual(library().search(''), []);
    assert.deepEqual(library().search('   '), []);
  });
});

suite('PaperLibrary: the writer\'s notes', () => {
  test('a paper whose note holds the words comes first, though its own text has none of them; has:note lists the noted', () => {
    const [noted] = library().papers;
    const words = 'zzyzx quibble';
    assert.equal(library().search(words).some(h => h.paper.id === noted.id), false, 'not found by its own text');
    const notes = { noted: [noted.key.toUpperCase()], matching: [noted.key] };
    assert.equal(library().search(words, { notes })[0]?.paper.id, noted.id);
    assert.deepEqual(library().search('has:note', { notes }).map(h => h.paper.id), [noted.id]);
    assert.deepEqual(library().query('has:note').problems.map(p => p.message), ['no paper has has:note']);
  });
});
