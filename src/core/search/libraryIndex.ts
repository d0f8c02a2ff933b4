// The search index of the whole library (bundled papers, the user's corpus files and their
// bibliographies), kept up to date by differences: when a bibliography is saved, only the
// entries that changed are indexed again, so a 7,000-entry library answers a moment later
// instead of being indexed from scratch. All the work is done in slices with pauses.
//
// A large library cached between sessions comes back as a read-only `CompactIndex` of its
// corpus papers (the base); what the bibliographies add or change on top of it is indexed in
// MiniSearch beside it (the overlay), and the base's copies of those papers are left out.
import MiniSearch from 'minisearch';
import type { Paper } from '../model/paper';
import { eachInSlices, pause } from '../util/pause';
import { CompactIndex } from './compact/compactIndex';
import { loadBundledPart, type IndexParts } from './indexing';
import { namesPart, SEARCH_OPTIONS, SearchIndex, textPart, toSearchDocument, type SearchDocument, type TermIndex, type TermSearchOptions } from './search';

/** A cheap 53-bit hash of a string (cyrb53), to tell whether a paper's indexed text changed. */
function hash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const namesPrint = (d: SearchDocument) => hash(`${d.title}\u0000${d.key}\u0000${d.organization}\u0000${d.authors}\u0000${d.venue}`);
const textPrint = (d: SearchDocument) => hash(`${d.abstract}\u0000${d.topics}`);

/** What is indexed of each paper, by id: a hash of its names part and of its text part. */
export type Fingerprints = Map<string, [names: number, text: number]>;

/** Runs `each` over `items` in slices: indexing a paper takes long enough that the clock is read every four. */
const sliced = <T>(items: Iterable<T>, each: (item: T) => void) => eachInSlices(items, each, { every: 4 });

/**
 * A read-only index searched with an overlay: the base's documents that are no longer kept
 * (changed or gone since it was made) are left out, the overlay's are added.
 */
export class LayeredIndex implements TermIndex {
  constructor(private readonly base: TermIndex, private readonly overlay: TermIndex, private readonly kept: ReadonlySet<string>) {}

  get documentCount(): number {
    return this.kept.size + this.overlay.documentCount;
  }

  search(term: string, options: TermSearchOptions): { id: string; score: number }[] {
    const { kept } = this;
    const boost = options.boostDocument;
    // Every base document kept (no bibliography changed one): nothing to leave out.
    const base = kept.size === this.base.documentCount
      ? this.base.search(term, options)
      : this.base.search(term, { ...options, boostDocument: (id, t) => (!kept.has(id) ? 0 : boost ? boost(id, t) : 1) });
    return this.overlay.documentCount ? base.concat(this.overlay.search(term, options)) : base;
  }
}

/** Terms cleared between two searches while the index is vacuumed. */
const VACUUM_BATCH = 2000;

/** The cached read-only index of a large library's corpus papers, and those papers as they were indexed. */
export interface BaseIndex {
  names: CompactIndex;
  text: CompactIndex;
  papers: readonly Paper[];
}

export interface IndexUpdate {
  added: number;
  changed: number;
  removed: number;
  /** Settles once the full text (abstracts) is up to date too; names are at once. */
  fullText: Promise<void>;
}

/**
 * The library's index, changed in place. Searches go through `search`, which sees the names
 * of an update at once and its full text as soon as it is indexed.
 *
 * @example const index = await LibraryIndex.fromBundled(parts, ids, bundled.papers); await index.update(papers, label)
 */
export class LibraryIndex {
  readonly search: SearchIndex;
  readonly #textReady: Promise<MiniSearch<SearchDocument>>;
  /** Updates run one after another, each on the state the previous one left. */
  #queue: Promise<unknown> = Promise.resolve();
  /** What was indexed of each paper object, so that an unchanged one costs a look-up. */
  readonly #printed = new WeakMap<Paper, [number, number]>();
  /** With a base: its paper objects, and the ids of those still in the library as they were. */
  readonly #baseObjects: WeakSet<Paper> | undefined;
  readonly #kept = new Set<string>();

