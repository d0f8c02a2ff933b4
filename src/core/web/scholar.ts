// The Semantic Scholar Academic Graph and Recommendations APIs: a paper's references, the
// papers that cite it, its counts and one-line summary, recommendations for a paper or a set of
// papers, and many papers in one batch. Read with zod in the shape the API documents: fields may
// be null or missing (a reference the graph could not resolve has no paperId), unknown ones are
// ignored, and an item without a title is left out and counted, never fatal.
import * as z from '../util/zod';
import { parsePaperId, type PaperId } from './identifiers';
import { httpsLink, isoDay, personFromName, plainText, ReadError, type FetchedPaper } from './record';
import type { Paper } from '../model/paper';
import type { Person } from '../model/reference';

/** The paper fields asked for each neighbour: what a row shows and what citing it writes. */
export const NEIGHBOUR_FIELDS = 'paperId,externalIds,url,title,abstract,venue,year,publicationDate,authors,citationCount,influentialCitationCount,openAccessPdf,publicationTypes,journal';

/** A paper in the graph, as every endpoint nests it. */
const RecordSchema = z.lazySchema(() => z.object({
  paperId: z.optional(z.nullable(z.string())),
  externalIds: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  url: z.optional(z.nullable(z.string())),
  title: z.optional(z.nullable(z.string())),
  abstract: z.optional(z.nullable(z.string())),
  venue: z.optional(z.nullable(z.string())),
  year: z.optional(z.nullable(z.number())),
  publicationDate: z.optional(z.nullable(z.string())),
  authors: z.optional(z.nullable(z.array(z.object({ name: z.optional(z.nullable(z.string())) })))),
  citationCount: z.optional(z.nullable(z.number())),
  influentialCitationCount: z.optional(z.nullable(z.number())),
  openAccessPdf: z.optional(z.nullable(z.object({ url: z.optional(z.nullable(z.string())) }))),
  publicationTypes: z.optional(z.nullable(z.array(z.string()))),
  journal: z.optional(z.nullable(z.object({ name: z.optional(z.nullable(z.string())), volume: z.optional(z.nullable(z.string())), pages: z.optional(z.nullable(z.string())) }))),
  tldr: z.optional(z.nullable(z.object({ text: z.optional(z.nullable(z.string())) }))),
}));

const EdgeSchema = z.lazySchema(() => z.object({
  isInfluential: z.optional(z.nullable(z.boolean())),
  citedPaper: z.optional(z.nullable(RecordSchema)),
  citingPaper: z.optional(z.nullable(RecordSchema)),
}));

const PageSchema = z.lazySchema(() => z.object({
  offset: z.optional(z.nullable(z.number())),
  next: z.optional(z.nullable(z.number())),
  data: z.array(z.unknown()),
}));

const RecommendedSchema = z.lazySchema(() => z.object({ recommendedPapers: z.array(z.unknown()) }));

type ScholarRecord = z.infer<typeof RecordSchema>;

/** A paper next to another in the graph: what it is, and what the graph says of it. */
export interface Neighbour {
  /** The graph's id (40 hex digits); absent for a reference it could not resolve. */
  scholarId?: string;
  paper: FetchedPaper;
  citations?: number;
  influentialCitations?: number;
  /** The citation between the two papers is one the graph marks influential. */
  influential?: boolean;
  /** The graph's one-sentence summary (a TLDR), where it has one. */
  summary?: string;
}

/** One page of references or citations; `next` is the offset of the next page, absent on the last. */
export interface NeighbourPage {
  neighbours: Neighbour[];
  offset: number;
  next?: number;
  /** Items left out (no title), for the log. */
  skipped: number;
}

/** The graph's id for a paper: `arXiv:2106.15928`, `DOI:10.1093/mind/lix.236.433`. */
export function scholarId(id: PaperId): string {
  return id.kind === 'arxiv' ? `arXiv:${id.id}` : `DOI:${id.doi}`;
}

/** A work as a library or a bibliography describes it: its ids where given, and its links (`url`, an `eprint`'s page). */
export interface WorkIds {
  arxivId?: string;
  doi?: string;
  links?: readonly (string | undefined)[];
}

/** A work's arXiv id and DOI: those given, else those its links name (an arXiv or doi.org link). */
export function idsOfWork(work: WorkIds): { arxivId?: string; doi?: string } {
  const linked = (work.links ?? []).map(link => (link ? parsePaperId(link) : undefined));
  const arxivId = work.arxivId ?? linked.find(id => id?.kind === 'arxiv')?.id;
  const doi = work.doi ?? linked.flatMap(id => (id?.kind === 'doi' ? [id.doi] : []))[0];
  return { ...(arxivId ? { arxivId } : {}), ...(doi ? { doi } : {}) };
}

