// The Zotero library as papers of the library: joined after the user's bibliographies and the
// papers from the web, so that a key the writer's own bibliography has stays the writer's entry
// (a .bib that Better BibTeX exports from this very library holds the same keys), and every other
// item is searched, completed and cited like them.
import type { Paper } from '../model/paper';
import { yearOf, type Reference } from '../model/reference';
import { webKey } from '../web/keys';
import { groupOf, isPaperItem, itemKey, zoteroItemRef as ref, zoteroPaper, zoteroPaperId, zoteroReference, type ZoteroItem } from './item';

/**
 * The Zotero libraries as last read (the writer's own and their groups'), and the keys made for
 * their items before. Items are named by `zoteroItemRef` throughout (here "item key"): a group's
 * item carries its group, as an item key is unique within one library only.
 */
export interface ZoteroInput {
  items: ZoteroItem[];
  /** Keys made by our rules for items that give none, by item: kept so that an item's key never changes. */
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
  /** Every item's key, by Zotero item key (also those whose key the library had); with `change`, only the changed items'. */
  keys: Record<string, string>;
  /** Keys made now, by Zotero item key: for the caller to keep for the next join. */
  newKeys: Record<string, string>;
  /**
   * Set when the join applied a change alone (`ZoteroJoiner`): the papers new or changed, and the
   * ids of those gone (`keys` then holds the changed items' keys only; `removed`, the items gone).
   */
  change?: { papers: Paper[]; removedIds: string[]; removed: string[]; from: readonly Paper[] };
}

/**
 * The paper made of each item, by the item object: an item unchanged since the last join (the same
 * object: a change of ten items leaves the other 20,000 as they were) gives the same paper object,
 * which the index then knows as indexed already.
 */
const papersMade = new WeakMap<ZoteroItem, { key: string; paper: Paper }>();

function paperOf(item: ZoteroItem, key: string, reference?: Reference): Paper {
  const made = papersMade.get(item);
  if (made?.key === key) return made.paper;
  const paper = zoteroPaper(item, key, reference);
  papersMade.set(item, { key, paper });
  return paper;
}

/** A key made by the rules of fetched papers for an item that gives none, and the reference it was made from. */
function madeKey(item: ZoteroItem, taken: (lowerCaseKey: string) => boolean): { key: string; reference: Reference } {
  const reference = zoteroReference(item, item.key);
  const year = yearOf(reference.issued);
  const key = webKey({ authors: reference.author ?? reference.editor ?? [], issued: year === null ? undefined : { year }, title: reference.title ?? '' }, taken);
  return { key, reference };
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
    const id = ref(item);
    const own = itemKey(item) ?? input.keys[id];
    if (own && !keyOf.has(id)) { keyOf.set(id, own); taken.add(own.toLowerCase()); }
  }
  const seen = new Set<string>();
  for (const item of items) {
    const id = ref(item);
    if (seen.has(id)) continue;
    seen.add(id);
    let key = keyOf.get(id);
    let reference: Reference | undefined;
    if (!key) {
      ({ key, reference } = madeKey(item, k => taken.has(k)));
      taken.add(key.toLowerCase());
      out.newKeys[id] = key;
    }
    out.keys[id] = key;
    if (!inLibrary.has(key.toLowerCase())) {
      inLibrary.add(key.toLowerCase());
      out.papers.push(paperOf(item, key, reference));
    }
  }
  return out;
}

/** What a join made of one item: its key, and its paper (none when the library had the key). */
interface Joined {
  key: string;
  paper?: Paper;
}

/**
 * Joins as `joinZotero` does, and then applies a change (`partial`) by itself: only the changed
 * items are joined, not the 20,000 others, when the library beside them is the one last joined.
 * A change that would make two items claim one key (which the whole join settles by their order)
 * is joined whole. Keys made before are the caller's to give again (`keys`), so an item keeps its
 * key whichever way it was joined.
 */
export class ZoteroJoiner {
  /** The library and the input last joined, and what was made of each item (by Zotero item key, in order). */
  #last: { library: readonly Paper[]; input: ZoteroInput; inLibrary: Set<string> } | undefined;
  #joined = new Map<string, Joined>();
  /** The Zotero papers' keys (lowercased), by the item that has it. */
  #owners = new Map<string, string>();
  /** Whether an item's key was another item's (then only a whole join can tell which wins). */
  #contested = false;
  #papers: Paper[] = [];
  /**
   * Every key made for an item this session, by item key. A whole join is often asked for by
   * something else (a bibliography changed) with the keys Zotero's last input carried, which need
   * not hold those made since: without these, an item whose key the writer's bibliography now has
   * got another key (`…a`), kept from then on.
   */
  readonly #made = new Map<string, string>();

  /**
   * `input` is the whole library as it now stands; `change`, when given, is how it came from the
   * input last joined (`applyZoteroChange(last, change)`).
   */
  join(library: readonly Paper[], input: ZoteroInput, base: ZoteroInput, change?: ZoteroInput): ZoteroJoin {
    const last = this.#last;
    if (change?.partial && last && last.library === library && last.input === base && !this.#contested) {
      const joined = this.#applyChange(last.inLibrary, change);
      if (joined) {
        this.#last = { ...last, input };
        return joined;
      }
    }
    return this.#whole(library, input);
  }

