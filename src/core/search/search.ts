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

/**
 * A finished word found in fewer places than this is probably misspelt (a typo can
 * occur in an abstract or two). A word still being typed only if nothing starts with it:
 * "finep" on its way to "FinePhys" is not a typo.
 */
const FUZZY_BELOW = 3;

// A word being typed completes against titles from its second letter, against abstracts
// from its fourth: "re" would otherwise expand to every abstract word starting with "re".
const NAME_PREFIX_MIN = 2;
const TEXT_PREFIX_MIN = 4;

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
  /** Only papers that match every word (a filter, not a ranking). */
  allWords?: boolean;
}

interface TermPlan {
  term: string;
  prefix: boolean;
  fuzzy: boolean;
  /** Multiplies the term's score (1 unless given). */
  weight?: number;
}

/** The options of one term's search, as MiniSearch takes them (`TermIndex`). */
export interface TermSearchOptions {
  fields: string[];
  prefix?: boolean;
  /** An edit distance, or none. */
  fuzzy?: number | false;
  boost?: Record<string, number>;
  weights?: { prefix: number; fuzzy: number };
  boostTerm?: (term: string, i: number, terms: string[]) => number;
  /** Called for each posting scored; 0 leaves it out. */
  boostDocument?: (id: string, term: string) => number;
}

/**
 * What `SearchIndex` needs of an index: its size (BM25 and the candidate cap use it) and a
 * search for one folded term. MiniSearch fits as it is; so does `CompactIndex`, the typed-array
 * index of a large library, and a `LayeredIndex` of the two.
 */
export interface TermIndex {
  readonly documentCount: number;
  search(term: string, options: TermSearchOptions): { id: string; score: number }[];
}

/** Anything that is a whole index rather than a promise of one. */
const isIndex = (value: unknown): value is TermIndex => typeof (value as TermIndex | undefined)?.search === 'function';

interface Part {
  index: TermIndex;
  fields: readonly SearchField[];
  prefixMin: number;
}

/**
 * What is known of words as typed, by `memoKey`: those of the previous search, and those
 * of this one. A library scored whole keeps each word's matches; a capped one, since its
 * matches depend on the other words, only how many postings each word reaches.
 */
interface Memo {
  reuse: ReadonlyMap<string, Remembered>;
  words: Map<string, Remembered>;
}

interface Remembered {
  results?: { id: string; score: number }[];
  postings?: number;
}

const memoKey = (plan: TermPlan) => `${plan.term}\u0000${plan.prefix}`;

interface Found {
  score: number;
  /** How many words the paper matched, and the last word (by its place in the search) that counted. */
  matched: number;
  last: number;
}

/**
 * How many papers a search may score when only the best `limit` are wanted. Scoring is
 * what costs (a few µs a paper); past this many candidates, further papers are only
 * looked at if they already matched a rarer word, which keeps a 100,000-paper search
 * within a keystroke. Libraries smaller than this are always scored completely.
 * (Fewer were quicker at 100,000 papers but lost ranking queries, more were slower:
 * docs/performance.md has the figures.)
 */
const MIN_CANDIDATES = 500;
const CANDIDATES_PER_RESULT = 10;

/**
 * Searches papers as the user types. The last word matches as a prefix, a word that
 * matches nothing is matched fuzzily, and papers that contain every word rank above
 * papers that contain only some. The index may come whole or in two parts, the full
 * text arriving later. Each search remembers its words for the next keystroke.
 *
 * @example new SearchIndex(loadIndex(json)).search('tau bench', { limit: 5 })[0].id // 'tau-2-bench-…'
 */
export class SearchIndex {
  private text: TermIndex | undefined;
  /**
   * The exact matches of each word of the previous search. As the user types, only the
   * last word changes: the words before it are not searched again.
   */
  private previous: { text: TermIndex | undefined; version: number; words: Map<string, Remembered> } = { text: undefined, version: 0, words: new Map() };
  /** Bumped when the parts change in place (`LibraryIndex`), so remembered matches are not reused. */
  private version = 0;
  /** Settles once the full text can be searched (at once when the index came whole). */
  readonly fullText: Promise<void>;

