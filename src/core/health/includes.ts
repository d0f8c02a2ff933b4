// A LaTeX document split over files: a chapter names no bibliography, its main file does. What
// a file says about the files around it, for the host and the command line to follow, as the
// LaTeX pass reads the file (scanLatexDocument): TeX's reading, so a comment, `\verb`, a
// verbatim environment or an `\iffalse` branch brings no file in and makes no file a main file.
import { scanLatexDocument, type LatexDocument, type LatexInclude } from '../cite/scan';

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

const folderOf = (path: string) => path.slice(0, Math.max(path.lastIndexOf('/'), 0));

/** Each file's document, read once however often the search below asks for it. */
type Documents = (path: string, text: string) => LatexDocument;

/**
 * The main file of a LaTeX file among `files` (path → text, paths with `/`): the one it names
 * (`latexRoot`), else a whole document (`\documentclass`) that brings it in, directly or through
 * other files, resolving each name as TeX does from the main file's folder. Undefined when
 * the file is a main file itself or none is found.
 *
 * @example findLatexMain('/w/ch/intro.tex', new Map([['/w/main.tex', '\\documentclass{book}\\include{ch/intro}'], ['/w/ch/intro.tex', '…']])) === '/w/main.tex'
 */
export function findLatexMain(path: string, files: ReadonlyMap<string, string>): string | undefined {
  const read = new Map<string, LatexDocument>();
  const documentOf: Documents = (file, text) => {
    let document = read.get(file);
    if (!document) read.set(file, (document = scanLatexDocument(text)));
    return document;
  };
  const text = files.get(path);
  const own = text !== undefined ? documentOf(path, text) : undefined;
  if (own?.documentClass && own.documentClass.name !== 'subfiles') return undefined;
  const named = own && rootOf(own);
  if (named) return resolvePath(folderOf(path), named);
  for (const [main, mainText] of files) {
    // Without the word, no reading of the file can find a class: most files are not read at all.
    if (main === path || !mainText.includes('\\documentclass') || !documentOf(main, mainText).documentClass) continue;
    if (bringsIn(main, mainText, path, files, documentOf)) return main;
  }
  return undefined;
}

/** Whether `main` brings `target` in, through at most 8 levels of files. */
function bringsIn(main: string, mainText: string, target: string, files: ReadonlyMap<string, string>, documentOf: Documents): boolean {
  const root = folderOf(main);
  const seen = new Set([main]);
  let level: { path: string; text: string; base: string; folder: string }[] = [{ path: main, text: mainText, base: root, folder: root }];
  for (let depth = 0; depth < 8 && level.length; depth++) {
    const next: typeof level = [];
    for (const file of level) {
      for (const included of documentOf(file.path, file.text).includes) {
        const from = included.kind === 'import' ? file.folder : file.base;
        const resolved = resolvePath(from, included.path);
        if (resolved === target) return true;
        const text = files.get(resolved);
        if (text === undefined || seen.has(resolved)) continue;
        seen.add(resolved);
        const folder = folderOf(resolved);
        next.push({ path: resolved, text, base: included.kind === 'import' ? folder : file.base, folder });
      }
    }
    level = next;
  }
  return false;
}

/**
 * Resolves `path` against the folder `base` (both with `/`), as a file system would: `.` and
 * `..` are followed. An absolute path is returned as it is.
 *
 * @example resolvePath('/w/thesis/chapters', '../main.tex') === '/w/thesis/main.tex'
 */
export function resolvePath(base: string, path: string): string {
  if (/^(\/|[A-Za-z]:[\\/])/.test(path)) return path;
  const parts = base === '/' ? [''] : base ? base.replace(/\/+$/, '').split('/') : [];
  for (const part of path.split('/')) {
    if (part === '..') {
      const last = parts[parts.length - 1];
      if (last === undefined || last === '..') parts.push('..');
      else if (last !== '' || parts.length > 1) parts.pop();
    } else if (part !== '.' && part !== '') {
      parts.push(part);
    }
  }
  return parts.join('/') || (base.startsWith('/') ? '/' : '.');
}
