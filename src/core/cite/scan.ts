// Finding the citations in a document's text, in every common form of each syntax, with the
// exact offsets of each key. Shared by hover, go-to-definition and joining a new key in.
import { syntaxOfLanguage, type CitationSyntax, type KeysTemplate } from './forms';

/** One key inside a citation: `text.slice(start, end) === key`. */
export interface CitedKey {
  key: string;
  start: number;
  end: number;
}

/** One citation found in a document. Offsets are UTF-16 indices into the text, as VS Code's. */
export interface Citation {
  /** The syntax, or `custom` for a citation matched by a user's own template. */
  syntax: CitationSyntax | 'custom';
  /** The whole citation, command and brackets included. */
  start: number;
  end: number;
  /** Where its keys are written (inside `{…}`, `[…]` or `` `…` ``): a cursor here is inside it. */
  listStart: number;
  listEnd: number;
  keys: CitedKey[];
  /** False for a bare `@key` outside brackets in Markdown, which `[@…]` templates do not join. */
  bracketed: boolean;
}

/** Every LaTeX cite command: \cite, \citep, \citet, \citeauthor, \autocite, \parencite, \textcite, \footcite, \nocite, \Cite… */
const LATEX_COMMAND = /\\([A-Za-z]*[cC]ite[A-Za-z]*)\*?/g;
/** How far back completion looks for the `\cite{` it is in. */
const LOOKBACK = 2000;

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

/** The index just past the group opened at `open` (`[` or `{`), or -1 when it is not closed before a paragraph break. */
function closeOf(text: string, open: number): number {
  const [left, right] = text[open] === '[' ? ['[', ']'] : ['{', '}'];
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') { i++; continue; }
    if (ch === left) depth++;
    else if (ch === right && --depth === 0) return i + 1;
    else if (ch === '\n' && /^\n[ \t]*\n/.test(text.slice(i, i + 80))) return -1;
  }
  return -1;
}

const skipSpace = (text: string, i: number) => { while (/[ \t\r\n]/.test(text[i] ?? '')) i++; return i; };

function scanLatex(text: string): Citation[] {
  const found: Citation[] = [];
  for (const m of text.matchAll(LATEX_COMMAND)) {
    let i = skipSpace(text, m.index + m[0].length);
    // Up to two optional arguments: \cite[see][p.~3]{a}.
    for (let n = 0; n < 2 && text[i] === '['; n++) {
      const close = closeOf(text, i);
      if (close < 0) break;
      i = skipSpace(text, close);
    }
    if (text[i] !== '{') continue;
    const close = closeOf(text, i);
    // An unclosed list (being typed) runs to the end of its line.
    const listEnd = close < 0 ? i + 1 + /^[^{}\\\n]*/.exec(text.slice(i + 1))![0].length : close - 1;
    const list = text.slice(i + 1, listEnd);
    if (close < 0 && /[{}\\]/.test(text[listEnd] ?? '')) continue;
    found.push({ syntax: 'latex', start: m.index, end: close < 0 ? listEnd : close, listStart: i + 1, listEnd, keys: splitKeys(list, i + 1, /\s*,\s*/), bracketed: true });
  }
  return found;
}

// Pandoc's key grammar: a letter, digit or "_", then those and internal punctuation.
const PANDOC_KEY = String.raw`[A-Za-z0-9_](?:[A-Za-z0-9_]|[:.#$%&\-+?<>~/](?=[A-Za-z0-9_]))*`;
// An "@" right after a word character, a dot or a slash is part of an e-mail address or a URL.
const NOT_AFTER = String.raw`(?<![A-Za-z0-9_.+\-/:@\\])`;
const BARE_PANDOC = new RegExp(`${NOT_AFTER}@(${PANDOC_KEY})`, 'g');
const IN_BRACKETS = new RegExp(String.raw`(?<![A-Za-z0-9_.+/:@\\])@(${PANDOC_KEY})`, 'g');

/**
 * The text with code (fenced blocks, inline spans) and a YAML front matter blanked out,
 * offsets kept: "@decorator" in a Python block is no citation.
 */
