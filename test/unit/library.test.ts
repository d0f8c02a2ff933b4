import * as assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readShipped } from '../../src/build/compressed';
import { fromColumns } from '../../src/core/corpus/columns';
import { CORPUS_FILE, NAMES_INDEX, shippedName, TEXT_INDEX } from '../../src/core/corpus/files';
import { CorpusSchema, parseCorpusInSlices } from '../../src/core/corpus/paper';
import { PaperLibrary } from '../../src/core/search/library';
import { buildIndex, buildIndexParts } from '../../src/core/search/search';
import { ROOT, seedCorpus } from './seeds';

let loaded: PaperLibrary | undefined;
/** The library as the extension loads it: the build's three files as shipped, the full text behind. */
function library(): PaperLibrary {
  const read = (name: string) => readShipped(join(ROOT, 'dist', shippedName(name)));
  loaded ??= PaperLibrary.fromParts(read(CORPUS_FILE), read(NAMES_INDEX), read(TEXT_INDEX));
  return loaded;
}

suite('PaperLibrary: loading', () => {
  suiteSetup(() => library().fullText);

  test('the shipped (compressed) files hold exactly what the build wrote', () => {
    for (const name of [CORPUS_FILE, NAMES_INDEX, TEXT_INDEX]) {
      const plain = readFileSync(join(ROOT, 'dist', name), 'utf8');
      const shipped = readShipped(join(ROOT, 'dist', shippedName(name)));
      // The corpus ships in columns (core/corpus/columns.ts): the same papers, in the same order.
      if (name === CORPUS_FILE) assert.deepStrictEqual(fromColumns(JSON.parse(shipped)), JSON.parse(plain), name);
      else assert.equal(shipped, plain, name);
      assert.ok(statSync(join(ROOT, 'dist', shippedName(name))).size < plain.length / 2, `${name} is compressed`);
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

  test('loading in slices (as the extension host does) gives the same library, and the same error for a broken corpus', async () => {
    const read = (name: string) => readShipped(join(ROOT, 'dist', shippedName(name)));
    const sliced = await PaperLibrary.loadParts(read(CORPUS_FILE), read(NAMES_INDEX), read(TEXT_INDEX));
    await sliced.fullText;
    assert.deepEqual(sliced.papers, library().papers);
    for (const query of ['tulu', 'gui agen', 'dexterous hand topic:robotics']) {
      assert.deepEqual(sliced.search(query, { limit: 10 }).map(h => h.paper.id), library().search(query, { limit: 10 }).map(h => h.paper.id), query);
    }
    const papers = seedCorpus().result.corpus.papers;
    const pause = () => Promise.resolve();
    const errorOf = async (json: unknown) => {
      const whole = (() => { try { CorpusSchema.parse(json); return 'no error'; } catch (e) { return String(e); } })();
      const inSlices = await parseCorpusInSlices(json, pause).then(() => 'no error', (e: unknown) => String(e));
      assert.equal(inSlices, whole);
      return inSlices;
    };
    assert.match(await errorOf({ papers: papers.map((p, i) => (i === 130 ? { ...p, year: 'soon' } : p)) }), /papers.*130.*year/s);
    assert.match(await errorOf({ papers: [...papers, { ...papers[3], id: 'other' }] }), /duplicate key/);
    assert.match(await errorOf({ papers, extra: 1 }), /extra/);
    assert.equal(await errorOf({ papers }), 'no error');
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
