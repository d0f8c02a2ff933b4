// LaTeX in .bib values read as pandoc's LaTeX reader reads them for a bibliography, into a small
// tree of inlines: text, spaces, emphasis, bold, small capitals, super- and subscripts, quotes,
// math, and the brace groups that protect case. It is what `csl/fromBibtex.ts` makes CSL items from,
// so that a reference formats as it does in pandoc's output (`pandoc -f biblatex`). Where pandoc
// drops a command (one it does not know, with its arguments), so does this; text.ts, which
// decodes for showing and searching, keeps their text instead.
import { accented, ACCENTS, commandName, LETTER } from './commands';

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'space' }
  /** Text never case-changed: math as TeX, `\texttt`, a URL. */
  | { kind: 'verbatim'; text: string }
  | { kind: 'emph' | 'strong' | 'smallcaps' | 'sup' | 'sub' | 'underline' | 'quoted' | 'group' | 'nocase'; content: Inline[] };

type Styled = Extract<Inline, { content: Inline[] }>['kind'];

/** Commands that stand for a character, as pandoc's reader knows them (others it drops). */
const SYMBOLS: Record<string, string> = {
  o: 'ø', O: 'Ø', i: 'ı', j: 'ȷ', aa: 'å', AA: 'Å', ae: 'æ', AE: 'Æ', oe: 'œ', OE: 'Œ', ss: 'ß', SS: 'SS', l: 'ł', L: 'Ł',
  ldots: '…', dots: '…', S: '§', P: '¶', '&': '&', '#': '#', _: '_', $: '$', '{': '{', '}': '}', '%': '%',
  textless: '<', textgreater: '>', copyright: '©', textquoteleft: '‘', textquoteright: '’', textquotedblleft: '“',
  textquotedblright: '”', pounds: '£', TeX: 'TeX', LaTeX: 'LaTeX', textasciitilde: '~', textbackslash: '\\',
  textasciicircum: '^', ',': '\u2006', ' ': '\u00A0', '\\': '\n', relax: '', protect: '',
};

/** Commands whose argument is kept as it is styled. */
const STYLES: Record<string, Styled | 'plain' | 'upper' | 'verbatim'> = {
  emph: 'emph', textit: 'emph', textsl: 'emph', mkbibemph: 'emph', mkbibitalic: 'emph', textbf: 'strong', mkbibbold: 'strong',
  textsc: 'smallcaps', textsuperscript: 'sup', textsubscript: 'sub', underline: 'underline', enquote: 'quoted',
  'enquote*': 'quoted', mkbibquote: 'quoted', textrm: 'plain', textsf: 'plain', textup: 'plain', textnormal: 'plain',
  textmd: 'plain', bibstring: 'plain', uppercase: 'upper', MakeUppercase: 'upper', texttt: 'verbatim', ensuremath: 'verbatim',
};

/** Switches that style the rest of their group: `{\em …}`. (`\sc`, `\tt` and friends pandoc reads as plain text.) */
const SWITCHES: Record<string, Styled | 'plain'> = { em: 'emph', it: 'emph', sl: 'emph', bf: 'strong', sc: 'plain', tt: 'plain', sf: 'plain', rm: 'plain', normalfont: 'plain', upshape: 'plain' };

/** What a dropped command leaves: nothing to show, but the end of a word. */
const DROPPED: Inline = { kind: 'verbatim', text: '' };
const SPACE = /\s/;

class Reader {
  #i = 0;
  constructor(private readonly s: string) {}

