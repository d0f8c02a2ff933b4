// The bench's bibliography part: the real files of ../shared/bibliographies read by our reader and
// by the libraries we could have used, and a large real library in the real extension host.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { CANDIDATES, namesScore, OURS, unicodeScore, type Reader } from './bibParsers';

export interface ReaderRow {
  name: string;
  /** Every .bib file once, and the 3 MB library (median of runs), in ms. */
  allFilesMs: number;
  libraryMs: number;
  libraryEntries: number;
  entries: number;
  filesThrown: number;
  /** Entries kept around a damaged entry (of those the undamaged file has). */
  keptAroundDamage: string;
  lines: boolean;
  unicode: number;
  names: number;
  /** What the reader adds to a browser bundle, minified and gzipped (KB); null if it does not bundle for a browser. */
  minKB: number | null;
  gzipKB: number | null;
  browserProblem?: string;
}

/**
 * Where the machine's cores went from opening main.tex until every name was searchable: the CPU each
 * part used (ms; medians over the windows) and the wall time (test/bench/machineCpu.ts).
 */
export interface MachineCpu {
  wallMs: number;
  cores: number;
  /** The extension host's thread that appeared after the first snapshot and ran the most: the engine worker. */
  engineWorkerMs: number;
  /** The extension host's main thread: VS Code's extension host, every extension's host code, ours among them. */
  hostMainMs: number;
  /** The extension host's other threads: V8's optimizing compiler and garbage collector, the profiler's sampler, libuv's pool. */
  hostOtherMs: number;
  /** Chromium, which shows the workbench: its renderer, GPU and network processes. */
  browserMs: number;
  /** code-server's other processes (its server, the file watcher, the pty host). */
  serverMs: number;
  otherMs: number;
  idleMs: number;
  stealMs: number;
}

export interface HostBibliography {
  file: string;
  bytes: number;
  entries: number;
  /** In the worker: parsing the file into entries (the keys answer then), and that with converting them to papers. `parseMs` is missing from runs before it was measured. */
  parseMs?: number;
  readMs: number;
  /**
   * From activation until a key of the library answers; until a search for that key finds it (the entries
   * joined to the bundled papers: completion and the Papers view list them); and until a search for an
   * entry's title finds it. `listedMs` is missing from runs before it was measured.
   */
  searchableMs: number;
  listedMs?: number;
  namesSearchableMs: number;
  fullTextMs: number;
  hostBlockMaxMs: number;
  hoverMs: number;
  hoverP95Ms: number;
  hoverProviderMs: number;
  hoverProviderP95Ms: number;
  completionMs: number;
  completionProviderMs: number;
  lookupMs: number;
  /** long.tex (5,000 lines, 1,000 citations of the library's keys) typed into. */
  longDocument: { lines: number; citations: number; undefinedKeys: number };
  keystrokeMs: number;
  keystrokeP95Ms: number;
  checkMs: number;
  checkP95Ms: number;
  typingBlockMaxMs: number;
  /** The longest run of our own code on the host, from its CPU profile (the rest of a block is VS Code's, or a wait for a core). */
  ownBlockMaxMs: number;
  ownBlockMaxMsMedian: number;
  ownTypingBlockMaxMs: number;
  /** Linux only, and missing from runs before it was measured. */
  machine?: MachineCpu;
  /** The same window opened again (same user data): the library from the cache the first session wrote. */
  reopened: { fromCache: boolean; searchableMs: number; listedMs?: number; namesSearchableMs: number; fullTextMs: number; hostBlockMaxMs: number; hostBlockMaxMsMedian: number; ownBlockMaxMs: number; ownBlockMaxMsMedian: number; hoverProviderMs: number; machine?: MachineCpu };
  hostBlockMaxMsMedian: number;
  runs: number;
  /** How long after the window loaded main.tex was opened (ms). */
  settleMs: number;
  /** The same, main.tex opened once the window has long finished loading (`SETTLED_MS`). */
  settled?: HostBibliography;
}

/** The wait of the second series: the workbench and VS Code's own extensions are done loading by then. */
const SETTLED_MS = 15_000;

function bibFiles(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? bibFiles(path) : name.endsWith('.bib') ? [path] : [];
  }).sort();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function time<T>(f: () => T): { ms: number; value: T } {
  globalThis.gc?.();
  const started = performance.now();
  const value = f();
  return { ms: performance.now() - started, value };
}

