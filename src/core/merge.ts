import { extractLinks } from './links';
import type { Organization, Source } from './paper';
import type { PageEntry } from './parse';
import { slugify } from './text';

/** A paper after merging its copies, before it gets a citation key and topics. */
export interface MergedPaper {
  id: string;
  title: string;
  abstract: string;
  authorsCount: number | null;
  organization: Organization | null;
  date: string | null;
  year: number | null;
  upvotes: number | null;
  links: string[];
  sources: Source[];
}

/**
 * Merges the entries of several pages into one record per paper. Copies are the
 * same paper when their titles have the same slug (case, accents and punctuation
 * aside); "D4RL" and "D5RL" stay two papers. Metadata printed on any copy survives,
 * whichever page comes first; a date keeps its own year and upvotes together.
 *
 * @example mergeEntries([...page0.entries, ...page2.entries]).length // 390 for the seeds
 */
export function mergeEntries(entries: readonly PageEntry[]): MergedPaper[] {
  const byId = new Map<string, MergedPaper>();
  for (const entry of entries) {
    const id = slugify(entry.title);
    if (!id) continue;
    const paper = byId.get(id);
    if (!paper) {
      byId.set(id, {
        id,
        title: entry.title,
        abstract: entry.abstract,
        authorsCount: entry.authorsCount,
        organization: entry.organization,
        date: entry.date,
        year: entry.year,
        upvotes: entry.upvotes,
        links: extractLinks(entry.abstract),
        sources: [entry.source],
      });
      continue;
    }
    paper.sources.push(entry.source);
    paper.authorsCount ??= entry.authorsCount;
    paper.organization ??= entry.organization;
    if (paper.date === null && entry.date !== null) {
      paper.date = entry.date;
      paper.year = entry.year;
      paper.upvotes = entry.upvotes;
    }
    // A later copy may print a longer (revised) abstract; keep the fuller text and all its links.
    if (entry.abstract.length > paper.abstract.length) paper.abstract = entry.abstract;
    for (const link of extractLinks(entry.abstract)) if (!paper.links.includes(link)) paper.links.push(link);
  }
  return [...byId.values()];
}
