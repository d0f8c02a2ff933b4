import MiniSearch from 'minisearch';
import type { Paper } from './paper';
import { SEARCH_OPTIONS, toSearchDocument, type SearchDocument } from './search';

/** Papers indexed per slice of work; between slices the event loop is free for the UI and other extensions. */
const CHUNK_SIZE = 500;

/**
 * The bundled index with the user's papers added, built without blocking: loading and
 * adding run in chunks that yield to the event loop, so a corpus of 100,000 papers
 * never freezes the extension host.
 *
 * @example const index = await extendIndex(bundledJson, result.added, result.updated, labelOf)
 */
export async function extendIndex(
  baseJson: string,
  added: readonly Paper[],
  updated: readonly Paper[],
  topicLabel?: (id: string) => string,
): Promise<MiniSearch<SearchDocument>> {
  const index = await MiniSearch.loadJSONAsync<SearchDocument>(baseJson, SEARCH_OPTIONS);
  // Papers the bundled corpus has too got new organisations or sources: index them afresh.
  for (const paper of updated) {
    if (index.has(paper.id)) index.replace(toSearchDocument(paper, topicLabel));
  }
  await index.addAllAsync(added.map(p => toSearchDocument(p, topicLabel)), { chunkSize: CHUNK_SIZE });
  return index;
}

/** Loads a serialized index without blocking (cached indexes of user corpora can be large). */
export function loadIndexAsync(json: string): Promise<MiniSearch<SearchDocument>> {
  return MiniSearch.loadJSONAsync<SearchDocument>(json, SEARCH_OPTIONS);
}