/** A file whose tenth entry lost its closing brace: how many of the other entries does a reader keep? */
function damaged(text: string): { text: string; others: number } {
  const starts = [...text.matchAll(/^@(?!string|comment|preamble)\w+\s*\{/gim)].map(m => m.index);
  if (starts.length < 12) throw new Error('the damage probe needs a file of at least 12 entries');
  const next = starts[10];
  const close = text.lastIndexOf('}', next - 1);
  return { text: text.slice(0, close) + text.slice(close + 1), others: starts.length - 1 };
}

/** What bundling a reader for a browser worker gives: minified and gzipped size, or why it fails. */
async function bundleSize(reader: Reader, root: string): Promise<Pick<ReaderRow, 'minKB' | 'gzipKB' | 'browserProblem'>> {
  const entry = reader === OURS
    ? `export { readBibliographies } from ${JSON.stringify(join(root, reader.bundle))};`
    : `import * as reader from ${JSON.stringify(reader.bundle)}; globalThis.reader = reader;`;
  try {
    const result = await esbuild.build({
      stdin: { contents: entry, resolveDir: root, loader: 'ts' }, bundle: true, minify: true, write: false,
      platform: 'browser', format: 'iife', logLevel: 'silent', target: 'es2022',
    });
    const code = result.outputFiles[0].contents;
    return { minKB: code.length / 1024, gzipKB: gzipSync(code, { level: 9 }).length / 1024 };
  } catch (error) {
    const first = (error as { errors?: { text: string }[] }).errors?.[0]?.text ?? String(error);
    return { minKB: null, gzipKB: null, browserProblem: first.slice(0, 120) };
  }
}

/**
 * Every reader over every real .bib file (once), over the 3 MB library (median of 3, or 1 for a
 * reader that takes seconds), and on the probes. Readers run one after another in this process,
 * with a garbage collection before each timed call.
 */
export async function measureReaders(shared: string, root: string): Promise<ReaderRow[]> {
  const files = bibFiles(join(shared, 'bibtex-tidy')).map(file => ({ file, text: readFileSync(file, 'utf8') }));
  const library = files.find(f => f.file.endsWith('Unabbreviate_on_import_1436-3.bib'))!;
  const probe = files.find(f => f.file.endsWith('biblatex/biblatex-examples.bib')) ?? files.reduce((a, b) => (b.text.length > a.text.length && b !== library ? b : a));
  const damage = damaged(probe.text);
  const rows: ReaderRow[] = [];
  for (const reader of [OURS, ...CANDIDATES]) {
    console.error(`[bench] bibliographies: ${reader.name}`);
    let entries = 0;
    let thrown = 0;
    const all = time(() => {
      for (const { text } of files) {
        const result = reader.read(text);
        entries += result.entries.length;
        if (result.threw) thrown++;
      }
    });
    const first = time(() => reader.read(library.text));
    const runs = [first.ms];
    while (runs.length < 3 && first.ms < 3000) runs.push(time(() => reader.read(library.text)).ms);
    const hurt = reader.read(damage.text);
    const keptKeys = new Set(hurt.entries.map(e => e.key));
    const sound = reader.read(probe.text).entries.filter(e => keptKeys.has(e.key)).length;
    rows.push({
      name: reader.name, allFilesMs: all.ms, libraryMs: median(runs), libraryEntries: first.value.entries.length, entries, filesThrown: thrown,
      keptAroundDamage: `${Math.min(sound, damage.others)}/${damage.others}`,
      lines: first.value.entries.some(e => e.line !== null), unicode: unicodeScore(reader), names: namesScore(reader),
      ...(await bundleSize(reader, root)),
    });
  }
  console.error(`[bench] bibliographies: ${files.length} files; damage probe ${relative(shared, probe.file)}`);
  return rows;
}

/**
 * The large real library in the real extension host, by scripts/bench-bibliography.mjs; a reason
 * instead when it cannot run. Twice: main.tex opened 3 s after the window loads (the workbench still
 * busy, as when VS Code opens on a project), and again once the window has settled, which tells our
 * own work from the wait for a core.
 */
export function hostBibliography(root: string): HostBibliography | string {
  const script = join(root, 'scripts', 'bench-bibliography.mjs');
  if (!existsSync(script)) return `${script} is missing`;
  const series = (settle: number): HostBibliography | string => {
    console.error(`[bench] a large bibliography in the real extension host (3 runs, main.tex opened ${settle / 1000} s after the window loads)`);
    const run = spawnSync(process.execPath, [script, '--runs', '3', '--settle', String(settle)], { encoding: 'utf8', cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    if (run.status !== 0) return `scripts/bench-bibliography.mjs failed (exit ${run.status}); run npm run setup:offline`;
    return JSON.parse(run.stdout.trim().split('\n').pop()!) as HostBibliography;
  };
  const loading = series(3000);
  if (typeof loading === 'string') return loading;
  const settled = series(SETTLED_MS);
  return typeof settled === 'string' ? loading : { ...loading, settled };
}
