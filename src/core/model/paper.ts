import type { Person, Reference } from './reference';
import * as z from '../util/zod';

/** A citation key: safe in BibTeX, biblatex, pandoc and Typst alike. */
export const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

const text = () => z.string().check(z.minLength(1));

export const OrganizationSchema = z.lazySchema(() => z.strictObject({
  handle: text(),
  name: text(),
}));

export const SourceSchema = z.lazySchema(() => z.strictObject({
  file: text(),
  line: z.int().check(z.positive()),
}));

/**
 * One paper of the corpus. Every value the page does not print is `null`:
 * never 0, never guessed.
 */
export const PaperSchema = z.lazySchema(() => z.strictObject({
  id: z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'id must be an ASCII slug')),
  key: z.string().check(z.regex(KEY_PATTERN, 'key must match ^[A-Za-z][A-Za-z0-9_]*$')),
  title: z.string().check(z.minLength(1), z.maxLength(400)),
  abstract: text(),
  authorsCount: z.nullable(z.int().check(z.positive())),
  organization: z.nullable(OrganizationSchema),
  date: z.nullable(text()),
  year: z.nullable(z.int().check(z.gte(1900), z.lte(2100))),
  upvotes: z.nullable(z.int().check(z.nonnegative())),
  links: z.array(z.string().check(z.regex(/^https?:\/\/\S+$/, 'links must be http(s) URLs'))),
  topics: z.array(text()).check(z.minLength(1)),
  sources: z.array(SourceSchema).check(z.minLength(1)),
}));

export const CorpusSchema = z.lazySchema(() => z.strictObject({
  papers: z.array(PaperSchema),
}).check(z.superRefine((corpus, ctx) => {
  const ids = new Set<string>();
  const keys = new Set<string>();
  corpus.papers.forEach((paper, i) => {
    if (ids.has(paper.id)) ctx.addIssue({ code: 'custom', path: ['papers', i, 'id'], message: `duplicate id ${paper.id}`, input: paper.id });
    // BibTeX treats keys that differ only in case as one entry.
    const key = paper.key.toLowerCase();
    if (keys.has(key)) ctx.addIssue({ code: 'custom', path: ['papers', i, 'key'], message: `duplicate key ${paper.key}`, input: paper.key });
    ids.add(paper.id);
    keys.add(key);
  });
})));

export type Organization = z.infer<typeof OrganizationSchema>;
export type Source = z.infer<typeof SourceSchema>;
/** A paper as the corpus (bundled pages or the user's corpus files) records it, validated by `PaperSchema`. */
export type CorpusPaper = z.infer<typeof PaperSchema>;
export type Corpus = z.infer<typeof CorpusSchema>;

/** The formats of bibliography files the library reads. */
export type BibliographyFormat = 'bibtex' | 'csl-json' | 'csl-yaml' | 'hayagriva';

/** Where an entry of the user's bibliography is: what "Go to Entry" opens. */
export interface EntryLocation {
  /** The file, as the host names it (a URI string in the editor, a path on the command line). */
  uri: string;
  /** The file as the user would write it (relative to the workspace), for messages. */
  file: string;
  line: number;
  key: string;
  format: BibliographyFormat;
}

/**
 * A paper of the library: a corpus paper, an entry of the user's bibliography, or both at
 * once. What a bibliography adds is optional, and only ever what the entry says.
 */
export interface Paper extends CorpusPaper {
  /** The authors, in order, as the entry names them. */
  authors?: Person[];
  /** The entry's list of authors ended with "and others". */
  moreAuthors?: boolean;
  editors?: Person[];
  /** Where it appeared: journal, proceedings, book, or the publisher. */
  venue?: string;
  doi?: string;
  /** The entry's type as written: "inproceedings", "article-journal", "thesis"… */
  entryType?: string;
  keywords?: string[];
  /** The entries it comes from in the user's bibliographies, the one that wins first. */
  entries?: EntryLocation[];
  /** Other keys that name it: the bundled key of a paper the user's bibliography also has. */
  aliases?: string[];
  /** The winning entry as read, for writing it elsewhere (copy, append, export). */
  reference?: Reference;
  /** The arXiv identifier without its version ("2401.12345", "hep-th/9901001"), where known. */
  arxivId?: string;
  /** Where a paper fetched from the web came from (src/core/web): absent for every other paper. */
  web?: WebOrigin;
}

/** The services a paper can be fetched from. */
export type WebSource = 'huggingface' | 'arxiv' | 'crossref' | 'doi' | 'semanticscholar';

/**
 * A fetched paper's origin and its links, each for what it is, so that views can label them.
 * Every link is `https:`; a service's link of any other scheme is dropped, never shown.
 */
export interface WebOrigin {
  source: WebSource;
  /** When it was fetched, as an ISO 8601 date-time. */
  fetched: string;
  /** arXiv's primary category ("cs.CL"), where the service names it. */
  primaryClass?: string;
  links: WebLinks;
}

export interface WebLinks {
  /** The abstract page: arXiv's, or the DOI's landing page. */
  abstract?: string;
  pdf?: string;
  /** The code: a GitHub repository, as Hugging Face records it. */
  code?: string;
  /** The paper's own project page. */
  project?: string;
  /** The paper's page and discussion on Hugging Face. */
  discussion?: string;
}

/** A problem found while reading corpus input, located so the user can fix it. */
export interface Problem {
  file: string;
  line: number;
  message: string;
}

/** Formats a problem the way compilers do, so editors and terminals can link it. */
export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}: ${problem.message}`;
}
