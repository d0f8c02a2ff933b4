// A read-only search index in typed arrays, for libraries so large that MiniSearch's
// index (a radix tree of Maps, one Map per term and field) costs hundreds of megabytes
// and seconds to load from JSON. It is made from a built MiniSearch index and answers
// the searches `SearchIndex` makes (one folded term, OR) exactly as that index would:
// the same documents, in the same order, with the same scores, and the same calls to
// `boostDocument` in the same order (`SearchIndex` counts and admits papers through them).
//
// Layout: documents are numbered 0…n-1 in MiniSearch's short-id order; terms are sorted,
// so that a prefix is a range found by binary search and a fuzzy match a walk over the
// sorted terms that reuses the edit-distance rows of the prefix a term shares with the one
// before it. Each term has one posting list per field it occurs in: document numbers and
// term frequencies in two flat arrays.
//
// The bytes a cache keeps (`toBytes`, `fromBytes`) are drawn in format.ts; the tables are
// made in build.ts, and the edit distance of the fuzzy walk is levenshtein.ts.
import type MiniSearch from 'minisearch';
import type { AsPlainObject, BM25Params } from 'minisearch';
import { tablesOf } from './build';
import { readTables, SECTIONS, writeTables, type Tables } from './format';
import { Levenshtein } from './levenshtein';

/** MiniSearch's defaults, which a search gets unless its options say otherwise. */
const DEFAULT_BM25: BM25Params = { k: 1.2, b: 0.7, d: 0.5 };
const DEFAULT_WEIGHTS = { fuzzy: 0.45, prefix: 0.375 };
const DEFAULT_MAX_FUZZY = 6;
/** Terms the fuzzy walk steps over one by one before it gallops (see `prefixEnd`). */
const SKIP_STEPS = 32;

/** What `search` returns for each document: MiniSearch's `SearchResult` without the match details. */
export interface CompactResult {
  id: string;
  score: number;
}

/** The options of MiniSearch's `search` that apply to one processed term combined with OR. */
export interface CompactSearchOptions {
  /** The fields to search, in the order their scores add up (all fields when not given). */
  fields?: string[];
  /** Whether the term also matches the terms it begins. */
  prefix?: boolean;
  /** An edit distance (a whole number), a fraction of the term's length (below 1; `true` is 0.2), or none. */
  fuzzy?: number | boolean;
  /** The largest distance a fractional `fuzzy` may give. */
  maxFuzzy?: number;
  boost?: Record<string, number>;
  weights?: { prefix: number; fuzzy: number };
  bm25?: BM25Params;
  boostTerm?: (term: string, i: number, terms: string[]) => number;
  /** Called for each posting scored; a falsy return leaves it out. Stored fields are never kept, so the third argument is undefined. */
  boostDocument?: (id: string, term: string, storedFields?: Record<string, unknown>) => number;
}

/** A term as the search sees it: what it weighs and which fields it is looked up in. */
interface Query {
  fieldIds: number[];
  fieldBoosts: number[];
  termBoost: number;
  bm25: BM25Params;
  boostDocument: CompactSearchOptions['boostDocument'];
  tally: Tally;
}

/**
 * A read-only index with MiniSearch's search semantics for single terms, in a few typed
 * arrays: a sixth or less of MiniSearch's memory, and loaded from bytes in milliseconds.
 * It answers as the very MiniSearch instance it was made from: an index loaded from JSON
 * iterates its terms in another order than the one built, which changes the order of
 * equal scores and which papers a capped `SearchIndex` search admits first.
 *
 * @example const compact = CompactIndex.fromBytes(CompactIndex.fromMiniSearch(index).toBytes()); compact.search('agent', { fields: ['title'], prefix: true })
 */
export class CompactIndex {
  readonly #fieldIds: Map<string, number>;
  /** Per-document scratch of the running search, kept between searches. */
  // (A TypeScript private: the unit test winds its stamps forward.)
  private tally: Tally | undefined;
  #busy = false;
  /** The ids returned or passed to `boostDocument` so far, by document (see `id`). */
  #idCache: (string | undefined)[] | undefined;

  private constructor(private readonly t: Tables) {
    this.#fieldIds = new Map(t.fields.map((name, id) => [name, id]));
  }

  /** The index of a MiniSearch index (if documents were discarded from it, vacuum it first: see `fromPlainObject`). */
  static fromMiniSearch<T>(index: MiniSearch<T>): CompactIndex {
    return CompactIndex.fromPlainObject(index.toJSON());
  }

  /**
   * The index of MiniSearch's plain form (`index.toJSON()`, or the parsed JSON of one).
   * Postings of discarded documents that were not vacuumed yet are dropped. MiniSearch drops
   * them too, but only as a search meets them, and that first search still counts them in
   * the term's document frequency for the postings before them: vacuum such an index first.
   */
  static fromPlainObject(js: AsPlainObject): CompactIndex {
    return new CompactIndex(tablesOf(js));
  }

