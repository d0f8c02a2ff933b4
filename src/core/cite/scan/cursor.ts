// The lookups the host makes around a cursor: the citations near it, the key under it, and
// whether a key is being typed there (for completion). Each reads the whole document with its
// syntax's scanner, so that the answer is what the tools would read.
import type { KeysTemplate } from '../forms';
import { syntaxOfLanguage, type CitationSyntax } from '../languages';
import type { Citation, CitedKey } from './citation';
import { findCitations } from './scanners';
import { scanTemplate } from './template';

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
  if (typeof syntax === 'string') return findCitations(text, syntax).filter(c => c.end >= start && c.start <= end);
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
  const found = findCitations(probe, syntax).some(c => c.end >= from && c.start <= to && c.keys.some(k => k.start === start));
  return found ? { syntax, prefix: text.slice(start, offset), start, end } : undefined;
}
