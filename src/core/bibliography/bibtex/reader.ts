// The .bib reader itself: character tables, and a reader that takes one item (an entry, a
// macro, a comment) a step, so that parse.ts can read a file whole or in slices. What it reads
// and why is said in parse.ts, the module everything else imports.
import type { BibProblemCode } from '../problem';
import { LineStarts } from '../../util/lineStarts';

/** One entry of a .bib file. */
export interface BibEntry {
  /** Lower case, as BibTeX compares it: "misc", "online"… */
  type: string;
  key: string;
  /** 1-based line of the "@". */
  line: number;
  /** Offsets of the entry's text, from "@" to its closing delimiter included. */
  start: number;
  end: number;
  /** Offset of the key. */
  keyStart: number;
  /** Field names in lower case → value with macros expanded and parts joined; delimiters removed, LaTeX kept. */
  fields: Record<string, string>;
}

/** Something wrong in a .bib file, with the line to look at. */
export interface BibProblem {
  line: number;
  message: string;
  /** `error`: the entry is malformed (and an append could be swallowed by it). `warning`: BibTeX and biber cope. */
  severity: 'error' | 'warning';
  /** What kind of problem, for the checks that act on it. */
  code?: BibProblemCode;
  /** For a duplicate key: the line of the entry that defined it first. */
  firstLine?: number;
}

export interface ParsedBib {
  entries: BibEntry[];
  problems: BibProblem[];
}

export interface ParsedBibWithStrings extends ParsedBib {
  /** Every macro known at the end of the file (lower-case names): those given, then this file's `@string`s. */
  strings: Map<string, string>;
}

export interface BibReadOptions {
  /** Macros from the files read before this one (BibTeX reads a document's files as one). */
  strings?: ReadonlyMap<string, string>;
}

/** The month macros BibTeX predefines (biber gives numbers; for showing a date, names read best). */
export const MONTH_STRINGS: ReadonlyMap<string, string> = new Map([
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
].map(m => [m.slice(0, 3).toLowerCase(), m]));

const AT = 64, LBRACE = 123, RBRACE = 125, LPAREN = 40, RPAREN = 41, QUOTE = 34, COMMA = 44, EQUALS = 61,
  HASH = 35, PERCENT = 37, NEWLINE = 10;

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0xA0 || c === 0xFEFF;

/** White space as a regular expression's `\s` has it. */
const isWhite = (c: number) => c === 32 || (c >= 9 && c <= 13) || (c >= 0xA0 && (c === 0xA0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200A)
  || c === 0x2028 || c === 0x2029 || c === 0x202F || c === 0x205F || c === 0x3000 || c === 0xFEFF));

/**
 * The ASCII characters a token may hold (1), as a table; `others`: whether a character past ASCII
 * may be in it too (unless it is white space). Scanned by code, not by a sticky regular
 * expression: each match would make an array, and the reader matches four times an entry and
 * more (measurably slower on a large library).
 */
