// How TeX reads a LaTeX text, for the scanner to read it the same way: what it skips between a
// command and its arguments, where its groups end, a list of names inside braces, and what it
// never reads as commands (`\verb`, `\url`, verbatim environments, an `\iffalse` branch).
import type { CitedKey } from '../citation';
import {
  BACKSLASH, blankLine, COMMA, Finder, isAsciiLetter, isBlank, isWhite, LBRACE, LBRACKET, LF, lineEnd, LPAREN, PERCENT, RBRACE, RBRACKET,
  RPAREN, scanned, STAR,
} from '../text';

/** Environments whose content TeX does not read as commands. */
const LATEX_VERBATIM = new Set(['verbatim', 'verbatim*', 'Verbatim', 'Verbatim*', 'BVerbatim', 'BVerbatim*', 'LVerbatim', 'LVerbatim*',
  'lstlisting', 'minted', 'comment', 'filecontents', 'filecontents*']);
/** Conditionals that are macros (etoolbox, ifthen), not TeX's: a skipped `\iffalse` branch does not count them. */
const NOT_A_CONDITIONAL = /^if(?:thenelse|def|undef|csdef|csundef|defmacro|csmacro|defparam|csparam|defprefix|csprefix|defprotected|csprotected|defltxprotect|csltxprotect|defempty|csempty|defvoid|csvoid|defequal|csequal|defstring|csstring|defstrequal|csstrequal|defcounter|cscounter|ltxcounter|deflength|cslength|defdimen|csdimen|bool|boolexpr|boolexpe|toggle|numcomp|numequal|numgreater|numless|numodd|dimcomp|dimequal|dimgreater|dimless|strequal|strempty|blank|inlist|inlistcs|patchable|patchable\*|rmnum|defined@|blx[A-Za-z]*)$/;

/**
 * After the line break at `i`: where TeX reads on (the next line's leading blanks skipped), or
 * -1 when that line is blank, which TeX reads as a paragraph break (`\par`).
 */
function afterLineBreak(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length && isBlank(text.charCodeAt(j))) j++;
  scanned.chars += j - i;
  return j < text.length && text.charCodeAt(j) === LF ? -1 : j;
}

/**
 * What TeX skips before a command's next argument: blanks, one line break, comments. Returns the
 * index of the next token, or -1 when a paragraph break comes first.
 */
export function texSkip(text: string, i: number): number {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isBlank(c)) { i++; scanned.chars++; continue; }
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
export class TexGroups {
  private readonly ends = new Map<number, number>();
  constructor(private readonly text: string, private readonly verbatim = false) {}

  /** The index just past the group opened at `open`, or -1 when it is not closed. */
  end(open: number): number {
    let e = this.ends.get(open);
    if (e === undefined) {
      this.#scan(open);
      e = this.ends.get(open) ?? -1;
    }
    return e;
  }

  #scan(p: number): void {
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
      scanned.chars++;
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
 * Returns whether a `*` ("every entry") was among them. Without `commas`, the whole list is one
 * item (a file name, a class's options).
 */
export function texKeys(text: string, from: number, to: number, keys: CitedKey[], commas = true): boolean {
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
    scanned.chars++;
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
    if (c === COMMA && depth === 0 && commas) {
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

/**
 * An argument's text as TeX reads it, `[from, to)` of the text: comments dropped, blanks
 * trimmed, each run of spaces and line breaks one space; empty when it holds a macro parameter.
 *
 * @example texText('{ a%\n  b }', 1, 9) === 'ab'
 */
export function texText(text: string, from: number, to: number): string {
  const items: CitedKey[] = [];
  texKeys(text, from, to, items, false);
  return items.length ? items[0].key : '';
}

/** After `\verb` at `i`: the index past its argument, `\verb*|…|` or `\verb+…+`, which ends on its line. */
export function skipVerb(text: string, i: number): number {
  if (text.charCodeAt(i) === STAR) i++;
  const delimiter = text.charCodeAt(i);
  if (Number.isNaN(delimiter) || delimiter === LF) return i;
  let j = i + 1;
  while (j < text.length && text.charCodeAt(j) !== delimiter && text.charCodeAt(j) !== LF) j++;
  scanned.chars += j - i;
  return text.charCodeAt(j) === delimiter ? j + 1 : j;
}

/** After `\url` (and the like) at `i`: the index past its verbatim argument, `{…}` or `|…|`. */
export function skipUrl(text: string, urls: TexGroups, i: number): number {
  while (isBlank(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === LBRACE) {
    const e = urls.end(i);
    return e < 0 ? i : e;
  }
  return i < text.length && !isWhite(text.charCodeAt(i)) ? skipVerb(text, i) : i;
}

/** After `\lstinline`, `\mintinline` or `\mint` at `i`: the index past the code, `[opts]`, `{lang}` then `{code}` or `|code|`. */
export function skipInlineCode(text: string, groups: TexGroups, urls: TexGroups, i: number, language: boolean): number {
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
export function skipVerbatimEnvironment(text: string, finder: Finder, i: number): number {
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
export function skipFalseBranch(text: string, i: number): number {
  let depth = 0;
  while (i < text.length) {
    scanned.chars++;
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
    scanned.chars += k - i;
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

