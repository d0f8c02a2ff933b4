// The bytes of a compact index, which a large library's cache keeps between sessions: the
// tables `CompactIndex` searches, written as sections after a JSON header, and read back as
// views onto the bytes, checked so that a damaged or older cache is refused, not misread.
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

const MAGIC = 'PAPERSCX';
/** Bumped whenever the layout of the bytes changes: older bytes are refused, not misread. */
export const COMPACT_INDEX_VERSION = 1;

export type Uints = Uint8Array | Uint16Array | Uint32Array;

/** Everything the index holds; the sections of the bytes are these arrays, in this order. */
export interface Tables {
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

export const SECTIONS: readonly SectionName[] = [
  'averageFieldLength', 'fieldLength', 'ids', 'idStart', 'idOrder', 'terms', 'termStart', 'termShared',
  'termRank', 'termEntry', 'entryField', 'entryStart', 'postingDoc', 'postingFreq',
];

interface Header {
  documentCount: number;
  fields: string[];
  sections: [SectionName, SectionType, number][];
}

/** The tables as bytes for `readTables`. */
export function writeTables(t: Tables): Uint8Array {
  if (!LITTLE_ENDIAN) throw new Error('compact search indexes are written on little-endian machines only');
  const encoder = new TextEncoder();
  const sections = SECTIONS.map(name => {
    const value = t[name];
    return typeof value === 'string' ? encodeText(encoder, value, name) : value;
  });
  const header: Header = {
    documentCount: t.documentCount,
    fields: t.fields,
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
 * The tables that `writeTables` wrote, checked to fit together. The typed arrays are views
 * onto `bytes` (copied once if they do not start on a multiple of 8).
 */
export function readTables(bytes: Uint8Array): Tables {
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
  return t;
}

/** The text as UTF-8; the offsets count UTF-16 units of the decoded text, so it must decode to itself. */
function encodeText(encoder: InstanceType<typeof TextEncoder>, text: string, name: string): Uint8Array {
  const bytes = encoder.encode(text);
  if (new TextDecoder().decode(bytes) !== text) throw new Error(`the ${name} of the index hold a lone surrogate, which UTF-8 cannot keep`);
  return bytes;
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

const align = (n: number) => Math.ceil(n / 8) * 8;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
