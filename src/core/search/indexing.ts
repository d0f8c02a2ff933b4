import MiniSearch from 'minisearch';
import { decodeIndexAsync } from './indexCodec';
import { SEARCH_OPTIONS, type SearchDocument } from './search';

/** A serialized index in its two parts (`buildIndexParts`): names, and full text. */
export interface IndexParts<T = string> {
  names: T;
  text: T;
}

/** Loads a serialized index without blocking: large ones load in slices. */
export function loadIndexAsync(json: string): Promise<MiniSearch<SearchDocument>> {
  return MiniSearch.loadJSONAsync<SearchDocument>(json, SEARCH_OPTIONS);
}

/** Loads a part of the bundled index (`encodeIndex` form; `ids` are the corpus's ids, in order) without blocking. */
export async function loadBundledPart(encoded: string, ids: readonly string[]): Promise<MiniSearch<SearchDocument>> {
  return MiniSearch.loadJSONAsync<SearchDocument>(await decodeIndexAsync(encoded, ids), SEARCH_OPTIONS);
}
