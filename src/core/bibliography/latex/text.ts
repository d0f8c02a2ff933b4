// LaTeX in .bib values, decoded to the Unicode text a reader sees: accents in every form
// (`{\"o}`, `\"{o}`, `\"o`, `{\v S}`), special letters (`\ss`, `{\o}`), text commands
// (`\emph{…}`, `\textbf{…}`, `\href{url}{text}`), dashes and quotes (`--`, ``` `` ```), escaped
// specials (`\&`) and simple math (`$\alpha$`). Braces that protect case go. What is not known
// keeps its text and loses its command, so nothing a reader needs disappears.
import { accented, ACCENTS, commandName, LETTER } from './commands';

/** Commands that stand for a letter or a symbol. */
const SYMBOLS: Record<string, string> = {
  ss: 'ß', SS: 'SS', o: 'ø', O: 'Ø', ae: 'æ', AE: 'Æ', oe: 'œ', OE: 'Œ', aa: 'å', AA: 'Å', l: 'ł', L: 'Ł',
  i: 'ı', j: 'ȷ', dh: 'ð', DH: 'Ð', th: 'þ', TH: 'Þ', ng: 'ŋ', NG: 'Ŋ', dj: 'đ', DJ: 'Đ',
  textendash: '–', textemdash: '—', ldots: '…', dots: '…', textellipsis: '…',
  textquoteleft: '‘', textquoteright: '’', textquotedblleft: '“', textquotedblright: '”', quotedblbase: '„',
  guillemotleft: '«', guillemotright: '»', guillemetleft: '«', guillemetright: '»',
  textregistered: '®', texttrademark: '™', textcopyright: '©', copyright: '©', textdegree: '°', texteuro: '€',
  euro: '€', pounds: '£', textsterling: '£', S: '§', P: '¶', textsection: '§', textparagraph: '¶',
  textless: '<', textgreater: '>', textbar: '|', textbackslash: '\\', textasciitilde: '~', textasciicircum: '^',
  textunderscore: '_', textbullet: '•', textperiodcentered: '·', textdagger: '†', dag: '†', textdaggerdbl: '‡',
  textexclamdown: '¡', textquestiondown: '¿', textmu: 'µ', textonehalf: '½', textperthousand: '‰',
  LaTeX: 'LaTeX', LaTeXe: 'LaTeX2ε', TeX: 'TeX', BibTeX: 'BibTeX', XeTeX: 'XeTeX', LuaTeX: 'LuaTeX', BibLaTeX: 'BibLaTeX',
  // Math, also when written outside "$…$".
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', varepsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ',
  vartheta: 'ϑ', iota: 'ι', kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', varpi: 'ϖ', rho: 'ρ',
  varrho: 'ϱ', sigma: 'σ', varsigma: 'ς', tau: 'τ', upsilon: 'υ', phi: 'φ', varphi: 'φ', chi: 'χ', psi: 'ψ',
  omega: 'ω', Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ', Pi: 'Π', Sigma: 'Σ', Upsilon: 'Υ',
  Phi: 'Φ', Psi: 'Ψ', Omega: 'Ω',
  times: '×', div: '÷', pm: '±', mp: '∓', cdot: '·', rightarrow: '→', to: '→', leftarrow: '←', leftrightarrow: '↔',
  Rightarrow: '⇒', Leftarrow: '⇐', leq: '≤', le: '≤', geq: '≥', ge: '≥', neq: '≠', ne: '≠', approx: '≈',
  infty: '∞', in: '∈', sum: '∑', prod: '∏', surd: '√', sqrt: '√', ast: '∗', prime: '′', sim: '∼', ell: 'ℓ',
  partial: '∂', nabla: '∇', forall: '∀', exists: '∃', emptyset: '∅', cap: '∩', cup: '∪', subset: '⊂',
  subseteq: '⊆', circ: '∘', star: '⋆', cdots: '⋯', langle: '⟨', rangle: '⟩', mid: '|', vert: '|',
  // Spacing and hyphenation hints.
  ',': ' ', ';': ' ', ':': ' ', '!': '', ' ': ' ', '-': '', '/': '', '@': '', quad: ' ', qquad: ' ',
  '\\': ' ', newline: ' ', par: ' ', linebreak: ' ', break: ' ', relax: '', protect: '', noindent: '',
  // Escaped specials.
  '&': '&', '%': '%', $: '$', '#': '#', _: '_', '{': '{', '}': '}',
};

