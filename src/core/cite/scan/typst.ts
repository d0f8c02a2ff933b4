// Typst, as its lexer reads markup, code and math: `@key` references (with a supplement, and
// neighbours grouped), `#cite(<key>)`, `#cite(label("key"))` and `#ref(<key>)`.
import type { Citation, CitedKey } from './citation';
import {
  BACKSLASH, BACKTICK, COLON, DOLLAR, DOT, DQUOTE, GT, HASH, isWhite, LBRACE, LBRACKET, lineEnd, LPAREN, LT, RBRACE, RBRACKET, RPAREN,
  scanned, SEMI, skipTable, SLASH, STAR, AT, LF,
} from './text';

const TYPST_ID_START = /[\p{XID_Start}_]/u;
/** A reference's name: identifier characters, `-`, `:` and `.`, not ending in `.` or `:`. */
const TYPST_REF = /(?:[\p{XID_Continue}_-]|[:.])*/uy;
const TYPST_LABEL = /<((?:[\p{XID_Continue}_-]|[:.])+)>/uy;
const TYPST_IDENT = /[\p{XID_Start}_][\p{XID_Continue}_-]*/uy;
const TYPST_STATEMENTS = new Set(['let', 'set', 'show', 'import', 'include', 'if', 'else', 'for', 'while', 'return', 'context', 'break', 'continue']);

/** The ASCII characters where something may begin in Typst markup. */
const TYPST_MARKUP_SPECIAL = new Uint8Array(128).map((_, c) => ('/`\\h<@$#[]'.includes(String.fromCharCode(c)) ? 1 : 0));


interface TypstFrame {
  mode: 'markup' | 'code' | 'math' | 'line';
  /** The character that closes it (`]`, `)`, `}`, `$`), or 0 for a statement that ends with its line. */
  close: number;
  /** A `@key[…]` supplement this content block closes: its reference's index. */
  supplement?: number;
  /** After it closes, `(…)` and `[…]` right after it still belong to the expression (`#f(x)[y]`). */
  postfix?: boolean;
}

interface TypstRef {
  at: number;
  start: number;
  end: number;
  /** The end of the reference with its supplement. */
  until: number;
}

/** After the backtick(s) at `i`: past the raw text they open (unclosed, it runs to the end). */
function typstRaw(text: string, i: number): number {
  let k = 0;
  while (text.charCodeAt(i + k) === BACKTICK) k++;
  if (k === 2) return i + 2;
  let found = 0;
  let j = i + k;
  for (; j < text.length && found < k; j++) found = text.charCodeAt(j) === BACKTICK ? found + 1 : 0;
  scanned.chars += j - i;
  return j;
}

/** After `/*` at `i`: past the block comment, nested ones included. */
function typstBlockComment(text: string, i: number): number {
  let depth = 0;
  let j = i;
  for (; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === SLASH && text.charCodeAt(j + 1) === STAR) { depth++; j++; }
    else if (c === STAR && text.charCodeAt(j + 1) === SLASH) {
      j++;
      if (--depth === 0) { j++; break; }
    }
  }
  scanned.chars += j - i;
  return j;
}

/** After the `"` at `i`: past the string. */
function typstString(text: string, i: number): number {
  let j = i + 1;
  for (; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === BACKSLASH) j++;
    else if (c === DQUOTE) { j++; break; }
  }
  scanned.chars += j - i;
  return j;
}

/** After `http://` or `https://` at `i` in markup: past the link, trailing punctuation left out. */
function typstLink(text: string, i: number): number {
  let j = i;
  let depth = 0;
  for (; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (isWhite(c) || c === DQUOTE || c === LT || c === GT) break;
    if (c === LPAREN || c === LBRACKET) depth++;
    else if (c === RPAREN || c === RBRACKET) { if (depth === 0) break; depth--; }
  }
  while (j > i && /[.,;:!?'*_]/.test(text[j - 1])) j--;
  scanned.chars += j - i;
  return j;
}

/**
 * After `cite` or `ref` (its `(` at `open`): the key of `cite(<key>)` or `cite(label("key"))` and
 * where the call's first argument ends.
 */
function typstCiteCall(text: string, open: number): { key: CitedKey; end: number } | undefined {
  let j = open + 1;
  while (isWhite(text.charCodeAt(j))) j++;
  TYPST_LABEL.lastIndex = j;
  const label = TYPST_LABEL.exec(text);
  if (label) return { key: { key: label[1], start: j + 1, end: j + 1 + label[1].length }, end: j + label[0].length };
  const call = /label\(\s*"((?:[^"\\\n]|\\.)*)"\s*\)/y;
  call.lastIndex = j;
  const m = call.exec(text);
  if (!m) return undefined;
  const start = text.indexOf('"', j) + 1;
  return { key: { key: m[1], start, end: start + m[1].length }, end: j + m[0].length };
}

