// The command line as its npm package (scripts/cli-package.mjs, issue 45), installed as a writer
// installs it: how large the packed tarball is, how soon `papers --help` answers, and how long
// `papers check` takes on the thesis-sized project (projects.ts: 65 files, the 7,000-entry library).
// Wall times of fresh processes, median of several runs after a first; plain `node -e 0` beside
// them, for what Node's own start costs on the machine of the day.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBib } from '../core/bibliography/bibtex/parse';
import { LIBRARY, thesis } from './projects';

const HELP_RUNS = 15;
const CHECK_RUNS = 5;
/** The targets. */
const MOST_PACKED_BYTES = 1.5 * 2 ** 20;
const MOST_HELP_MS = 150;
const MOST_CHECK_MS = 1000;

export interface PackageFigures {
  packedBytes: number;
  installedBytes: number;
  /** `papers --help`, `node -e 0` and `papers check thesis.tex`: median and every sample (ms). */
  helpMs: number[];
  nodeMs: number[];
  checkMs: number[];
  documents: number;
  entries: number;
}

const median = (times: readonly number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

function wall(args: string[], cwd: string): { ms: number; stdout: string; stderr: string; status: number | null } {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
  return { ms: performance.now() - started, stdout: run.stdout, stderr: run.stderr, status: run.status };
}

/** `runs` timings of each command, taken in turn (a, b, a, b, …) after a first of each: other work on the machine weighs on both alike. */
function interleaved(commands: string[][], cwd: string, runs: number): { times: number[][]; last: ReturnType<typeof wall>[] } {
  const last = commands.map(args => wall(args, cwd));
  const times = commands.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    commands.forEach((args, c) => {
      last[c] = wall(args, cwd);
      times[c].push(last[c].ms);
    });
  }
  return { times, last };
}

/** Packs the package (needs a build's data files in dist/), installs it offline, and times it. */
export function measurePackage(root: string, shared: string): PackageFigures | string {
  const dir = mkdtempSync(join(tmpdir(), 'papers-package-'));
  try {
    const packed = spawnSync(process.execPath, [join(root, 'scripts', 'cli-package.mjs')], { cwd: root, encoding: 'utf8' });
    if (packed.status !== 0) return `scripts/cli-package.mjs failed: ${packed.stderr.trim()}`;
    const tarball = packed.stdout.trim().split('\n').pop()!;
    const home = join(dir, 'home');
    mkdirSync(home);
    const env = { ...process.env, npm_config_offline: 'true', npm_config_cache: join(dir, 'cache'), npm_config_audit: 'false', npm_config_fund: 'false' };
    const installed = spawnSync('npm', ['install', tarball], { cwd: home, env, encoding: 'utf8' });
    if (installed.status !== 0) return `npm install --offline of ${tarball} failed: ${installed.stderr.trim()}`;
    const bin = join(home, 'node_modules', 'papers', 'bin', 'papers.js');
    const starts = interleaved([[bin, '--help'], ['-e', '0']], home, HELP_RUNS);
    if (starts.last[0].status !== 0) return `papers --help failed: ${starts.last[0].stderr}`;
    const project = join(dir, 'thesis');
    mkdirSync(project);
    copyFileSync(join(shared, LIBRARY), join(project, 'library.bib'));
    const keys = parseBib(readFileSync(join(project, 'library.bib'), 'utf8')).entries.map(e => e.key);
    thesis(project, keys);
    const checks = interleaved([[bin, 'check', 'thesis.tex', '--json']], project, CHECK_RUNS);
    const check = checks.last[0];
    if (!check.stdout) return `papers check failed: ${check.stderr}`;
    return {
      packedBytes: statSync(tarball).size,
      installedBytes: Number(/(\d+) KB installed/.exec(packed.stdout)?.[1] ?? NaN) * 1024,
      helpMs: starts.times[0], nodeMs: starts.times[1], checkMs: checks.times[0],
      documents: (JSON.parse(check.stdout) as { documents: unknown[] }).documents.length, entries: keys.length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printPackage(figures: PackageFigures | string): void {
  console.log('\n## The command line as its npm package (docs/performance.md: "The papers package")');
  if (typeof figures === 'string') {
    console.log(`not measured: ${figures}`);
    return;
  }
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const samples = (times: readonly number[]) => times.map(t => t.toFixed(0)).join(', ');
  const help = median(figures.helpMs);
  const check = median(figures.checkMs);
  console.log(`- packed: ${(figures.packedBytes / 1024).toFixed(0)} KB (target ≤ 1536 KB) ${met(figures.packedBytes <= MOST_PACKED_BYTES)}; installed ${(figures.installedBytes / 1024).toFixed(0)} KB`);
  const above = median(figures.helpMs.map((t, i) => t - figures.nodeMs[i]));
  console.log(`- papers --help: ${help.toFixed(0)} ms (target ≤ ${MOST_HELP_MS} ms) ${met(help <= MOST_HELP_MS)} (${samples(figures.helpMs)}); `
    + `node -e 0, run in turn with it: ${median(figures.nodeMs).toFixed(0)} ms (${samples(figures.nodeMs)}); papers --help above it: ${above.toFixed(0)} ms`);
  console.log(`- papers check thesis.tex (${figures.documents} documents, ${figures.entries.toLocaleString('en')} entries): ${check.toFixed(0)} ms (target ≤ ${MOST_CHECK_MS} ms) ${met(check <= MOST_CHECK_MS)} (${samples(figures.checkMs)})`);
}
