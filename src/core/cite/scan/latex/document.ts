// What a LaTeX file says besides its citations, met in the same pass as them: the bibliographies
// it names, the files it brings in, its class, the main file its magic comment names, whether
// it loads biblatex, and the keys its own `\bibitem`s define. One reader, TeX's: a `%` comment
// (`\\%` is a line break, then one), `\verb`, a verbatim environment or an `\iffalse` branch hides
// a `\bibliography`, an `\input` or a `\bibitem` from every feature alike, as it hides them from TeX.
import type { Citation, CitedKey } from '../citation';
import { BANG, BACKSLASH, isAsciiLetter, isBlank, isWhite, LBRACE, LBRACKET, LF, lineEnd, PERCENT, RBRACE, scanned, STAR } from '../text';
import { LineStarts } from '../../../util/lineStarts';
import { texKeys, texSkip, texText, type TexGroups } from './tex';

/** A bibliography file a LaTeX file names, as written there (relative to the folder TeX runs in). */
export interface LatexBibliography {
  path: string;
  /** `bibliography`, `addbibresource`, `addglobalbib` or `addsectionbib`. */
  command: string;
  /** 1-based line of the command. */
  line: number;
  /** `\addbibresource[label=name]{file}`: the name a `refsection` may give instead of the file. */
  label?: string;
}

/** A file a LaTeX file brings in. */
export interface LatexInclude {
  /** The file as TeX looks for it: the argument as TeX reads it, `.tex` added to a name without extension, the folder of `\import` and its kin joined. */
  path: string;
  /**
   * `input` (`\input`, `\include`, `\subfile`): relative to the folder TeX runs in, the main
   * file's. `import` (`\import`, `\subimport` and their `*from` kin): relative to the including
   * file, and the files it brings in in turn are relative to it.
   */
  kind: 'input' | 'import';
  /** The command, without its backslash or star: `input`, `include`, `subfile`, `import`, `subimport`, `inputfrom`… */
  command: string;
  /** The file's argument exactly as written (for `\import` and its kin, the second one). */
  written: string;
  /** For `\import` and its kin: the folder's argument exactly as written (a path macro such as `\PATH/ch1/` stays one). */
  folder?: string;
  /** 1-based line of the command. */
  line: number;
}

/** A file's `\documentclass[options]{name}`. */
export interface LatexDocumentClass {
  /** As TeX reads it; empty while the argument is still being typed. */
  name: string;
  /** The options as TeX reads them, when there are any: for the subfiles class, the main file (`[../main.tex]`). */
  options?: string;
  line: number;
}

/** A macro without parameters that a file defines: `\def\X{…}`, `\newcommand{\X}{…}` and their kin. */
export interface LatexDefinition {
  /** Its name without the backslash. */
  name: string;
  /** Its replacement text exactly as written. */
  value: string;
  line: number;
}

/** What a LaTeX file holds, as TeX reads it, each thing with its 1-based line. */
export interface LatexDocument {
  citations: Citation[];
  /** `\bibliography{a,b}` (one per name, `.bib` added as BibTeX does), `\addbibresource[…]{f}`, `\addglobalbib`, `\addsectionbib` (as written). */
  bibliographies: LatexBibliography[];
  /** `\input{f}`, `\input f`, `\include`, `\subfile`, `\import{dir}{f}`, `\subimport`, `\inputfrom`, `\includefrom` and their `sub` and starred forms. */
  includes: LatexInclude[];
  /** Present when the file is a whole document (it has `\documentclass`). */
  documentClass?: LatexDocumentClass;
  /** The main file the magic comment `% !TEX root = …` names, as written (editors read it; TeX does not). */
  root?: { path: string; line: number };
  /** Where the file first loads biblatex: `\usepackage[…]{biblatex}` or a biblatex command that names a resource. */
  biblatex?: { line: number };
  /** Macros without parameters, in the order defined: what a path such as `\import{\PATH/ch1/}{ch1}` may use. */
  definitions: LatexDefinition[];
  /** The keys of `\bibitem[label]{key}`: a `thebibliography` list defines them without a bibliography file. */
  bibitems: string[];
}

