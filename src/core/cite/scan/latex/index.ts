// LaTeX as TeX, biblatex and natbib read it: one pass over the text finds the citations and, for
// whoever asks, what else the file says (its bibliographies, the files it brings in, its class).
import type { Citation } from '../citation';
import { Finder, isAsciiLetter, lineEnd, scanned } from '../text';
import { latexShape, texCitation } from './cite';
import { DocumentReader, type LatexDocument } from './document';
import { skipFalseBranch, skipInlineCode, skipUrl, skipVerb, skipVerbatimEnvironment, texSkip, TexGroups } from './tex';

export type { LatexBibliography, LatexDocument, LatexDocumentClass, LatexInclude } from './document';

/** The index of `c` at or after `i`, or the text's length. */
function nextOf(text: string, c: string, i: number): number {
  const at = text.indexOf(c, i);
  return at < 0 ? text.length : at;
}

/**
 * One pass of TeX's reading over the text: the citations, and, given a `reader`, what else the
 * file says. Nothing counts in `%` comments, `\verb`, `\url`, verbatim environments (verbatim,
 * lstlisting, minted, comment…), an `\iffalse` branch, or after `\end{document}`.
 */
function read(text: string, groups: TexGroups, reader: DocumentReader | undefined): Citation[] {
  const found: Citation[] = reader ? reader.document.citations : [];
  const urls = new TexGroups(text, true);
  const finder = new Finder(text);
  const n = text.length;
  // The next `\` and `%` at or after the scan: found with indexOf (far faster than a loop over
  // the characters between), each searched again only once the scan has passed it.
  let backslash = -1;
  let percent = -1;
  let i = 0;
  while (i < n) {
    if (backslash < i) backslash = nextOf(text, '\\', i);
    if (percent < i) percent = nextOf(text, '%', i);
    const j = backslash < percent ? backslash : percent;
    scanned.chars += j - i;
    if (j >= n) break;
    if (j === percent) {
      if (reader) reader.comment(j);
      i = lineEnd(text, j);
      continue;
    }
    let k = j + 1;
    while (k < n && isAsciiLetter(text.charCodeAt(k))) k++;
    scanned.chars += k - j;
    if (k === j + 1) {
      // A control symbol: \%, \\, \{ are no comment, no command.
      i = j + 2;
      continue;
    }
    const name = text.slice(j + 1, k);
    i = k;
    switch (name) {
      case 'verb': i = skipVerb(text, k); continue;
      case 'url': case 'path': case 'nolinkurl': case 'href': i = skipUrl(text, urls, k); continue;
      case 'lstinline': i = skipInlineCode(text, groups, urls, k, false); continue;
      case 'mintinline': case 'mint': i = skipInlineCode(text, groups, urls, k, true); continue;
      case 'iffalse': i = skipFalseBranch(text, k); continue;
      case 'begin': {
        const e = skipVerbatimEnvironment(text, finder, k);
        if (e >= 0) i = e;
        // Any other environment may be one a reader wants (biblatex's refsection and its resources).
        else if (reader) reader.command(name, j, k);
        continue;
      }
      case 'end': {
        const e = texSkip(text, k);
        if (e >= 0 && text.startsWith('{document}', e)) return found;
        continue;
      }
    }
    const shape = latexShape(name);
    if (!shape) {
      // The scan goes on right after the name, as it does past any command that is no citation:
      // with or without a reader, the same text is read the same way.
      if (reader) reader.command(name, j, k);
      continue;
    }
    const citation = texCitation(text, groups, j, k, shape);
    if (citation) {
      found.push(citation);
      i = citation.end;
    }
  }
  return found;
}

/**
 * Every citation in a LaTeX text, as biblatex and natbib read it: nothing in `%` comments,
 * `\verb`, `\url`, verbatim environments (verbatim, lstlisting, minted, comment…), an
 * `\iffalse` branch, or after `\end{document}`.
 */
export function scanLatex(text: string): Citation[] {
  return read(text, new TexGroups(text), undefined);
}

/**
 * A LaTeX file as TeX reads it, in one pass: its citations (those `findCitations` finds), the
 * bibliographies it names, the files it brings in, its `\documentclass`, the `% !TEX root`
 * magic comment and where it loads biblatex, each with its 1-based line. The bibliographies,
 * the main file and the entry flavour a document wants are all read from here, so a comment,
 * `\verb`, a verbatim environment or an `\iffalse` branch hides a command from all of them.
 *
 * @example scanLatexDocument('\\documentclass{article}\n\\\\%\\bibliography{no}\n\\bibliography{refs}').bibliographies → [{ path: 'refs.bib', command: 'bibliography', line: 3 }]
 * @example scanLatexDocument('\\input{ch/intro}').includes[0] → { path: 'ch/intro.tex', kind: 'input', command: 'input', written: 'ch/intro', line: 1 }
 */
export function scanLatexDocument(text: string): LatexDocument {
  const groups = new TexGroups(text);
  const reader = new DocumentReader(text, groups);
  read(text, groups, reader);
  return reader.document;
}
