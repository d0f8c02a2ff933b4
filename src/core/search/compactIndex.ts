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
// Bytes (`toBytes`), all numbers little-endian:
//
//   "PAPERSCX" (8 bytes), format version (u32), header length (u32)
//   header: JSON {"documentCount":…,"fields":[…],"sections":[[name,type,length],…]}
//   then each section in `SECTIONS` order, starting on a multiple of 8 bytes:
//   a typed array (type u8, u16, u32 or f64) or, for `ids` and `terms`, UTF-8 text.
//
// Loading makes typed-array views onto the bytes and decodes the two texts: nothing is
// parsed per term or per posting.
import type MiniSearch from 'minisearch';
import type { AsPlainObject, BM25Params } from 'minisearch';

const MAGIC = 'PAPERSCX';
/** Bumped whenever the layout of the bytes changes: older bytes are refused, not misread. */
export const COMPACT_INDEX_VERSION = 1;

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

type Uints = Uint8Array | Uint16Array | Uint32Array;

/** Everything the index holds; the sections of the bytes are these arrays, in this order. */
interface Tables {
  /** MiniSearch's `documentCount`, which BM25 uses. */
  documentCount: number;
  /** Field names by field id. */
  fields: string[];
  averageFieldLength: Float64Array;
  /** The length of field f of document d at `d * fields.length + f`. */
  fieldLength: Uints;
  /** Document d's id is `ids.slice(idStart[d], idStart[d + 1])` (offsets in UTF-16 units). */
  ids: string;
  idStart: Uint32Array;
  /** Documents sorted by id, for `has`. */
  idOrder: Uints;
  /** The sorted terms, term t being `terms.slice(termStart[t], termStart[t + 1])`. */
  terms: string;
  termStart: Uint32Array;
  /** How many letters each term shares with the one before it (255 for 255 or more), which the fuzzy walk keeps the rows of. */
  termShared: Uint8Array;
  /** Each term's place in MiniSearch's own iteration order, which decides the order of prefix and fuzzy matches. */
  termRank: Uint32Array;
  /** Term t's posting lists are entries `termEntry[t]` to `termEntry[t + 1] - 1`. */
  termEntry: Uint32Array;
  /** The field of each entry, and where its postings start. */
  entryField: Uint8Array;
  entryStart: Uint32Array;
  /** The postings of all entries: document numbers, ascending within an entry, and term frequencies. */
  postingDoc: Uints;
  postingFreq: Uints;
}

type SectionName = Exclude<keyof Tables, 'documentCount' | 'fields'>;
type SectionType = 'u8' | 'u16' | 'u32' | 'f64';

const SECTIONS: readonly SectionName[] = [
  'averageFieldLength', 'fieldLength', 'ids', 'idStart', 'idOrder', 'terms', 'termStart', 'termShared',
  'termRank', 'termEntry', 'entryField', 'entryStart', 'postingDoc', 'postingFreq',
];

interface Header {
  documentCount: number;
  fields: string[];
  sections: [SectionName, SectionType, number][];
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
  private readonly fieldIds: Map<string, number>;
  /** Per-document scratch of the running search, kept between searches. */
  private tally: Tally | undefined;
  private busy = false;
  /** The ids returned or passed to `boostDocument` so far, by document (see `id`). */
  private idCache: (string | undefined)[] | undefined;

  private constructor(private readonly t: Tables) {
    this.fieldIds = new Map(t.fields.map((name, id) => [name, id]));
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
    if (js.serializationVersion !== 2) throw new Error(`a compact index is made from MiniSearch's serialization version 2, not ${js.serializationVersion}`);
    if (Object.keys(js.storedFields).length) throw new Error('a compact index keeps no stored fields: build the index with storeFields: []');
    const fields = fieldNames(js.fieldIds);
    const shortIds = Object.keys(js.documentIds).map(Number).sort((a, b) => a - b);
    const docOf = new Map(shortIds.map((shortId, doc) => [shortId, doc]));
    const ids = shortIds.map(shortId => {
      const id: unknown = js.documentIds[shortId];
      if (typeof id !== 'string') throw new Error(`a compact index needs string ids, not ${JSON.stringify(id)}`);
      return id;
    });
    const fieldLength = new Uint32Array(ids.length * fields.length);
    shortIds.forEach((shortId, doc) => {
      const lengths = js.fieldLength[shortId] ?? [];
      for (let f = 0; f < fields.length; f++) fieldLength[doc * fields.length + f] = lengths[f] ?? 0;
    });
    const idOrder = Uint32Array.from(ids.keys()).sort((a, b) => compareStrings(ids[a], ids[b]));
    return new CompactIndex({
      documentCount: js.documentCount,
      fields,
      // A field no document had has no average (MiniSearch reads `undefined`); no posting can need it.
      averageFieldLength: Float64Array.from(fields, (_, f) => js.averageFieldLength[f] ?? NaN),
      fieldLength: narrow(fieldLength),
      ...stringTable(ids, 'ids', 'idStart'),
      idOrder: narrow(idOrder),
      ...postings(js.index, docOf),
    });
  }