const RESOURCES = new Set(['addbibresource', 'addglobalbib', 'addsectionbib']);
const DEFS = new Set(['def', 'edef', 'gdef', 'xdef']);
const NEWCOMMANDS = new Set(['newcommand', 'renewcommand', 'providecommand', 'DeclareRobustCommand']);
const IMPORTS = new Set(['import', 'subimport', 'inputfrom', 'subinputfrom', 'includefrom', 'subincludefrom']);
/** The editors' magic comment, from its `%` to the end of its line (the name trimmed after: no pattern here can backtrack over blanks). */
const MAGIC_ROOT = /^%[ \t]*!\s*TeX\s+root\s*=([^\n]*)/i;

const withTex = (name: string) => (/\.[A-Za-z]+$/.test(name) ? name : `${name}.tex`);

/**
 * Collects what a LaTeX file says besides its citations, as the scan meets it: each command
 * that names a file, a class or a package is read with its arguments where it stands.
 */
export class DocumentReader {
  readonly document: LatexDocument = { citations: [], bibliographies: [], includes: [], definitions: [], bibitems: [] };
  readonly #lines: LineStarts;

  constructor(private readonly text: string, private readonly groups: TexGroups) {
    this.#lines = new LineStarts(text);
  }

  /** Reads the command `\name` at `at` (its name ends at `nameEnd`) if it is one a document names files or packages with. */
  command(name: string, at: number, nameEnd: number): void {
    if (name === 'bibliography') this.#bibliography(at, nameEnd);
    else if (RESOURCES.has(name)) this.#resource(name, at, nameEnd);
    else if (name === 'input') this.#input(at, nameEnd);
    else if (name === 'include' || name === 'subfile') this.#included(name, at, nameEnd);
    else if (IMPORTS.has(name)) this.#imported(name, at, nameEnd);
    else if (name === 'documentclass') this.#documentClass(at, nameEnd);
    else if (name === 'usepackage' || name === 'RequirePackage') this.#usepackage(at, nameEnd);
    else if (DEFS.has(name)) this.#def(at, nameEnd);
    else if (NEWCOMMANDS.has(name)) this.#newcommand(at, nameEnd);
    else if (name === 'begin') this.#refsection(at, nameEnd);
    else if (name === 'bibitem') this.#bibitem(nameEnd);
  }

  /**
   * Reads the comment at `at` for the magic comment `% !TEX root = …`, which editors (LaTeX
   * Workshop, TeXstudio, TeXShop, texlab) read from a comment that has its line to itself.
   */
  comment(at: number): void {
    if (this.document.root) return;
    let i = at + 1;
    while (isBlank(this.text.charCodeAt(i))) i++;
    if (this.text.charCodeAt(i) !== BANG) return;
    let start = at;
    while (start > 0 && isBlank(this.text.charCodeAt(start - 1))) start--;
    if (start > 0 && this.text.charCodeAt(start - 1) !== LF) return;
    const path = MAGIC_ROOT.exec(this.text.slice(at, lineEnd(this.text, at)))?.[1].trim();
    if (path) this.document.root = { path, line: this.#lines.lineOf(at) };
  }

  /** The `{…}` argument at the next token after `i` (blanks, a line break and comments skipped): its inside, or undefined. */
  #braced(i: number): { start: number; end: number } | undefined {
    const open = texSkip(this.text, i);
    if (open < 0 || this.text.charCodeAt(open) !== LBRACE) return undefined;
    const close = this.groups.end(open);
    return close < 0 ? undefined : { start: open + 1, end: close - 1 };
  }