  /**
   * @param index every field (`buildIndex`), or only the names part (`buildIndexParts`)
   * @param text the text part, or a promise of it: until it resolves, only names are searched
   */
  constructor(private readonly index: TermIndex, text?: TermIndex | Promise<TermIndex>) {
    if (text === undefined) this.text = index;
    else if (isIndex(text)) this.text = text;
    this.fullText = text !== undefined && !isIndex(text) ? text.then(t => { this.text = t; }) : Promise.resolve();
  }

  /** Says that documents were added, changed or removed in place: what the last search remembered no longer holds. */
  changed(): void {
    this.version++;
  }

  get documentCount(): number {
    return this.index.documentCount;
  }

  /** False while the text part is still loading. */
  get hasFullText(): boolean {
    return this.text !== undefined;
  }

  /** Ranked papers for what the user typed. */
  search(query: string, options: SearchOptions = {}): SearchHit[] {
    const { terms, lastIsPrefix } = queryTerms(query);
    const plans = terms.map((term, i) => ({ term, prefix: lastIsPrefix && i === terms.length - 1, fuzzy: true }));
    const reuse = this.previous.text === this.text && this.previous.version === this.version ? this.previous.words : new Map<string, Remembered>();
    const words = new Map<string, Remembered>();
    const hits = this.collect(plans, this.parts(), options, { reuse, words });
    this.previous = { text: this.text, version: this.version, words };
    const wanted = options.allWords ? hits.filter(h => h.matched === terms.length) : hits;
    return top(wanted, options.limit, (a, b) => b.matched - a.matched || b.score - a.score);
  }

  /**
   * Papers that share the most distinctive words with `words` in their titles and
   * abstracts: the "related papers" of a paper, given its own words. A word said often
   * weighs more (1 + ln of its count), and BM25 makes words that few papers use weigh most.
   */
  similar(words: readonly string[], options: SearchOptions = {}): SearchHit[] {
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    const plans = [...counts].map(([term, count]) => ({ term, prefix: false, fuzzy: false, weight: 1 + Math.log(count) }));
    const parts = this.parts().map(p => ({ ...p, fields: p.fields.filter(f => f === 'title' || f === 'abstract') }));
    return top(this.collect(plans, parts, options), options.limit, (a, b) => b.score - a.score);
  }

  private parts(): Part[] {
    const names: Part = { index: this.index, fields: NAME_FIELDS, prefixMin: NAME_PREFIX_MIN };
    return this.text ? [names, { index: this.text, fields: TEXT_FIELDS, prefixMin: TEXT_PREFIX_MIN }] : [names];
  }

