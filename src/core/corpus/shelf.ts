// The papers of a large library kept as bytes between sessions (the engine's cache): everything
// but the abstracts as one JSON text, the abstracts as one block of UTF-8 read on demand. At
// 100,000 papers the abstracts are most of the 200 MB; leaving them as bytes until a paper is
// shown (its details, a completion's documentation, its related papers) makes loading a parse
// of a tenth of the bytes, and keeps the rest out of the JavaScript heap.
//
// A bibliography entry's reference (every field as read, and its raw text: most of a
// bibliography's bytes) is needed only to cite or export it, so it is kept beside its abstract.
// Its other fields (authors, venue, where its entries are…) are two thirds of what is left: they
// stay as bytes in memory, each paper's parsed when one of them is first read, so that the
// library answers by key and by word without parsing them (in a large library these fields are
// most of the rows' bytes; the shared accessors below make restoring it much quicker).
//
// Bytes: "PAPERSSH" (8), format version (u32), paper count (u32), rows length (u32),
// texts length (u32), extras length (u32), then the rows (UTF-8 JSON: one array per field, which
// parses faster than an object per paper; `shapes`, the sets of fields beyond those columns that
// papers have, and `shape`, per paper the index of its set or -1), padding to a multiple of 4, the
// extras (per paper its fields beyond the columns, as UTF-8 JSON, empty without), padding, their
// offsets (u32, count + 1), the text offsets (u32, 2 × count + 1), and the texts: per paper its
// abstract, then its reference as JSON (empty without one).
import type { Paper } from '../model/paper';

const MAGIC = 'PAPERSSH';
/** Bumped whenever the layout changes: older bytes are refused, not misread. */
export const SHELF_VERSION = 4;

/** The fields of a corpus paper besides its abstract, each stored as one column. */
const COLUMNS = ['id', 'key', 'title', 'authorsCount', 'organization', 'date', 'year', 'upvotes', 'links', 'topics', 'sources'] as const;

interface Rows {
  columns: Record<(typeof COLUMNS)[number], unknown[]>;
  /** The sets of fields beyond the columns, abstract and reference that papers have (an entry's fields). */
  shapes: string[][];
  /** Per paper, the index of its set in `shapes`, or -1 when it has none. */
  shape: number[];
}
/** The header's length: magic, version, count and the three lengths. */
export const SHELF_HEADER = 28;

const align4 = (n: number) => (n + 3) & ~3;

/** Writes `parts` one after another at `dataAt`, and their offsets (u32, one more than the parts) at `offsetsAt`. */
function writeBlock(bytes: Uint8Array, view: DataView, parts: readonly (Uint8Array | undefined)[], offsetsAt: number, dataAt: number): void {
  let at = 0;
  parts.forEach((part, i) => {
    view.setUint32(offsetsAt + 4 * i, at, true);
    if (part) bytes.set(part, dataAt + at);
    at += part?.length ?? 0;
  });
  view.setUint32(offsetsAt + 4 * parts.length, at, true);
}

/** `count` offsets (u32) from `at`, copied out of the head. */
function readOffsets(view: DataView, at: number, count: number): Uint32Array {
  const offsets = new Uint32Array(count);
  for (let i = 0; i < count; i++) offsets[i] = view.getUint32(at + 4 * i, true);
  return offsets;
}

/**
 * The papers as bytes (`unshelve` reads them back).
 *
 * @example unshelve(shelve(papers))[0].abstract === papers[0].abstract
 */
