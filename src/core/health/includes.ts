// A LaTeX document split over files: a chapter names no bibliography, its main file does. What
// a file says about the files around it, for the host and the command line to follow, as the
// LaTeX pass reads the file (scanLatexDocument): TeX's reading, so a comment, `\verb`, a
// verbatim environment or an `\iffalse` branch brings no file in and makes no file a main file.
import { scanLatexDocument, type LatexDocument, type LatexInclude } from '../cite/scan';
import { LatexProjects } from '../project/roots';

export { resolvePath } from '../project/paths';

/** The main file a file's document names for itself, as written; `.tex` added to a name without extension. */
function rootOf(document: LatexDocument): string | undefined {
  const { root, documentClass } = document;
  const subfile = documentClass?.name === 'subfiles' ? documentClass.options : undefined;
  const path = (root?.path ?? subfile)?.trim();
  if (!path) return undefined;
  return /\.[A-Za-z]+$/.test(path) ? path : `${path}.tex`;
}

/**
 * The main file a LaTeX file names for itself, as written: the magic comment LaTeX Workshop,
 * TeXstudio and texlab read (`% !TEX root = ../main.tex`), or the subfiles class's option
 * (`\documentclass[../main.tex]{subfiles}`). A name without extension gets `.tex`.
 *
 * @example latexRoot('% !TeX root = ../thesis.tex\n\\chapter{Intro}') === '../thesis.tex'
 */
export function latexRoot(text: string): string | undefined {
  return rootOf(scanLatexDocument(text));
}

/** Whether a LaTeX file is a whole document (it has `\documentclass`, as TeX reads the file). */
export function isLatexMain(text: string): boolean {
  return scanLatexDocument(text).documentClass !== undefined;
}

/** A file a LaTeX file brings in, as written: its path (`.tex` added as TeX does) and how it is found (see `LatexInclude.kind`). */
export type IncludedFile = Pick<LatexInclude, 'path' | 'kind'>;

/**
 * The files a LaTeX file brings in, as written: `\input`, `\include`, `\subfile`, and
 * `\import`/`\subimport` and their kin (folder and file joined). `.tex` is added to a name
 * without extension, as TeX does. Commented-out lines bring nothing.
 *
 * @example includedFiles('\\input{chapters/intro}\n% \\include{old}\n\\subimport{parts/}{a}').map(f => f.path) → ['chapters/intro.tex', 'parts/a.tex']
 */
export function includedFiles(text: string): IncludedFile[] {
  return scanLatexDocument(text).includes.map(({ path, kind }) => ({ path, kind }));
}

/**
 * The main file of a LaTeX file among `files` (path → text, paths with `/`): the one it names
 * (`% !TEX root`, the subfiles class), else a whole document (`\documentclass`, also in a
 * preamble it `\input`s) that brings it in, directly or through other files, resolving each name
 * as TeX and the import package do. Undefined when the file is a main file itself or none is found.
 *
 * @example findLatexMain('/w/ch/intro.tex', new Map([['/w/main.tex', '\\documentclass{book}\\include{ch/intro}'], ['/w/ch/intro.tex', '…']])) === '/w/main.tex'
 */
export function findLatexMain(path: string, files: ReadonlyMap<string, string>): string | undefined {
  const root = new LatexProjects({ read: file => files.get(file) }, [...files.keys()]).rootOf(path)?.root;
  return root === path ? undefined : root;
}
