// The papers of a large library kept as bytes between sessions (the engine's cache): everything
// but the abstracts as one JSON text, the abstracts as one block of UTF-8 read on demand. At
// 100,000 papers the abstracts are most of the 200 MB; leaving them as bytes until a paper is
// shown (its details, a completion's documentation, its related papers) makes loading a parse
// of a tenth of the bytes, and keeps the rest out of the JavaScript heap.
//
// A bibliography entry's reference (every field as read, and its raw text: most of a
// bibliography's bytes) is needed only to cite or export it, so it is kept beside its abstract.
//
// Bytes: "PAPERSSH" (8), format version (u32), paper count (u32), rows length (u32),
// texts length (u32), then the rows (UTF-8 JSON: one array per field, which parses faster
// than an object per paper, and the fields no corpus paper has, per paper, or null), padding to
// a multiple of 4, the text offsets (u32, 2 × count + 1), and the texts: per paper its abstract,
// then its reference as JSON (empty without one).
import type { Paper } from './paper';

const MAGIC = 'PAPERSSH';
/** Bumped whenever the layout changes: older bytes are refused, not misread. */
export const SHELF_VERSION = 3;

/** The fields of a corpus paper besides its abstract, each stored as one column. */
const COLUMNS = ['id', 'key', 'title', 'authorsCount', 'organization', 'date', 'year', 'upvotes', 'links', 'topics', 'sources'] as const;

interface Rows {
  columns: Record<(typeof COLUMNS)[number], unknown[]>;
  /** Per paper, what it has besides the columns and its abstract (an entry's fields), or null. */
  extra: (Record<string, unknown> | null)[] | null;
}
const HEADER = 24;

const align4 = (n: number) => (n + 3) & ~3;

/**
 * The papers as bytes (`unshelve` reads them back).
 *
 * @example unshelve(shelve(papers))[0].abstract === papers[0].abstract
 */
export function shelve(papers: readonly Paper[]): Uint8Array {
  const encoder = new TextEncoder();
  const known = new Set<string>([...COLUMNS, 'abstract', 'reference']);
  const extra = papers.map(p => {
    const more = Object.keys(p).filter(k => !known.has(k));
    return more.length ? Object.fromEntries(more.map(k => [k, (p as unknown as Record<string, unknown>)[k]])) : null;
  });
  const table: Rows = {
    columns: Object.fromEntries(COLUMNS.map(c => [c, papers.map(p => p[c] ?? null)])) as Rows['columns'],
    extra: extra.some(e => e) ? extra : null,
  };
  const rows = encoder.encode(JSON.stringify(table));
  // Per paper its abstract, then its reference.
  const texts = papers.flatMap(p => [encoder.encode(p.abstract), encoder.encode(p.reference ? JSON.stringify(p.reference) : '')]);
  const textBytes = texts.reduce((n, a) => n + a.length, 0);
  const offsetsAt = HEADER + align4(rows.length);
  const textAt = offsetsAt + 4 * (texts.length + 1);
  const bytes = new Uint8Array(textAt + textBytes);
  const view = new DataView(bytes.buffer);
  bytes.set(encoder.encode(MAGIC), 0);
  view.setUint32(8, SHELF_VERSION, true);
  view.setUint32(12, papers.length, true);
  view.setUint32(16, rows.length, true);
  view.setUint32(20, textBytes, true);
  bytes.set(rows, HEADER);
  let at = 0;
  texts.forEach((a, i) => {
    view.setUint32(offsetsAt + 4 * i, at, true);
    bytes.set(a, textAt + at);
    at += a.length;
  });
  view.setUint32(offsetsAt + 4 * texts.length, at, true);
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

/** The length of a shelf's head, from its first 24 bytes (or more). */
export function shelfHeadLength(first: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  if (first.length < HEADER || decoder.decode(first.subarray(0, 8)) !== MAGIC) throw new Error('not a shelf of papers');
  const view = new DataView(first.buffer, first.byteOffset, first.byteLength);
  const version = view.getUint32(8, true);
  if (version !== SHELF_VERSION) throw new Error(`the papers were cached in format ${version}, but this build reads format ${SHELF_VERSION}`);
  return HEADER + align4(view.getUint32(16, true)) + 4 * (2 * view.getUint32(12, true) + 1);
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
 * enumerable getter, so copies, `JSON.stringify` and structured cloning see it like any field).
 */
export function openShelf(source: ShelfSource): Paper[] {
  const { head } = source;
  if (shelfHeadLength(head) > head.length) throw new Error('the cached papers are cut short');
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const count = view.getUint32(12, true);
  const rowsLength = view.getUint32(16, true);
  const offsetsAt = HEADER + align4(rowsLength);
  const { columns: c, extra } = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(HEADER, HEADER + rowsLength))) as Rows;
  if (COLUMNS.some(name => !Array.isArray(c?.[name]) || c[name].length !== count)) throw new Error('the cached papers are damaged');
  // The offsets are copied out: the rest of the head (the rows' text) is let go once parsed.
  const offsets = new Uint32Array(2 * count + 1);
  for (let i = 0; i <= 2 * count; i++) offsets[i] = view.getUint32(offsetsAt + 4 * i, true);
  const read = source.abstract;
  const abstractOf = (i: number) => read(offsets[2 * i], offsets[2 * i + 1]);
  const papers = new Array<Paper>(count);
  const { id, key, title, authorsCount, organization, date, year, upvotes, links, topics, sources } = c;
  for (let i = 0; i < count; i++) {
    // One object literal with a getter: the same shape for every paper, built several times
    // faster than adding an accessor to each parsed object.
    papers[i] = {
      id: id[i], key: key[i], title: title[i], get abstract() { return abstractOf(i); },
      authorsCount: authorsCount[i], organization: organization[i], date: date[i], year: year[i], upvotes: upvotes[i],
      links: links[i], topics: topics[i], sources: sources[i],
    } as Paper;
  }
  if (extra) extra.forEach((more, i) => { if (more) Object.assign(papers[i], more); });
  for (let i = 0; i < count; i++) if (offsets[2 * i + 2] > offsets[2 * i + 1]) lazyReference(papers[i], () => read(offsets[2 * i + 1], offsets[2 * i + 2]));
  return papers;
}

/**
 * An entry's reference, read and parsed when first asked for (then kept), enumerable like any
 * field; none when it cannot be read (the cache file was closed for a newer library, or damaged).
 */
function lazyReference(paper: Paper, text: () => string): void {
  Object.defineProperty(paper, 'reference', {
    enumerable: true, configurable: true,
    get() {
      let value: Paper['reference'];
      try {
        const raw = text();
        value = raw ? JSON.parse(raw) as Paper['reference'] : undefined;
      } catch {
        value = undefined;
      }
      Object.defineProperty(paper, 'reference', { value, enumerable: true, configurable: true, writable: true });
      return value;
    },
  });
}

/** The papers `shelve` wrote, from bytes held in memory (`bytes` must not change afterwards). */
export function unshelve(bytes: Uint8Array): Paper[] {
  return openShelf(memoryShelf(bytes));
}