/** Commands whose (first) argument is the text: styles, boxes, case changes. */
const TEXT_COMMANDS = new Set([
  'emph', 'textit', 'textbf', 'textsc', 'texttt', 'textrm', 'textsf', 'textsl', 'textup', 'textmd', 'textnormal',
  'mbox', 'hbox', 'text', 'textup', 'uppercase', 'lowercase', 'MakeUppercase', 'MakeLowercase', 'MakeTextUppercase',
  'NoCaseChange', 'nocase', 'ensuremath', 'mathrm', 'mathit', 'mathbf', 'mathsf', 'mathtt', 'mathcal', 'mathbb',
  'mathfrak', 'mathnormal', 'operatorname', 'boldsymbol', 'bm', 'textsuperscript', 'textsubscript', 'underline',
  'mkbibemph', 'mkbibitalic', 'mkbibbold', 'mkbibacro', 'acro', 'url', 'nolinkurl', 'path', 'textcite', 'foreignlanguage',
]);

/** Commands whose argument must not be shown: sorting tricks defined in a preamble. */
const HIDDEN_ARGUMENT = new Set(['noopsort', 'sortnoop', 'SortNoop', 'noop', 'NOOP', 'oopsort', 'nocite', 'label', 'index']);

/** Commands that quote their argument. */
const QUOTING = new Set(['enquote', 'mkbibquote', 'enquote*']);

