// reStructuredText, with sphinxcontrib-bibtex's roles (`:cite:p:`, `:footcite:`…) and their
// lists of keys; nothing in literal blocks, code directives, comments or inline literals.
import type { Citation, CitedKey } from './citation';
import { BACKSLASH, BACKTICK, blankLine, COLON, COMMA, CR, indentOf, isWhite, LBRACE, lineEnd, lineStartOf, RBRACE, scanned } from './text';

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
  scanned.chars += to - from;
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
    scanned.chars += e - i;
    if (e >= to) unclosed = i;
    return Math.min(e, to);
  };
  for (let i = from; i < to; i++) {
    scanned.chars++;
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) { i++; continue; }
    if (c === BACKTICK) {
      // An inline literal ``…`` (no escapes inside), or interpreted text `…` of another role
      // (where \` is a backtick): nothing inside counts.
      if (text.charCodeAt(i + 1) === BACKTICK) {
        const e = text.indexOf('``', i + 2);
        if (e >= 0 && e < to) i = e + 1;
        else i++;
        scanned.chars += (e < 0 ? to : e) - i;
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
export function scanRst(text: string): Citation[] {
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
