// The citations in one region of Markdown text (a paragraph, a heading, an item's text), as
// pandoc's inline parser finds them: left to right, with the brackets, emphasis and code around
// each `@` deciding whether it is a citation, part of one, or no citation at all.
import type { Citation, CitedKey } from '../citation';
import {
  AMP, AT, BACKSLASH, BACKTICK, BANG, CARET, DASH, DOLLAR, DOT, Finder, isAsciiLetter, isBlank, LBRACE, LBRACKET, LF, LPAREN, LT, RBRACE,
  RBRACKET, scanned, SEMI, skipTable, SPACE, STAR, TAB, UNDERSCORE,
} from '../text';
import { mdLabel, type MdDoc } from './blocks';
import { alnumAt, ASCII_ALNUM, htmlTagEnd, linkDestination, mathEnd, MdGroups, mdKey, rawTex, type MdKey } from './constructs';

/** The ASCII characters where something may begin for pandoc's inline parser; the rest is plain text. */
const MD_SPECIAL = new Uint8Array(128).map((_, c) => ('\\`$<[];@*_&'.includes(String.fromCharCode(c)) ? 1 : 0));
const MD_ENTITY = /&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/y;
const MD_AUTOLINK = /<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[^\s<>@]+@[^\s<>]+)>/y;
/** HTML elements whose content pandoc keeps as raw HTML. */
const HTML_VERBATIM = new Set(['pre', 'script', 'style', 'textarea']);

/** An open bracket, as the inline pass goes through it. */
interface MdFrame {
  open: number;
  /** The index just past its `]`. */
  close: number;
  /** Whether it may be a citation: not an image, a note or a footnote reference. */
  cite: boolean;
  keys: MdKey[];
  /** Whether the current `;`-part has a key, and whether every part before it had one. */
  partKey: boolean;
  partsOk: boolean;
  /** How much emphasis was open outside the bracket. */
  emphasis: number;
}

/**
 * Reads one region of text left to right, pushing each citation it finds to `out`: a bracket
 * whose every `;`-part has a key is one citation; any other key is a citation of its own (an
 * in-text `@key`), unless it names an example or follows a string (an e-mail address).
 */
export class InlineScanner {
  private readonly groups: MdGroups;
  readonly #finder: Finder;
  /** The brackets open around the current position, innermost last. */
  private readonly frames: MdFrame[] = [];
  /** The emphasis open around the current position, innermost last: its delimiter and whether it is `*` (1), `**` (2) or `***` (3). */
  private readonly emphasis: { c: number; n: number }[] = [];
  /** For each raw HTML element, the last search for its closing tag: searches never read the text twice. */
  readonly #closings = new Map<string, { from: number; end: number }>();
  /**
   * Where the last construct the scan handled ended (a code span, a key, an entity, an emphasis
   * delimiter…), and whether it ends a string as pandoc counts them (only an emphasis closer
   * does). Between constructs is plain text, which the scan skips.
   */
  private lastEnd = -1;
  #lastEndsString = false;

  /**
   * @param text the region's text
   * @param toDocument maps an offset in `text` to the document's
   */
  constructor(private readonly doc: MdDoc, private readonly text: string, private readonly toDocument: (i: number) => number, private readonly out: Citation[]) {
    this.groups = new MdGroups(text);
    this.#finder = new Finder(text);
  }

