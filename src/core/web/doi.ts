// Papers by DOI: CSL-JSON as DOI content negotiation answers it (doi.org, for every agency:
// Crossref, DataCite, mEDRA…), and the Crossref works API (`/works/{doi}`), whose `message` is
// nearly CSL with lists where CSL has strings. Both are checked with zod, leniently: a field of
// another shape is left out, never guessed; then read as the user's CSL entries are (bibliography/csl/item.ts).
import * as z from '../util/zod';
import { cslReference } from '../bibliography/csl/item';
import { agencyText, httpsLink, ReadError, type FetchedPaper } from './record';
import { bareDoi } from '../model/reference';

/** The fields read, each either CSL's string or Crossref's list of strings. */
const textOrList = z.lazySchema(() => z.optional(z.union([z.string(), z.array(z.string()), z.number()])));

const WorkSchema = z.lazySchema(() => z.object({
  DOI: z.string(),
  title: textOrList,
  type: z.optional(z.string()),
  URL: z.optional(z.string()),
  'container-title': textOrList,
  publisher: z.optional(z.string()),
  abstract: z.optional(z.string()),
  link: z.optional(z.array(z.object({ URL: z.optional(z.string()), 'content-type': z.optional(z.string()) }))),
}));

const CrossrefSchema = z.lazySchema(() => z.object({ status: z.optional(z.string()), message: z.unknown() }));

// Crossref's own types, as its works API and some agencies' CSL give them, to CSL's.
const CSL_TYPES: Record<string, string> = {
  'journal-article': 'article-journal', 'proceedings-article': 'paper-conference', 'book-chapter': 'chapter',
  book: 'book', monograph: 'book', 'edited-book': 'book', 'reference-book': 'book', 'posted-content': 'article',
  dissertation: 'thesis', report: 'report', dataset: 'dataset', standard: 'standard', 'peer-review': 'review',
};

const KNOWN_CSL = /^(?:article|article-journal|article-magazine|article-newspaper|paper-conference|chapter|book|thesis|report|dataset|webpage|software|manuscript|review|standard|document|post|post-weblog|entry|entry-encyclopedia|speech|patent)$/;

const first = (value: string | number | string[] | undefined) => (Array.isArray(value) ? value[0] : value === undefined ? undefined : String(value));

/** A CSL-ish item (CSL-JSON or a Crossref work) as a fetched paper. */
function readWork(item: unknown, source: FetchedPaper['source']): FetchedPaper {
  const parsed = WorkSchema.safeParse(item);
  if (!parsed.success) throw new ReadError(z.firstIssue(parsed.error));
  const work = parsed.data;
  const doi = bareDoi(work.DOI);
  const title = agencyText(first(work.title));
  if (!doi || !title) throw new ReadError(doi ? 'the work has no title' : `"${work.DOI}" is not a DOI`);
  const rawType = work.type ?? 'article';
  const type = CSL_TYPES[rawType] ?? (KNOWN_CSL.test(rawType) ? rawType : 'document');
  const data = item as Record<string, unknown>;
  const ref = cslReference({ ...data, id: 'work', type, title, 'container-title': agencyText(first(work['container-title'])) }, 1);
  const paper: FetchedPaper = { source, title, authors: ref.author ?? [], type, doi, links: { abstract: httpsLink(work.URL) ?? `https://doi.org/${doi}` } };
  if (ref.issued && 'year' in ref.issued) paper.issued = ref.issued;
  const abstract = agencyText(work.abstract);
  if (abstract) paper.abstract = abstract;
  for (const field of ['containerTitle', 'publisher', 'volume', 'issue', 'page'] as const) {
    const value = ref[field];
    if (value) paper[field === 'containerTitle' ? 'venue' : field] = value;
  }
  const pdf = httpsLink(work.link?.find(l => l['content-type'] === 'application/pdf')?.URL);
  if (pdf) paper.links.pdf = pdf;
  return paper;
}

/**
 * A paper from DOI content negotiation's CSL-JSON: one item, or a list of one as some agencies
 * send. Throws `ReadError` when it is not a CSL item with a DOI and a title.
 *
 * @example readCslWork({ DOI: '10.5281/zenodo.8242099', type: 'article', title: 'Shield bugs (nymphs)', author: [{ family: 'Willighagen', given: 'Lars' }] }).authors[0].family === 'Willighagen'
 */
export function readCslWork(json: unknown): FetchedPaper {
  const item = Array.isArray(json) && json.length === 1 ? json[0] : json;
  return readWork(item, 'doi');
}

/**
 * A paper from the Crossref works API (`{ status, message }`). Throws `ReadError` when the
 * answer is not a work with a DOI and a title.
 */
export function readCrossrefWork(json: unknown): FetchedPaper {
  const parsed = CrossrefSchema.safeParse(json);
  if (!parsed.success || parsed.data.message === undefined) throw new ReadError('expected a Crossref answer with a "message"');
  return readWork(parsed.data.message, 'crossref');
}

/** The Accept header of DOI content negotiation for CSL-JSON. */
export const CSL_JSON = 'application/vnd.citationstyles.csl+json';

const base = (url: string) => url.replace(/\/+$/, '');

/** A DOI in a URL path: its "/" kept, everything else that needs it escaped. */
const doiPath = (doi: string) => doi.split('/').map(encodeURIComponent).join('/');

/** @example doiUrl('https://doi.org', '10.1000/x y') === 'https://doi.org/10.1000/x%20y' */
export const doiUrl = (doiBase: string, doi: string): string => `${base(doiBase)}/${doiPath(doi)}`;

/** @example crossrefWorkUrl('https://api.crossref.org', '10.1000/xyz') === 'https://api.crossref.org/works/10.1000/xyz' */
export const crossrefWorkUrl = (crossref: string, doi: string): string => `${base(crossref)}/works/${doiPath(doi)}`;
