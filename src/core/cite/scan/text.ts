// What every scanner reads a text with: character codes, line ends, a memoised search, the table
// of where lines start, and the count of characters read (the test hook behind "a scan's work
// grows linearly", which each scanner adds to as it reads).

/**
 * How many characters the scanners have read since the module was loaded. One shared object,
 * not a module `let`, so that the scanner of each syntax, in its own module, can add to it.
 */
export const scanned = { chars: 0 };

/**
 * How many characters the scanners have read since the module was loaded: a test hook, to check
 * that a scan's work grows linearly with the text however damaged it is, without a wall clock.
 */
export function scanWork(): number {
  return scanned.chars;
}

export const TAB = 9, LF = 10, CR = 13, SPACE = 32, DQUOTE = 34, HASH = 35, DOLLAR = 36, PERCENT = 37, AMP = 38, QUOTE = 39;
export const LPAREN = 40, RPAREN = 41, STAR = 42, COMMA = 44, DASH = 45, DOT = 46, SLASH = 47, COLON = 58, SEMI = 59;
export const LT = 60, GT = 62, AT = 64, LBRACKET = 91, BACKSLASH = 92, RBRACKET = 93, CARET = 94, UNDERSCORE = 95;
export const BACKTICK = 96, LBRACE = 123, RBRACE = 125, TILDE = 126, BANG = 33, EQUALS = 61;

export const isBlank = (c: number) => c === SPACE || c === TAB || c === CR;
export const isWhite = (c: number) => c === SPACE || c === TAB || c === CR || c === LF;
export const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
export const isDigit = (c: number) => c >= 48 && c <= 57;

/** The index of the line break ending the line at `i`, or the text's length. */
export function lineEnd(text: string, i: number): number {
  const n = text.indexOf('\n', i);
  scanned.chars += (n < 0 ? text.length : n) - i;
  return n < 0 ? text.length : n;
}

/** The index where the line holding `i` starts. */
export const lineStartOf = (text: string, i: number) => text.lastIndexOf('\n', i - 1) + 1;

/** Whether a line holds only blanks. */
export const blankLine = (s: string) => {
  for (let i = 0; i < s.length; i++) if (!isBlank(s.charCodeAt(i))) return false;
  return true;
};

/** The columns and characters of a line's leading blanks (a tab goes to the next multiple of 4). */
export function indentOf(s: string): { cols: number; chars: number } {
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

/** The index of the first ASCII character at or after `i` that `table` marks, or the text's end. */
export function skipTable(text: string, i: number, table: Uint8Array): number {
  const n = text.length;
  const from = i;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && table[c] === 1) break;
  }
  scanned.chars += i - from;
  return i;
}

/** The first offset of a sorted list at or after `from` (binary search), or -1. */
export function firstAtOrAfter(list: readonly number[], from: number): number {
  let lo = 0, hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length ? list[lo] : -1;
}

/**
 * `text.indexOf(needle, from)`, remembering its last answer so that many searches from
 * increasing positions for a needle that is far away (or absent) read the text once.
 */
export class Finder {
  readonly #memo = new Map<string, { from: number; at: number }>();
  constructor(private readonly text: string) {}
  find(needle: string, from: number): number {
    const last = this.#memo.get(needle);
    if (last && last.from <= from && (last.at < 0 || last.at >= from)) return last.at;
    const at = this.text.indexOf(needle, from);
    scanned.chars += (at < 0 ? this.text.length : at) - from;
    this.#memo.set(needle, { from, at });
    return at;
  }
}
