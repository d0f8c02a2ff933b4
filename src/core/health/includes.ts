// A LaTeX document split over files: a chapter names no bibliography, its main file does. What
// a file says about the files around it, for the host and the command line to follow.

/** Blanks `%` comments, keeping offsets (an escaped `\%` is text). */
const uncommented = (line: string) => line.replace(/(?<!\\)%.*/, '');

/**
 * The main file a LaTeX file names for itself, as written: the magic comment LaTeX Workshop,
 * TeXstudio and texlab read (`% !TEX root = ../main.tex`), or the subfiles class's option
 * (`\documentclass[../main.tex]{subfiles}`). A name without extension gets `.tex`.
 *
 * @example latexRoot('% !TeX root = ../thesis.tex\n\\chapter{Intro}') === '../thesis.tex'
 */
export function latexRoot(text: string): string | undefined {
  const magic = /^[ \t]*%[ \t]*!\s*TeX\s+root\s*=\s*(.+?)\s*$/im.exec(text);
  const subfile = magic ? undefined : /\\documentclass\s*\[([^\]\n]+)\]\s*\{subfiles\}/.exec(text);
  const path = (magic ?? subfile)?.[1].trim();
  if (!path) return undefined;
  return /\.[A-Za-z]+$/.test(path) ? path : `${path}.tex`;
}

/** Whether a LaTeX file is a whole document (it has `\documentclass` outside a comment). */
export function isLatexMain(text: string): boolean {
  return /^[^%\n]*\\documentclass\b/m.test(text);
}

/** A file a LaTeX file brings in, as written. */
export interface IncludedFile {
  path: string;
  /**
   * `input` (`\input`, `\include`, `\subfile`): relative to the folder TeX runs in, the main
   * file's. `import` (`\import`, `\subimport`): relative to the including file, and the files it
   * brings in in turn are relative to it.
   */
  kind: 'input' | 'import';
}

/**
 * The files a LaTeX file brings in, as written: `\input`, `\include`, `\subfile`, and
 * `\import`/`\subimport` (folder and file joined). `.tex` is added to a name without extension,
 * as TeX does. Commented-out lines bring nothing.
 *
 * @example includedFiles('\\input{chapters/intro}\n% \\include{old}\n\\subimport{parts/}{a}').map(f => f.path) → ['chapters/intro.tex', 'parts/a.tex']
 */
export function includedFiles(text: string): IncludedFile[] {
  if (!/\\(?:input|include|subfile|import|subimport|inputfrom|includefrom|subinputfrom|subincludefrom)\b/.test(text)) return [];
  const files: IncludedFile[] = [];
  const withTex = (name: string) => (/\.[A-Za-z]+$/.test(name) ? name : `${name}.tex`);
  for (const raw of text.split('\n')) {
    const line = uncommented(raw);
    for (const m of line.matchAll(/\\(?:(?:input|include|subfile)\s*\{([^{}]+)\}|input\s+([^\s{}%\\]+)|(?:sub)?(?:import|inputfrom|includefrom|subinputfrom|subincludefrom)\*?\s*\{([^{}]*)\}\s*\{([^{}]+)\})/g)) {
      const name = (m[1] ?? m[2])?.trim();
      if (name) files.push({ path: withTex(name), kind: 'input' });
      else if (m[4]) {
        const folder = m[3].trim();
        files.push({ path: withTex(`${folder}${folder && !folder.endsWith('/') ? '/' : ''}${m[4].trim()}`), kind: 'import' });
      }
    }
  }
  return files;
}

const folderOf = (path: string) => path.slice(0, Math.max(path.lastIndexOf('/'), 0));

/**
 * The main file of a LaTeX file among `files` (path → text, paths with `/`): the one it names
 * (`latexRoot`), else a whole document (`\documentclass`) that brings it in, directly or through
 * other files, resolving each name as TeX does from the main file's folder. Undefined when
 * the file is a main file itself or none is found.
 *
 * @example findLatexMain('/w/ch/intro.tex', new Map([['/w/main.tex', '\\documentclass{book}\\include{ch/intro}'], ['/w/ch/intro.tex', '…']])) === '/w/main.tex'
 */
export function findLatexMain(path: string, files: ReadonlyMap<string, string>): string | undefined {
  const text = files.get(path);
  if (text !== undefined && isLatexMain(text) && !/\{subfiles\}/.test(text)) return undefined;
  const named = text !== undefined ? latexRoot(text) : undefined;
  if (named) return resolvePath(folderOf(path), named);
  for (const [main, mainText] of files) {
    if (main === path || !isLatexMain(mainText)) continue;
    if (bringsIn(main, mainText, path, files)) return main;
  }
  return undefined;
}

/** Whether `main` brings `target` in, through at most 8 levels of files. */
function bringsIn(main: string, mainText: string, target: string, files: ReadonlyMap<string, string>): boolean {
  const root = folderOf(main);
  const seen = new Set([main]);
  let level: { text: string; base: string; folder: string }[] = [{ text: mainText, base: root, folder: root }];
  for (let depth = 0; depth < 8 && level.length; depth++) {
    const next: typeof level = [];
    for (const file of level) {
      for (const included of includedFiles(file.text)) {
        const from = included.kind === 'import' ? file.folder : file.base;
        const resolved = resolvePath(from, included.path);
        if (resolved === target) return true;
        const text = files.get(resolved);
        if (text === undefined || seen.has(resolved)) continue;
        seen.add(resolved);
        const folder = folderOf(resolved);
        next.push({ text, base: included.kind === 'import' ? folder : file.base, folder });
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
