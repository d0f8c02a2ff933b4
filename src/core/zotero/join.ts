// The Zotero library as papers of the library: joined after the user's bibliographies and the
// papers from the web, so that a key the writer's own bibliography has stays the writer's entry
// (a .bib that Better BibTeX exports from this very library holds the same keys), and every other
// item is searched, completed and cited like them.
import type { Paper } from '../model/paper';
import { yearOf } from '../model/reference';
import { webKey } from '../web/keys';
import { isPaperItem, itemKey, zoteroPaper, zoteroReference, type ZoteroItem } from './item';

/** The Zotero library as last read, and the keys made for its items before (by item key). */
export interface ZoteroInput {
  items: ZoteroItem[];
  /** Keys made by our rules for items that give none, by Zotero item key: kept so that an item's key never changes. */
  keys: Record<string, string>;
  /**
   * A change, not the whole library: `items` are new or changed (by item key), `removed` are gone;
   * every other item stays as last given. What changed in Zotero crosses to the worker, not all of it.
   */
  partial?: true;
  removed?: string[];
}

export interface ZoteroJoin {
  /** The items the library did not have under their key, as papers. */
  papers: Paper[];
  /** Every item's key, by Zotero item key (also those whose key the library had). */
  keys: Record<string, string>;
  /** Keys made now, by Zotero item key: for the caller to keep for the next join. */
  newKeys: Record<string, string>;
}

/**
 * The paper made of each item, by the item object: an item unchanged since the last join (the same
 * object: a change of ten items leaves the other 20,000 as they were) gives the same paper object,
 * which the index then knows as indexed already.
 */
const papersMade = new WeakMap<ZoteroItem, { key: string; paper: Paper }>();

function paperOf(item: ZoteroItem, key: string): Paper {
  const made = papersMade.get(item);
  if (made?.key === key) return made.paper;
  const paper = zoteroPaper(item, key);
  papersMade.set(item, { key, paper });
  return paper;
}

/**
 * Zotero items joined to the library's papers. An item's key is its own (`itemKey`), else the one
 * made for it before (`input.keys`), else a new one by the rules of fetched papers
 * (`vaswani2017attention`, then a, b…) that no paper of the library and no other item has. Items
 * with their own keys take them first, so that a made key never takes one an item gives itself.
 * An item whose key the library has already is the library's paper (the writer's entry wins).
 *
 * @example joinZotero(library.papers, { items, keys: {} }).papers[0].key === 'buck1980sherlock'
 */
export function joinZotero(library: readonly Paper[], input: ZoteroInput): ZoteroJoin {
  const out: ZoteroJoin = { papers: [], keys: {}, newKeys: {} };
  const items = input.items.filter(isPaperItem);
  if (!items.length) return out;
  const inLibrary = new Set<string>();
  for (const paper of library) {
    inLibrary.add(paper.key.toLowerCase());
    for (const alias of paper.aliases ?? []) inLibrary.add(alias.toLowerCase());
  }
  const taken = new Set(inLibrary);
  const keyOf = new Map<string, string>();
  for (const item of items) {
    const own = itemKey(item) ?? input.keys[item.key];
    if (own && !keyOf.has(item.key)) { keyOf.set(item.key, own); taken.add(own.toLowerCase()); }
  }
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.key)) continue;
    seen.add(item.key);
    let key = keyOf.get(item.key);
    if (!key) {
      const ref = zoteroReference(item, item.key);
      const year = yearOf(ref.issued);
      key = webKey({ authors: ref.author ?? ref.editor ?? [], issued: year === null ? undefined : { year }, title: ref.title ?? '' }, k => taken.has(k));
      taken.add(key.toLowerCase());
      out.newKeys[item.key] = key;
    }
    out.keys[item.key] = key;
    if (!inLibrary.has(key.toLowerCase())) {
      inLibrary.add(key.toLowerCase());
      out.papers.push(paperOf(item, key));
    }
  }
  return out;
}