function maskCode(text: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  return text
    .replace(/^---[ \t]*\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*$/m, (s, at: number) => (at === 0 ? blank(s) : s))
    .replace(/^([ \t]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^[ \t]*\2[ \t]*$|(?![\s\S]))/gm, blank)
    .replace(/(`+)(?!`)[^\n]*?(?<!`)\1(?!`)/g, blank);
}

function scanPandoc(text: string): Citation[] {
  const masked = maskCode(text);
  const found: Citation[] = [];
  const inBrackets: [number, number][] = [];
  for (const m of masked.matchAll(/\[([^[\]\n]*(?:\n[^[\]\n]+)*)\](?![([])/g)) {
    const listStart = m.index + 1;
    const keys = [...m[1].matchAll(IN_BRACKETS)].map(k => ({ key: k[1], start: listStart + k.index + 1, end: listStart + k.index + 1 + k[1].length }));
    if (!keys.length) continue;
    found.push({ syntax: 'pandoc', start: m.index, end: m.index + m[0].length, listStart, listEnd: m.index + m[0].length - 1, keys, bracketed: true });
    inBrackets.push([m.index, m.index + m[0].length]);
  }
  let next = 0;
  for (const m of masked.matchAll(BARE_PANDOC)) {
    // Both lists run in text order, so one pointer finds the bracket (if any) around each "@".
    while (next < inBrackets.length && inBrackets[next][1] <= m.index) next++;
    if (next < inBrackets.length && m.index > inBrackets[next][0]) continue;
    const key = { key: m[1], start: m.index + 1, end: m.index + m[0].length };
    found.push({ syntax: 'pandoc', start: m.index, end: key.end, listStart: m.index, listEnd: key.end, keys: [key], bracketed: false });
  }
  return found.sort((a, b) => a.start - b.start);
}

// Typst labels: letters, digits, "_", "-", ":" and ".", not ending in "." or ":".
const TYPST_KEY = String.raw`[\p{L}\p{N}_](?:[\p{L}\p{N}_\-]|[:.](?=[\p{L}\p{N}_\-]))*`;
const TYPST_SUPPLEMENT = String.raw`(?:\[[^\]\n]*\])?`;
const TYPST_RUN = new RegExp(`${NOT_AFTER}@${TYPST_KEY}${TYPST_SUPPLEMENT}(?:[ \t]+@${TYPST_KEY}${TYPST_SUPPLEMENT})*`, 'gu');
const TYPST_REF = new RegExp(`@(${TYPST_KEY})`, 'gu');
const TYPST_CITE_CALL = new RegExp(`#cite\\(\\s*<(${TYPST_KEY})>`, 'gu');

function scanTypst(text: string): Citation[] {
  const masked = maskCode(text);
  const found: Citation[] = [];
  // "@a @b[p. 3]" next to each other is one citation group in Typst; a key joins after the last supplement.
  for (const m of masked.matchAll(TYPST_RUN)) {
    const keys = [...m[0].matchAll(TYPST_REF)].map(k => ({ key: k[1], start: m.index + k.index + 1, end: m.index + k.index + 1 + k[1].length }));
    found.push({ syntax: 'typst', start: m.index, end: m.index + m[0].length, listStart: m.index, listEnd: m.index + m[0].length, keys, bracketed: false });
  }
  for (const m of masked.matchAll(TYPST_CITE_CALL)) {
    const start = m.index + m[0].length - m[1].length - 1;
    const key = { key: m[1], start, end: start + m[1].length };
    found.push({ syntax: 'typst', start: m.index, end: key.end + 1, listStart: key.start, listEnd: key.end, keys: [key], bracketed: true });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** sphinxcontrib-bibtex roles: :cite:, :cite:p:, :cite:t:, :cite:ps:, :footcite:… */
const RST_ROLE = /:(?:foot)?cite(?::[a-z]+)?:`([^`\n]*)`?/g;

function scanRst(text: string): Citation[] {
  return [...text.matchAll(RST_ROLE)].map(m => {
    const listStart = m.index + m[0].indexOf('`') + 1;
    return { syntax: 'rst', start: m.index, end: m.index + m[0].length, listStart, listEnd: listStart + m[1].length, keys: splitKeys(m[1], listStart, /\s*,\s*/), bracketed: true };
  });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
 * Every citation of one syntax in a document, in order.
 *
 * @example findCitations('see \\citep[p.~3]{a, b}', 'latex')[0].keys.map(k => k.key) → ['a', 'b']
 */
