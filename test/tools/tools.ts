// Running the real bibliography tools from tests: each run is timed, and a tool that is not
// installed fails the test with the package to install, never skips it.
import * as assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../unit/support/seeds';

/** Debian packages that provide each tool (CI installs the same). */
const PACKAGES: Record<string, string> = {
  pdflatex: 'texlive-latex-base texlive-latex-extra',
  bibtex: 'texlive-latex-base',
  biber: 'biber texlive-bibtex-extra',
  pandoc: 'pandoc',
};

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs `tool args` in `cwd`, failing clearly when the tool is missing. */
export function run(tool: string, args: string[], cwd: string, input?: string): Run {
  const started = Date.now();
  const result = spawnSync(tool, args, { cwd, encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024, timeout: 110_000 });
  const ms = Date.now() - started;
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    assert.fail(`${tool} is not installed: apt-get install ${PACKAGES[tool] ?? tool}`);
  }
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, ms };
}

/** A fresh temporary directory for one test, removed by the returned function. */
export function workDir(name: string): { dir: string; done(): void } {
  const dir = mkdtempSync(join(tmpdir(), `papers-${name}-`));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Prints how long each step took, for the report. */
export function timings(label: string, steps: [string, Run][]): void {
  const total = steps.reduce((n, [, r]) => n + r.ms, 0);
  console.log(`      [timing] ${label}: ${steps.map(([s, r]) => `${s} ${r.ms} ms`).join(', ')}; total ${total} ms`);
}

/** Every file under `dir` whose name ends with one of `suffixes`, sorted: the real files of ../shared. */
export function filesUnder(dir: string, ...suffixes: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap(e => (e.isDirectory() ? filesUnder(join(dir, e.name), ...suffixes) : suffixes.some(s => e.name.endsWith(s)) ? [join(dir, e.name)] : []))
    .sort();
}

/**
 * Runs the built command line (dist/cli.js) in `cwd` with `env` added, without blocking this
 * process: a test's replay server, in this process, must answer what it asks.
 */
export function cliAsync(env: Record<string, string>, cwd: string, ...args: string[]): Promise<Omit<Run, 'ms'>> {
  return new Promise(resolve => {
    execFile(process.execPath, [join(ROOT, 'dist', 'cli.js'), ...args], { cwd, env: { ...process.env, ...env }, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}