  /** Past an optional `[…]` argument at the next token after `i`, with its inside; `i` itself when there is none. */
  #optional(i: number): { next: number; inside?: { start: number; end: number } } | undefined {
    const open = texSkip(this.text, i);
    if (open < 0) return undefined;
    if (this.text.charCodeAt(open) !== LBRACKET) return { next: i };
    const close = this.groups.end(open);
    return close < 0 ? undefined : { next: close, inside: { start: open + 1, end: close - 1 } };
  }

  /** Past a star at the next token after `i` (`\@ifstar` skips blanks before it), or `i`. */
  #star(i: number): number {
    const next = texSkip(this.text, i);
    return next >= 0 && this.text.charCodeAt(next) === STAR ? next + 1 : i;
  }

  /** `\bibliography{a, b}`: BibTeX reads each name of the list and adds `.bib`. */
  #bibliography(at: number, nameEnd: number): void {
    const list = this.#braced(nameEnd);
    if (!list) return;
    const names: CitedKey[] = [];
    texKeys(this.text, list.start, list.end, names);
    const line = this.#lines.lineOf(at);
    for (const { key } of names) this.document.bibliographies.push({ path: key.endsWith('.bib') ? key : `${key}.bib`, command: 'bibliography', line });
  }

  /** `\addbibresource[options]{file}` and its kin: biblatex takes one file name as it is. */
  #resource(command: string, at: number, nameEnd: number): void {
    this.document.biblatex ??= { line: this.#lines.lineOf(at) };
    const options = this.#optional(nameEnd);
    const file = options && this.#braced(options.next);
    const path = file && texText(this.text, file.start, file.end);
    if (!path) return;
    const given = options?.inside && texText(this.text, options.inside.start, options.inside.end);
    const label = given && /(?:^|,)\s*label\s*=\s*\{?([^,{}]+?)\}?\s*(?:,|$)/.exec(given)?.[1];
    this.document.bibliographies.push({ path, command, line: this.#lines.lineOf(at), ...(label ? { label } : {}) });
  }

  /** `\input{file}` (LaTeX's) or `\input file` (TeX's primitive, the name ending at a blank). */
  #input(at: number, nameEnd: number): void {
    const start = texSkip(this.text, nameEnd);
    if (start < 0) return;
    if (this.text.charCodeAt(start) === LBRACE) {
      this.#included('input', at, nameEnd);
      return;
    }
    let end = start;
    for (; end < this.text.length; end++) {
      const c = this.text.charCodeAt(end);
      if (isWhite(c) || c === LBRACE || c === RBRACE || c === PERCENT || c === BACKSLASH) break;
    }
    scanned.chars += end - start;
    this.#include('input', at, start, end, '');
  }

  /** `\include{file}`, `\subfile{file}`, `\input{file}`. */
  #included(command: string, at: number, nameEnd: number): void {
    const file = this.#braced(nameEnd);
    if (file) this.#include(command, at, file.start, file.end, '');
  }

  /** `\import{folder}{file}`, `\subimport*{folder}{file}` and the `*from` kin: the file is found in the folder. */
  #imported(command: string, at: number, nameEnd: number): void {
    const folder = this.#braced(this.#star(nameEnd));
    const file = folder && this.#braced(folder.end + 1);
    if (!folder || !file) return;
    const inFolder = texText(this.text, folder.start, folder.end);
    this.#include(command, at, file.start, file.end, inFolder && !inFolder.endsWith('/') ? `${inFolder}/` : inFolder, this.text.slice(folder.start, folder.end));
  }

  /** Records the file named by the argument `[start, end)` of the command at `at`, found in `folder` (empty, or ending in `/`). */
  #include(command: string, at: number, start: number, end: number, folder: string, folderWritten?: string): void {
    const name = texText(this.text, start, end);
    if (!name) return;
    const kind = IMPORTS.has(command) ? 'import' : 'input';
    const include: LatexInclude = { path: withTex(folder + name), kind, command, written: this.text.slice(start, end), line: this.#lines.lineOf(at) };
    if (folderWritten !== undefined) include.folder = folderWritten;
    this.document.includes.push(include);
  }

  /** `\def\X{text}` (and `\edef`, `\gdef`, `\xdef`): a macro without parameters, as a path macro is defined. */
  #def(at: number, nameEnd: number): void {
    const name = this.#macroName(texSkip(this.text, nameEnd));
    if (!name) return;
    // `\def\X#1{…}` takes parameters: no path macro.
    if (this.text.charCodeAt(texSkip(this.text, name.end)) !== LBRACE) return;
    const value = this.#braced(name.end);
    if (value) this.#define(name.name, value, at);
  }

  /** `\newcommand{\X}{text}`, `\newcommand*\X{text}` (and `\renewcommand`, `\providecommand`): without `[n]` parameters. */
  #newcommand(at: number, nameEnd: number): void {
    const i = texSkip(this.text, this.#star(nameEnd));
    if (i < 0) return;
    let name: { name: string; end: number } | undefined;
    if (this.text.charCodeAt(i) === LBRACE) {
      const group = this.#braced(i);
      const inner = group && this.#macroName(texSkip(this.text, group.start));
      if (!group || !inner) return;
      name = { name: inner.name, end: group.end + 1 };
    } else {
      name = this.#macroName(i);
    }
    if (!name) return;
    const next = texSkip(this.text, name.end);
    if (next < 0 || this.text.charCodeAt(next) === LBRACKET) return;
    const value = this.#braced(name.end);
    if (value) this.#define(name.name, value, at);
  }

  /** The control word at `i` (`\X`): its name and where it ends. */
  #macroName(i: number): { name: string; end: number } | undefined {
    if (i < 0 || this.text.charCodeAt(i) !== BACKSLASH) return undefined;
    let end = i + 1;
    while (end < this.text.length && isAsciiLetter(this.text.charCodeAt(end))) end++;
    scanned.chars += end - i;
    return end > i + 1 ? { name: this.text.slice(i + 1, end), end } : undefined;
  }

  #define(name: string, value: { start: number; end: number }, at: number): void {
    this.document.definitions.push({ name, value: this.text.slice(value.start, value.end), line: this.#lines.lineOf(at) });
  }

  /** `\begin{refsection}[a.bib, b.bib]`: biblatex reads these resources for the citations of that section. */
  #refsection(at: number, nameEnd: number): void {
    const environment = this.#braced(nameEnd);
    if (!environment || this.text.slice(environment.start, environment.end).trim() !== 'refsection') return;
    const options = this.#optional(environment.end + 1);
    if (!options?.inside) return;
    const names: CitedKey[] = [];
    texKeys(this.text, options.inside.start, options.inside.end, names);
    const line = this.#lines.lineOf(at);
    for (const { key } of names) this.document.bibliographies.push({ path: key, command: 'refsection', line });
    this.document.biblatex ??= { line };
  }

  /** `\bibitem[label]{key}`: the key as TeX reads the argument (an item still being typed, without its key, defines none). */
  #bibitem(nameEnd: number): void {
    const label = this.#optional(nameEnd);
    const key = label && this.#braced(label.next);
    const written = key && texText(this.text, key.start, key.end);
    if (written) this.document.bibitems.push(written);
  }

  /** `\documentclass[options]{name}`: the file is a whole document, even while its class is being typed. */
  #documentClass(at: number, nameEnd: number): void {
    if (this.document.documentClass) return;
    const options = this.#optional(nameEnd);
    const name = options && this.#braced(options.next);
    const found: LatexDocumentClass = { name: name ? texText(this.text, name.start, name.end) : '', line: this.#lines.lineOf(at) };
    const given = options?.inside && texText(this.text, options.inside.start, options.inside.end);
    if (given) found.options = given;
    this.document.documentClass = found;
  }

  /** `\usepackage[options]{a,b}`: biblatex is loaded when it is among the packages (or a package named `biblatex-…`, which loads it). */
  #usepackage(at: number, nameEnd: number): void {
    if (this.document.biblatex) return;
    const options = this.#optional(nameEnd);
    const list = options && this.#braced(options.next);
    if (!list) return;
    const names: CitedKey[] = [];
    texKeys(this.text, list.start, list.end, names);
    if (names.some(({ key }) => key === 'biblatex' || key.startsWith('biblatex-'))) this.document.biblatex = { line: this.#lines.lineOf(at) };
  }
}
