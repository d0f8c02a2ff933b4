// A fetched paper as a paper of the library: searched, shown and cited like the others. Its
// `reference` is what citing it writes (BibTeX, biblatex, CSL-JSON), complete with authors,
// date, eprint and DOI; its `web` says where it came from and labels its links.
import type { Paper } from '../model/paper';
import { dateText, type Reference } from '../model/reference';
import { excerpt, slugify } from '../util/text';
import { arxivDoi } from './identifiers';
import { webKey, type KnownBy, type KnownPapers } from './keys';
import type { FetchedPaper } from './record';

/** The longest title a library paper has (PaperSchema): a longer one is cut, with an ellipsis. */
const MAX_TITLE = 400;

/**
 * The id of a fetched paper: stable across fetches, and never a corpus id (those are title
 * slugs) nor a bibliography-only one (those start with "@").
 *
 * @example webPaperId({ arxivId: '2401.12345', title: 'T' }) === 'arxiv-2401-12345'
 */
export function webPaperId(paper: Pick<FetchedPaper, 'arxivId' | 'doi' | 'title'>): string {
  if (paper.arxivId) return `arxiv-${slugify(paper.arxivId)}`;
  if (paper.doi) return `doi-${slugify(paper.doi)}`;
  return `web-${slugify(paper.title) || 'paper'}`;
}

/** The entry citing it writes: what the service said, in CSL's terms. */
function referenceOf(paper: FetchedPaper, key: string, title: string): Reference {
  const ref: Reference = { key, line: 1, sourceType: paper.type, type: paper.type, title };
  if (paper.authors.length) ref.author = paper.authors;
  if (paper.issued) ref.issued = paper.issued;
  // arXiv's journal reference is free text ("Proc. ICSTW 2023, pp. 66-69"), not a journal's name.
  if (paper.venue && paper.source !== 'arxiv') ref.containerTitle = paper.venue;
  if (paper.publisher) ref.publisher = paper.publisher;
  if (paper.volume) ref.volume = paper.volume;
  if (paper.issue) ref.issue = paper.issue;
  if (paper.page) ref.page = paper.page;
  const doi = paper.doi ?? (paper.arxivId ? arxivDoi(paper.arxivId) : undefined);
  if (doi) ref.doi = doi;
  const url = paper.links.abstract ?? paper.links.discussion;
  if (url) ref.url = url;
  if (paper.abstract) ref.abstract = paper.abstract;
  if (paper.arxivId) ref.arxiv = paper.primaryClass ? { id: paper.arxivId, primaryClass: paper.primaryClass } : { id: paper.arxivId };
  return ref;
}

/**
 * A fetched paper as a library paper with the given key (`webKey`). `fetched` is when it was
 * fetched (an ISO date-time). Topics are left to the caller (`createTopicAssigner`), which has
 * the topics file. Cheap: no parsing, no search, so a day of papers joins the library at once.
 *
 * @example toPaper(fetched, 'vaswani2017attention', '2024-01-15T08:00:00Z').reference.arxiv → { id: '1706.03762', primaryClass: 'cs.CL' }
 */
export function toPaper(paper: FetchedPaper, key: string, fetched: string): Paper {
  const title = excerpt(paper.title, MAX_TITLE - 1);
  const links = [paper.links.abstract, paper.links.pdf, paper.links.code, paper.links.project, paper.links.discussion]
    .filter((link, i, all): link is string => !!link && all.indexOf(link) === i);
  const reference = referenceOf(paper, key, title);
  const out: Paper = {
    id: webPaperId(paper),
    key,
    title,
    abstract: paper.abstract ?? '',
    authorsCount: paper.authors.length || null,
    organization: paper.organization ?? null,
    date: paper.issued ? dateText(paper.issued) : null,
    year: paper.issued?.year ?? null,
    upvotes: paper.upvotes ?? null,
    links,
    topics: [],
    sources: [{ file: paper.links.discussion ?? paper.links.abstract ?? `https://doi.org/${reference.doi}`, line: 1 }],
    entryType: reference.sourceType,
    reference,
    web: { source: paper.source, fetched, links: { ...paper.links }, ...(paper.primaryClass ? { primaryClass: paper.primaryClass } : {}) },
  };
  if (paper.authors.length) out.authors = paper.authors;
  const venue = paper.venue ?? paper.publisher;
  if (venue) out.venue = venue;
  if (reference.doi) out.doi = reference.doi;
  if (paper.arxivId) out.arxivId = paper.arxivId;
  return out;
}

/** What a list of fetched papers brings to the library. */
export interface JoinedPapers {
  /** In the order fetched: the library's own paper where it has this one, else the fetched paper with its key. */
  papers: Paper[];
  /** The fetched papers the library had already (cite them with the library's key). */
  known: { fetched: FetchedPaper; paper: Paper; by: KnownBy }[];
  /** Papers that were given a new key: the caller keeps them (`WebCache.saveKeys`). */
  newKeys: Map<string, string>;
}

/** The keys fetched papers have or had (`keys`, by `webPaperId`), lower case: what `joinFetched` gives no new paper. */
export function keysTaken(keys: ReadonlyMap<string, string>): Set<string> {
  return new Set([...keys.values()].map(k => k.toLowerCase()));
}

/**
 * Fetched papers ready to join the library: each one the library already has (same arXiv id or
 * DOI, or the same title once folded) is that paper; every other one becomes a paper with the key
 * it had before (`keys`, by `webPaperId`) or a new one that no paper of the library has, and that
 * no fetched paper has or had (`taken`, lower case: the keys of `keys` and those given in this
 * join; pass one set to join several lists as one). `known` is only read: the same library joins
 * the same papers to the same keys however often it is asked.
 *
 * @example joinFetched(day.papers, new KnownPapers(library.papers), await cache.keys(), fetched)
 */
export function joinFetched(fetched: readonly FetchedPaper[], known: KnownPapers, keys: ReadonlyMap<string, string>, at: string,
  taken = keysTaken(keys)): JoinedPapers {
  const out: JoinedPapers = { papers: [], known: [], newKeys: new Map() };
  const inUse = (key: string) => known.has(key) || taken.has(key);
  for (const paper of fetched) {
    const found = known.find(paper);
    if (found) {
      out.known.push({ fetched: paper, paper: found.paper, by: found.by });
      out.papers.push(found.paper);
      continue;
    }
    const id = webPaperId(paper);
    let key = keys.get(id);
    if (!key) {
      key = webKey(paper, inUse);
      out.newKeys.set(id, key);
    }
    taken.add(key.toLowerCase());
    out.papers.push(toPaper(paper, key, at));
  }
  return out;
}
