import type { Paper } from '../model/paper';
import { compareText, toAscii } from '../util/text';
import type { Topic } from '../corpus/topics';

export type GroupBy = 'topic' | 'organization' | 'source';
export type SortBy = 'upvotes' | 'date' | 'title';

export interface PaperGroup {
  /** Stable id, unique across groupings: "topic:robot-learning", "org:apple", "source:seeds/000.txt". */
  id: string;
  label: string;
  description?: string;
  papers: Paper[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A sortable number for a paper's printed date. Hugging Face leaves the year off dates
 * in the current year, so a date without a year is newer than any date with one.
 * Papers without a date sort last.
 */
export function dateRank(paper: Pick<Paper, 'date' | 'year'>): number {
  if (!paper.date) return -Infinity;
  // "Oct 29", "Nov 3, 2024", and a bibliography's "May 2020" (a month, no day) or "2020".
  const m = /^([A-Z][a-z]{2})[a-z]*\.?(?: (\d{1,2})(?!\d))?/.exec(paper.date);
  const month = m ? MONTHS.indexOf(m[1]) + 1 : 0;
  const day = m?.[2] ? Number(m[2]) : 0;
  return (paper.year ?? 9999) * 10000 + month * 100 + day;
}

const byTitle = (a: Paper, b: Paper) => compareText(a.title, b.title);

/** Sorts a copy: most upvoted or newest first (unknown values last), or by title. */
export function sortPapers(papers: readonly Paper[], by: SortBy): Paper[] {
  const sorted = [...papers];
  if (by === 'title') return sorted.sort(byTitle);
  if (by === 'upvotes') return sorted.sort((a, b) => (b.upvotes ?? -1) - (a.upvotes ?? -1) || byTitle(a, b));
  return sorted.sort((a, b) => dateRank(b) - dateRank(a) || byTitle(a, b));
}

/**
 * Sorts the entries of a bibliography file: by title or date as `sortPapers` does but with
 * keys computed once (a library of thousands must not hold the editor up), and "upvotes",
 * which entries do not have, as they are in the file.
 */
export function sortEntries(papers: readonly Paper[], by: SortBy): Paper[] {
  if (by === 'upvotes') return [...papers];
  const keyed = papers.map(paper => ({ paper, title: /^[\x20-\x7e]*$/.test(paper.title) ? paper.title.toLowerCase() : toAscii(paper.title).toLowerCase(), rank: by === 'date' ? dateRank(paper) : 0 }));
  keyed.sort((a, b) => b.rank - a.rank || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  return keyed.map(k => k.paper);
}

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * Groups papers for the tree. By topic, a paper appears under each of its topics and
 * the groups follow the topics' own order; by organisation or source page, groups are
 * alphabetical with "No organisation" last. Empty groups are left out.
 *
 * @example groupPapers(papers, 'topic', topics)[0].label === 'Computer-use & GUI agents'
 */
export function groupPapers(papers: readonly Paper[], by: GroupBy, topics: readonly Topic[], sortBy: SortBy = 'upvotes'): PaperGroup[] {
  const groups = new Map<string, PaperGroup>();
  const add = (id: string, label: string, paper: Paper, description?: string) => {
    let group = groups.get(id);
    if (!group) groups.set(id, group = { id, label, description, papers: [] });
    group.papers.push(paper);
  };
  for (const paper of papers) {
    if (by === 'topic') {
      for (const topic of paper.topics) add(`topic:${topic}`, topics.find(t => t.id === topic)?.label ?? topic, paper);
    } else if (by === 'organization') {
      if (paper.organization) add(`org:${paper.organization.handle}`, paper.organization.name, paper, paper.organization.handle);
      else add('org:', 'No organisation', paper);
    } else {
      for (const file of new Set(paper.sources.map(s => s.file))) add(`source:${file}`, fileName(file), paper);
    }
  }
  let ordered = [...groups.values()];
  if (by === 'topic') {
    const order = new Map(topics.map((t, i) => [`topic:${t.id}`, i]));
    ordered.sort((a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity));
  } else {
    ordered.sort((a, b) => (a.id === 'org:' ? 1 : b.id === 'org:' ? -1 : compareText(a.label, b.label)));
  }
  ordered = ordered.map(g => ({ ...g, papers: sortPapers(g.papers, sortBy) }));
  return ordered;
}
