// A thesis-sized LaTeX project: a main file, a preamble it \input's naming the large real library
// (7,000 entries), and 63 chapters by \include, each citing a hundred of its keys. What it costs
// to build the project model (its roots, its files, its bibliographies) cold and again after one
// chapter changed, which the editor does when a chapter opens; and `papers check MAIN.tex`, the
// whole project checked on the command line. Plain Node, median of runs after a first.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBib } from '../core/bibliography/bibtex/parse';
import type { DocumentCache } from '../core/project/latex';
import { LatexProjects } from '../core/project/roots';

export const LIBRARY = join('bibtex-tidy', 'better-bibtex', 'Unabbreviate_on_import_1436-3.bib');
const CHAPTERS = 63;
const CITATIONS = 100;
const RUNS = 15;

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

/** Writes the project into `dir`; its files as a map (path → text), paths with `/`. */
export function thesis(dir: string, keys: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  const write = (name: string, text: string) => {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
    files.set(`${dir}/${name}`, text);
  };
  write('setup.tex', '\\documentclass{book}\n\\usepackage[backend=biber]{biblatex}\n\\addbibresource{library.bib}\n');
  const include = Array.from({ length: CHAPTERS }, (_, i) => `\\include{chapters/ch${i + 1}}`).join('\n');
  write('thesis.tex', `\\input{setup}\n\\begin{document}\n${include}\n\\printbibliography\n\\end{document}\n`);
  for (let c = 0; c < CHAPTERS; c++) {
    const lines = [`\\chapter{Chapter ${c + 1}}`];
    for (let i = 0; i < CITATIONS; i++) lines.push(`A sentence of prose that cites \\cite{${keys[(c * CITATIONS + i) % keys.length]}} and goes on. % a comment`);
    write(`chapters/ch${c + 1}.tex`, `${lines.join('\n')}\n`);
  }
  return files;
}

export interface ProjectFigures {
  files: number;
  entries: number;
  /** Roots and the project of a chapter, from nothing read (ms, median). */
  coldMs: number;
  /** The same after one chapter's text changed: the other files' readings kept (ms, median). */
  warmMs: number;
  /** `node dist/cli.js check thesis.tex`, wall time, the 3 MB library read too. */
  cliMs: number;
  documents: number;
}

export function measureProject(root: string, shared: string): ProjectFigures | string {
  const dir = mkdtempSync(join(tmpdir(), 'papers-project-'));
  try {
    copyFileSync(join(shared, LIBRARY), join(dir, 'library.bib'));
    const keys = parseBib(readFileSync(join(dir, 'library.bib'), 'utf8')).entries.map(e => e.key);
    const files = thesis(dir, keys);
    const paths = [...files.keys()];
    const chapter = `${dir}/chapters/ch7.tex`;
    const build = (source: Map<string, string>, cache: DocumentCache) => {
      const projects = new LatexProjects({ read: path => source.get(path) }, paths, cache);
      return projects.projectOf(chapter);
    };
    const cold: number[] = [];
    const warm: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const cache: DocumentCache = new Map();
      let started = performance.now();
      const project = build(files, cache);
      if (run > 0) cold.push(performance.now() - started);
      if (project?.files.length !== CHAPTERS + 2) return `the project has ${project?.files.length} files, not ${CHAPTERS + 2}`;
      const edited = new Map(files).set(chapter, `${files.get(chapter)}\nOne more line \\cite{${keys[0]}}.\n`);
      started = performance.now();
      build(edited, cache);
      if (run > 0) warm.push(performance.now() - started);
    }
    const started = performance.now();
    const cli = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), 'check', 'thesis.tex', '--json'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 26 });
    const cliMs = performance.now() - started;
    if (!cli.stdout) return `papers check failed: ${cli.stderr}`;
    const report = JSON.parse(cli.stdout) as { documents: unknown[] };
    return { files: paths.length, entries: keys.length, coldMs: median(cold), warmMs: median(warm), cliMs, documents: report.documents.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printProject(figures: ProjectFigures | string): void {
  console.log('\n## A thesis-sized LaTeX project (docs/performance.md: "Real projects")');
  if (typeof figures === 'string') {
    console.log(`not measured: ${figures}`);
    return;
  }
  console.log(`${figures.files} files, a library of ${figures.entries} entries:`);
  console.log(`- the project model of a chapter (its roots, files and bibliographies), cold: ${figures.coldMs.toFixed(1)} ms (target ≤ 200 ms) ${figures.coldMs <= 200 ? 'met' : 'NOT met'}`);
  console.log(`- the same after one chapter changed: ${figures.warmMs.toFixed(1)} ms`);
  console.log(`- papers check thesis.tex (${figures.documents} documents, the library read): ${figures.cliMs.toFixed(0)} ms`);
}
