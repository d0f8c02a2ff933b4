// Where an entry's key is written in a bibliography file, and how a new key is written there:
// after `@type{` in a .bib, as the `"id"` of an item in CSL-JSON, as `id:` of a CSL-YAML item or
// the top-level key of a Hayagriva entry. Only the key's characters change; the rest of the file
// stays byte for byte what it was.
import { parseBib } from '../bibliography/bibtex/parse';

export type KeyedFormat = 'bibtex' | 'csl-json' | 'yaml';

/** How the key is written: bare in a .bib, a JSON string or number, a YAML plain or quoted scalar. */
type Quoting = 'bare' | 'json' | 'yaml-plain' | 'yaml-double' | 'yaml-single';

/** An entry's key as written in its file. */
export interface EntryKey {
  key: string;
  /** The key's characters (inside any quotes): what a rename highlights. */
  start: number;
  end: number;
  /** The whole written token (quotes included): what a rename replaces. */
  tokenStart: number;
  tokenEnd: number;
  quoting: Quoting;
}

const BIBTEX_HEAD = /@[ \t]*([A-Za-z]+)[ \t]*[{(][ \t]*/g;
const BIBTEX_KEY = /[^\s,{}()"#%=\\]+/y;
const NOT_ENTRIES = new Set(['string', 'preamble', 'comment']);
const JSON_ID = /"id"\s*:\s*("(?:[^"\\\n]|\\.)*"|-?\d+(?:\.\d+)?)/g;
const YAML_ID = /^([ \t]*(?:-[ \t]+)?)id[ \t]*:[ \t]*/;
const YAML_TOP = /^(?=[^\s#-])/;

/** The lines of a text with their offsets (a line ends before its `\n`, any `\r` trimmed). */
function linesOf(text: string): { start: number; text: string }[] {
  const lines: { start: number; text: string }[] = [];
  let start = 0;
  for (;;) {
    const next = text.indexOf('\n', start);
    const end = next < 0 ? text.length : next;
    lines.push({ start, text: text.slice(start, text[end - 1] === '\r' ? end - 1 : end) });
    if (next < 0) return lines;
    start = next + 1;
  }
}

/** The .bib entries' keys on one line (`@article{key,`), offsets into the whole text. */
function bibtexKeysOn(text: string, from: number, to: number): EntryKey[] {
  const keys: EntryKey[] = [];
  const line = text.slice(from, to);
  BIBTEX_HEAD.lastIndex = 0;
  for (let m = BIBTEX_HEAD.exec(line); m; m = BIBTEX_HEAD.exec(line)) {
    if (NOT_ENTRIES.has(m[1].toLowerCase())) continue;
    BIBTEX_KEY.lastIndex = m.index + m[0].length;
    const key = BIBTEX_KEY.exec(line)?.[0];
    const at = from + m.index + m[0].length;
    if (key) keys.push({ key, start: at, end: at + key.length, tokenStart: at, tokenEnd: at + key.length, quoting: 'bare' });
  }
  return keys;
}

/** The CSL-JSON `"id": …` on one line, offsets into the whole text. */
function jsonKeysOn(text: string, from: number, to: number): EntryKey[] {
  const keys: EntryKey[] = [];
  const line = text.slice(from, to);
  JSON_ID.lastIndex = 0;
  for (let m = JSON_ID.exec(line); m; m = JSON_ID.exec(line)) {
    const token = m[1];
    const tokenStart = from + m.index + m[0].length - token.length;
    let key: string;
    try {
      key = String(JSON.parse(token));
    } catch {
      continue;
    }
    const quoted = token.startsWith('"');
    keys.push({ key, start: tokenStart + (quoted ? 1 : 0), end: tokenStart + token.length - (quoted ? 1 : 0), tokenStart, tokenEnd: tokenStart + token.length, quoting: 'json' });
  }
  return keys;
}

/** A YAML scalar at `at` in `line` (plain, '…' or "…"), up to a `:` (a mapping key) or the end of the line. */
function yamlScalar(line: string, at: number, mappingKey: boolean): { key: string; start: number; end: number; tokenEnd: number; quoting: Quoting } | undefined {
  const c = line[at];
  if (c === '"') {
    const m = /^"((?:[^"\\]|\\.)*)"/.exec(line.slice(at));
    if (!m) return undefined;
    try {
      return { key: JSON.parse(m[0]) as string, start: at + 1, end: at + m[0].length - 1, tokenEnd: at + m[0].length, quoting: 'yaml-double' };
    } catch {
      return undefined;
    }
  }
  if (c === "'") {
    const m = /^'((?:[^']|'')*)'/.exec(line.slice(at));
    return m ? { key: m[1].replace(/''/g, "'"), start: at + 1, end: at + m[0].length - 1, tokenEnd: at + m[0].length, quoting: 'yaml-single' } : undefined;
  }
  const rest = line.slice(at);
  const m = mappingKey ? /^([^:#]*?)[ \t]*:(?:[ \t]|$)/.exec(rest) : /^(.*?)[ \t]*(?:[ \t]#.*)?$/.exec(rest);
  if (!m || !m[1]) return undefined;
  return { key: m[1], start: at, end: at + m[1].length, tokenEnd: at + m[1].length, quoting: 'yaml-plain' };
}

/** A CSL-YAML `id:` or a Hayagriva entry's top-level key on one line, offsets into the whole text. */
function yamlKeyOn(line: { start: number; text: string }): EntryKey | undefined {
  const id = YAML_ID.exec(line.text);
  const found = id ? yamlScalar(line.text, id[0].length, false) : YAML_TOP.test(line.text) && !/^(?:references|---|\.\.\.)\b/.test(line.text) ? yamlScalar(line.text, 0, true) : undefined;
  if (!found) return undefined;
  const at = line.start;
  return { key: found.key, start: at + found.start, end: at + found.end, tokenStart: at + (found.quoting === 'yaml-plain' ? found.start : found.start - 1), tokenEnd: at + found.tokenEnd, quoting: found.quoting };
}

function keysOnLine(text: string, line: { start: number; text: string }, format: KeyedFormat): EntryKey[] {
  const end = line.start + line.text.length;
  if (format === 'bibtex') return bibtexKeysOn(text, line.start, end);
  if (format === 'csl-json') return jsonKeysOn(text, line.start, end);
  return [yamlKeyOn(line)].filter(k => k !== undefined);
}

/**
 * The entry key written on the line of `offset`, when `offset` touches it: what F2 in a
 * bibliography file renames. Undefined elsewhere (a field, a value, another line).
 *
 * @example entryKeyAt('@book{doe,\n  title={T}}', 7, 'bibtex') → { key: 'doe', start: 6, end: 9, … }
 */
export function entryKeyAt(text: string, offset: number, format: KeyedFormat): EntryKey | undefined {
  return keysOnLine(text, lineAround(text, offset), format).find(k => offset >= k.start && offset <= k.end);
}

/** The line holding `offset`: where it starts and its text (any `\r` trimmed). */
function lineAround(text: string, offset: number): { start: number; text: string } {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const next = text.indexOf('\n', offset);
  const end = next < 0 ? text.length : next;
  return { start, text: text.slice(start, text[end - 1] === '\r' ? end - 1 : end) };
}

/** The offset where 1-based `line` starts, or undefined past the end. */
function lineStart(text: string, line: number): number | undefined {
  let at = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf('\n', at);
    if (next < 0) return undefined;
    at = next + 1;
  }
  return at;
}

