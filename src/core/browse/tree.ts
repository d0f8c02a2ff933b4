// The Papers view's tree as papers: the corpus's groups, then the user's bibliography files,
// each with the papers under it, sorted and filtered as the view asks. The engine makes rows of
// it (engine/service.ts); the host maps those to tree items (host/browse/tree.ts).
import { groupPapers, sortEntries, type GroupBy, type SortBy } from './browse';
import { isBibliographyOnly } from '../bibliography/ids';
import type { Paper } from '../model/paper';
import type { Topic } from '../corpus/topics';
import type { NoteMatches, PaperLibrary } from '../search/library';

/** How the view groups and sorts its papers, the words it keeps them by, and the writer's notes for the filter's words. */
export interface TreeOptions { groupBy: GroupBy; sortBy: SortBy; filter?: string; notes?: NoteMatches }

/** A group of the corpus's papers or a bibliography file, with the papers under it. */
export interface TreeNode {
  id: string;
  papers: Paper[];
}

export interface PaperTree {
  groups: (TreeNode & { label: string; description?: string })[];
  files: (TreeNode & { uri: string; file: string; problems: number; errors: boolean })[];
  /** What the filter kept, what was wrong with its words, and whether they were searched before every abstract was in. */
  filter?: { query: string; count: number; problems: string[]; partial?: true };
}

/** A bibliography file as the library read it: its entries' keys in file order, and its problems. */
export interface TreeFile {
  uri: string;
  file: string;
  keys: readonly string[];
  problems: readonly { severity: string }[];
}

/**
 * The tree of `library`'s papers. Papers only a bibliography has are listed under its file, not
 * among the corpus's groups; a file lists each of its papers once, and a file with no entries
 * (or, filtered, none kept) is left out.
 *
 * @example paperTree(library, [refs], topics, { groupBy: 'topic', sortBy: 'date' }).files[0].id === `bibliography:${refs.uri}`
 */
export function paperTree(library: Pick<PaperLibrary, 'papers' | 'get' | 'query'>, files: readonly TreeFile[], topics: readonly Topic[], options: TreeOptions): PaperTree {
  let papers = library.papers;
  let filter: PaperTree['filter'];
  if (options.filter) {
    const { hits, problems, partial } = library.query(options.filter, { allWords: true, notes: options.notes });
    const ids = new Set(hits.map(h => h.paper.id));
    papers = papers.filter(p => ids.has(p.id));
    filter = { query: options.filter, count: ids.size, problems: problems.map(p => p.message), ...(partial ? { partial } : {}) };
  }
  const groups = groupPapers(papers.filter(p => !isBibliographyOnly(p)), options.groupBy, topics, options.sortBy)
    .map(group => ({ id: group.id, label: group.label, description: group.description, papers: group.papers }));
  const shown = filter ? new Set(papers.map(p => p.id)) : undefined;
  const listed: PaperTree['files'] = [];
  for (const file of files) {
    if (!file.keys.length) continue;
    const seen = new Set<string>();
    const entries = file.keys.flatMap(key => {
      const paper = library.get(key);
      if (!paper || seen.has(paper.id) || (shown && !shown.has(paper.id))) return [];
      seen.add(paper.id);
      return [paper];
    });
    if (filter && !entries.length) continue;
    listed.push({
      id: `bibliography:${file.uri}`, uri: file.uri, file: file.file, papers: sortEntries(entries, options.sortBy),
      problems: file.problems.length, errors: file.problems.some(p => p.severity === 'error'),
    });
  }
  return { groups, files: listed, filter };
}