export function findCitations(text: string, syntax: CitationSyntax): Citation[] {
  return SCANNERS[syntax](text);
}

/** How far a lookup reads each way from the cursor: far more than any citation, far less than a long document. */
const WINDOW = 4000;
const BLANK_LINE = /\n[ \t]*\r?\n/g;

/**
 * The paragraph around `offset`, as offsets: no citation crosses a blank line, so hover,
 * completion and joining need read no more. With `code`, the start moves back to an open
 * code fence or a front matter the paragraph is in, so that masking them still works.
 */
function paragraphAround(text: string, offset: number, code: boolean): { start: number; end: number } {
  const from = Math.max(0, offset - WINDOW);
  let start = from;
  for (const m of text.slice(from, offset).matchAll(BLANK_LINE)) start = from + m.index + m[0].length;
  const after = text.slice(offset, offset + WINDOW).search(/\n[ \t]*\r?\n/);
  const end = after < 0 ? Math.min(text.length, offset + WINDOW) : offset + after;
  if (!code) return { start, end };
  const front = /^---[ \t]*\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*$/m.exec(text);
  if (front?.index === 0 && start < front[0].length) return { start: 0, end };
  let open: { at: number; fence: string } | null = null;
  for (const m of text.slice(0, start).matchAll(/^[ \t]*(`{3,}|~{3,})/gm)) {
    if (!open) open = { at: m.index, fence: m[1] };
    else if (m[1][0] === open.fence[0] && m[1].length >= open.fence.length) open = null;
  }
  return { start: open ? open.at : start, end };
}

const shift = (c: Citation, by: number): Citation => ({
  ...c, start: c.start + by, end: c.end + by, listStart: c.listStart + by, listEnd: c.listEnd + by,
  keys: c.keys.map(k => ({ key: k.key, start: k.start + by, end: k.end + by })),
});

/**
 * The citations of one syntax in the paragraph around `offset` (or, with a keys template,
 * those written with it), offsets into the whole text. What hover and joining use: it reads
 * a few thousand characters, not the whole document.
 *
 * @example findCitationsNear(longText, cursor, 'pandoc') → the citations of the cursor's paragraph
 */
export function findCitationsNear(text: string, offset: number, syntax: CitationSyntax | KeysTemplate): Citation[] {
  const code = syntax === 'pandoc' || syntax === 'typst';
  const { start, end } = paragraphAround(text, offset, code);
  const slice = text.slice(start, end);
  const found = typeof syntax === 'string' ? SCANNERS[syntax](slice) : scanTemplate(slice, syntax);
  return found.map(c => shift(c, start));
}

/** A key found in a document, with the citation it belongs to. */
export interface KeyAt extends CitedKey {
  citation: Citation;
}

/**
 * The citation key at `offset` (a cursor touching either end of the key counts), for hover
 * and go-to-definition. Every common form of the language's syntax is recognised whatever
 * command the user configured. Languages without a syntax (plain text, code) are searched
 * for LaTeX commands and bracketed Pandoc citations, never for a bare `@word`.
 *
 * @example findKeyAt('\\citep[p.~3]{a,\n  b}', 18, 'latex') → { key: 'b', start: 18, end: 19, citation }
 * @example findKeyAt('me@example.com', 4, 'markdown') === undefined
 */
export function findKeyAt(text: string, offset: number, languageId: string): KeyAt | undefined {
  const syntax = syntaxOfLanguage(languageId);
  const citations = syntax
    ? findCitationsNear(text, offset, syntax)
    : [...findCitationsNear(text, offset, 'latex'), ...findCitationsNear(text, offset, 'pandoc').filter(c => c.bracketed)];
  for (const citation of citations) {
    if (offset < citation.start || offset > citation.end) continue;
    const key = citation.keys.find(k => offset >= k.start && offset <= k.end);
    if (key) return { ...key, citation };
  }
  return undefined;
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

const LATEX_KEY_CHAR = /[^\s,{}%\\#~]/;
const PANDOC_KEY_CHAR = /[A-Za-z0-9_:.#$%&\-+?<>~/]/;
const TYPST_KEY_CHAR = /[\p{L}\p{N}_\-:.]/u;

function wordAround(text: string, offset: number, keyChar: RegExp): { start: number; end: number } {
  let start = offset;
  while (start > 0 && keyChar.test(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && keyChar.test(text[end])) end++;
  return { start, end };
}

function latexCompletion(text: string, offset: number): CompletionContext | undefined {
  const { start, end } = wordAround(text, offset, LATEX_KEY_CHAR);
  // Back over earlier keys of the list to its "{", then over optional arguments to the command.
  const before = text.slice(Math.max(0, start - LOOKBACK), start);
  const list = /\{[^{}\\]*$/.exec(before);
  if (!list || !/(?:^\{|,)\s*$/.test(list[0])) return undefined;
  let head = before.slice(0, list.index).trimEnd();
  while (head.endsWith(']')) {
    const open = head.lastIndexOf('[');
    if (open < 0) return undefined;
    head = head.slice(0, open).trimEnd();
  }
  if (!/\\[A-Za-z]*[cC]ite[A-Za-z]*\*?$/.test(head)) return undefined;
  return { syntax: 'latex', prefix: text.slice(start, offset), start, end };
}

function atCompletion(text: string, offset: number, syntax: 'pandoc' | 'typst'): CompletionContext | undefined {
  const window = paragraphAround(text, offset, true);
  const masked = maskCode(text.slice(window.start, window.end));
  const local = wordAround(masked, offset - window.start, syntax === 'pandoc' ? PANDOC_KEY_CHAR : TYPST_KEY_CHAR);
  const before = (n: number) => masked[local.start - n] ?? '';
  if (before(1) !== '@') return undefined;
  if (/[A-Za-z0-9_.+/:@\\]/.test(before(2))) return undefined;
  // "-@key" suppresses the author in Pandoc; elsewhere a dash before "@" is part of a word.
  if (before(2) === '-' && !(syntax === 'pandoc' && /[[;\s]/.test(before(3) || ' '))) return undefined;
  const start = window.start + local.start;
  return { syntax, prefix: text.slice(start, offset), start, end: window.start + local.end };
}

function rstCompletion(text: string, offset: number): CompletionContext | undefined {
  const { start, end } = wordAround(text, offset, /[^\s,`]/);
  const before = text.slice(Math.max(0, start - LOOKBACK), start);
  const role = /:(?:foot)?cite(?::[a-z]+)?:`[^`\n]*$/.exec(before);
  if (!role || !/(?:`|,)\s*$/.test(role[0])) return undefined;
  return { syntax: 'rst', prefix: text.slice(start, offset), start, end };
}

/**
 * Whether `offset` is where a citation key is being typed, and if so what is typed so far.
 * LaTeX: inside `\cite…{` right after `{` or a comma (open or closed list, optional
 * arguments allowed); Markdown: after `@` (not in an e-mail address, not in code);
 * Typst: after `@`; reStructuredText: inside `` :cite:` `` after the backtick or a comma.
 *
 * @example completionContextAt('\\cite{a, Re', 11, 'latex') → { syntax: 'latex', prefix: 'Re', start: 9, end: 11 }
 * @example completionContextAt('me@exa', 6, 'markdown') === undefined
 */
export function completionContextAt(text: string, offset: number, languageId: string): CompletionContext | undefined {
  const syntax = syntaxOfLanguage(languageId);
  switch (syntax) {
    case 'latex': return latexCompletion(text, offset);
    case 'pandoc':
    case 'typst': return atCompletion(text, offset, syntax);
    case 'rst': return rstCompletion(text, offset);
    case null: return undefined;
  }
}
