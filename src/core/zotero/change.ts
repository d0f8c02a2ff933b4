// How Zotero's items cross to the engine worker: in chunks, and as changes. Apart from the rest of
// core/zotero (which holds zod and the conversions): the extension host's bundle takes this alone.
import type { ZoteroInput } from './join';
import { zoteroItemRef as ref } from './ref';

/**
 * How many items cross to the engine worker at once while a library is first read: posting an item
 * copies it on the extension host; 500 take 5 to 8 ms there, 1,000 twice that, and the longest
 * post of 1,000 (a garbage collection falling in it) was 73 to 83 ms against 47 to 49 for 500
 * (docs/performance.md). 20,000 at once took a second.
 */
export const ZOTERO_CHUNK = 500;

/**
 * `base` with `change` applied: the whole library when `base` is whole, else one change that stands
 * for both (a change given while the first was waiting to be sent). Items keep their order, new ones last.
 *
 * @example applyZoteroChange({ items: [a, b], keys: {} }, { items: [b2], removed: ['A'], keys: {}, partial: true }).items → [b2]
 */
export function applyZoteroChange(base: ZoteroInput, change: ZoteroInput): ZoteroInput {
  if (!change.partial) return change;
  const byKey = new Map(base.items.map(item => [ref(item), item]));
  const removed = new Set(change.removed);
  for (const key of removed) byKey.delete(key);
  for (const item of change.items) byKey.set(ref(item), item);
  const items = [...byKey.values()];
  if (!base.partial) return { items, keys: change.keys };
  const stillRemoved = new Set([...base.removed ?? [], ...removed]);
  for (const item of change.items) stillRemoved.delete(ref(item));
  return { items, keys: change.keys, partial: true, removed: [...stillRemoved] };
}
