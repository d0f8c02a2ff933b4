// What the two readers of LaTeX in .bib values share, so that they cannot drift apart: how a
// command's name is read after its backslash, and the accents. text.ts decodes for showing and
// searching, inlines.ts reads as pandoc does for formatting; a name or an accent read one way
// by one and another way by the other would show a writer two spellings of the same entry.

/** Accent commands → combining marks (NFC joins them to their letter). */
export const ACCENTS: Readonly<Record<string, string>> = {
  '`': '\u0300', "'": '\u0301', '^': '\u0302', '~': '\u0303', '"': '\u0308', '=': '\u0304', '.': '\u0307',
  r: '\u030A', v: '\u030C', u: '\u0306', c: '\u0327', k: '\u0328', H: '\u030B', d: '\u0323', b: '\u0331', t: '\u0361',
};

export const LETTER = /[A-Za-z]/;

/**
 * The command whose name starts at `at`, just after its backslash: a control word (letters, and
 * a star that names the starred form) or a control symbol (one character). `end` is past it.
 *
 * @example commandName('\\emph*{x}', 1) → { name: 'emph*', end: 6 }
 * @example commandName('\\"o', 1) → { name: '"', end: 2 }
 */
export function commandName(s: string, at: number): { name: string; end: number } {
  if (!LETTER.test(s[at])) return { name: s[at], end: at + 1 };
  let end = at;
  while (end < s.length && LETTER.test(s[end])) end++;
  let name = s.slice(at, end);
  if (s[end] === '*') { name += '*'; end++; }
  return { name, end };
}

/** `letters` with the accent `mark` on the first: `accented('o', ACCENTS['"'])` is "ö". */
export const accented = (letters: string, mark: string): string => (letters[0] + mark + letters.slice(1)).normalize('NFC');