export function shelve(papers: readonly Paper[]): Uint8Array {
  const encoder = new TextEncoder();
  const known = new Set<string>([...COLUMNS, 'abstract', 'reference']);
  const shapes: string[][] = [];
  const shapeIds = new Map<string, number>();
  const shape = new Array<number>(papers.length);
  const extras = papers.map((p, i) => {
    const fields = p as unknown as Record<string, unknown>;
    // A field set to undefined is left out, as JSON leaves it out.
    const more = Object.keys(p).filter(k => !known.has(k) && fields[k] !== undefined);
    if (!more.length) { shape[i] = -1; return undefined; }
    const name = more.join('\u0000');
    let id = shapeIds.get(name);
    if (id === undefined) { id = shapes.length; shapes.push(more); shapeIds.set(name, id); }
    shape[i] = id;
    return encoder.encode(JSON.stringify(Object.fromEntries(more.map(k => [k, fields[k]]))));
  });
  const table: Rows = { columns: Object.fromEntries(COLUMNS.map(c => [c, papers.map(p => p[c] ?? null)])) as Rows['columns'], shapes, shape };
  const rows = encoder.encode(JSON.stringify(table));
  const extrasLength = extras.reduce((n, a) => n + (a?.length ?? 0), 0);
  // Per paper its abstract, then its reference.
  const texts = papers.flatMap(p => [encoder.encode(p.abstract), encoder.encode(p.reference ? JSON.stringify(p.reference) : '')]);
  const textBytes = texts.reduce((n, a) => n + a.length, 0);
  const extrasAt = SHELF_HEADER + align4(rows.length);
  const extraOffsetsAt = extrasAt + align4(extrasLength);
  const offsetsAt = extraOffsetsAt + 4 * (papers.length + 1);
  const textAt = offsetsAt + 4 * (texts.length + 1);
  const bytes = new Uint8Array(textAt + textBytes);
  const view = new DataView(bytes.buffer);
  bytes.set(encoder.encode(MAGIC), 0);
  view.setUint32(8, SHELF_VERSION, true);
  view.setUint32(12, papers.length, true);
  view.setUint32(16, rows.length, true);
  view.setUint32(20, textBytes, true);
  view.setUint32(24, extrasLength, true);
  bytes.set(rows, SHELF_HEADER);
  writeBlock(bytes, view, extras, extraOffsetsAt, extrasAt);
  writeBlock(bytes, view, texts, offsetsAt, textAt);
  return bytes;
}

/**
 * Where the papers of a shelf are read from: its head (header, rows and offsets: everything but
 * the abstracts, `shelfHeadLength` bytes) and a reader of the abstracts' bytes. In memory, or
 * on the desktop from the cache file itself, so that the abstracts never take memory at all.
 */
export interface ShelfSource {
  head: Uint8Array;
  /** The UTF-8 of the texts (abstracts, references) from `start` to `end` (offsets into the texts), decoded. */
  abstract(start: number, end: number): string;
}

/** The length of a shelf's head, from its first `SHELF_HEADER` bytes (or more). */
export function shelfHeadLength(first: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  if (first.length < 12 || decoder.decode(first.subarray(0, 8)) !== MAGIC) throw new Error('not a shelf of papers');
  const view = new DataView(first.buffer, first.byteOffset, first.byteLength);
  const version = view.getUint32(8, true);
  if (version !== SHELF_VERSION) throw new Error(`the papers were cached in format ${version}, but this build reads format ${SHELF_VERSION}`);
  if (first.length < SHELF_HEADER) throw new Error('the cached papers are cut short');
  const count = view.getUint32(12, true);
  return SHELF_HEADER + align4(view.getUint32(16, true)) + align4(view.getUint32(24, true)) + 4 * (count + 1) + 4 * (2 * count + 1);
}

/** A shelf held in memory whole. */
export function memoryShelf(bytes: Uint8Array): ShelfSource {
  const headLength = shelfHeadLength(bytes);
  const textLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(20, true);
  if (headLength + textLength > bytes.length) throw new Error('the cached papers are cut short');
  const decoder = new TextDecoder();
  const text = bytes.subarray(headLength, headLength + textLength);
  return { head: bytes.subarray(0, headLength), abstract: (start, end) => decoder.decode(text.subarray(start, end)) };
}

/**
 * The papers of a shelf. Each paper's `abstract` is read when it is first asked for (an
 * enumerable getter, so copies, `JSON.stringify` and structured cloning see it like any field),
 * and so are its fields beyond the columns (all of them parsed at the first one read).
 */
export function openShelf(source: ShelfSource): Paper[] {
  const { head } = source;
  if (shelfHeadLength(head) > head.length) throw new Error('the cached papers are cut short');
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const count = view.getUint32(12, true);
  const rowsLength = view.getUint32(16, true);
  const extrasLength = view.getUint32(24, true);
  const extrasAt = SHELF_HEADER + align4(rowsLength);
  const extraOffsetsAt = extrasAt + align4(extrasLength);
  const offsetsAt = extraOffsetsAt + 4 * (count + 1);
  const { columns: c, shapes, shape } = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(SHELF_HEADER, SHELF_HEADER + rowsLength))) as Rows;
  if (COLUMNS.some(name => !Array.isArray(c?.[name]) || c[name].length !== count)
    || !Array.isArray(shapes) || !shapes.every(s => Array.isArray(s) && s.every(k => typeof k === 'string'))
    || !Array.isArray(shape) || shape.length !== count || shape.some(s => s !== -1 && shapes[s] === undefined)) throw new Error('the cached papers are damaged');
  // The offsets and the extras are copied out: the rest of the head (the rows' text) is let go once parsed.
  const offsets = readOffsets(view, offsetsAt, 2 * count + 1);
  const extraOffsets = readOffsets(view, extraOffsetsAt, count + 1);
  const lazy = lazyFields(source.abstract, offsets, head.slice(extrasAt, extrasAt + extrasLength), extraOffsets, shapes, shape);
  const papers = new Array<Paper>(count);
  const { id, key, title, authorsCount, organization, date, year, upvotes, links, topics, sources } = c;
  for (let i = 0; i < count; i++) {
    // A plain literal, the same shape for every paper, and the lazy fields added as accessors
    // shared by all papers of a kind: an accessor written in the literal costs V8 a closure and
    // its slow path for each paper, over twice the time for a large library.
    const paper = {
      id: id[i], key: key[i], title: title[i],
      authorsCount: authorsCount[i], organization: organization[i], date: date[i], year: year[i], upvotes: upvotes[i],
      links: links[i], topics: topics[i], sources: sources[i],
    } as Omit<Paper, 'abstract'> as Paper;
    lazy(paper, i, offsets[2 * i + 2] > offsets[2 * i + 1]);
    papers[i] = paper;
  }
  return papers;
}

