// The citation check of a long document against the large real library: our check in the core
// (what each keystroke costs), `papers check` on the command line, and the ways a writer learns
// of an undefined key without us: a LaTeX run with biber, or with checkcites (LaTeX Workshop's way).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findCitations } from '../core/cite/scan';
import { readBibliographies } from '../core/bibliography/read';
import { checkCitations } from '../core/health/citations';

const LIBRARY = join('bibtex-tidy', 'better-bibtex', 'Unabbreviate_on_import_1436-3.bib');

export interface CheckFigures {
  lines: number;
  citations: number;
  entries: number;
  /** Our check of the whole document (scan + look-ups), in the core: median and slowest of 30, after a first. */
  checkMs: number;
  checkMaxMs: number;
  /** Keys found undefined by us and by each tool (they must agree). */
  undefinedKeys: number;
  /** `node dist/cli.js check long.tex`, wall time (reads the 3 MB library too). */
  cliMs: number;
  /** pdflatex, then biber: the build that tells. Null when a tool is not installed. */
  biber: { ms: number; undefinedKeys: number } | string;
  /** pdflatex, then checkcites on the .bcf. */
  checkcites: { ms: number; undefinedKeys: number } | string;
}

function timed(command: string, args: string[], cwd: string): { ms: number; status: number | null; out: string } | string {
  const started = performance.now();
  const run = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return `${command} is not installed`;
  return { ms: performance.now() - started, status: run.status, out: `${run.stdout}\n${run.stderr}` };
}

/** Checks `long.tex` (written by scripts/bench-bibliography.mjs) every way there is. */
export async function measureChecks(root: string, shared: string): Promise<CheckFigures | string> {
  const dir = mkdtempSync(join(tmpdir(), 'papers-check-'));
  try {
    copyFileSync(join(shared, LIBRARY), join(dir, 'library.bib'));
    const written = spawnSync(process.execPath, [join(root, 'scripts', 'bench-bibliography.mjs'), '--long-document', join(dir, 'long.tex')], { encoding: 'utf8' });
    if (written.status !== 0) return `scripts/bench-bibliography.mjs --long-document failed: ${written.stderr}`;
    const text = readFileSync(join(dir, 'long.tex'), 'utf8');
    const [library] = await readBibliographies([{ uri: 'library.bib', file: 'library.bib', text: readFileSync(join(dir, 'library.bib'), 'utf8') }]);
    const keys = new Set(library.references.map(r => r.key));
    const check = () => checkCitations({ syntax: 'latex', text, citations: findCitations(text, 'latex'), bibliographies: [{ file: 'library.bib', keys }] });
    const problems = check();
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      check();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const cli = timed(process.execPath, [join(root, 'dist', 'cli.js'), 'check', 'long.tex'], dir);
    const latex = () => timed('pdflatex', ['-interaction=nonstopmode', '-draftmode', 'long.tex'], dir);
    const biber = (() => {
      const first = latex();
      if (typeof first === 'string') return first;
      const run = timed('biber', ['long'], dir);
      if (typeof run === 'string') return run;
      return { ms: first.ms + run.ms, undefinedKeys: new Set([...run.out.matchAll(/I didn't find a database entry for '([^']+)'/g)].map(m => m[1])).size };
    })();
    const checkcites = (() => {
      const first = latex();
      if (typeof first === 'string') return first;
      const run = timed('checkcites', ['--backend', 'biber', '--undefined', 'long'], dir);
      if (typeof run === 'string') return `${run} (Debian: texlive-extra-utils)`;
      const found = /Undefined references in your TeX document: (\d+)/.exec(run.out);
      return { ms: first.ms + run.ms, undefinedKeys: found ? Number(found[1]) : 0 };
    })();
    return {
      lines: text.split('\n').length - 1, citations: findCitations(text, 'latex').length, entries: keys.size,
      checkMs: times[times.length >> 1], checkMaxMs: times[times.length - 1], undefinedKeys: problems.length,
      cliMs: typeof cli === 'string' ? NaN : cli.ms, biber, checkcites,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
