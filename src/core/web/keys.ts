// Citation keys for papers fetched from the web, in the author-year-word form writers know from
// Google Scholar and Better BibTeX (`vaswani2017attention`), and the papers the library already
// has, so that a paper the user cites already is cited with the user's own key.
import type { Paper } from '../model/paper';
import type { Person } from '../model/reference';
import { slugify, toAscii } from '../util/text';
import { titleText } from '../corpus/keys';
import type { FetchedPaper } from './record';

// Words a title's "first significant word" skips, as Better BibTeX's `shorttitle` does.
const FUNCTION_WORDS = new Set([
  'a', 'an', 'the', 'and', 'or', 'but', 'nor', 'for', 'so', 'yet', 'of', 'in', 'on', 'at', 'to', 'by', 'from', 'with',
  'into', 'onto', 'upon', 'as', 'via', 'about', 'over', 'under', 'is', 'are', 'do', 'does', 'how', 'what', 'why', 'when',
  'which', 'who', 'toward', 'towards', 'we', 'our', 'your', 'its', 'can', 'not',
]);

/** Lower-case ASCII letters and digits of a text: "Łukasz" → "lukasz", "O'Brien" → "obrien". */
const fold = (text: string) => toAscii(text).toLowerCase().replace(/[^a-z0-9]/g, '');

/** The name a key starts with: the first author's family name (an organisation's first word). */
function authorPart(person: Person | undefined): string {
  if (!person) return '';
  return fold(person.family ?? person.literal?.split(/\s+/)[0] ?? person.given ?? '');
}

/** The first word of a title's text (not of its markup) that is not a function word, folded; "" when there is none. */
export function firstTitleWord(title: string): string {
  for (const word of titleText(title).split(/[\s\-–—/:;,.!?()[\]{}"'‘’“”]+/)) {
    const folded = fold(word);
    if (folded && !FUNCTION_WORDS.has(folded)) return folded;
  }
  return '';
}

/**
 * The key a fetched paper would have if no other paper had it: first author's family name,
 * year, first significant title word, all folded to lower-case ASCII. The same paper gives the
 * same key on every fetch. A paper without authors starts with its title word; a key never
 * starts with a digit.
 *
 * @example baseWebKey({ authors: [{ given: 'Ashish', family: 'Vaswani' }], issued: { year: 2017 }, title: 'Attention Is All You Need' }) === 'vaswani2017attention'
 */
export function baseWebKey(paper: Pick<FetchedPaper, 'authors' | 'issued' | 'title'>): string {
  const key = `${authorPart(paper.authors[0])}${paper.issued?.year ?? ''}${firstTitleWord(paper.title)}`;
  return /^[a-z]/.test(key) ? key : `paper${key}`;
}

/** Better BibTeX's disambiguation suffixes: a, b, … z, aa, ab, … */
function suffix(n: number): string {
  let out = '';
  for (let i = n; i >= 0; i = Math.floor(i / 26) - 1) out = String.fromCharCode(97 + (i % 26)) + out;
  return out;
}

/**
 * A key for a fetched paper that no paper of the library has: its base key, or with a, b, …
 * appended as Better BibTeX does. `taken` says whether a key is in use, compared without case
 * (BibTeX treats "Smith2020" and "smith2020" as one entry).
 *
 * @example webKey(paper, key => key === 'vaswani2017attention') === 'vaswani2017attentiona'
 */
export function webKey(paper: Pick<FetchedPaper, 'authors' | 'issued' | 'title'>, taken: (lowerCaseKey: string) => boolean): string {
  const base = baseWebKey(paper);
  if (!taken(base)) return base;
  for (let n = 0; ; n++) {
    const key = base + suffix(n);
    if (!taken(key)) return key;
  }
}

/** How a fetched paper was recognised in the library. */
export type KnownBy = 'arxiv' | 'doi' | 'title';

/** The arXiv id a library paper has: its own, its entry's `eprint`, or an arXiv link of the entry. */
function arxivIdOf(paper: Paper): string | undefined {
  if (paper.arxivId) return paper.arxivId;
  if (paper.reference?.arxiv) return paper.reference.arxiv.id.replace(/v\d+$/, '');
  for (const link of paper.links) {
    const m = /^https?:\/\/(?:www\.)?arxiv\.org\/(?:abs|pdf)\/(.+?)(?:v\d+)?(?:\.pdf)?$/.exec(link);
    if (m) return m[1];
  }
  return undefined;
}

/**
 * The papers of a library, indexed to recognise a fetched paper among them: by arXiv id, by
 * DOI (without case), or by title once folded (case, accents and punctuation aside). Built once
 * for many look-ups, so a day of fifty papers costs fifty map reads.
 *
 * @example new KnownPapers(library.papers).find(fetched) → { paper, by: 'doi' } | undefined
 */
export class KnownPapers {
  readonly #byArxiv = new Map<string, Paper>();
  readonly #byDoi = new Map<string, Paper>();
  readonly #byTitle = new Map<string, Paper>();
  readonly #keys = new Set<string>();

  constructor(papers: Iterable<Paper>) {
    // The first paper with an identifier wins, as the library lists the user's entries first.
    for (const paper of papers) {
      this.#keys.add(paper.key.toLowerCase());
      for (const alias of paper.aliases ?? []) this.#keys.add(alias.toLowerCase());
      const arxiv = arxivIdOf(paper);
      if (arxiv && !this.#byArxiv.has(arxiv)) this.#byArxiv.set(arxiv, paper);
      const doi = (paper.doi ?? paper.reference?.doi)?.toLowerCase();
      if (doi && !this.#byDoi.has(doi)) this.#byDoi.set(doi, paper);
      const title = slugify(paper.title);
      if (title && !this.#byTitle.has(title)) this.#byTitle.set(title, paper);
    }
  }

  /** The library's paper that is this fetched paper, and how it was recognised. */
  find(fetched: Pick<FetchedPaper, 'arxivId' | 'doi' | 'title'>): { paper: Paper; by: KnownBy } | undefined {
    const arxiv = fetched.arxivId && this.#byArxiv.get(fetched.arxivId);
    if (arxiv) return { paper: arxiv, by: 'arxiv' };
    const doi = fetched.doi && this.#byDoi.get(fetched.doi.toLowerCase());
    if (doi) return { paper: doi, by: 'doi' };
    const title = this.#byTitle.get(slugify(fetched.title));
    return title ? { paper: title, by: 'title' } : undefined;
  }

  /** Whether a key (lower case) is in use by a paper of the library. */
  readonly has = (lowerCaseKey: string): boolean => this.#keys.has(lowerCaseKey);

  /** Marks a key as used, once a fetched paper has it. */
  add(key: string): void {
    this.#keys.add(key.toLowerCase());
  }
}
