// One reading of a document for everything that needs it on a keystroke: its citations (hover,
// Go to Definition, the checks) and the bibliographies it names (where those citations are
// defined). A LaTeX document gives both in one pass of the TeX reader; the other syntaxes name
// their bibliographies in a front matter or a directive, read only when asked.
import { syntaxOfLanguage } from './languages';
import { citationsOfLanguage, scanLatexDocument, type Citation, type LatexDocument } from './scan';
import { findBibliographies, type BibliographyRef } from './sources';

export interface DocumentScan {
  readonly citations: readonly Citation[];
  readonly bibliographies: readonly BibliographyRef[];
  /** For LaTeX: everything the pass read (the files it brings in, its class, its path macros…), which makes its project. */
  readonly latex?: LatexDocument;
}

/**
 * A document's citations and named bibliographies, as `citationsOfLanguage` and
 * `findBibliographies` give them, reading a LaTeX document once.
 *
 * @example scanDocument('\\cite{a}\\bibliography{refs}', 'latex').bibliographies → [{ path: 'refs.bib', line: 1 }]
 */
export function scanDocument(text: string, languageId: string): DocumentScan {
  if (syntaxOfLanguage(languageId) === 'latex') {
    const document = scanLatexDocument(text);
    return { citations: document.citations, bibliographies: document.bibliographies.map(({ path, line }) => ({ path, line })), latex: document };
  }
  let bibliographies: BibliographyRef[] | undefined;
  return {
    citations: citationsOfLanguage(text, languageId),
    get bibliographies() { return (bibliographies ??= findBibliographies(text, languageId)); },
  };
}