  /**
   * Scores the papers that match any term, term by term. A library no larger than the
   * cap is scored whole, and each term's matches are remembered in `memo`. A larger one
   * admits papers up to the cap, rarest term first, so that papers matching every word
   * are never crowded out by papers matching only a common one. Then the words found
   * (almost) nowhere are matched fuzzily.
   */
  private collect(plans: TermPlan[], parts: Part[], options: SearchOptions, memo?: Memo): SearchHit[] {
    const cap = options.limit === undefined ? Infinity : Math.max(MIN_CANDIDATES, options.limit * CANDIDATES_PER_RESULT);
    const capped = this.documentCount > cap;
    const ordered = capped ? sortByRarity(plans, parts, memo) : plans;
    const found = new Map<string, Found>();
    const filter = options.filter;
    const admit = (id: string) => {
      if (found.has(id)) return 1;
      if ((capped && found.size >= cap) || (filter && !filter(id))) return 0;
      found.set(id, { score: 0, matched: 0, last: -1 });
      return 1;
    };
    // Plans are numbered so that a paper counts each word once, however many fields or
    // near misses it matched it by.
    const add = (plan: number, results: readonly { id: string; score: number }[]) => {
      for (const result of results) {
        let entry = found.get(result.id);
        if (!entry) found.set(result.id, entry = { score: 0, matched: 0, last: -1 });
        entry.score += result.score;
        if (entry.last !== plan) { entry.matched++; entry.last = plan; }
      }
    };
    const exact = ordered.map((plan, i) => {
      if (capped) {
        let postings = 0;
        const tally = (id: string) => { postings++; return admit(id); };
        const results = calls(plan, parts).flatMap(call => call.index.search(plan.term, { ...call.options, boostDocument: tally }));
        add(i, results);
        return { plan, postings, results };
      }
      // Nothing capped: every match is scored, and a word's matches can be kept for the next search.
      const key = memoKey(plan);
      const results = memo?.reuse.get(key)?.results ?? calls(plan, parts).flatMap(call => call.index.search(plan.term, call.options));
      memo?.words.set(key, { results });
      add(i, filter ? results.filter(r => filter(r.id)) : results);
      return { plan, postings: results.length, results };
    });
    // Near misses only once every word has had its exact matches: a misspelt word's many
    // neighbours must not take the places of the papers a rare word found.
    exact.forEach(({ plan, postings, results }, i) => {
      const distance = plan.fuzzy && postings < (plan.prefix ? 1 : FUZZY_BELOW) && fuzziness(plan.term);
      if (!distance) return;
      // The exact matches come back with the near misses; they are already counted.
      const counted = new Set(results.map(r => r.id));
      const missed = (id: string) => (counted.has(id) ? 0 : admit(id));
      for (const call of calls({ ...plan, prefix: false }, parts)) {
        add(i, call.index.search(plan.term, { ...call.options, fuzzy: distance, boostDocument: missed }));
      }
    });
    const hits: SearchHit[] = [];
    // Rounded so that the order never depends on the last bit of a sum taken in another order.
    for (const [id, { score, matched }] of found) if (matched) hits.push({ id, score: Math.round(score * 1e6) / 1e6, matched });
    return hits;
  }
}

interface Call {
  index: TermIndex;
  options: TermSearchOptions;
}

/** The boosts and weights every search uses, given with each call: a `CompactIndex` has no defaults of its own. */
const { boost: BOOST, weights: WEIGHTS } = SEARCH_OPTIONS.searchOptions!;

/**
 * The MiniSearch searches for a word as typed: exact, or as a prefix while it is being
 * typed. Parts that share an index and a prefix rule are searched in one call.
 */
function calls(plan: TermPlan, parts: Part[]): Call[] {
  const weight = plan.weight ?? 1;
  const out: Call[] = [];
  for (const part of parts) {
    const prefix = plan.prefix && plan.term.length >= part.prefixMin;
    const same = out.find(c => c.index === part.index && c.options.prefix === prefix);
    if (same) same.options.fields.push(...part.fields);
    else out.push({ index: part.index, options: { fields: [...part.fields], prefix, fuzzy: false, boost: BOOST, weights: WEIGHTS, boostTerm: () => weight } });
  }
  return out;
}

/** Terms by how many postings they reach as typed, fewest first (a cheap pass: nothing is scored). */
function sortByRarity(plans: TermPlan[], parts: Part[], memo?: Memo): TermPlan[] {
  const count = (plan: TermPlan) => {
    const key = memoKey(plan);
    let postings = memo?.reuse.get(key)?.postings;
    if (postings === undefined) {
      let tallied = 0;
      const tally = () => { tallied++; return 0; };
      for (const call of calls(plan, parts)) call.index.search(plan.term, { ...call.options, boostDocument: tally });
      postings = tallied;
    }
    memo?.words.set(key, { ...memo.words.get(key), postings });
    return postings;
  };
  return plans.map(plan => ({ plan, postings: count(plan) }))
    .sort((a, b) => a.postings - b.postings)
    .map(c => c.plan);
}

/** The best `limit` hits in order; ties go by id so that results never shuffle. */
function top(hits: SearchHit[], limit: number | undefined, order: (a: SearchHit, b: SearchHit) => number): SearchHit[] {
  hits.sort((a, b) => order(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return limit !== undefined && hits.length > limit ? hits.slice(0, limit) : hits;
}
