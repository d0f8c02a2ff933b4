// CSL-JSON bibliographies: an array of items. `JSON.parse` reads a sound file at once; this
// module adds the line of each item, and for a broken file reads the items one by one, so
// that one bad item (a missing comma, a stray quote) costs only itself.
import { jsonErrorOffset } from '../../corpus/jsonLines';
import { CslItemError, cslReference, MAX_ITEM_DEPTH } from './item';
import type { Reference } from '../../model/reference';
import type { ReadProblem } from '../problem';

// Strings in the "unrolled loop" form, which V8 runs far faster than an alternation per character.
// A string without its closing quote ends at its line's end, so that it cannot swallow the items after it.
const TOKEN = /"[^"\\\n]*(?:\\.[^"\\\n]*)*"?|[{}[\],]|[^\s"{}[\],]+/g;

/**
 * The offsets of the elements of the array that is the whole text, found even when the JSON is
 * broken, with how deep each nests (1: it holds no object or array).
 */
export function rootArrayElements(text: string): { start: number; end: number; depth: number }[] | undefined {
  const elements: { start: number; end: number; depth: number }[] = [];
  let depth = 0;
  let start = -1;
  let last = -1;
  let deepest = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const c = m[0][0];
    if (depth === 0) {
      if (c !== '[') return undefined;
      depth = 1;
      continue;
    }
    if (depth === 1 && (c === ',' || c === ']')) {
      if (start >= 0) elements.push({ start, end: last, depth: deepest });
      start = -1;
      if (c === ']') return elements;
      continue;
    }
    if (depth === 1 && start < 0) {
      start = m.index;
      deepest = 1;
    }
    if (c === '{' || c === '[') {
      depth++;
      if (depth - 1 > deepest) deepest = depth - 1;
    } else if (c === '}' || c === ']') depth = Math.max(1, depth - 1);
    last = m.index + m[0].length;
  }
  if (start >= 0) elements.push({ start, end: last, depth: deepest });
  return elements;
}

const lineCounter = (text: string) => {
  let line = 1;
  let next = text.indexOf('\n');
  // Offsets are asked for in increasing order: one forward pass over the line breaks, the next
  // one kept (looking for it again from each offset would scan a one-line file to its end each time).
  return (offset: number) => {
    while (next >= 0 && next < offset) { line++; next = text.indexOf('\n', next + 1); }
    return line;
  };
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Reads a CSL-JSON bibliography: each item with its line. A file that is not valid JSON is
 * read item by item; each broken item is reported at its line and the others still load.
 *
 * @example readCslJson('[\n {"id": "a", "title": "A"},\n {"title": "no id"}\n]').problems[0].line === 3
 */
export function readCslJson(text: string): { references: Reference[]; problems: ReadProblem[] } {
  const body = text.replace(/^\uFEFF/, '');
  const problems: ReadProblem[] = [];
  const references: Reference[] = [];
  if (!body.trim()) return { references, problems };
  const elements = rootArrayElements(body);
  if (!elements) {
    problems.push({ line: 1, message: 'a CSL-JSON bibliography must be an array of items ([ {"id": …}, … ])', severity: 'error' });
    return { references, problems };
  }
  const lineAt = lineCounter(body);
  let items: unknown[] | undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (Array.isArray(parsed) && parsed.length === elements.length) items = parsed;
  } catch (error) {
    const at = jsonErrorOffset(body);
    // Reported once for the file; each item that cannot be read is reported below.
    if (at >= 0 && !elements.some(e => at >= e.start && at <= e.end)) {
      problems.push({ line: lineCounter(body)(at), message: `not valid JSON: ${messageOf(error)}`, severity: 'error' });
    }
  }
  elements.forEach((element, i) => {
    const line = lineAt(element.start);
    if (element.depth > MAX_ITEM_DEPTH) {
      problems.push({ line, message: `item ${i + 1} nests deeper than ${MAX_ITEM_DEPTH} levels (no CSL item does), skipped`, severity: 'error' });
      return;
    }
    let item: unknown;
    if (items) {
      item = items[i];
    } else {
      const source = body.slice(element.start, element.end);
      try {
        item = JSON.parse(source);
      } catch (error) {
        const at = jsonErrorOffset(source);
        const where = at >= 0 ? line + (source.slice(0, at).split('\n').length - 1) : line;
        problems.push({ line: where, message: `item ${i + 1} is not valid JSON, skipped: ${messageOf(error)}`, severity: 'error' });
        return;
      }
    }
    try {
      references.push(cslReference(item, line));
    } catch (error) {
      if (!(error instanceof CslItemError)) throw error;
      problems.push({ line, message: `item ${i + 1} skipped: ${error.message}`, severity: 'error' });
    }
  });
  return { references, problems };
}
