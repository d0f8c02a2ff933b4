// Checking a whole LaTeX project as BibTeX and biber judge it: the citations of every file
// against the bibliographies named in any of them (resolved from the root's folder), each file's
// problems where they are, a duplicate key an error only when the project cites it, and one
// "names no bibliography" hint for the project, in the words of the package it uses.
import type { CitationSyntax } from '../cite/languages';
import { findCitations, type Citation } from '../cite/scan';
import { checkCitations, inlineKeys } from './citations';
import { lineColumns, type BibliographyReader, type CheckedDocument, type CheckFiles, type ReportedProblem } from './reports';
import { problemSeverity } from './unusedEntries';
import type { LatexProject, ProjectBibliography, ProjectProblem } from '../project/latex';
import type { TypstProject } from '../project/typst';
import { folderDistance, folderOf, relativePath } from '../project/paths';
import type { LatexProjects } from '../project/roots';

/** A project as the check sees it, whatever its kind: its files with their citations, and what it names. */
export interface CheckableProject {
  root: string;
  syntax: CitationSyntax;
  /** Each file with its citations, and for LaTeX the keys its `\bibitem`s define (read in the same pass). */
  files: { path: string; text: string; citations: readonly Citation[]; bibitems?: readonly string[] }[];
  bibliographies: readonly ProjectBibliography[];
  problems: readonly ProjectProblem[];
  /** For LaTeX: whether biblatex is loaded (the hint to name a bibliography says `\addbibresource`). */
  biblatex?: boolean;
}

/** A LaTeX project to check: its files as its reading found them. */
export function latexCheckable(project: LatexProject, files: CheckFiles): CheckableProject {
  return {
    root: project.root, syntax: 'latex', biblatex: project.biblatex, bibliographies: project.bibliographies, problems: project.problems,
    files: project.files.map(f => ({ path: f.path, text: files.read(f.path) ?? '', citations: f.document.citations, bibitems: f.document.bibitems })),
  };
}

/** A Typst project to check. */
export function typstCheckable(project: TypstProject, files: CheckFiles): CheckableProject {
  return {
    root: project.root, syntax: 'typst', bibliographies: project.bibliographies, problems: project.problems,
    files: project.files.map(path => {
      const text = files.read(path) ?? '';
      return { path, text, citations: findCitations(text, 'typst') };
    }),
  };
}

/**
 * Checks every file of a project, in reading order. The bibliography files' own problems go with
 * the root's document.
 */
export async function checkProject(project: CheckableProject, files: CheckFiles, reader: BibliographyReader, display: (path: string) => string):
  Promise<{ path: string; checked: CheckedDocument }[]> {
  // Each named file as BibTeX and biber look for it, from the root's folder; else beside the file naming it.
  const exists = (path: string) => reader.has(path) || files.read(path) !== undefined;
  const named = project.bibliographies.map(b => ({ named: b, path: exists(b.path) || !b.beside || !exists(b.beside) ? b.path : b.beside }));
  const paths = [...new Set(named.map(n => n.path))];
  const bibliographies = await reader.read(paths);
  const cited = new Set<string>();
  let all = false;
  const inline = new Set<string>();
  for (const file of project.files) {
    for (const c of file.citations) {
      if (c.all) all = true;
      for (const k of c.keys) cited.add(k.key);
    }
    for (const key of file.bibitems ?? inlineKeys(file.text, project.syntax)) inline.add(key);
  }
  const rootName = display(project.root);
  let warned = false;
  return project.files.map(file => {
    const where = lineColumns(file.text);
    const problems: ReportedProblem[] = [];
    for (const { named: b, path } of named) {
      if (b.by !== file.path || exists(path)) continue;
      problems.push({ file: display(file.path), line: b.line, column: 1, severity: 'warning', code: 'missing-bibliography', message: `${display(path)} does not exist` });
    }
    for (const p of project.problems) {
      if (p.file === file.path) problems.push({ file: display(file.path), line: p.line, column: 1, severity: 'warning', code: p.code, message: p.message });
    }
    const check = { syntax: project.syntax, text: file.text, citations: file.citations, bibliographies, biblatex: project.biblatex, inline, root: rootName, warned };
    for (const p of checkCitations(check)) {
      if (p.code === 'no-bibliography') warned = true;
      problems.push({ file: display(file.path), ...where(p.start), severity: p.severity, code: p.code, message: p.message });
    }
    if (file.path === project.root) {
      for (const path of paths) {
        for (const p of reader.problems(path)) {
          const code = p.code ?? (p.severity === 'error' ? 'malformed-entry' : 'bibliography');
          const key = p.code === 'duplicate-key' ? /"([^"]+)"/.exec(p.message)?.[1] : undefined;
          problems.push({ file: display(path), line: p.line, column: 1, severity: problemSeverity(p, all || key === undefined || cited.has(key)), code, message: p.message });
        }
      }
    }
    const checked: CheckedDocument = {
      file: display(file.path),
      citations: file.citations.flatMap(c => c.keys.map(k => ({ key: k.key, ...where(k.start) }))),
      bibliographies: paths.map(display),
      problems,
    };
    return { path: file.path, checked };
  });
}

/**
 * What to name as the main file of a LaTeX file that no main file brings in (`% !TEX root = …`):
 * the nearest main file among the files around it, as the file would write its path; else
 * `main.tex`.
 */
export function noProjectHint(doc: string, projects: LatexProjects): string {
  const roots = projects.roots().filter(root => root !== doc);
  if (!roots.length) return 'main.tex';
  roots.sort((a, b) => folderDistance(a, doc) - folderDistance(b, doc) || a.localeCompare(b));
  return relativePath(folderOf(doc), roots[0]);
}
