import type { Paper } from '../corpus/paper';

/**
 * The metadata a page printed for a paper, as one line for tooltips, hovers and pickers.
 * Only what is known appears: the corpus has author counts, never author names.
 *
 * @example metadataLine(paper) === 'Apple · 11 authors · Oct 29 · 3 upvotes'
 */
export function metadataLine(paper: Paper): string {
  const parts: string[] = [];
  if (paper.organization) parts.push(paper.organization.name);
  if (paper.authorsCount !== null) parts.push(`${paper.authorsCount} ${paper.authorsCount === 1 ? 'author' : 'authors'}`);
  if (paper.date) parts.push(paper.date);
  if (paper.upvotes !== null) parts.push(`${paper.upvotes} ${paper.upvotes === 1 ? 'upvote' : 'upvotes'}`);
  return parts.join(' · ');
}

/** The short description next to a paper in lists: its key, then its organisation or date. */
export function shortDescription(paper: Paper): string {
  const extra = paper.organization?.name ?? paper.date;
  return extra ? `${paper.key} · ${extra}` : paper.key;
}

/**
 * Corpus text made safe for Markdown (hovers, tooltips, completion docs): every character
 * Markdown or HTML would act on is escaped, so a title is shown, never interpreted.
 * Unlike VS Code's `appendText`, spaces stay spaces, so long abstracts still wrap.
 *
 * @example escapeMarkdown('m&m\'s: *bold* <img>') === "m&amp;m's: \\*bold\\* &lt;img&gt;"
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/[\\`*_{}[\]()#+\-.!|~]/g, '\\$&')
    .replace(/\s+/g, ' ');
}