const FAST = /[\\{}$~`'-]/;
/** Whitespace that collapsing would change: two in a row, or one that is not a plain space. */
const LOOSE_SPACE = /\s\s|[^\S ]/;
/** The characters `run` stops at (math's "^" and "_" among them); everything else is copied as it is. */
const SPECIAL = /[\\{}$~`'\-^_]/g;

/** Groups nested deeper than this are read flat: their braces go, their text stays (and the stack is safe). */
const MAX_DEPTH = 64;

class Decoder {
  #i = 0;
  #depth = 0;
  constructor(private readonly s: string) {}

  /** Decodes up to the end, or to the "}" that closes the group the caller is in. */
  run(inGroup = false, math = false): string {
    const s = this.s;
    let out = '';
    this.#depth++;
    try {
      while (this.#i < s.length) {
        // Plain text up to the next character LaTeX acts on, in one slice: abstracts are mostly that.
        SPECIAL.lastIndex = this.#i;
        const next = SPECIAL.exec(s)?.index ?? s.length;
        if (next > this.#i) {
          out += s.slice(this.#i, next);
          this.#i = next;
          if (next >= s.length) break;
        }
        const c = s[this.#i];
        if (c === '}') {
          this.#i++;
          if (inGroup) return out;
          continue;
        }
        if (c === '{') {
          this.#i++;
          if (this.#depth < MAX_DEPTH) out += this.run(true, math);
          continue;
        }
        out += this.#token(c, math);
        if (c === '$' && math) return out;
      }
      return out;
    } finally {
      this.#depth--;
    }
  }

  /** One character (or command, dash, quote) at `this.i`, decoded. */
  #token(c: string, math: boolean): string {
    const s = this.s;
    {
      if (c === '\\') return this.#command(math);
      if (c === '$') {
        this.#i++;
        // The closing "$" of math ends the run that reads it (see `run`).
        if (math) return '';
        // "$$…$$" and "$…$": the math inside, as text.
        if (s[this.#i] === '$') this.#i++;
        const inside = this.#depth < MAX_DEPTH ? this.run(false, true) : '';
        if (s[this.#i] === '$') this.#i++;
        return inside;
      }
      if (math && (c === '^' || c === '_')) { this.#i++; return ''; }
      if (c === '~') { this.#i++; return ' '; }
      if (c === '-' && s[this.#i + 1] === '-') {
        const triple = s[this.#i + 2] === '-';
        this.#i += triple ? 3 : 2;
        return triple ? '—' : '–';
      }
      if (c === '`' && s[this.#i + 1] === '`') { this.#i += 2; return '“'; }
      if (c === "'" && s[this.#i + 1] === "'") { this.#i += 2; return '”'; }
      if (c === '`') { this.#i++; return '‘'; }
      this.#i++;
      return c;
    }
  }

  /** The argument after a command: a group, or else one character (skipping spaces). */
  #argument(math: boolean): string {
    const s = this.s;
    while (s[this.#i] === ' ' || s[this.#i] === '\t' || s[this.#i] === '\n' || s[this.#i] === '\r') this.#i++;
    if (s[this.#i] === '{') { this.#i++; return this.#depth < MAX_DEPTH ? this.run(true, math) : ''; }
    if (s[this.#i] === '\\') {
      // An accent on an accent on…: nested, so bounded like groups.
      if (this.#depth >= MAX_DEPTH) return '';
      this.#depth++;
      try { return this.#command(math); } finally { this.#depth--; }
    }
    if (this.#i >= s.length || s[this.#i] === '}') return '';
    return s[this.#i++];
  }

  #skipGroup(): void {
    const s = this.s;
    while (s[this.#i] === ' ') this.#i++;
    if (s[this.#i] !== '{') return;
    let depth = 0;
    for (; this.#i < s.length; this.#i++) {
      if (s[this.#i] === '{') depth++;
      else if (s[this.#i] === '}' && --depth === 0) { this.#i++; return; }
    }
  }

  #command(math: boolean): string {
    const s = this.s;
    this.#i++; // the backslash
    if (this.#i >= s.length) return '';
    const { name, end } = commandName(s, this.#i);
    this.#i = end;
    const mark = ACCENTS[name];
    // A one-letter command such as \v or \c is an accent only before its argument; "\c" alone is not.
    if (mark && (!LETTER.test(name) || s[this.#i] === ' ' || s[this.#i] === '{' || s[this.#i] === '\\')) {
      const base = this.#argument(math);
      if (!base) return '';
      // A dotless i or j under an accent is the letter itself: {\'\i} is "í".
      const first = base[0] === 'ı' ? 'i' : base[0] === 'ȷ' ? 'j' : base[0];
      return accented(first + base.slice(1), mark);
    }
    if (name in SYMBOLS) {
      // A control word ends at the space after it (`\ss x`), or at an empty group (`\ss{}x`).
      if (LETTER.test(name[0])) {
        if (s[this.#i] === '{' && s[this.#i + 1] === '}') this.#i += 2;
        else if (s[this.#i] === ' ' && !math) this.#i++;
      }
      return SYMBOLS[name];
    }
    if (TEXT_COMMANDS.has(name)) return this.#argument(math);
    if (QUOTING.has(name)) return `“${this.#argument(math)}”`;
    if (name === 'href') {
      this.#skipGroup();
      return this.#argument(math);
    }
    if (HIDDEN_ARGUMENT.has(name)) {
      this.#skipGroup();
      return '';
    }
    // Unknown: drop the command, keep what follows (its argument, if any, is read as text).
    if (LETTER.test(name[0]) && s[this.#i] === ' ') this.#i++;
    return '';
  }
}

/**
 * Decodes a .bib value's LaTeX to the Unicode text shown to a reader and searched: accents
 * in every form, special letters, text commands, dashes, quotes, simple math; case-protecting
 * braces removed, runs of white space made one space.
 *
 * @example latexToText('{\\"O}zil and \\v{S}koda') === 'Özil and Škoda'
 * @example latexToText('A \\emph{Very} {BIG} Title -- Part~2') === 'A Very BIG Title – Part 2'
 * @example latexToText('$\\alpha$-Go') === 'α-Go'
 */
export function latexToText(value: string): string {
  const text = FAST.test(value) ? new Decoder(value).run() : value;
  // Most values have no run of spaces to collapse: testing is cheaper than a replace that copies.
  return (LOOSE_SPACE.test(text) ? text.replace(/\s+/g, ' ') : text).trim();
}
