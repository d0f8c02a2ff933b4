import { pause } from '../util/pause';

const TOKENS_PER_SLICE = 100_000;

/**
 * Line numbers of the elements of the `papers` array in a JSON corpus file, so that a
 * problem with the 120th paper can be reported at its line. `JSON.parse` gives values,
 * not positions, hence this scanner. It steps from token to token with one regular
 * expression (strings whole, escapes and all), so a file of 100,000 papers takes a
 * second or so; it pauses every `TOKENS_PER_SLICE` tokens so as not to hold the event
 * loop that long. Elements it cannot place get the line of the array itself.
 *
 * @example await papersElementLines('{"papers": [\n {"id": "a"},\n {"id": "b"}\n]}') → [2, 3]
 */
export async function papersElementLines(text: string): Promise<number[]> {
  const starts: number[] = [];
  // Strings in the "unrolled loop" form, which V8 runs far faster than an alternation per character.
  const TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"|[{}[\],]|[^\s"{}[\],]+/g;
  let depth = 0;
  let lastKey = '';
  let papersDepth = -1;        // depth of the "papers" array once opened
  let awaitingElement = false; // inside that array, before the next element starts
  let tokens = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    if (++tokens % TOKENS_PER_SLICE === 0) await pause();
    const token = m[0];
    const c = token[0];
    if (awaitingElement && c !== ']' && c !== ',') {
      starts.push(m.index);
      awaitingElement = false;
    }
    if (c === '"') {
      if (depth === 1) lastKey = token.slice(1, -1);
    } else if (c === '{' || c === '[') {
      depth++;
      if (c === '[' && depth === 2 && lastKey === 'papers' && papersDepth < 0) { papersDepth = depth; awaitingElement = true; }
    } else if (c === '}' || c === ']') {
      if (depth === papersDepth && c === ']') break;
      depth--;
    } else if (c === ',' && depth === papersDepth) {
      awaitingElement = true;
    }
  }
  // Offsets to lines in one forward pass over the line breaks. (The next break is kept: looking
  // for it again from each element would scan a one-line file to its end once per element.)
  const lines: number[] = [];
  let line = 1;
  let next = text.indexOf('\n');
  for (const start of starts) {
    while (next >= 0 && next < start) { line++; next = text.indexOf('\n', next + 1); }
    lines.push(line);
  }
  return lines;
}

// Where JSON text goes wrong. JSON.parse says so only for some errors ("at position N"), and
// not at all for an unexpected token in Node 20, yet the user needs a line to look at.

const WHITESPACE = /[ \t\r\n]/;
// Sticky: each matches only at lastIndex, so no slice of the text is made.
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// JSON strings may not hold raw control characters; the range below says so.
// eslint-disable-next-line no-control-regex
const STRING = /"(?:[^"\\\u0000-\u001F]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const LITERAL = /true|false|null/y;

function matchAt(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex - at : -1;
}

/**
 * The offset of the first character that makes `text` invalid JSON, or -1 when it is valid.
 * Containers are kept on a list of their own, not on the call stack: a file that opens a hundred
 * thousand brackets is still read to the offset where it goes wrong.
 *
 * @example jsonErrorOffset('[1, oops]') === 4
 * @example jsonErrorOffset('[1, 2]') === -1
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const space = () => { while (i < text.length && WHITESPACE.test(text[i])) i++; };
  /** A member's key and its ":"; false where one is missing (`i` is where). */
  const key = () => {
    space();
    const length = matchAt(STRING, text, i);
    if (length < 0) return false;
    i += length;
    space();
    if (text[i] !== ':') return false;
    i++;
    return true;
  };
  /** What closes each container open around `i`, the innermost last. */
  const closers: string[] = [];
  for (;;) {
    space();
    const ch = text[i];
    if (ch === '{' || ch === '[') {
      const close = ch === '{' ? '}' : ']';
      i++;
      space();
      if (text[i] !== close) {
        closers.push(close);
        if (close === '}' && !key()) return i;
        continue;
      }
      i++;
    } else {
      const token = matchAt(ch === '"' ? STRING : /[tfn]/.test(ch ?? '') ? LITERAL : NUMBER, text, i);
      if (token < 0) return i;
      i += token;
    }
    // A value has ended: close the containers it ends, or go on to the next member.
    for (;;) {
      space();
      if (!closers.length) return i < text.length ? i : -1;
      const close = closers[closers.length - 1];
      if (text[i] === ',') {
        i++;
        if (close === '}' && !key()) return i;
        break;
      }
      if (text[i] !== close) return i;
      i++;
      closers.pop();
    }
  }
}

/**
 * The line of the first syntax error in `text`, or null if it is valid JSON.
 *
 * @example jsonErrorLine('{\n  "a": \n}') === 3
 */
export function jsonErrorLine(text: string): number | null {
  const offset = jsonErrorOffset(text);
  return offset < 0 ? null : text.slice(0, offset).split('\n').length;
}
