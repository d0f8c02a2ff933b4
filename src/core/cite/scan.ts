// Finding the citations in a document's text as the real tools read it, with the exact offsets
// of each key: LaTeX as TeX, biblatex and natbib read it; Markdown (also Quarto, R Markdown) as
// pandoc reads it; Typst as its compiler reads it; reStructuredText as sphinxcontrib-bibtex reads
// it. Shared by hover, go to definition, completion, joining a key into the citation at the cursor
// and the diagnostics that check every cited key (on every keystroke). test/tools/scanOracle.test.ts
// checks the LaTeX and Markdown scanners against biblatex, natbib and pandoc themselves.
//
// Each scanner is one pass over the text, with no regular expression that can backtrack over it:
// groups (braces, brackets, code spans) are matched through tables that each scan fills for every
// group it passes, so that no character is read more than a few times however damaged the text is.
import type { KeysTemplate } from './forms';
import { syntaxOfLanguage, type CitationSyntax } from './languages';

/**
 * One key inside a citation. `text.slice(start, end) === key`, except in LaTeX where TeX reads
 * a key differently from how it is written: a `%` comment inside a key is dropped and a run of
 * spaces or line breaks is one space (`\cite{ab%⏎ cd}` cites `abcd`), and `start..end` is then
 * the key as written.
 */
export interface CitedKey {
  key: string;
  start: number;
  end: number;
}

/** Where one list of keys is written, inside its `{…}`. */
export interface KeyList {
  listStart: number;
  listEnd: number;
}

/** One citation found in a document. Offsets are UTF-16 indices into the text, as VS Code's. */
export interface Citation {
  /** The syntax, or `custom` for a citation matched by a user's own template. */
  syntax: CitationSyntax | 'custom';
  /** The whole citation, command and brackets included (for a LaTeX multicite, every group). */
  start: number;
  end: number;
  /**
   * Where its keys are written (inside `{…}`, `[…]` or `` `…` ``): a cursor here is inside it,
   * and a key joined to it goes at the end of this range. For a LaTeX multicite
   * (`\cites[p.~3]{a}[5]{b}`) it runs from the first list to the end of the last one, so that a
   * cursor in any of its lists joins the last one.
   */
  listStart: number;
  listEnd: number;
  /** The keys, in order; never `*` (see `all`). */
  keys: CitedKey[];
  /** False for a bare `@key` outside brackets in Markdown, which `[@…]` templates do not join. */
  bracketed: boolean;
  /** LaTeX multicites only: each `{…}` list of keys, in order (`keys` has the keys of all of them). */
  lists?: KeyList[];
  /**
   * Present when the citation cites every entry of the bibliography: `\nocite{*}` (a `*` among
   * the keys of any LaTeX list) or pandoc's `@*`. The `*` is then not among `keys`.
   */
  all?: true;
}

let work = 0;
/**
 * How many characters the scanners have read since the module was loaded: a test hook, to check
 * that a scan's work grows linearly with the text however damaged it is, without a wall clock.
 */
export function scanWork(): number {
  return work;
}

const TAB = 9, LF = 10, CR = 13, SPACE = 32, DQUOTE = 34, HASH = 35, DOLLAR = 36, PERCENT = 37, AMP = 38, QUOTE = 39;
const LPAREN = 40, RPAREN = 41, STAR = 42, COMMA = 44, DASH = 45, DOT = 46, SLASH = 47, COLON = 58, SEMI = 59;
const LT = 60, GT = 62, AT = 64, LBRACKET = 91, BACKSLASH = 92, RBRACKET = 93, CARET = 94, UNDERSCORE = 95;
const BACKTICK = 96, LBRACE = 123, RBRACE = 125, TILDE = 126, BANG = 33, EQUALS = 61;

const isBlank = (c: number) => c === SPACE || c === TAB || c === CR;
const isWhite = (c: number) => c === SPACE || c === TAB || c === CR || c === LF;
const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number) => c >= 48 && c <= 57;

/** The index of the line break ending the line at `i`, or the text's length. */
function lineEnd(text: string, i: number): number {
  const n = text.indexOf('\n', i);
  work += (n < 0 ? text.length : n) - i;
  return n < 0 ? text.length : n;
}

/**
 * `text.indexOf(needle, from)`, remembering its last answer so that many searches from
 * increasing positions for a needle that is far away (or absent) read the text once.
 */
class Finder {
  private readonly memo = new Map<string, { from: number; at: number }>();
  constructor(private readonly text: string) {}
  find(needle: string, from: number): number {
    const last = this.memo.get(needle);
    if (last && last.from <= from && (last.at < 0 || last.at >= from)) return last.at;
    const at = this.text.indexOf(needle, from);
    work += (at < 0 ? this.text.length : at) - from;
    this.memo.set(needle, { from, at });
    return at;
  }
}

// ---------------------------------------------------------------------------------------------
// LaTeX: TeX's tokenizer and the argument parsing of biblatex's and natbib's cite commands.

/** biblatex's multicite commands: `(pre)(post)` then `[pre][post]{keys}` repeated. */
const LATEX_MULTI = new Set(['cites', 'Cites', 'parencites', 'Parencites', 'footcites', 'Footcites', 'footcitetexts', 'Footcitetexts',
  'smartcites', 'Smartcites', 'textcites', 'Textcites', 'supercites', 'autocites', 'Autocites']);
/** biblatex's volume citations: `[pre]{volume}[page]{key}`. */
const LATEX_VOL = new Set(['volcite', 'Volcite', 'pvolcite', 'Pvolcite', 'fvolcite', 'Fvolcite', 'ftvolcite', 'Ftvolcite',
  'svolcite', 'Svolcite', 'tvolcite', 'Tvolcite', 'avolcite', 'Avolcite']);
const LATEX_MULTIVOL = new Set([...LATEX_VOL].map(name => `${name}s`));
/** The cite commands of biblatex (with natbib=true) and natbib: `\cmd*[pre][post]{keys}`. */
const LATEX_CITE = new Set(['cite', 'Cite', 'parencite', 'Parencite', 'footcite', 'Footcite', 'footcitetext', 'Footcitetext',
  'textcite', 'Textcite', 'smartcite', 'Smartcite', 'autocite', 'Autocite', 'supercite', 'citeauthor', 'Citeauthor',
  'citetitle', 'Citetitle', 'citeyear', 'citedate', 'citeurl', 'fullcite', 'footfullcite', 'notecite', 'Notecite',
  'pnotecite', 'Pnotecite', 'fnotecite', 'Fnotecite', 'citename', 'citelist', 'citefield', 'citet', 'Citet', 'citep',
  'Citep', 'citealt', 'Citealt', 'citealp', 'Citealp', 'citeyearpar', 'citefullauthor', 'Citefullauthor', 'citenum',
  'citetalias', 'citepalias']);
/**
 * Commands whose name has "cite" in it but that take no keys: natbib's `\citetext{…}`, styles,
 * settings, switches and definitions. Any other `\…cite…` command (`\citeA`, `\shortcite`, a
 * user's `\mycite`) is read like `\cite`.
 */
const NOT_A_CITE = /^(?:[cC]ite(?:text|style|setup|reset|punct|left|right|form|numfont|dash|sep|delim|pagesep|yeardelim|namedelim|alias(?:font)?)|(?:[Dd]eclare|[Dd]efine|def|new|renew|[Pp]rovide|[Uu]ndeclare|bib|Bib|set|Set|if|show)[A-Za-z]*)$|(?:true|false)$/;
/** Environments whose content TeX does not read as commands. */
const LATEX_VERBATIM = new Set(['verbatim', 'verbatim*', 'Verbatim', 'Verbatim*', 'BVerbatim', 'BVerbatim*', 'LVerbatim', 'LVerbatim*',
  'lstlisting', 'minted', 'comment', 'filecontents', 'filecontents*']);
/** Conditionals that are macros (etoolbox, ifthen), not TeX's: a skipped `\iffalse` branch does not count them. */
const NOT_A_CONDITIONAL = /^if(?:thenelse|def|undef|csdef|csundef|defmacro|csmacro|defparam|csparam|defprefix|csprefix|defprotected|csprotected|defltxprotect|csltxprotect|defempty|csempty|defvoid|csvoid|defequal|csequal|defstring|csstring|defstrequal|csstrequal|defcounter|cscounter|ltxcounter|deflength|cslength|defdimen|csdimen|bool|boolexpr|boolexpe|toggle|numcomp|numequal|numgreater|numless|numodd|dimcomp|dimequal|dimgreater|dimless|strequal|strempty|blank|inlist|inlistcs|patchable|patchable\*|rmnum|defined@|blx[A-Za-z]*)$/;

type LatexShape = 'cite' | 'multi' | 'vol' | 'multivol' | 'nocite';

function latexShape(name: string): LatexShape | undefined {
  if (name === 'nocite') return 'nocite';
  if (LATEX_CITE.has(name)) return 'cite';
  if (LATEX_MULTI.has(name)) return 'multi';
  if (LATEX_VOL.has(name)) return 'vol';
  if (LATEX_MULTIVOL.has(name)) return 'multivol';
  return /[cC]ite/.test(name) && !NOT_A_CITE.test(name) ? 'cite' : undefined;
}

/**
 * After the line break at `i`: where TeX reads on (the next line's leading blanks skipped), or
 * -1 when that line is blank, which TeX reads as a paragraph break (`\par`).
 */
function afterLineBreak(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length && isBlank(text.charCodeAt(j))) j++;
  work += j - i;
  return j < text.length && text.charCodeAt(j) === LF ? -1 : j;
}

/**
 * What TeX skips before a command's next argument: blanks, one line break, comments. Returns the
 * index of the next token, or -1 when a paragraph break comes first.
 */
function texSkip(text: string, i: number): number {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isBlank(c)) { i++; work++; continue; }
    if (c === PERCENT) {
      i = lineEnd(text, i);
      if (i >= n) return n;
    } else if (c !== LF) return i;
    i = afterLineBreak(text, i);
    if (i < 0) return -1;
  }
  return n;
}

/**
 * Where TeX's groups end: `{…}` by nesting; `[…]` and `(…)`, a command's delimited arguments, at
 * the first `]` or `)` outside braces. Comments and escaped characters do not count, and a
 * paragraph break or a `}` that closes nothing ends a group unclosed. With `verbatim`, the
 * argument of `\url`: `%` and `\` are plain characters and the group must close on its line.
 * Each scan records every group it passes, so no character is read twice.
 */
class TexGroups {
  private readonly ends = new Map<number, number>();
  constructor(private readonly text: string, private readonly verbatim = false) {}

  /** The index just past the group opened at `open`, or -1 when it is not closed. */
  end(open: number): number {
    let e = this.ends.get(open);
    if (e === undefined) {
      this.scan(open);
      e = this.ends.get(open) ?? -1;
    }
    return e;
  }