  private constructor(private readonly names: MiniSearch<SearchDocument>, text: Promise<MiniSearch<SearchDocument>>, private readonly prints: Fingerprints, base?: BaseIndex & { overlayText: MiniSearch<SearchDocument> }) {
    this.#textReady = text;
    if (base) {
      this.#baseObjects = new WeakSet(base.papers);
      for (const paper of base.papers) this.#kept.add(paper.id);
      // Both parts at once: the base's full text needs no loading.
      this.search = new SearchIndex(new LayeredIndex(base.names, names, this.#kept), new LayeredIndex(base.text, base.overlayText, this.#kept));
    } else {
      this.search = new SearchIndex(names, text);
    }
  }

  /**
   * A library cached whole (`toCompact`): its corpus papers are searched in the read-only
   * base at once, and an update indexes only the papers that differ from them.
   */
  static onBase(base: BaseIndex): LibraryIndex {
    const empty = () => new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
    const overlayText = empty();
    return new LibraryIndex(empty(), Promise.resolve(overlayText), new Map(), { ...base, overlayText });
  }

  /** The bundled index as shipped (`ids`: its papers' ids in corpus order), ready to grow. */
  static async fromBundled(parts: IndexParts, ids: readonly string[], papers: readonly Paper[], topicLabel?: (id: string) => string): Promise<LibraryIndex> {
    const names = await loadBundledPart(parts.names, ids);
    const prints: Fingerprints = new Map();
    await sliced(papers, paper => {
      const doc = toSearchDocument(paper, topicLabel);
      prints.set(paper.id, [namesPrint(doc), textPrint(doc)]);
    });
    // The full-text part loads once the first update's names are in: loaded side by side, the
    // two would share the thread, and every name would be searchable later.
    let release!: () => void;
    const namesIn = new Promise<void>(resolve => { release = resolve; });
    const index = new LibraryIndex(names, namesIn.then(() => loadBundledPart(parts.text, ids)), prints);
    index.#startText = release;
    return index;
  }

  /** Lets a full-text part held back by `fromBundled` load. */
  #startText = (): void => {};

  /** How many papers the index holds. */
  get size(): number {
    return this.#kept.size + this.prints.size;
  }

  /**
   * Makes the index hold exactly `papers`: those it lacks are added, those whose indexed text
   * changed are indexed again, those gone are removed. Names first (the returned promise
   * settles with them); the full text follows (`fullText`).
   */
  update(papers: readonly Paper[], topicLabel?: (id: string) => string): Promise<IndexUpdate> {
    return this.#queued(() => this.#apply(papers, topicLabel));
  }

  /**
   * As `update`, when what changed since the last update is known: `papers` new or changed, and the
   * ids of those gone. Only they are looked at (a change of 10 papers in a library of 20,000 costs
   * the 10, not a pass over the 20,000). Never for a paper of the base (`onBase`).
   */
  change(papers: readonly Paper[], removedIds: readonly string[], topicLabel?: (id: string) => string): Promise<IndexUpdate> {
    return this.#queued(() => this.#applyChange(papers, removedIds, topicLabel));
  }

  #queued(apply: () => Promise<IndexUpdate>): Promise<IndexUpdate> {
    const run = this.#queue.then(apply);
    this.#queue = run.then(u => u.fullText).then(() => this.#vacuum()).catch(() => undefined);
    return run;
  }

  /**
   * Clears the postings that changed and removed papers left behind. Until then, MiniSearch counts
   * them in a word's rarity up to the first search that meets them, so a first search and the
   * next could swap two near-tied papers. In slices, between which searches are answered.
   */
  async #vacuum(): Promise<void> {
    const text = await this.#textReady;
    for (const index of [this.names, text]) {
      if (index.dirtCount > 0) await index.vacuum({ batchSize: VACUUM_BATCH, batchWait: 0 });
    }
    this.search.changed();
  }

