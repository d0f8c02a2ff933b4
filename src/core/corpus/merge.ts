import { extractLinks } from './links';
import type { Source } from '../model/paper';
import type { PageEntry } from './parse';
import { slugify } from '../util/text';

/** A paper after merging its copies, before it gets a citation key and topics: a page entry's fields, with every copy's source. */
export interface MergedPaper extends Omit<PageEntry, 'source'> {
  id: string;
  links: string[];
  sources: Source[];
}

/** One page entry as a paper of its own. */
export function fromEntry(entry: PageEntry): MergedPaper {
  const { source, ...rest } = entry;
  return { id: slugify(entry.title), ...rest, links: extractLinks(entry.abstract), sources: [source] };
}

/**
 * Folds another copy of the same paper into `paper`: metadata printed on either copy
 * survives, a date keeps its own year and upvotes together, the fuller abstract wins,
 * links and sources add up.
 */
export function absorb(paper: MergedPaper, copy: Omit<MergedPaper, 'id' | 'title'>): void {
  paper.authorsCount ??= copy.authorsCount;
  paper.organization ??= copy.organization;
  if (paper.date === null && copy.date !== null) {
    paper.date = copy.date;
    paper.year = copy.year;
    paper.upvotes = copy.upvotes;
  }
  // A later copy may print a longer (revised) abstract.
  if (copy.abstract.length > paper.abstract.length) paper.abstract = copy.abstract;
  for (const link of copy.links) if (!paper.links.includes(link)) paper.links.push(link);
  for (const source of copy.sources) {
    if (!paper.sources.some(s => s.file === source.file && s.line === source.line)) paper.sources.push(source);
  }
}

/**
 * Merges the entries of several pages into one record per paper. Copies are the
 * same paper when their titles have the same slug (case, accents and punctuation
 * aside); "D4RL" and "D5RL" stay two papers. Metadata printed on any copy survives,
 * whichever page comes first.
 *
 * @example mergeEntries([...page0.entries, ...page2.entries]).length // 390 for the seeds
 */
export function mergeEntries(entries: readonly PageEntry[]): MergedPaper[] {
  const byId = new Map<string, MergedPaper>();
  for (const entry of entries) {
    const copy = fromEntry(entry);
    if (!copy.id) continue;
    const paper = byId.get(copy.id);
    if (paper) absorb(paper, copy);
    else byId.set(copy.id, copy);
  }
  return [...byId.values()];
}
