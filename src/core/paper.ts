import { z } from 'zod';

/** A citation key: safe in BibTeX, biblatex, pandoc and Typst alike. */
export const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

export const OrganizationSchema = z.object({
  handle: z.string().min(1),
  name: z.string().min(1),
});

export const SourceSchema = z.object({
  file: z.string().min(1),
  line: z.number().int().positive(),
});

/**
 * One paper of the corpus. Every value the page does not print is `null`:
 * never 0, never guessed.
 */
export const PaperSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'id must be an ASCII slug'),
  key: z.string().regex(KEY_PATTERN, 'key must match ^[A-Za-z][A-Za-z0-9_]*$'),
  title: z.string().min(1).max(400),
  abstract: z.string().min(1),
  authorsCount: z.number().int().positive().nullable(),
  organization: OrganizationSchema.nullable(),
  date: z.string().min(1).nullable(),
  year: z.number().int().min(1900).max(2100).nullable(),
  upvotes: z.number().int().nonnegative().nullable(),
  links: z.array(z.string().regex(/^https?:\/\/\S+$/)),
  topics: z.array(z.string().min(1)).min(1),
  sources: z.array(SourceSchema).min(1),
}).strict();

export const CorpusSchema = z.object({
  papers: z.array(PaperSchema),
}).strict().superRefine((corpus, ctx) => {
  const ids = new Set<string>();
  const keys = new Set<string>();
  corpus.papers.forEach((paper, i) => {
    if (ids.has(paper.id)) ctx.addIssue({ code: 'custom', path: ['papers', i, 'id'], message: `duplicate id ${paper.id}` });
    if (keys.has(paper.key)) ctx.addIssue({ code: 'custom', path: ['papers', i, 'key'], message: `duplicate key ${paper.key}` });
    ids.add(paper.id);
    keys.add(paper.key);
  });
});

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