  async #apply(all: readonly Paper[], topicLabel?: (id: string) => string): Promise<IndexUpdate> {
    let papers = all;
    // With a base: its papers no longer there as they were (changed by a bibliography, or gone).
    let unkept = new Set<string>();
    if (this.#baseObjects) {
      const base = this.#baseObjects;
      const kept = new Set<string>();
      papers = all.filter(p => (base.has(p) ? !kept.add(p.id) : true));
      unkept = new Set([...this.#kept].filter(id => !kept.has(id)));
      this.#kept.clear();
      for (const id of kept) this.#kept.add(id);
    }
    const next: Fingerprints = new Map();
    const names: SearchDocument[] = [];
    const texts: SearchDocument[] = [];
    let added = 0;
    let changed = 0;
    await sliced(papers, paper => {
      const old = this.prints.get(paper.id);
      // The same paper object as last time (an entry unchanged since the last read) is indexed as it was.
      const known = this.#printed.get(paper);
      if (old && known && old[0] === known[0] && old[1] === known[1]) {
        next.set(paper.id, old);
        return;
      }
      const doc = toSearchDocument(paper, topicLabel);
      const print: [number, number] = [namesPrint(doc), textPrint(doc)];
      this.#printed.set(paper, print);
      next.set(paper.id, print);
      if (!old && unkept.has(paper.id)) changed++;
      else if (!old) added++;
      else if (old[0] !== print[0] || old[1] !== print[1]) changed++;
      if (!old || old[0] !== print[0]) names.push(namesPart(doc));
      if (!old || old[1] !== print[1]) texts.push(textPart(doc));
    });
    const removed = [...this.prints.keys()].filter(id => !next.has(id));
    await this.#change(this.names, names, removed);
    this.prints.clear();
    for (const [id, print] of next) this.prints.set(id, print);
    this.search.changed();
    this.#startText();
    const fullText = this.#textReady.then(async text => {
      await this.#change(text, texts, removed);
      this.search.changed();
    });
    this.search.textComing(fullText);
    const gone = [...unkept].filter(id => !next.has(id)).length;
    return { added, changed, removed: removed.length + gone, fullText };
  }

  async #applyChange(papers: readonly Paper[], removedIds: readonly string[], topicLabel?: (id: string) => string): Promise<IndexUpdate> {
    const names: SearchDocument[] = [];
    const texts: SearchDocument[] = [];
    let added = 0;
    let changed = 0;
    const removed = removedIds.filter(id => this.prints.delete(id));
    await sliced(papers, paper => {
      const old = this.prints.get(paper.id);
      const doc = toSearchDocument(paper, topicLabel);
      const print: [number, number] = [namesPrint(doc), textPrint(doc)];
      this.#printed.set(paper, print);
      this.prints.set(paper.id, print);
      if (!old) added++;
      else if (old[0] !== print[0] || old[1] !== print[1]) changed++;
      if (!old || old[0] !== print[0]) names.push(namesPart(doc));
      if (!old || old[1] !== print[1]) texts.push(textPart(doc));
    });
    await this.#change(this.names, names, removed);
    this.search.changed();
    this.#startText();
    const fullText = this.#textReady.then(async text => {
      await this.#change(text, texts, removed);
      this.search.changed();
    });
    this.search.textComing(fullText);
    return { added, changed, removed: removed.length, fullText };
  }

  async #change(index: MiniSearch<SearchDocument>, docs: readonly SearchDocument[], removed: readonly string[]): Promise<void> {
    await sliced(removed, id => { if (index.has(id)) index.discard(id); });
    await sliced(docs, doc => {
      if (index.has(doc.id)) index.replace(doc);
      else index.add(doc);
    });
  }

  /** Settles once every update so far is applied, full text included. */
  async settled(): Promise<void> {
    let seen: Promise<unknown>;
    do { seen = this.#queue; await seen; } while (seen !== this.#queue);
  }

  /**
   * The index in its read-only compact form, once its full text is up to date: what a large
   * library caches between sessions (with its papers), and searches from then on.
   */
  async toCompact(): Promise<IndexParts<CompactIndex>> {
    await this.settled();
    if (this.#baseObjects) throw new Error('an index on a base is not made compact again');
    this.#startText();
    const text = await this.#textReady;
    // A pause between the two parts (each a few hundred ms at 7,000 papers): questions asked meanwhile are answered between them.
    const names = CompactIndex.fromMiniSearch(this.names);
    await pause();
    return { names, text: CompactIndex.fromMiniSearch(text) };
  }
}
