// Markdown's blocks as pandoc parses them: what is code, front matter, raw HTML or TeX, and what
// is text whose inlines may hold citations (paragraphs, headings, the text of quotes, list items
// and footnotes). The inlines of each region of text are read by inlines.ts.
import { BACKTICK, blankLine, Finder, GT, HASH, indentOf, isBlank, lineEnd, LT, RBRACE, scanned, SPACE, TAB, TILDE } from '../text';

/** A line of a container's content: `text.slice(at, at + s.length) === s` (the container's prefix, `> ` or a list item's indent, is not in it). */
export interface MdLine {
  at: number;
  s: string;
}

/** The line without up to `cols` columns of leading blanks. */
function dedent(line: MdLine, cols: number): MdLine {
  let col = 0;
  let i = 0;
  while (i < line.s.length && col < cols) {
    const c = line.s.charCodeAt(i);
    if (c === SPACE) col++;
    else if (c === TAB) col = col - (col % 4) + 4;
    else break;
    i++;
  }
  return i ? { at: line.at + i, s: line.s.slice(i) } : line;
}

/**
 * The list marker at `p` (after at most three blanks): where the item's content starts, in
 * columns, and an example label. pandoc's markers: `-`, `+`, `*`, `1.`, `1)`, `(1)`, `#.`,
 * `a.`, `A)`, `iv.`, and the example list's `(@label)`, `@label.` and `@label)`.
 */
