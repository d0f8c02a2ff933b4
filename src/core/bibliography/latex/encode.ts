// Text to LaTeX that pdflatex + bibtex and biblatex + biber both accept, in pure ASCII.
// Why ASCII: a .bib file may be read by an 8-bit BibTeX, by pdflatex without inputenc
// set up for every character, or by biber, which decodes accents back to UTF-8 but keeps
// math such as `$\tau$` as it is (pdflatex cannot typeset a raw "τ" without extra packages).

/** LaTeX's special characters. Braces become text commands, not `\{`: BibTeX counts every brace, escaped or not. */
const SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}', '{': '\\textbraceleft{}', '}': '\\textbraceright{}',
  '&': '\\&', '%': '\\%', '$': '\\$', '#': '\\#', '_': '\\_',
  '~': '\\textasciitilde{}', '^': '\\textasciicircum{}',
  // Not special, but the default OT1 font prints "¡", "¿" and "—" for these.
  '<': '\\textless{}', '>': '\\textgreater{}', '|': '\\textbar{}',
};

/** Combining marks after NFD, as LaTeX accent commands. Letter-named accents need a braced argument. */
const ACCENTS: Record<string, string> = {
  '\u0300': '`', '\u0301': "'", '\u0302': '^', '\u0303': '~', '\u0308': '"', '\u0304': '=', '\u0307': '.',
  '\u030A': 'r', '\u030C': 'v', '\u0306': 'u', '\u0327': 'c', '\u0328': 'k', '\u030B': 'H', '\u0323': 'd',
};

/** Letters NFD does not split, and typographic punctuation, as LaTeX text. */
const LETTERS: Record<string, string> = {
  ß: '{\\ss}', æ: '{\\ae}', Æ: '{\\AE}', ø: '{\\o}', Ø: '{\\O}', œ: '{\\oe}', Œ: '{\\OE}', ł: '{\\l}', Ł: '{\\L}',
  ı: '{\\i}', ȷ: '{\\j}',
  '‘': '`', '’': "'", '“': '``', '”': "''", '–': '--', '—': '---', '…': '\\ldots{}', '\u00A0': '~',
  '«': '\\guillemotleft{}', '»': '\\guillemotright{}', '°': '\\textdegree{}', '©': '\\textcopyright{}',
  '®': '\\textregistered{}', '™': '\\texttrademark{}', '€': '\\texteuro{}', '£': '\\pounds{}', '§': '\\S{}',
  '¹': '\\textsuperscript{1}', '²': '\\textsuperscript{2}', '³': '\\textsuperscript{3}',
};

/** Symbols only math mode has. Each is wrapped `{$…$}` so that BibTeX leaves it alone when it changes case. */
const MATH: Record<string, string> = {
  α: '\\alpha', β: '\\beta', γ: '\\gamma', δ: '\\delta', ε: '\\epsilon', ζ: '\\zeta', η: '\\eta', θ: '\\theta',
  ι: '\\iota', κ: '\\kappa', λ: '\\lambda', μ: '\\mu', ν: '\\nu', ξ: '\\xi', ο: 'o', π: '\\pi', ρ: '\\rho',
  σ: '\\sigma', ς: '\\varsigma', τ: '\\tau', υ: '\\upsilon', φ: '\\phi', χ: '\\chi', ψ: '\\psi', ω: '\\omega',
  Γ: '\\Gamma', Δ: '\\Delta', Θ: '\\Theta', Λ: '\\Lambda', Ξ: '\\Xi', Π: '\\Pi', Σ: '\\Sigma', Υ: '\\Upsilon',
  Φ: '\\Phi', Ψ: '\\Psi', Ω: '\\Omega',
  // Upper-case Greek letters that look like Latin ones have no command of their own.
  Α: '\\mathrm{A}', Β: '\\mathrm{B}', Ε: '\\mathrm{E}', Ζ: '\\mathrm{Z}', Η: '\\mathrm{H}', Ι: '\\mathrm{I}',
  Κ: '\\mathrm{K}', Μ: '\\mathrm{M}', Ν: '\\mathrm{N}', Ο: '\\mathrm{O}', Ρ: '\\mathrm{P}', Τ: '\\mathrm{T}', Χ: '\\mathrm{X}',
  '×': '\\times', '÷': '\\div', '±': '\\pm', '·': '\\cdot', '→': '\\rightarrow', '←': '\\leftarrow',
  '↔': '\\leftrightarrow', '⇒': '\\Rightarrow', '≤': '\\leq', '≥': '\\geq', '≠': '\\neq', '≈': '\\approx',
  '∞': '\\infty', '∈': '\\in', '∑': '\\sum', '√': '\\surd', '∗': '\\ast', '′': '\\prime', '∼': '\\sim',
};

