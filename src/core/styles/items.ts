// The library's papers as CSL items for the style engine: a CSL-JSON or CSL-YAML entry as the file
// holds it, a .bib entry converted as pandoc converts it (bibliography/csl/fromBibtex.ts), and a
// bundled paper as the corpus knows it (no authors: bibliography/paperEntry.ts).
import { MONTH_STRINGS, parseBib, type BibEntry } from '../bibliography/bibtex/parse';
import { bibtexCslItem } from '../bibliography/csl/fromBibtex';
import { cslItemOf } from '../bibliography/csl/item';
import { cslItem, type CitablePaper } from '../bibliography/paperEntry';
import type { Reference } from '../model/reference';
import type { CslItem } from './engine';

/** Fields a .bib entry's own text may leave to its macros or its parent, which its reference has read. */
const FROM_REFERENCE = ['title', 'author', 'editor', 'issued', 'container-title', 'publisher', 'volume', 'issue', 'page', 'DOI', 'URL'];

/** Marks the value of a macro this entry's text does not define (it is in another part of the file). */
const UNKNOWN = '\u0000';

/**
 * A .bib entry's text as a CSL item. What the text alone cannot say (a macro defined elsewhere in
 * the file, a `crossref` parent when `lookup` does not find it) comes from its reference, which
 * was read with the whole file.
 */
function rawItem(ref: Reference & { raw: string }, key: string, lookup?: (key: string) => BibEntry | undefined): CslItem | undefined {
  const macros = new Map(MONTH_STRINGS);
  for (const m of ref.raw.matchAll(/(?:=|#)\s*([A-Za-z_][^\s"#%'(),={}\\]*)/g)) {
    const name = m[1].toLowerCase();
    if (!macros.has(name)) macros.set(name, `${UNKNOWN}${name}${UNKNOWN}`);
  }
  const entry = parseBib(ref.raw, { strings: macros }).entries[0];
  if (!entry) return undefined;
  for (const [name, value] of Object.entries(entry.fields)) if (value.includes(UNKNOWN)) delete entry.fields[name];
  const item = bibtexCslItem(entry, lookup ?? (() => undefined));
  const known = cslItemOf(ref);
  for (const field of FROM_REFERENCE) if (item[field] === undefined && known[field] !== undefined) item[field] = known[field];
  return { ...item, id: key };
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * A bundled paper's title as pandoc reads the paper's .bib entry, which writes the pages' caret
 * superscripts as math (`τ^2-Bench` as `{$\tau^2$}-Bench`, bibliography/latexEncode.ts): digits
 * raised as Unicode writes them, as pandoc prints them, so that a formatted reference reads
 * "τ²-Bench" as pandoc and Quarto print the entry. Other superscripts (`FaSTA^*`) pandoc prints
 * in plain text with their caret too (`FaSTA^(*)`), and a field's markup is text to the style
 * engine, so they stay as written.
 *
 * @example pageTitle('τ^2-Bench') === 'τ²-Bench'
 */
function pageTitle(title: string): string {
  return title.replace(/\^(\d+)/g, (_, digits: string) => [...digits].map(d => SUPERSCRIPT_DIGITS[Number(d)]).join(''));
}

/**
 * A paper as the CSL item the style engine formats: its entry's own item (CSL-JSON, CSL-YAML),
 * its .bib entry converted as pandoc would, or the corpus's item for a bundled paper. `lookup`
 * finds a .bib entry's `crossref` parent when the caller has the file's entries.
 *
 * @example paperCslItem({ ...paper, reference: { key: 'a', line: 1, sourceType: 'book', type: 'book', raw: '@book{a, title = {A Book}}' } }).title === 'A book'
 */
export function paperCslItem(paper: CitablePaper, lookup?: (key: string) => BibEntry | undefined): CslItem {
  const ref = paper.reference;
  if (ref?.item && typeof ref.item === 'object' && !Array.isArray(ref.item)) return { ...(ref.item as Record<string, unknown>), id: paper.key };
  if (ref?.raw !== undefined) {
    const item = rawItem(ref as Reference & { raw: string }, paper.key, lookup);
    if (item) return item;
  }
  if (ref) return { ...cslItemOf(ref), id: paper.key };
  const item = cslItem(paper);
  return { ...item, title: pageTitle(paper.title) };
}

/**
 * The CSL items of a whole .bib file's entries, each converted as pandoc converts it, `crossref`
 * and `xdata` parents found in the file (the first entry of a key wins, as in BibTeX).
 */
export function bibFileItems(entries: readonly BibEntry[]): CslItem[] {
  const byKey = new Map<string, BibEntry>();
  for (const entry of entries) if (!byKey.has(entry.key.toLowerCase())) byKey.set(entry.key.toLowerCase(), entry);
  const lookup = (key: string) => byKey.get(key.toLowerCase());
  const seen = new Set<string>();
  const items: CslItem[] = [];
  for (const entry of entries) {
    if (entry.type === 'xdata' || seen.has(entry.key)) continue;
    seen.add(entry.key);
    items.push({ ...bibtexCslItem(entry, lookup), id: entry.key });
  }
  return items;
}