function listMarker(s: string, p: number, cols: number): { content: number; first: number; example?: string } | undefined {
  const m = /^(?:[-+*]|(?:\d{1,9}|#|[a-zA-Z]|[ivxlcdmIVXLCDM]+|@[\p{L}\p{N}_-]*)[.)]|\((?:\d{1,9}|#|[a-zA-Z]|[ivxlcdmIVXLCDM]+|@[\p{L}\p{N}_-]*)\))(?=[ \t\r]|$)/u.exec(s.slice(p, p + 80));
  if (!m) return undefined;
  const marker = m[0];
  // "A. Smith" is a name: a capital letter with a period needs two spaces to be a marker.
  if (/^[A-Z]\.$/.test(marker) && !/^ {2}|^\t|^[ \t]*\r?$/.test(s.slice(p + 2))) return undefined;
  const after = indentOf(s.slice(p + marker.length));
  const rest = s.slice(p + marker.length + after.chars);
  // One to four blanks after the marker; with five or more, the content is indented code.
  const wide = after.cols >= 5 && rest !== '' && rest !== '\r';
  const gap = rest === '' || rest === '\r' || wide ? 1 : after.cols;
  const example = /^\(?@([\p{L}\p{N}_-]*)[.)]$/u.exec(marker)?.[1];
  // An example list's items continue at four columns, whatever the marker's width.
  return { content: example === undefined ? cols + marker.length + gap : 4, first: p + marker.length + (wide ? 1 : after.chars), example };
}

/** A heading's text without its closing #s and its attributes `{#id .class}`. */
function headingText(s: string): string {
  let end = s.length;
  while (end > 0 && isBlank(s.charCodeAt(end - 1))) end--;
  if (s.charCodeAt(end - 1) === RBRACE) {
    const open = s.lastIndexOf('{', end - 1);
    if (open > 0 && isBlank(s.charCodeAt(open - 1)) && s.indexOf('}', open) === end - 1) {
      end = open;
      while (end > 0 && isBlank(s.charCodeAt(end - 1))) end--;
    }
  }
  let hashes = end;
  while (hashes > 0 && s.charCodeAt(hashes - 1) === HASH) hashes--;
  if (hashes < end && (hashes === 0 || isBlank(s.charCodeAt(hashes - 1)))) end = hashes;
  return s.slice(0, end);
}

/** What the block pass learns of a document, for the inline pass. */
export interface MdDoc {
  /** The runs of lines whose inlines pandoc parses (paragraphs, headings, table rows…), in order. */
  regions: MdLine[][];
  /** Link reference labels, normalized as pandoc compares them. */
  refs: Set<string>;
  /**
   * Example list labels `(@good)`, each with where it is first defined: a bare `@good` refers to
   * the example, it is no citation (unless, written before the example, a bracket follows it:
   * pandoc then reads `@good [p. 3]` as a citation).
   */
  examples: Map<string, number>;
  finder: Finder;
  /** For each fence character, the shortest fence that was searched for in vain from some line on. */
  noFence: Map<string, { from: number; length: number }>;
}

/** A link reference label as pandoc compares them: trimmed, blanks as one space, lower case. */
export const mdLabel = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();

/** A line that is one block-level HTML tag, opening or closing (pandoc's isBlockTag). */
const HTML_BLOCK_LINE = /^<\/?(?:address|article|aside|blockquote|body|center|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hgroup|hr|html|li|main|menu|nav|ol|p|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)(?:\s[^<>]*)?\/?>[ \t\r]*$/i;

const YAML_KEY = /^(?:[^\s#:'"[\]{}|>][^:]*|"[^"]*"|'[^']*'):(?:[ \t]|\r?$)/;

/**
 * How deep containers (block quotes, list items) nest before the rest is read as plain text:
 * each level reads its lines again, and no stack may overflow.
 */
const MAX_DEPTH = 10;

/**
 * The blocks of one container's lines (the document, a block quote, a list item, a footnote),
 * read line by line as pandoc reads them. Each region of text goes to `doc.regions`; a nested
 * container's lines are read by a parser of their own, one level deeper.
 */
class BlockParser {
  /** The paragraph being read, or null between blocks. */
  private paragraph: MdLine[] | null = null;
  /** How many lines the paragraph being read has so far. */
  #paragraphLines = 0;
  /** How many lines the paragraph just ended had (0 after any other block): a definition's term is one line. */
  #lastParagraphLines = 0;

  constructor(
    private readonly doc: MdDoc,
    private readonly lines: MdLine[],
    /** Whether these lines are a list item's, where a new item interrupts a paragraph. */
    private readonly inList: boolean,
    /** Whether these lines are the whole document's, the only place a front matter can be. */
    private readonly top: boolean,
    private readonly depth: number,
  ) {}

  parse(): void {
    let i = 0;
    while (i < this.lines.length) i = this.#block(i);
    this.#endParagraph();
  }

  /** Reads the block at line `i`, or the line as one more of the paragraph; returns the index of the line after it. */
  #block(i: number): number {
    const s = this.lines[i].s;
    scanned.chars += s.length + 1;
    if (blankLine(s)) {
      this.#endParagraph();
      return i + 1;
    }
    const { cols, chars: p } = indentOf(s);
    if (!this.paragraph && cols >= 4) return this.#indentedCode(i);
    const c = s.charCodeAt(p);
    const rest = s.slice(p);
    // Fenced code: a closing fence is needed, else the line is text.
    if ((c === BACKTICK || c === TILDE) && cols <= 3 && !(this.paragraph && c === TILDE)) {
      const close = this.#closingFence(i, c, rest);
      if (close >= 0) {
        this.#endParagraph();
        return close + 1;
      }
    }
    if (cols <= 3) {
      const next = this.paragraph ? -1 : this.#blockStart(i, p, c, rest);
      if (next >= 0) return next;
      const after = this.#interruption(i, p, cols, c, rest);
      if (after >= 0) return after;
    }
    (this.paragraph ??= []).push(this.lines[i]);
    this.#paragraphLines++;
    return i + 1;
  }

  #endParagraph(): void {
    if (this.paragraph) this.doc.regions.push(this.paragraph);
    this.#lastParagraphLines = this.paragraph ? this.#paragraphLines : 0;
    this.paragraph = null;
    this.#paragraphLines = 0;
  }

  /** Indented code from line `i`: indented lines, with blank lines between them. */
  #indentedCode(i: number): number {
    const { lines } = this;
    let j = i + 1;
    for (;;) {
      let k = j;
      while (k < lines.length && blankLine(lines[k].s)) k++;
      if (k < lines.length && indentOf(lines[k].s).cols >= 4) j = k + 1;
      else break;
    }
    this.#endParagraph();
    return j;
  }

  /** The line of the fence that closes the one opening at line `i`, or -1 (then the line is text). */
  #closingFence(i: number, c: number, rest: string): number {
    // After the fence: its attributes ({…}) or one word (backticks allowed), nothing else.
    const fence = /^(`{3,}|~{3,})[ \t]*(?:\{[^}\n]*\}|\S+)?[ \t\r]*$/.exec(rest)?.[1];
    if (!fence) return -1;
    const { lines, doc } = this;
    // A fence as long as one searched for in vain from an earlier line is not closed either.
    const memo = doc.noFence.get(fence[0]);
    if (memo && memo.from <= i && memo.length <= fence.length) return -1;
    for (let j = i + 1; j < lines.length; j++) {
      const t = lines[j].s.trimStart();
      scanned.chars += lines[j].s.length;
      if (t.startsWith(fence) && (c === BACKTICK ? /^`+[ \t\r]*$/ : /^~+[ \t\r]*$/).test(t) && indentOf(lines[j].s).cols <= 3) return j;
    }
    doc.noFence.set(fence[0], { from: i, length: fence.length });
    return -1;
  }

  /**
   * A block that starts at line `i` outside a paragraph (its first character `c` at `p`, at
   * most three columns in): front matter, a heading, a rule, a quote, a footnote, a link
   * reference definition or raw HTML or TeX. Returns the line after it, or -1 when none starts.
   */
  #blockStart(i: number, p: number, c: number, rest: string): number {
    const { lines, doc } = this;
    const line = lines[i];
    const s = line.s;
    // A YAML metadata block: "---" not followed by a blank line, a mapping, closed by "---" or "...".
    if (this.top && p === 0 && /^---[ \t\r]*$/.test(s) && i + 1 < lines.length && !blankLine(lines[i + 1].s)) {
      let j = i + 1;
      while (j < lines.length && !/^(?:---|\.\.\.)[ \t\r]*$/.test(lines[j].s)) j++;
      const first = lines.slice(i + 1, j).find(l => !/^[ \t]*(?:#|\r?$)/.test(l.s));
      if (j < lines.length && (!first || YAML_KEY.test(first.s))) return j + 1;
    }
    // An ATX heading: its text, without closing #s and attributes.
    const heading = /^#{1,6}(?=[ \t\r]|$)/.exec(rest);
    if (heading) {
      doc.regions.push([{ at: line.at + p + heading[0].length, s: headingText(s.slice(p + heading[0].length)) }]);
      this.#lastParagraphLines = 0;
      return i + 1;
    }
    // A horizontal rule.
    if (/^([-*_])(?:[ \t]*\1){2,}[ \t\r]*$/.test(rest)) {
      this.#lastParagraphLines = 0;
      return i + 1;
    }
    if (c === GT && this.depth < MAX_DEPTH) return this.#blockQuote(i);
    // A footnote: its text and the blocks indented under it.
    const note = this.depth < MAX_DEPTH ? /^\[\^[^\]\s]+\]:[ \t]*/.exec(rest) : null;
    if (note) {
      const item = this.#itemLines(i, { at: line.at + p + note[0].length, s: s.slice(p + note[0].length) }, 4);
      this.#nested(item.lines, false);
      return item.next;
    }
    // A link reference definition (pandoc reads a label with a citation in it as text).
    const ref = /^\[((?:[^[\]\\]|\\.){1,999})\]:/.exec(rest);
    if (ref && !ref[1].includes('@')) {
      doc.refs.add(mdLabel(ref[1]));
      this.#lastParagraphLines = 0;
      // Its title may stand on the next line.
      return i + 1 < lines.length && /^[ \t]*["'(]/.test(lines[i + 1].s) && !/\]:/.test(lines[i + 1].s) ? i + 2 : i + 1;
    }
    return this.#rawBlock(i, p, rest);
  }

  /** A block quote from line `i`: its lines without ">", lazy lines included, parsed as blocks. */
  #blockQuote(i: number): number {
    const { lines } = this;
    const quote: MdLine[] = [];
    let j = i;
    while (j < lines.length && !blankLine(lines[j].s)) {
      const ind = indentOf(lines[j].s);
      if (ind.cols <= 3 && lines[j].s.charCodeAt(ind.chars) === GT) {
        const skip = ind.chars + (lines[j].s.charCodeAt(ind.chars + 1) === SPACE ? 2 : 1);
        quote.push({ at: lines[j].at + skip, s: lines[j].s.slice(skip) });
      } else quote.push(lines[j]);
      j++;
    }
    this.#nested(quote, false);
    return j;
  }

  /**
   * Raw HTML or TeX over several lines from line `i`: a comment, `<pre>`, `<script>`, `<style>`,
   * `<textarea>`, or `\begin{…}…\end{…}`. Text after its end on the closing line starts a
   * paragraph. Returns -1 when there is none (or it closes on its own line).
   */
  #rawBlock(i: number, p: number, rest: string): number {
    const { lines } = this;
    const s = lines[i].s;
    const raw = /^(?:<!--|<(pre|script|style|textarea)(?=[\s>])|\\begin\{([^{}\n]{1,40})\})/i.exec(rest);
    if (!raw) return -1;
    const marker = raw[1] ? `</${raw[1]}` : raw[2] ? `\\end{${raw[2]}}` : '-->';
    const from = p + raw[0].length;
    const sameLine = raw[1] ? s.toLowerCase().indexOf(marker.toLowerCase(), from) : s.indexOf(marker, from);
    if (sameLine >= 0) return -1;
    const end = raw[1] ? this.#findAcross(i, from, marker) ?? this.#findAcross(i, from, marker.toUpperCase()) : this.#findAcross(i, from, marker);
    if (!end || end.line <= i) return -1;
    const tail = lines[end.line].s.slice(end.after);
    const after = raw[1] ? tail.slice(tail.indexOf('>') + 1) : tail;
    this.#lastParagraphLines = 0;
    if (blankLine(after)) return end.line + 1;
    lines[end.line] = { at: lines[end.line].at + lines[end.line].s.length - after.length, s: after };
    this.paragraph = [];
    return end.line;
  }

  /**
   * A line that ends the paragraph or starts a block inside or outside one: a block-level HTML
   * tag, a setext heading's underline, a fenced div's fence, a list item (which interrupts a
   * paragraph only inside a list) or a definition. Returns the line after it, or -1.
   */
  #interruption(i: number, p: number, cols: number, c: number, rest: string): number {
    const { lines, doc, paragraph } = this;
    const line = lines[i];
    // A block-level HTML tag alone on its line, a setext heading's underline, a fenced div's
    // fence: what follows starts a new block.
    if ((c === LT && HTML_BLOCK_LINE.test(rest)) || (paragraph && /^(?:=+|-+)[ \t\r]*$/.test(rest)) || /^:{3,}/.test(rest)) {
      this.#endParagraph();
      return i + 1;
    }
    const item = (!paragraph || this.inList) && this.depth < MAX_DEPTH ? listMarker(line.s, p, cols) : undefined;
    const definition = item || this.depth >= MAX_DEPTH || !(paragraph ? this.#paragraphLines === 1 : this.#lastParagraphLines === 1) ? null : /^[:~](?:[ \t]+|\r?$)/.exec(rest);
    if (!item && !definition) return -1;
    if (item?.example !== undefined && !doc.examples.has(item.example)) doc.examples.set(item.example, line.at);
    this.#endParagraph();
    const first = item ? item.first : p + definition![0].length;
    const body = this.#itemLines(i, { at: line.at + first, s: line.s.slice(first) }, item ? item.content : 4);
    this.#nested(body.lines, true);
    return body.next;
  }

  /** Parses a container's lines (a quote's, an item's, a note's) one level deeper; they end any paragraph here. */
  #nested(lines: MdLine[], inList: boolean): void {
    new BlockParser(this.doc, lines, inList, false, this.depth + 1).parse();
    this.#lastParagraphLines = 0;
  }

  /** The lines of a list item or a footnote from line `i` (its first line's content given), and the line after them. */
  #itemLines(i: number, first: MdLine, content: number): { lines: MdLine[]; next: number } {
    const { lines } = this;
    const item: MdLine[] = [first];
    let j = i + 1;
    // The item's first paragraph: lazy lines until a blank line or another marker.
    while (j < lines.length && !blankLine(lines[j].s)) {
      const ind = indentOf(lines[j].s);
      if (ind.cols < content && ind.cols <= 3 && listMarker(lines[j].s, ind.chars, ind.cols)) break;
      item.push(dedent(lines[j], content));
      j++;
    }
    // Then blocks indented to the content, after blank lines.
    for (;;) {
      let k = j;
      while (k < lines.length && blankLine(lines[k].s)) k++;
      if (k >= lines.length || indentOf(lines[k].s).cols < content) break;
      for (; j < k; j++) item.push({ at: lines[j].at, s: '' });
      while (j < lines.length && !blankLine(lines[j].s)) {
        const ind = indentOf(lines[j].s);
        if (ind.cols < content && ind.cols <= 3 && listMarker(lines[j].s, ind.chars, ind.cols)) break;
        item.push(dedent(lines[j], content));
        j++;
      }
    }
    return { lines: item, next: j };
  }

  /** The line where `marker` is found at or after `from` in line `i`, and the index just past it in that line's text. */
  #findAcross(i: number, from: number, marker: string): { line: number; after: number } | undefined {
    const { lines } = this;
    const found = this.doc.finder.find(marker, lines[i].at + from);
    if (found < 0) return undefined;
    for (let j = i; j < lines.length; j++) {
      const { at, s } = lines[j];
      if (found < at) return undefined;
      if (found + marker.length <= at + s.length) return { line: j, after: found - at + marker.length };
      scanned.chars++;
    }
    return undefined;
  }
}

/** The Markdown document's blocks: its regions of text, link labels and example labels. */
export function mdDocument(text: string): MdDoc {
  const doc: MdDoc = { regions: [], refs: new Set(), examples: new Map(), finder: new Finder(text), noFence: new Map() };
  const lines: MdLine[] = [];
  for (let at = 0; at <= text.length;) {
    const end = lineEnd(text, at);
    lines.push({ at, s: text.slice(at, end) });
    at = end + 1;
  }
  new BlockParser(doc, lines, false, true, 0).parse();
  return doc;
}