interface TokenChars { ascii: Uint8Array; others: boolean }
function tokenChars(allowed: (c: string) => boolean, others: boolean): TokenChars {
  const ascii = new Uint8Array(128);
  for (let c = 0; c < 128; c++) ascii[c] = allowed(String.fromCharCode(c)) ? 1 : 0;
  return { ascii, others };
}
/** The rest of an entry type, after its first letter: `[\w-]`. */
const TYPE = tokenChars(c => /[\w-]/.test(c), false);
const KEY = tokenChars(c => !/[\s,{}()"#%=\\]/.test(c), true);
const NAME = tokenChars(c => !/[\s"#%'(),={}\\]/.test(c), true);
const NUMBER = tokenChars(c => /[0-9]/.test(c), false);
/** What starts an entry: "@", a type, and its opening delimiter. */
const ENTRY_START = /@[ \t]*[A-Za-z][\w-]*[ \t]*[{(]/g;
/** An entry starting a line, which a value that is still open cannot run past. */
const LINE_ENTRY = /[ \t]*@[ \t]*[A-Za-z][\w-]*[ \t]*[{(]/y;

/** The token of `chars` at `at`, or undefined when none starts there. */
function token(chars: TokenChars, text: string, at: number): string | undefined {
  const { ascii, others } = chars;
  let i = at;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 ? ascii[c] === 0 : !others || isWhite(c)) break;
  }
  return i > at ? text.slice(at, i) : undefined;
}

/** An entry type at `at`: a letter, then letters, digits, "_" and "-". */
function entryType(text: string, at: number): string | undefined {
  const c = text.charCodeAt(at) | 32;
  return c >= 97 && c <= 122 ? token(TYPE, text, at) : undefined;
}

/**
 * A problem that ends the item being read. Not an `Error`: a damaged file may raise thousands,
 * and capturing a stack trace for each would cost more than reading the file.
 */
class BibError {
  /** `at`: where to report; `resume`: where reading goes on (-1: at the next entry after `at`). */
  constructor(readonly at: number, readonly message: string, readonly code: BibProblemCode, readonly resume = -1) {}
}

/** The longest value a field or @string may reach by joining macros; no real field comes near it. */
export const MAX_VALUE_CHARS = 1_000_000;

/** Items handled between two looks at the clock when reading without blocking. */
export const STEPS_PER_CHECK = 32;

/**
 * Reads a .bib file item by item (entry, `@string`, comment), so that a large file can be
 * read in slices with pauses between them (`parseBibAsync`).
 */
export class BibReader {
  readonly #lines: LineStarts;
  #i = 0;
  readonly entries: BibEntry[] = [];
  readonly problems: BibProblem[] = [];
  readonly strings: Map<string, string>;
  readonly #seen = new Map<string, BibEntry>();

  constructor(private readonly text: string, options: BibReadOptions) {
    this.#lines = new LineStarts(text);
    this.strings = new Map(options.strings ?? MONTH_STRINGS);
  }

  lineOf(offset: number): number {
    return this.#lines.lineOf(offset);
  }

  #problem(at: number, message: string, severity: BibProblem['severity'], code: BibProblemCode, extra: Partial<BibProblem> = {}): void {
    this.problems.push({ line: this.lineOf(at), message, severity, code, ...extra });
  }

  /** Past spaces and "%" comments (outside values, as biber reads them). */
  #skip(i: number): number {
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(i);
      if (isSpace(c)) i++;
      else if (c === PERCENT) { const nl = text.indexOf('\n', i); i = nl < 0 ? text.length : nl + 1; }
      else return i;
    }
  }

  /** True when an entry starts the line that begins at `i`. */
  #entryStartsLine(i: number): boolean {
    LINE_ENTRY.lastIndex = i;
    return LINE_ENTRY.test(this.text);
  }

  /**
   * The end of the brace group of a value opened at `open` (just past its "}"). A group still
   * open when a line starts with an entry ends there, as unclosed: a missing "}" must not
   * swallow the entries after it (and reading stays linear in the file's size). Returns -1
   * when unclosed, with `stoppedAt` set to the entry it stopped at, if any.
   */
  #closeBrace(open: number): { end: number; stoppedAt: number } {
    const text = this.text;
    let depth = 0;
    for (let i = open; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === LBRACE) depth++;
      else if (c === RBRACE) { if (--depth === 0) return { end: i + 1, stoppedAt: -1 }; }
      else if (c === NEWLINE && this.#entryStartsLine(i + 1)) return { end: -1, stoppedAt: i + 1 };
    }
    return { end: -1, stoppedAt: -1 };
  }

  /** Offsets of every "{" and of the "}" that closes it (-1: none), found in one pass when first needed. */
  #braces: { opens: Int32Array; closes: Int32Array } | undefined;

  /**
   * Just past the "}" that closes the "{" at `open`, counting every brace (as `@comment{…}`
   * is read), or -1. A table of all braces makes each look-up a binary search: a file of
   * thousands of unclosed `@comment{` is read in linear time, not scanned to its end each time.
   */
  #matchingBrace(open: number): number {
    if (!this.#braces) {
      const text = this.text;
      const opens: number[] = [];
      const closes: number[] = [];
      const stack: number[] = [];
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === LBRACE) { stack.push(opens.length); opens.push(i); closes.push(-1); }
        else if (c === RBRACE && stack.length) closes[stack.pop()!] = i + 1;
      }
      this.#braces = { opens: Int32Array.from(opens), closes: Int32Array.from(closes) };
    }
    const { opens, closes } = this.#braces;
    let lo = 0;
    let hi = opens.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (opens[mid] === open) return closes[mid];
      if (opens[mid] < open) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
  }

  /** Reads the next item; false at the end of the file. */
  step(): boolean {
    const text = this.text;
    const from = this.#i;
    if (from >= text.length) return false;
    // Text between entries is a comment, but a "}" there means an entry ended too early.
    let at = -1;
    let strayReported = false;
    for (let i = from; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === AT) { at = i; break; }
      // As biber reads it: "%" starts a comment where a word of the text between entries starts.
      if (c === PERCENT && (i === from || isSpace(text.charCodeAt(i - 1)))) { const nl = text.indexOf('\n', i); if (nl < 0) break; i = nl; continue; }
      if (c === RBRACE && !strayReported) {
        this.#problem(i, 'unmatched "}" between entries (an entry closed too early?)', 'warning', 'stray-brace');
        strayReported = true;
      }
    }
    if (at < 0) { this.#i = text.length; return false; }
    let i = this.#skip(at + 1);
    const type = entryType(text, i);
    if (!type) { this.#i = at + 1; return true; }
    i = this.#skip(i + type.length);
    const open = text.charCodeAt(i);
    if (open !== LBRACE && open !== LPAREN) {
      this.#problem(at, `"@${type}" is not followed by "{" or "(" (an "@" in a comment?)`, 'warning', 'stray-at');
      this.#i = i;
      return true;
    }
    const close = open === LBRACE ? RBRACE : RPAREN;
    const lower = type.toLowerCase();
    try {
      if (lower === 'comment') this.#i = this.#skipComment(at, i, close);
      else if (lower === 'preamble') this.#i = this.#readPreamble(i, close);
      else if (lower === 'string') this.#i = this.#readString(i, close);
      else this.#i = this.#readEntry(at, lower, i, close);
    } catch (error) {
      if (!(error instanceof BibError)) throw error;
      this.#problem(error.at, error.message, 'error', error.code);
      this.#i = error.resume >= 0 ? error.resume : this.#nextEntry(error.at + 1);
    }
    return true;
  }

  /** The offset of the next "@type{" or "@type(" at or after `from`, or the end of the file. */
  #nextEntry(from: number): number {
    ENTRY_START.lastIndex = from;
    const m = ENTRY_START.exec(this.text);
    return m ? m.index : this.text.length;
  }

  /** `@comment{…}`: skipped whole, as biber does, even when it holds what looks like an entry (JabRef keeps its groups there). */
  #skipComment(at: number, open: number, close: number): number {
    if (close === RBRACE) {
      const end = this.#matchingBrace(open);
      if (end < 0) throw new BibError(at, '@comment is not closed (unbalanced braces)', 'unclosed-entry', this.#nextEntry(open + 1));
      return end;
    }
    const end = this.text.indexOf(')', open);
    if (end < 0) throw new BibError(at, '@comment( is not closed', 'unclosed-entry', this.text.length);
    return end + 1;
  }

  #readPreamble(open: number, close: number): number {
    const { end } = this.#readValue(this.#skip(open + 1), 'preamble', '@preamble');
    const i = this.#skip(end);
    if (this.text.charCodeAt(i) !== close) throw new BibError(i, `expected "${String.fromCharCode(close)}" to close @preamble`, 'syntax');
    return i + 1;
  }

  #readString(open: number, close: number): number {
    // BibTeX allows one macro per @string; biber reads several, separated by commas.
    for (let i = open; ;) {
      i = this.#skip(i + 1);
      const name = token(NAME, this.text, i);
      if (!name) throw new BibError(i, 'expected a macro name in @string', 'syntax');
      i = this.#skip(i + name.length);
      if (this.text.charCodeAt(i) !== EQUALS) throw new BibError(i, `expected "=" after "${name}" in @string`, 'syntax');
      const { value, end } = this.#readValue(this.#skip(i + 1), name, '@string');
      i = this.#skip(end);
      this.strings.set(name.toLowerCase(), value);
      if (this.text.charCodeAt(i) === close) return i + 1;
      if (this.text.charCodeAt(i) !== COMMA) throw new BibError(i, `expected "${String.fromCharCode(close)}" to close @string{${name} = …}`, 'syntax');
    }
  }

  #readEntry(at: number, type: string, open: number, close: number): number {
    const text = this.text;
    const keyStart = this.#skip(open + 1);
    const key = token(KEY, text, keyStart);
    let i = key ? this.#skip(keyStart + key.length) : keyStart;
    const next = text.charCodeAt(i);
    if (!key || (next !== COMMA && next !== close)) {
      const shown = key ? `"@${type}${String.fromCharCode(text.charCodeAt(open))}${key}" must be followed by a comma` : `"@${type}${String.fromCharCode(text.charCodeAt(open))}" must be followed by a key and a comma`;
      throw new BibError(at, `entry without a key: ${shown}`, 'missing-key');
    }
    // BibTeX takes an apostrophe in a key (O'Hara_1999); biber stops at it and reads nothing of the file.
    if (key.includes("'")) this.#problem(keyStart, `key "${key}" has an apostrophe, which biber rejects (BibTeX accepts it)`, 'warning', 'key-character');
    const fields: Record<string, string> = {};
    for (;;) {
      i = this.#skip(i);
      const c = text.charCodeAt(i);
      if (c === close) { i++; break; }
      if (c === COMMA) { i++; continue; }
      if (i >= text.length) throw new BibError(at, `entry "${key}" is not closed: a "${String.fromCharCode(close)}" is missing (unbalanced braces?)`, 'unclosed-entry', text.length);
      if (c === AT) throw new BibError(at, `entry "${key}" is not closed before the next entry at line ${this.lineOf(i)} (unbalanced braces?)`, 'unclosed-entry', i);
      const name = token(NAME, text, i);
      if (!name) throw new BibError(i, `expected a field name in entry "${key}", found "${text.slice(i, i + 20).split('\n')[0]}"`, 'syntax');
      i = this.#skip(i + name.length);
      if (text.charCodeAt(i) !== EQUALS) throw new BibError(i, `expected "=" after field "${name}" in entry "${key}"`, 'syntax');
      const { value, end } = this.#readValue(this.#skip(i + 1), name, `entry "${key}"`);
      const field = name.toLowerCase();
      if (field in fields) this.#problem(i, `field "${name}" is given twice in entry "${key}"; BibTeX and biber use the first`, 'warning', 'duplicate-field');
      else fields[field] = value;
      i = this.#skip(end);
      const after = text.charCodeAt(i);
      if (after === COMMA || after === close) continue;
      if (i >= text.length) throw new BibError(at, `entry "${key}" is not closed: a "${String.fromCharCode(close)}" is missing (unbalanced braces?)`, 'unclosed-entry', text.length);
      if (after === AT) throw new BibError(at, `entry "${key}" is not closed before the next entry at line ${this.lineOf(i)} (unbalanced braces?)`, 'unclosed-entry', i);
      throw new BibError(i, `expected "," or "${String.fromCharCode(close)}" after field "${name}" in entry "${key}"`, 'syntax');
    }
    const entry: BibEntry = { type, key, line: this.lineOf(at), start: at, end: i, keyStart, fields };
    const earlier = this.#seen.get(key.toLowerCase());
    if (earlier) {
      this.#problem(keyStart, `key "${key}" is already used by the entry at line ${earlier.line}`, 'warning', 'duplicate-key', { firstLine: earlier.line });
    } else {
      this.#seen.set(key.toLowerCase(), entry);
    }
    this.entries.push(entry);
    return i;
  }

  /** `part # part # …` from `i`; returns the joined value and where it ends. */
  #readValue(i: number, name: string, where: string): { value: string; end: number } {
    const text = this.text;
    let value = '';
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === LBRACE) {
        const { end, stoppedAt } = this.#closeBrace(i);
        if (end < 0) throw this.#unclosedValue(i, name, where, stoppedAt);
        value += text.slice(i + 1, end - 1);
        i = end;
      } else if (c === QUOTE) {
        // A quoted value ends at a '"' outside braces.
        let depth = 0;
        let j = i + 1;
        let stoppedAt = -1;
        for (; j < text.length; j++) {
          const d = text.charCodeAt(j);
          if (d === QUOTE && depth === 0) break;
          if (d === LBRACE) depth++;
          else if (d === RBRACE) depth--;
          else if (d === NEWLINE && this.#entryStartsLine(j + 1)) { stoppedAt = j + 1; break; }
        }
        if (stoppedAt >= 0 || j >= text.length) throw this.#unclosedValue(i, name, where, stoppedAt, 'has no closing quote');
        value += text.slice(i + 1, j);
        i = j + 1;
      } else {
        const number = token(NUMBER, text, i);
        const macro = number ? undefined : token(NAME, text, i);
        if (number) {
          value += number;
          i += number.length;
        } else if (macro) {
          const expanded = this.strings.get(macro.toLowerCase());
          if (expanded === undefined) {
            // BibTeX would leave it empty; the name itself tells the reader more.
            this.#problem(i, `"${macro}" in ${where} is not a defined @string (BibTeX leaves it empty)`, 'warning', 'undefined-string');
            value += macro;
          } else {
            value += expanded;
            // Forty @strings that each double the one before would ask for a trillion characters.
            if (value.length > MAX_VALUE_CHARS) throw new BibError(i, `field "${name}" of ${where} grows past ${MAX_VALUE_CHARS.toLocaleString('en')} characters through @string "${macro}" (does a macro double itself?)`, 'syntax');
          }
          i += macro.length;
        } else {
          throw new BibError(i, `field "${name}" of ${where} has no value`, 'syntax');
        }
      }
      const after = this.#skip(i);
      if (text.charCodeAt(after) !== HASH) return { value, end: i };
      i = this.#skip(after + 1);
    }
  }

  #unclosedValue(i: number, name: string, where: string, stoppedAt: number, what = 'is not closed (unbalanced braces)'): BibError {
    const before = stoppedAt >= 0 ? ` before the entry at line ${this.lineOf(stoppedAt)}` : '';
    return new BibError(i, `field "${name}" of ${where} ${what}${before}`, 'unclosed-value', stoppedAt >= 0 ? stoppedAt : this.text.length);
  }
}