  /** Inlines up to the end, or to the "}" that closes the group being read. */
  inlines(inGroup: boolean, depth: number): Inline[] {
    const s = this.s;
    const out: Inline[] = [];
    let text = '';
    const flush = () => { if (text) { out.push({ kind: 'text', text }); text = ''; } };
    const push = (inline: Inline | Inline[]) => { flush(); for (const x of Array.isArray(inline) ? inline : [inline]) out.push(x); };
    while (this.#i < s.length) {
      const c = s[this.#i];
      if (c === '}') { this.#i++; if (inGroup) break; continue; }
      if (SPACE.test(c)) {
        while (this.#i < s.length && SPACE.test(s[this.#i])) this.#i++;
        if (out.length || text) push({ kind: 'space' });
        continue;
      }
      if (c === '{') {
        this.#i++;
        const content = depth < 32 ? this.inlines(true, depth + 1) : [];
        if (content.length) push({ kind: 'group', content });
        continue;
      }
      if (c === '$' || (c === '\\' && s[this.#i + 1] === '(')) { push(this.#math()); continue; }
      if (c === '\\') {
        const switched = this.#switchAt();
        if (switched) {
          const content = this.inlines(inGroup, depth + 1);
          push(switched === 'plain' ? content : { kind: switched, content });
          break;
        }
        const command = this.#command(depth);
        if (typeof command === 'string') text += command;
        else push(command);
        continue;
      }
      if (c === '~') { this.#i++; text += '\u00A0'; continue; }
      if (c === '-' && s[this.#i + 1] === '-') {
        const em = s[this.#i + 2] === '-';
        this.#i += em ? 3 : 2;
        text += em ? '—' : '–';
        continue;
      }
      if (c === '`') {
        const double = s[this.#i + 1] === '`';
        const close = double ? "''" : "'";
        const end = s.indexOf(close, this.#i + (double ? 2 : 1));
        if (end > 0) {
          const inner = new Reader(s.slice(this.#i + (double ? 2 : 1), end)).inlines(false, depth + 1);
          this.#i = end + close.length;
          push({ kind: 'quoted', content: inner });
          continue;
        }
        this.#i++;
        text += '‘';
        continue;
      }
      if (c === '"') {
        const end = s.indexOf('"', this.#i + 1);
        if (end > this.#i + 1) {
          const inner = new Reader(s.slice(this.#i + 1, end)).inlines(false, depth + 1);
          this.#i = end + 1;
          push({ kind: 'quoted', content: inner });
          continue;
        }
      }
      if (c === "'") { this.#i++; text += s[this.#i] === "'" ? (this.#i++, '”') : '’'; continue; }
      if (c === '%') { const nl = s.indexOf('\n', this.#i); this.#i = nl < 0 ? s.length : nl; continue; }
      this.#i++;
      text += c;
    }
    flush();
    while (out.length && out[out.length - 1].kind === 'space') out.pop();
    return out;
  }

  /** `\em`, `\bf`…: a switch that styles the rest of its group. */
  #switchAt(): Styled | 'plain' | undefined {
    const m = /^\\([a-z]+)(?![A-Za-z])\s*/.exec(this.s.slice(this.#i, this.#i + 20));
    const style = m ? SWITCHES[m[1]] : undefined;
    if (style) this.#i += m![0].length;
    return style;
  }

  #math(): Inline {
    const s = this.s;
    let open = '$';
    let close = '$';
    if (s.startsWith('$$', this.#i)) { open = '$$'; close = '$$'; }
    else if (s.startsWith('\\(', this.#i)) { open = '\\('; close = '\\)'; }
    const end = s.indexOf(close, this.#i + open.length);
    const stop = end < 0 ? s.length : end;
    const text = s.slice(this.#i + open.length, stop).trim();
    this.#i = end < 0 ? s.length : end + close.length;
    return { kind: 'verbatim', text };
  }

  /** A braced argument's raw text, or the next character; undefined when none follows. */
  #rawArgument(): string | undefined {
    const s = this.s;
    while (SPACE.test(s[this.#i] ?? '')) this.#i++;
    if (s[this.#i] !== '{') return this.#i < s.length && s[this.#i] !== '}' ? s[this.#i++] : undefined;
    let depth = 0;
    const start = this.#i;
    for (; this.#i < s.length; this.#i++) {
      if (s[this.#i] === '{') depth++;
      else if (s[this.#i] === '}' && --depth === 0) { this.#i++; return s.slice(start + 1, this.#i - 1); }
    }
    return s.slice(start + 1);
  }

  /** Skips `[…]` and `{…}` arguments, as pandoc drops a command it does not know with them. */
  #skipArguments(count = Infinity): void {
    const s = this.s;
    for (let n = 0; n < count; n++) {
      let j = this.#i;
      while (SPACE.test(s[j] ?? '')) j++;
      if (s[j] === '[') { const end = s.indexOf(']', j); if (end < 0) return; this.#i = end + 1; n--; continue; }
      if (s[j] !== '{') return;
      this.#i = j;
      this.#rawArgument();
    }
  }

  #argument(depth: number): Inline[] {
    const raw = this.#rawArgument();
    return raw === undefined ? [] : new Reader(raw).inlines(false, depth + 1);
  }

  #command(depth: number): string | Inline | Inline[] {
    const s = this.s;
    this.#i++;
    if (this.#i >= s.length) return '';
    const { name, end } = commandName(s, this.#i);
    this.#i = end;
    const mark = ACCENTS[name];
    if (mark && (!LETTER.test(name) || !LETTER.test(s[this.#i] ?? ''))) {
      let letters: string;
      if (s[this.#i] === '\\') {
        const base = this.#command(depth);
        letters = typeof base === 'string' ? base : stringifyAll(Array.isArray(base) ? base : [base]);
      } else {
        letters = stringifyAll(this.#argument(depth));
      }
      return letters ? accented(letters, mark) : '';
    }
    const letterName = LETTER.test(name[0]);
    if (name in SYMBOLS) {
      if (letterName) {
        if (s.startsWith('{}', this.#i)) this.#i += 2;
        else while (SPACE.test(s[this.#i] ?? '')) this.#i++;
      }
      return SYMBOLS[name];
    }
    const style = STYLES[name];
    if (style === 'verbatim') return { kind: 'verbatim', text: stringifyAll(this.#argument(depth)) };
    if (style === 'upper') return upper(this.#argument(depth));
    if (style === 'plain') return this.#argument(depth);
    // biblatex's own commands (`\mkbibemph`…) keep their words' case, as a brace group does.
    if (style) return name.startsWith('mkbib') ? { kind: 'group', content: [{ kind: style, content: this.#argument(depth) }] } : { kind: style, content: this.#argument(depth) };
    // A link's text is text: a title's case rules reach it as they reach any word.
    if (name === 'url') return { kind: 'text', text: this.#rawArgument() ?? '' };
    if (name === 'href' || name === 'foreignlanguage' || name === 'textcolor') { this.#rawArgument(); return this.#argument(depth); }
    if (name === 'color') { this.#rawArgument(); return DROPPED; }
    // Not known: pandoc keeps it as raw LaTeX, which a bibliography drops, arguments and all; the
    // words on either side stay two words.
    if (letterName) while (SPACE.test(s[this.#i] ?? '')) this.#i++;
    this.#skipArguments();
    return DROPPED;
  }
}

function upper(inlines: Inline[]): Inline[] {
  return inlines.map(x => (x.kind === 'text' ? { kind: 'text', text: x.text.toUpperCase() } : 'content' in x ? { ...x, content: upper(x.content) } : x));
}

/**
 * A .bib value's LaTeX as pandoc reads it, as inlines.
 *
 * @example parseLatex('A {\\em Very} Title').map(i => i.kind) → ['text', 'space', 'group', 'space', 'text']
 */
export function parseLatex(value: string): Inline[] {
  return new Reader(value.trim()).inlines(false, 0);
}

/** An inline's text without its markup (quotes written out), as pandoc's `stringify`. */
export function stringify(inline: Inline): string {
  switch (inline.kind) {
    case 'text': case 'verbatim': return inline.text;
    case 'space': return ' ';
    case 'quoted': return `“${stringifyAll(inline.content)}”`;
    default: return stringifyAll(inline.content);
  }
}

export const stringifyAll = (inlines: readonly Inline[]) => inlines.map(stringify).join('');

const TAGS: Partial<Record<Styled, [string, string]>> = {
  emph: ['<i>', '</i>'], strong: ['<b>', '</b>'], smallcaps: ['<span style="font-variant:small-caps;">', '</span>'],
  sup: ['<sup>', '</sup>'], sub: ['<sub>', '</sub>'], underline: ['<u>', '</u>'],
};

/**
 * Inlines as a CSL-JSON string with the markup citeproc-js reads (`<i>`, `<b>`, small caps,
 * `<sup>`, `<sub>`), quotes as the en-US locale writes them; as pandoc writes CSL-JSON, case
 * protection is not written out (it did its work when the title was made sentence case).
 */
export function cslMarkup(inlines: readonly Inline[], outerQuotes = true, italic = false, bold = false): string {
  let out = '';
  for (const x of inlines) {
    if (x.kind === 'text' || x.kind === 'verbatim') out += x.text;
    else if (x.kind === 'space') out += ' ';
    else if (x.kind === 'quoted') out += `${outerQuotes ? '“' : '‘'}${cslMarkup(x.content, !outerQuotes, italic, bold)}${outerQuotes ? '”' : '’'}`;
    else if (x.kind === 'emph' && italic) out += `<span style="font-style:normal;">${cslMarkup(x.content, outerQuotes, false, bold)}</span>`;
    else if (x.kind === 'strong' && bold) out += `<span style="font-weight:normal;">${cslMarkup(x.content, outerQuotes, italic, false)}</span>`;
    else {
      const tags = TAGS[x.kind];
      const inner = cslMarkup(x.content, outerQuotes, italic || x.kind === 'emph', bold || x.kind === 'strong');
      out += tags ? `${tags[0]}${inner}${tags[1]}` : inner;
    }
  }
  return out;
}
