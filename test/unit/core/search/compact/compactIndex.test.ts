import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import MiniSearch, { type SearchOptions as MiniSearchOptions } from 'minisearch';
import { CompactIndex, type CompactResult, type CompactSearchOptions } from '../../../../../src/core/search/compact/compactIndex';
import { COMPACT_INDEX_VERSION } from '../../../../../src/core/search/compact/format';
import {
  buildIndex, buildIndexParts, fuzziness, loadIndex, NAME_FIELDS, namesPart, SEARCH_OPTIONS, SearchIndex, TEXT_FIELDS, textPart,
  toSearchDocument, wordsOf, type SearchDocument,
} from '../../../../../src/core/search/search';
import type { Paper } from '../../../../../src/core/model/paper';
import { misspell, rankingQueries, typedQueries } from '../../../../../src/bench/queries';
import { prng, shuffled, syntheticCorpus } from '../../../../../src/bench/synthetic';
import { seedCorpus } from '../../../support/seeds';

/** The options every search of ours gets from `SEARCH_OPTIONS` (MiniSearch applies them itself). */
const { boost: BOOST, weights: WEIGHTS } = SEARCH_OPTIONS.searchOptions!;
const ALL_FIELDS = [...NAME_FIELDS, ...TEXT_FIELDS];

/** A MiniSearch index and the compact index made of it, passed through bytes. */
interface Pair {
  name: string;
  mini: MiniSearch<SearchDocument>;
  compact: CompactIndex;
  fields: readonly string[];
  /** The shortest word `SearchIndex` matches as a prefix in this part (longer prefixes cost more to check, and it never asks). */
  prefixMin: number;
}

function pair(name: string, mini: MiniSearch<SearchDocument>, fields: readonly string[], prefixMin = 2): Pair {
  return { name, mini, compact: CompactIndex.fromBytes(CompactIndex.fromMiniSearch(mini).toBytes()), fields, prefixMin };
}

interface Corpus {
  papers: readonly Paper[];
  labels: (id: string) => string;
  names: Pair;
  text: Pair;
}

let seeds: Corpus | undefined;
let synthetic: Corpus | undefined;

