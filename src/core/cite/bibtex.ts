// A .bib reader good enough to list entry keys with their lines, compare entries, and tell a
// malformed file (which an append would make worse) from a sound one. It follows BibTeX's own
// rules: text between entries is a comment, every brace counts (a backslash does not escape it).

/** One entry of a .bib file. */
export interface BibEntry {
  /** Lower case, as BibTeX compares it: "misc", "online"… */
  type: string;
  key: string;
  /** 1-based line of the "@". */
  line: number;
  /** Offsets of the entry's text, from "@" to its closing brace included. */
  start: number;
  end: number;
  /** Field names in lower case → raw value as written, delimiters removed (`{…}`, `"…"`, or a bare word). */
  fields: Record<string, string>;
}

/** Something wrong in a .bib file, with the line to look at. */
export interface BibProblem {
  line: number;
  message: string;
  /** `error`: the file is malformed and an append could be swallowed by it. `warning`: BibTeX copes. */
  severity: 'error' | 'warning';
}

export interface ParsedBib {
  entries: BibEntry[];
  problems: BibProblem[];
}

/** BibTeX's "commands" that are not entries and carry no key. */
const NOT_ENTRIES = new Set(['comment', 'preamble', 'string']);
const KEY = /^[^\s,{}()"#%'=\\]+/;

class Reader {
  /** Start offsets of lines, to turn an offset into a line number. */
  private readonly lineStarts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') this.lineStarts.push(i + 1);
  }

  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return lo + 1;
  }

  skipSpace(i: number): number {
    while (i < this.text.length && /\s/.test(this.text[i])) i++;
    return i;
  }

  /** Index just past the brace group opened at `open`, or -1 when the file ends first. */
  closeBrace(open: number): number {
    let depth = 0;
    for (let i = open; i < this.text.length; i++) {
      if (this.text[i] === '{') depth++;
      else if (this.text[i] === '}' && --depth === 0) return i + 1;
    }
    return -1;
  }
}

class BibError extends Error {
  /** `at`: where to report; `resume`: where parsing goes on (the next entry, if one was found). */
  constructor(readonly at: number, message: string, readonly resume = at + 1) { super(message); }
}

const notClosed = (r: Reader, entryAt: number, key: string, next: number) =>
  new BibError(entryAt, `entry "${key}" is not closed before the next entry at line ${r.lineOf(next)} (unbalanced braces?)`, next);

/** Reads `name = value # value, …` up to the entry's closing delimiter; returns the fields and where the entry ends. */
function readFields(r: Reader, entryAt: number, from: number, close: string, key: string): { fields: Record<string, string>; end: number } {
  const fields: Record<string, string> = {};
  const text = r.text;
  let i = from;
  for (;;) {
    i = r.skipSpace(i);
    if (text[i] === close) return { fields, end: i + 1 };
    if (i >= text.length) throw new BibError(entryAt, `entry "${key}" is not closed: a "${close}" is missing (unbalanced braces?)`, text.length);
    if (text[i] === '@') throw notClosed(r, entryAt, key, i);
    const name = /^[A-Za-z][\w\-:.+]*/.exec(text.slice(i, i + 100))?.[0];
    if (!name) throw new BibError(i, `expected a field name in entry "${key}", found "${text.slice(i, i + 20).split('\n')[0]}"`);
    i = r.skipSpace(i + name.length);
    if (text[i] !== '=') throw new BibError(i, `expected "=" after field "${name}" in entry "${key}"`);
    const parts: string[] = [];
    for (;;) {
      i = r.skipSpace(i + 1);
      if (text[i] === '{') {
        const end = r.closeBrace(i);
        if (end < 0) throw new BibError(i, `field "${name}" of entry "${key}" is not closed (unbalanced braces)`);
        parts.push(text.slice(i + 1, end - 1));
        i = end;
      } else if (text[i] === '"') {
        // A quoted value ends at a '"' outside braces.
        let depth = 0;
        let j = i + 1;
        for (; j < text.length && !(text[j] === '"' && depth === 0); j++) {
          if (text[j] === '{') depth++;
          else if (text[j] === '}') depth--;
        }
        if (j >= text.length) throw new BibError(i, `field "${name}" of entry "${key}" has no closing quote`);
        parts.push(text.slice(i + 1, j));
        i = j + 1;
      } else {
        const word = /^[\w\-:.+]+/.exec(text.slice(i, i + 200))?.[0];
        if (!word) throw new BibError(i, `field "${name}" of entry "${key}" has no value`);
        parts.push(word);
        i += word.length;
      }
      i = r.skipSpace(i);
      if (text[i] !== '#') break;
    }
    fields[name.toLowerCase()] = parts.join('');
    if (text[i] === ',') { i++; continue; }
    if (text[i] === close) return { fields, end: i + 1 };
    if (text[i] === '@') throw notClosed(r, entryAt, key, i);
    if (i >= text.length) throw new BibError(entryAt, `entry "${key}" is not closed: a "${close}" is missing (unbalanced braces?)`, text.length);
    throw new BibError(i, `expected "," or "${close}" after field "${name}" in entry "${key}"`);
  }
}

