// LaTeX as TeX, biblatex and natbib read it: TeX's tokenizer over the text, and the arguments of
// biblatex's and natbib's cite commands.
import type { Citation } from '../citation';
import { BACKSLASH, Finder, isAsciiLetter, lineEnd, PERCENT, scanned } from '../text';
import { latexShape, texCitation } from './cite';
import { skipFalseBranch, skipInlineCode, skipUrl, skipVerb, skipVerbatimEnvironment, texSkip, TexGroups } from './tex';

/**
 * Every citation in a LaTeX text, as biblatex and natbib read it: nothing in `%` comments,
 * `\verb`, `\url`, verbatim environments (verbatim, lstlisting, minted, comment…), an
 * `\iffalse` branch, or after `\end{document}`.
 */
export function scanLatex(text: string): Citation[] {
  const found: Citation[] = [];
  const groups = new TexGroups(text);
  const urls = new TexGroups(text, true);
  const finder = new Finder(text);
  const n = text.length;
  let i = 0;
  while (i < n) {
    let j = i;
    for (; j < n; j++) {
      const c = text.charCodeAt(j);
      if (c === BACKSLASH || c === PERCENT) break;
    }
    scanned.chars += j - i;
    if (j >= n) break;
    if (text.charCodeAt(j) === PERCENT) {
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
        continue;
      }
      case 'end': {
        const e = texSkip(text, k);
        if (e >= 0 && text.startsWith('{document}', e)) return found;
        continue;
      }
    }
    const shape = latexShape(name);
    if (!shape) continue;
    const citation = texCitation(text, groups, j, k, shape);
    if (citation) {
      found.push(citation);
      i = citation.end;
    }
  }
  return found;
}
