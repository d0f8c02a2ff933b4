// One measurement: build a corpus's index, store it, load it back the way the extension
// does (read, JSON.parse, zod validation, loadJSON), then time searches. Runs in its own
// process (see main.ts) so that heap figures and timings are not skewed by earlier runs.
import MiniSearch, { type Options } from 'minisearch';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import topicsFile from '../data/topics.json';
import { readShipped } from '../build/compressed';
import { fromColumns } from '../core/corpus/columns';
import { PaperLibrary } from '../core/search/library';
import { CorpusSchema, type Paper } from '../core/model/paper';
import { decodeIndex } from '../core/search/indexCodec';
import { buildIndex, buildIndexParts, loadIndex, SEARCH_FIELDS, SEARCH_OPTIONS, SearchIndex, toSearchDocument, type SearchDocument } from '../core/search/search';
import type { RankingQuery, RankingVariant } from './queries';
import { prng, shuffled } from './synthetic';

export type EngineName = 'ours' | 'defaults';
/** `whole`: one index file, as the build writes it. `parts`: names at start-up, full text behind. */
export type Layout = 'whole' | 'parts';

export interface MeasureOptions {
  engine: EngineName;
  layout: Layout;
  corpusFile: string;
  /** Load these index files instead of those just built (the build's own `dist/index.json` and `dist/fulltext.json`). */
  indexFiles?: string[];
  /** Where the serialized index is written to be read back. */
  scratchDir: string;
  queries: readonly string[];
  ranking?: readonly RankingQuery[];
  /** How many times to load; the median is reported. */
  loadRuns: number;
  /** How many timed passes over the queries, after one warm-up pass; each query's median counts. */
  passes: number;
  /**
   * Time allowed for the queries, and again for the ranking check: MiniSearch's defaults
   * take seconds a query at 100,000 papers. Queries run in a seeded random order, so
   * that those timed before the budget runs out are spread over the whole list.
   */
  budgetMs?: number;
}

export interface Measurement {
  engine: EngineName;
  layout: Layout;
  papers: number;
  /** Read + JSON.parse + zod validation of the corpus. */
  corpusLoadMs: number;
  buildMs: number;
  /** Every index file together. */
  indexBytes: number;
  /** The index file(s) read before the first search. */
  startupIndexBytes: number;
  /** Read + loadJSON of what the first search needs. */
  indexLoadMs: number;
  /** Read + loadJSON of the full text that loads behind (parts layout only). */
  textLoadMs: number | null;
  /** What the extension pays before the first search: corpus + start-up index (median of the runs). */
  loadMs: number;
  /** The same, for the first run of the process: nothing warmed up yet, as at activation. */
  firstLoadMs: number;
  heapMB: number | null;
  /** Queries timed (fewer than given when the budget ran out). */
  queries: number;
  p50: number;
  p95: number;
  p99: number;
  /** p95 with each query after an unrelated one, so that nothing of the previous search helps (ours only). */
  p95Alone: number | null;
  ranking: { queries: number; first: number; byVariant: Partial<Record<RankingVariant, { queries: number; first: number }>> } | null;
}

/** MiniSearch out of the box, on the same fields: the baseline our options are measured against. */
export const DEFAULT_OPTIONS: Options<SearchDocument> = {
  fields: [...SEARCH_FIELDS],
  storeFields: [],
  searchOptions: { prefix: true, fuzzy: 0.2 },
};

const LABELS = new Map([...topicsFile.topics, topicsFile.catchAll].map(t => [t.id, t.label]));
const topicLabel = (id: string) => LABELS.get(id) ?? id;

/** Ids of the best papers for a query, best first. */
type Searcher = (query: string, limit: number) => string[];

interface Engine {
  /** Builds the index and returns its serialized files, start-up file first. */
  build(papers: readonly Paper[]): { name: string; json: string }[];
  /** Loads what the first search needs; `loadRest` then loads the rest, if any, and `ready` settles once it is searched. */
  load(papers: readonly Paper[], files: string[]): { search: Searcher; loadRest?: () => void; ready?: Promise<void> };
}