  /** The index as bytes for `fromBytes`. */
  toBytes(): Uint8Array {
    if (!LITTLE_ENDIAN) throw new Error('compact search indexes are written on little-endian machines only');
    const encoder = new TextEncoder();
    const sections = SECTIONS.map(name => {
      const value = this.t[name];
      return typeof value === 'string' ? encodeText(encoder, value, name) : value;
    });
    const header: Header = {
      documentCount: this.t.documentCount,
      fields: this.t.fields,
      sections: sections.map((data, i) => [SECTIONS[i], typeOf(data), data.length]),
    };
    const headerBytes = encoder.encode(JSON.stringify(header));
    let size = align(16 + headerBytes.length);
    const offsets = sections.map(data => { const at = size; size = align(size + data.byteLength); return at; });
    const bytes = new Uint8Array(size);
    bytes.set(encoder.encode(MAGIC), 0);
    const view = new DataView(bytes.buffer);
    view.setUint32(8, COMPACT_INDEX_VERSION, true);
    view.setUint32(12, headerBytes.length, true);
    bytes.set(headerBytes, 16);
    sections.forEach((data, i) => bytes.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), offsets[i]));
    return bytes;
  }

  /**
   * Loads what `toBytes` wrote. The typed arrays are views onto `bytes` (copied once if
   * they do not start on a multiple of 8), so `bytes` must not change afterwards.
   */
  static fromBytes(bytes: Uint8Array): CompactIndex {
    if (!LITTLE_ENDIAN) throw new Error('compact search indexes are read on little-endian machines only');
    const decoder = new TextDecoder('utf-8', { fatal: true });
    if (bytes.length < 16 || decoder.decode(bytes.subarray(0, 8)) !== MAGIC) throw new Error('not a compact search index');
    if (bytes.byteOffset % 8) bytes = bytes.slice();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const version = view.getUint32(8, true);
    if (version !== COMPACT_INDEX_VERSION) {
      throw new Error(`the compact search index is of format version ${version}, but this build reads version ${COMPACT_INDEX_VERSION}: rebuild the index`);
    }
    const headerLength = view.getUint32(12, true);
    const header = readHeader(decoder, bytes.subarray(16, 16 + headerLength));
    const tables: Partial<Record<SectionName, Tables[SectionName]>> = {};
    let at = align(16 + headerLength);
    header.sections.forEach(([name, type, length], i) => {
      if (name !== SECTIONS[i]) throw new Error(`the compact search index is damaged: section ${i} is ${name}, not ${SECTIONS[i]}`);
      const data = viewOf(bytes, at, type, length);
      tables[name] = name === 'ids' || name === 'terms' ? decoder.decode(data) : data;
      at = align(at + data.byteLength);
    });
    if (at > bytes.length) throw new Error('the compact search index is cut short');
    const t = { ...tables, documentCount: header.documentCount, fields: header.fields } as Tables;
    checkTables(t);
    return new CompactIndex(t);
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
      const order = this.compareId(idOrder[mid], id);
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
    const tally = this.acquire();
    try {
      this.collect(term, options, tally);
      return this.results(tally);
    } finally {
      this.release(tally);
    }
  }

  /** Adds the scores of the term and of the terms it matches by prefix or fuzzily, in MiniSearch's order. */
  private collect(term: string, options: CompactSearchOptions, tally: Tally): void {
    const query = this.query(term, options, tally);
    const { fuzzy: fuzzyWeight, prefix: prefixWeight } = { ...DEFAULT_WEIGHTS, ...options.weights };
    const { termRank } = this.t;
    const exact = this.find(term);
    if (exact >= 0) this.score(exact, 1, query);
    const [from, to] = options.prefix === true ? this.prefixRange(term) : [0, 0];
    // MiniSearch walks prefix matches in its tree's iteration order…
    const prefixed: number[] = [];
    for (let t = from; t < to; t++) if (t !== exact) prefixed.push(t);
    for (const t of prefixed.sort((a, b) => termRank[a] - termRank[b])) {
      const length = this.termLength(t);
      this.score(t, prefixWeight * length / (length + 0.3 * (length - term.length)), query);
    }
    // …and fuzzy matches in the reverse of it: its fuzzy walk visits a node's children
    // first to last, its iterator last to first. A term matched both ways counts as a prefix.
    const near = this.fuzzyMatches(term, options).filter(([t, distance]) => distance > 0 && (t < from || t >= to));
    for (const [t, distance] of near.sort((a, b) => termRank[b[0]] - termRank[a[0]])) {
      const length = this.termLength(t);
      this.score(t, fuzzyWeight * length / (length + distance), query);
    }
  }

  /** The per-search constants of a term, as MiniSearch's `executeQuerySpec` derives them. */
  private query(term: string, options: CompactSearchOptions, tally: Tally): Query {
    const boost = options.boost ?? {};
    // Built exactly as MiniSearch builds it, so that the order of the fields (and thus of
    // the additions to a score) is the order of this object's keys.
    const boosts = (options.fields ?? this.t.fields).reduce<Record<string, number>>((all, field) =>
      ({ ...all, [field]: (Object.prototype.hasOwnProperty.call(boost, field) ? boost[field] : undefined) || 1 }), {});
    const fieldIds: number[] = [];
    const fieldBoosts: number[] = [];
    for (const field of Object.keys(boosts)) {
      const id = this.fieldIds.get(field);
      if (id === undefined) continue;
      fieldIds.push(id);
      fieldBoosts.push(boosts[field]);
    }
    const termBoost = typeof options.boostTerm === 'function' ? options.boostTerm(term, 0, [term]) : 1;
    return { fieldIds, fieldBoosts, termBoost, bm25: options.bm25 ?? DEFAULT_BM25, boostDocument: options.boostDocument, tally };
  }

  /** The terms within the edit distance that `options.fuzzy` gives, with their distances. */
  private fuzzyMatches(term: string, options: CompactSearchOptions): [number, number][] {
    const fuzzy = options.fuzzy === true ? 0.2 : options.fuzzy;
    if (!fuzzy) return [];
    const maxDistance = fuzzy < 1 ? Math.min(options.maxFuzzy ?? DEFAULT_MAX_FUZZY, Math.round(term.length * fuzzy)) : fuzzy;
    return maxDistance ? this.fuzzyWalk(term, Math.floor(maxDistance)) : [];
  }

  /**
   * Adds the BM25+ scores of term `t` in each field of the query (MiniSearch's
   * `termResults`), calling `boostDocument` for each posting. The products are taken in
   * MiniSearch's order so that the scores are the same to the last bit.
   */
  private score(t: number, weight: number, query: Query): void {
    const { termEntry, entryField, entryStart, postingDoc, postingFreq, fieldLength, averageFieldLength, documentCount } = this.t;
    const { fieldIds, fieldBoosts, termBoost, boostDocument, tally } = query;
    const { k, b, d } = query.bm25;
    const fieldCount = this.t.fields.length;
    const derived = boostDocument ? this.term(t) : '';
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
        const docBoost = boostDocument ? boostDocument(this.id(doc), derived, undefined) : 1;
        if (!docBoost) continue;
        const termFreq = postingFreq[p];
        const length = fieldLength[doc * fieldCount + fieldId];
        const raw = invDocFreq * (d + termFreq * (k + 1) / (termFreq + k * (1 - b + b * length / avgFieldLength)));
        tally.add(doc, scale * docBoost * raw);
      }
    }
  }

  /** The scored documents, best first; ties stay in the order they were first scored, as in MiniSearch. */
  private results(tally: Tally): CompactResult[] {
    const results: CompactResult[] = new Array(tally.count);
    for (let i = 0; i < tally.count; i++) {
      const doc = tally.order[i];
      results[i] = { id: this.id(doc), score: tally.score[doc] };
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
  private fuzzyWalk(query: string, maxDistance: number): [number, number][] {
    const { terms, termStart, termShared } = this.t;
    const count = this.termCount;
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
        t = this.prefixEnd(t, pruned);
        continue;
      }
      const distance = rows.distance(length);
      if (distance <= maxDistance) found.push([t, distance]);
      t++;
    }
    return found;
  }

  /** The term's number, or -1. */
  private find(term: string): number {
    const t = this.lowerBound(term);
    return t < this.termCount && this.compareTerm(t, term, Infinity) === 0 ? t : -1;
  }

  /** The range of the terms that start with `prefix`. */
  private prefixRange(prefix: string): [number, number] {
    const from = this.lowerBound(prefix);
    let lo = from;
    let hi = this.termCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareTerm(mid, prefix, prefix.length) === 0) lo = mid + 1;
      else hi = mid;
    }
    return [from, lo];
  }

  /**
   * The first term after `t` that does not start with the first `length` letters of `t`
   * (the next term the walk need not skip, which shares fewer letters with `t` than that).
   * Most skips are short: a few terms are stepped over; a long one is galloped over.
   */
  private prefixEnd(t: number, length: number): number {
    const { terms, termStart, termShared } = this.t;
    const count = this.termCount;
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
  private lowerBound(term: string): number {
    let lo = 0;
    let hi = this.termCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareTerm(mid, term, Infinity) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Term `t`, cut to `length` letters, against `other` (by UTF-16 units, as JavaScript compares strings). */
  private compareTerm(t: number, other: string, length: number): number {
    const { terms, termStart } = this.t;
    return compareSlice(terms, termStart[t], Math.min(termStart[t + 1], termStart[t] + length), other, Math.min(other.length, length));
  }

  private compareId(doc: number, id: string): number {
    const { ids, idStart } = this.t;
    return compareSlice(ids, idStart[doc], idStart[doc + 1], id, id.length);
  }

  private get termCount(): number {
    return this.t.termStart.length - 1;
  }

  private termLength(t: number): number {
    return this.t.termStart[t + 1] - this.t.termStart[t];
  }

  private term(t: number): string {
    return this.t.terms.slice(this.t.termStart[t], this.t.termStart[t + 1]);
  }

  /**
   * Document `doc`'s id, the same string each time: callers key Maps and Sets by ids, and a
   * string hashes once (a new slice per posting made every search of a large library
   * twice as slow). The cache costs a slot per document and about 40 bytes per id met.
   */
  private id(doc: number): string {
    const ids = (this.idCache ??= new Array<string | undefined>(this.t.idOrder.length));
    return (ids[doc] ??= this.t.ids.slice(this.t.idStart[doc], this.t.idStart[doc + 1]));
  }

  /** The scratch of a search; a search run from inside another one's `boostDocument` gets its own. */
  private acquire(): Tally {
    if (this.busy) return new Tally(this.t.idOrder.length);
    this.busy = true;
    if (this.tally) this.tally.reset();
    else this.tally = new Tally(this.t.idOrder.length);
    return this.tally;
  }

  private release(tally: Tally): void {
    if (tally === this.tally) this.busy = false;
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
  private readonly stamp: Uint32Array;
  /** This search's stamp; the stamps start at 0, which no search has. */
  private generation = 1;
  count = 0;

  constructor(size: number) {
    this.score = new Float64Array(size);
    this.order = new Uint32Array(size);
    this.stamp = new Uint32Array(size);
  }

  get byteLength(): number {
    return this.score.byteLength + this.order.byteLength + this.stamp.byteLength;
  }

  reset(): void {
    this.count = 0;
    if (++this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
  }

  add(doc: number, score: number): void {
    if (this.stamp[doc] === this.generation) {
      this.score[doc] += score;
    } else {
      this.stamp[doc] = this.generation;
      this.score[doc] = score;
      this.order[this.count++] = doc;
    }
  }
}

/**
 * The rows of a Levenshtein matrix against `query`, one per letter of the term being
 * walked. Only the band of cells within `maxDistance` of the diagonal is computed (the
 * others are further away than that in any case); the cells outside it keep
 * `maxDistance + 1`, which is all a search within `maxDistance` needs to know of them.
 */
class Levenshtein {
  private readonly rows: Int32Array;
  private readonly query: Int32Array;
  private readonly columns: number;

  constructor(query: string, private readonly maxDistance: number, maxDepth: number) {
    this.columns = query.length + 1;
    this.query = Int32Array.from({ length: query.length }, (_, j) => query.charCodeAt(j));
    this.rows = new Int32Array((maxDepth + 1) * this.columns).fill(maxDistance + 1);
    for (let j = 0; j < this.columns; j++) this.rows[j] = j;
    for (let i = 0; i <= maxDepth; i++) this.rows[i * this.columns] = i;
  }

  /** Computes row `i` (the term's letter `i - 1` being `char`) from row `i - 1`; returns its least value. */
  next(i: number, char: number): number {
    const { rows, query, columns, maxDistance } = this;
    const above = (i - 1) * columns;
    const here = i * columns;
    let least = i;
    const last = Math.min(columns - 1, i + maxDistance);
    for (let j = Math.max(1, i - maxDistance); j <= last; j++) {
      const replace = rows[above + j - 1] + (query[j - 1] === char ? 0 : 1);
      const remove = rows[above + j] + 1;
      const insert = rows[here + j - 1] + 1;
      const value = replace < remove ? (replace < insert ? replace : insert) : (remove < insert ? remove : insert);
      rows[here + j] = value;
      if (value < least) least = value;
    }
    return least;
  }

  /** The distance of the term's first `i` letters to the query. */
  distance(i: number): number {
    return this.rows[i * this.columns + this.columns - 1];
  }
}

/** The sorted term table and the posting lists of MiniSearch's `index` (`[term, { fieldId: { shortId: tf } }]`). */
function postings(index: AsPlainObject['index'], docOf: Map<number, number>): Pick<Tables, 'terms' | 'termStart' | 'termShared' | 'termRank' | 'termEntry' | 'entryField' | 'entryStart' | 'postingDoc' | 'postingFreq'> {
  // The rank is the place in `index`, which is MiniSearch's iteration order of its tree.
  const sorted = Uint32Array.from(index.keys()).sort((a, b) => compareStrings(index[a][0], index[b][0]));
  let entries = 0;
  let capacity = 0;
  for (const [, data] of index) {
    for (const fieldId of Object.keys(data)) {
      entries++;
      capacity += Object.keys(data[fieldId]).length;
    }
  }
  const termEntry = new Uint32Array(sorted.length + 1);
  const entryField = new Uint8Array(entries);
  const entryStart = new Uint32Array(entries + 1);
  const postingDoc = new Uint32Array(capacity);
  const postingFreq = new Uint32Array(capacity);
  let e = 0;
  let p = 0;
  sorted.forEach((rank, t) => {
    termEntry[t] = e;
    const data = index[rank][1];
    for (const fieldId of Object.keys(data)) {
      const list = data[fieldId];
      const start = p;
      // Postings of discarded documents are left out, as MiniSearch leaves them out once met.
      // Short ids keep their order as document numbers, and MiniSearch meets postings by ascending short id.
      for (const shortId of Object.keys(list)) {
        const doc = docOf.get(Number(shortId));
        if (doc === undefined) continue;
        postingDoc[p] = doc;
        postingFreq[p++] = list[shortId];
      }
      if (p === start) continue;
      sortPostings(postingDoc, postingFreq, start, p);
      const id = Number(fieldId);
      if (!(id >= 0 && id < 256)) throw new Error(`a compact index has at most 256 fields, not field id ${fieldId}`);
      entryField[e] = id;
      entryStart[e++] = start;
    }
  });
  termEntry[sorted.length] = e;
  entryStart[e] = p;
  const sortedTerms = [...sorted].map(rank => index[rank][0]);
  return {
    ...stringTable(sortedTerms, 'terms', 'termStart'),
    termShared: Uint8Array.from(sortedTerms, (term, t) => (t ? Math.min(255, sharedLength(sortedTerms[t - 1], term)) : 0)),
    termRank: Uint32Array.from(sorted),
    termEntry,
    entryField: entryField.slice(0, e),
    entryStart: entryStart.slice(0, e + 1),
    postingDoc: narrow(postingDoc.subarray(0, p)),
    postingFreq: narrow(postingFreq.subarray(0, p)),
  };
}

/** Puts a posting list in ascending document order (it nearly always is already: object keys come out ascending). */
function sortPostings(docs: Uint32Array, freqs: Uint32Array, from: number, to: number): void {
  let ascending = true;
  for (let i = from + 1; i < to && ascending; i++) ascending = docs[i - 1] < docs[i];
  if (ascending) return;
  const pairs = Array.from({ length: to - from }, (_, i) => [docs[from + i], freqs[from + i]]).sort((a, b) => a[0] - b[0]);
  pairs.forEach(([doc, freq], i) => { docs[from + i] = doc; freqs[from + i] = freq; });
}

/** Field names by id; MiniSearch numbers its fields 0…n-1. */
function fieldNames(fieldIds: Record<string, number>): string[] {
  const fields: string[] = [];
  for (const [name, id] of Object.entries(fieldIds)) fields[id] = name;
  if (fields.length !== Object.keys(fieldIds).length || fields.some(f => f === undefined)) {
    throw new Error(`the index's field ids are not 0…n-1: ${JSON.stringify(fieldIds)}`);
  }
  return fields;
}

/** Strings as one string and the offsets of each (in UTF-16 units). */
function stringTable<N extends string, S extends string>(strings: readonly string[], text: N, starts: S): Record<N, string> & Record<S, Uint32Array> {
  const offsets = new Uint32Array(strings.length + 1);
  let at = 0;
  strings.forEach((s, i) => { offsets[i] = at; at += s.length; });
  offsets[strings.length] = at;
  return { [text]: strings.join(''), [starts]: offsets } as Record<N, string> & Record<S, Uint32Array>;
}

/** The text as UTF-8; the offsets count UTF-16 units of the decoded text, so it must decode to itself. */
function encodeText(encoder: InstanceType<typeof TextEncoder>, text: string, name: string): Uint8Array {
  const bytes = encoder.encode(text);
  if (new TextDecoder().decode(bytes) !== text) throw new Error(`the ${name} of the index hold a lone surrogate, which UTF-8 cannot keep`);
  return bytes;
}

/** The same numbers in the narrowest unsigned array that holds them. */
function narrow(values: Uint32Array): Uints {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  if (max < 0x100) return Uint8Array.from(values);
  if (max < 0x10000) return Uint16Array.from(values);
  // A part of a larger array is copied, so that the rest can be collected.
  return values.byteLength === values.buffer.byteLength ? values : values.slice();
}

function typeOf(data: Uint8Array | Uint16Array | Uint32Array | Float64Array): SectionType {
  if (data instanceof Float64Array) return 'f64';
  if (data instanceof Uint32Array) return 'u32';
  return data instanceof Uint16Array ? 'u16' : 'u8';
}

const ELEMENT_BYTES: Record<SectionType, number> = { u8: 1, u16: 2, u32: 4, f64: 8 };

/** A typed array over `length` elements of `bytes` from `at` (which `align` keeps a multiple of 8). */
function viewOf(bytes: Uint8Array, at: number, type: SectionType, length: number): Uint8Array | Uint16Array | Uint32Array | Float64Array {
  if (!(type in ELEMENT_BYTES) || !(length >= 0) || at + length * ELEMENT_BYTES[type] > bytes.length) {
    throw new Error('the compact search index is damaged or cut short');
  }
  const offset = bytes.byteOffset + at;
  if (type === 'f64') return new Float64Array(bytes.buffer, offset, length);
  if (type === 'u32') return new Uint32Array(bytes.buffer, offset, length);
  return type === 'u16' ? new Uint16Array(bytes.buffer, offset, length) : new Uint8Array(bytes.buffer, offset, length);
}

/** The header, checked for the fields that loading relies on. */
function readHeader(decoder: InstanceType<typeof TextDecoder>, bytes: Uint8Array): Header {
  let header: Partial<Header> | undefined;
  try {
    header = JSON.parse(decoder.decode(bytes)) as Partial<Header>;
  } catch {
    // Reported below.
  }
  if (!header || typeof header.documentCount !== 'number' || !Array.isArray(header.fields) || !Array.isArray(header.sections) || header.sections.length !== SECTIONS.length) {
    throw new Error('the compact search index is damaged: its header cannot be read');
  }
  return header as Header;
}

/** Checks that the tables fit together (cheaply: their lengths and last offsets), so that damage fails here and not in a search. */
function checkTables(t: Tables): void {
  const documents = t.idStart.length - 1;
  const termCount = t.termStart.length - 1;
  const entries = t.entryField.length;
  const fits = t.fields.length <= 256
    && t.averageFieldLength.length === t.fields.length
    && t.fieldLength.length === documents * t.fields.length
    && t.idStart[documents] === t.ids.length && t.idOrder.length === documents
    && t.termStart[termCount] === t.terms.length && t.termShared.length === termCount && t.termRank.length === termCount
    && t.termEntry.length === termCount + 1 && t.termEntry[termCount] === entries
    && t.entryStart.length === entries + 1 && t.entryStart[entries] === t.postingDoc.length
    && t.postingFreq.length === t.postingDoc.length;
  if (!fits) throw new Error('the compact search index is damaged: its sections do not fit together');
}

/** How many letters `a` and `b` begin with in common. */
function sharedLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

/** `a` against `b` as JavaScript's `<` orders strings (by UTF-16 units). */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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

const align = (n: number) => Math.ceil(n / 8) * 8;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