/**
 * Where the entry `key` is written in a bibliography file: looked for on `line` (1-based, where
 * the library read the entry) and the lines after it up to the next entry; if the file changed
 * since, on each line that holds the key's characters; last, in the whole file (a key on the line
 * after `@article{`, a JSON id written with escapes). Undefined when no entry of the file has that key.
 *
 * @example findEntryKey('[{"id": "a"}, {"id": "b"}]', 'b', 'csl-json', 1)?.start === 22
 */
export function findEntryKey(text: string, key: string, format: KeyedFormat, line = 1): EntryKey | undefined {
  const on = (l: { start: number; text: string }) => keysOnLine(text, l, format).find(k => k.key === key);
  // An item's id may come a few lines below its first line (CSL-JSON, CSL-YAML).
  let at = lineStart(text, line);
  for (let n = 0; at !== undefined && n < (format === 'bibtex' ? 1 : 40); n++) {
    const l = lineAround(text, at);
    const found = on(l);
    if (found) return found;
    const next = text.indexOf('\n', at);
    at = next < 0 ? undefined : next + 1;
  }
  for (let i = text.indexOf(key); i >= 0; i = text.indexOf(key, i + key.length)) {
    const l = lineAround(text, i);
    const found = on(l);
    if (found) return found;
    i = l.start + l.text.length;
  }
  if (format === 'bibtex') {
    const entry = parseBib(text).entries.find(e => e.key === key);
    return entry && { key, start: entry.keyStart, end: entry.keyStart + key.length, tokenStart: entry.keyStart, tokenEnd: entry.keyStart + key.length, quoting: 'bare' };
  }
  return linesOf(text).map(on).find(k => k !== undefined);
}

const YAML_PLAIN = /^[\p{L}_][\p{L}\p{N}_\-./+]*$/u;
const YAML_WORDS = /^(?:true|false|null|yes|no|on|off|y|n)$/i;

/**
 * The text that replaces an entry key's token for a new key: the key itself in a .bib, a JSON
 * string in CSL-JSON, in YAML the key as its scalar was written (quoted when a plain scalar
 * could not hold it).
 *
 * @example writtenKey({ quoting: 'json' } as EntryKey, 'doe"x') === '"doe\\"x"'
 */
export function writtenKey(entry: EntryKey, newKey: string): string {
  switch (entry.quoting) {
    case 'json': case 'yaml-double': return JSON.stringify(newKey);
    case 'yaml-single': return `'${newKey.replace(/'/g, "''")}'`;
    case 'yaml-plain': return YAML_PLAIN.test(newKey) && !YAML_WORDS.test(newKey) ? newKey : JSON.stringify(newKey);
    case 'bare': return newKey;
  }
}
