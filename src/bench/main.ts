// `npm run bench`: how fast the papers load and how fast search answers as the user types,
// on the bundled corpus and on synthetic corpora of 10,000 and 100,000 papers, side by side
// with MiniSearch's default options; plus how often a short query finds the paper it came from.
// Each measurement runs in a child process of its own, so that one cannot skew the next.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runCommandLine, UsageError } from '../cli/commandLine';
import { readLibrary, writeShipped } from '../build/compressed';
import { CORPUS_FILE, LIBRARY_FILE, NAMES_INDEX, shippedName, TEXT_INDEX } from '../core/corpus/shippedFiles';
import type { Paper } from '../core/model/paper';
import { buildStep, loadStep, measure, readCorpus, type Built, type Layout, type Measurement, type MeasureOptions } from './measure';
import { rankingQueries, typedQueries } from './queries';
import { syntheticCorpus } from './synthetic';
import { printBibliographies, printChecks, printEngine, printReport, type Activation, type EngineRow, type Row } from './table';
import { hostBibliography, measureReaders } from './bibliographies';
import { measureChecks } from './health';
import { engineStep, type EngineMeasurement } from './engine';
import { benchStyles } from './styleEngine';
import { measureProject, printProject } from './projects';
import { measurePackage, printPackage } from './cliPackage';
import { benchPaste, benchWebJoin } from './web';
import { benchNeighbourhood } from './neighbourhood';
import { benchZotero } from './zotero';

const USAGE = `usage:
  npm run bench                                   bundled corpus, then 10,000 and 100,000 synthetic papers
  npm run bench -- --sizes 10000                  synthetic sizes to run (comma-separated; 0 for none)
  npm run bench -- --baseline COMMIT|week|none    the commit whose build the activation figures are set beside, in the same
                                                  run (default: week, the newest commit a week older than HEAD)
  npm run bench -- --bibliographies               only the bibliography part: the real files of ../shared/bibliographies
                                                  by our reader and four libraries, and a 3 MB library in the real extension host
  npm run bench -- --projects                     only the thesis-sized LaTeX project (its model, papers check, renaming a key)
  npm run bench -- --styles                       only the formatted references (the style engine) of the bibliography part
  npm run bench -- --package                      only the command line as its npm package: packed size, papers --help, papers check of a thesis
  npm run bench -- --web                          only the papers from the web (a fetched day joining, a link pasted into a large .bib, a paper's neighbourhood)
  npm run bench -- --zotero                       only the Zotero library: 20,000 items read, and ten changed
  npm run bench -- --corpus FILE [--queries FILE] --json
      one corpus (the dist/corpus.json shape) and, optionally, one query per line, as the extension
      runs it: the engine in a worker thread, this thread standing for the extension host. Prints
      { "papers", "buildMs", "loadMs", "indexBytes", "heapMB", "p50", "p95", "p99",
        "firstSearchMs", "hostBlockMaxMs", "hostHeapMB", "engineHeapMB", ... } (ms, bytes, MB):
      buildMs: the first session, until the library is indexed and cached; loadMs = firstSearchMs:
      a later session, from starting the worker with the cache until the first results; indexBytes:
      the cache; heapMB: the engine's heap and buffers; p50/p95/p99: round trips as the host sees them
  npm run bench -- --corpus FILE --json --in-process [--layout whole|parts]
      the same corpus loaded and searched on one thread, as before the engine worker (MiniSearch JSON)`;

const ROOT = resolve(__dirname, '..');
const DIST = join(ROOT, 'dist');
const CHILD_FLAGS = ['--expose-gc', '--max-old-space-size=8192'];
/** Time for a measurement's queries, and again for its ranking check (see `MeasureOptions.budgetMs`). */
const BUDGET_MS = 90_000;

/** Load runs and query passes: more where a run is quick, one where it takes seconds. */
function repeats(papers: number): { loadRuns: number; passes: number } {
  if (papers < 5000) return { loadRuns: 7, passes: 3 };
  if (papers < 50_000) return { loadRuns: 3, passes: 3 };
  return { loadRuns: 1, passes: 1 };
}

