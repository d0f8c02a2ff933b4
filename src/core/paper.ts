import * as z from './zod';

/** A citation key: safe in BibTeX, biblatex, pandoc and Typst alike. */
export const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

const text = () => z.string().check(z.minLength(1));

export const OrganizationSchema = z.strictObject({
  handle: text(),
  name: text(),
});

export const SourceSchema = z.strictObject({
  file: text(),
  line: z.int().check(z.positive()),
});

/**
 * One paper of the corpus. Every value the page does not print is `null`:
 * never 0, never guessed.
 */
export const PaperSchema = z.strictObject({
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
});

export const CorpusSchema = z.strictObject({
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
}));

export type Organization = z.infer<typeof OrganizationSchema>;
export type Source = z.infer<typeof SourceSchema>;
export type Paper = z.infer<typeof PaperSchema>;
export type Corpus = z.infer<typeof CorpusSchema>;

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
