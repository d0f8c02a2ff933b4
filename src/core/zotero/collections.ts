// Zotero's collections (`/api/users/0/collections`): the folders a writer files items in, nested by
// `parentCollection`. Each item names the collections it is in (`data.collections`), so the tree of
// collections with their items is made from the two lists, without asking Zotero per collection.
import * as z from '../util/zod';
import { isPaperItem, type ZoteroItem } from './item';
import { zoteroItemRef } from './ref';

const ZoteroCollectionSchema = z.lazySchema(() => z.object({
  key: z.string(),
  data: z.looseObject({
    name: z.string(),
    /** The parent's key, or false at the top (as Zotero writes it). */
    parentCollection: z.optional(z.union([z.string(), z.boolean()])),
  }),
}));

/** One page of `/collections`. */
export const ZoteroCollectionsSchema = z.lazySchema(() => z.array(ZoteroCollectionSchema));

export type ZoteroCollection = z.infer<typeof ZoteroCollectionSchema>;

/** A group library Zotero syncs (`/users/0/groups`): its id (its items are at `/groups/{id}/…`) and name. */
const ZoteroGroupSchema = z.lazySchema(() => z.object({
  id: z.number().check(z.int(), z.nonnegative()),
  data: z.looseObject({ name: z.string() }),
}));

/** One page of `/users/0/groups`. */
export const ZoteroGroupsSchema = z.lazySchema(() => z.array(ZoteroGroupSchema));

export type ZoteroGroup = z.infer<typeof ZoteroGroupSchema>;

/** A collection as the Papers view shows it: its sub-collections, then its items (by `zoteroItemRef`). */
export interface Collection {
  key: string;
  name: string;
  collections: Collection[];
  items: string[];
}

/** The collections, nested, and the items that are in none ("Unfiled Items", as Zotero calls them). */
export interface CollectionTree {
  collections: Collection[];
  unfiled: string[];
}

/** Made on first use: making a collator at load took 7 to 10 ms of the extension's activation. */
let collator: Intl.Collator | undefined;
const byName = () => (collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }));

/**
 * The collections as a tree, each with the works filed in it (notes and attachments are no works),
 * in Zotero's order: by name. A collection whose parent is not listed (a page that did not come)
 * stands at the top rather than vanish; an item in a collection not listed counts as unfiled.
 *
 * @example collectionTree([{ key: 'A', data: { name: 'Thesis', parentCollection: false } }], items).collections[0].name === 'Thesis'
 */
export function collectionTree(collections: readonly ZoteroCollection[], items: readonly ZoteroItem[]): CollectionTree {
  const nodes = new Map<string, Collection>();
  for (const c of collections) if (!nodes.has(c.key)) nodes.set(c.key, { key: c.key, name: c.data.name, collections: [], items: [] });
  const unfiled: string[] = [];
  for (const item of items) {
    if (!isPaperItem(item)) continue;
    const filed = (item.data.collections ?? []).map(key => nodes.get(key)).filter(n => n !== undefined);
    const ref = zoteroItemRef(item);
    for (const node of new Set(filed)) node.items.push(ref);
    if (!filed.length) unfiled.push(ref);
  }
  const parentOf = new Map(collections.map(c => [c.key, typeof c.data.parentCollection === 'string' ? c.data.parentCollection : undefined]));
  const top: Collection[] = [];
  for (const [key, node] of nodes) {
    const parent = nodes.get(parentOf.get(key) ?? '');
    // A parent that is itself below this one would make a loop Zotero never writes: the top instead.
    if (parent && !below(parent.key, key, parentOf)) parent.collections.push(node);
    else top.push(node);
  }
  const sort = (list: Collection[]) => {
    list.sort((a, b) => byName().compare(a.name, b.name));
    for (const node of list) sort(node.collections);
  };
  sort(top);
  return { collections: top, unfiled };
}

/** Whether `ancestor` is `key` itself or one of its ancestors by the listed parents (a loop guard). */
function below(key: string, ancestor: string, parentOf: ReadonlyMap<string, string | undefined>): boolean {
  const seen = new Set<string>();
  for (let at: string | undefined = key; at !== undefined && !seen.has(at); at = parentOf.get(at)) {
    if (at === ancestor) return true;
    seen.add(at);
  }
  return false;
}

/** How many works a collection holds, with those of its sub-collections (each counted once). */
export function collectionCount(collection: Collection): number {
  const keys = new Set<string>();
  const add = (c: Collection) => { for (const k of c.items) keys.add(k); for (const sub of c.collections) add(sub); };
  add(collection);
  return keys.size;
}
