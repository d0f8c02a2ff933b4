// Searching the index as a writer types (`SearchIndex`): the last word as a prefix, a word that
// matches nothing fuzzily, the rarest words first, candidates capped in a large library, papers
// with every word above those with some, and each keystroke's words remembered for the next.
import { NAME_FIELDS, TEXT_FIELDS, SEARCH_OPTIONS, queryTerms, fuzziness, type SearchField } from './searchDocument';

// What the index is made of is searchDocument.ts; those who search take both from here.
export * from './searchDocument';

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
  #text: TermIndex | undefined;
  /**
   * The exact matches of each word of the previous search. As the user types, only the
   * last word changes: the words before it are not searched again.
   */
  #previous: { text: TermIndex | undefined; version: number; words: Map<string, Remembered> } = { text: undefined, version: 0, words: new Map() };
  /** Bumped when the parts change in place (`LibraryIndex`), so remembered matches are not reused. */
  #version = 0;
  /** Settles once the full text can be searched (at once when the index came whole). */
  readonly fullText: Promise<void>;

  /**
   * @param index every field (`buildIndex`), or only the names part (`buildIndexParts`)
   * @param text the text part, or a promise of it: until it resolves, only names are searched
   */
  constructor(private readonly index: TermIndex, text?: TermIndex | Promise<TermIndex>) {
    if (text === undefined) this.#text = index;
    else if (isIndex(text)) this.#text = text;
    this.fullText = text !== undefined && !isIndex(text) ? text.then(t => { this.#text = t; }) : Promise.resolve();
  }

  /** Says that documents were added, changed or removed in place: what the last search remembered no longer holds. */
  changed(): void {
    this.#version++;
  }

  get documentCount(): number {
    return this.index.documentCount;
  }

  /** An update's abstracts on their way in (`LibraryIndex`), and once they all are. */
  #textComing = 0;
  #textCame: Promise<void> = Promise.resolve();

  /** Says that abstracts are being added (`work`): until then a search may miss them (`hasFullText` is false). */
  textComing(work: Promise<unknown>): void {
    this.#textComing++;
    const came = work.then(() => undefined, () => undefined).then(() => { this.#textComing--; });
    this.#textCame = Promise.all([this.#textCame, came]).then(() => undefined);
  }

  /** False while the text part is still loading, or abstracts are being added to it: a search now may rank differently later. */
  get hasFullText(): boolean {
    return this.#text !== undefined && this.#textComing === 0;
  }

  /** Settles once every abstract given so far is searchable (`hasFullText`, unless more came meanwhile); never rejects. */
  get textSettled(): Promise<void> {
    return Promise.all([this.fullText.catch(() => undefined), this.#textCame]).then(() => undefined);
  }

  /** Ranked papers for what the user typed. */
  search(query: string, options: SearchOptions = {}): SearchHit[] {
    const { terms, lastIsPrefix } = queryTerms(query);
    const plans = terms.map((term, i) => ({ term, prefix: lastIsPrefix && i === terms.length - 1, fuzzy: true }));
    const reuse = this.#previous.text === this.#text && this.#previous.version === this.#version ? this.#previous.words : new Map<string, Remembered>();
    const words = new Map<string, Remembered>();
    const hits = this.#collect(plans, this.#parts(), options, { reuse, words });
    this.#previous = { text: this.#text, version: this.#version, words };
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
    const parts = this.#parts().map(p => ({ ...p, fields: p.fields.filter(f => f === 'title' || f === 'abstract') }));
    return top(this.#collect(plans, parts, options), options.limit, (a, b) => b.score - a.score);
  }

  #parts(): Part[] {
    const names: Part = { index: this.index, fields: NAME_FIELDS, prefixMin: NAME_PREFIX_MIN };
    return this.#text ? [names, { index: this.#text, fields: TEXT_FIELDS, prefixMin: TEXT_PREFIX_MIN }] : [names];
  }

  /**
   * Scores the papers that match any term, term by term. A library no larger than the
   * cap is scored whole, and each term's matches are remembered in `memo`. A larger one
   * admits papers up to the cap, rarest term first, so that papers matching every word
   * are never crowded out by papers matching only a common one. Then the words found
   * (almost) nowhere are matched fuzzily.
   */
  #collect(plans: TermPlan[], parts: Part[], options: SearchOptions, memo?: Memo): SearchHit[] {
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