/**
 * A paper of the library as a work the graph knows by its ids. A writer's entry may give its arXiv
 * id only as `eprint` or as an arXiv link (`url`), which the reader keeps among its links.
 */
export function workOfPaper(paper: Paper): WorkIds {
  return {
    arxivId: paper.arxivId ?? paper.reference?.arxiv?.id,
    doi: paper.doi ?? paper.reference?.doi,
    links: [paper.reference?.url, ...paper.reference?.links ?? [], ...paper.links],
  };
}

/** The graph's id of a work: by arXiv id, else DOI (`idsOfWork`); undefined when it has neither. */
export function scholarIdOfWork(work: WorkIds): string | undefined {
  const { arxivId, doi } = idsOfWork(work);
  return arxivId ? `arXiv:${arxivId}` : doi ? `DOI:${doi}` : undefined;
}

/** A graph id in a URL path: its slashes (DOIs, old arXiv ids) and colon kept, as the API reads them. */
const inPath = (id: string) => encodeURIComponent(id).replace(/%2F/gi, '/').replace(/%3A/gi, ':');

/** Where the papers a paper cites (`references`) or the papers citing it (`citations`) are, a page at a time. */
export function neighboursUrl(base: string, id: string, kind: 'references' | 'citations', offset: number, limit: number): string {
  return `${base}/graph/v1/paper/${inPath(id)}/${kind}?${new URLSearchParams({ fields: `isInfluential,${NEIGHBOUR_FIELDS}`, offset: String(offset), limit: String(limit) })}`;
}

/** Where one paper's record is, with its counts and summary. */
export function scholarPaperUrl(base: string, id: string): string {
  return `${base}/graph/v1/paper/${inPath(id)}?${new URLSearchParams({ fields: `${NEIGHBOUR_FIELDS},tldr` })}`;
}

/** Where the graph finds the one paper whose title best matches `title` (404 when none does). */
export function titleMatchUrl(base: string, title: string): string {
  return `${base}/graph/v1/paper/search/match?${new URLSearchParams({ query: title, fields: NEIGHBOUR_FIELDS })}`;
}

/** Where the recommendations for one paper are. */
export function recommendationsUrl(base: string, id: string, limit: number): string {
  return `${base}/recommendations/v1/papers/forpaper/${inPath(id)}?${new URLSearchParams({ fields: NEIGHBOUR_FIELDS, limit: String(limit) })}`;
}

/** Where recommendations for a set of papers (positive and negative examples) are asked, by POST. */
export function listRecommendationsUrl(base: string, limit: number): string {
  return `${base}/recommendations/v1/papers/?${new URLSearchParams({ fields: NEIGHBOUR_FIELDS, limit: String(limit) })}`;
}

/** Where many papers are asked at once, by POST (`{ ids }`), with the fields given. */
export function batchUrl(base: string, fields: string): string {
  return `${base}/graph/v1/paper/batch?${new URLSearchParams({ fields })}`;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);

/** The CSL type of a paper by the graph's publication types. */
function typeOf(types: readonly string[] | null | undefined, arxivId: string | undefined): string {
  if (types?.includes('Conference')) return 'paper-conference';
  if (types?.includes('JournalArticle')) return 'article-journal';
  if (types?.includes('Book')) return 'book';
  if (arxivId) return 'article';
  return 'article-journal';
}

/** A record as a fetched paper; undefined when it has no title. */
export function recordToPaper(record: ScholarRecord): FetchedPaper | undefined {
  const title = plainText(record.title);
  if (!title) return undefined;
  const ids = record.externalIds ?? {};
  const arxivId = text(ids.ArXiv);
  const doi = text(ids.DOI);
  const paper: FetchedPaper = {
    source: 'semanticscholar',
    title,
    authors: (record.authors ?? []).flatMap((a): Person[] => {
      const person = a.name ? personFromName(a.name) : undefined;
      return person ? [person] : [];
    }),
    type: typeOf(record.publicationTypes, arxivId),
    links: {},
  };
  const day = isoDay(record.publicationDate);
  if (day) paper.issued = day;
  else if (typeof record.year === 'number' && Number.isInteger(record.year)) paper.issued = { year: record.year };
  const abstract = plainText(record.abstract);
  if (abstract) paper.abstract = abstract;
  if (arxivId) paper.arxivId = arxivId;
  if (doi) paper.doi = doi;
  const venue = plainText(record.journal?.name) ?? plainText(record.venue);
  // arXiv is where a preprint is, not a venue to cite.
  if (venue && !/^arxiv(?:\.org)?$/i.test(venue)) paper.venue = venue;
  const volume = plainText(record.journal?.volume);
  if (volume) paper.volume = volume;
  const pages = plainText(record.journal?.pages);
  if (pages) paper.page = pages.replace(/\s*[-–]\s*/, '-');
  const page = httpsLink(record.url);
  if (page) paper.links.abstract = page;
  const pdf = httpsLink(record.openAccessPdf?.url);
  if (pdf) paper.links.pdf = pdf;
  return paper;
}

