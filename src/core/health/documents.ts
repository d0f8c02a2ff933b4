// Checking whole documents with their bibliographies, as `papers check` does on the command
// line: which files each document cites from (its own, its LaTeX main file's, its Quarto or
// Sphinx project's), its citations, and every problem with file, line and column.
import { findBibliographies, quartoBibliographies, sphinxBibliographies, type BibliographyRef } from '../cite/sources';
import { languageOfPath, syntaxOfLanguage } from '../cite/languages';
import { findCitations } from '../cite/scan';
import { readBibliographies, type ReadBibliography } from '../bibliography/read';
import { checkCitations } from './citations';
import { problemSeverity } from './unusedEntries';
import { findLatexMain, isLatexMain, resolvePath } from './includes';

/** What checking needs from the file system (paths with `/`, absolute). */
export interface CheckFiles {
  /** A file's text, or undefined when it does not exist or cannot be read. */
  read(path: string): string | undefined;
  /** The LaTeX files where a chapter's main file may be: the chapter's folder and the one above. */
  latexFilesNear(path: string): string[];
}

export interface ReportedProblem {
  file: string;
  /** 1-based, as editors and compilers count. */
  line: number;
  column: number;
  severity: 'error' | 'warning';
  code: string;
  message: string;
}

export interface CheckedDocument {
  file: string;
  citations: { key: string; line: number; column: number }[];
  bibliographies: string[];
  problems: ReportedProblem[];
}

const folderOf = (path: string) => path.slice(0, Math.max(path.lastIndexOf('/'), 0)) || (path.startsWith('/') ? '/' : '');

/** Converts offsets of a text to 1-based lines and columns (UTF-16, as VS Code counts). */
export function lineColumns(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return offset => {
    let lo = 0, hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  };
}

/** The folders from `folder` up to the root, nearest first (at most `depth`). */
function upwards(folder: string, depth = 8): string[] {
  const folders = [folder];
  while (folders.length < depth) {
    const up = folderOf(folders[folders.length - 1]);
    if (up === folders[folders.length - 1] || up === '') break;
    folders.push(up);
  }
  return folders;
}

/** A project file that names bibliographies for every document under it (`_quarto.yml`, Sphinx's `conf.py`). */
function projectBibliographies(doc: string, language: string, files: CheckFiles): { refs: BibliographyRef[]; base: string; file: string } | undefined {
  const names = language === 'restructuredtext' ? ['conf.py'] : ['quarto', 'markdown', 'rmd'].includes(language) ? ['_quarto.yml', '_quarto.yaml'] : [];
  for (const folder of upwards(folderOf(doc))) {
    for (const name of names) {
      const path = resolvePath(folder, name);
      const text = files.read(path);
      if (text === undefined) continue;
      const refs = name === 'conf.py' ? sphinxBibliographies(text) : quartoBibliographies(text);
      return { refs, base: folder, file: path };
    }
  }
  return undefined;
}

/**
 * Where a document's citations are defined: the bibliographies it names, else those of its
 * LaTeX main file (named by `% !TEX root`, or a `\documentclass` file near it that brings it
 * in), else its Quarto or Sphinx project's. `noMainFile` when a LaTeX file names none and is
 * no whole document.
 */
export function documentBibliographies(doc: string, text: string, language: string, files: CheckFiles, others: ReadonlyMap<string, string> = new Map()):
  { paths: string[]; refs: { ref: BibliographyRef; file: string; path: string }[]; noMainFile: boolean } {
  const refs: { ref: BibliographyRef; file: string; path: string }[] = [];
  const named = (from: string, list: BibliographyRef[], base: string) => {
    for (const ref of list) refs.push({ ref, file: from, path: resolvePath(base, ref.path) });
  };
  named(doc, findBibliographies(text, language), folderOf(doc));
  let noMainFile = false;
  if (!refs.length && syntaxOfLanguage(language) === 'latex') {
    const near = new Map(others);
    near.set(doc, text);
    for (const path of files.latexFilesNear(doc)) if (!near.has(path)) { const t = files.read(path); if (t !== undefined) near.set(path, t); }
    const main = findLatexMain(doc, near);
    const mainText = main && (near.get(main) ?? files.read(main));
    if (main && mainText !== undefined) named(main, findBibliographies(mainText, language), folderOf(main));
    else noMainFile = !isLatexMain(text);
  }
  const project = projectBibliographies(doc, language, files);
  if (project && (!refs.length || language !== 'restructuredtext')) named(project.file, project.refs, project.base);
  return { paths: [...new Set(refs.map(r => r.path))], refs, noMainFile };
}

/**
 * Checks documents against their bibliographies: undefined keys, a document that names no
 * bibliography, a named file that does not exist, and the problems of each bibliography file
 * (duplicate keys, malformed entries). Each bibliography file is read once.
 *
 * @example (await checkDocuments(['/w/paper.tex'], nodeFiles))[0].problems[0].message → 'ReAct2022 is not in references.bib'
 */
export async function checkDocuments(docs: readonly string[], files: CheckFiles, display: (path: string) => string = p => p): Promise<CheckedDocument[]> {
  const read = new Map<string, ReadBibliography>();
  const texts = new Map<string, string>();
  for (const doc of docs) {
    const text = files.read(doc);
    if (text !== undefined && languageOfPath(doc) === 'latex') texts.set(doc, text);
  }
  const checked: CheckedDocument[] = [];
  for (const doc of docs) {
    const text = files.read(doc) ?? '';
    const language = languageOfPath(doc) ?? 'markdown';
    const syntax = syntaxOfLanguage(language) ?? 'pandoc';
    const where = lineColumns(text);
    const { paths, refs, noMainFile } = documentBibliographies(doc, text, language, files, texts);
    const problems: ReportedProblem[] = [];
    // Each file with the macros of the files named before it, as BibTeX reads them.
    const wanted = paths.filter(path => !read.has(path)).flatMap(path => {
      const body = files.read(path);
      return body === undefined ? [] : [{ uri: path, file: display(path), text: body, after: paths.slice(0, paths.indexOf(path)) }];
    });
    for (const file of await readBibliographies(wanted)) read.set(file.uri, file);
    const bibliographies = paths.map(path => {
      const file = read.get(path);
      return { file: display(path), keys: file ? new Set(file.references.map(r => r.key)) : 'missing' as const };
    });
    for (const { ref, file, path } of refs) {
      if (read.has(path) || files.read(path) !== undefined) continue;
      problems.push({ file: display(file), line: ref.line, column: 1, severity: 'warning', code: 'missing-bibliography', message: `${display(path)} does not exist` });
    }
    const citations = findCitations(text, syntax);
    for (const p of checkCitations({ syntax, text, citations, bibliographies, noMainFile })) {
      problems.push({ file: display(doc), ...where(p.start), severity: p.severity, code: p.code, message: p.message });
    }
    for (const path of paths) {
      for (const p of read.get(path)?.problems ?? []) {
        const code = p.code ?? (p.severity === 'error' ? 'malformed-entry' : 'bibliography');
        problems.push({ file: display(path), line: p.line, column: 1, severity: problemSeverity(p), code, message: p.message });
      }
    }
    checked.push({
      file: display(doc),
      citations: citations.flatMap(c => c.keys.map(k => ({ key: k.key, ...where(k.start) }))),
      bibliographies: paths.map(display),
      problems,
    });
  }
  return checked;
}

/** Problems that fail a check: undefined keys, duplicate keys and whatever loses an entry. */
export function failsCheck(problem: ReportedProblem): boolean {
  return problem.severity === 'error' || problem.code === 'undefined-key' || problem.code === 'no-bibliography';
}