  /** The index as bytes for `fromBytes`. */
  toBytes(): Uint8Array {
    return writeTables(this.t);
  }

  /**
   * Loads what `toBytes` wrote. The typed arrays are views onto `bytes` (copied once if
   * they do not start on a multiple of 8), so `bytes` must not change afterwards.
   */
  static fromBytes(bytes: Uint8Array): CompactIndex {
    return new CompactIndex(readTables(bytes));
  }

  /** How many documents the index holds. */
  get documentCount(): number {
    return this.t.documentCount;
  }

  /** The bytes held in typed arrays and strings (counted at two bytes a character), without the cache of ids met (see `id`). */
  get byteLength(): number {
    let bytes = 0;
    for (const name of SECTIONS) {
      const value = this.t[name];
      bytes += typeof value === 'string' ? value.length * 2 : value.byteLength;
    }
    return bytes + (this.tally?.byteLength ?? 0);
  }

  /** Whether a document of this id is in the index. */
  has(id: string): boolean {
    const { idOrder } = this.t;
    let lo = 0;
    let hi = idOrder.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const order = this.#compareId(idOrder[mid], id);
      if (order === 0) return true;
      if (order < 0) lo = mid + 1;
      else hi = mid;
    }
    return false;
  }

  /**
   * The documents that match one processed term, best first, scored as MiniSearch's
   * `search(term, options)` scores them: the term itself (weight 1), then the terms it
   * begins (prefix weight), then the terms within the edit distance that it does not begin
   * (fuzzy weight), each weighted by BM25+ per field.
   */
  search(term: string, options: CompactSearchOptions = {}): CompactResult[] {
    // MiniSearch drops a query term that processes to nothing.
    if (!term) return [];
    const tally = this.#acquire();
    try {
      this.#collect(term, options, tally);
      return this.#results(tally);
    } finally {
      this.#release(tally);
    }
  }

  /** Adds the scores of the term and of the terms it matches by prefix or fuzzily, in MiniSearch's order. */
  #collect(term: string, options: CompactSearchOptions, tally: Tally): void {
    const query = this.#query(term, options, tally);
    const { fuzzy: fuzzyWeight, prefix: prefixWeight } = { ...DEFAULT_WEIGHTS, ...options.weights };
    const { termRank } = this.t;
    const exact = this.#find(term);
    if (exact >= 0) this.#score(exact, 1, query);
    const [from, to] = options.prefix === true ? this.#prefixRange(term) : [0, 0];
    // MiniSearch walks prefix matches in its tree's iteration order…
    const prefixed: number[] = [];
    for (let t = from; t < to; t++) if (t !== exact) prefixed.push(t);
    for (const t of prefixed.sort((a, b) => termRank[a] - termRank[b])) {
      const length = this.#termLength(t);
      this.#score(t, prefixWeight * length / (length + 0.3 * (length - term.length)), query);
    }
    // …and fuzzy matches in the reverse of it: its fuzzy walk visits a node's children
    // first to last, its iterator last to first. A term matched both ways counts as a prefix.
    const near = this.#fuzzyMatches(term, options).filter(([t, distance]) => distance > 0 && (t < from || t >= to));
    for (const [t, distance] of near.sort((a, b) => termRank[b[0]] - termRank[a[0]])) {
      const length = this.#termLength(t);
      this.#score(t, fuzzyWeight * length / (length + distance), query);
    }
  }

  /** The per-search constants of a term, as MiniSearch's `executeQuerySpec` derives them. */
  #query(term: string, options: CompactSearchOptions, tally: Tally): Query {
    const boost = options.boost ?? {};
    // Built exactly as MiniSearch builds it, so that the order of the fields (and thus of
    // the additions to a score) is the order of this object's keys.
    const boosts = (options.fields ?? this.t.fields).reduce<Record<string, number>>((all, field) =>
      ({ ...all, [field]: (Object.prototype.hasOwnProperty.call(boost, field) ? boost[field] : undefined) || 1 }), {});
    const fieldIds: number[] = [];
    const fieldBoosts: number[] = [];
    for (const field of Object.keys(boosts)) {
      const id = this.#fieldIds.get(field);
      if (id === undefined) continue;
      fieldIds.push(id);
      fieldBoosts.push(boosts[field]);
    }
    const termBoost = typeof options.boostTerm === 'function' ? options.boostTerm(term, 0, [term]) : 1;
    return { fieldIds, fieldBoosts, termBoost, bm25: options.bm25 ?? DEFAULT_BM25, boostDocument: options.boostDocument, tally };
  }

  /** The terms within the edit distance that `options.fuzzy` gives, with their distances. */
  #fuzzyMatches(term: string, options: CompactSearchOptions): [number, number][] {
    const fuzzy = options.fuzzy === true ? 0.2 : options.fuzzy;
    if (!fuzzy) return [];
    const maxDistance = fuzzy < 1 ? Math.min(options.maxFuzzy ?? DEFAULT_MAX_FUZZY, Math.round(term.length * fuzzy)) : fuzzy;
    return maxDistance ? this.#fuzzyWalk(term, Math.floor(maxDistance)) : [];
  }

  /**
   * Adds the BM25+ scores of term `t` in each field of the query (MiniSearch's
   * `termResults`), calling `boostDocument` for each posting. The products are taken in
   * MiniSearch's order so that the scores are the same to the last bit.
   */
  #score(t: number, weight: number, query: Query): void {
    const { termEntry, entryField, entryStart, postingDoc, postingFreq, fieldLength, averageFieldLength, documentCount } = this.t;
    const { fieldIds, fieldBoosts, termBoost, boostDocument, tally } = query;
    const { k, b, d } = query.bm25;
    const fieldCount = this.t.fields.length;
    const derived = boostDocument ? this.#term(t) : '';
    for (let f = 0; f < fieldIds.length; f++) {
      const fieldId = fieldIds[f];
      let e = termEntry[t];
      while (e < termEntry[t + 1] && entryField[e] !== fieldId) e++;
      if (e === termEntry[t + 1]) continue;
      const from = entryStart[e];
      const to = entryStart[e + 1];
      const matching = to - from;
      const avgFieldLength = averageFieldLength[fieldId];
      const invDocFreq = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
      const scale = weight * termBoost * fieldBoosts[f];
      for (let p = from; p < to; p++) {
        const doc = postingDoc[p];
        const docBoost = boostDocument ? boostDocument(this.#id(doc), derived, undefined) : 1;
        if (!docBoost) continue;
        const termFreq = postingFreq[p];
        const length = fieldLength[doc * fieldCount + fieldId];
        const raw = invDocFreq * (d + termFreq * (k + 1) / (termFreq + k * (1 - b + b * length / avgFieldLength)));
        tally.add(doc, scale * docBoost * raw);
      }
    }
  }

  /** The scored documents, best first; ties stay in the order they were first scored, as in MiniSearch. */
  #results(tally: Tally): CompactResult[] {
    const results: CompactResult[] = new Array(tally.count);
    for (let i = 0; i < tally.count; i++) {
      const doc = tally.order[i];
      results[i] = { id: this.#id(doc), score: tally.score[doc] };
    }
    return results.sort((a, b) => b.score - a.score);
  }

  /**
   * Every term within `maxDistance` edits of `query`, with its distance: a walk over the
   * sorted terms that keeps one Levenshtein row per letter of the current term. A term
   * reuses the rows of the prefix it shares with the term before it; once a row's least
   * value exceeds the distance (or the term grows longer than any match can be), every
   * term with that prefix is skipped (`prefixEnd`). This visits what MiniSearch's walk of
   * its radix tree visits, without the tree, and finds the same terms at the same distances.
   */
  #fuzzyWalk(query: string, maxDistance: number): [number, number][] {
    const { terms, termStart, termShared } = this.t;
    const count = this.#termCount;
    // A term longer than this is more than `maxDistance` edits away.
    const maxDepth = query.length + maxDistance;
    const rows = new Levenshtein(query, maxDistance, maxDepth);
    const found: [number, number][] = [];
    // Rows 0…`valid` hold the distances of the first `valid` letters of the term walked last.
    let valid = 0;
    for (let t = 0; t < count;) {
      const start = termStart[t];
      const length = termStart[t + 1] - start;
      let depth = Math.min(valid, termShared[t]);
      let pruned = 0;
      while (depth < length) {
        if (depth === maxDepth) { pruned = depth + 1; break; }
        const least = rows.next(depth + 1, terms.charCodeAt(start + depth));
        depth++;
        if (least > maxDistance) { pruned = depth; break; }
      }
      valid = depth;
      if (pruned) {
        t = this.#prefixEnd(t, pruned);
        continue;
      }
      const distance = rows.distance(length);
      if (distance <= maxDistance) found.push([t, distance]);
      t++;
    }
    return found;
  }

  /** The term's number, or -1. */
  #find(term: string): number {
    const t = this.#lowerBound(term);
    return t < this.#termCount && this.#compareTerm(t, term, Infinity) === 0 ? t : -1;
  }

  /** The range of the terms that start with `prefix`. */
  #prefixRange(prefix: string): [number, number] {
    const from = this.#lowerBound(prefix);
    let lo = from;
    let hi = this.#termCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#compareTerm(mid, prefix, prefix.length) === 0) lo = mid + 1;
      else hi = mid;
    }
    return [from, lo];
  }

  /**
   * The first term after `t` that does not start with the first `length` letters of `t`
   * (the next term the walk need not skip, which shares fewer letters with `t` than that).
   * Most skips are short: a few terms are stepped over; a long one is galloped over.
   */
  #prefixEnd(t: number, length: number): number {
    const { terms, termStart, termShared } = this.t;
    const count = this.#termCount;
    let next = t + 1;
    // A term shares the prefix as long as every term from `t` to it shares as much with the one before.
    for (const end = Math.min(count, next + SKIP_STEPS); next < end; next++) if (termShared[next] < length) return next;
    if (next === count || length > 255) return next;
    const start = termStart[t];
    const shares = (other: number) => {
      const from = termStart[other];
      if (termStart[other + 1] - from < length) return false;
      for (let i = 0; i < length; i++) if (terms.charCodeAt(from + i) !== terms.charCodeAt(start + i)) return false;
      return true;
    };
    // The terms below `lo` share the prefix; `hi` does not, or is past the end.
    let lo = next;
    let hi = next;
    for (let step = 1; hi < count && shares(hi); step *= 2) {
      lo = hi + 1;
      hi += step;
    }
    hi = Math.min(hi, count);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (shares(mid)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first term not below `term`. */
  #lowerBound(term: string): number {
    let lo = 0;
    let hi = this.#termCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#compareTerm(mid, term, Infinity) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Term `t`, cut to `length` letters, against `other` (by UTF-16 units, as JavaScript compares strings). */
  #compareTerm(t: number, other: string, length: number): number {
    const { terms, termStart } = this.t;
    return compareSlice(terms, termStart[t], Math.min(termStart[t + 1], termStart[t] + length), other, Math.min(other.length, length));
  }

  #compareId(doc: number, id: string): number {
    const { ids, idStart } = this.t;
    return compareSlice(ids, idStart[doc], idStart[doc + 1], id, id.length);
  }

  get #termCount(): number {
    return this.t.termStart.length - 1;
  }

  #termLength(t: number): number {
    return this.t.termStart[t + 1] - this.t.termStart[t];
  }

  #term(t: number): string {
    return this.t.terms.slice(this.t.termStart[t], this.t.termStart[t + 1]);
  }

  /**
   * Document `doc`'s id, the same string each time: callers key Maps and Sets by ids, and a
   * string hashes once (a new slice per posting made every search of a large library
   * twice as slow). The cache costs a slot per document and about 40 bytes per id met.
   */
  #id(doc: number): string {
    const ids = (this.#idCache ??= new Array<string | undefined>(this.t.idOrder.length));
    return (ids[doc] ??= this.t.ids.slice(this.t.idStart[doc], this.t.idStart[doc + 1]));
  }

  /** The scratch of a search; a search run from inside another one's `boostDocument` gets its own. */
  #acquire(): Tally {
    if (this.#busy) return new Tally(this.t.idOrder.length);
    this.#busy = true;
    if (this.tally) this.tally.reset();
    else this.tally = new Tally(this.t.idOrder.length);
    return this.tally;
  }

  #release(tally: Tally): void {
    if (tally === this.tally) this.#busy = false;
  }
}