  scan(): void {
    const { text, frames } = this;
    const n = text.length;
    let i = 0;
    while (i < n) {
      while (frames.length && i >= frames[frames.length - 1].close) {
        // Something (math, raw HTML) ran past a bracket's end: it was no citation.
        this.#resolve(frames.pop()!, false);
      }
      const c = text.charCodeAt(i);
      if (c >= 128 || MD_SPECIAL[c] === 0) {
        i = skipTable(text, i + 1, MD_SPECIAL);
        continue;
      }
      scanned.chars++;
      switch (c) {
        case BACKSLASH: i = this.#backslash(i); break;
        case BACKTICK: i = this.#codeSpan(i); break;
        case DOLLAR: {
          const e = mathEnd(text, i, this.groups, this.#finder);
          i = e > i + 1 ? this.#handled(e) : e;
          break;
        }
        case LT: i = this.#angleBracket(i); break;
        case LBRACKET: i = this.#openBracket(i); break;
        case RBRACKET: i = this.#closeBracket(i); break;
        case SEMI: i = this.#semicolon(i); break;
        case AT: i = this.#at(i); break;
        case STAR: case UNDERSCORE: i = this.#emphasisRun(i, c); break;
        case AMP: {
          MD_ENTITY.lastIndex = i;
          const m = MD_ENTITY.exec(text);
          i = m ? this.#handled(i + m[0].length) : i + 1;
          break;
        }
        default: i++;
      }
    }
    while (frames.length) this.#resolve(frames.pop()!, false);
  }

  /** Records that a construct ended at `end` (and whether it ends a string); returns `end`. */
  #handled(end: number, string = false): number {
    this.lastEnd = end;
    this.#lastEndsString = string;
    return end;
  }