/** Runs one step in a fresh node process and returns what it printed. */
function inChild<T>(step: 'build' | 'load', spec: object, scratch: string): T {
  const file = join(scratch, `spec-${step}.json`);
  writeFileSync(file, JSON.stringify(spec));
  const child = spawnSync(process.execPath, [...CHILD_FLAGS, __filename, '--worker', file], {
    encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24,
  });
  if (child.status !== 0) throw new Error(`the ${step} step failed (exit ${child.status})`);
  return JSON.parse(child.stdout) as T;
}

/** The engine worker with its cache, measured in a fresh process (`engineStep`). */
function measureEngineApart(corpusFile: string, papers: readonly Paper[], queries: readonly string[], scratch: string): EngineMeasurement {
  const spec = join(scratch, 'spec-engine.json');
  writeFileSync(spec, JSON.stringify({ dist: DIST, corpusFile, scratch: join(scratch, 'engine'), queries, ranking: rankingQueries(papers, 60) }));
  const child = spawnSync(process.execPath, [...CHILD_FLAGS, __filename, '--engine-step', spec], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 });
  if (child.status !== 0) throw new Error(`the engine step failed (exit ${child.status})`);
  return JSON.parse(child.stdout) as EngineMeasurement;
}

/** Builds in one process and loads in another, as the build and the extension do. */
function measureApart(options: MeasureOptions, scratch: string): Measurement {
  const built = inChild<Built>('build', { step: 'build', options }, scratch);
  return inChild<Measurement>('load', { step: 'load', options, built }, scratch);
}

interface CorpusRun {
  label: string;
  file: string;
  indexFiles?: string[];
  layout: Layout;
  papers: readonly Paper[];
}

/**
 * Activation in the real extension host, by scripts/bench-activation.mjs (code-server), beside a
 * baseline commit built next to this checkout (`--baseline`, a week-old commit unless told);
 * a reason instead when it cannot run here.
 */
function activation(baseline: string): Activation | string {
  // Each first session is followed by the window opened again (`--later`): what a writer sees every day after the first.
  const args = baseline === 'none' ? ['--runs', '5', '--later'] : ['--runs', '3', '--rounds', '2', '--baseline', baseline, '--later'];
  console.error(`[bench] activation in the real extension host (${baseline === 'none' ? '5 runs' : `3 runs in each of 2 rounds, interleaved with the baseline ${baseline}`})`);
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'bench-activation.mjs'), ...args], { encoding: 'utf8', cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status !== 0) return `scripts/bench-activation.mjs failed (${run.stderr.trim().split('\n').pop() ?? `exit ${run.status}`}); run npm run setup:offline`;
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as Activation;
}

