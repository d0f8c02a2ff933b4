import { shortAuthors } from '../bibliography/people';
import type { Paper } from '../model/paper';

/**
 * What is known of a paper besides its title, as one line for tooltips, hovers and pickers:
 * the authors and venue a bibliography entry gives, the organisation, author count, date
 * and upvotes a page printed. Only what is known appears: the corpus has author counts,
 * never author names.
 *
 * @example metadataLine(paper) === 'Apple · 11 authors · Oct 29 · 3 upvotes'
 * @example metadataLine(entry) === 'Russell & Norvig · Pearson · 2020'
 */
export function metadataLine(paper: Paper): string {
  const parts: string[] = [];
  const authors = shortAuthors(paper.authors ?? [], paper.moreAuthors);
  if (authors) parts.push(authors);
  if (paper.venue) parts.push(paper.venue);
  if (paper.organization) parts.push(paper.organization.name);
  if (paper.authorsCount !== null && !authors) parts.push(`${paper.authorsCount} ${paper.authorsCount === 1 ? 'author' : 'authors'}`);
  if (paper.date) parts.push(paper.date);
  if (paper.upvotes !== null) parts.push(`${paper.upvotes} ${paper.upvotes === 1 ? 'upvote' : 'upvotes'}`);
  return parts.join(' · ');
}

/**
 * The short description next to a paper in lists: its key, then its authors and year (an
 * entry of the user's bibliography) or its organisation or date (a corpus paper).
 *
 * @example shortDescription(entry) === 'russell2020aima · Russell & Norvig 2020'
 */
export function shortDescription(paper: Paper): string {
  const authors = shortAuthors(paper.authors ?? [], paper.moreAuthors);
  const extra = authors ? [authors, paper.year].filter(v => v !== null && v !== '').join(' ') : paper.organization?.name ?? paper.date;
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
