// A Typst project as the compiler reads it: from the file it is run on through every
// `#include "…"`, each path from the including file's folder (a path starting with `/` from the
// root's), and the bibliographies `#bibliography(…)` names in any of its files, from the folder of
// the file that names them. The root of a file is the file that brings it in, directly or
// through others; a file nothing brings in is its own.
import { LineStarts } from '../util/lineStarts';
import { folderDistance, folderOf, resolvePath } from './paths';
import type { ProjectBibliography, ProjectProblem, ProjectSource } from './latex';

export interface TypstReferences {
  includes: { path: string; line: number }[];
  bibliographies: { path: string; line: number }[];
}

export interface TypstProject {
  root: string;
  files: string[];
  bibliographies: ProjectBibliography[];
  problems: ProjectProblem[];
}

/** A Typst text with its line and block comments blanked, offsets and lines kept; strings and raw text are left as they are. */
function uncommented(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '`') {
      const fence = /^`+/.exec(text.slice(i, i + 16))![0];
      const end = text.indexOf(fence, i + fence.length);
      const j = end < 0 ? text.length : end + fence.length;
      out += text.slice(i, j);
      i = j;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const j = end < 0 ? text.length : end;
      out += ' '.repeat(j - i);
      i = j;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const j = end < 0 ? text.length : end + 2;
      out += text.slice(i, j).replace(/[^\n]/g, ' ');
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * The files a Typst file includes and the bibliographies it names, as written, with their lines.
 *
 * @example typstReferences('#include "ch1.typ"\n#bibliography(("a.bib", "b.yml"))').bibliographies.map(b => b.path) → ['a.bib', 'b.yml']
 */
export function typstReferences(text: string): TypstReferences {
  const code = text.includes('//') || text.includes('/*') ? uncommented(text) : text;
  const lines = new LineStarts(code);
  const lineOf = (offset: number) => lines.lineOf(offset);
  const found: TypstReferences = { includes: [], bibliographies: [] };
  for (const m of code.matchAll(/#include\s+"([^"\n]+)"/g)) found.includes.push({ path: m[1], line: lineOf(m.index) });
  for (const m of code.matchAll(/#bibliography\(\s*(\([^)]*\)|"[^"\n]*")/g)) {
    for (const name of m[1].matchAll(/"([^"\n]+)"/g)) found.bibliographies.push({ path: name[1], line: lineOf(m.index) });
  }
  return found;
}

/** A path as Typst resolves it in `file`: from the file's folder, or from the root's folder when it starts with `/`. */
const typstPath = (path: string, file: string, root: string) => (path.startsWith('/') ? resolvePath(folderOf(root), path.slice(1)) : resolvePath(folderOf(file), path));

/** Reads the project of a Typst root: its files in reading order, each once, and the bibliographies they name. */
export function readTypstProject(root: string, source: ProjectSource): TypstProject {
  const project: TypstProject = { root, files: [], bibliographies: [], problems: [] };
  const seen = new Set<string>();
  const visit = (path: string, chain: readonly string[]) => {
    const text = source.read(path);
    if (text === undefined || seen.has(path) || chain.length > 64) return;
    seen.add(path);
    project.files.push(path);
    const refs = typstReferences(text);
    for (const b of refs.bibliographies) project.bibliographies.push({ path: typstPath(b.path, path, root), written: b.path, by: path, line: b.line, command: 'bibliography' });
    for (const include of refs.includes) {
      const target = typstPath(include.path, path, root);
      if (chain.includes(target) || target === path) {
        project.problems.push({ file: path, line: include.line, code: 'include-cycle', message: `#include "${include.path}" brings in ${target}, which brings this file in` });
      } else if (source.read(target) === undefined) {
        project.problems.push({ file: path, line: include.line, code: 'missing-include', message: `${target} does not exist (#include "${include.path}")` });
      } else {
        visit(target, [...chain, path]);
      }
    }
  };
  visit(root, []);
  return project;
}

/** The Typst projects among a set of `.typ` files: a file's root is the file that brings it in; a file nothing brings in is a root. */
export class TypstProjects {
  #projects = new Map<string, TypstProject>();
  #roots: string[] | undefined;

  constructor(private readonly source: ProjectSource, private readonly files: readonly string[]) {}

  roots(): string[] {
    if (this.#roots) return this.#roots;
    const included = new Set<string>();
    for (const path of this.files) {
      const text = this.source.read(path);
      if (text === undefined) continue;
      for (const include of typstReferences(text).includes) included.add(typstPath(include.path, path, path));
    }
    this.#roots = this.files.filter(path => !included.has(path)).sort();
    return this.#roots;
  }

  /** The project a Typst file belongs to: the nearest root whose project reads it, else its own. */
  projectOf(path: string): TypstProject {
    const roots = this.roots().filter(root => root === path || this.project(root).files.includes(path));
    roots.sort((a, b) => (a === path ? 1 : 0) - (b === path ? 1 : 0) || folderDistance(a, path) - folderDistance(b, path));
    return this.project(roots[0] ?? path);
  }

  project(root: string): TypstProject {
    let project = this.#projects.get(root);
    if (!project) this.#projects.set(root, (project = readTypstProject(root, this.source)));
    return project;
  }
}