const ours = (layout: Layout): Engine => ({
  build(papers) {
    if (layout === 'whole') return [{ name: 'index.json', json: JSON.stringify(buildIndex(papers, topicLabel)) }];
    // As the extension caches the index of a user's corpus: two parts, MiniSearch JSON.
    // (The bundled corpus is measured from the files the build ships, in the compact form.)
    const { names, text } = buildIndexParts(papers, topicLabel);
    return [{ name: 'names.json', json: JSON.stringify(names) }, { name: 'text.json', json: JSON.stringify(text) }];
  },
  load(papers, files) {
    const corpus = { papers: [...papers] };
    if (layout === 'whole') {
      const library = new PaperLibrary(corpus, loadIndex(readFileSync(files[0], 'utf8')));
      return { search: (q, limit) => library.search(q, { limit }).map(h => h.paper.id) };
    }
    let arrive: (text: MiniSearch<SearchDocument>) => void = () => undefined;
    const ids = papers.map(p => p.id);
    // The shipped files are in the compact form (`encodeIndex`); cached ones are MiniSearch JSON.
    const loadPart = (file: string) => {
      const text = readShipped(file);
      return MiniSearch.loadJSON<SearchDocument>(text.startsWith('{') ? text : decodeIndex(text, ids), SEARCH_OPTIONS);
    };
    const index = new SearchIndex(loadPart(files[0]), new Promise(resolve => { arrive = resolve; }));
    const library = new PaperLibrary(corpus, index);
    return {
      search: (q, limit) => library.search(q, { limit }).map(h => h.paper.id),
      // Loaded synchronously to time it; the extension uses MiniSearch.loadJSONAsync.
      loadRest: () => arrive(loadPart(files[1])),
      ready: library.fullText,
    };
  },
});

