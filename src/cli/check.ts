// `papers check FILE…`: each document's citations against its bibliographies, as the editor checks
// them, with the files read from the disk around each document (its project, its bibliographies).
import { existsSync, readdirSync, type Dirent } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { UsageError } from './commandLine';
import { CHECK_FORMATS } from './usage';
import { print, printJson, warn } from './output';
import { readRegularFile } from './readRegularFile';
import { githubAnnotations, sarifLog } from './checkReports';
import { VERSION } from './version';
import { bibliographyFormat } from '../core/bibliography/read';
import { checkDocuments, failsCheck, type CheckFiles, type ReportedProblem } from '../core/health';
import { DOCUMENT_EXTENSIONS, languageOfPath } from '../core/cite/languages';

/** The file system as `check` (and `suggest`) sees it: paths with "/", read as UTF-8. */
export const nodeFiles: CheckFiles = {
  read(path) {
    const read = readRegularFile(path);
    return 'text' in read ? read.text : undefined;
  },
  filesAround(path, extensions, up) {
    return filesAround(path, extensions, up);
  },
};

const toSlashes = (path: string) => path.split(sep).join('/');

/** At most how many files are read to find a document's project. */
const MOST_FILES = 2000;

/**
 * The files among which a document's project is looked for: every file with one of the extensions
 * under the folder `up` levels above it (not above the repository's top), as a workspace would
 * hold them; hidden folders and node_modules left out.
 */
function filesAround(path: string, extensions: readonly string[], up: number): string[] {
  const wanted = new RegExp(`\\.(${extensions.join('|')})$`, 'i');
  let top = dirname(path);
  for (let i = 0; i < up && !existsSync(join(top, '.git')) && dirname(top) !== top; i++) top = dirname(top);
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (found.length >= MOST_FILES || depth > 8) return;
    let entries: Dirent[];
    try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full, depth + 1);
      else if (entry.isFile() && wanted.test(entry.name)) found.push(toSlashes(full));
    }
  };
  walk(top, 0);
  return found;
}

export type CheckFormat = typeof CHECK_FORMATS[number];

export interface CheckOptions {
  format: CheckFormat;
  /** Every problem fails the check, warnings too (`--strict`). */
  strict: boolean;
}

/**
 * `papers check FILE…`: compiler-style lines (`paper.tex:12:8: warning: …`), or every document's
 * citations, bibliographies and problems as JSON, or GitHub's annotations, or SARIF. A
 * bibliography among the files stands for the documents around it (its folder, up to two above)
 * that cite from it, as a pre-commit hook hands over a changed .bib. Exit 1 when a problem fails
 * the check (any problem, with `strict`).
 */
export async function check(files: readonly string[], options: CheckOptions): Promise<void> {
  if (!files.length) throw new UsageError('check takes one or more documents (.tex, .md, .qmd, .Rmd, .typ, .rst) or bibliographies (.bib, .json, .yaml)');
  for (const file of files) {
    if (!languageOfPath(file) && !bibliographyFormat(file)) throw new UsageError(`check reads .tex, .md, .qmd, .Rmd, .typ and .rst documents and .bib, .json, .yaml bibliographies, not ${file}`);
  }
  // A file that cannot be read is reported (exit 1); every other one is still checked.
  const unreadable: { file: string; message: string }[] = [];
  const readable = files.filter(file => {
    const read = readRegularFile(file);
    if ('error' in read) unreadable.push({ file, message: `cannot be read (${read.error})` });
    return 'text' in read;
  });
  for (const { file, message } of unreadable) warn(`${file}: error: ${message}`);
  if (unreadable.length) process.exitCode = 1;
  const display = (path: string) => toSlashes(relative(process.cwd(), path)) || path;
  const asked = readable.map(f => toSlashes(resolve(f)));
  const documents = asked.filter(f => languageOfPath(f));
  const bibliographies = asked.filter(f => !languageOfPath(f));
  const checked = documents.length ? await checkDocuments(documents, nodeFiles, display) : [];
  // The documents near each bibliography, but those checked already: kept if they cite from it.
  const done = new Set(checked.map(d => d.file));
  const near = [...new Set(bibliographies.flatMap(bib => filesAround(bib, DOCUMENT_EXTENSIONS, 2)))].filter(f => !done.has(display(f)));
  const named = new Set(bibliographies.map(display));
  const citing = near.length ? (await checkDocuments(near, nodeFiles, display)).filter(d => !done.has(d.file) && d.bibliographies.some(b => named.has(b))) : [];
  const shown = [...checked, ...citing];
  for (const bib of named) {
    if (!shown.some(d => d.bibliographies.includes(bib))) warn(`${bib}: no document around it cites from it`);
  }
  // A problem reported for several documents (a project's bibliography) counts once.
  const seen = new Set<string>();
  const problems = shown.flatMap(d => d.problems).filter(p => {
    const key = `${p.file}\n${p.line}\n${p.column}\n${p.code}\n${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const fails = (p: ReportedProblem) => options.strict || failsCheck(p);
  if (options.format === 'json') {
    printJson(unreadable.length ? { documents: shown, unreadable } : { documents: shown }, 2);
  } else if (options.format === 'sarif') {
    printJson(sarifLog(problems, fails, VERSION), 2);
  } else {
    const lines = options.format === 'github'
      ? githubAnnotations(problems, fails)
      : problems.map(p => `${p.file}:${p.line}:${p.column}: ${p.severity}: ${p.message} [${p.code}]`);
    for (const line of lines) print(line);
  }
  const cited = shown.reduce((n, d) => n + d.citations.length, 0);
  if (options.format !== 'json') warn(`${shown.length} document(s), ${cited} citation(s), ${problems.length} problem(s)`);
  if (problems.some(fails)) process.exitCode = 1;
}