  private scan(p: number): void {
    const { text, ends, verbatim } = this;
    const opener = text.charCodeAt(p);
    const braces: number[] = [];
    const brackets: number[][] = [[]];
    const parens: number[][] = [[]];
    const close = (list: number[], at: number) => { for (const o of list) ends.set(o, at); list.length = 0; };
    const failAll = () => {
      for (const o of braces) ends.set(o, -1);
      for (const list of brackets) close(list, -1);
      for (const list of parens) close(list, -1);
    };
    let depth = 0;
    for (let i = p; i < text.length; i++) {
      work++;
      const c = text.charCodeAt(i);
      if (c === BACKSLASH && !verbatim) i++;
      else if (c === PERCENT && !verbatim) i = lineEnd(text, i) - 1;
      else if (c === LF) {
        if (verbatim || afterLineBreak(text, i) < 0) return failAll();
      } else if (c === LBRACE) {
        braces.push(i);
        depth++;
        brackets[depth] = [];
        parens[depth] = [];
      } else if (c === RBRACE) {
        if (depth === 0) {
          close(brackets[0], -1);
          close(parens[0], -1);
          return;
        }
        close(brackets[depth], -1);
        close(parens[depth], -1);
        ends.set(braces.pop()!, i + 1);
        if (--depth === 0 && opener === LBRACE) return;
      } else if (c === LBRACKET) brackets[depth].push(i);
      else if (c === RBRACKET) {
        close(brackets[depth], i + 1);
        if (depth === 0 && opener === LBRACKET) return;
      } else if (c === LPAREN) parens[depth].push(i);
      else if (c === RPAREN) {
        close(parens[depth], i + 1);
        if (depth === 0 && opener === LPAREN) return;
      }
    }
    failAll();
  }
}

/**
 * The keys of a list as biblatex reads them (etoolbox's `\forcsvlist`): split at commas outside
 * braces, blanks trimmed, empty items dropped, comments removed, runs of spaces and line breaks
 * read as one space. A key with `#` (a macro parameter, as in a `\newcommand` body) is no key.
 * Returns whether a `*` ("every entry") was among them.
 */
function texKeys(text: string, from: number, to: number, keys: CitedKey[]): boolean {
  let all = false;
  let key = '';
  let start = -1;
  let end = -1;
  let space = false;
  let depth = 0;
  const flush = () => {
    if (start >= 0) {
      if (key === '*') all = true;
      else if (!key.includes('#')) keys.push({ key, start, end });
    }
    key = '';
    start = -1;
    space = false;
  };
  for (let i = from; i < to; i++) {
    work++;
    const c = text.charCodeAt(i);
    if (c === PERCENT) {
      // The comment, its line break and the next line's leading blanks are nothing to TeX.
      i = lineEnd(text, i);
      while (i + 1 < to && isBlank(text.charCodeAt(i + 1))) i++;
      continue;
    }
    if (isWhite(c)) {
      space = start >= 0;
      continue;
    }
    if (c === COMMA && depth === 0) {
      flush();
      continue;
    }
    if (c === LBRACE) depth++;
    else if (c === RBRACE) depth--;
    if (start < 0) start = i;
    else if (space) key += ' ';
    space = false;
    key += text[i];
    if (c === BACKSLASH && i + 1 < to) key += text[++i];
    end = i + 1;
  }
  flush();
  return all;
}

interface TexList extends KeyList {
  /** The index just past the list's `}` (or, unclosed, the end of its line). */
  end: number;
  closed: boolean;
}

/**
 * One group of a cite command from `i` (its first token): `[pre][post]{keys}` with up to
 * `optional` bracketed arguments, or with `volume`, `[pre]{volume}[page]{keys}` (a volume is
 * one token or a braced group). A list still being typed, not closed, runs to the end of its
 * line if nothing on that line could close it.
 */
function texKeyList(text: string, groups: TexGroups, i: number, optional: number, volume: boolean): TexList | undefined {
  const skipOptional = () => {
    const e = groups.end(i);
    if (e < 0) return false;
    i = texSkip(text, e);
    return i >= 0;
  };
  if (volume) {
    if (text.charCodeAt(i) === LBRACKET && !skipOptional()) return undefined;
    const c = text.charCodeAt(i);
    let next: number;
    if (c === LBRACE) next = groups.end(i);
    else if (c === BACKSLASH) {
      next = i + 1;
      if (isAsciiLetter(text.charCodeAt(next))) while (isAsciiLetter(text.charCodeAt(next))) next++;
      else next++;
    } else next = i < text.length && c !== RBRACE ? i + 1 : -1;
    if (next < 0) return undefined;
    i = texSkip(text, next);
    if (i < 0) return undefined;
    if (text.charCodeAt(i) === LBRACKET && !skipOptional()) return undefined;
  } else {
    for (let n = 0; n < optional && text.charCodeAt(i) === LBRACKET; n++) if (!skipOptional()) return undefined;
  }
  if (text.charCodeAt(i) !== LBRACE) return undefined;
  const e = groups.end(i);
  if (e >= 0) return { listStart: i + 1, listEnd: e - 1, end: e, closed: true };
  let end = i + 1;
  for (; end < text.length; end++) {
    const c = text.charCodeAt(end);
    if (c === LF) break;
    if (c === LBRACE || c === RBRACE || c === BACKSLASH) return undefined;
  }
  work += end - i;
  if (text.charCodeAt(end - 1) === CR) end--;
  return { listStart: i + 1, listEnd: end, end, closed: false };
}

/** The citation of the cite command `\name` at `at` (its name ends at `nameEnd`), if its arguments are there. */
function texCitation(text: string, groups: TexGroups, at: number, nameEnd: number, shape: LatexShape): Citation | undefined {
  let i = texSkip(text, nameEnd);
  if (i < 0) return undefined;
  // \@ifstar, like \@ifnextchar, skips blanks before the star.
  if (shape !== 'nocite' && text.charCodeAt(i) === STAR) i = texSkip(text, i + 1);
  if (i < 0) return undefined;
  const lists: TexList[] = [];
  if (shape === 'multi' || shape === 'multivol') {
    for (let n = 0; n < 2 && text.charCodeAt(i) === LPAREN; n++) {
      const e = groups.end(i);
      if (e < 0) return undefined;
      i = texSkip(text, e);
      if (i < 0) return undefined;
    }
    // biblatex takes every `[` or `{` that follows as one more group (blanks and one line break between).
    for (;;) {
      const c = text.charCodeAt(i);
      if (c !== LBRACKET && c !== LBRACE) break;
      const list = texKeyList(text, groups, i, 2, shape === 'multivol');
      if (!list) break;
      lists.push(list);
      if (!list.closed) break;
      i = texSkip(text, list.end);
      if (i < 0) break;
    }
  } else {
    const list = texKeyList(text, groups, i, shape === 'nocite' ? 0 : 2, shape === 'vol');
    if (list) lists.push(list);
  }
  if (!lists.length) return undefined;
  const keys: CitedKey[] = [];
  let all = false;
  for (const list of lists) if (texKeys(text, list.listStart, list.listEnd, keys)) all = true;
  const last = lists[lists.length - 1];
  // A key joins the last list; the lists before it count as inside too, unless the last one is
  // still empty (then a key goes into it, not after a "}{").
  const blankLast = !text.slice(last.listStart, last.listEnd).trim();
  const citation: Citation = {
    syntax: 'latex', start: at, end: last.end, listStart: blankLast ? last.listStart : lists[0].listStart, listEnd: last.listEnd,
    keys, bracketed: true,
  };
  if (lists.length > 1) citation.lists = lists.map(l => ({ listStart: l.listStart, listEnd: l.listEnd }));
  if (all) citation.all = true;
  return citation;
}

/** After `\verb` at `i`: the index past its argument, `\verb*|…|` or `\verb+…+`, which ends on its line. */
function skipVerb(text: string, i: number): number {
  if (text.charCodeAt(i) === STAR) i++;
  const delimiter = text.charCodeAt(i);
  if (Number.isNaN(delimiter) || delimiter === LF) return i;
  let j = i + 1;
  while (j < text.length && text.charCodeAt(j) !== delimiter && text.charCodeAt(j) !== LF) j++;
  work += j - i;
  return text.charCodeAt(j) === delimiter ? j + 1 : j;
}