/**
 * Parses a .bib file: its entries with keys, lines and fields, and the problems that make
 * it unsafe to append to (an entry that is not closed, an entry without a key, a stray
 * closing brace, a key given twice). Never throws; after a problem it resumes at the next "@".
 *
 * @example parseBib('@misc{a,\n  title = {A}}\n').entries[0] → { type: 'misc', key: 'a', line: 1, fields: { title: 'A' }, … }
 * @example parseBib('@misc{title = {A}}').problems[0].message → 'entry without a key …'
 */
export function parseBib(text: string): ParsedBib {
  const r = new Reader(text);
  const entries: BibEntry[] = [];
  const problems: BibProblem[] = [];
  const seen = new Map<string, BibEntry>();
  let i = 0;
  while (i < text.length) {
    const at = text.indexOf('@', i);
    // BibTeX ignores text between entries, but a stray "}" there means an entry ended early.
    const between = text.slice(i, at < 0 ? text.length : at);
    const stray = between.indexOf('}');
    if (stray >= 0) problems.push({ line: r.lineOf(i + stray), message: 'unmatched "}" between entries (an entry closed too early?)', severity: 'warning' });
    if (at < 0) break;
    const head = /^@\s*([A-Za-z]+)/.exec(text.slice(at, at + 40));
    if (!head) { i = at + 1; continue; }
    const type = head[1];
    const openAt = r.skipSpace(at + head[0].length);
    const open = text[openAt];
    if (open !== '{' && open !== '(') {
      problems.push({ line: r.lineOf(at), message: `"@${type}" is not followed by "{" or "(" (an "@" in a comment?)`, severity: 'warning' });
      i = openAt;
      continue;
    }
    const close = open === '{' ? '}' : ')';
    const lower = type.toLowerCase();
    if (NOT_ENTRIES.has(lower)) {
      const end = open === '{' ? r.closeBrace(openAt) : text.indexOf(')', openAt) + 1;
      if (end <= 0) { problems.push({ line: r.lineOf(at), message: `@${type} is not closed (unbalanced braces)`, severity: 'error' }); break; }
      i = end;
      continue;
    }
    const j = r.skipSpace(openAt + 1);
    const key = KEY.exec(text.slice(j, j + 300))?.[0];
    const afterKey = key ? r.skipSpace(j + key.length) : j;
    if (!key || (text[afterKey] !== ',' && text[afterKey] !== close)) {
      problems.push({ line: r.lineOf(at), message: `entry without a key: "@${type}${open}" must be followed by a key and a comma`, severity: 'error' });
      const end = open === '{' ? r.closeBrace(openAt) : -1;
      i = end > 0 ? end : at + 1;
      continue;
    }
    try {
      const { fields, end } = text[afterKey] === close ? { fields: {}, end: afterKey + 1 } : readFields(r, at, afterKey + 1, close, key);
      const entry: BibEntry = { type: lower, key, line: r.lineOf(at), start: at, end, fields };
      const earlier = seen.get(key.toLowerCase());
      if (earlier) problems.push({ line: entry.line, message: `key "${key}" is already used by the entry at line ${earlier.line}`, severity: 'warning' });
      else seen.set(key.toLowerCase(), entry);
      entries.push(entry);
      i = end;
    } catch (e) {
      if (!(e instanceof BibError)) throw e;
      problems.push({ line: r.lineOf(e.at), message: e.message, severity: 'error' });
      // Resume at the next entry, so that one bad entry does not hide the rest.
      const next = text.indexOf('@', e.resume);
      if (next < 0) break;
      i = next;
    }
  }
  return { entries, problems };
}

/** Collapses whitespace so that entries compare as BibTeX reads them: re-indented text is the same entry. */
export const squashBib = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * True when two entries say the same thing: same type and key (BibTeX ignores their case),
 * same fields whatever their order, values equal up to whitespace.
 *
 * @example sameBibEntry(parseBib('@misc{a, title={A  B}}').entries[0], parseBib('@MISC{a,\n title = {A B},\n}').entries[0]) === true
 */
export function sameBibEntry(a: BibEntry, b: BibEntry): boolean {
  if (a.type !== b.type || a.key.toLowerCase() !== b.key.toLowerCase()) return false;
  const names = Object.keys(a.fields);
  if (names.length !== Object.keys(b.fields).length) return false;
  return names.every(n => n in b.fields && squashBib(a.fields[n]) === squashBib(b.fields[n]));
}