/**
 * Every citation in a Typst text: `@key`, `@key[supplement]` (next to each other, one group),
 * `#cite(<key>)`, `#cite(label("key"))`, `#ref(<key>)`; nothing in raw text, comments, strings,
 * math or labels. As in Typst, `@` followed by a letter is a reference even inside a word.
 */
export function scanTypst(text: string): Citation[] {
  const found: Citation[] = [];
  const refs: TypstRef[] = [];
  const stack: TypstFrame[] = [{ mode: 'markup', close: 0 }];
  const n = text.length;
  let i = 0;
  /** Reads an embedded expression (after `#`, or an identifier in code) starting at `j`. */
  const expression = (j: number, hash: number): number => {
    const c = text.charCodeAt(j);
    if (c === LBRACE) { stack.push({ mode: 'code', close: RBRACE }); return j + 1; }
    if (c === LBRACKET) { stack.push({ mode: 'markup', close: RBRACKET }); return j + 1; }
    if (c === LPAREN) { stack.push({ mode: 'code', close: RPAREN, postfix: true }); return j + 1; }
    if (c === DQUOTE) return typstString(text, j);
    TYPST_IDENT.lastIndex = j;
    const id = TYPST_IDENT.exec(text);
    if (!id) return j;
    let k = j + id[0].length;
    if (hash >= 0 && TYPST_STATEMENTS.has(id[0])) { stack.push({ mode: 'line', close: 0 }); return k; }
    while (text.charCodeAt(k) === DOT && TYPST_ID_START.test(text[k + 1] ?? '')) {
      TYPST_IDENT.lastIndex = k + 1;
      k += 1 + TYPST_IDENT.exec(text)![0].length;
    }
    const next = text.charCodeAt(k);
    if ((id[0] === 'cite' || id[0] === 'ref') && next === LPAREN) {
      const call = typstCiteCall(text, k);
      if (call) {
        const start = hash >= 0 ? hash : j;
        found.push({ syntax: 'typst', start, end: call.end, listStart: call.key.start, listEnd: call.key.end, keys: [call.key], bracketed: true });
      }
    }
    if (next === LPAREN) { stack.push({ mode: 'code', close: RPAREN, postfix: true }); return k + 1; }
    if (next === LBRACKET) { stack.push({ mode: 'markup', close: RBRACKET, postfix: true }); return k + 1; }
    return k;
  };
  const closeFrame = (j: number): number => {
    const frame = stack.pop()!;
    if (frame.supplement !== undefined) refs[frame.supplement].until = j + 1;
    const next = text.charCodeAt(j + 1);
    if (frame.postfix && stack.length && (next === LPAREN || next === LBRACKET)) {
      stack.push(next === LPAREN ? { mode: 'code', close: RPAREN, postfix: true } : { mode: 'markup', close: RBRACKET, postfix: true });
      return j + 2;
    }
    return j + 1;
  };
  while (i < n) {
    scanned.chars++;
    const frame = stack[stack.length - 1];
    const c = text.charCodeAt(i);
    if (frame.mode !== 'math' && c === SLASH && text.charCodeAt(i + 1) === SLASH) { i = lineEnd(text, i); continue; }
    if (c === SLASH && text.charCodeAt(i + 1) === STAR) { i = typstBlockComment(text, i); continue; }
    if (c === BACKTICK && frame.mode !== 'math') { i = typstRaw(text, i); continue; }
    if (frame.close && c === frame.close) { i = closeFrame(i); continue; }
    if (frame.mode === 'markup') {
      if (c < 128 && TYPST_MARKUP_SPECIAL[c] === 0) {
        i = skipTable(text, i + 1, TYPST_MARKUP_SPECIAL);
        continue;
      }
      if (c === BACKSLASH) { i += 2; continue; }
      if (c === 104 /* h */ && (text.startsWith('http://', i) || text.startsWith('https://', i))) { i = typstLink(text, i); continue; }
      if (c === LT) {
        TYPST_LABEL.lastIndex = i;
        const label = TYPST_LABEL.exec(text);
        i += label ? label[0].length : 1;
        continue;
      }
      if (c === AT) {
        const next = text[i + 1] ?? '';
        const before = text.charCodeAt(i - 1);
        const tokenStart = i === 0 || isWhite(before) || /[[\]*_"'~$#<>]/.test(text[i - 1]);
        if (TYPST_ID_START.test(next) || (tokenStart && /[\p{XID_Continue}-]/u.test(next))) {
          TYPST_REF.lastIndex = i + 1;
          let end = i + 1 + TYPST_REF.exec(text)![0].length;
          while (end > i + 1 && (text.charCodeAt(end - 1) === DOT || text.charCodeAt(end - 1) === COLON)) end--;
          scanned.chars += end - i;
          if (end > i + 1) {
            refs.push({ at: i, start: i + 1, end, until: end });
            i = end;
            if (text.charCodeAt(i) === LBRACKET) {
              stack.push({ mode: 'markup', close: RBRACKET, supplement: refs.length - 1 });
              i++;
            }
            continue;
          }
        }
        i++;
        continue;
      }
      if (c === DOLLAR) { stack.push({ mode: 'math', close: DOLLAR }); i++; continue; }
      if (c === HASH) { i = expression(i + 1, i); continue; }
      if (c === LBRACKET) { stack.push({ mode: 'markup', close: RBRACKET }); i++; continue; }
      i++;
      continue;
    }
    if (frame.mode === 'math') {
      if (c === BACKSLASH) { i += 2; continue; }
      if (c === DQUOTE) { i = typstString(text, i); continue; }
      if (c === HASH) { i = expression(i + 1, i); continue; }
      i++;
      continue;
    }
    // Code, or a statement that ends with its line.
    if (frame.mode === 'line' && (c === LF || c === SEMI)) { stack.pop(); i++; continue; }
    if (c === DQUOTE) { i = typstString(text, i); continue; }
    if (c === LT) {
      TYPST_LABEL.lastIndex = i;
      const label = TYPST_LABEL.exec(text);
      i += label ? label[0].length : 1;
      continue;
    }
    if (c === LBRACKET) { stack.push({ mode: 'markup', close: RBRACKET, postfix: true }); i++; continue; }
    if (c === LPAREN) { stack.push({ mode: 'code', close: RPAREN }); i++; continue; }
    if (c === LBRACE) { stack.push({ mode: 'code', close: RBRACE }); i++; continue; }
    if (c === DOLLAR) { stack.push({ mode: 'math', close: DOLLAR }); i++; continue; }
    if ((c === RPAREN || c === RBRACE || c === RBRACKET) && frame.mode === 'line') {
      // The statement ends with the group it is in.
      stack.pop();
      continue;
    }
    if (TYPST_ID_START.test(text[i]) && !TYPST_ID_START.test(text[i - 1] ?? '') && !/[\p{XID_Continue}.]/u.test(text[i - 1] ?? '')) {
      i = Math.max(i + 1, expression(i, -1));
      continue;
    }
    i++;
  }
  // References next to each other (blanks between) are one group, as "@a @b[p. 3] @c".
  for (let k = 0; k < refs.length;) {
    let last = k;
    while (last + 1 < refs.length && /^[ \t]+$/.test(text.slice(refs[last].until, refs[last + 1].at))) last++;
    const group = refs.slice(k, last + 1);
    const start = group[0].at;
    const end = group[group.length - 1].until;
    found.push({
      syntax: 'typst', start, end, listStart: start, listEnd: end,
      keys: group.map(r => ({ key: text.slice(r.start, r.end), start: r.start, end: r.end })), bracketed: false,
    });
    k = last + 1;
  }
  return found.sort((a, b) => a.start - b.start);
}
