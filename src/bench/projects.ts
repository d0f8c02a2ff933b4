// A thesis-sized LaTeX project: a main file, a preamble it \input's naming the large real library
// (7,000 entries), and 63 chapters by \include, each citing a hundred of its keys. What it costs
// to build the project model (its roots, its files, its bibliographies) cold and again after one
// chapter changed, which the editor does when a chapter opens; `papers check MAIN.tex`, the
// whole project checked on the command line; and renaming a key over the whole project (F2: the
// edits in every chapter and the entry in the 7,000-entry library). Plain Node, median of runs after a first.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBib } from '../core/bibliography/bibtex/parse';
import type { DocumentCache } from '../core/project/latex';
import { LatexProjects } from '../core/project/roots';
import { citationsOfKey, planRename, type CitingFile } from '../core/rename';

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
  /** Renaming a key cited in several chapters: every edit computed from the texts (ms, median), and how many. */
  rename: { ms: number; staleMs: number; referencesMs: number; edits: number; files: number };
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
    const rename = measureRename(files, keys, readFileSync(join(dir, 'library.bib'), 'utf8'), `${dir}/library.bib`);
    if (typeof rename === 'string') return rename;
    return { files: paths.length, entries: keys.length, coldMs: median(cold), warmMs: median(warm), cliMs, documents: report.documents.length, rename };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Renaming a key of the library that chapters cite, as F2 computes it once the texts are read:
 * every citation of every file (the scanner on each LaTeX file), the entry's key in the library
 * found from the line the library read it at, or (`staleMs`) with a wrong line, by the lines
 * that hold its characters; and every citation of a key (Shift+F12).
 */
function measureRename(files: Map<string, string>, keys: readonly string[], library: string, uri: string): ProjectFigures['rename'] | string {
  // The library's last key, which the thesis does not cite: cited here once more in every fourth chapter.
  const key = keys[keys.length - 1];
  const citing: CitingFile[] = [...files].filter(([path]) => path.endsWith('.tex')).map(([path, text], i) => ({
    uri: path, text: i % 4 === 0 ? `${text}As \\textcite{${key}} shows, and \\cite{${keys[0]}, ${key}}.\n` : text, syntax: 'latex',
  }));
  const entry = parseBib(library).entries.find(e => e.key === key);
  if (!entry) return `${key} is not in the library`;
  const times: number[] = [];
  const stale: number[] = [];
  const references: number[] = [];
  let edits = 0;
  let touched = 0;
  for (let run = 0; run <= RUNS; run++) {
    let started = performance.now();
    const plan = planRename(key, 'renamedKey2024', citing, { uri, file: 'library.bib', text: library, format: 'bibtex', line: entry.line });
    if (run > 0) times.push(performance.now() - started);
    if ('refusal' in plan) return plan.refusal;
    edits = plan.edits.length;
    touched = plan.files;
    started = performance.now();
    planRename(key, 'renamedKey2024', citing, { uri, file: 'library.bib', text: library, format: 'bibtex', line: 1 });
    if (run > 0) stale.push(performance.now() - started);
    started = performance.now();
    citationsOfKey(key, citing);
    if (run > 0) references.push(performance.now() - started);
  }
  return { ms: median(times), staleMs: median(stale), referencesMs: median(references), edits, files: touched };
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
  const { rename } = figures;
  console.log(`- rename a key (F2), the edits computed (${rename.edits} edits in ${rename.files} files): ${rename.ms.toFixed(1)} ms (target ≤ 200 ms) ${rename.ms <= 200 ? 'met' : 'NOT met'}; with the entry's line stale (found by its key): ${rename.staleMs.toFixed(1)} ms`);
  console.log(`- every citation of a key (Shift+F12): ${rename.referencesMs.toFixed(1)} ms`);
}
