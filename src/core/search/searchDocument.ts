// What the index is made of: a paper as the fields MiniSearch indexes, how words are folded and
// split (the same rules for what is indexed and what is typed), the options shared by the build
// that serializes the index and the code that loads it, and what a query's words are.
import MiniSearch, { type Options } from 'minisearch';
import type { Paper } from '../model/paper';
import { toAscii } from '../util/text';

/** What the index sees of a paper: plain strings, one per searchable field. */
export interface SearchDocument {
  id: string;
  title: string;
  abstract: string;
  organization: string;
  topics: string;
  key: string;
  /** Authors' and editors' names (entries of the user's bibliography have them; the corpus pages do not). */
  authors: string;
  /** Journal, proceedings, book or publisher. */
  venue: string;
}

export const SEARCH_FIELDS = ['title', 'abstract', 'organization', 'topics', 'key', 'authors', 'venue'] as const;
export type SearchField = typeof SEARCH_FIELDS[number];

/** The short fields people type from memory; searched first and always loaded. */
export const NAME_FIELDS: readonly SearchField[] = ['title', 'key', 'organization', 'authors', 'venue'];
/** The long fields; in a large library they may load after the names (see `SearchIndex`). */
export const TEXT_FIELDS: readonly SearchField[] = ['abstract', 'topics'];

// Words too common to tell papers apart. Dropping them keeps the index small and stops
// "learning to act" from ranking every abstract that says "to".
const STOPWORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'has', 'have', 'in', 'into', 'is', 'it',
  'its', 'of', 'on', 'or', 'that', 'the', 'their', 'these', 'this', 'to', 'was', 'we', 'were', 'which', 'with',
  // Function words that nearly every abstract uses ("our approach can…, however…"): they
  // tell no paper apart and were a tenth of the shipped index.
  'also', 'been', 'both', 'but', 'can', 'each', 'however', 'our', 'such', 'than', 'them', 'then', 'there',
  'they', 'those', 'through', 'thus', 'us', 'very', 'via', 'what', 'when', 'where', 'whether', 'while', 'who', 'whose',
]);