function corpusOf(name: string, papers: readonly Paper[]): Corpus {
  const { topics } = seedCorpus();
  const labelMap = new Map(topics.topics.map(t => [t.id, t.label]));
  const labels = (id: string) => labelMap.get(id) ?? id;
  const started = performance.now();
  const parts = buildIndexParts(papers, labels);
  const built = performance.now();
  const corpus = { papers, labels, names: pair(`${name} names`, parts.names, NAME_FIELDS), text: pair(`${name} text`, parts.text, TEXT_FIELDS, 4) };
  const bytes = corpus.names.compact.toBytes();
  const loading = performance.now();
  CompactIndex.fromBytes(bytes);
  const loaded = performance.now() - loading;
  console.log(`[timing] ${name}: ${papers.length} papers indexed by MiniSearch in ${(built - started).toFixed(0)} ms, converted and round-tripped in ${(loading - built).toFixed(0)} ms; `
    + `names ${kb(bytes.length)} (${kb(JSON.stringify(parts.names).length)} as JSON), text ${kb(corpus.text.compact.toBytes().length)} (${kb(JSON.stringify(parts.text).length)} as JSON); names load in ${loaded.toFixed(2)} ms`);
  return corpus;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const seedFixture = () => (seeds ??= corpusOf('seeds', seedCorpus().papers));
/** A few thousand papers: a library larger than `SearchIndex`'s candidate cap, so it is searched capped. */
const syntheticFixture = () => (synthetic ??= corpusOf('synthetic', syntheticCorpus(seedCorpus().papers, 2500, 7)));

/** A deterministic verdict per document: rejected, kept, or weighed down (as a boost of 0.5). */
function judge(id: string): number {
  let h = 7;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  const verdict = (h >>> 0) % 3;
  return verdict === 0 ? 0 : verdict === 1 ? 1 : 0.5;
}

let compared = 0;
let identical = 0;

/**
 * Searches both indexes of a pair for `term` with the same options and checks that they
 * find the same documents in the same order, with the same scores, and that they call
 * `boostDocument` for the same postings in the same order. `ours`: the MiniSearch index
 * has our `SEARCH_OPTIONS.searchOptions`, which the compact one is given explicitly.
 */
function same({ name, mini, compact }: Pair, term: string, options: CompactSearchOptions, ours = true): void {
  const miniCalls: string[] = [];
  const compactCalls: string[] = [];
  const watch = (calls: string[]) => options.boostDocument && ((id: string, t: string, stored?: Record<string, unknown>) => {
    calls.push(`${id}:${t}`);
    return options.boostDocument!(id, t, stored);
  });
  const expected = mini.search(term, { ...options, boostDocument: watch(miniCalls) } as MiniSearchOptions) as unknown as CompactResult[];
  const actual = compact.search(term, { ...(ours ? { boost: BOOST, weights: WEIGHTS } : {}), ...options, boostDocument: watch(compactCalls) });
  const where = () => `${name}: "${term}" with ${JSON.stringify(options)}`;
  if (actual.length !== expected.length || actual.some((r, i) => r.id !== expected[i].id)) {
    assert.deepEqual(actual.map(r => r.id), expected.map(r => r.id), where());
  }
  expected.forEach((e, i) => {
    const a = actual[i].score;
    compared++;
    if (a === e.score) identical++;
    else assert.ok(Math.abs(a - e.score) <= 1e-9 * Math.max(Math.abs(a), Math.abs(e.score)), `${where()}: ${e.id} scores ${a}, not ${e.score}`);
  });
  if (compactCalls.length !== miniCalls.length || compactCalls.some((c, i) => c !== miniCalls[i])) {
    assert.deepEqual(compactCalls, miniCalls, `${where()}: boostDocument calls`);
  }
}

/** A term to search for, and whether to search for it fuzzily too (fuzzy searches cost the most). */
interface Probe {
  term: string;
  fuzzy: boolean;
}

/** The searches `SearchIndex` makes for a word in a part (`calls()` and `collect()` in search.ts), and a few more. */
function searchesOf({ term, fuzzy }: Probe, { fields, prefixMin }: Pair): CompactSearchOptions[] {
  const weight = () => 1 + Math.log(2);
  const prefix = term.length >= prefixMin;
  const searches: CompactSearchOptions[] = [
    { fields: [...fields], prefix: false, fuzzy: false, boostTerm: () => 1 },
    { fields: [...fields], prefix, fuzzy: false, boostTerm: () => 1 },
    { fields: [...fields].reverse(), prefix, fuzzy: false, boostTerm: weight, boostDocument: judge },
    { fields: [fields[0]], prefix: false, fuzzy: false, boostTerm: weight },
  ];
  if (fuzzy) searches.push({ fields: [...fields], prefix: false, fuzzy: fuzziness(term) || 1, boostTerm: () => 1, boostDocument: judge });
  return searches;
}

/** Every distinct word of the papers' titles. */
function titleWords(papers: readonly Paper[]): string[] {
  return [...new Set(papers.flatMap(p => wordsOf(p.title)))].sort();
}

/**
 * Each word (every `fuzzyEvery`-th also fuzzily) and its first half; for every third word, a
 * misspelling searched fuzzily too: a typing slip (one or two edits) of a word of five
 * letters or more, a letter replaced in a word of four.
 */
function probesOf(words: readonly string[], seed: number, fuzzyEvery = 4): Probe[] {
  const random = prng(seed);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const probes: Probe[] = [];
  words.forEach((word, i) => {
    probes.push({ term: word, fuzzy: i % fuzzyEvery === 0 }, { term: word.slice(0, Math.max(1, Math.ceil(word.length / 2))), fuzzy: false });
    if (i % 3) return;
    if (word.length >= 5) probes.push({ term: misspell(word, random), fuzzy: true });
    else if (word.length === 4) {
      const at = Math.floor(random() * word.length);
      probes.push({ term: word.slice(0, at) + letters[Math.floor(random() * letters.length)] + word.slice(at + 1), fuzzy: true });
    }
  });
  return [...probes, ...['zzqxj', 'qqqqqqqq', 'xyzzyplugh', 'a', 'ab'].map(term => ({ term, fuzzy: true }))];
}

suite('compact index: the same results as MiniSearch', () => {
  suiteTeardown(() => {
    if (compared) console.log(`[compact] ${identical} of ${compared} scores compared were identical to the last bit`);
  });

  test('seed corpus, names and text parts: every title word, its beginning and misspellings, with each search SearchIndex makes', () => {
    const { papers, names, text } = seedFixture();
    for (const probe of probesOf(titleWords(papers), 1)) {
      for (const part of [names, text]) for (const options of searchesOf(probe, part)) same(part, probe.term, options);
    }
  });

  test('seed corpus, whole index loaded from JSON (another tree order): terms from several fields at once', () => {
    const { papers, labels } = seedFixture();
    const whole = pair('seeds whole', loadIndex(JSON.stringify(buildIndex(papers, labels))), ALL_FIELDS);
    const abstractWords = [...new Set(papers.flatMap(p => wordsOf(p.abstract)))].sort();
    const words = shuffled([...titleWords(papers), ...abstractWords], prng(3)).slice(0, 400);
    for (const probe of probesOf(words, 2)) {
      for (const options of searchesOf(probe, whole)) same(whole, probe.term, options);
      same(whole, probe.term, { fields: ['title', 'abstract'], prefix: false, fuzzy: false, boostTerm: () => 1 + Math.log(3) });
    }
  });

  test('synthetic corpus: title words, prefixes and misspellings in both parts', () => {
    const { papers, names, text } = syntheticFixture();
    for (const probe of probesOf(shuffled(titleWords(papers), prng(5)).slice(0, 250), 6)) {
      for (const part of [names, text]) for (const options of searchesOf(probe, part)) same(part, probe.term, options);
    }
  });

  test('prefix and fuzzy together, fractional fuzziness, and MiniSearch\'s default weights and boosts', () => {
    const { names, text } = seedFixture();
    // The same index with MiniSearch's own search defaults (a query still taken as one term).
    const plain = (part: Pair) => pair(`${part.name} (defaults)`, MiniSearch.loadJS<SearchDocument>(part.mini.toJSON(), {
      ...SEARCH_OPTIONS, searchOptions: { tokenize: (t: string) => [t], processTerm: (t: string) => t },
    }), part.fields, part.prefixMin);
    const parts = [names, text, plain(names), plain(text)];
    for (const term of ['agent', 'agnet', 'learn', 'lerning', 'vision', 'model', 'gui', 'reason', 'robot', 'planing']) {
      for (const part of parts) {
        const ours = !part.name.endsWith('(defaults)');
        same(part, term, { fields: [...part.fields], prefix: true, fuzzy: 2 }, ours);
        same(part, term, { fields: [...part.fields], prefix: true, fuzzy: 0.3, boostDocument: judge }, ours);
        same(part, term, { prefix: true, fuzzy: 1 }, ours);
      }
    }
  });

  test('generated terms and options (fast-check, fixed seed)', () => {
    const { papers, names, text } = seedFixture();
    const words = titleWords(papers);
    const letter = fc.constantFrom(...'aeiorstlnmcdgpu');
    const edited = fc.tuple(fc.constantFrom(...words), fc.nat(), letter, fc.constantFrom('insert', 'delete', 'replace'))
      .map(([word, n, c, edit]) => {
        const at = n % (word.length + 1);
        if (edit === 'insert') return word.slice(0, at) + c + word.slice(at);
        if (edit === 'delete') return word.slice(0, at) + word.slice(at + 1);
        return word.slice(0, at) + c + word.slice(at + 1);
      });
    const term = fc.oneof(fc.constantFrom(...words), edited, fc.string({ unit: letter, minLength: 1, maxLength: 9 }));
    const options = fc.record({ part: fc.constantFrom(names, text), prefix: fc.boolean(), fuzzy: fc.constantFrom<number | false>(false, 1, 2, 3), reject: fc.boolean(), boostTerm: fc.constantFrom(1, 2.5) });
    fc.assert(fc.property(term, options, (t, o) => {
      same(o.part, t, {
        fields: [...o.part.fields], prefix: o.prefix, fuzzy: o.fuzzy, boostTerm: () => o.boostTerm, ...(o.reject ? { boostDocument: judge } : {}),
      });
    }), { seed: 20240611, numRuns: 600 });
  });

  test('a search made from inside another\'s boostDocument does not disturb it', () => {
    const { names } = seedFixture();
    const options = { fields: [...NAME_FIELDS], prefix: true, fuzzy: false as const };
    const inner = names.compact.search('agent', { boost: BOOST, weights: WEIGHTS, ...options });
    let nested = 0;
    same(names, 'learn', { ...options, boostDocument: id => {
      assert.deepEqual(names.compact.search('agent', { boost: BOOST, weights: WEIGHTS, ...options }), inner);
      nested++;
      return judge(id);
    } });
    assert.ok(nested > 0);
  });

  test('the per-search scratch stays right when its stamps wrap around', () => {
    const { names } = seedFixture();
    const options = { boost: BOOST, weights: WEIGHTS, fields: [...NAME_FIELDS], prefix: true };
    const expected = names.compact.search('model', options);
    const scratch = (names.compact as unknown as { tally: { generation: number } }).tally;
    scratch.generation = 0xfffffffd;
    for (let i = 0; i < 4; i++) assert.deepEqual(names.compact.search('model', options), expected);
    assert.ok(scratch.generation < 4);
  });

  test('an index with documents discarded and replaced, then vacuumed', async () => {
    const { papers, labels } = seedFixture();
    const documents = papers.map(p => namesPart(toSearchDocument(p, labels)));
    const mini = new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
    mini.addAll(documents);
    for (const doc of documents.slice(0, 40)) mini.discard(doc.id);
    for (const doc of documents.slice(100, 120)) mini.replace({ ...doc, title: `${doc.title} revised` });
    mini.add(textPart(toSearchDocument(papers[0], labels)));
    await mini.vacuum();
    const edited = pair('seeds edited', mini, NAME_FIELDS);
    assert.equal(edited.compact.documentCount, papers.length - 40 + 1);
    for (const probe of probesOf(titleWords(papers).slice(0, 300), 4)) {
      for (const options of searchesOf(probe, edited)) same(edited, probe.term, options);
    }
    same(edited, 'revised', { fields: ['title'], prefix: false, fuzzy: false });
  });
});

suite('compact index: documents and bytes', () => {
  test('has every id of the index and no other, and counts the documents', () => {
    const { papers, names } = seedFixture();
    assert.equal(names.compact.documentCount, names.mini.documentCount);
    for (const paper of papers) assert.ok(names.compact.has(paper.id), paper.id);
    for (const id of ['', 'nope', `${papers[0].id}x`, papers[0].id.slice(0, -1)]) assert.equal(names.compact.has(id), names.mini.has(id), id);
  });

  test('bytes round-trip to the same bytes, also from an unaligned copy', () => {
    const { names } = seedFixture();
    const bytes = names.compact.toBytes();
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const again = CompactIndex.fromBytes(shifted.subarray(3));
    assert.deepEqual(again.toBytes(), bytes);
    assert.deepEqual(again.search('agent', { fields: [...NAME_FIELDS], prefix: true }), names.compact.search('agent', { fields: [...NAME_FIELDS], prefix: true }));
  });

  test('bytes of another format version, or no index at all, are refused with a clear error', () => {
    const bytes = seedFixture().names.compact.toBytes();
    const other = bytes.slice();
    new DataView(other.buffer).setUint32(8, COMPACT_INDEX_VERSION + 1, true);
    assert.throws(() => CompactIndex.fromBytes(other), new RegExp(`version ${COMPACT_INDEX_VERSION + 1}.*reads version ${COMPACT_INDEX_VERSION}`));
    assert.throws(() => CompactIndex.fromBytes(new TextEncoder().encode('{"documentCount":1}')), /not a compact search index/);
    assert.throws(() => CompactIndex.fromBytes(bytes.subarray(0, bytes.length / 2)), /damaged|cut short/);
    const header = bytes.slice();
    header[17] = 0x7b;
    assert.throws(() => CompactIndex.fromBytes(header), /header cannot be read/);
  });

  test('an index with stored fields is refused: their values would be missing from boostDocument', () => {
    const mini = new MiniSearch<SearchDocument>({ ...SEARCH_OPTIONS, storeFields: ['title'] });
    mini.add(toSearchDocument(seedCorpus().papers[0]));
    assert.throws(() => CompactIndex.fromMiniSearch(mini), /stored fields/);
  });
});

/**
 * A compact index as `SearchIndex` sees an index: `search` with the options MiniSearch
 * would add from `SEARCH_OPTIONS.searchOptions` (boosts and weights), and `documentCount`.
 */
function adapt(compact: CompactIndex): MiniSearch<SearchDocument> {
  const adapter = {
    get documentCount() { return compact.documentCount; },
    search: (term: string, options: CompactSearchOptions) => compact.search(term, { boost: BOOST, weights: WEIGHTS, ...options }),
  };
  return adapter as unknown as MiniSearch<SearchDocument>;
}

/**
 * The two `SearchIndex`es, over MiniSearch parts and over compact ones. The text part comes
 * as a promise: `SearchIndex` takes a text part given at once only if it is a MiniSearch.
 */
async function searchIndexes({ names, text }: Corpus): Promise<{ mini: SearchIndex; compact: SearchIndex }> {
  const compact = new SearchIndex(adapt(names.compact), Promise.resolve(adapt(text.compact)));
  await compact.fullText;
  assert.ok(compact.hasFullText);
  return { mini: new SearchIndex(names.mini, text.mini), compact };
}

suite('compact index: interchangeable under SearchIndex', () => {
  test('synthetic corpus (capped): the same hits for typed and ranking queries, as typed key by key', async () => {
    const corpus = syntheticFixture();
    const { mini, compact } = await searchIndexes(corpus);
    const queries = [...typedQueries(corpus.papers, 240), ...rankingQueries(corpus.papers, 60).map(q => q.query)];
    const times = { mini: [] as number[], compact: [] as number[] };
    for (const query of queries) {
      let started = performance.now();
      const expected = mini.search(query, { limit: 50 });
      times.mini.push(performance.now() - started);
      started = performance.now();
      const actual = compact.search(query, { limit: 50 });
      times.compact.push(performance.now() - started);
      assert.deepEqual(actual, expected, query);
      assert.deepEqual(compact.search(query, { limit: 10, allWords: true }), mini.search(query, { limit: 10, allWords: true }), query);
    }
    const p = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.floor(q * (list.length - 1))].toFixed(2);
    console.log(`[timing] SearchIndex over ${corpus.papers.length} synthetic papers, ${queries.length} queries: MiniSearch p50 ${p(times.mini, 0.5)} ms p95 ${p(times.mini, 0.95)} ms; compact p50 ${p(times.compact, 0.5)} ms p95 ${p(times.compact, 0.95)} ms`);
  });

  test('seed corpus (scored whole): the same hits, also for unlimited searches and related papers', async () => {
    const corpus = seedFixture();
    const { mini, compact } = await searchIndexes(corpus);
    for (const query of typedQueries(corpus.papers, 240)) {
      assert.deepEqual(compact.search(query, { limit: 50 }), mini.search(query, { limit: 50 }), query);
      assert.deepEqual(compact.search(query), mini.search(query), query);
    }
    for (const paper of corpus.papers.slice(0, 40)) {
      const words = wordsOf(`${paper.title} ${paper.abstract}`);
      assert.deepEqual(compact.similar(words, { limit: 10 }), mini.similar(words, { limit: 10 }), paper.id);
    }
  });
});