const COMBINING = /\p{M}/u;

function accented(base: string, marks: string[]): string | null {
  // A dotless i under an accent: biber would decode "\'\i" to "ı" + a combining mark that
  // pdflatex rejects, while "\'i" decodes to the precomposed "í" and LaTeX drops the dot itself.
  let out = base === 'ı' ? 'i' : base;
  if (!/^[A-Za-z]$/.test(out)) return null;
  for (const mark of marks) {
    const command = ACCENTS[mark];
    if (!command) return null;
    out = /[A-Za-z]/.test(command) ? `\\${command}{${out}}` : `\\${command}${out}`;
  }
  return `{${out}}`;
}

/** What an unknown character becomes: its ASCII folding where it has one, else "?" (never a raw byte). */
function fallback(ch: string): string {
  const folded = ch.normalize('NFKD').replace(/\p{M}/gu, '');
  return /^[\x20-\x7E]+$/.test(folded) ? encodeLatex(folded) : '?';
}

/**
 * A superscript the Hugging Face pages write with a caret (`τ^2-Bench`, `FaSTA^*`, `GUI-360^circ`):
 * digits, a star, one letter, or `circ` (a degree sign); what it is in LaTeX and how many characters it takes.
 */
function superscript(chars: readonly string[], from: number): { latex: string; length: number } | undefined {
  let digits = '';
  while (from + digits.length < chars.length && /[0-9]/.test(chars[from + digits.length])) digits += chars[from + digits.length];
  if (digits) return { latex: digits, length: digits.length };
  const next = chars.slice(from, from + 5).join('');
  if (/^circ(?![A-Za-z])/.test(next)) return { latex: '\\circ', length: 4 };
  if (next[0] === '*') return { latex: '*', length: 1 };
  if (/^[A-Za-z](?![A-Za-z])/.test(next)) return { latex: next[0], length: 1 };
  return undefined;
}

/**
 * Encodes text for a .bib field or a LaTeX document, in pure ASCII: LaTeX's special
 * characters escaped, accented letters as `{\"U}`, Greek and other math symbols as
 * `{$\tau$}`, a caret's superscript as math (`{$\tau^2$}`). Line breaks and tabs become spaces. A character with no known encoding
 * becomes its ASCII folding, or "?".
 *
 * @example encodeLatex('TÜLU 3') === 'T{\\"U}LU 3'
 * @example encodeLatex('τ^2-Bench') === '{$\\tau^2$}-Bench'
 * @example encodeLatex("m&m's") === "m\\&m's"
 */
export function encodeLatex(text: string): string {
  let out = '';
  const chars = [...text.normalize('NFD')];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    const marks: string[] = [];
    while (i + 1 < chars.length && COMBINING.test(chars[i + 1])) marks.push(chars[++i]);
    if (marks.length) {
      out += accented(ch, marks) ?? fallback((ch + marks.join('')).normalize('NFC'));
      continue;
    }
    const sup = ch === '^' ? superscript(chars, i + 1) : undefined;
    if (sup) {
      // `τ^2` is math as the title means it: the superscript joins a math group just written, or makes its own.
      const power = `^${sup.latex.length > 1 && !sup.latex.startsWith('\\') ? `{${sup.latex}}` : sup.latex}`;
      out = out.endsWith('$}') ? `${out.slice(0, -2)}${power}$}` : `${out}{$${power}$}`;
      i += sup.length;
      continue;
    }
    if (SPECIAL[ch]) out += SPECIAL[ch];
    else if (/[\t\r\n]/.test(ch)) out += ' ';
    else if (ch >= ' ' && ch <= '~') out += ch;
    else if (LETTERS[ch]) out += LETTERS[ch];
    else if (MATH[ch]) out += `{$${MATH[ch]}$}`;
    else out += fallback(ch);
  }
  return out;
}