function neighbourOf(record: ScholarRecord, influential?: boolean | null): Neighbour | undefined {
  const paper = recordToPaper(record);
  if (!paper) return undefined;
  const out: Neighbour = { paper };
  if (record.paperId) out.scholarId = record.paperId;
  if (typeof record.citationCount === 'number') out.citations = record.citationCount;
  if (typeof record.influentialCitationCount === 'number') out.influentialCitations = record.influentialCitationCount;
  if (typeof influential === 'boolean') out.influential = influential;
  const summary = plainText(record.tldr?.text);
  if (summary) out.summary = summary;
  return out;
}

const parse = <T>(schema: z.ZodMiniType<T>, json: unknown, what: string): T => {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ReadError(`${what}: ${z.firstIssue(parsed.error)}`);
  return parsed.data;
};

/** A page of `/references` (`kind` references: items `{citedPaper}`) or `/citations` (items `{citingPaper}`). */
export function readNeighbourPage(json: unknown, kind: 'references' | 'citations'): NeighbourPage {
  const page = parse(PageSchema, json, 'not a page of papers');
  const neighbours: Neighbour[] = [];
  let skipped = 0;
  for (const item of page.data) {
    const edge = EdgeSchema.safeParse(item);
    const record = edge.success ? (kind === 'references' ? edge.data.citedPaper : edge.data.citingPaper) : undefined;
    const neighbour = record && edge.success ? neighbourOf(record, edge.data.isInfluential) : undefined;
    if (neighbour) neighbours.push(neighbour);
    else skipped++;
  }
  const out: NeighbourPage = { neighbours, offset: page.offset ?? 0, skipped };
  if (typeof page.next === 'number' && page.next > out.offset) out.next = page.next;
  return out;
}

/** One paper's record, with its counts and summary. */
export function readScholarPaper(json: unknown): Neighbour {
  const neighbour = neighbourOf(parse(RecordSchema, json, 'not a paper'));
  if (!neighbour) throw new ReadError('a paper without a title');
  return neighbour;
}

const MatchSchema = z.lazySchema(() => z.object({ data: z.array(z.unknown()) }));

/** A title match (`{ data: [paper] }`): the paper found, with the graph's id; undefined when it has none. */
export function readTitleMatch(json: unknown): Neighbour | undefined {
  const [first] = parse(MatchSchema, json, 'not a title match').data;
  const record = first === undefined ? undefined : RecordSchema.safeParse(first);
  const neighbour = record?.success ? neighbourOf(record.data) : undefined;
  return neighbour?.scholarId ? neighbour : undefined;
}

/** The answer of either recommendations endpoint. */
export function readRecommendations(json: unknown): NeighbourPage {
  const { recommendedPapers } = parse(RecommendedSchema, json, 'not a list of recommended papers');
  const neighbours: Neighbour[] = [];
  let skipped = 0;
  for (const item of recommendedPapers) {
    const record = RecordSchema.safeParse(item);
    const neighbour = record.success ? neighbourOf(record.data) : undefined;
    if (neighbour) neighbours.push(neighbour);
    else skipped++;
  }
  return { neighbours, offset: 0, skipped };
}

/** A paper of a batch answer with the references and citations asked for. */
export interface LinkedPaper {
  scholarId: string;
  references: Neighbour[];
  citations: Neighbour[];
}

const LinkedSchema = z.lazySchema(() => z.object({
  paperId: z.string(),
  references: z.optional(z.nullable(z.array(z.unknown()))),
  citations: z.optional(z.nullable(z.array(z.unknown()))),
}));

/** The fields a batch asks for to find what a set of papers points to (suggestions). */
export const LINK_FIELDS = ['paperId', ...['references', 'citations'].flatMap(kind => ['paperId', 'externalIds', 'title', 'year', 'venue', 'authors', 'citationCount', 'publicationTypes', 'journal', 'url'].map(field => `${kind}.${field}`))].join(',');

/** A batch answer: one item per id asked, null for an id the graph does not know (kept in place). */
export function readLinkedBatch(json: unknown): (LinkedPaper | undefined)[] {
  if (!Array.isArray(json)) throw new ReadError('not a list of papers');
  const records = (items: unknown[] | null | undefined): Neighbour[] => (items ?? []).flatMap(item => {
    const record = RecordSchema.safeParse(item);
    const neighbour = record.success ? neighbourOf(record.data) : undefined;
    return neighbour ? [neighbour] : [];
  });
  return json.map(item => {
    if (item === null) return undefined;
    const linked = LinkedSchema.safeParse(item);
    if (!linked.success) return undefined;
    return { scholarId: linked.data.paperId, references: records(linked.data.references), citations: records(linked.data.citations) };
  });
}