  #whole(library: readonly Paper[], input: ZoteroInput): ZoteroJoin {
    const joined = joinZotero(library, { items: input.items, keys: this.#made.size ? { ...Object.fromEntries(this.#made), ...input.keys } : input.keys });
    for (const [item, key] of Object.entries(joined.newKeys)) this.#made.set(item, key);
    const inLibrary = libraryKeys(library);
    this.#joined = new Map();
    this.#owners = new Map();
    this.#contested = false;
    const byKey = new Map(joined.papers.map(p => [p.key, p]));
    for (const item of input.items) {
      const id = ref(item);
      const key = joined.keys[id];
      if (key === undefined || this.#joined.has(id)) continue;
      const paper = byKey.get(key);
      if (paper?.id === zoteroPaperId(item.key, groupOf(item))) {
        this.#joined.set(id, { key, paper });
        this.#owners.set(key.toLowerCase(), id);
      } else {
        this.#joined.set(id, { key });
        if (!inLibrary.has(key.toLowerCase())) this.#contested = true;
      }
    }
    this.#papers = joined.papers;
    this.#last = { library, input, inLibrary };
    return joined;
  }

  /** The change applied to what was last joined; undefined when only a whole join can tell. */
  #applyChange(inLibrary: ReadonlySet<string>, change: ZoteroInput): ZoteroJoin | undefined {
    const joined = this.#joined;
    const owners = this.#owners;
    const leaving = new Set([...change.removed ?? [], ...change.items.map(ref)]);
    const items = change.items.filter(isPaperItem);
    // Keys the items give themselves first, as the whole join takes them; one another item keeps is for the whole join to settle.
    const own = new Map<string, string>();
    const ownKeys = new Set<string>();
    for (const item of items) {
      const id = ref(item);
      const key = itemKey(item) ?? change.keys[id] ?? this.#made.get(id);
      if (!key) continue;
      const lower = key.toLowerCase();
      const owner = owners.get(lower);
      if ((owner !== undefined && !leaving.has(owner)) || ownKeys.has(lower)) return undefined;
      own.set(id, key);
      ownKeys.add(lower);
    }
    // From here on the change applies (in place: copying 20,000 entries for each change was most of its cost).
    const goneIds = new Set<string>();
    for (const item of leaving) {
      const was = joined.get(item);
      if (!was) continue;
      joined.delete(item);
      if (was.paper) { owners.delete(was.key.toLowerCase()); goneIds.add(was.paper.id); }
    }
    const removed = [...change.removed ?? []];
    const out: ZoteroJoin = { papers: [], keys: {}, newKeys: {} };
    const taken = (k: string) => inLibrary.has(k) || owners.has(k) || ownKeys.has(k);
    const changed = new Map<string, Paper>();
    for (const item of items) {
      const id = ref(item);
      let key = own.get(id);
      let reference: Reference | undefined;
      if (!key) {
        ({ key, reference } = madeKey(item, taken));
        ownKeys.add(key.toLowerCase());
        out.newKeys[id] = key;
        this.#made.set(id, key);
      }
      out.keys[id] = key;
      if (inLibrary.has(key.toLowerCase())) { joined.set(id, { key }); continue; }
      const paper = paperOf(item, key, reference);
      owners.set(key.toLowerCase(), id);
      joined.set(id, { key, paper });
      goneIds.delete(paper.id);
      changed.set(paper.id, paper);
    }
    // The papers in the items' order, as the whole join gives them: a changed one in its place, new ones last.
    const papers: Paper[] = [];
    const placed = new Set<string>();
    for (const paper of this.#papers) {
      const now = changed.get(paper.id);
      if (now) { papers.push(now); placed.add(paper.id); } else if (!goneIds.has(paper.id)) papers.push(paper);
    }
    for (const paper of changed.values()) if (!placed.has(paper.id)) papers.push(paper);
    out.change = { papers: [...changed.values()], removedIds: [...goneIds], removed, from: this.#papers };
    this.#papers = papers;
    out.papers = papers;
    return out;
  }
}

function libraryKeys(library: readonly Paper[]): Set<string> {
  const keys = new Set<string>();
  for (const paper of library) {
    keys.add(paper.key.toLowerCase());
    for (const alias of paper.aliases ?? []) keys.add(alias.toLowerCase());
  }
  return keys;
}

/**
 * Zotero's whole library as the engine holds it between inputs: a change (`partial`) applies to it
 * in place, and its items are listed only when a whole join asks for them. Applying a change of ten
 * items to a copy of 20,000 cost a pass over them for every change; this costs the ten.
 */
export class ZoteroLibraryInput implements ZoteroInput {
  #list: ZoteroItem[] | undefined;

  private constructor(private readonly byKey: Map<string, ZoteroItem>, readonly keys: Record<string, string>) {}

  /** `base` with `change` applied: a new input, sharing (and changing) `base`'s items when it is one of these; `base` must not be read again. */
  static applied(base: ZoteroInput, change: ZoteroInput): ZoteroLibraryInput {
    if (!change.partial) return new ZoteroLibraryInput(new Map(change.items.map(item => [ref(item), item])), change.keys);
    const byKey = base instanceof ZoteroLibraryInput ? base.byKey : new Map(base.items.map(item => [ref(item), item]));
    for (const key of change.removed ?? []) byKey.delete(key);
    for (const item of change.items) byKey.set(ref(item), item);
    return new ZoteroLibraryInput(byKey, change.keys);
  }

  get items(): ZoteroItem[] {
    return (this.#list ??= [...this.byKey.values()]);
  }

  get size(): number {
    return this.byKey.size;
  }
}