// A word is letters and digits, joined by apostrophes or ampersands so that "m&m's"
// and "don't" stay one word.
const WORD = /[\p{L}\p{N}]+(?:['’&][\p{L}\p{N}]+)*/gu;
// Compounds such as "Tree-Planner", "GUI-R1" or "τ^2-Bench" are also indexed whole in
// titles and keys, so "treeplanner" or "guir1" find them.
const COMPOUND = /[\p{L}\p{N}]+(?:[-^*][\p{L}\p{N}]+)+/gu;
// Most words are plain ASCII already; folding them through `toAscii` would only cost time.
const PLAIN = /^[A-Za-z0-9]+$/;

/** Folds one word the same way at index and query time: ASCII, lower case, no apostrophes. */
export function normalizeTerm(word: string): string {
  if (PLAIN.test(word)) return word.toLowerCase();
  return toAscii(word).toLowerCase().replace(/'/g, '');
}

// The same two patterns for text that is all ASCII (most titles, keys and names), which V8
// matches several times faster than the Unicode classes; the words they find are the same.
const WORD_ASCII = /[A-Za-z0-9]+(?:['&][A-Za-z0-9]+)*/g;
const COMPOUND_ASCII = /[A-Za-z0-9]+(?:[-^*][A-Za-z0-9]+)+/g;
const NOT_ASCII = /[^\t\n\r\x20-\x7e]/;

function tokenize(text: string, field?: string): string[] {
  const ascii = !NOT_ASCII.test(text);
  const words = text.match(ascii ? WORD_ASCII : WORD) ?? [];
  if (field !== 'title' && field !== 'key') return words;
  if (!text.includes('-') && !text.includes('^') && !text.includes('*')) return words;
  const compounds = (text.match(ascii ? COMPOUND_ASCII : COMPOUND) ?? []).map(c => c.replace(/[-^*]/g, ''));
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
  // The index is vacuumed by LibraryIndex, in its queue between updates. MiniSearch's own vacuum
  // starts by itself after discards and walks the index across pauses, while our next slice of
  // additions reshapes it: "Cannot read properties of undefined (reading 'keys')", a crash of the
  // engine, when a batch of fetched papers replaces another (a paper's neighbourhood, page by page).
  autoVacuum: false,
  searchOptions: {
    // A title word is worth four abstract words: titles are short and chosen with care.
    // Keys repeat title words ("LearningLongHorizon"), so they add little of their own;
    // a query that is exactly a key is put first by `PaperLibrary` instead.
    boost: { title: 4, key: 1, organization: 1.5, topics: 1.2, abstract: 1, authors: 2, venue: 1 },
    // MiniSearch's defaults are 0.375 and 0.45. While a word is being typed, "agen" is as
    // likely to become "agents" as "agent"; and a word is only matched fuzzily when it
    // matches nothing as typed, so its near misses are almost surely what was meant.
    weights: { prefix: 0.6, fuzzy: 0.9 },
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
    // A bibliography's keywords say what a paper is about, as topics do.
    topics: [...paper.topics.map(topicLabel), ...(paper.keywords ?? [])].join(' '),
    // An alias (the corpus key of a paper the user's bibliography also has) finds it too.
    key: paper.aliases?.length ? [paper.key, ...paper.aliases].join(' ') : paper.key,
    // Family names (with their particles) are what people type to find a paper by its authors;
    // given names, often initials, would double the terms of a large library for little.
    authors: [...(paper.authors ?? []), ...(paper.editors ?? [])].map(p => p.literal ?? [p.particle, p.family ?? p.given].filter(Boolean).join(' ')).join(' '),
    venue: paper.venue ?? '',
  };
}

/** Above this many papers, a full-text term found in more than `COMMON_SHARE` of them is dropped. */
const COMMON_MIN_PAPERS = 5000;
const COMMON_SHARE = 0.1;

/**
 * Drops from the long fields the terms that appear in so many papers that they cannot
 * tell them apart (BM25 gives them almost no weight) yet cost the most to score and to
 * load. Titles keep every word. Small libraries lose nothing.
 */
function dropCommonTextTerms(index: MiniSearch<SearchDocument>): MiniSearch<SearchDocument> {
  const limit = Math.max(COMMON_MIN_PAPERS, index.documentCount * COMMON_SHARE);
  if (index.documentCount <= limit) return index;
  const plain = index.toJSON();
  const textFieldIds = TEXT_FIELDS.map(f => String(plain.fieldIds[f]));
  plain.index = plain.index.filter(([, data]) => {
    for (const fieldId of textFieldIds) {
      const postings = data[fieldId];
      if (postings && Object.keys(postings).length > limit) delete data[fieldId];
    }
    return Object.keys(data).length > 0;
  });
  return MiniSearch.loadJS<SearchDocument>(plain, SEARCH_OPTIONS);
}

function indexOf(documents: SearchDocument[]): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
  index.addAll(documents);
  return dropCommonTextTerms(index);
}

/**
 * Indexes papers with the shared options, every field in one index, as the tests and
 * the bench use it beside the two parts the build ships (`buildIndexParts`).
 *
 * @example JSON.stringify(buildIndex(corpus.papers, id => labels.get(id) ?? id))
 */
export function buildIndex(papers: readonly Paper[], topicLabel?: (id: string) => string): MiniSearch<SearchDocument> {
  return indexOf(papers.map(p => toSearchDocument(p, topicLabel)));
}

/** A paper's document for the names part of an index: its long fields left empty. */
export function namesPart(document: SearchDocument): SearchDocument {
  return { ...document, abstract: '', topics: '' };
}

/** A paper's document for the text part of an index: its short fields left empty. */
export function textPart(document: SearchDocument): SearchDocument {
  return { ...document, title: '', key: '', organization: '', authors: '', venue: '' };
}

/**
 * The same index in two parts, for libraries so large that loading the abstracts would
 * hold up the first search: `names` (titles, keys, organisations) loads at once and
 * answers as the user types; `text` (abstracts, topics) can load behind it.
 * Both use `SEARCH_OPTIONS`; each simply leaves the other's fields empty, so papers are
 * added to a part with `index.add(namesPart(toSearchDocument(paper)))` and the like.
 *
 * @example const { names, text } = buildIndexParts(papers); new SearchIndex(names, loadIndexAsync(JSON.stringify(text)))
 */
export function buildIndexParts(papers: readonly Paper[], topicLabel?: (id: string) => string): { names: MiniSearch<SearchDocument>; text: MiniSearch<SearchDocument> } {
  const documents = papers.map(p => toSearchDocument(p, topicLabel));
  return {
    names: indexOf(documents.map(namesPart)),
    text: indexOf(documents.map(textPart)),
  };
}

/** Loads an index (or a part of one) that `buildIndex` made and the build serialized. */
export function loadIndex(json: string): MiniSearch<SearchDocument> {
  return MiniSearch.loadJSON<SearchDocument>(json, SEARCH_OPTIONS);
}

/**
 * Every word of a text folded as the index folds it, stopwords dropped, repeats kept.
 *
 * @example wordsOf('GUI agents for GUI tasks') // ['gui', 'agents', 'gui', 'tasks']
 */
export function wordsOf(text: string): string[] {
  return (text.match(WORD) ?? []).map(normalizeTerm).filter(w => w && !STOPWORDS.has(w));
}

export interface QueryTerms {
  terms: string[];
  /** True when the user is still typing the last word, which then matches as a prefix. */
  lastIsPrefix: boolean;
}

/**
 * Splits what the user typed into folded search terms. Stopwords go, except a last
 * word still being typed: "the" may be the start of "theory".
 *
 * @example queryTerms('TÜLU the') // { terms: ['tulu', 'the'], lastIsPrefix: true }
 */
export function queryTerms(query: string): QueryTerms {
  const words = (query.match(WORD) ?? []).map(normalizeTerm).filter(Boolean);
  const lastIsPrefix = words.length > 0 && !/\s$/.test(query);
  const terms = words.filter((w, i) => !STOPWORDS.has(w) || (lastIsPrefix && i === words.length - 1));
  return { terms: [...new Set(terms)], lastIsPrefix };
}

/**
 * How far a word may be from the one meant: one edit for four letters, two from five
 * (a swap of two letters, "agnet", is two edits). Only words that match (almost) no
 * paper as typed are matched fuzzily, so the distance can be generous without turning
 * "learning" into "earnings".
 */
export function fuzziness(term: string): number | false {
  if (term.length >= 5) return 2;
  if (term.length === 4) return 1;
  return false;
}
