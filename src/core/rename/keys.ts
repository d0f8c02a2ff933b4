// Whether a new key can be written where a rename writes it: in each citing syntax that cites the
// key, read back whole by the same scanner that finds citations (pandoc's, biblatex's, Typst's
// and sphinxcontrib-bibtex's rules, as test/tools/scanOracle.test.ts checks them against the
// tools), and in the bibliography file that defines it (biber's and BibTeX's rules for a .bib).
import type { CitationSyntax } from '../cite/languages';
import { findCitations } from '../cite/scan/scanners';
import type { KeyedFormat } from './entryKey';

/** Each form a key is written in, per syntax: the new key must be read back whole from every one. */
const FORMS: Record<CitationSyntax, ((key: string) => string)[]> = {
  latex: [key => `\\cite{${key}}`, key => `\\nocite{${key}}`],
  pandoc: [key => `[@${key}]`, key => `@${key}`, key => `see @${key}.`],
  typst: [key => `@${key}`, key => `#cite(<${key}>)`],
  rst: [key => `:cite:\`${key}\``],
};

const NAMES: Record<CitationSyntax, string> = { latex: 'LaTeX', pandoc: 'Markdown (pandoc)', typst: 'Typst', rst: 'reStructuredText' };

/** What biber and BibTeX refuse in a key (the .bib reader's own rule, and biber's apostrophe). */
const BIBTEX_REFUSED = /[\s,{}()"#%=\\']/u;

/**
 * Why `key` cannot be the new key of an entry of a `format` file cited in `syntaxes`; undefined
 * when it can.
 *
 * @example keyProblem('doe 2020', ['latex'], 'bibtex') → 'A key cannot contain spaces.'
 * @example keyProblem('doe.', ['pandoc'], 'csl-json') → '"doe." is not read as one key in Markdown (pandoc)…'
 */
export function keyProblem(key: string, syntaxes: Iterable<CitationSyntax>, format: KeyedFormat): string | undefined {
  if (!key) return 'A key cannot be empty.';
  if (/\s/u.test(key)) return 'A key cannot contain spaces or line breaks.';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'A key cannot contain control characters.';
  if (key === '*') return 'A key cannot be "*" (it cites every entry).';
  if (format === 'bibtex' && BIBTEX_REFUSED.test(key)) {
    return `"${key}" cannot be a key in a .bib file: biber and BibTeX do not read a key with any of , { } ( ) " # % = \\ '.`;
  }
  for (const syntax of new Set(syntaxes)) {
    for (const form of FORMS[syntax]) {
      const text = form(key);
      const keys = findCitations(text, syntax).flatMap(c => c.keys.map(k => k.key));
      if (keys.length !== 1 || keys[0] !== key) return `"${key}" is not read as one key in ${NAMES[syntax]} (as in ${text}): use letters, digits and _ - : . inside.`;
    }
  }
  return undefined;
}
