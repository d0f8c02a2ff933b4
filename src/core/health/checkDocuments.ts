// Checking whole documents with their bibliographies, as `papers check` does on the command
// line: which files each document cites from (its own, its Quarto or Sphinx project's), its
// citations, and every problem with file, line and column. A LaTeX document is checked with its
// whole project (core/project), every file of it once: the citations of all its files against the
// bibliographies named in any of them.
import { findBibliographies, type BibliographyRef } from '../cite/sources';
import { projectBibliographies, projectFileCandidates } from '../project/projectFiles';
import { languageOfPath, syntaxOfLanguage } from '../cite/languages';
import { findCitations } from '../cite/scan';
import type { DocumentCache } from '../project/latex';
import { folderOf, resolvePath } from '../project/paths';
import { LatexProjects } from '../project/roots';
import { checkCitations } from './citations';
import { checkProject, latexCheckable, noProjectHint, typstCheckable } from './project';
import { TypstProjects } from '../project/typst';
import { BibliographyReader, lineColumns, type CheckedDocument, type CheckFiles, type ReportedProblem } from './reports';

export { BibliographyReader, lineColumns, type CheckedDocument, type CheckFiles, type ReportedProblem } from './reports';
import { problemSeverity } from './unusedEntries';

/** How many folders above a document its project is looked for on the command line. */
const FOLDERS_UP = 2;

/**
 * The bibliographies a document names, and those its project files name for it (Quarto,
 * bookdown, Jupyter Book, a pandoc defaults file, Sphinx): what `projectBibliographies` reads.
 * A reStructuredText document that names its own takes no project's.
 */
export function documentBibliographies(doc: string, text: string, language: string, files: CheckFiles):
  { paths: string[]; refs: { ref: BibliographyRef; file: string; path: string }[] } {
  const refs = findBibliographies(text, language).map(ref => ({ ref, file: doc, path: resolvePath(folderOf(doc), ref.path) }));
  if (!refs.length || language !== 'restructuredtext') {
    const found = projectFileCandidates(doc, language).flatMap(candidate => {
      const body = files.read(candidate.path);
      return body === undefined ? [] : [{ ...candidate, text: body }];
    });
    refs.push(...projectBibliographies(found));
  }
  return { paths: [...new Set(refs.map(r => r.path))], refs };
}

/**
 * Checks documents against their bibliographies: undefined keys, a document that names no
 * bibliography, a named file that does not exist, and the problems of each bibliography file
 * (duplicate keys, malformed entries). A LaTeX document is checked with its whole project: the
 * given documents first, then the other files of their projects, each once. Each bibliography
 * file is read once.
 *
 * @example (await checkDocuments(['/w/paper.tex'], nodeFiles))[0].problems[0].message → 'ReAct2022 is not in references.bib'
 */
export async function checkDocuments(docs: readonly string[], files: CheckFiles, display: (path: string) => string = p => p): Promise<CheckedDocument[]> {
  const bibliographies = new BibliographyReader(files, display);
  const checked = new Map<string, CheckedDocument>();
  const cache: DocumentCache = new Map();
  const projects = new Map<string, LatexProjects>();
  const projectsFor = (doc: string, up: number) => {
    const candidates = [...new Set([doc, ...files.filesAround(doc, ['tex', 'ltx'], up)])].sort();
    const key = candidates.join('\n');
    let found = projects.get(key);
    if (!found) projects.set(key, (found = new LatexProjects(files, candidates, cache)));
    return found;
  };
  /** The project of a LaTeX file, looked for in its own folder first, then one and two folders up. */
  const latexProjectOf = (doc: string) => {
    for (let up = 0; up <= FOLDERS_UP; up++) {
      const latex = projectsFor(doc, up);
      const root = latex.rootOf(doc);
      if (root) return { latex, root: root.root };
    }
    return { latex: projectsFor(doc, FOLDERS_UP), root: undefined };
  };
  for (const doc of docs) {
    if (checked.has(doc)) continue;
    const language = languageOfPath(doc) ?? 'markdown';
    const latexProject = language === 'latex' ? latexProjectOf(doc) : undefined;
    if (latexProject) {
      const { latex, root } = latexProject;
      if (root) {
        for (const document of await checkProject(latexCheckable(latex.project(root), files), files, bibliographies, display)) {
          if (!checked.has(document.path)) checked.set(document.path, document.checked);
        }
        if (checked.has(doc)) continue;
      }
    }
    if (language === 'typst') {
      const typst = new TypstProjects(files, [...new Set([doc, ...files.filesAround(doc, ['typ'], FOLDERS_UP)])]);
      for (const document of await checkProject(typstCheckable(typst.projectOf(doc), files), files, bibliographies, display)) {
        if (!checked.has(document.path)) checked.set(document.path, document.checked);
      }
      if (checked.has(doc)) continue;
    }
    checked.set(doc, await checkDocument(doc, language, files, bibliographies, display, latexProject ? noProjectHint(doc, latexProject.latex) : undefined));
  }
  // The documents asked for, in their order, then the rest of their projects in reading order.
  return [...docs.filter(d => checked.has(d)).map(d => checked.get(d)!), ...[...checked].filter(([path]) => !docs.includes(path)).map(([, d]) => d)];
}

/** One document that is no part of a LaTeX project: its own bibliographies and its project file's. */
async function checkDocument(doc: string, language: string, files: CheckFiles, reader: BibliographyReader, display: (path: string) => string, rootHint?: string): Promise<CheckedDocument> {
  const text = files.read(doc) ?? '';
  const syntax = syntaxOfLanguage(language) ?? 'pandoc';
  const where = lineColumns(text);
  const { paths, refs } = documentBibliographies(doc, text, language, files);
  const problems: ReportedProblem[] = [];
  const bibliographies = await reader.read(paths);
  for (const { ref, file, path } of refs) {
    if (reader.has(path) || files.read(path) !== undefined) continue;
    problems.push({ file: display(file), line: ref.line, column: 1, severity: 'warning', code: 'missing-bibliography', message: `${display(path)} does not exist` });
  }
  const citations = findCitations(text, syntax);
  for (const p of checkCitations({ syntax, text, citations, bibliographies, noMainFile: rootHint !== undefined, root: rootHint })) {
    problems.push({ file: display(doc), ...where(p.start), severity: p.severity, code: p.code, message: p.message });
  }
  for (const path of paths) {
    for (const p of reader.problems(path)) {
      const code = p.code ?? (p.severity === 'error' ? 'malformed-entry' : 'bibliography');
      problems.push({ file: display(path), line: p.line, column: 1, severity: problemSeverity(p), code, message: p.message });
    }
  }
  return {
    file: display(doc),
    citations: citations.flatMap(c => c.keys.map(k => ({ key: k.key, ...where(k.start) }))),
    bibliographies: paths.map(display),
    problems,
  };
}

/** Problems that fail a check: undefined keys, duplicate keys and whatever loses an entry. */
export function failsCheck(problem: ReportedProblem): boolean {
  return problem.severity === 'error' || problem.code === 'undefined-key' || problem.code === 'no-bibliography';
}
