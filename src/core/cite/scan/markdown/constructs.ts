// The pieces of pandoc's inline syntax that the inline scanner reads past in one step: a region's
// groups (code spans, brackets, parentheses, braces, `$`s) matched ahead in one pass, HTML tags,
// link destinations, math, raw TeX, and a citation key itself.
import {
  AT, BACKSLASH, BACKTICK, DASH, DOLLAR, DQUOTE, EQUALS, firstAtOrAfter, Finder, GT, isAsciiLetter, isBlank, isDigit, isWhite, LBRACE,
  LBRACKET, LF, LPAREN, LT, QUOTE, RBRACE, RBRACKET, RPAREN, scanned, SLASH, UNDERSCORE, COLON,
} from '../text';

const ALNUM = /[\p{L}\p{N}]/u;
/** ASCII letters and digits. */
export const ASCII_ALNUM = new Uint8Array(128).map((_, c) => (isDigit(c) || isAsciiLetter(c) ? 1 : 0));
/** The characters that open or close a group for MdGroups (and blanks, which end `@{…}` keys). */
const GROUP_SPECIAL = new Uint8Array(128).map((_, c) => ('\\`[](){}$'.includes(String.fromCharCode(c)) ? 1 : 0));
const GROUP_SPECIAL_KEYED = new Uint8Array(128).map((_, c) => ('\\`[](){}$ \t\r\n'.includes(String.fromCharCode(c)) ? 1 : 0));

/** The width (1 or 2 UTF-16 units) of the letter or digit at `i`, or 0: Haskell's isAlphaNum, which pandoc uses. */
export function alnumAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 128) return ASCII_ALNUM[c];
  if (Number.isNaN(c)) return 0;
  const cp = s.codePointAt(i)!;
  return ALNUM.test(String.fromCodePoint(cp)) ? (cp > 0xffff ? 2 : 1) : 0;
}