/**
 * Gives each paper its lazy fields as enumerable accessors, so that copies, `JSON.stringify` and
 * structured cloning see them like any field: the abstract, read from the texts each time it is
 * asked for; the reference, read and parsed when first asked for, then kept (none when it cannot
 * be read: the cache file was closed for a newer library, or damaged); and the fields beyond the
 * columns, parsed together at the first one read, then kept as plain values. The accessors are
 * shared by every paper of one kind (its set of fields, whether it has a reference), so adding
 * them costs one `defineProperties` a paper; each paper's place on the shelf is kept aside.
 */
function lazyFields(
  read: ShelfSource['abstract'], offsets: Uint32Array, extras: Uint8Array, extraOffsets: Uint32Array, shapes: readonly string[][], shapeOf: readonly number[],
): (paper: Paper, index: number, hasReference: boolean) => void {
  const decoder = new TextDecoder();
  // Each paper's index on the shelf; its set of fields is `shapes[shapeOf[index]]`.
  const placeOf = new WeakMap<object, number>();
  const keep = (paper: object, name: string, value: unknown) => Object.defineProperty(paper, name, { value, enumerable: true, configurable: true, writable: true });
  const unpack = (paper: object): Record<string, unknown> => {
    const index = placeOf.get(paper);
    if (index === undefined || shapeOf[index] < 0) return {};
    let fields: Record<string, unknown>;
    try {
      fields = JSON.parse(decoder.decode(extras.subarray(extraOffsets[index], extraOffsets[index + 1]))) as Record<string, unknown>;
    } catch {
      // Bytes this build wrote fail to parse only when damaged: the paper keeps its columns.
      fields = {};
    }
    for (const name of shapes[shapeOf[index]]) keep(paper, name, fields[name]);
    return fields;
  };
  const abstract: PropertyDescriptor = {
    enumerable: true, configurable: true,
    get(this: object) {
      const index = placeOf.get(this);
      return index === undefined ? '' : read(offsets[2 * index], offsets[2 * index + 1]);
    },
  };
  const reference: PropertyDescriptor = {
    enumerable: true, configurable: true,
    get(this: object) {
      const index = placeOf.get(this);
      if (index === undefined) return undefined;
      let value: Paper['reference'];
      try {
        const raw = read(offsets[2 * index + 1], offsets[2 * index + 2]);
        value = raw ? JSON.parse(raw) as Paper['reference'] : undefined;
      } catch {
        value = undefined;
      }
      keep(this, 'reference', value);
      return value;
    },
  };
  const extraField = (name: string): PropertyDescriptor => ({
    enumerable: true, configurable: true,
    get(this: object) { return unpack(this)[name]; },
    set(this: object, value: unknown) { unpack(this); keep(this, name, value); },
  });
  const kinds = new Map<number, PropertyDescriptorMap>();
  return (paper, index, hasReference) => {
    placeOf.set(paper, index);
    const shape = shapeOf[index];
    const kind = 2 * (shape + 1) + (hasReference ? 1 : 0);
    let descriptors = kinds.get(kind);
    if (!descriptors) {
      descriptors = { abstract, ...Object.fromEntries((shapes[shape] ?? []).map(name => [name, extraField(name)])), ...(hasReference ? { reference } : {}) };
      kinds.set(kind, descriptors);
    }
    Object.defineProperties(paper, descriptors);
  };
}

/** The papers `shelve` wrote, from bytes held in memory (`bytes` must not change afterwards). */
export function unshelve(bytes: Uint8Array): Paper[] {
  return openShelf(memoryShelf(bytes));
}
