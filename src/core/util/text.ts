// Text folding shared by ids, keys and search: titles such as "TÜLU 3" or "τ^2-Bench"
// must be findable and citable by people typing plain ASCII.

const GREEK: Record<string, string> = {
  α: 'alpha', β: 'beta', γ: 'gamma', δ: 'delta', ε: 'epsilon', ζ: 'zeta', η: 'eta', θ: 'theta',
  ι: 'iota', κ: 'kappa', λ: 'lambda', μ: 'mu', ν: 'nu', ξ: 'xi', ο: 'omicron', π: 'pi', ρ: 'rho',
  σ: 'sigma', ς: 'sigma', τ: 'tau', υ: 'upsilon', φ: 'phi', χ: 'chi', ψ: 'psi', ω: 'omega',
};

// Letters that NFKD does not decompose into ASCII.
const SPECIAL: Record<string, string> = {
  ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D', ł: 'l', Ł: 'L',
  þ: 'th', Þ: 'Th', ı: 'i', ð: 'd', '‘': "'", '’': "'", '“': '"', '”': '"', '–': '-', '—': '-',
};

const COMBINING_MARKS = /\p{M}+/gu;
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * Folds text to ASCII where a reader would: drops accents, spells Greek letters out
 * (keeping the case of their first letter) and leaves anything else unknown out.
 *
 * @example toAscii('TÜLU 3') === 'TULU 3'; toAscii('τ^2-Bench') === 'tau^2-Bench'
 */
export function toAscii(text: string): string {
  // Most titles and names are ASCII already, and `normalize` copies even those.
  if (!NON_ASCII.test(text)) return text;
  let out = '';
  for (const ch of text.normalize('NFKD').replace(COMBINING_MARKS, '')) {
    if (ch.charCodeAt(0) < 0x80) { out += ch; continue; }
    const lower = ch.toLowerCase();
    const greek = GREEK[lower];
    if (greek) { out += ch === lower ? greek : greek[0].toUpperCase() + greek.slice(1); continue; }
    const special = SPECIAL[ch];
    if (special) out += special;
  }
  return out;
}

/**
 * The ASCII slug of a title, used as a paper's id and to recognise the same paper
 * on several pages whatever its punctuation or case.
 *
 * @example slugify('GUI-R1 : A Generalist') === 'gui-r1-a-generalist'
 */
export function slugify(title: string): string {
  return toAscii(title).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** Collapses runs of whitespace so that text from pages compares and displays cleanly. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The first `max` characters of `text`, cut at a word boundary, with an ellipsis when cut. */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

let collator: Intl.Collator | undefined;

/**
 * Orders titles and names as a reader would: case, accents and punctuation aside
 * (a quoted title sorts under its first word), numbers by value.
 * The collator is made on first use: building one loads ICU data, which costs more
 * than the rest of the extension's start-up.
 *
 * @example ['b', 'A', 'é'].sort(compareText) // ['A', 'b', 'é']
 */
export function compareText(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true, ignorePunctuation: true });
  return collator.compare(a, b);
}
