import MiniSearch from 'minisearch';
import { decodeIndexAsync } from './indexCodec';
import type { Paper } from '../corpus/paper';
import { namesPart, SEARCH_OPTIONS, SearchIndex, textPart, toSearchDocument, type SearchDocument } from './search';

/** Papers indexed per slice of work (about 50 ms at most); between slices the event loop is free. */
const CHUNK_SIZE = 100;


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

/** Adds papers to one part of an index, in slices; papers it has already are indexed afresh. */
async function extendPart(
  base: Promise<MiniSearch<SearchDocument>>, added: readonly Paper[], updated: readonly Paper[], part: (d: SearchDocument) => SearchDocument, topicLabel?: (id: string) => string,
): Promise<MiniSearch<SearchDocument>> {
  const index = await base;
  for (const paper of updated) {
    if (index.has(paper.id)) index.replace(part(toSearchDocument(paper, topicLabel)));
  }
  await index.addAllAsync(added.map(p => part(toSearchDocument(p, topicLabel))), { chunkSize: CHUNK_SIZE });
  return index;
}

/**
 * The bundled index (`base`, as shipped; `ids` its papers' ids in corpus order) with the
 * user's papers added, without blocking: the names part is extended first and can answer
 * searches while the full text is extended behind it. `parts.text` settles with the
 * full-text part; serialize both (MiniSearch JSON) to cache them.
 *
 * @example const { search, parts } = await extendIndex(bundledParts, ids, result.added, result.updated, labelOf)
 */
export async function extendIndex(
  base: IndexParts, ids: readonly string[], added: readonly Paper[], updated: readonly Paper[], topicLabel?: (id: string) => string,
): Promise<{ search: SearchIndex; parts: IndexParts<Promise<MiniSearch<SearchDocument>>> }> {
  const names = await extendPart(loadBundledPart(base.names, ids), added, updated, namesPart, topicLabel);
  const text = extendPart(loadBundledPart(base.text, ids), added, updated, textPart, topicLabel);
  return { search: new SearchIndex(names, text), parts: { names: Promise.resolve(names), text } };
}

/** An index cached in two parts (MiniSearch JSON), loaded as the bundled one is: names first, full text behind. */
export async function loadIndexParts(parts: IndexParts): Promise<SearchIndex> {
  return new SearchIndex(await loadIndexAsync(parts.names), loadIndexAsync(parts.text));
}
