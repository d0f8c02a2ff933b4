// Which scanner reads which syntax, apart from the folder's index so that the cursor lookups can
// use it too without an import circle.
import type { CitationSyntax } from '../languages';
import type { Citation } from './citation';
import { scanLatex } from './latex';
import { scanPandoc } from './markdown';
import { scanRst } from './rst';
import { scanTypst } from './typst';

const SCANNERS: Record<CitationSyntax, (text: string) => Citation[]> = { latex: scanLatex, pandoc: scanPandoc, typst: scanTypst, rst: scanRst };

/**
 * Every citation of one syntax in a document, in order: one linear pass, fast enough for every
 * keystroke. A key is in exactly one citation (a citation nested in another's brackets is its
 * own); `keys` never holds `*` (see `Citation.all`).
 *
 * @example findCitations('see \\citep[p.~3]{a, b}', 'latex')[0].keys.map(k => k.key) → ['a', 'b']
 * @example findCitations('\\cites[see][]{a}[p.~5]{b}', 'latex')[0].keys.map(k => k.key) → ['a', 'b']
 * @example findCitations('\\nocite{*}', 'latex')[0] → { keys: [], all: true, … }
 */
export function findCitations(text: string, syntax: CitationSyntax): Citation[] {
  return SCANNERS[syntax](text);
}
