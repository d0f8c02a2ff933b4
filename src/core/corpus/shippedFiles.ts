// The files the build writes to dist/ and the extension reads. Kept apart from the search
// code so that the host can name them without loading the engine.

/** The corpus, in the shape `CorpusSchema` validates. */
export const CORPUS_FILE = 'corpus.json';
/** The names part of the index (titles, keys, organisations), loaded with the corpus. */
export const NAMES_INDEX = 'names.index';
/** The full-text part of the index (abstracts, topics), loaded behind the first search. */
export const TEXT_INDEX = 'fulltext.index';
/**
 * What the extension ships: the three above (the corpus in columns) in one raw deflate stream,
 * `library.deflate` (src/build/compressed.ts), which the desktop and the browser decode natively
 * (core/util/inflate.ts).
 */
export const LIBRARY_FILE = 'library';

/**
 * The Papers view's top level for the bundled papers grouped by topic (the default): each topic's
 * id, label and count, known at build time, so that the view shows its topics before the library
 * has loaded (a few hundred bytes, read as they ship).
 */
export const TREE_TOP_FILE = 'tree.json';

/** The compressed copy of a file, which is what the extension ships and reads (src/build/compressed.ts). */
export const shippedName = (name: string): string => `${name}.deflate`;

const FORMAT = 'papers-library 1';
const PARTS = ['names', 'text', 'corpus'] as const;

/** The bundled papers' three parts as text. */
export interface LibraryParts<T = string> {
  corpus: T;
  names: T;
  text: T;
}

/** The parts in one text: a first line with each part's length in UTF-8 bytes, then the parts. */
export function joinLibrary(parts: LibraryParts): string {
  const encoder = new TextEncoder();
  return `${FORMAT} ${PARTS.map(p => encoder.encode(parts[p]).length).join(' ')}\n${PARTS.map(p => parts[p]).join('')}`;
}

/** The parts of a decoded library, as views onto `bytes`. Throws when it is not one. */
export function splitLibrary(bytes: Uint8Array): LibraryParts<Uint8Array> {
  const end = bytes.indexOf(10);
  const header = new TextDecoder().decode(bytes.subarray(0, end < 0 ? 0 : Math.min(end, 80))).split(' ');
  const lengths = header.slice(2).map(Number);
  let at = end + 1;
  if (header.slice(0, 2).join(' ') !== FORMAT || lengths.length !== PARTS.length || !lengths.every(n => Number.isSafeInteger(n) && n >= 0)
    || at + lengths.reduce((a, b) => a + b, 0) !== bytes.length) {
    throw new Error(`not the bundled papers in the "${FORMAT}" format`);
  }
  const parts = {} as LibraryParts<Uint8Array>;
  PARTS.forEach((part, i) => { parts[part] = bytes.subarray(at, at += lengths[i]); });
  return parts;
}

/** The parts as text (UTF-8). */
export function libraryText(parts: LibraryParts<ArrayBuffer | Uint8Array>): LibraryParts {
  const decoder = new TextDecoder();
  return { corpus: decoder.decode(parts.corpus), names: decoder.decode(parts.names), text: decoder.decode(parts.text) };
}
