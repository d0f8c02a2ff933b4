// A LaTeX project as TeX reads it: from the root (the file TeX is run on) through every file it
// brings in (`\input`, `\include`, `\subfile`, `\import` and their kin), in reading order, with
// the paths resolved as TeX and the import package resolve them and simple path macros
// (`\def\PATH{…}`, `\newcommand{\PATH}{…}`) expanded; the bibliographies named in any of its
// files, resolved from the root's folder, where BibTeX and biber run. Cycles and missing files are
// reported, never looped on. `\includeonly` is not read: the project is every file it could read,
// and both branches of a conditional count. One model for the editor and the command line.
import { scanLatexDocument, type LatexDocument, type LatexInclude } from '../cite/scan';
import { folderOf, isAbsolutePath, resolvePath } from './paths';

/** What a project reads its files through (paths with `/`, absolute). */
export interface ProjectSource {
  /** A file's text, or undefined when it does not exist or cannot be read. */
  read(path: string): string | undefined;
}

/** Each file's document, read once however many projects or questions ask for it (keyed by path; a changed text is read again). */
export type DocumentCache = Map<string, { text: string; document: LatexDocument }>;

export interface LatexProjectFile {
  path: string;
  document: LatexDocument;
  /** Where it is brought in; none for the root. */
  from?: { path: string; line: number; command: string };
}

export interface ProjectBibliography {
  /** Where BibTeX and biber look for it: from the root's folder. */
  path: string;
  /** Beside the file that names it, when that is elsewhere: where a writer may have meant it (a chapter compiled on its own). */
  beside?: string;
  /** As written. */
  written: string;
  /** The file that names it, and the line. */
  by: string;
  line: number;
  command: string;
  /** The label `\addbibresource[label=…]` gave it. */
  label?: string;
}

export interface ProjectProblem {
  file: string;
  line: number;
  code: 'missing-include' | 'include-cycle' | 'unresolved-include';
  message: string;
}

export interface LatexProject {
  root: string;
  /** Every file TeX may read, in reading order, the root first. */
  files: LatexProjectFile[];
  bibliographies: ProjectBibliography[];
  /** Whether biblatex is loaded anywhere (the hints then speak of `\addbibresource`). */
  biblatex: boolean;
  problems: ProjectProblem[];
}

const MAX_FILES = 5000;
const MAX_DEPTH = 64;
const MAX_EXPANSIONS = 16;

/**
 * What of a file makes its project what it is, as one string: the files it brings in, its path
 * macros, the bibliographies it names, its class, its magic comment, biblatex. An edit that
 * changes none of them (most keystrokes) leaves every project as it was.
 */
export function structureOf(document: LatexDocument): string {
  const { includes, definitions, bibliographies, documentClass, root, biblatex } = document;
  return JSON.stringify([includes.map(i => [i.command, i.written, i.folder]), definitions.map(d => [d.name, d.value]), bibliographies.map(b => [b.path, b.label]), documentClass, root?.path, !!biblatex]);
}

/** A file's document from the cache, read again when its text changed. */
export function documentOf(path: string, text: string, cache?: DocumentCache): LatexDocument {
  const known = cache?.get(path);
  if (known && known.text === text) return known.document;
  const document = scanLatexDocument(text);
  cache?.set(path, { text, document });
  return document;
}

/**
 * `text` with the macros of `macros` expanded (`\PATH/ch1` → `./ch1`), braces dropped and blanks
 * trimmed; undefined when a command is left that is not a macro of the project.
 *
 * @example expandPath('\\PATH/intro/', new Map([['PATH', '.']])) === './intro/'
 */
export function expandPath(text: string, macros: ReadonlyMap<string, string>): string | undefined {
  let value = text;
  for (let round = 0; round < MAX_EXPANSIONS && value.includes('\\'); round++) {
    value = value.replace(/\\([A-Za-z]+)\s*/g, (all, name: string) => macros.get(name) ?? all);
  }
  if (value.includes('\\') || value.includes('#')) return undefined;
  return value.replace(/[{}]/g, '').replace(/\s*\n\s*/g, '').trim();
}

/** The names TeX tries for a file: `name.tex` first, then the name as written (`\include` only the first). */
function names(file: string, command: string): string[] {
  if (/\.tex$/i.test(file)) return [file];
  return command === 'include' ? [`${file}.tex`] : [`${file}.tex`, file];
}

/** What an include names once the project's macros are expanded: its folder (for `\import` and its kin) and its file. */
function named(include: LatexInclude, macros: ReadonlyMap<string, string>): { folder: string; file: string } | undefined {
  const file = expandPath(include.written, macros);
  const folder = include.folder === undefined ? '' : expandPath(include.folder, macros);
  if (!file || folder === undefined) return undefined;
  return { folder: folder && !folder.endsWith('/') ? `${folder}/` : folder, file };
}

