// The user's references joined to the corpus: each reference becomes a paper of the library,
// or, when the corpus has the same paper (same key, or same title once folded), that paper
// gains what the user's entry says, and the user's key wins for citing.
import { bibtexEntry, cslItem } from './paperEntry';
import type { EntryLocation, Paper } from '../model/paper';
import { sameJson } from '../util/json';
import { parseBib, sameBibEntry } from './bibtex/parse';
import { eachInSlices } from '../util/pause';
import { slugify } from '../util/text';
import { referenceId } from './ids';
import { fullName } from './people';
import type { ReadBibliography } from './read';
import { dateText, yearOf, type Reference } from '../model/reference';

export { isBibliographyOnly, referenceId } from './ids';

/** What an entry adds to a paper, whether the paper is new or from the corpus. */
function entryFields(ref: Reference, location: EntryLocation): Partial<Paper> {
  const fields: Partial<Paper> = { entryType: ref.sourceType, entries: [location], reference: ref };
  if (ref.author) fields.authors = ref.author;
  if (ref.moreAuthors) fields.moreAuthors = true;
  if (ref.editor) fields.editors = ref.editor;
  const venue = ref.containerTitle ?? ref.publisher;
  if (venue) fields.venue = venue;
  if (ref.doi) fields.doi = ref.doi;
  if (ref.keywords) fields.keywords = ref.keywords;
  return fields;
}

const linksOf = (ref: Reference) => [...new Set([ref.url, ...(ref.links ?? [])].filter((l): l is string => !!l))];

/**
 * A reference as a paper of the library: only what the entry says. An entry without a title
 * is listed under its key, so that it can still be found and cited.
 *
 * @example referencePaper(ref, location).id === '@russell2020aima'
 */
export function referencePaper(ref: Reference, location: EntryLocation): Paper {
  // The same reference in the same place (unchanged since the last read) is the same paper object.
  const known = papersOf.get(ref);
  if (known && known.entries?.[0]?.uri === location.uri && known.entries[0].file === location.file) return known;
  const paper: Paper = {
    id: referenceId(ref.key),
    key: ref.key,
    title: ref.title ?? ref.key,
    abstract: ref.abstract ?? '',
    authorsCount: null,
    organization: null,
    date: ref.issued ? dateText(ref.issued) : null,
    year: yearOf(ref.issued),
    upvotes: null,
    links: linksOf(ref),
    topics: [],
    sources: [{ file: location.file, line: location.line }],
    ...entryFields(ref, location),
  };
  papersOf.set(ref, paper);
  return paper;
}

/** Papers made from references, and references' folded titles, kept while the references live. */
const papersOf = new WeakMap<Reference, Paper>();
const slugs = new WeakMap<Reference, string>();
export const slugOf = (ref: Reference): string => {
  let slug = slugs.get(ref);
  if (slug === undefined) slugs.set(ref, slug = ref.title ? slugify(ref.title) : '');
  return slug;
};

/**
 * True when the entry is one Papers wrote for this very paper when it was cited (in either
 * BibTeX flavour, or as CSL-JSON): it says nothing the corpus does not, so the paper stays as
 * the corpus has it (its listing date, its organisation) and is written afresh where cited.
 */
function writtenByPapers(paper: Paper, ref: Reference): boolean {
  if (ref.key !== paper.key) return false;
  if (ref.raw !== undefined) {
    const theirs = parseBib(ref.raw).entries[0];
    return !!theirs && (['bibtex', 'biblatex'] as const).some(f => sameBibEntry(theirs, parseBib(bibtexEntry(paper, f)).entries[0]));
  }
  return ref.item !== undefined && sameJson(ref.item, cslItem(paper));
}

/** A corpus paper the user's bibliography also has: the user's entry and key win, the corpus keeps what the entry lacks. */
function joined(paper: Paper, ref: Reference, location: EntryLocation): Paper {
  if (writtenByPapers(paper, ref)) return { ...paper, entries: [location] };
  return {
    ...paper,
    key: ref.key,
    title: ref.title ?? paper.title,
    abstract: ref.abstract && ref.abstract.length > paper.abstract.length ? ref.abstract : paper.abstract,
    date: ref.issued ? dateText(ref.issued) : paper.date,
    year: ref.issued ? yearOf(ref.issued) ?? paper.year : paper.year,
    links: [...new Set([...linksOf(ref), ...paper.links])],
    aliases: paper.key.toLowerCase() === ref.key.toLowerCase() ? paper.aliases : [...(paper.aliases ?? []), paper.key],
    ...entryFields(ref, location),
  };
}

