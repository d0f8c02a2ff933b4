// The library as a session caches it, and as the next session reads it back: its papers on a
// shelf, its index in the compact form, and what merging its files reported (JSON). Two kinds:
// the corpus files' library, under their key (the bibliographies are joined to it again), and
// the whole library, the bundled papers joined with the bibliographies, under theirs.
import { openShelf, shelve, type ShelfSource } from '../core/corpus/shelf';
import type { Paper, Problem } from '../core/model/paper';
import { CompactIndex } from '../core/search/compact/compactIndex';
import { PaperLibrary } from '../core/search/library';
import { LibraryIndex, type BaseIndex } from '../core/search/libraryIndex';
import { pause } from '../core/util/pause';
import type { BibliographyFileReport } from './protocol';

/** A library as a session caches it: its papers (`shelve`), its index in the compact form, and what merging its files reported. */
export interface LibrarySnapshot {
  key: string;
  papers: Uint8Array;
  names: Uint8Array;
  text: Uint8Array;
  meta: Uint8Array;
}

/** A library cached by an earlier session, as the next one reads it: the papers from a shelf in memory or on disk. */
export interface CachedLibrary extends Omit<LibrarySnapshot, 'papers'> {
  papers: ShelfSource;
}

/** What merging the corpus files gave; a cached library of them keeps the same. */
export interface CorpusSummary {
  papers: readonly Paper[];
  added: number;
  updated: number;
  problems: Problem[];
}

/** What a whole library's cache keeps besides its papers: the bibliography files as read, and what they added. */
export interface WholeLibraryMeta {
  files: BibliographyFileReport[];
  added: number;
  joined: number;
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const parsed = <T>(bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as T;

/** The papers of a cache and its compact names index, which must hold every one of them. */
function papersAndNames(cached: CachedLibrary): { papers: readonly Paper[]; names: CompactIndex } {
  const papers = openShelf(cached.papers);
  const names = CompactIndex.fromBytes(cached.names);
  if (names.documentCount < papers.length) throw new Error('the cached index holds fewer papers than the cache');
  return { papers, names };
}

/**
 * A cached corpus library as the merged corpus files and the read-only index of their papers;
 * undefined when this build cannot read it (a damaged or older one: the files are read again).
 */
export function readCorpusCache(cached: CachedLibrary): { merged: CorpusSummary; base: BaseIndex } | undefined {
  try {
    const meta = parsed<Omit<CorpusSummary, 'papers'>>(cached.meta);
    const { papers, names } = papersAndNames(cached);
    const base = { names, text: CompactIndex.fromBytes(cached.text), papers };
    return { merged: { papers, added: meta.added, updated: meta.updated, problems: meta.problems }, base };
  } catch {
    return undefined;
  }
}

/**
 * A cached whole library as the library, searched in its compact index at once, with the
 * bibliography files as read and what they added; undefined when this build cannot read it
 * (the bibliographies are then read).
 */
export function readWholeCache(cached: CachedLibrary): { library: PaperLibrary; meta: WholeLibraryMeta } | undefined {
  try {
    const meta = parsed<WholeLibraryMeta>(cached.meta);
    if (!Array.isArray(meta.files)) throw new Error('the cached library names no bibliography files');
    const { papers, names } = papersAndNames(cached);
    const index = LibraryIndex.onBase({ names, text: CompactIndex.fromBytes(cached.text), papers });
    return { library: new PaperLibrary({ papers }, index.search), meta };
  } catch {
    return undefined;
  }
}

/**
 * The corpus files' library for the cache, once its full text is indexed: its papers and its
 * index in the compact form; and that index as a base, which the session may search from then on.
 */
export async function corpusSnapshot(key: string, index: LibraryIndex, merged: CorpusSummary): Promise<{ snapshot: LibrarySnapshot; base: BaseIndex }> {
  const compact = await index.toCompact();
  const { papers, added, updated, problems } = merged;
  const snapshot = { key, papers: shelve(papers), names: compact.names.toBytes(), text: compact.text.toBytes(), meta: json({ added, updated, problems }) };
  return { snapshot, base: { ...compact, papers } };
}

/**
 * The whole library for the cache (the bundled papers joined with the bibliographies), once its
 * full text is indexed: its papers, its compact index, and the bibliography files as read.
 */
export async function wholeSnapshot(key: string, index: LibraryIndex, papers: readonly Paper[], meta: WholeLibraryMeta): Promise<LibrarySnapshot> {
  const compact = await index.toCompact();
  await pause();
  const metaBytes = json(meta);
  const shelved = shelve(papers);
  await pause();
  return { key, papers: shelved, names: compact.names.toBytes(), text: compact.text.toBytes(), meta: metaBytes };
}