/**
 * Reads the project of `root`: every file it brings in, depth first in TeX's reading order, each
 * once; its bibliographies; what could not be followed.
 *
 * @example readLatexProject('/w/main.tex', source).files.map(f => f.path) → ['/w/main.tex', '/w/preamble.tex', '/w/ch/intro.tex']
 */
export function readLatexProject(root: string, source: ProjectSource, cache?: DocumentCache): LatexProject {
  const rootFolder = folderOf(root);
  const project: LatexProject = { root, files: [], bibliographies: [], biblatex: false, problems: [] };
  const seen = new Set<string>();
  const macros = new Map<string, string>();
  const visit = (path: string, text: string, importFolder: string, chain: readonly string[], from?: LatexProjectFile['from']): void => {
    seen.add(path);
    const document = documentOf(path, text, cache);
    project.files.push(from ? { path, document, from } : { path, document });
    if (document.biblatex) project.biblatex = true;
    for (const b of document.bibliographies) {
      const fromRoot = resolvePath(rootFolder, b.path);
      const beside = resolvePath(folderOf(path), b.path);
      project.bibliographies.push({ path: fromRoot, ...(beside !== fromRoot ? { beside } : {}), written: b.path, by: path, line: b.line, command: b.command, ...(b.label ? { label: b.label } : {}) });
    }
    // Definitions and includes in the order TeX meets them: a path macro counts from its line on.
    const steps = [
      ...document.definitions.map(d => ({ line: d.line, order: 0, definition: d })),
      ...document.includes.map(i => ({ line: i.line, order: 1, include: i })),
    ].sort((a, b) => a.line - b.line || a.order - b.order);
    for (const step of steps) {
      if ('definition' in step && step.definition) { macros.set(step.definition.name, step.definition.value); continue; }
      const include = (step as { include: LatexInclude }).include;
      if (project.files.length >= MAX_FILES) return;
      const found = resolveInclude(include, path, rootFolder, importFolder, macros, source);
      const problem = (code: ProjectProblem['code'], message: string) => project.problems.push({ file: path, line: include.line, code, message });
      if (found === 'unresolved') { problem('unresolved-include', `cannot tell which file \\${include.command}{${include.written.trim()}} reads: a macro in its path is not a simple definition of the project`); continue; }
      if (found.text === undefined) {
        // A bare \input name may be a file of the TeX installation (\input{glyphtounicode}): only a path is reported.
        if (include.command !== 'input' || include.written.includes('/')) problem('missing-include', `${found.tried} does not exist (\\${include.command}{${include.written.trim()}})`);
        continue;
      }
      if (chain.includes(found.path)) { problem('include-cycle', `\\${include.command}{${include.written.trim()}} brings in ${found.path}, which brings this file in: TeX would loop`); continue; }
      if (seen.has(found.path) || chain.length >= MAX_DEPTH) continue;
      visit(found.path, found.text, found.importFolder, [...chain, path], { path, line: include.line, command: include.command });
    }
  };
  const text = source.read(root);
  if (text !== undefined) visit(root, text, rootFolder, []);
  // A refsection may name a resource by the label \addbibresource gave it, in any file of the project.
  const labels = new Set(project.bibliographies.flatMap(b => (b.label ? [b.label] : [])));
  if (labels.size) project.bibliographies = project.bibliographies.filter(b => b.command !== 'refsection' || !labels.has(b.written));
  return project;
}

/**
 * The file an include reads, as TeX and the import package find it. `\input` and `\include`:
 * from the folder TeX runs in (the root's), or inside an imported file from its folder first;
 * `\subfile`: beside the file, then from the root's; `\import{dir}{f}` (and `\inputfrom`,
 * `\includefrom`): `dir` from the root's folder; `\subimport` (and the `sub…from` kin): `dir` from
 * the folder of the file being imported. Files read through an import look for their own
 * includes in its folder first.
 */
function resolveInclude(include: LatexInclude, file: string, rootFolder: string, importFolder: string, macros: ReadonlyMap<string, string>, source: ProjectSource):
  { path: string; text?: string; importFolder: string; tried: string } | 'unresolved' {
  const name = named(include, macros);
  if (!name) return 'unresolved';
  let bases: string[];
  let nextImport = importFolder;
  if (include.kind === 'import') {
    const from = include.command.startsWith('sub') ? importFolder : rootFolder;
    const folder = resolvePath(from, name.folder || '.');
    bases = [folder];
    nextImport = folder;
  } else if (include.command === 'subfile') {
    bases = [folderOf(file), rootFolder];
  } else {
    bases = importFolder === rootFolder ? [rootFolder] : [importFolder, rootFolder];
  }
  const tried = names(name.file, include.command);
  const candidates = [...new Set(bases.flatMap(base => (isAbsolutePath(name.file) ? tried : tried.map(n => resolvePath(base, n)))))];
  for (const path of candidates) {
    const text = source.read(path);
    if (text !== undefined) return { path, text, importFolder: nextImport, tried: path };
  }
  return { path: candidates[0], importFolder: nextImport, tried: candidates[0] };
}