export interface BibliographyMerge {
  /** Every paper: the corpus's (joined with the user's entries where they match), then the user's own. */
  papers: Paper[];
  /** Papers only the bibliographies have. */
  added: Paper[];
  /** Corpus papers that a bibliography also has, as joined. */
  updated: Paper[];
}

/** The corpus papers by key and by folded title; and every id, key and alias they answer to (lower case but ids), for `EntriesByKey`. */
export interface CorpusLookup {
  byKey: Map<string, Paper>;
  byTitle: Map<string, Paper>;
  ids: Set<string>;
  names: Set<string>;
}

/** Made once per corpus (a save of a .bib joins to the same one). */
const lookups = new WeakMap<readonly Paper[], Promise<CorpusLookup>>();

export function corpusLookup(corpus: readonly Paper[]): Promise<CorpusLookup> {
  let lookup = lookups.get(corpus);
  if (!lookup) {
    lookup = (async () => {
      const byKey = new Map<string, Paper>();
      const byTitle = new Map<string, Paper>();
      const ids = new Set<string>();
      const names = new Set<string>();
      await eachInSlices(corpus, paper => {
        byKey.set(paper.key.toLowerCase(), paper);
        ids.add(paper.id);
        names.add(paper.key.toLowerCase());
        for (const alias of paper.aliases ?? []) names.add(alias.toLowerCase());
        const slug = slugify(paper.title);
        if (slug && !byTitle.has(slug)) byTitle.set(slug, paper);
      }, { every: 256 });
      return { byKey, byTitle, ids, names };
    })();
    lookups.set(corpus, lookup);
  }
  return lookup;
}

/**
 * Joins the references of the user's bibliography files to the corpus papers. A key defined
 * in several places is one paper: the first definition wins (as in BibTeX), and the others
 * are listed among its entries. A reference matches a corpus paper by key (case aside), or
 * by title once folded (`slugify`), each corpus paper at most once.
 *
 * Large libraries are joined in slices, with pauses.
 *
 * @example (await mergeBibliographies(bundled, files)).added.map(p => p.key) // ['russell2020aima']
 */
export async function mergeBibliographies(corpus: readonly Paper[], files: readonly ReadBibliography[]): Promise<BibliographyMerge> {
  // Nothing to join: the corpus as it is (a 100,000-paper library's titles are not folded for nothing).
  if (!files.some(f => f.references.length)) return { papers: [...corpus], added: [], updated: [] };
  const { byKey, byTitle } = await corpusLookup(corpus);
  const out = new Map<string, Paper>(corpus.map(p => [p.id, p]));
  const joinedIds = new Set<string>();
  const added = new Map<string, Paper>();
  /** Every key of the bibliographies → the id of its paper. */
  const keyed = new Map<string, string>();
  // Folding thousands of titles takes a while: in slices, so nothing waits on it.
  await eachInSlices(files.flatMap(file => file.references.map(ref => ({ file, ref }))), ({ file, ref }) => {
    const location: EntryLocation = { uri: file.uri, file: file.file, line: ref.line, key: ref.key, format: file.format };
    const lower = ref.key.toLowerCase();
    const known = keyed.get(lower);
    if (known) {
      // Defined again (another file, or twice in one): one paper, with each place listed.
      const paper = out.get(known)!;
      out.set(known, { ...paper, entries: [...(paper.entries ?? []), location] });
      return;
    }
    const slug = slugOf(ref);
    const candidate = byKey.get(lower) ?? (slug ? byTitle.get(slug) : undefined);
    const match = candidate && !joinedIds.has(candidate.id) ? candidate : undefined;
    if (match) {
      out.set(match.id, joined(out.get(match.id)!, ref, location));
      joinedIds.add(match.id);
      keyed.set(lower, match.id);
      return;
    }
    const paper = referencePaper(ref, location);
    // Keys differ only in case from a joined corpus paper's id space: never, but keep ids unique anyway.
    if (out.has(paper.id)) return;
    out.set(paper.id, paper);
    added.set(paper.id, paper);
    keyed.set(lower, paper.id);
  }, { every: 64 });
  const papers = [...out.values()];
  return {
    papers,
    added: papers.filter(p => added.has(p.id)),
    updated: papers.filter(p => joinedIds.has(p.id)),
  };
}

/** The people of a paper as search text: "Ashish Vaswani Noam Shazeer …". */
export function authorsText(paper: Pick<Paper, 'authors' | 'editors'>): string {
  return [...(paper.authors ?? []), ...(paper.editors ?? [])].map(fullName).join(' ');
}
