// Which file TeX is run on, for any file of a LaTeX project: the one its `% !TEX root` names (any
// name), the main file its subfiles class names, itself when it is a whole document, or the main
// file that brings it in, directly or through others, anywhere among the files given (not only in
// the folders above it). A main file may keep its `\documentclass` in a preamble it `\input`s.
import { documentOf, readLatexProject, type DocumentCache, type LatexProject, type ProjectSource } from './latex';
import { folderDistance, folderOf, resolvePath } from './paths';

const withTex = (path: string) => (/\.[A-Za-z]+$/.test(path) ? path : `${path}.tex`);

/** How a file's root was found. */
export type RootFound = 'itself' | 'magic-comment' | 'subfiles' | 'brought-in';

/**
 * The LaTeX projects among a set of files (a workspace's `.tex` and `.ltx` files), each read
 * once: their roots, and the root and project of any file.
 *
 * @example new LatexProjects(source, ['/w/main.tex', '/w/ch/intro.tex']).rootOf('/w/ch/intro.tex')?.root === '/w/main.tex'
 */
export class LatexProjects {
  #roots: string[] | undefined;
  readonly #projects = new Map<string, { project: LatexProject; paths: Set<string> }>();

  constructor(private readonly source: ProjectSource, private readonly files: readonly string[], private readonly cache: DocumentCache = new Map()) {}

  /** Every main file among the files: a whole document, or a file that brings one in as its preamble, that no other main file brings in. */
  roots(): string[] {
    if (this.#roots) return this.#roots;
    const whole = new Set(this.files.filter(path => {
      const document = this.#document(path);
      return document?.documentClass !== undefined && document.documentClass.name !== 'subfiles';
    }));
    const candidates = new Set(whole);
    for (const path of this.files) {
      // A file that brings a whole document in as its preamble (thesis.tex: \input{thesis.ltx}) is the one TeX runs on.
      const includes = this.#document(path)?.includes ?? [];
      if (includes.some(i => whole.has(resolvePath(folderOf(path), i.path)) || whole.has(resolvePath(folderOf(path), i.written.trim())))) candidates.add(path);
    }
    const brought = new Set<string>();
    for (const root of candidates) for (const path of this.#read(root).paths) if (path !== root) brought.add(path);
    this.#roots = [...candidates].filter(root => !brought.has(root)).sort();
    return this.#roots;
  }

  /** The root of a LaTeX file and how it was found; undefined for a part of a document that no main file brings in. */
  rootOf(path: string): { root: string; found: RootFound } | undefined {
    const document = this.#document(path);
    if (!document) return undefined;
    if (document.root) return { root: resolvePath(folderOf(path), withTex(document.root.path)), found: 'magic-comment' };
    const options = document.documentClass?.name === 'subfiles' ? document.documentClass.options?.trim() : undefined;
    if (options) return { root: resolvePath(folderOf(path), withTex(options)), found: 'subfiles' };
    const roots = this.roots();
    if (roots.includes(path)) return { root: path, found: 'itself' };
    const bringing = roots.filter(root => this.#read(root).paths.has(path));
    if (bringing.length) {
      bringing.sort((a, b) => folderDistance(a, path) - folderDistance(b, path) || a.localeCompare(b));
      return { root: bringing[0], found: 'brought-in' };
    }
    if (document.documentClass && document.documentClass.name !== 'subfiles') return { root: path, found: 'itself' };
    return undefined;
  }

  /** The project a file belongs to (its root's), read once; undefined when it has no root. */
  projectOf(path: string): LatexProject | undefined {
    const root = this.rootOf(path)?.root;
    return root === undefined ? undefined : this.#read(root).project;
  }

  /** A root's project, read once. */
  project(root: string): LatexProject {
    return this.#read(root).project;
  }

  #read(root: string): { project: LatexProject; paths: Set<string> } {
    let known = this.#projects.get(root);
    if (!known) {
      const project = readLatexProject(root, this.source, this.cache);
      known = { project, paths: new Set(project.files.map(f => f.path)) };
      this.#projects.set(root, known);
    }
    return known;
  }

  #document(path: string) {
    const text = this.source.read(path);
    return text === undefined ? undefined : documentOf(path, text, this.cache);
  }
}
