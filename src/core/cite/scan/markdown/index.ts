// Markdown, Quarto and R Markdown, as pandoc reads them: first the blocks (what is code, front
// matter, raw HTML or TeX, and what is text), then the inlines of each block of text.
import type { Citation } from '../citation';
import { mdDocument, type MdLine } from './blocks';
import { InlineScanner } from './inlines';

/** A region's lines as one text, and the map from its offsets to the document's. */
function regionText(lines: MdLine[]): { text: string; toDocument: (i: number) => number } {
  const text = lines.length === 1 ? lines[0].s : lines.map(l => l.s).join('\n');
  let contiguous = true;
  for (let k = 1; k < lines.length && contiguous; k++) contiguous = lines[k].at === lines[k - 1].at + lines[k - 1].s.length + 1;
  const base = lines[0].at;
  if (contiguous) return { text, toDocument: i => base + i };
  const starts: number[] = [];
  let at = 0;
  for (const l of lines) {
    starts.push(at);
    at += l.s.length + 1;
  }
  return {
    text,
    toDocument: i => {
      let lo = 0, hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= i) lo = mid;
        else hi = mid - 1;
      }
      return lines[lo].at + i - starts[lo];
    },
  };
}

/**
 * Every citation in a Markdown text, as pandoc reads it: `[@a; see @b, p. 3]`, `@a [p. 3]`,
 * `[-@a]`, `@{braced key}`; nothing in code (spans, fenced and indented blocks), math, raw
 * HTML or TeX, HTML comments, link destinations, the YAML front matter, or an e-mail address.
 */
export function scanPandoc(text: string): Citation[] {
  const doc = mdDocument(text);
  const found: Citation[] = [];
  for (const lines of doc.regions) {
    const region = regionText(lines);
    if (region.text.includes('@')) new InlineScanner(doc, region.text, region.toDocument, found).scan();
  }
  return found.sort((a, b) => a.start - b.start);
}