/** After `\url` (and the like) at `i`: the index past its verbatim argument, `{…}` or `|…|`. */
function skipUrl(text: string, urls: TexGroups, i: number): number {
  while (isBlank(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === LBRACE) {
    const e = urls.end(i);
    return e < 0 ? i : e;
  }
  return i < text.length && !isWhite(text.charCodeAt(i)) ? skipVerb(text, i) : i;
}

/** After `\lstinline`, `\mintinline` or `\mint` at `i`: the index past the code, `[opts]`, `{lang}` then `{code}` or `|code|`. */
function skipInlineCode(text: string, groups: TexGroups, urls: TexGroups, i: number, language: boolean): number {
  if (text.charCodeAt(i) === LBRACKET) {
    const e = groups.end(i);
    if (e > 0) i = e;
  }
  if (language && text.charCodeAt(i) === LBRACE) {
    const e = groups.end(i);
    if (e > 0) i = e;
  }
  return skipUrl(text, urls, i);
}

/**
 * After `\begin` at `i`: the index past a verbatim environment, or -1 for any other. The comment
 * package reads `comment` by lines: the rest of the `\begin` line is dropped, and the environment
 * ends only at a line that is `\end{comment}` alone (blanks after it allowed).
 */
function skipVerbatimEnvironment(text: string, finder: Finder, i: number): number {
  i = texSkip(text, i);
  if (i < 0 || text.charCodeAt(i) !== LBRACE) return -1;
  let close = i + 1;
  while (close < text.length && close - i <= 40 && text.charCodeAt(close) !== RBRACE) close++;
  if (text.charCodeAt(close) !== RBRACE) return -1;
  const name = text.slice(i + 1, close);
  if (!LATEX_VERBATIM.has(name)) return -1;
  if (name === 'comment') {
    for (let from = close; ;) {
      const end = finder.find('\n\\end{comment}', from);
      if (end < 0) return text.length;
      const after = lineEnd(text, end + 1);
      if (blankLine(text.slice(end + 14, after))) return after;
      from = end + 1;
    }
  }
  const marker = `\\end{${name}}`;
  const end = finder.find(marker, close + 1);
  return end < 0 ? text.length : end + marker.length;
}

/**
 * After `\iffalse` at `i`: where TeX reads on, past the matching `\else` or `\fi`. TeX skips
 * the branch counting the conditionals in it (`\if…` primitives and `\newif` switches), not
 * looking into comments.
 */
function skipFalseBranch(text: string, i: number): number {
  let depth = 0;
  while (i < text.length) {
    work++;
    const c = text.charCodeAt(i);
    if (c === PERCENT) {
      i = lineEnd(text, i);
      continue;
    }
    if (c !== BACKSLASH) {
      i++;
      continue;
    }
    let k = i + 1;
    while (k < text.length && isAsciiLetter(text.charCodeAt(k))) k++;
    work += k - i;
    if (k === i + 1) {
      i += 2;
      continue;
    }
    const name = text.slice(i + 1, k);
    i = k;
    if (name === 'fi') {
      if (depth-- === 0) return i;
    } else if (name === 'else' && depth === 0) return i;
    else if (name.startsWith('if') && !NOT_A_CONDITIONAL.test(name)) depth++;
  }
  return i;
}

/**
 * Every citation in a LaTeX text, as biblatex and natbib read it: nothing in `%` comments,
 * `\verb`, `\url`, verbatim environments (verbatim, lstlisting, minted, comment…), an
 * `\iffalse` branch, or after `\end{document}`.
 */
function scanLatex(text: string): Citation[] {
  const found: Citation[] = [];
  const groups = new TexGroups(text);
  const urls = new TexGroups(text, true);
  const finder = new Finder(text);
  const n = text.length;
  let i = 0;
  while (i < n) {
    let j = i;
    for (; j < n; j++) {
      const c = text.charCodeAt(j);
      if (c === BACKSLASH || c === PERCENT) break;
    }
    work += j - i;
    if (j >= n) break;
    if (text.charCodeAt(j) === PERCENT) {
      i = lineEnd(text, j);
      continue;
    }
    let k = j + 1;
    while (k < n && isAsciiLetter(text.charCodeAt(k))) k++;
    work += k - j;
    if (k === j + 1) {
      // A control symbol: \%, \\, \{ are no comment, no command.
      i = j + 2;
      continue;
    }
    const name = text.slice(j + 1, k);
    i = k;
    switch (name) {
      case 'verb': i = skipVerb(text, k); continue;
      case 'url': case 'path': case 'nolinkurl': case 'href': i = skipUrl(text, urls, k); continue;
      case 'lstinline': i = skipInlineCode(text, groups, urls, k, false); continue;
      case 'mintinline': case 'mint': i = skipInlineCode(text, groups, urls, k, true); continue;
      case 'iffalse': i = skipFalseBranch(text, k); continue;
      case 'begin': {
        const e = skipVerbatimEnvironment(text, finder, k);
        if (e >= 0) i = e;
        continue;
      }
      case 'end': {
        const e = texSkip(text, k);
        if (e >= 0 && text.startsWith('{document}', e)) return found;
        continue;
      }
    }
    const shape = latexShape(name);
    if (!shape) continue;
    const citation = texCitation(text, groups, j, k, shape);
    if (citation) {
      found.push(citation);
      i = citation.end;
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Markdown, Quarto and R Markdown, as pandoc reads them: first the blocks (what is code, front
// matter, raw HTML or TeX, and what is text), then the inlines of each block of text.

/** A line of a container's content: `text.slice(at, at + s.length) === s` (the container's prefix, `> ` or a list item's indent, is not in it). */
interface MdLine {
  at: number;
  s: string;
}

interface MdDoc {
  /** The runs of lines whose inlines pandoc parses (paragraphs, headings, table rows…), in order. */
  regions: MdLine[][];
  /** Link reference labels, normalized as pandoc compares them. */
  refs: Set<string>;
  /**
   * Example list labels `(@good)`, each with where it is first defined: a bare `@good` refers to
   * the example, it is no citation (unless, written before the example, a bracket follows it:
   * pandoc then reads `@good [p. 3]` as a citation).
   */
  examples: Map<string, number>;
  finder: Finder;
  /** For each fence character, the shortest fence that was searched for in vain from some line on. */
  noFence: Map<string, { from: number; length: number }>;
}

const mdLabel = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();
const blankLine = (s: string) => {
  for (let i = 0; i < s.length; i++) if (!isBlank(s.charCodeAt(i))) return false;
  return true;
};

/** The columns and characters of a line's leading blanks (a tab goes to the next multiple of 4). */
function indentOf(s: string): { cols: number; chars: number } {
  let cols = 0;
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === SPACE) cols++;
    else if (c === TAB) cols = cols - (cols % 4) + 4;
    else break;
  }
  return { cols, chars: i };
}

/** The line without up to `cols` columns of leading blanks. */
function dedent(line: MdLine, cols: number): MdLine {
  let col = 0;
  let i = 0;
  while (i < line.s.length && col < cols) {
    const c = line.s.charCodeAt(i);
    if (c === SPACE) col++;
    else if (c === TAB) col = col - (col % 4) + 4;
    else break;
    i++;
  }
  return i ? { at: line.at + i, s: line.s.slice(i) } : line;
}

/**
 * The list marker at `p` (after at most three blanks): where the item's content starts, in
 * columns, and an example label. pandoc's markers: `-`, `+`, `*`, `1.`, `1)`, `(1)`, `#.`,
 * `a.`, `A)`, `iv.`, and the example list's `(@label)`, `@label.` and `@label)`.
 */
function listMarker(s: string, p: number, cols: number): { content: number; first: number; example?: string } | undefined {
  const m = /^(?:[-+*]|(?:\d{1,9}|#|[a-zA-Z]|[ivxlcdmIVXLCDM]+|@[\p{L}\p{N}_-]*)[.)]|\((?:\d{1,9}|#|[a-zA-Z]|[ivxlcdmIVXLCDM]+|@[\p{L}\p{N}_-]*)\))(?=[ \t\r]|$)/u.exec(s.slice(p, p + 80));
  if (!m) return undefined;
  const marker = m[0];
  // "A. Smith" is a name: a capital letter with a period needs two spaces to be a marker.
  if (/^[A-Z]\.$/.test(marker) && !/^ {2}|^\t|^[ \t]*\r?$/.test(s.slice(p + 2))) return undefined;
  const after = indentOf(s.slice(p + marker.length));
  const rest = s.slice(p + marker.length + after.chars);
  // One to four blanks after the marker; with five or more, the content is indented code.
  const wide = after.cols >= 5 && rest !== '' && rest !== '\r';
  const gap = rest === '' || rest === '\r' || wide ? 1 : after.cols;
  const example = /^\(?@([\p{L}\p{N}_-]*)[.)]$/u.exec(marker)?.[1];
  // An example list's items continue at four columns, whatever the marker's width.
  return { content: example === undefined ? cols + marker.length + gap : 4, first: p + marker.length + (wide ? 1 : after.chars), example };
}

/** A line that is one block-level HTML tag, opening or closing (pandoc's isBlockTag). */
const HTML_BLOCK_LINE = /^<\/?(?:address|article|aside|blockquote|body|center|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hgroup|hr|html|li|main|menu|nav|ol|p|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)(?:\s[^<>]*)?\/?>[ \t\r]*$/i;

const YAML_KEY = /^(?:[^\s#:'"[\]{}|>][^:]*|"[^"]*"|'[^']*'):(?:[ \t]|\r?$)/;

/** A heading's text without its closing #s and its attributes `{#id .class}`. */
function headingText(s: string): string {
  let end = s.length;
  while (end > 0 && isBlank(s.charCodeAt(end - 1))) end--;
  if (s.charCodeAt(end - 1) === RBRACE) {
    const open = s.lastIndexOf('{', end - 1);
    if (open > 0 && isBlank(s.charCodeAt(open - 1)) && s.indexOf('}', open) === end - 1) {
      end = open;
      while (end > 0 && isBlank(s.charCodeAt(end - 1))) end--;
    }
  }
  let hashes = end;
  while (hashes > 0 && s.charCodeAt(hashes - 1) === HASH) hashes--;
  if (hashes < end && (hashes === 0 || isBlank(s.charCodeAt(hashes - 1)))) end = hashes;
  return s.slice(0, end);
}

/**
 * How deep containers (block quotes, list items) nest before the rest is read as plain text:
 * each level reads its lines again, and no stack may overflow.
 */
const MAX_DEPTH = 10;

/** Parses the blocks of one container's lines, collecting the regions of text. */
function mdBlocks(doc: MdDoc, lines: MdLine[], inList: boolean, top: boolean, depth = 0): void {
  let para: MdLine[] | null = null;
  let paraLines = 0;
  let lastParaLines = 0;
  const flush = () => {
    if (para) doc.regions.push(para);
    lastParaLines = para ? paraLines : 0;
    para = null;
    paraLines = 0;
  };
  /** The lines of a list item or a footnote from line `i` (its first line's content given). */
  const itemLines = (i: number, first: MdLine, content: number): { lines: MdLine[]; next: number } => {
    const item: MdLine[] = [first];
    let j = i + 1;
    // The item's first paragraph: lazy lines until a blank line or another marker.
    while (j < lines.length && !blankLine(lines[j].s)) {
      const ind = indentOf(lines[j].s);
      if (ind.cols < content && ind.cols <= 3 && listMarker(lines[j].s, ind.chars, ind.cols)) break;
      item.push(dedent(lines[j], content));
      j++;
    }
    // Then blocks indented to the content, after blank lines.
    for (;;) {
      let k = j;
      while (k < lines.length && blankLine(lines[k].s)) k++;
      if (k >= lines.length || indentOf(lines[k].s).cols < content) break;
      for (; j < k; j++) item.push({ at: lines[j].at, s: '' });
      while (j < lines.length && !blankLine(lines[j].s)) {
        const ind = indentOf(lines[j].s);
        if (ind.cols < content && ind.cols <= 3 && listMarker(lines[j].s, ind.chars, ind.cols)) break;
        item.push(dedent(lines[j], content));
        j++;
      }
    }
    return { lines: item, next: j };
  };
  /** The line where `marker` is found at or after `from` in line `i`, and the index just past it in that line's text. */
  const findAcross = (i: number, from: number, marker: string): { line: number; after: number } | undefined => {
    const abs = doc.finder.find(marker, lines[i].at + from);
    if (abs < 0) return undefined;
    for (let j = i; j < lines.length; j++) {
      const { at, s } = lines[j];
      if (abs < at) return undefined;
      if (abs + marker.length <= at + s.length) return { line: j, after: abs - at + marker.length };
      work++;
    }
    return undefined;
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const s = line.s;
    work += s.length + 1;
    if (blankLine(s)) {
      flush();
      i++;
      continue;
    }
    const { cols, chars: p } = indentOf(s);
    if (!para && cols >= 4) {
      // Indented code: indented lines, with blank lines between them.
      let j = i + 1;
      for (;;) {
        let k = j;
        while (k < lines.length && blankLine(lines[k].s)) k++;
        if (k < lines.length && indentOf(lines[k].s).cols >= 4) j = k + 1;
        else break;
      }
      flush();
      i = j;
      continue;
    }
    const c = s.charCodeAt(p);
    const rest = s.slice(p);
    // Fenced code: a closing fence is needed, else the line is text.
    if ((c === BACKTICK || c === TILDE) && cols <= 3 && !(para && c === TILDE)) {
      // After the fence: its attributes ({…}) or one word (backticks allowed), nothing else.
      const fence = /^(`{3,}|~{3,})[ \t]*(?:\{[^}\n]*\}|\S+)?[ \t\r]*$/.exec(rest)?.[1];
      if (fence) {
        const memo = doc.noFence.get(fence[0]);
        let close = -1;
        if (!(memo && memo.from <= i && memo.length <= fence.length)) {
          for (let j = i + 1; j < lines.length; j++) {
            const t = lines[j].s.trimStart();
            work += lines[j].s.length;
            if (t.startsWith(fence) && (c === BACKTICK ? /^`+[ \t\r]*$/ : /^~+[ \t\r]*$/).test(t) && indentOf(lines[j].s).cols <= 3) {
              close = j;
              break;
            }
          }
          if (close < 0) doc.noFence.set(fence[0], { from: i, length: fence.length });
        }
        if (close >= 0) {
          flush();
          i = close + 1;
          continue;
        }
      }
    }
    if (!para && cols <= 3) {
      // A YAML metadata block: "---" not followed by a blank line, a mapping, closed by "---" or "...".
      if (top && p === 0 && /^---[ \t\r]*$/.test(s) && i + 1 < lines.length && !blankLine(lines[i + 1].s)) {
        let j = i + 1;
        while (j < lines.length && !/^(?:---|\.\.\.)[ \t\r]*$/.test(lines[j].s)) j++;
        const first = lines.slice(i + 1, j).find(l => !/^[ \t]*(?:#|\r?$)/.test(l.s));
        if (j < lines.length && (!first || YAML_KEY.test(first.s))) {
          i = j + 1;
          continue;
        }
      }
      // An ATX heading: its text, without closing #s and attributes.
      const heading = /^#{1,6}(?=[ \t\r]|$)/.exec(rest);
      if (heading) {
        doc.regions.push([{ at: line.at + p + heading[0].length, s: headingText(s.slice(p + heading[0].length)) }]);
        lastParaLines = 0;
        i++;
        continue;
      }
      // A horizontal rule.
      if (/^([-*_])(?:[ \t]*\1){2,}[ \t\r]*$/.test(rest)) {
        lastParaLines = 0;
        i++;
        continue;
      }
      // A block quote: its lines without ">", lazy lines included, parsed as blocks.
      if (c === GT && depth < MAX_DEPTH) {
        const quote: MdLine[] = [];
        let j = i;
        while (j < lines.length && !blankLine(lines[j].s)) {
          const ind = indentOf(lines[j].s);
          if (ind.cols <= 3 && lines[j].s.charCodeAt(ind.chars) === GT) {
            const skip = ind.chars + (lines[j].s.charCodeAt(ind.chars + 1) === SPACE ? 2 : 1);
            quote.push({ at: lines[j].at + skip, s: lines[j].s.slice(skip) });
          } else quote.push(lines[j]);
          j++;
        }
        mdBlocks(doc, quote, false, false, depth + 1);
        lastParaLines = 0;
        i = j;
        continue;
      }
      // A footnote: its text and the blocks indented under it.
      const note = depth < MAX_DEPTH ? /^\[\^[^\]\s]+\]:[ \t]*/.exec(rest) : null;
      if (note) {
        const item = itemLines(i, { at: line.at + p + note[0].length, s: s.slice(p + note[0].length) }, 4);
        mdBlocks(doc, item.lines, false, false, depth + 1);
        lastParaLines = 0;
        i = item.next;
        continue;
      }
      // A link reference definition (pandoc reads a label with a citation in it as text).
      const ref = /^\[((?:[^[\]\\]|\\.){1,999})\]:/.exec(rest);
      if (ref && !ref[1].includes('@')) {
        doc.refs.add(mdLabel(ref[1]));
        i++;
        if (i < lines.length && /^[ \t]*["'(]/.test(lines[i].s) && !/\]:/.test(lines[i].s)) i++;
        lastParaLines = 0;
        continue;
      }
      // Raw HTML and TeX over several lines: a comment, <pre>/<script>/<style>/<textarea>, \begin{…}…\end{…}.
      const raw = /^(?:<!--|<(pre|script|style|textarea)(?=[\s>])|\\begin\{([^{}\n]{1,40})\})/i.exec(rest);
      if (raw) {
        const marker = raw[1] ? `</${raw[1]}` : raw[2] ? `\\end{${raw[2]}}` : '-->';
        const from = p + raw[0].length;
        const sameLine = raw[1] ? s.toLowerCase().indexOf(marker.toLowerCase(), from) : s.indexOf(marker, from);
        if (sameLine < 0) {
          const end = raw[1] ? findAcross(i, from, marker) ?? findAcross(i, from, marker.toUpperCase()) : findAcross(i, from, marker);
          if (end && end.line > i) {
            const tail = lines[end.line].s.slice(end.after);
            const after = raw[1] ? tail.slice(tail.indexOf('>') + 1) : tail;
            lastParaLines = 0;
            if (blankLine(after)) i = end.line + 1;
            else {
              lines[end.line] = { at: lines[end.line].at + lines[end.line].s.length - after.length, s: after };
              i = end.line;
              para = [];
            }
            continue;
          }
        }
      }
    }
    if (cols <= 3 && c === LT && HTML_BLOCK_LINE.test(rest)) {
      // A block-level HTML tag alone on its line: what follows starts a new block.
      flush();
      i++;
      continue;
    }
    if (cols <= 3) {
      // A setext heading's underline, or a fenced div's fence.
      if (para && /^(?:=+|-+)[ \t\r]*$/.test(rest)) {
        flush();
        i++;
        continue;
      }
      if (/^:{3,}/.test(rest)) {
        flush();
        i++;
        continue;
      }
      // A list item (which interrupts a paragraph only inside a list), or a definition.
      const item = (!para || inList) && depth < MAX_DEPTH ? listMarker(s, p, cols) : undefined;
      const definition = item || depth >= MAX_DEPTH || !(para ? paraLines === 1 : lastParaLines === 1) ? null : /^[:~](?:[ \t]+|\r?$)/.exec(rest);
      if (item || definition) {
        if (item?.example !== undefined && !doc.examples.has(item.example)) doc.examples.set(item.example, line.at);
        flush();
        const first = item ? item.first : p + definition![0].length;
        const body = itemLines(i, { at: line.at + first, s: s.slice(first) }, item ? item.content : 4);
        mdBlocks(doc, body.lines, true, false, depth + 1);
        lastParaLines = 0;
        i = body.next;
        continue;
      }
    }
    if (!para) para = [];
    para.push(line);
    paraLines++;
    i++;
  }
  flush();
}

/** The Markdown document's blocks: its regions of text, link labels and example labels. */
function mdDocument(text: string): MdDoc {
  const doc: MdDoc = { regions: [], refs: new Set(), examples: new Map(), finder: new Finder(text), noFence: new Map() };
  const lines: MdLine[] = [];
  for (let at = 0; at <= text.length;) {
    const end = lineEnd(text, at);
    lines.push({ at, s: text.slice(at, end) });
    at = end + 1;
  }
  mdBlocks(doc, lines, false, true);
  return doc;
}

const ALNUM = /[\p{L}\p{N}]/u;
/** ASCII letters and digits. */
const ASCII_ALNUM = new Uint8Array(128).map((_, c) => (isDigit(c) || isAsciiLetter(c) ? 1 : 0));
/** The characters that open or close a group for MdGroups (and blanks, which end `@{…}` keys). */
const GROUP_SPECIAL = new Uint8Array(128).map((_, c) => ('\\`[](){}$'.includes(String.fromCharCode(c)) ? 1 : 0));
const GROUP_SPECIAL_KEYED = new Uint8Array(128).map((_, c) => ('\\`[](){}$ \t\r\n'.includes(String.fromCharCode(c)) ? 1 : 0));
/** The ASCII characters where something may begin for pandoc's inline parser; the rest is plain text. */
const MD_SPECIAL = new Uint8Array(128).map((_, c) => ('\\`$<[];@*_&'.includes(String.fromCharCode(c)) ? 1 : 0));
/** The width (1 or 2 UTF-16 units) of the letter or digit at `i`, or 0: Haskell's isAlphaNum, which pandoc uses. */
function alnumAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 128) return ASCII_ALNUM[c];
  if (Number.isNaN(c)) return 0;
  const cp = s.codePointAt(i)!;
  return ALNUM.test(String.fromCodePoint(cp)) ? (cp > 0xffff ? 2 : 1) : 0;
}

/** pandoc's citation key: a letter, digit, `_` (or `*`), then those and internal punctuation. */
const MD_KEY = /[\p{L}\p{N}_*](?:[\p{L}\p{N}_]|[:.#$%&\-+?<>~/](?=[\p{L}\p{N}_])|[:/](?=\/))*/uy;
const MD_ENTITY = /&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/y;
const MD_AUTOLINK = /<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[^\s<>@]+@[^\s<>]+)>/y;
const HTML_VERBATIM = new Set(['pre', 'script', 'style', 'textarea']);

/** A key found in a region of Markdown, with region-local offsets. */
interface MdKey {
  key: string;
  /** Whether a bracket follows (`@key [p. 3]`), which pandoc reads as part of the citation. */
  bracketAfter?: boolean;
  /** The `@`. */
  at: number;
  start: number;
  end: number;
}

/** An open bracket, as the inline pass goes through it. */
interface MdFrame {
  open: number;
  /** The index just past its `]`. */
  close: number;
  /** Whether it may be a citation: not an image, a note or a footnote reference. */
  cite: boolean;
  keys: MdKey[];
  /** Whether the current `;`-part has a key, and whether every part before it had one. */
  partKey: boolean;
  partsOk: boolean;
  /** How much emphasis was open outside the bracket. */
  emphasis: number;
}

/**
 * The end of the HTML tag at `i` (`<name attrs>`, `</name>`), or -1; read by hand so that
 * a damaged tag cannot make a regular expression backtrack.
 */
function htmlTagEnd(P: string, i: number, finder: Finder): { end: number; name: string; closing: boolean } | undefined {
  let j = i + 1;
  const closing = P.charCodeAt(j) === SLASH;
  if (closing) j++;
  const nameStart = j;
  if (!isAsciiLetter(P.charCodeAt(j))) return undefined;
  while (j < P.length && (isAsciiLetter(P.charCodeAt(j)) || isDigit(P.charCodeAt(j)) || P.charCodeAt(j) === DASH)) j++;
  const name = P.slice(nameStart, j).toLowerCase();
  for (;;) {
    const start = j;
    while (j < P.length && isWhite(P.charCodeAt(j))) j++;
    work += j - start + 1;
    const c = P.charCodeAt(j);
    if (c === GT) return { end: j + 1, name, closing };
    if (c === SLASH && P.charCodeAt(j + 1) === GT) return { end: j + 2, name, closing };
    if (closing || j === start || !(isAsciiLetter(c) || c === UNDERSCORE || c === COLON)) return undefined;
    while (j < P.length && /[\w:.-]/.test(P[j])) j++;
    let k = j;
    while (k < P.length && isWhite(P.charCodeAt(k))) k++;
    if (P.charCodeAt(k) !== EQUALS) continue;
    k++;
    while (k < P.length && isWhite(P.charCodeAt(k))) k++;
    const q = P.charCodeAt(k);
    if (q === DQUOTE || q === QUOTE) {
      const e = finder.find(P[k], k + 1);
      if (e < 0) return undefined;
      j = e + 1;
    } else {
      const valueStart = k;
      while (k < P.length && !isWhite(P.charCodeAt(k)) && !/["'=<>`]/.test(P[k])) k++;
      if (k === valueStart) return undefined;
      j = k;
    }
  }
}

/** The groups of one region: code spans, brackets, parentheses, braces, `$`s, matched in one pass. */
class MdGroups {
  /** For each length, the starts of the runs of exactly that many backticks, in order. */
  private readonly runs = new Map<number, number[]>();
  readonly brackets = new Map<number, number>();
  readonly parens = new Map<number, number>();
  readonly braces = new Map<number, number>();
  /** `@{…}` keys: braces with no blank inside. */
  readonly keyBraces = new Map<number, number>();
  /** Unescaped `$`s outside code, in order. */
  readonly dollars: number[] = [];

  constructor(P: string) {
    const n = P.length;
    work += n;
    for (let i = P.indexOf('`'); i >= 0; i = P.indexOf('`', i)) {
      let j = i;
      while (j < n && P.charCodeAt(j) === BACKTICK) j++;
      const list = this.runs.get(j - i);
      if (list) list.push(i);
      else this.runs.set(j - i, [i]);
      i = j;
    }
    // `@{…}` keys need braces matched with no blank inside: only read blanks when there is one.
    const keyed = P.includes('@{');
    const brackets: number[] = [], parens: number[] = [], braces: number[] = [], keyBraces: number[] = [];
    const special = keyed ? GROUP_SPECIAL_KEYED : GROUP_SPECIAL;
    for (let i = 0; i < n; i++) {
      const c = P.charCodeAt(i);
      if (c >= 128 || special[c] === 0) continue;
      if (c === BACKSLASH) {
        if (keyed && (P.charCodeAt(i + 1) === LBRACE || P.charCodeAt(i + 1) === RBRACE)) keyBraces.length = 0;
        i++;
      } else if (c === BACKTICK) {
        let j = i;
        while (j < n && P.charCodeAt(j) === BACKTICK) j++;
        const close = this.codeClose(j, j - i);
        i = (close < 0 ? j : close + j - i) - 1;
      } else if (c === LBRACKET) brackets.push(i);
      else if (c === RBRACKET) { const o = brackets.pop(); if (o !== undefined) this.brackets.set(o, i + 1); }
      else if (c === LPAREN) parens.push(i);
      else if (c === RPAREN) { const o = parens.pop(); if (o !== undefined) this.parens.set(o, i + 1); }
      else if (c === LBRACE) { braces.push(i); if (keyed) keyBraces.push(i); }
      else if (c === RBRACE) {
        const o = braces.pop();
        if (o !== undefined) this.braces.set(o, i + 1);
        const k = keyed ? keyBraces.pop() : undefined;
        if (k !== undefined) this.keyBraces.set(k, i + 1);
      } else if (c === DOLLAR) this.dollars.push(i);
      else if (keyed && keyBraces.length) keyBraces.length = 0;
    }
  }

  /** The start of the run of exactly `length` backticks that closes a code span whose content starts at `from`, or -1. */
  codeClose(from: number, length: number): number {
    const list = this.runs.get(length);
    return list ? firstAtOrAfter(list, from) : -1;
  }

  /** The first unescaped `$` (outside code) at or after `from`, or -1. */
  nextDollar(from: number): number {
    return firstAtOrAfter(this.dollars, from);
  }
}

/** The first offset of a sorted list at or after `from` (binary search), or -1. */
function firstAtOrAfter(list: readonly number[], from: number): number {
  let lo = 0, hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length ? list[lo] : -1;
}

/**
 * The citations in one region of Markdown text, as pandoc's inline parser finds them. `P` is
 * the region's text, `abs` maps its offsets to the document's.
 */
function mdInlines(doc: MdDoc, P: string, abs: (i: number) => number, out: Citation[]): void {
  const n = P.length;
  const groups = new MdGroups(P);
  const finder = new Finder(P);
  const frames: MdFrame[] = [];
  /** The emphasis open around the current position, innermost last: its delimiter and whether it is `*` (1), `**` (2) or `***` (3). */
  const emphasis: { c: number; n: number }[] = [];

  const key = (k: MdKey): CitedKey => ({ key: k.key, start: abs(k.start), end: abs(k.end) });
  const bare = (k: MdKey) => {
    const example = doc.examples.get(k.key);
    if (example !== undefined && (example < abs(k.at) || !k.bracketAfter)) return;
    const end = P.charCodeAt(k.start - 1) === LBRACE ? k.end + 1 : k.end;
    const citation: Citation = { syntax: 'pandoc', start: abs(k.at), end: abs(end), listStart: abs(k.at), listEnd: abs(end), keys: [], bracketed: false };
    if (k.key === '*') citation.all = true;
    else citation.keys.push(key(k));
    out.push(citation);
  };
  const resolve = (f: MdFrame, whole: boolean) => {
    if (emphasis.length > f.emphasis) emphasis.length = f.emphasis;
    const next = P.charCodeAt(f.close);
    const isCite = whole && f.cite && f.keys.length > 0 && f.partsOk && f.partKey && next !== LBRACE && next !== LPAREN && next !== LBRACKET;
    if (!isCite) {
      f.keys.forEach(bare);
      return;
    }
    const citation: Citation = {
      syntax: 'pandoc', start: abs(f.open), end: abs(f.close), listStart: abs(f.open + 1), listEnd: abs(f.close - 1),
      keys: f.keys.filter(k => k.key !== '*').map(key), bracketed: true,
    };
    if (f.keys.some(k => k.key === '*')) citation.all = true;
    out.push(citation);
  };
  /** After the `]` at `close - 1`: past a link's destination, a span's attributes or a defined reference label. */
  const afterBracket = (f: MdFrame): number => {
    const i = f.close;
    const c = P.charCodeAt(i);
    if (c === LPAREN) {
      const e = groups.parens.get(i);
      if (e !== undefined && linkDestination(P, i + 1, e - 1)) return e;
    } else if (c === LBRACE) {
      const e = groups.braces.get(i);
      if (e !== undefined) return e;
    } else if (c === LBRACKET) {
      const e = groups.brackets.get(i);
      if (e !== undefined) {
        const label = P.slice(i + 1, e - 1);
        if (doc.refs.has(mdLabel(label.trim() ? label : P.slice(f.open + 1, f.close - 1)))) return e;
      }
    }
    return i;
  };

  const closings = new Map<string, { from: number; end: number }>();
  /** The index past `</name>` at or after `from`, or -1; remembered, so searches never read the text twice. */
  const closingTag = (name: string, from: number): number => {
    const last = closings.get(name);
    if (last && last.from <= from && (last.end < 0 || last.end > from)) return last.end;
    const re = new RegExp(`</${name}\\s*>`, 'gi');
    re.lastIndex = from;
    const m = re.exec(P);
    work += (m ? m.index : n) - from;
    const end = m ? m.index + m[0].length : -1;
    closings.set(name, { from, end });
    return end;
  };

  /**
   * Where the last construct the loop handled ended (a code span, a key, an entity, an emphasis
   * delimiter…), and whether it ends a string as pandoc counts them (only an emphasis closer
   * does). Between constructs is plain text, which the loop skips.
   */
  let event = -1;
  let eventStr = false;
  /** Whether a string of letters and digits ends at `i`: pandoc reads no citation right after one (an e-mail address). */
  const afterString = (i: number): boolean => {
    if (event === i) return eventStr;
    const j = i - 1;
    if (j <= event || j < 0) return false;
    const c = P.charCodeAt(j);
    if (c === DOT) {
      // "x.@a" and "x..@a" end in a one-dot string; "x...@a" in an ellipsis (pandoc's smart punctuation).
      let k = j;
      while (k > event && k >= 0 && P.charCodeAt(k) === DOT) k--;
      return (j - k) % 3 !== 0;
    }
    if (c < 128) return ASCII_ALNUM[c] === 1;
    const low = c >= 0xdc00 && c < 0xe000 && j > event + 1;
    return alnumAt(P, low ? j - 1 : j) > 0;
  };
  const handled = (end: number, string = false) => {
    event = end;
    eventStr = string;
    return end;
  };

  let i = 0;
  while (i < n) {
    while (frames.length && i >= frames[frames.length - 1].close) {
      // Something (math, raw HTML) ran past a bracket's end: it was no citation.
      resolve(frames.pop()!, false);
    }
    const c = P.charCodeAt(i);
    if (c >= 128 || MD_SPECIAL[c] === 0) {
      i = skipPlain(P, i + 1);
      continue;
    }
    work++;
    switch (c) {
      case BACKSLASH: {
        const d = P.charCodeAt(i + 1);
        if (isAsciiLetter(d)) i = handled(rawTex(P, i, groups, finder));
        else if (d === LF || Number.isNaN(d) || alnumAt(P, i + 1)) i++;
        else i = handled(i + 1 + (P.codePointAt(i + 1)! > 0xffff ? 2 : 1));
        continue;
      }
      case BACKTICK: {
        let j = i;
        while (j < n && P.charCodeAt(j) === BACKTICK) j++;
        const close = groups.codeClose(j, j - i);
        if (close < 0) i = j;
        else {
          i = close + j - i;
          if (P.charCodeAt(i) === LBRACE) i = groups.braces.get(i) ?? i;
          handled(i);
        }
        continue;
      }
      case DOLLAR: {
        const e = mathEnd(P, i, groups, finder);
        i = e > i + 1 ? handled(e) : e;
        continue;
      }
      case LT: {
        if (P.startsWith('<!--', i)) {
          const e = finder.find('-->', i + 4);
          i = e < 0 ? i + 1 : handled(e + 3);
          continue;
        }
        MD_AUTOLINK.lastIndex = i;
        const link = MD_AUTOLINK.exec(P);
        if (link) {
          work += link[0].length;
          i = handled(i + link[0].length);
          continue;
        }
        const tag = htmlTagEnd(P, i, finder);
        if (!tag) {
          i++;
          continue;
        }
        i = tag.end;
        if (!tag.closing && HTML_VERBATIM.has(tag.name)) {
          const close = closingTag(tag.name, i);
          if (close >= 0) i = close;
        }
        handled(i);
        continue;
      }
      case LBRACKET: {
        const close = groups.brackets.get(i);
        if (close !== undefined) {
          const before = P.charCodeAt(i - 1);
          const cite = before !== BANG && before !== CARET && P.charCodeAt(i + 1) !== CARET;
          frames.push({ open: i, close, cite, keys: [], partKey: false, partsOk: true, emphasis: emphasis.length });
        }
        i++;
        continue;
      }
      case RBRACKET: {
        const f = frames[frames.length - 1];
        if (f && f.close === i + 1) {
          frames.pop();
          resolve(f, true);
          i = handled(afterBracket(f));
        } else i++;
        continue;
      }
      case SEMI: {
        const f = frames[frames.length - 1];
        if (f) {
          if (!f.partKey) f.partsOk = false;
          f.partKey = false;
        }
        i++;
        continue;
      }
      case AT: {
        if (!afterString(i)) {
          const k = mdKey(P, i, groups);
          if (k) {
            if (doc.examples.has(k.key)) {
              let j = P.charCodeAt(k.end) === RBRACE ? k.end + 1 : k.end;
              while (isBlank(P.charCodeAt(j))) j++;
              if (P.charCodeAt(j) === LF) j++;
              while (isBlank(P.charCodeAt(j))) j++;
              const close = P.charCodeAt(j) === LBRACKET && P.charCodeAt(j + 1) !== CARET ? groups.brackets.get(j) : undefined;
              k.bracketAfter = close !== undefined && P.charCodeAt(close) !== LBRACKET && P.charCodeAt(close) !== LPAREN;
            }
            const f = frames[frames.length - 1];
            if (f) {
              f.keys.push(k);
              f.partKey = true;
            } else bare(k);
            i = handled(P.charCodeAt(k.end) === RBRACE && P.charCodeAt(k.start - 1) === LBRACE ? k.end + 1 : k.end);
            continue;
          }
        }
        // pandoc's example reference syntax reads "@label" as text that is no string end.
        i++;
        for (;;) {
          let w = alnumAt(P, i);
          if (!w && (P.charCodeAt(i) === UNDERSCORE || P.charCodeAt(i) === DASH) && alnumAt(P, i + 1)) w = 1;
          if (!w) break;
          i += w;
          while (alnumAt(P, i)) i += alnumAt(P, i);
        }
        handled(i);
        continue;
      }
      case STAR:
      case UNDERSCORE: {
        // Emphasis as pandoc parses it, left to right: inside an open `*` emphasis the next `*`
        // closes it (`**` opens a strong one), and a closing delimiter ends a string.
        let j = i;
        while (j < n && P.charCodeAt(j) === c) j++;
        // A bracket's content is parsed on its own: emphasis opened outside it does not close inside.
        const base = frames.length ? frames[frames.length - 1].emphasis : 0;
        const top = emphasis.length > base ? emphasis[emphasis.length - 1] : undefined;
        const after = P.charCodeAt(j);
        const closes = top !== undefined && top.c === c && (c === STAR || !alnumAt(P, j));
        if (closes && top.n === 1 && !(j - i === 2)) {
          emphasis.pop();
          i = handled(i + 1, true);
        } else if (closes && top.n === 2 && j - i >= 2) {
          emphasis.pop();
          i = handled(i + 2, true);
        } else if (closes && top.n === 3) {
          const k = Math.min(3, j - i);
          if (k === 3) emphasis.pop();
          else top.n = k === 2 ? 1 : 2;
          i = handled(i + k, true);
        } else {
          if (j - i <= 3 && after !== SPACE && after !== TAB && !Number.isNaN(after) && (c === STAR || !afterString(i))) emphasis.push({ c, n: j - i });
          i = handled(j);
        }
        continue;
      }
      case AMP: {
        MD_ENTITY.lastIndex = i;
        const m = MD_ENTITY.exec(P);
        i = m ? handled(i + m[0].length) : i + 1;
        continue;
      }
    }
    i++;
  }
  while (frames.length) resolve(frames.pop()!, false);
}

/**
 * Whether `P[from, to)` is a link's destination and title as pandoc reads them: a URL (or
 * `<…>`), then optionally a title in quotes or parentheses, blanks around. Read by hand: no
 * copy of the text, and a wrong guess stops at the first blank.
 */
function linkDestination(P: string, from: number, to: number): boolean {
  let i = from;
  while (i < to && isWhite(P.charCodeAt(i))) i++;
  if (P.charCodeAt(i) === LT) {
    while (i < to && P.charCodeAt(i) !== GT && P.charCodeAt(i) !== LF) i++;
    if (P.charCodeAt(i) !== GT) return false;
    i++;
  } else while (i < to && !isWhite(P.charCodeAt(i)) && P.charCodeAt(i) !== LT) i++;
  work += i - from;
  let end = to;
  while (end > i && isWhite(P.charCodeAt(end - 1))) end--;
  if (i === end) return true;
  if (!isWhite(P.charCodeAt(i))) return false;
  while (i < end && isWhite(P.charCodeAt(i))) i++;
  const open = P.charCodeAt(i);
  const close = P.charCodeAt(end - 1);
  return end - i >= 2 && ((open === DQUOTE && close === DQUOTE) || (open === QUOTE && close === QUOTE) || (open === LPAREN && close === RPAREN));
}

/** The index of the next character at or after `i` where pandoc's inline parser may find something. */
function skipPlain(P: string, i: number): number {
  return skipTable(P, i, MD_SPECIAL);
}

/** The key after the `@` at `i`, plain or braced (`@{https://example.com/bib?x=1}`), or undefined. */
function mdKey(P: string, i: number, groups: MdGroups): MdKey | undefined {
  if (P.charCodeAt(i + 1) === LBRACE) {
    const e = groups.keyBraces.get(i + 1);
    return e === undefined ? undefined : { key: P.slice(i + 2, e - 1), at: i, start: i + 2, end: e - 1 };
  }
  MD_KEY.lastIndex = i + 1;
  const m = MD_KEY.exec(P);
  if (!m) return undefined;
  work += m[0].length;
  return { key: m[0], at: i, start: i + 1, end: i + 1 + m[0].length };
}

/** After the `$` at `i`: past the math it opens (`$…$`, `$$…$$`), or just past the `$`. */
function mathEnd(P: string, i: number, groups: MdGroups, finder: Finder): number {
  if (P.charCodeAt(i + 1) === DOLLAR) {
    const e = finder.find('$$', i + 2);
    return e < 0 ? i + 2 : e + 2;
  }
  const first = P.charCodeAt(i + 1);
  if (Number.isNaN(first) || isWhite(first)) return i + 1;
  const close = groups.nextDollar(i + 1);
  if (close < 0 || isWhite(P.charCodeAt(close - 1)) || isDigit(P.charCodeAt(close + 1))) return i + 1;
  return close + 1;
}

/**
 * After the `\` at `i` (a letter follows): past the raw TeX pandoc keeps as it is, a command
 * with the braced and bracketed arguments right after it, or a whole `\begin{…}…\end{…}`.
 */
function rawTex(P: string, i: number, groups: MdGroups, finder: Finder): number {
  let j = i + 1;
  while (j < P.length && (isAsciiLetter(P.charCodeAt(j)) || P.charCodeAt(j) === AT)) j++;
  work += j - i;
  const name = P.slice(i + 1, j);
  if (name === 'begin' && P.charCodeAt(j) === LBRACE) {
    const e = groups.braces.get(j);
    if (e !== undefined) {
      const marker = `\\end{${P.slice(j + 1, e - 1)}}`;
      const end = finder.find(marker, e);
      if (end >= 0) return end + marker.length;
    }
  }
  let k = j;
  while (k < P.length && isBlank(P.charCodeAt(k))) k++;
  let end = j;
  for (;;) {
    const c = P.charCodeAt(k);
    const e = c === LBRACE ? groups.braces.get(k) : c === LBRACKET ? groups.brackets.get(k) : undefined;
    if (e === undefined) return end;
    end = k = e;
  }
}

/** The offsets of a region's text in the document. */
function regionText(lines: MdLine[]): { P: string; abs: (i: number) => number } {
  const P = lines.length === 1 ? lines[0].s : lines.map(l => l.s).join('\n');
  let contiguous = true;
  for (let k = 1; k < lines.length && contiguous; k++) contiguous = lines[k].at === lines[k - 1].at + lines[k - 1].s.length + 1;
  const base = lines[0].at;
  if (contiguous) return { P, abs: i => base + i };
  const starts: number[] = [];
  let at = 0;
  for (const l of lines) {
    starts.push(at);
    at += l.s.length + 1;
  }
  return {
    P,
    abs: i => {
      let lo = 0, hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= i) lo = mid;
        else hi = mid - 1;
      }
      return lines[lo].at + i - starts[lo];
    },
  };
}

/**
 * Every citation in a Markdown text, as pandoc reads it: `[@a; see @b, p. 3]`, `@a [p. 3]`,
 * `[-@a]`, `@{braced key}`; nothing in code (spans, fenced and indented blocks), math, raw
 * HTML or TeX, HTML comments, link destinations, the YAML front matter, or an e-mail address.
 */
function scanPandoc(text: string): Citation[] {
  const doc = mdDocument(text);
  const found: Citation[] = [];
  for (const region of doc.regions) {
    const { P, abs } = regionText(region);
    if (P.includes('@')) mdInlines(doc, P, abs, found);
  }
  return found.sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------------------------------------
// Typst, as its lexer reads markup, code and math.

const TYPST_ID_START = /[\p{XID_Start}_]/u;
/** A reference's name: identifier characters, `-`, `:` and `.`, not ending in `.` or `:`. */
const TYPST_REF = /(?:[\p{XID_Continue}_-]|[:.])*/uy;
const TYPST_LABEL = /<((?:[\p{XID_Continue}_-]|[:.])+)>/uy;
const TYPST_IDENT = /[\p{XID_Start}_][\p{XID_Continue}_-]*/uy;
const TYPST_STATEMENTS = new Set(['let', 'set', 'show', 'import', 'include', 'if', 'else', 'for', 'while', 'return', 'context', 'break', 'continue']);

/** The ASCII characters where something may begin in Typst markup. */
const TYPST_MARKUP_SPECIAL = new Uint8Array(128).map((_, c) => ('/`\\h<@$#[]'.includes(String.fromCharCode(c)) ? 1 : 0));

/** The index of the first ASCII character at or after `i` that `table` marks, or the text's end. */
function skipTable(text: string, i: number, table: Uint8Array): number {
  const n = text.length;
  const from = i;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && table[c] === 1) break;
  }
  work += i - from;
  return i;
}

interface TypstFrame {
  mode: 'markup' | 'code' | 'math' | 'line';
  /** The character that closes it (`]`, `)`, `}`, `$`), or 0 for a statement that ends with its line. */
  close: number;
  /** A `@key[…]` supplement this content block closes: its reference's index. */
  supplement?: number;
  /** After it closes, `(…)` and `[…]` right after it still belong to the expression (`#f(x)[y]`). */
  postfix?: boolean;
}

interface TypstRef {
  at: number;
  start: number;
  end: number;
  /** The end of the reference with its supplement. */
  until: number;
}

/** After the backtick(s) at `i`: past the raw text they open (unclosed, it runs to the end). */
function typstRaw(text: string, i: number): number {
  let k = 0;
  while (text.charCodeAt(i + k) === BACKTICK) k++;
  if (k === 2) return i + 2;
  let found = 0;
  let j = i + k;
  for (; j < text.length && found < k; j++) found = text.charCodeAt(j) === BACKTICK ? found + 1 : 0;
  work += j - i;
  return j;
}

/** After `/*` at `i`: past the block comment, nested ones included. */
function typstBlockComment(text: string, i: number): number {
  let depth = 0;
  let j = i;
  for (; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === SLASH && text.charCodeAt(j + 1) === STAR) { depth++; j++; }
    else if (c === STAR && text.charCodeAt(j + 1) === SLASH) {
      j++;
      if (--depth === 0) { j++; break; }
    }
  }
  work += j - i;
  return j;
}

/** After the `"` at `i`: past the string. */
function typstString(text: string, i: number): number {
  let j = i + 1;
  for (; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === BACKSLASH) j++;
    else if (c === DQUOTE) { j++; break; }
  }
  work += j - i;
  return j;
}

/** After `http://` or `https://` at `i` in markup: past the link, trailing punctuation left out. */
function typstLink(text: string, i: number): number {
  let j = i;
  let depth = 0;
  for (; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (isWhite(c) || c === DQUOTE || c === LT || c === GT) break;
    if (c === LPAREN || c === LBRACKET) depth++;
    else if (c === RPAREN || c === RBRACKET) { if (depth === 0) break; depth--; }
  }
  while (j > i && /[.,;:!?'*_]/.test(text[j - 1])) j--;
  work += j - i;
  return j;
}

/**
 * After `cite` or `ref` (its `(` at `open`): the key of `cite(<key>)` or `cite(label("key"))` and
 * where the call's first argument ends.
 */
function typstCiteCall(text: string, open: number): { key: CitedKey; end: number } | undefined {
  let j = open + 1;
  while (isWhite(text.charCodeAt(j))) j++;
  TYPST_LABEL.lastIndex = j;
  const label = TYPST_LABEL.exec(text);
  if (label) return { key: { key: label[1], start: j + 1, end: j + 1 + label[1].length }, end: j + label[0].length };
  const call = /label\(\s*"((?:[^"\\\n]|\\.)*)"\s*\)/y;
  call.lastIndex = j;
  const m = call.exec(text);
  if (!m) return undefined;
  const start = text.indexOf('"', j) + 1;
  return { key: { key: m[1], start, end: start + m[1].length }, end: j + m[0].length };
}

/**
 * Every citation in a Typst text: `@key`, `@key[supplement]` (next to each other, one group),
 * `#cite(<key>)`, `#cite(label("key"))`, `#ref(<key>)`; nothing in raw text, comments, strings,
 * math or labels. As in Typst, `@` followed by a letter is a reference even inside a word.
 */
function scanTypst(text: string): Citation[] {
  const found: Citation[] = [];
  const refs: TypstRef[] = [];
  const stack: TypstFrame[] = [{ mode: 'markup', close: 0 }];
  const n = text.length;
  let i = 0;
  /** Reads an embedded expression (after `#`, or an identifier in code) starting at `j`. */
  const expression = (j: number, hash: number): number => {
    const c = text.charCodeAt(j);
    if (c === LBRACE) { stack.push({ mode: 'code', close: RBRACE }); return j + 1; }
    if (c === LBRACKET) { stack.push({ mode: 'markup', close: RBRACKET }); return j + 1; }
    if (c === LPAREN) { stack.push({ mode: 'code', close: RPAREN, postfix: true }); return j + 1; }
    if (c === DQUOTE) return typstString(text, j);
    TYPST_IDENT.lastIndex = j;
    const id = TYPST_IDENT.exec(text);
    if (!id) return j;
    let k = j + id[0].length;
    if (hash >= 0 && TYPST_STATEMENTS.has(id[0])) { stack.push({ mode: 'line', close: 0 }); return k; }
    while (text.charCodeAt(k) === DOT && TYPST_ID_START.test(text[k + 1] ?? '')) {
      TYPST_IDENT.lastIndex = k + 1;
      k += 1 + TYPST_IDENT.exec(text)![0].length;
    }
    const next = text.charCodeAt(k);
    if ((id[0] === 'cite' || id[0] === 'ref') && next === LPAREN) {
      const call = typstCiteCall(text, k);
      if (call) {
        const start = hash >= 0 ? hash : j;
        found.push({ syntax: 'typst', start, end: call.end, listStart: call.key.start, listEnd: call.key.end, keys: [call.key], bracketed: true });
      }
    }
    if (next === LPAREN) { stack.push({ mode: 'code', close: RPAREN, postfix: true }); return k + 1; }
    if (next === LBRACKET) { stack.push({ mode: 'markup', close: RBRACKET, postfix: true }); return k + 1; }
    return k;
  };
  const closeFrame = (j: number): number => {
    const frame = stack.pop()!;
    if (frame.supplement !== undefined) refs[frame.supplement].until = j + 1;
    const next = text.charCodeAt(j + 1);
    if (frame.postfix && stack.length && (next === LPAREN || next === LBRACKET)) {
      stack.push(next === LPAREN ? { mode: 'code', close: RPAREN, postfix: true } : { mode: 'markup', close: RBRACKET, postfix: true });
      return j + 2;
    }
    return j + 1;
  };
  while (i < n) {
    work++;
    const frame = stack[stack.length - 1];
    const c = text.charCodeAt(i);
    if (frame.mode !== 'math' && c === SLASH && text.charCodeAt(i + 1) === SLASH) { i = lineEnd(text, i); continue; }
    if (c === SLASH && text.charCodeAt(i + 1) === STAR) { i = typstBlockComment(text, i); continue; }
    if (c === BACKTICK && frame.mode !== 'math') { i = typstRaw(text, i); continue; }
    if (frame.close && c === frame.close) { i = closeFrame(i); continue; }
    if (frame.mode === 'markup') {
      if (c < 128 && TYPST_MARKUP_SPECIAL[c] === 0) {
        i = skipTable(text, i + 1, TYPST_MARKUP_SPECIAL);
        continue;
      }
      if (c === BACKSLASH) { i += 2; continue; }
      if (c === 104 /* h */ && (text.startsWith('http://', i) || text.startsWith('https://', i))) { i = typstLink(text, i); continue; }
      if (c === LT) {
        TYPST_LABEL.lastIndex = i;
        const label = TYPST_LABEL.exec(text);
        i += label ? label[0].length : 1;
        continue;
      }
      if (c === AT) {
        const next = text[i + 1] ?? '';
        const before = text.charCodeAt(i - 1);
        const tokenStart = i === 0 || isWhite(before) || /[[\]*_"'~$#<>]/.test(text[i - 1]);
        if (TYPST_ID_START.test(next) || (tokenStart && /[\p{XID_Continue}-]/u.test(next))) {
          TYPST_REF.lastIndex = i + 1;
          let end = i + 1 + TYPST_REF.exec(text)![0].length;
          while (end > i + 1 && (text.charCodeAt(end - 1) === DOT || text.charCodeAt(end - 1) === COLON)) end--;
          work += end - i;
          if (end > i + 1) {
            refs.push({ at: i, start: i + 1, end, until: end });
            i = end;
            if (text.charCodeAt(i) === LBRACKET) {
              stack.push({ mode: 'markup', close: RBRACKET, supplement: refs.length - 1 });
              i++;
            }
            continue;
          }
        }
        i++;
        continue;
      }
      if (c === DOLLAR) { stack.push({ mode: 'math', close: DOLLAR }); i++; continue; }
      if (c === HASH) { i = expression(i + 1, i); continue; }
      if (c === LBRACKET) { stack.push({ mode: 'markup', close: RBRACKET }); i++; continue; }
      i++;
      continue;
    }
    if (frame.mode === 'math') {
      if (c === BACKSLASH) { i += 2; continue; }
      if (c === DQUOTE) { i = typstString(text, i); continue; }
      if (c === HASH) { i = expression(i + 1, i); continue; }
      i++;
      continue;
    }
    // Code, or a statement that ends with its line.
    if (frame.mode === 'line' && (c === LF || c === SEMI)) { stack.pop(); i++; continue; }
    if (c === DQUOTE) { i = typstString(text, i); continue; }
    if (c === LT) {
      TYPST_LABEL.lastIndex = i;
      const label = TYPST_LABEL.exec(text);
      i += label ? label[0].length : 1;
      continue;
    }
    if (c === LBRACKET) { stack.push({ mode: 'markup', close: RBRACKET, postfix: true }); i++; continue; }
    if (c === LPAREN) { stack.push({ mode: 'code', close: RPAREN }); i++; continue; }
    if (c === LBRACE) { stack.push({ mode: 'code', close: RBRACE }); i++; continue; }
    if (c === DOLLAR) { stack.push({ mode: 'math', close: DOLLAR }); i++; continue; }
    if ((c === RPAREN || c === RBRACE || c === RBRACKET) && frame.mode === 'line') {
      // The statement ends with the group it is in.
      stack.pop();
      continue;
    }
    if (TYPST_ID_START.test(text[i]) && !TYPST_ID_START.test(text[i - 1] ?? '') && !/[\p{XID_Continue}.]/u.test(text[i - 1] ?? '')) {
      i = Math.max(i + 1, expression(i, -1));
      continue;
    }
    i++;
  }
  // References next to each other (blanks between) are one group, as "@a @b[p. 3] @c".
  for (let k = 0; k < refs.length;) {
    let last = k;
    while (last + 1 < refs.length && /^[ \t]+$/.test(text.slice(refs[last].until, refs[last + 1].at))) last++;
    const group = refs.slice(k, last + 1);
    const start = group[0].at;
    const end = group[group.length - 1].until;
    found.push({
      syntax: 'typst', start, end, listStart: start, listEnd: end,
      keys: group.map(r => ({ key: text.slice(r.start, r.end), start: r.start, end: r.end })), bracketed: false,
    });
    k = last + 1;
  }
  return found.sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------------------------------------
// reStructuredText, with sphinxcontrib-bibtex's roles.

/** sphinxcontrib-bibtex's roles: `:cite:`, `:cite:p:`, `:cite:t:`, `:cite:ps:`, `:footcite:`, `:footcite:p:`… */
const RST_ROLE = /:((?:foot)?cite(?::[A-Za-z]+)?):`/iy;
/** Directives whose content is code, not text. */
const RST_CODE = /^\.\.[ \t]+(?:code-block|code|sourcecode|literalinclude|highlight|math|raw|productionlist|testcode|testoutput|doctest|ipython|jupyter-execute)::/;

/**
 * The keys of a role's text as sphinxcontrib-bibtex parses them: comma-separated targets, each
 * `{pre}key{post}` with optional pre- and post-text in braces. A target that does not parse (one
 * still being typed) is left out rather than failing the list.
 */
function rstKeys(text: string, from: number, to: number): CitedKey[] {
  const keys: CitedKey[] = [];
  let start = from;
  let depth = 0;
  const blanks = (i: number, b: number) => {
    while (i < b && isWhite(text.charCodeAt(i))) i++;
    return i;
  };
  /** Past a `{pre}` or `{post}` text at `i`, or `i`; -1 when it is not closed. */
  const braced = (i: number, b: number) => {
    if (text.charCodeAt(i) !== LBRACE) return i;
    let j = i + 1;
    while (j < b && text.charCodeAt(j) !== RBRACE && text.charCodeAt(j) !== LBRACE) j++;
    return text.charCodeAt(j) === RBRACE && j < b && j > i + 1 ? j + 1 : -1;
  };
  const target = (a: number, b: number) => {
    let i = braced(blanks(a, b), b);
    if (i < 0) return;
    i = blanks(i, b);
    const start = i;
    while (i < b && !isWhite(text.charCodeAt(i)) && text.charCodeAt(i) !== LBRACE && text.charCodeAt(i) !== RBRACE && text.charCodeAt(i) !== COMMA) i++;
    const end = i;
    i = braced(blanks(i, b), b);
    if (end > start && i >= 0 && blanks(i, b) === b) keys.push({ key: text.slice(start, end), start, end });
  };
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === LBRACE) depth++;
    else if (c === RBRACE) depth = Math.max(0, depth - 1);
    else if (c === COMMA && depth === 0) {
      target(start, i);
      start = i + 1;
    }
  }
  target(start, to);
  work += to - from;
  return keys;
}

/** The citations in one paragraph of reStructuredText, `[from, to)` of the text. */
function rstInlines(text: string, from: number, to: number, found: Citation[]): void {
  /** From here on there is no closing backtick: a search that failed once fails from any later position. */
  let unclosed = to;
  const closingBacktick = (i: number): number => {
    if (i >= unclosed) return to;
    let e = i;
    for (; e < to; e++) {
      const d = text.charCodeAt(e);
      if (d === BACKSLASH) e++;
      else if (d === BACKTICK) break;
    }
    work += e - i;
    if (e >= to) unclosed = i;
    return Math.min(e, to);
  };
  for (let i = from; i < to; i++) {
    work++;
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) { i++; continue; }
    if (c === BACKTICK) {
      // An inline literal ``…`` (no escapes inside), or interpreted text `…` of another role
      // (where \` is a backtick): nothing inside counts.
      if (text.charCodeAt(i + 1) === BACKTICK) {
        const e = text.indexOf('``', i + 2);
        if (e >= 0 && e < to) i = e + 1;
        else i++;
        work += (e < 0 ? to : e) - i;
        continue;
      }
      const e = closingBacktick(i + 1);
      if (e < to) i = e;
      continue;
    }
    if (c !== COLON) continue;
    const before = text[i - 1];
    if (before !== undefined && !/[\s'"([{<\-/:]/.test(before)) continue;
    RST_ROLE.lastIndex = i;
    const role = RST_ROLE.exec(text);
    if (!role || RST_ROLE.lastIndex > to) continue;
    const listStart = RST_ROLE.lastIndex;
    const close = closingBacktick(listStart);
    // A role still being typed (no closing backtick) runs to the end of its line.
    const closed = close < to;
    let listEnd = closed ? close : Math.min(to, lineEnd(text, listStart));
    if (!closed && text.charCodeAt(listEnd - 1) === CR) listEnd--;
    found.push({ syntax: 'rst', start: i, end: closed ? close + 1 : listEnd, listStart, listEnd, keys: rstKeys(text, listStart, listEnd), bracketed: true });
    i = closed ? close : listEnd;
  }
}

/**
 * Every citation in a reStructuredText text: sphinxcontrib-bibtex's roles with their lists of
 * keys; nothing in literal blocks (after `::`), code directives, comments or inline literals.
 */
function scanRst(text: string): Citation[] {
  const found: Citation[] = [];
  let paraStart = -1;
  let paraEnd = -1;
  let paraIndent = 0;
  let literal = false;
  /** While skipping a literal block, a code directive or a comment: the indent its body must exceed. */
  let skip = -1;
  const flush = () => {
    if (paraStart >= 0) {
      rstInlines(text, paraStart, paraEnd, found);
      // A paragraph ending in "::" introduces a literal block; a directive (".. note::") does not.
      const last = text.slice(lineStartOf(text, paraEnd), paraEnd).trimEnd();
      literal = last.endsWith('::') && !/^\s*\.\.[ \t]/.test(text.slice(paraStart, paraEnd));
    }
    paraStart = -1;
  };
  for (let at = 0; at <= text.length;) {
    const end = lineEnd(text, at);
    const line = text.slice(at, end);
    const next = end + 1;
    if (blankLine(line)) {
      if (paraStart >= 0) {
        flush();
        if (literal) skip = paraIndent;
      }
      at = next;
      continue;
    }
    const indent = indentOf(line).cols;
    if (skip >= 0) {
      if (indent > skip) { at = next; continue; }
      skip = -1;
    }
    const trimmed = line.slice(indentOf(line).chars);
    if (paraStart < 0 && trimmed.startsWith('..') && /^\.\.(?:[ \t]|\r?$)/.test(trimmed)) {
      // Explicit markup: a code directive's body or a comment is skipped; other directives,
      // footnotes and targets hold text.
      if (RST_CODE.test(trimmed) || !/^\.\.[ \t]+(?:[\w:.+-]+::|_|\[|\|)/.test(trimmed)) {
        skip = indent;
        at = next;
        continue;
      }
    }
    if (paraStart >= 0 && indent !== paraIndent && !/^[ \t]/.test(text.slice(paraStart, paraStart + 1)) && indent > paraIndent) {
      // A definition or a block quote under the paragraph: a new block.
      flush();
      if (literal) {
        skip = paraIndent;
        at = next;
        continue;
      }
    }
    if (paraStart < 0) {
      paraStart = at;
      paraIndent = indent;
    }
    paraEnd = end;
    at = next;
  }
  flush();
  return found;
}

const lineStartOf = (text: string, i: number) => text.lastIndexOf('\n', i - 1) + 1;


// ---------------------------------------------------------------------------------------------
// A user's own template, and the lookups the host makes.

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits a list such as `a, b,\n c` into keys with their offsets; `base` is the list's offset.
 * `separator` must have no capturing group of its own.
 */
function splitKeys(list: string, base: number, separator: RegExp, prefix = ''): CitedKey[] {
  const keys: CitedKey[] = [];
  let at = base;
  // With a capturing group, split keeps the separators: even pieces are keys, odd ones separators.
  list.split(new RegExp(`(${separator.source})`, separator.flags)).forEach((piece, i) => {
    if (i % 2 === 0) {
      let key = piece.trim();
      let start = at + piece.length - piece.trimStart().length;
      if (prefix && key.startsWith(prefix)) { key = key.slice(prefix.length); start += prefix.length; }
      if (key) keys.push({ key, start, end: start + key.length });
    }
    at += piece.length;
  });
  return keys;
}

/** Citations written with a user's own keys template, e.g. `<<a|b>>` from `{ before: '<<', separator: '|', after: '>>' }`. */
export function scanTemplate(text: string, template: KeysTemplate): Citation[] {
  // Without delimiters a template cannot tell a citation from prose.
  if (!template.before || !template.after) return [];
  const pattern = new RegExp(`${escapeRegExp(template.before)}((?:(?!${escapeRegExp(template.after)})[^\\n])*)${escapeRegExp(template.after)}`, 'g');
  const separator = new RegExp(`\\s*${escapeRegExp(template.separator.trim() || template.separator)}\\s*`);
  return [...text.matchAll(pattern)].map(m => {
    const listStart = m.index + template.before.length;
    return { syntax: 'custom', start: m.index, end: m.index + m[0].length, listStart, listEnd: listStart + m[1].length, keys: splitKeys(m[1], listStart, separator, template.keyPrefix), bracketed: true };
  });
}

const SCANNERS: Record<CitationSyntax, (text: string) => Citation[]> = { latex: scanLatex, pandoc: scanPandoc, typst: scanTypst, rst: scanRst };

/**
 * Every citation of one syntax in a document, in order: one linear pass, fast enough for every
 * keystroke. A key is in exactly one citation (a citation nested in another's brackets is its
 * own); `keys` never holds `*` (see `Citation.all`).
 *
 * @example findCitations('see \\citep[p.~3]{a, b}', 'latex')[0].keys.map(k => k.key) → ['a', 'b']
 * @example findCitations('\\cites[see][]{a}[p.~5]{b}', 'latex')[0].keys.map(k => k.key) → ['a', 'b']
 * @example findCitations('\\nocite{*}', 'latex')[0] → { keys: [], all: true, … }
 */
export function findCitations(text: string, syntax: CitationSyntax): Citation[] {
  return SCANNERS[syntax](text);
}

/** How far a lookup reads each way from the cursor: far more than any citation, far less than a long document. */
const WINDOW = 4000;
const BLANK_LINE = /\n[ \t]*\r?\n/g;

/** The paragraph around `offset`, as offsets: no citation crosses a blank line. */
function paragraphAround(text: string, offset: number): { start: number; end: number } {
  const from = Math.max(0, offset - WINDOW);
  let start = from;
  for (const m of text.slice(from, offset).matchAll(BLANK_LINE)) start = from + m.index + m[0].length;
  const after = text.slice(offset, offset + WINDOW).search(/\n[ \t]*\r?\n/);
  const end = after < 0 ? Math.min(text.length, offset + WINDOW) : offset + after;
  return { start, end };
}

/**
 * The citations of one syntax in the paragraph around `offset` (or, with a keys template,
 * those written with it), offsets into the whole text. What hover and joining use. The
 * built-in syntaxes read the whole document (in one linear pass), since what a paragraph holds
 * depends on what came before it (a code fence, a verbatim environment, `\end{document}`); a
 * template reads only the paragraph.
 *
 * @example findCitationsNear(longText, cursor, 'pandoc') → the citations of the cursor's paragraph
 */
export function findCitationsNear(text: string, offset: number, syntax: CitationSyntax | KeysTemplate): Citation[] {
  const { start, end } = paragraphAround(text, offset);
  if (typeof syntax === 'string') return SCANNERS[syntax](text).filter(c => c.end >= start && c.start <= end);
  const slice = text.slice(start, end);
  return scanTemplate(slice, syntax).map(c => ({
    ...c, start: c.start + start, end: c.end + start, listStart: c.listStart + start, listEnd: c.listEnd + start,
    keys: c.keys.map(k => ({ key: k.key, start: k.start + start, end: k.end + start })),
  }));
}

/** A key found in a document, with the citation it belongs to. */
export interface KeyAt extends CitedKey {
  citation: Citation;
}

/**
 * Every citation of a document in its language's syntax. Languages without a syntax (plain
 * text, code) are searched for LaTeX commands and bracketed Pandoc citations, never for a bare
 * `@word`. The host keeps this per version of a document, so that each hover does not scan it again.
 *
 * @example citationsOfLanguage('see \\cite{a} and [@b]', 'plaintext').map(c => c.keys[0].key) → ['a', 'b']
 */
export function citationsOfLanguage(text: string, languageId: string): Citation[] {
  const syntax = syntaxOfLanguage(languageId);
  return syntax ? findCitations(text, syntax) : [...findCitations(text, 'latex'), ...findCitations(text, 'pandoc').filter(c => c.bracketed)];
}

/** The key at `offset` among `citations` (a cursor touching either end of the key counts). */
export function keyAtIn(citations: readonly Citation[], offset: number): KeyAt | undefined {
  for (const citation of citations) {
    if (offset < citation.start || offset > citation.end) continue;
    const key = citation.keys.find(k => offset >= k.start && offset <= k.end);
    if (key) return { ...key, citation };
  }
  return undefined;
}

/**
 * The citation key at `offset` (a cursor touching either end of the key counts), for hover
 * and go-to-definition. Every common form of the language's syntax is recognised whatever
 * command the user configured; languages without a syntax as in `citationsOfLanguage`.
 *
 * @example findKeyAt('\\citep[p.~3]{a,\n  b}', 18, 'latex') → { key: 'b', start: 18, end: 19, citation }
 * @example findKeyAt('me@example.com', 4, 'markdown') === undefined
 */
export function findKeyAt(text: string, offset: number, languageId: string): KeyAt | undefined {
  const syntax = syntaxOfLanguage(languageId);
  const citations = syntax
    ? findCitationsNear(text, offset, syntax)
    : [...findCitationsNear(text, offset, 'latex'), ...findCitationsNear(text, offset, 'pandoc').filter(c => c.bracketed)];
  return keyAtIn(citations, offset);
}

/** Where a key being typed starts and ends around `offset`, and what is typed before the cursor. */
export interface CompletionContext {
  syntax: CitationSyntax;
  /** What the user has typed of the key so far (may be empty). */
  prefix: string;
  /** The range a chosen key replaces: the typed prefix and the rest of the key after the cursor. */
  start: number;
  end: number;
}

const KEY_CHARS: Record<CitationSyntax, RegExp> = {
  latex: /[^\s,{}%\\#~]/,
  pandoc: /[\p{L}\p{N}_:.#$%&\-+?<>~/]/u,
  typst: /[\p{L}\p{N}_\-:.]/u,
  rst: /[^\s,`{}]/,
};

function wordAround(text: string, offset: number, keyChar: RegExp): { start: number; end: number } {
  let start = offset;
  while (start > 0 && keyChar.test(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && keyChar.test(text[end])) end++;
  return { start, end };
}

/**
 * Whether `offset` is where a citation key is being typed, and if so what is typed so far: the
 * scanner itself decides, so completion is offered exactly where a key would be read as one.
 * LaTeX: inside a cite command's list of keys (open or closed, any list of a multicite, not a
 * volume) right after `{` or a comma; Markdown: after `@` (not in an e-mail address, not in
 * code); Typst: after `@` or in `#cite(<…>)`; reStructuredText: inside a `:cite:` role after the
 * backtick or a comma.
 *
 * @example completionContextAt('\\cite{a, Re', 11, 'latex') → { syntax: 'latex', prefix: 'Re', start: 9, end: 11 }
 * @example completionContextAt('me@exa', 6, 'markdown') === undefined
 */
export function completionContextAt(text: string, offset: number, languageId: string): CompletionContext | undefined {
  const syntax = syntaxOfLanguage(languageId);
  if (!syntax) return undefined;
  const { start, end } = wordAround(text, offset, KEY_CHARS[syntax]);
  // Markdown and Typst keys follow "@" (Typst's also "<", as in #cite(<key>)).
  if ((syntax === 'pandoc' || syntax === 'typst') && text[start - 1] !== '@' && !(syntax === 'typst' && text[start - 1] === '<')) return undefined;
  // With nothing typed yet, a key is tried there: is it read as one?
  const probe = start === end ? `${text.slice(0, start)}x${text.slice(start)}` : text;
  const { start: from, end: to } = paragraphAround(probe, start);
  const found = SCANNERS[syntax](probe).some(c => c.end >= from && c.start <= to && c.keys.some(k => k.start === start));
  return found ? { syntax, prefix: text.slice(start, offset), start, end } : undefined;
}
