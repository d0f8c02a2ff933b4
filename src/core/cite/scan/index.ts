// Finding the citations in a document's text as the real tools read it, with the exact offsets
// of each key: LaTeX as TeX, biblatex and natbib read it; Markdown (also Quarto, R Markdown) as
// pandoc reads it; Typst as its compiler reads it; reStructuredText as sphinxcontrib-bibtex reads
// it. Shared by hover, go to definition, completion, joining a key into the citation at the cursor
// and the diagnostics that check every cited key (on every keystroke). test/tools/scanOracle.test.ts
// checks the LaTeX and Markdown scanners against biblatex, natbib and pandoc themselves, and
// test/tools/latexDocument.test.ts what the LaTeX pass says of bibliographies and includes against
// pdflatex and BibTeX.
//
// Each scanner is one pass over the text, with no regular expression that can backtrack over it:
// groups (braces, brackets, code spans) are matched through tables that each scan fills for every
// group it passes, so that no character is read more than a few times however damaged the text is.
// One file a syntax: latex/, markdown/, typst.ts, rst.ts; a user's template in template.ts; the
// cursor lookups in cursor.ts; what they share in text.ts and citation.ts.
import { syntaxOfLanguage } from '../languages';
import type { Citation } from './citation';
import { findCitations } from './scanners';

export type { Citation, CitedKey, KeyList } from './citation';
export { scanWork } from './text';
export { findCitations } from './scanners';
export { scanTemplate } from './template';
export { scanLatexDocument, type LatexBibliography, type LatexDocument, type LatexDocumentClass, type LatexInclude } from './latex';
export { completionContextAt, findCitationsNear, findKeyAt, keyAtIn, type CompletionContext, type KeyAt } from './cursor';

/**
 * Every citation of a document in its language's syntax. Languages without a syntax (plain
 * text, code) are searched for LaTeX commands and bracketed Pandoc citations, never for a bare
 * `@word`. The host keeps this per version of a document, so that each hover does not scan it again.
 *
 * @example citationsOfLanguage('see \\cite{a} and [@b]', 'plaintext').map(c => c.keys[0].key) → ['a', 'b']
 */
export function citationsOfLanguage(text: string, languageId: string): Citation[] {
  const syntax = syntaxOfLanguage(languageId);
  return syntax ? findCitations(text, syntax) : [...findCitations(text, 'latex'), ...findCitations(text, 'pandoc').filter(c => c.bracketed)];
}
