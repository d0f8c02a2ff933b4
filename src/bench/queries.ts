// The queries the benchmark runs, drawn from a corpus's own titles with a seeded PRNG:
// what a user types key by key, and short queries that should find one paper.
import type { Paper } from '../core/model/paper';
import { wordsOf } from '../core/search/search';
import { toAscii } from '../core/util/text';
import { prng, shuffled } from './synthetic';

type Random = () => number;

/** A typing slip in a word of five letters or more: two letters swapped, one dropped or one doubled. */
export function misspell(word: string, random: Random): string {
  const at = 1 + Math.floor(random() * (word.length - 2));
  const kind = Math.floor(random() * 3);
  if (kind === 0) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  if (kind === 1) return word.slice(0, at) + word.slice(at + 1);
  return word.slice(0, at) + word[at] + word.slice(at);
}

/** Title words as a user types them: lower case, ASCII, without the punctuation around them. */
function typedWords(title: string): string[] {
  return title.split(/\s+/).map(w => toAscii(w).toLowerCase().replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '')).filter(Boolean);
}

/**
 * What the search box holds after each key press while a user types the first three
 * words of some titles ("g", "gu", "gui", "gui ", "gui a", …); in one title of four a
 * word of five letters or more is mistyped. Stops once `count` queries are made.
 *
 * @example typedQueries(papers, 240).length === 240
 */
export function typedQueries(papers: readonly Paper[], count = 240, seed = 11): string[] {
  const random = prng(seed);
  const queries: string[] = [];
  for (const paper of shuffled(papers, random)) {
    const words = typedWords(paper.title).slice(0, 3);
    if (words.length < 2) continue;
    const long = words.findIndex(w => w.length >= 5);
    if (long >= 0 && random() < 0.25) words[long] = misspell(words[long], random);
    const text = words.join(' ');
    for (let end = 1; end <= text.length && queries.length < count; end++) queries.push(text.slice(0, end));
    if (queries.length >= count) break;
  }
  return queries;
}

export type RankingVariant = 'full' | 'cut short' | 'misspelt';

export interface RankingQuery {
  /** The paper that should come first. */
  id: string;
  query: string;
  variant: RankingVariant;
}

/**
 * Queries made of the most distinctive words of a title: its two rarest words (those in
 * the fewest titles), or three when two are found together in another title too, so that
 * the words point at one paper. Each is typed in full, with the last word cut short, and
 * with it misspelt: the paper they come from should rank first. Titles that no three of
 * their words tell apart are passed over. `count` papers × 3 queries at most.
 *
 * @example rankingQueries(papers, 60)[0] // { id: '…', query: 'tulu frontiers', variant: 'full' }
 */
export function rankingQueries(papers: readonly Paper[], count = 60, seed = 23): RankingQuery[] {
  const random = prng(seed);
  const words = new Map(papers.map(p => [p.id, new Set(wordsOf(p.title))]));
  const titles = new Map<string, number>();
  for (const set of words.values()) for (const word of set) titles.set(word, (titles.get(word) ?? 0) + 1);
  const unique = (paper: Paper, chosen: string[]) => papers.every(p => p === paper || !chosen.every(w => words.get(p.id)!.has(w)));
  const queries: RankingQuery[] = [];
  let used = 0;
  for (const paper of shuffled(papers, random)) {
    if (used === count) break;
    const own = [...words.get(paper.id)!].filter(w => /^[a-z0-9]+$/.test(w));
    const rarest = [...own].sort((a, b) => titles.get(a)! - titles.get(b)!);
    const size = [2, 3].find(n => rarest.length >= n && unique(paper, rarest.slice(0, n)));
    if (!size) continue;
    used++;
    const chosen = own.filter(w => rarest.slice(0, size).includes(w));
    const head = chosen.slice(0, -1).map(w => `${w} `).join('');
    const last = chosen[chosen.length - 1];
    queries.push({ id: paper.id, query: head + last, variant: 'full' });
    if (last.length > 3) queries.push({ id: paper.id, query: head + last.slice(0, Math.max(3, Math.ceil(last.length * 0.6))), variant: 'cut short' });
    if (last.length >= 5) queries.push({ id: paper.id, query: head + misspell(last, random), variant: 'misspelt' });
  }
  return queries;
}