const defaults: Engine = {
  build(papers) {
    const index = new MiniSearch<SearchDocument>(DEFAULT_OPTIONS);
    index.addAll(papers.map(p => toSearchDocument(p, topicLabel)));
    return [{ name: 'index.json', json: JSON.stringify(index) }];
  },
  load(_papers, files) {
    const index = MiniSearch.loadJSON<SearchDocument>(readFileSync(files[0], 'utf8'), DEFAULT_OPTIONS);
    return { search: (q, limit) => index.search(q).slice(0, limit).map(r => r.id as string) };
  },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
/** Nearest-rank percentile. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const collect = () => (globalThis as { gc?: () => void }).gc?.();
const heapUsed = () => process.memoryUsage().heapUsed;

function timed<T>(run: () => T): [T, number] {
  const started = performance.now();
  const value = run();
  return [value, performance.now() - started];
}

/** Reads and validates a corpus file (the dist/corpus.json shape), as the extension does. */
export function readCorpus(file: string): Paper[] {
  const parsed = CorpusSchema.safeParse(fromColumns(JSON.parse(readShipped(file))));
  if (parsed.success) return parsed.data.papers;
  const issue = parsed.error.issues[0];
  throw new Error(`${file} is not a corpus: ${issue.path.join('.')}: ${issue.message}`);
}

export interface Built {
  buildMs: number;
  /** The index files to load, start-up file first. */
  files: string[];
  indexBytes: number;
  startupIndexBytes: number;
}

/** Builds and stores the index (a small corpus is built three times, the median kept). */
export function buildStep(options: MeasureOptions): Built {
  const engine = options.engine === 'ours' ? ours(options.layout) : defaults;
  const papers = readCorpus(options.corpusFile);
  const times: number[] = [];
  let built: { name: string; json: string }[] = [];
  for (let i = 0; i < (papers.length < 5000 ? 3 : 1); i++) {
    const [files, ms] = timed(() => engine.build(papers));
    built = files;
    times.push(ms);
  }
  const files = built.map(({ name, json }) => {
    const path = join(options.scratchDir, `${options.engine}-${name}`);
    writeFileSync(path, json);
    return path;
  });
  const shipped = options.indexFiles;
  return {
    buildMs: median(times),
    files: shipped ?? files,
    indexBytes: shipped ? shipped.reduce((n, f) => n + readFileSync(f).length, 0) : built.reduce((n, f) => n + Buffer.byteLength(f.json), 0),
    startupIndexBytes: shipped ? readFileSync(shipped[0]).length : Buffer.byteLength(built[0].json),
  };
}

/**
 * Loads the stored index `loadRuns` times and searches. Heap is the growth over the
 * first load, both ends after a full GC (null when node runs without --expose-gc).
 */
export async function loadStep(options: MeasureOptions, built: Built): Promise<Measurement> {
  const engine = options.engine === 'ours' ? ours(options.layout) : defaults;
  const corpusTimes: number[] = [];
  const indexTimes: number[] = [];
  const textTimes: number[] = [];
  let loaded: ReturnType<Engine['load']> | undefined;
  let heap: number | null = null;
  let count = 0;
  for (let run = 0; run < options.loadRuns; run++) {
    loaded = undefined;
    collect();
    const before = heapUsed();
    const [papers, corpusMs] = timed(() => readCorpus(options.corpusFile));
    count = papers.length;
    const [engineLoaded, indexMs] = timed(() => engine.load(papers, built.files));
    corpusTimes.push(corpusMs);
    indexTimes.push(indexMs);
    if (engineLoaded.loadRest) textTimes.push(timed(engineLoaded.loadRest)[1]);
    // The text part joins the search once its promise settles: searches before would see titles only.
    await engineLoaded.ready;
    loaded = engineLoaded;
    collect();
    // The first run only: later ones start with the previous load not yet released.
    if (run === 0 && (globalThis as { gc?: unknown }).gc) heap = (heapUsed() - before) / 2 ** 20;
  }
  const search = loaded!.search;
  const latencies = timeQueries(search, options.queries, options.passes, options.budgetMs ?? Infinity, true);
  // Our search reuses the previous search's words; MiniSearch's defaults keep nothing, so one order is enough for them.
  const alone = options.engine === 'ours' ? timeQueries(search, options.queries, options.passes, options.budgetMs ?? Infinity, false) : null;
  return {
    engine: options.engine,
    layout: options.layout,
    papers: count,
    corpusLoadMs: median(corpusTimes),
    buildMs: built.buildMs,
    indexBytes: built.indexBytes,
    startupIndexBytes: built.startupIndexBytes,
    indexLoadMs: median(indexTimes),
    textLoadMs: textTimes.length ? median(textTimes) : null,
    loadMs: median(corpusTimes.map((c, i) => c + indexTimes[i])),
    firstLoadMs: corpusTimes[0] + indexTimes[0],
    heapMB: heap,
    queries: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    p95Alone: alone && percentile(alone, 95),
    ranking: options.ranking?.length ? rank(search, options.ranking, options.budgetMs ?? Infinity) : null,
  };
}

/** 0 … count-1 in a seeded random order. */
const spread = (count: number) => shuffled([...Array(count).keys()], prng(count));

/**
 * The queries cut into typing runs: a query that extends the one before it, or takes a
 * letter off it, was typed right after it. Each run is a list of query numbers.
 */
export function typingRuns(queries: readonly string[]): number[][] {
  const runs: number[][] = [];
  queries.forEach((query, i) => {
    const before = queries[i - 1];
    if (i > 0 && (query.startsWith(before) || before.startsWith(query))) runs[runs.length - 1].push(i);
    else runs.push([i]);
  });
  return runs;
}

/**
 * Each query's median time over `passes` timed passes, after a warm-up pass (cut to a
 * tenth of the budget); sorted. With `asTyped`, the typing runs are replayed in order,
 * as the search box sees them (the runs themselves in a seeded random order); without,
 * the queries come one by one in a seeded random order, each after an unrelated one.
 * Queries the budget left untimed are left out.
 */
function timeQueries(search: Searcher, queries: readonly string[], passes: number, budgetMs: number, asTyped: boolean): number[] {
  const runs = asTyped ? typingRuns(queries) : queries.map((_, i) => [i]);
  const order = spread(runs.length).flatMap(r => runs[r]);
  const started = performance.now();
  const over = (share: number) => performance.now() - started > budgetMs * share;
  for (const i of order) {
    search(queries[i], 50);
    if (over(0.1)) break;
  }
  const perQuery = queries.map(() => [] as number[]);
  for (let pass = 0; pass < passes && !over(1); pass++) {
    for (const i of order) {
      if (over(1)) break;
      perQuery[i].push(timed(() => search(queries[i], 50))[1]);
    }
  }
  return perQuery.filter(times => times.length).map(median).sort((a, b) => a - b);
}

function rank(search: Searcher, queries: readonly RankingQuery[], budgetMs: number): NonNullable<Measurement['ranking']> {
  const byVariant: NonNullable<Measurement['ranking']>['byVariant'] = {};
  const started = performance.now();
  let first = 0;
  let asked = 0;
  for (const i of spread(queries.length)) {
    if (performance.now() - started > budgetMs) break;
    const { id, query, variant } = queries[i];
    const hit = search(query, 10)[0] === id ? 1 : 0;
    asked++;
    first += hit;
    const tally = byVariant[variant] ??= { queries: 0, first: 0 };
    tally.queries++;
    tally.first += hit;
  }
  return { queries: asked, first, byVariant };
}

/** Both steps in this process (for `--json`; the tables run each step in a fresh process). */
export function measure(options: MeasureOptions): Promise<Measurement> {
  return loadStep(options, buildStep(options));
}