function tables(sizes: number[], baseline: string): void {
  const library = join(DIST, shippedName(LIBRARY_FILE));
  if (!existsSync(library)) throw new Error(`${library} is missing: run \`node esbuild.mjs\` first`);
  const scratch = mkdtempSync(join(tmpdir(), 'papers-bench-'));
  const loadBefore = loadavg()[0];
  try {
    // What the extension ships and reads: the corpus (in columns), the names part of the index and
    // its full text, in one raw deflate stream. Each part is timed on its own, compressed as it ships
    // (decoding the stream costs what decoding its parts does).
    const shipped = readLibrary(DIST);
    const [corpusFile, ...indexFiles] = ([[CORPUS_FILE, shipped.corpus], [NAMES_INDEX, shipped.names], [TEXT_INDEX, shipped.text]] as const).map(([name, text]) => {
      writeShipped(join(scratch, name), text, join(ROOT, 'out', 'compressed'));
      return join(scratch, shippedName(name));
    });
    const seeds = readCorpus(corpusFile);
    const runs: CorpusRun[] = [{ label: `bundled (${seeds.length})`, file: corpusFile, indexFiles, layout: 'parts', papers: seeds }];
    for (const size of sizes) {
      console.error(`[bench] generating ${size} synthetic papers`);
      const papers = syntheticCorpus(seeds, size, size);
      const file = join(scratch, `synthetic-${size}.json`);
      writeFileSync(file, JSON.stringify({ papers }));
      runs.push({ label: `synthetic ${size.toLocaleString('en')}`, file, layout: 'parts', papers });
    }
    const rows: Row[] = [];
    const engines: EngineRow[] = [];
    for (const run of runs) {
      const queries = typedQueries(run.papers, 240);
      const ranking = rankingQueries(run.papers, 60);
      // The synthetic libraries also as the extension runs a user's corpus file: in the engine worker, from its cache.
      if (!run.indexFiles) {
        console.error(`[bench] ${run.label}: the engine worker, first session and from the cache`);
        engines.push({ corpus: run.label, measurement: measureEngineApart(run.file, run.papers, queries, scratch) });
      }
      const common = { corpusFile: run.file, scratchDir: scratch, queries, ranking, budgetMs: BUDGET_MS, ...repeats(run.papers.length) };
      const variants: Pick<MeasureOptions, 'engine' | 'layout' | 'indexFiles'>[] = [
        { engine: 'ours', layout: run.layout, indexFiles: run.indexFiles },
        // What one whole index would change for the bundled corpus.
        ...(run.indexFiles ? [{ engine: 'ours' as const, layout: 'whole' as const }] : []),
        { engine: 'defaults', layout: 'whole' },
      ];
      for (const variant of variants) {
        console.error(`[bench] ${run.label}: ${variant.engine}, ${variant.layout}`);
        rows.push({ corpus: run.label, measurement: measureApart({ ...common, ...variant }, scratch) });
      }
      run.papers = [];
    }
    // Other work on the machine slows every figure down: say how busy it was.
    const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GB, node ${process.version}; `
      + `load average ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end.`;
    printReport(rows, machine, activation(baseline));
    printEngine(engines, rows);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** ../shared/bibliographies, the real files the bibliography part reads. */
function sharedBibliographies(): string {
  const shared = resolve(ROOT, '..', 'shared', 'bibliographies');
  if (!existsSync(shared)) throw new Error(`${shared} is missing: the bench reads the real bibliographies beside the checkout`);
  return shared;
}

/** The bibliography part: the real files of ../shared/bibliographies, by every reader, and in the real host. */
async function bibliographies(): Promise<void> {
  const shared = sharedBibliographies();
  const readers = await measureReaders(shared, ROOT);
  const host = hostBibliography(ROOT);
  printBibliographies(readers, host, `${readers[0].entries.toLocaleString('en')} entries in the .bib files of ../shared/bibliographies/bibtex-tidy`);
  console.error('[bench] checking the citations of a long document');
  printChecks(await measureChecks(ROOT, shared), host);
  console.error('[bench] a thesis-sized project');
  printProject(measureProject(ROOT, shared));
  console.error('[bench] the command line as its npm package');
  printPackage(measurePackage(ROOT, shared));
  await benchStyles(ROOT, shared);
  await benchWebJoin(ROOT, shared);
  benchPaste(shared);
  await benchNeighbourhood(ROOT);
  await benchZotero(ROOT);
}

async function single(corpusFile: string, queriesFile: string | undefined, layout: Layout, inProcess: boolean): Promise<void> {
  const papers = readCorpus(corpusFile);
  const queries = queriesFile
    ? readFileSync(queriesFile, 'utf8').split(/\r?\n/).filter(q => q.trim())
    : typedQueries(papers, 240);
  if (!queries.length) throw new UsageError(`${queriesFile} holds no query`);
  const scratch = mkdtempSync(join(tmpdir(), 'papers-bench-'));
  try {
    if (!inProcess) {
      const e = measureEngineApart(corpusFile, papers, queries, scratch);
      console.log(JSON.stringify({
        papers: e.papers, buildMs: e.coldCachedMs, loadMs: e.firstSearchMs, indexBytes: e.cacheBytes, heapMB: e.engineHeapMB + e.engineBuffersMB,
        p50: e.p50, p95: e.p95, p99: e.p99,
        firstSearchMs: e.firstSearchMs, hostBlockMaxMs: Math.max(e.hostBlockMaxMs.cold, e.hostBlockMaxMs.warm, e.hostBlockMaxMs.search),
        hostHeapMB: e.hostHeapMB, engineHeapMB: e.engineHeapMB, engineBuffersMB: e.engineBuffersMB,
        coldSearchableMs: e.coldSearchableMs, hostBlockMaxMsByPhase: e.hostBlockMaxMs, maxMs: e.maxMs, slowest: e.slowest, queries: e.queries, ranking: e.ranking,
      }));
      return;
    }
    const m = await measure({ engine: 'ours', layout, corpusFile, scratchDir: scratch, queries, ...repeats(papers.length) });
    const { buildMs, loadMs, indexBytes, heapMB, p50, p95, p99 } = m;
    console.log(JSON.stringify({ papers: m.papers, buildMs, loadMs, indexBytes, heapMB, p50, p95, p99 }));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      corpus: { type: 'string' }, queries: { type: 'string' }, json: { type: 'boolean' },
      layout: { type: 'string' }, sizes: { type: 'string' }, worker: { type: 'string' }, help: { type: 'boolean' },
      bibliographies: { type: 'boolean' }, styles: { type: 'boolean' }, package: { type: 'boolean' }, projects: { type: 'boolean' }, web: { type: 'boolean' }, zotero: { type: 'boolean' }, baseline: { type: 'string' }, 'in-process': { type: 'boolean' }, 'engine-step': { type: 'string' },
    },
  });
  if (values.help) { console.log(USAGE); return; }
  if (values['engine-step']) {
    // Internal: the engine measurement for `measureEngineApart`, in this fresh process.
    console.log(JSON.stringify(await engineStep(values['engine-step'])));
    return;
  }
  if (values.worker) {
    // Internal: one step of a measurement for `tables`, in this fresh process.
    const spec = JSON.parse(readFileSync(values.worker, 'utf8')) as { step: 'build' | 'load'; options: MeasureOptions; built?: Built };
    console.log(JSON.stringify(spec.step === 'build' ? buildStep(spec.options) : await loadStep(spec.options, spec.built!)));
    return;
  }
  // The extension loads an index in two parts (names, then full text): measure that by default.
  const layout = (values.layout ?? 'parts') as Layout;
  if (layout !== 'whole' && layout !== 'parts') throw new UsageError('--layout is whole or parts');
  if (values.corpus !== undefined || values.json || values.queries !== undefined) {
    if (!values.corpus || !values.json) throw new UsageError('--corpus FILE and --json go together');
    if (values.sizes !== undefined) throw new UsageError('--sizes is for the tables, not --json');
    for (const file of [values.corpus, values.queries]) if (file !== undefined && !existsSync(file)) throw new UsageError(`no such file: ${file}`);
    await single(values.corpus, values.queries, layout, values['in-process'] === true);
    return;
  }
  if (values.layout !== undefined) throw new UsageError('--layout goes with --corpus FILE --json');
  if (values.bibliographies) {
    await bibliographies();
    return;
  }
  if (values.package) {
    printPackage(measurePackage(ROOT, sharedBibliographies()));
    return;
  }
  if (values.styles) {
    await benchStyles(ROOT, sharedBibliographies());
    return;
  }
  if (values.zotero) {
    await benchZotero(ROOT);
    return;
  }
  if (values.projects) {
    printProject(measureProject(ROOT, sharedBibliographies()));
    return;
  }
  if (values.web) {
    const shared = sharedBibliographies();
    await benchWebJoin(ROOT, shared);
    benchPaste(shared);
    await benchNeighbourhood(ROOT);
    return;
  }
  const sizes = (values.sizes ?? '10000,100000').split(',').map(Number).filter(n => n !== 0);
  if (sizes.some(n => !Number.isInteger(n) || n < 100)) throw new UsageError('--sizes takes whole numbers of at least 100, e.g. 10000,100000');
  tables(sizes, values.baseline ?? 'week');
  await bibliographies();
}

runCommandLine('bench', USAGE, () => run(process.argv.slice(2)));
