import MiniSearch from 'minisearch';
import { decodeIndexAsync } from './indexCodec';
import { pause } from '../util/pause';
import { SEARCH_OPTIONS, type SearchDocument } from './search';

/** One of an index's two parts: what the names part indexes (titles, keys, organisations), or the full text (abstracts). */
export type IndexPart = 'names' | 'text';

/** A serialized index in its two parts (`buildIndexParts`): names, and full text. */
export interface IndexParts<T = string> {
  names: T;
  text: T;
}

/** Loads a serialized index without blocking: large ones load in slices. */
export function loadIndexAsync(json: string): Promise<MiniSearch<SearchDocument>> {
  return MiniSearch.loadJSONAsync<SearchDocument>(json, SEARCH_OPTIONS);
}

/** Thrown between slices of a part no longer wanted. */
const NOT_WANTED = new Error('not wanted');

/**
 * Loads a part of the bundled index (`encodeIndex` form; `ids` are the corpus's ids, in order)
 * without blocking. `wanted`, awaited between slices, may end the load: the part is then an empty
 * index, and nothing more is spent on it.
 */
export async function loadBundledPart(encoded: string | (() => string), ids: readonly string[], wanted?: () => Promise<boolean>): Promise<MiniSearch<SearchDocument>> {
  const between = wanted ? async () => { if (!(await wanted())) throw NOT_WANTED; } : pause;
  try {
    // Text still to be decoded (the host's copy of the shipped bytes) is decoded once wanted, in a task of its own.
    const text = typeof encoded === 'string' ? encoded : (await between(), encoded());
    const js = await decodeIndexAsync(text, ids, between);
    await between();
    return await MiniSearch.loadJSAsync<SearchDocument>(js, SEARCH_OPTIONS);
  } catch (error) {
    if (error === NOT_WANTED) return new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
    throw error;
  }
}