  /** Whether a string of letters and digits ends at `i`: pandoc reads no citation right after one (an e-mail address). */
  #afterString(i: number): boolean {
    const { text, lastEnd } = this;
    if (lastEnd === i) return this.#lastEndsString;
    const j = i - 1;
    if (j <= lastEnd || j < 0) return false;
    const c = text.charCodeAt(j);
    if (c === DOT) {
      // "x.@a" and "x..@a" end in a one-dot string; "x...@a" in an ellipsis (pandoc's smart punctuation).
      let k = j;
      while (k > lastEnd && k >= 0 && text.charCodeAt(k) === DOT) k--;
      return (j - k) % 3 !== 0;
    }
    if (c < 128) return ASCII_ALNUM[c] === 1;
    const low = c >= 0xdc00 && c < 0xe000 && j > lastEnd + 1;
    return alnumAt(text, low ? j - 1 : j) > 0;
  }

  /** A backslash at `i`: raw TeX before a letter, an escaped character, or a hard line break. */
  #backslash(i: number): number {
    const { text } = this;
    const d = text.charCodeAt(i + 1);
    if (isAsciiLetter(d)) return this.#handled(rawTex(text, i, this.groups, this.#finder));
    if (d === LF || Number.isNaN(d) || alnumAt(text, i + 1)) return i + 1;
    return this.#handled(i + 1 + (text.codePointAt(i + 1)! > 0xffff ? 2 : 1));
  }

  /** Backticks at `i`: past the code span they open (and its attributes), or past them when none closes. */
  #codeSpan(i: number): number {
    const { text, groups } = this;
    let j = i;
    while (j < text.length && text.charCodeAt(j) === BACKTICK) j++;
    const close = groups.codeClose(j, j - i);
    if (close < 0) return j;
    let end = close + j - i;
    if (text.charCodeAt(end) === LBRACE) end = groups.braces.get(end) ?? end;
    return this.#handled(end);
  }

  /** `<` at `i`: past an HTML comment, an autolink, or an HTML tag (with the content of `<pre>` and its kin). */
  #angleBracket(i: number): number {
    const { text } = this;
    if (text.startsWith('<!--', i)) {
      const e = this.#finder.find('-->', i + 4);
      return e < 0 ? i + 1 : this.#handled(e + 3);
    }
    MD_AUTOLINK.lastIndex = i;
    const link = MD_AUTOLINK.exec(text);
    if (link) {
      scanned.chars += link[0].length;
      return this.#handled(i + link[0].length);
    }
    const tag = htmlTagEnd(text, i, this.#finder);
    if (!tag) return i + 1;
    let end = tag.end;
    if (!tag.closing && HTML_VERBATIM.has(tag.name)) {
      const close = this.#closingTag(tag.name, end);
      if (close >= 0) end = close;
    }
    return this.#handled(end);
  }

  /** The index past `</name>` at or after `from`, or -1. */
  #closingTag(name: string, from: number): number {
    const last = this.#closings.get(name);
    if (last && last.from <= from && (last.end < 0 || last.end > from)) return last.end;
    const re = new RegExp(`</${name}\\s*>`, 'gi');
    re.lastIndex = from;
    const m = re.exec(this.text);
    scanned.chars += (m ? m.index : this.text.length) - from;
    const end = m ? m.index + m[0].length : -1;
    this.#closings.set(name, { from, end });
    return end;
  }

  /** `[` at `i`: a bracket that closes is a frame, a citation if its parts all have keys. */
  #openBracket(i: number): number {
    const { text } = this;
    const close = this.groups.brackets.get(i);
    if (close !== undefined) {
      const before = text.charCodeAt(i - 1);
      const cite = before !== BANG && before !== CARET && text.charCodeAt(i + 1) !== CARET;
      this.frames.push({ open: i, close, cite, keys: [], partKey: false, partsOk: true, emphasis: this.emphasis.length });
    }
    return i + 1;
  }

  /** `]` at `i`: the innermost frame ends; past a link's destination or a span's attributes after it. */
  #closeBracket(i: number): number {
    const f = this.frames[this.frames.length - 1];
    if (!f || f.close !== i + 1) return i + 1;
    this.frames.pop();
    this.#resolve(f, true);
    return this.#handled(this.#afterBracket(f));
  }

  /** `;` at `i`: the innermost frame's next part begins. */
  #semicolon(i: number): number {
    const f = this.frames[this.frames.length - 1];
    if (f) {
      if (!f.partKey) f.partsOk = false;
      f.partKey = false;
    }
    return i + 1;
  }

  /** `@` at `i`: a key (in the innermost frame, or a citation of its own), else an example reference's text. */
  #at(i: number): number {
    const { text, groups, frames } = this;
    const k = this.#afterString(i) ? undefined : mdKey(text, i, groups);
    if (k) {
      if (this.doc.examples.has(k.key)) {
        let j = text.charCodeAt(k.end) === RBRACE ? k.end + 1 : k.end;
        while (isBlank(text.charCodeAt(j))) j++;
        if (text.charCodeAt(j) === LF) j++;
        while (isBlank(text.charCodeAt(j))) j++;
        const close = text.charCodeAt(j) === LBRACKET && text.charCodeAt(j + 1) !== CARET ? groups.brackets.get(j) : undefined;
        k.bracketAfter = close !== undefined && text.charCodeAt(close) !== LBRACKET && text.charCodeAt(close) !== LPAREN;
      }
      const f = frames[frames.length - 1];
      if (f) {
        f.keys.push(k);
        f.partKey = true;
      } else this.#bare(k);
      return this.#handled(text.charCodeAt(k.end) === RBRACE && text.charCodeAt(k.start - 1) === LBRACE ? k.end + 1 : k.end);
    }
    // pandoc's example reference syntax reads "@label" as text that is no string end.
    let end = i + 1;
    for (;;) {
      let w = alnumAt(text, end);
      if (!w && (text.charCodeAt(end) === UNDERSCORE || text.charCodeAt(end) === DASH) && alnumAt(text, end + 1)) w = 1;
      if (!w) break;
      end += w;
      while (alnumAt(text, end)) end += alnumAt(text, end);
    }
    return this.#handled(end);
  }

  /**
   * A run of `*` or `_` at `i`: emphasis as pandoc parses it, left to right. Inside an open `*`
   * emphasis the next `*` closes it (`**` opens a strong one), and a closing delimiter ends a string.
   */
  #emphasisRun(i: number, c: number): number {
    const { text, emphasis, frames } = this;
    let j = i;
    while (j < text.length && text.charCodeAt(j) === c) j++;
    // A bracket's content is parsed on its own: emphasis opened outside it does not close inside.
    const base = frames.length ? frames[frames.length - 1].emphasis : 0;
    const top = emphasis.length > base ? emphasis[emphasis.length - 1] : undefined;
    const after = text.charCodeAt(j);
    const closes = top !== undefined && top.c === c && (c === STAR || !alnumAt(text, j));
    if (closes && top.n === 1 && !(j - i === 2)) {
      emphasis.pop();
      return this.#handled(i + 1, true);
    }
    if (closes && top.n === 2 && j - i >= 2) {
      emphasis.pop();
      return this.#handled(i + 2, true);
    }
    if (closes && top.n === 3) {
      const k = Math.min(3, j - i);
      if (k === 3) emphasis.pop();
      else top.n = k === 2 ? 1 : 2;
      return this.#handled(i + k, true);
    }
    if (j - i <= 3 && after !== SPACE && after !== TAB && !Number.isNaN(after) && (c === STAR || !this.#afterString(i))) emphasis.push({ c, n: j - i });
    return this.#handled(j);
  }

  #citedKey(k: MdKey): CitedKey {
    return { key: k.key, start: this.toDocument(k.start), end: this.toDocument(k.end) };
  }

  /** A key outside any citation bracket: a citation of its own, unless it refers to an example. */
  #bare(k: MdKey): void {
    const { toDocument } = this;
    const example = this.doc.examples.get(k.key);
    if (example !== undefined && (example < toDocument(k.at) || !k.bracketAfter)) return;
    const end = this.text.charCodeAt(k.start - 1) === LBRACE ? k.end + 1 : k.end;
    const citation: Citation = { syntax: 'pandoc', start: toDocument(k.at), end: toDocument(end), listStart: toDocument(k.at), listEnd: toDocument(end), keys: [], bracketed: false };
    if (k.key === '*') citation.all = true;
    else citation.keys.push(this.#citedKey(k));
    this.out.push(citation);
  }

  /**
   * A frame that ended: one citation when it closed (`whole`) with a key in every part and is
   * no link, span or reference; else each of its keys is a citation of its own.
   */
  #resolve(f: MdFrame, whole: boolean): void {
    const { emphasis, toDocument } = this;
    if (emphasis.length > f.emphasis) emphasis.length = f.emphasis;
    const next = this.text.charCodeAt(f.close);
    const isCite = whole && f.cite && f.keys.length > 0 && f.partsOk && f.partKey && next !== LBRACE && next !== LPAREN && next !== LBRACKET;
    if (!isCite) {
      for (const k of f.keys) this.#bare(k);
      return;
    }
    const citation: Citation = {
      syntax: 'pandoc', start: toDocument(f.open), end: toDocument(f.close), listStart: toDocument(f.open + 1), listEnd: toDocument(f.close - 1),
      keys: f.keys.filter(k => k.key !== '*').map(k => this.#citedKey(k)), bracketed: true,
    };
    if (f.keys.some(k => k.key === '*')) citation.all = true;
    this.out.push(citation);
  }

  /** After the `]` at `close - 1`: past a link's destination, a span's attributes or a defined reference label. */
  #afterBracket(f: MdFrame): number {
    const { text, groups } = this;
    const i = f.close;
    const c = text.charCodeAt(i);
    if (c === LPAREN) {
      const e = groups.parens.get(i);
      if (e !== undefined && linkDestination(text, i + 1, e - 1)) return e;
    } else if (c === LBRACE) {
      const e = groups.braces.get(i);
      if (e !== undefined) return e;
    } else if (c === LBRACKET) {
      const e = groups.brackets.get(i);
      if (e !== undefined) {
        const label = text.slice(i + 1, e - 1);
        if (this.doc.refs.has(mdLabel(label.trim() ? label : text.slice(f.open + 1, f.close - 1)))) return e;
      }
    }
    return i;
  }
}