/** pandoc's citation key: a letter, digit, `_` (or `*`), then those and internal punctuation. */
const MD_KEY = /[\p{L}\p{N}_*](?:[\p{L}\p{N}_]|[:.#$%&\-+?<>~/](?=[\p{L}\p{N}_])|[:/](?=\/))*/uy;

/** A key found in a region of Markdown, with region-local offsets. */
export interface MdKey {
  key: string;
  /** Whether a bracket follows (`@key [p. 3]`), which pandoc reads as part of the citation. */
  bracketAfter?: boolean;
  /** The `@`. */
  at: number;
  start: number;
  end: number;
}

/**
 * The end of the HTML tag at `i` (`<name attrs>`, `</name>`), or -1; read by hand so that
 * a damaged tag cannot make a regular expression backtrack.
 */
export function htmlTagEnd(text: string, i: number, finder: Finder): { end: number; name: string; closing: boolean } | undefined {
  let j = i + 1;
  const closing = text.charCodeAt(j) === SLASH;
  if (closing) j++;
  const nameStart = j;
  if (!isAsciiLetter(text.charCodeAt(j))) return undefined;
  while (j < text.length && (isAsciiLetter(text.charCodeAt(j)) || isDigit(text.charCodeAt(j)) || text.charCodeAt(j) === DASH)) j++;
  const name = text.slice(nameStart, j).toLowerCase();
  for (;;) {
    const start = j;
    while (j < text.length && isWhite(text.charCodeAt(j))) j++;
    scanned.chars += j - start + 1;
    const c = text.charCodeAt(j);
    if (c === GT) return { end: j + 1, name, closing };
    if (c === SLASH && text.charCodeAt(j + 1) === GT) return { end: j + 2, name, closing };
    if (closing || j === start || !(isAsciiLetter(c) || c === UNDERSCORE || c === COLON)) return undefined;
    while (j < text.length && /[\w:.-]/.test(text[j])) j++;
    let k = j;
    while (k < text.length && isWhite(text.charCodeAt(k))) k++;
    if (text.charCodeAt(k) !== EQUALS) continue;
    k++;
    while (k < text.length && isWhite(text.charCodeAt(k))) k++;
    const q = text.charCodeAt(k);
    if (q === DQUOTE || q === QUOTE) {
      const e = finder.find(text[k], k + 1);
      if (e < 0) return undefined;
      j = e + 1;
    } else {
      const valueStart = k;
      while (k < text.length && !isWhite(text.charCodeAt(k)) && !/["'=<>`]/.test(text[k])) k++;
      if (k === valueStart) return undefined;
      j = k;
    }
  }
}

/** The groups of one region: code spans, brackets, parentheses, braces, `$`s, matched in one pass. */
export class MdGroups {
  /** For each length, the starts of the runs of exactly that many backticks, in order. */
  readonly #runs = new Map<number, number[]>();
  readonly brackets = new Map<number, number>();
  readonly parens = new Map<number, number>();
  readonly braces = new Map<number, number>();
  /** `@{…}` keys: braces with no blank inside. */
  readonly keyBraces = new Map<number, number>();
  /** Unescaped `$`s outside code, in order. */
  readonly dollars: number[] = [];

  constructor(text: string) {
    const n = text.length;
    scanned.chars += n;
    for (let i = text.indexOf('`'); i >= 0; i = text.indexOf('`', i)) {
      let j = i;
      while (j < n && text.charCodeAt(j) === BACKTICK) j++;
      const list = this.#runs.get(j - i);
      if (list) list.push(i);
      else this.#runs.set(j - i, [i]);
      i = j;
    }
    // `@{…}` keys need braces matched with no blank inside: only read blanks when there is one.
    const keyed = text.includes('@{');
    const brackets: number[] = [], parens: number[] = [], braces: number[] = [], keyBraces: number[] = [];
    const special = keyed ? GROUP_SPECIAL_KEYED : GROUP_SPECIAL;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 128 || special[c] === 0) continue;
      if (c === BACKSLASH) {
        if (keyed && (text.charCodeAt(i + 1) === LBRACE || text.charCodeAt(i + 1) === RBRACE)) keyBraces.length = 0;
        i++;
      } else if (c === BACKTICK) {
        let j = i;
        while (j < n && text.charCodeAt(j) === BACKTICK) j++;
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
    const list = this.#runs.get(length);
    return list ? firstAtOrAfter(list, from) : -1;
  }

  /** The first unescaped `$` (outside code) at or after `from`, or -1. */
  nextDollar(from: number): number {
    return firstAtOrAfter(this.dollars, from);
  }
}

/**
 * Whether `text[from, to)` is a link's destination and title as pandoc reads them: a URL (or
 * `<…>`), then optionally a title in quotes or parentheses, blanks around. Read by hand: no
 * copy of the text, and a wrong guess stops at the first blank.
 */
export function linkDestination(text: string, from: number, to: number): boolean {
  let i = from;
  while (i < to && isWhite(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === LT) {
    while (i < to && text.charCodeAt(i) !== GT && text.charCodeAt(i) !== LF) i++;
    if (text.charCodeAt(i) !== GT) return false;
    i++;
  } else while (i < to && !isWhite(text.charCodeAt(i)) && text.charCodeAt(i) !== LT) i++;
  scanned.chars += i - from;
  let end = to;
  while (end > i && isWhite(text.charCodeAt(end - 1))) end--;
  if (i === end) return true;
  if (!isWhite(text.charCodeAt(i))) return false;
  while (i < end && isWhite(text.charCodeAt(i))) i++;
  const open = text.charCodeAt(i);
  const close = text.charCodeAt(end - 1);
  return end - i >= 2 && ((open === DQUOTE && close === DQUOTE) || (open === QUOTE && close === QUOTE) || (open === LPAREN && close === RPAREN));
}

/** The key after the `@` at `i`, plain or braced (`@{https://example.com/bib?x=1}`), or undefined. */
export function mdKey(text: string, i: number, groups: MdGroups): MdKey | undefined {
  if (text.charCodeAt(i + 1) === LBRACE) {
    const e = groups.keyBraces.get(i + 1);
    return e === undefined ? undefined : { key: text.slice(i + 2, e - 1), at: i, start: i + 2, end: e - 1 };
  }
  MD_KEY.lastIndex = i + 1;
  const m = MD_KEY.exec(text);
  if (!m) return undefined;
  scanned.chars += m[0].length;
  return { key: m[0], at: i, start: i + 1, end: i + 1 + m[0].length };
}

/** After the `$` at `i`: past the math it opens (`$…$`, `$$…$$`), or just past the `$`. */
export function mathEnd(text: string, i: number, groups: MdGroups, finder: Finder): number {
  if (text.charCodeAt(i + 1) === DOLLAR) {
    const e = finder.find('$$', i + 2);
    return e < 0 ? i + 2 : e + 2;
  }
  const first = text.charCodeAt(i + 1);
  if (Number.isNaN(first) || isWhite(first)) return i + 1;
  const close = groups.nextDollar(i + 1);
  if (close < 0 || isWhite(text.charCodeAt(close - 1)) || isDigit(text.charCodeAt(close + 1))) return i + 1;
  return close + 1;
}

/**
 * After the `\` at `i` (a letter follows): past the raw TeX pandoc keeps as it is, a command
 * with the braced and bracketed arguments right after it, or a whole `\begin{…}…\end{…}`.
 */
export function rawTex(text: string, i: number, groups: MdGroups, finder: Finder): number {
  let j = i + 1;
  while (j < text.length && (isAsciiLetter(text.charCodeAt(j)) || text.charCodeAt(j) === AT)) j++;
  scanned.chars += j - i;
  const name = text.slice(i + 1, j);
  if (name === 'begin' && text.charCodeAt(j) === LBRACE) {
    const e = groups.braces.get(j);
    if (e !== undefined) {
      const marker = `\\end{${text.slice(j + 1, e - 1)}}`;
      const end = finder.find(marker, e);
      if (end >= 0) return end + marker.length;
    }
  }
  let k = j;
  while (k < text.length && isBlank(text.charCodeAt(k))) k++;
  let end = j;
  for (;;) {
    const c = text.charCodeAt(k);
    const e = c === LBRACE ? groups.braces.get(k) : c === LBRACKET ? groups.brackets.get(k) : undefined;
    if (e === undefined) return end;
    end = k = e;
  }
}

