// The Hugging Face papers API: the daily papers (`/api/daily_papers`), one paper
// (`/api/papers/{arxiv_id}`) and the papers search (`/api/papers/search?q=`), read with zod in
// the shape huggingface_hub documents (`PaperInfo`). Unknown fields are ignored, optional ones
// may be missing, and an item that is not a paper is left out and reported, not fatal.
import * as z from '../util/zod';
import { arxivDoi, readArxivId } from './identifiers';
import type { Period } from './period';
import { httpsLink, isoDay, personFromName, plainText, ReadError, type FetchedPaper } from './record';
import type { Person } from '../model/reference';

const AuthorSchema = z.lazySchema(() => z.object({ name: z.optional(z.nullable(z.string())) }));

const OrganizationSchema = z.lazySchema(() => z.object({ name: z.string(), fullname: z.optional(z.nullable(z.string())) }));

const PaperSchema = z.lazySchema(() => z.object({
  // Any id arXiv gives: `2401.12345` and the old `astro-ph/0601001`, with or without a version.
  id: z.string().check(z.refine(id => readArxivId(id) !== undefined, 'id must be an arXiv id')),
  title: z.string().check(z.minLength(1)),
  summary: z.optional(z.nullable(z.string())),
  authors: z.optional(z.nullable(z.array(AuthorSchema))),
  publishedAt: z.optional(z.nullable(z.string())),
  upvotes: z.optional(z.nullable(z.number())),
  githubRepo: z.optional(z.nullable(z.string())),
  projectPage: z.optional(z.nullable(z.string())),
  organization: z.optional(z.nullable(OrganizationSchema)),
}));

/** A daily item: the paper, and when and under which organisation it was listed. */
const DailySchema = z.lazySchema(() => z.object({ paper: PaperSchema, publishedAt: z.optional(z.nullable(z.string())), organization: z.optional(z.nullable(OrganizationSchema)) }));

type HfPaper = z.infer<typeof PaperSchema>;
type HfOrganization = z.infer<typeof OrganizationSchema>;

/** The public page of a paper on Hugging Face, where its discussion is. */
export const huggingFacePage = (arxivId: string): string => `https://huggingface.co/papers/${arxivId}`;

function fromHf(paper: HfPaper, organization: HfOrganization | null | undefined, listed: string | null | undefined): FetchedPaper {
  // The schema let only arXiv ids through; a paper is named by its id without the version.
  const id = readArxivId(paper.id)!.id;
  const out: FetchedPaper = {
    source: 'huggingface',
    title: plainText(paper.title) ?? id,
    authors: (paper.authors ?? []).flatMap((a): Person[] => {
      const person = a.name ? personFromName(a.name) : undefined;
      return person ? [person] : [];
    }),
    type: 'article',
    arxivId: id,
    doi: arxivDoi(id),
    links: { abstract: `https://arxiv.org/abs/${id}`, pdf: `https://arxiv.org/pdf/${id}` },
  };
  const code = httpsLink(paper.githubRepo);
  if (code) out.links.code = code;
  const project = httpsLink(paper.projectPage);
  if (project) out.links.project = project;
  out.links.discussion = huggingFacePage(id);
  const issued = isoDay(paper.publishedAt);
  if (issued) out.issued = issued;
  const abstract = plainText(paper.summary);
  if (abstract) out.abstract = abstract;
  if (typeof paper.upvotes === 'number' && Number.isInteger(paper.upvotes) && paper.upvotes >= 0) out.upvotes = paper.upvotes;
  const org = organization ?? paper.organization;
  const handle = plainText(org?.name);
  if (org && handle) out.organization = { handle, name: plainText(org.fullname) ?? handle };
  const day = isoDay(listed);
  if (day) out.listed = `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
  return out;
}

/** A daily item or a bare paper (as `/api/papers/{id}` sends it), or why it is neither. */
function readItem(item: unknown): FetchedPaper | string {
  if (item && typeof item === 'object' && 'paper' in item) {
    const parsed = DailySchema.safeParse(item);
    return parsed.success ? fromHf(parsed.data.paper, parsed.data.organization, parsed.data.publishedAt) : z.firstIssue(parsed.error);
  }
  const parsed = PaperSchema.safeParse(item);
  return parsed.success ? fromHf(parsed.data, undefined, undefined) : z.firstIssue(parsed.error);
}

export interface HfPapers {
  papers: FetchedPaper[];
  /** Items left out, each with why: "item 3: id must be an arXiv id". */
  problems: string[];
}

/**
 * The papers of a daily papers or search answer, in the order sent. Throws `ReadError` when
 * the answer is not a list, or when it holds items and none of them is a paper.
 *
 * @example readHfPapers([{ paper: { id: '2401.12345', title: 'T', authors: [{ name: 'Ada Lovelace' }] } }]).papers[0].authors → [{ given: 'Ada', family: 'Lovelace' }]
 */
export function readHfPapers(json: unknown): HfPapers {
  if (!Array.isArray(json)) throw new ReadError('expected a list of papers');
  const papers: FetchedPaper[] = [];
  const problems: string[] = [];
  json.forEach((item, i) => {
    const paper = readItem(item);
    if (typeof paper === 'string') problems.push(`item ${i + 1}: ${paper}`);
    else papers.push(paper);
  });
  if (json.length && !papers.length) throw new ReadError(`no paper in the answer (${problems[0]})`);
  return { papers, problems };
}

/** One paper as `/api/papers/{arxiv_id}` sends it. Throws `ReadError` when it is not one. */
export function readHfPaper(json: unknown): FetchedPaper {
  const paper = readItem(json);
  if (typeof paper === 'string') throw new ReadError(paper);
  return paper;
}

export interface DailyOptions {
  /** The page, from 0. */
  page?: number;
  limit?: number;
  /** `trending` is the site's order for a day; `publishedAt`, newest first. */
  sort?: 'trending' | 'publishedAt';
}

const base = (url: string) => url.replace(/\/+$/, '');

/**
 * The daily papers URL for a day, an ISO week or a month (the most recent day when none).
 *
 * @example dailyPapersUrl('https://huggingface.co', { kind: 'week', value: '2024-W03' }, { limit: 50 }) === 'https://huggingface.co/api/daily_papers?week=2024-W03&limit=50'
 */
export function dailyPapersUrl(hf: string, period: Period | undefined, options: DailyOptions = {}): string {
  // Without a period the API answers with its most recent day.
  const query = new URLSearchParams(period ? { [period.kind]: period.value } : {});
  if (options.page !== undefined) query.set('p', String(options.page));
  if (options.limit !== undefined) query.set('limit', String(options.limit));
  if (options.sort) query.set('sort', options.sort);
  return `${base(hf)}/api/daily_papers?${query}`;
}

export const hfPaperUrl = (hf: string, arxivId: string): string => `${base(hf)}/api/papers/${encodeURIComponent(arxivId)}`;

export const hfSearchUrl = (hf: string, query: string): string => `${base(hf)}/api/papers/search?${new URLSearchParams({ q: query })}`;