/**
 * The scores of one search, by document number, and the order documents were first
 * scored in (MiniSearch's results are a Map in that order, and its sort is stable).
 * A stamp per document tells this search's scores from an earlier one's without clearing.
 */
class Tally {
  readonly score: Float64Array;
  readonly order: Uint32Array;
  readonly #stamp: Uint32Array;
  /** This search's stamp; the stamps start at 0, which no search has. */
  private generation = 1;
  count = 0;

  constructor(size: number) {
    this.score = new Float64Array(size);
    this.order = new Uint32Array(size);
    this.#stamp = new Uint32Array(size);
  }

  get byteLength(): number {
    return this.score.byteLength + this.order.byteLength + this.#stamp.byteLength;
  }

  reset(): void {
    this.count = 0;
    if (++this.generation === 0xffffffff) {
      this.#stamp.fill(0);
      this.generation = 1;
    }
  }

  add(doc: number, score: number): void {
    if (this.#stamp[doc] === this.generation) {
      this.score[doc] += score;
    } else {
      this.#stamp[doc] = this.generation;
      this.score[doc] = score;
      this.order[this.count++] = doc;
    }
  }
}

/** `text[from…to)` against the first `length` units of `other`. */
function compareSlice(text: string, from: number, to: number, other: string, length: number): number {
  const common = Math.min(to - from, length);
  for (let i = 0; i < common; i++) {
    const diff = text.charCodeAt(from + i) - other.charCodeAt(i);
    if (diff) return diff;
  }
  return (to - from) - length;
}
