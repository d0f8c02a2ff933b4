// The tables of a compact index, made from MiniSearch's plain form of a built index: documents
// numbered in MiniSearch's short-id order, the terms sorted with a posting list per field, and
// each list of strings (ids, terms) kept as one string and the offsets of each.
import type { AsPlainObject } from 'minisearch';
import type { Tables, Uints } from './format';

/**
 * The tables of MiniSearch's plain form (`index.toJSON()`, or the parsed JSON of one);
 * postings of discarded documents that were not vacuumed yet are dropped (see
 * `CompactIndex.fromPlainObject`).
 */
export function tablesOf(js: AsPlainObject): Tables {
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
  return {
    documentCount: js.documentCount,
    fields,
    // A field no document had has no average (MiniSearch reads `undefined`); no posting can need it.
    averageFieldLength: Float64Array.from(fields, (_, f) => js.averageFieldLength[f] ?? NaN),
    fieldLength: narrow(fieldLength),
    ...stringTable(ids, 'ids', 'idStart'),
    idOrder: narrow(idOrder),
    ...postings(js.index, docOf),
  };
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

/** The same numbers in the narrowest unsigned array that holds them. */
function narrow(values: Uint32Array): Uints {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  if (max < 0x100) return Uint8Array.from(values);
  if (max < 0x10000) return Uint16Array.from(values);
  // A part of a larger array is copied, so that the rest can be collected.
  return values.byteLength === values.buffer.byteLength ? values : values.slice();
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
