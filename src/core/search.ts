import MiniSearch, { type Options, type Query, type SearchResult } from 'minisearch';
import type { Paper } from './paper';
import { toAscii } from './text';

/** What the index sees of a paper: plain strings, one per searchable field. */
export interface SearchDocument {
  id: string;
  title: string;
  abstract: string;
  organization: string;
  topics: string;
  key: string;
}

export const SEARCH_FIELDS = ['title', 'abstract', 'organization', 'topics', 'key'] as const;

// Words too common to tell papers apart. Dropping them keeps the index small and stops
// "learning to act" from ranking every abstract that says "to".
const STOPWORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'has', 'have', 'in', 'into', 'is', 'it',
  'its', 'of', 'on', 'or', 'that', 'the', 'their', 'these', 'this', 'to', 'was', 'we', 'were', 'which', 'with',
]);

// A word is letters and digits, joined by apostrophes or ampersands so that "m&m's"
// and "don't" stay one word.
const WORD = /[\p{L}\p{N}]+(?:['’&][\p{L}\p{N}]+)*/gu;
// Compounds such as "Tree-Planner", "GUI-R1" or "τ^2-Bench" are also indexed whole in
// titles and keys, so "treeplanner" or "guir1" find them.
const COMPOUND = /[\p{L}\p{N}]+(?:[-^*][\p{L}\p{N}]+)+/gu;

/** Folds one word the same way at index and query time: ASCII, lower case, no apostrophes. */
export function normalizeTerm(word: string): string {
  return toAscii(word).toLowerCase().replace(/'/g, '');
}

function tokenize(text: string, field?: string): string[] {
  const words = text.match(WORD) ?? [];
  if (field !== 'title' && field !== 'key') return words;
  const compounds = (text.match(COMPOUND) ?? []).map(c => c.replace(/[-^*]/g, ''));
  return compounds.length ? [...words, ...compounds] : words;
}

// "m&m's" is indexed as "m&ms" (so that "m&m" finds it before "MMaDA") and as "mms".
function processTerm(term: string): string | string[] | null {
  const folded = normalizeTerm(term);
  if (!folded || STOPWORDS.has(folded)) return null;
  return folded.includes('&') ? [folded, folded.replace(/&/g, '')] : folded;
}

/**
 * The one options object for the index: the build serializes an index made with it
 * and the extension loads that index with it (`MiniSearch.loadJSON`), so tokenizing
 * and term folding can never drift apart between the two.
 */
export const SEARCH_OPTIONS: Options<SearchDocument> = {
  idField: 'id',
  fields: [...SEARCH_FIELDS],
  storeFields: [],
  tokenize,
  processTerm,
  searchOptions: {
    boost: { title: 4, key: 4, organization: 1.5, topics: 1.2, abstract: 1 },
    // Terms are folded by `queryTerms` before they reach MiniSearch.
    tokenize: (text: string) => [text],
    processTerm: (term: string) => term,
  },
};

/** Builds the search document of a paper; `topicLabel` turns topic ids into the words people search for. */
export function toSearchDocument(paper: Paper, topicLabel: (id: string) => string = id => id): SearchDocument {
  return {
    id: paper.id,
    title: paper.title,
    abstract: paper.abstract,
    organization: paper.organization ? `${paper.organization.handle} ${paper.organization.name}` : '',
    topics: paper.topics.map(topicLabel).join(' '),
    key: paper.key,
  };
}

/** Indexes papers with the shared options. */
export function buildIndex(papers: readonly Paper[], topicLabel?: (id: string) => string): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
  index.addAll(papers.map(p => toSearchDocument(p, topicLabel)));
  return index;
}

/** Loads an index that `buildIndex` made and the build serialized. */
export function loadIndex(json: string): MiniSearch<SearchDocument> {
  return MiniSearch.loadJSON<SearchDocument>(json, SEARCH_OPTIONS);
}

export interface QueryTerms {
  terms: string[];
  /** True when the user is still typing the last word, which then matches as a prefix. */
  lastIsPrefix: boolean;
}

/**
 * Splits what the user typed into folded search terms. Stopwords go, except a last
 * word still being typed: "the" may be the start of "theory".
 */
export function queryTerms(query: string): QueryTerms {
  const words = (query.match(WORD) ?? []).map(normalizeTerm).filter(Boolean);
  const lastIsPrefix = words.length > 0 && !/\s$/.test(query);
  const terms = words.filter((w, i) => !STOPWORDS.has(w) || (lastIsPrefix && i === words.length - 1));
  return { terms: [...new Set(terms)], lastIsPrefix };
}

/** Fuzzy matching only where a typo is likely and cheap to forgive: one edit from 4 letters, two from 8. */
export function fuzziness(term: string): number | false {
  if (term.length >= 8) return 2;
  if (term.length >= 4) return 1;
  return false;
}

function termQuery(term: string, prefix: boolean): Query {
  return { queries: [term], prefix, fuzzy: fuzziness(term) };
}

export interface SearchHit {
  id: string;
  score: number;
  /** How many of the query's words this paper matched. */
  matched: number;
}

export interface SearchOptions {
  limit?: number;
  /** Keeps only the papers this returns true for (field filters such as `year:2024`). */
  filter?: (id: string) => boolean;
}

/**
 * Searches as the user types: the last word matches as a prefix, longer words forgive
 * typos, and papers that contain every word rank above papers that contain only some.
 *
 * @example search(index, 'tau bench', { limit: 5 })[0].id === 'tau-2-bench-evaluating-conversational-agents-in-a-dual-control-environment'
 */
export function search(index: MiniSearch<SearchDocument>, query: string, options: SearchOptions = {}): SearchHit[] {
  const { terms, lastIsPrefix } = queryTerms(query);
  if (!terms.length) return [];
  const limit = options.limit ?? Infinity;
  const filter = options.filter ? (r: SearchResult) => options.filter!(r.id as string) : undefined;
  const queries = terms.map((t, i) => termQuery(t, lastIsPrefix && i === terms.length - 1));
  const all = index.search({ combineWith: 'AND', queries }, { filter });
  const hits: SearchHit[] = all.map(r => ({ id: r.id as string, score: r.score, matched: terms.length }));
  if (hits.length < limit && terms.length > 1) {
    const seen = new Set(hits.map(h => h.id));
    const some = index.search({ combineWith: 'OR', queries }, { filter })
      .filter(r => !seen.has(r.id as string))
      .map(r => ({ id: r.id as string, score: r.score, matched: r.queryTerms.length }))
      .sort((a, b) => b.matched - a.matched || b.score - a.score);
    hits.push(...some);
  }
  return hits.length > limit ? hits.slice(0, limit) : hits;
}
