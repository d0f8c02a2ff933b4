// The files the build writes to dist/ and the extension reads. Kept apart from the search
// code so that the host can name them without loading the engine.

/** The corpus, in the shape `CorpusSchema` validates. */
export const CORPUS_FILE = 'corpus.json';
/** The names part of the index (titles, keys, organisations), loaded with the corpus. */
export const NAMES_INDEX = 'names.index';
/** The full-text part of the index (abstracts, topics), loaded behind the first search. */
export const TEXT_INDEX = 'fulltext.index';

/** The LZMA copy of a file, which is what the extension ships and reads (src/build/compressed.ts). */
export const shippedName = (name: string): string => `${name}.lz`;
