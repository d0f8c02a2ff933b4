// Taking the user's files: corpus files merged into the bundled corpus, bibliographies joined to
// it, and one index over them all, updated by differences (or taken from a library cached by an
// earlier session). The keys answer as soon as the bibliographies are parsed, before the longest
// steps (the join and the indexing of names); the state the queries read is in state.ts.
import topicsFile from '../data/topics.json';
import { EntriesByKey } from '../core/bibliography/entriesByKey';
import { corpusLookup, mergeBibliographies } from '../core/bibliography/merge';
import {
  convertBibliographies, itemsOf, parseBibliographies, ReadCache, type BibliographyText, type ParsedBibliographies,
} from '../core/bibliography/read';
import { createTopicAssigner, type TopicAssigner, type TopicsFile } from '../core/corpus/topics';
import { topicList } from '../core/corpus/topicList';
import { mergeUserCorpora, type CorpusFile } from '../core/corpus/userCorpus';
import { PaperLibrary } from '../core/search/library';
import { LibraryIndex, type BaseIndex } from '../core/search/libraryIndex';
import type { BibliographyFileReport, InputReport } from './protocol';
import {
  corpusSnapshot, readCorpusCache, readWholeCache, wholeSnapshot, type CachedLibrary, type CorpusSummary, type LibrarySnapshot,
} from './snapshot';
import type { LibraryState } from './state';
import { joinWeb, type WebInput } from './web';
import type { Paper } from '../core/model/paper';
import { ZoteroJoiner, ZoteroLibraryInput, type ZoteroInput } from '../core/zotero/join';

/** A corpus file as given: its text, or only its name when a cached library stands for it. */
export interface CorpusInput {
  file: string;
  text?: string;
}

/** A bibliography file as given: its text, or only its name when a cached library stands for it. */
export type BibliographyInput = Omit<BibliographyText, 'text'> & { text?: string };

export interface UserInput {
  /** The corpus files and the bibliographies; one left out (undefined) stays as the last call gave it. */
  corpus?: CorpusInput[];
  bibliographies?: BibliographyInput[];
  /** Names the corpus files as they are now: a cached library under this key is theirs. */
  cacheKey?: string;
  /**
   * With no corpus files: names the bibliographies as they are now. The whole library (the
   * bundled papers joined with them) is cached under it, and a cached library under it is theirs.
   */
  bibliographyKey?: string;
  cached?: CachedLibrary;
  /** Papers fetched from the web (web.ts); left out, the last call's. */
  web?: WebInput;
  /** The Zotero library's items (core/zotero); left out, the last call's. */
  zotero?: ZoteroInput;
  /**
   * Called once the keys answer (hover, Go to Definition, the checks of citations), before the
   * entries are joined and their names indexed, the longest steps: the report then says
   * `indexing`, and the one `setInput` resolves with comes once every name is searchable. Until
   * the join, `papersIfReady` answers the keys it can and `joined` tells when the rest can be asked.
   */
  papersReady?: (report: InputReport) => void;
}

/** The input as it stands after a call: what the call gave, and the last call's for what it left out. */
type CurrentInput = Required<Pick<UserInput, 'corpus' | 'bibliographies' | 'web' | 'zotero'>> & Pick<UserInput, 'cacheKey' | 'bibliographyKey'>;

/** When a merge began, when it began reading the bibliographies, and how long their parse took (ms). */
interface ReadClock {
  started: number;
  readStarted: number;
  parseMs: number;
}

/**
 * Whether the library holds papers that no cached library stands for (fetched from the web, or
 * Zotero's): a cache holds the user's files alone.
 */
/** How many items Zotero's input holds, without listing them. */
const zoteroCount = (input: ZoteroInput): number => (input instanceof ZoteroLibraryInput ? input.size : input.items.length);

const beyondFiles = (input: Pick<CurrentInput, 'web' | 'zotero'>): boolean => input.web.batches.length > 0 || zoteroCount(input.zotero) > 0;

const labels = new Map(topicList(topicsFile).map(t => [t.id, t.label]));
const topicLabel = (id: string) => labels.get(id) ?? id;

/** Each bibliography file's keys, lines and problems, known once it is parsed (converting its entries changes none of them). */
function fileReports(parsed: ParsedBibliographies): BibliographyFileReport[] {
  return parsed.files.map(f => {
    const items = itemsOf(f);
    return { uri: f.input.uri, file: f.input.file, format: f.format, keys: items.map(i => i.key), lines: items.map(i => i.line), problems: f.problems };
  });
}

/** The user's files as last given, and what was made of them; calls run one after another. */
export class LibraryInput {
  #index: { key: string; index: LibraryIndex } | undefined;
  #corpusMerged: { files: readonly CorpusInput[]; key: string; result: CorpusSummary } | undefined;
  /** The read-only index of the corpus papers, cached or made compact (`snapshot`), under the corpus key. */
  #base: { key: string; index: BaseIndex } | undefined;
  readonly #readCache = new ReadCache();
  /** The last input, for the parts a later call leaves out. */
  #lastInput: CurrentInput = { corpus: [], bibliographies: [], web: { batches: [], keys: {} }, zotero: { items: [], keys: {} } };
  /** The whole library came from the cache under this key (its bibliographies by name only); what it reported then. */
  #wholeFromCache: { key: string; added: number; joined: number } | undefined;
  /** What the bibliographies added to the library last read, for a snapshot of it. */
  #joinedCounts = { added: 0, joined: 0 };
  /**
   * The corpus and bibliographies as last joined: a call that changes only the papers from the
   * web joins them to this, without reading or joining the user's files again.
   */
  #lastJoin: { merged: CorpusSummary; bibliographies: readonly BibliographyInput[]; parsed: ParsedBibliographies; joined: Awaited<ReturnType<typeof mergeBibliographies>> } | undefined;
  #assigner: TopicAssigner | undefined;
  /** Joins Zotero's items, a change by itself when the rest of the library stayed (core/zotero/join.ts). */
  readonly #zotero = new ZoteroJoiner();
  /** The library beside Zotero's papers, and Zotero's papers, as the index was last updated with. */
  #indexed: { index: LibraryIndex; withWeb: readonly Paper[]; zotero: readonly Paper[]; library: PaperLibrary } | undefined;
  /** The bibliographies' papers joined with the fetched ones, kept while neither changes (Zotero's change is joined to the same array). */
  #withWeb: { joined: readonly Paper[]; web: WebInput; result: { papers: readonly Paper[]; web: ReturnType<typeof joinWeb> } } | undefined;
  #work: Promise<unknown> = Promise.resolve();

  constructor(private readonly state: LibraryState) {}

  /**
   * Makes the library the bundled papers plus `input`: corpus files merged into the corpus,
   * bibliographies joined to it, the index updated by differences. Calls run one after another.
   */
  set(input: UserInput): Promise<InputReport> {
    const ended = this.state.inputStarted();
    const run = this.#work.then(() => this.#apply(input)).finally(ended);
    this.#work = run.catch(() => undefined);
    return run;
  }

  async #apply(given: UserInput): Promise<InputReport> {
    const started = performance.now();
    const zoteroBase = this.#lastInput.zotero;
    const input = {
      corpus: given.corpus ?? this.#lastInput.corpus,
      bibliographies: given.bibliographies ?? this.#lastInput.bibliographies,
      cacheKey: given.corpus ? given.cacheKey : this.#lastInput.cacheKey,
      bibliographyKey: given.bibliographies ? given.bibliographyKey : this.#lastInput.bibliographyKey,
      web: given.web ?? this.#lastInput.web,
      // A change of Zotero's items (what changed since it was last read) applies to those last given.
      zotero: given.zotero ? ZoteroLibraryInput.applied(this.#lastInput.zotero, given.zotero) : this.#lastInput.zotero,
    };
    const withWeb = beyondFiles(input);
    const { cached } = given;
    const named = input.bibliographies.some(b => b.text === undefined);
    // The bibliographies by name only: the whole library cached under their key stands for them.
    // (Not with papers from the web or Zotero: that library holds none of them.)
    if (named && !withWeb && !input.corpus.length && input.bibliographyKey !== undefined
      && (this.#wholeFromCache?.key === input.bibliographyKey || (cached?.key === input.bibliographyKey && this.#restoreWhole(cached)))) {
      this.#lastInput = input;
      const { added, joined } = this.#wholeFromCache!;
      return {
        ...this.#unchanged(), bibliographies: { files: this.state.files, added, joined },
        index: { fromCache: true, added: 0, changed: 0, removed: 0 }, searchableMs: performance.now() - started,
      };
    }
    const corpusKey = input.corpus.length ? input.cacheKey ?? `files:${input.corpus.map(f => `${f.file}:${f.text?.length}`).join('|')}` : 'bundled';
    if (cached?.key === corpusKey && this.#corpusMerged?.key !== corpusKey) this.#restoreCorpus(cached, input.corpus);
    if (named || (this.#corpusMerged?.key !== corpusKey && input.corpus.some(f => f.text === undefined))) {
      // Named only, and no cached library for them (or one this build cannot read): nothing changes.
      return { ...this.#unchanged(), needsFiles: true };
    }
    this.#lastInput = input;
    // Read from now on: a library restored whole is replaced by one grown from the bundled index.
    if (this.#wholeFromCache) { this.#wholeFromCache = undefined; this.#index = undefined; }
    const merged = await this.#mergedCorpus(input.corpus, corpusKey);
    const readStarted = performance.now();
    const same = this.#lastJoin?.merged === merged && this.#lastJoin.bibliographies === input.bibliographies ? this.#lastJoin : undefined;
    const parsed = same?.parsed ?? await parseBibliographies(input.bibliographies as BibliographyText[], this.#readCache);
    const clock: ReadClock = { started, readStarted, parseMs: performance.now() - readStarted };
    const joinEnded = given.papersReady && !same ? await this.#answerEarly(parsed, merged, given.papersReady, clock) : undefined;
    try {
      return await this.#join(given, input, merged, parsed, corpusKey, clock, joinEnded, zoteroBase);
    } finally {
      // Also when the join failed: what waits for it asks the library as it is.
      joinEnded?.();
    }
  }

  /**
   * Once the files are parsed: the keys answer from the entries (`papersIfReady`), and `papersReady`
   * is told. Returns what ends that (called once the join is done), or undefined when there are
   * no entries to answer for.
   */
  async #answerEarly(parsed: ParsedBibliographies, merged: CorpusSummary, papersReady: (report: InputReport) => void, { started, parseMs }: ReadClock): Promise<(() => void) | undefined> {
    if (!parsed.files.some(f => itemsOf(f).length)) return undefined;
    const entries = new EntriesByKey(parsed, await corpusLookup(merged.papers));
    let done!: () => void;
    const joining = { entries, joined: new Promise<void>(resolve => { done = resolve; }) };
    const { state } = this;
    state.joining = joining;
    state.files = fileReports(parsed);
    state.changed();
    papersReady({
      corpus: { added: merged.added, updated: merged.updated, problems: merged.problems },
      bibliographies: { files: state.files, added: entries.size, joined: 0 },
      index: { fromCache: false, added: 0, changed: 0, removed: 0 },
      papers: merged.papers.length + entries.size, parseMs, readMs: parseMs, searchableMs: performance.now() - started,
      snapshotWanted: false, needsFiles: false, indexing: true,
    });
    return () => {
      if (state.joining === joining) state.joining = undefined;
      done();
    };
  }

  async #join(
    given: UserInput, input: CurrentInput, merged: CorpusSummary, parsed: ParsedBibliographies,
    corpusKey: string, { started, readStarted, parseMs }: ReadClock, joinEnded: (() => void) | undefined, zoteroBase: ZoteroInput,
  ): Promise<InputReport> {
    const { state } = this;
    const same = this.#lastJoin?.merged === merged && this.#lastJoin.parsed === parsed ? this.#lastJoin : undefined;
    const joined = same?.joined ?? await mergeBibliographies(merged.papers, await convertBibliographies(parsed, this.#readCache));
    const readMs = performance.now() - readStarted;
    this.#lastJoin = { merged, bibliographies: input.bibliographies, parsed, joined };
    // After the bibliographies, so that a fetched paper the user has is the user's (and keeps the user's key).
    const { papers: withWebPapers, web } = this.#joinWeb(joined.papers, input.web);
    // Last, so that a key the writer's bibliography has (exported from this very Zotero) stays the writer's entry.
    const zotero = this.#zotero.join(withWebPapers, input.zotero, zoteroBase, given.zotero);
    const papers = zotero.papers.length ? [...withWebPapers, ...zotero.papers] : withWebPapers;
    const indexed = this.#indexed;
    this.#indexed = undefined;
    state.files = fileReports(parsed);
    const shipped = state.bundled.papers;
    const grown = papers.length !== shipped.length || papers.some((p, i) => shipped[i] !== p);
    let update = { added: 0, changed: 0, removed: 0 };
    let fromCache = false;
    let snapshotWanted = false;
    if (!grown) {
      state.current = state.bundledSearch;
    } else {
      const made = await this.#libraryIndex(corpusKey, input);
      fromCache = made.fromCache;
      snapshotWanted = made.snapshotWanted;
      // Zotero's change alone, when the index holds the rest as it is: only the changed papers are indexed and looked up.
      const zoteroChange = zotero.change && indexed?.index === made.index && indexed.withWeb === withWebPapers && indexed.zotero === zotero.change.from
        && state.current === indexed.library ? zotero.change : undefined;
      const library = zoteroChange
        ? indexed!.library.withChange(papers, zoteroChange.papers, zoteroChange.removedIds, made.index.search)
        : new PaperLibrary({ papers }, made.index.search);
      if (given.papersReady) {
        // Every paper answers from here; words find what the index holds so far (a hit on a paper
        // that is gone is dropped), until the update below is done.
        state.current = library;
        state.changed();
        if (joinEnded) joinEnded();
        else given.papersReady({
          corpus: { added: merged.added, updated: merged.updated, problems: merged.problems },
          bibliographies: { files: state.files, added: joined.added.length, joined: joined.updated.length },
          index: { fromCache, added: 0, changed: 0, removed: 0 },
          papers: papers.length, parseMs, readMs, searchableMs: performance.now() - started, snapshotWanted: false, needsFiles: false, indexing: true,
        });
      }
      const { added, changed, removed } = zoteroChange
        ? await made.index.change(zoteroChange.papers, zoteroChange.removedIds, topicLabel)
        : await made.index.update(papers, topicLabel);
      update = { added, changed, removed };
      this.#indexed = { index: made.index, withWeb: withWebPapers, zotero: zotero.papers, library };
      state.current = library;
      // The whole library is worth caching too, when it is the bundled papers and bibliographies alone.
      if (!input.corpus.length && input.bibliographyKey !== undefined && corpusKey === 'bundled') snapshotWanted = true;
      // What is cached stands for the user's files alone: fetched papers have a cache of their own, Zotero is asked again.
      if (beyondFiles(input)) snapshotWanted = false;
    }
    this.#joinedCounts = { added: joined.added.length, joined: joined.updated.length };
    state.changed();
    return {
      corpus: { added: merged.added, updated: merged.updated, problems: merged.problems },
      bibliographies: { files: state.files, added: joined.added.length, joined: joined.updated.length },
      index: { fromCache, ...update },
      papers: state.current.papers.length,
      parseMs,
      readMs,
      searchableMs: performance.now() - started,
      snapshotWanted,
      needsFiles: false,
      ...(input.web.batches.length ? { web: { keys: web.keys, newKeys: web.newKeys, added: web.papers.length, known: web.known } } : {}),
      ...(zoteroCount(input.zotero) || zotero.change ? { zotero: {
        keys: zotero.keys, newKeys: zotero.newKeys, added: zotero.papers.length,
        ...(zotero.change ? { partial: true as const, removed: zotero.change.removed } : {}),
      } } : {}),
    };
  }

  /** The papers fetched from the web joined to the bibliographies' papers: the same array while neither changed. */
  #joinWeb(joined: readonly Paper[], input: WebInput): { papers: readonly Paper[]; web: ReturnType<typeof joinWeb> } {
    if (this.#withWeb?.joined === joined && this.#withWeb.web === input) return this.#withWeb.result;
    const web = joinWeb(joined, input);
    const base = web.enriched.size ? joined.map(p => web.enriched.get(p.id) ?? p) : joined;
    const result = { papers: web.papers.length ? [...base, ...web.papers] : base, web };
    this.#withWeb = { joined, web: input, result };
    return result;
  }

  /** A report of the library as it is, for a call that changed nothing. */
  #unchanged(): InputReport {
    const merged = this.#corpusMerged?.result;
    return {
      corpus: { added: merged?.added ?? 0, updated: merged?.updated ?? 0, problems: merged?.problems ?? [] },
      bibliographies: { files: this.state.files, added: 0, joined: 0 },
      index: { fromCache: false, added: 0, changed: 0, removed: 0 },
      // The size, not the current library: that would load the bundled papers' own index, which a library asking for its files never searches.
      papers: this.state.size, parseMs: 0, readMs: 0, searchableMs: 0, snapshotWanted: false, needsFiles: false,
    };
  }

  /** Takes a cached library as the merged corpus files and their index, if this build can read it (else the files are read). */
  #restoreCorpus(cached: CachedLibrary, files: readonly CorpusInput[]): void {
    const restored = readCorpusCache(cached);
    this.#corpusMerged = restored && { files, key: cached.key, result: restored.merged };
    this.#base = restored && { key: cached.key, index: restored.base };
  }

  /**
   * Takes a cached whole library (`snapshot` under a bibliography key) as the library: the
   * bibliographies are not read. False if this build cannot read it (then they are read).
   */
  #restoreWhole(cached: CachedLibrary): boolean {
    const restored = readWholeCache(cached);
    if (!restored) return false;
    const { library, meta } = restored;
    this.state.current = library;
    this.state.files = meta.files;
    // A later change is read and indexed from the bundled papers again (see `apply`).
    this.#index = undefined;
    this.#wholeFromCache = { key: cached.key, added: meta.added, joined: meta.joined };
    this.state.changed();
    return true;
  }

  async #mergedCorpus(files: readonly CorpusInput[], key: string): Promise<CorpusSummary> {
    if (this.#corpusMerged?.key === key && this.#corpusMerged.files.length === files.length) return this.#corpusMerged.result;
    this.#assigner ??= createTopicAssigner(topicsFile as TopicsFile);
    const papers = this.state.bundled.papers;
    const texts: CorpusFile[] = files.map(f => ({ file: f.file, text: f.text ?? '' }));
    const merged = files.length ? await mergeUserCorpora(papers, texts, this.#assigner) : { papers: [...papers], added: [], updated: [], problems: [] };
    const result = { papers: merged.papers, added: merged.added.length, updated: merged.updated.length, problems: merged.problems };
    this.#corpusMerged = { files, key, result };
    return result;
  }

  /**
   * The index to update: the one kept while the corpus files stay the same, else one from the
   * cache the host passed in, else a new one grown from the bundled index.
   */
  async #libraryIndex(key: string, input: CurrentInput): Promise<{ index: LibraryIndex; fromCache: boolean; snapshotWanted: boolean }> {
    if (this.#index?.key === key) return { index: this.#index.index, fromCache: false, snapshotWanted: false };
    let index: LibraryIndex;
    let fromCache = false;
    let snapshotWanted = false;
    if (this.#base?.key === key) {
      // The cached corpus papers are searched in their compact index; the bibliographies' changes go beside it.
      index = LibraryIndex.onBase(this.#base.index);
      fromCache = true;
    } else {
      // Grown from the bundled index by the caller's update; a snapshot of it (with what it holds
      // of each paper, so that the next session updates it by differences) is worth caching.
      const { bundled, parts } = this.state;
      index = await LibraryIndex.fromBundled(parts, bundled.papers.map(p => p.id), bundled.papers, topicLabel);
      snapshotWanted = input.corpus.length > 0 && input.cacheKey !== undefined;
    }
    this.#index = { key, index };
    return { index, fromCache, snapshotWanted };
  }

  /**
   * The library of the corpus files, once its full text is indexed, for the host to cache: its
   * papers and its index in the compact form; or the whole library when `key` is the
   * bibliographies'. Undefined when there is none to make (see `corpusSnapshot`, `wholeSnapshot`).
   */
  snapshot(key?: string): Promise<LibrarySnapshot | undefined> {
    const ofWholeLibrary = key !== undefined && !this.#lastInput.corpus.length && this.#lastInput.bibliographyKey === key;
    const run = this.#work.then(() => (ofWholeLibrary ? this.#wholeSnapshot(key) : key === undefined || this.#index?.key === key ? this.#corpusSnapshot() : undefined));
    this.#work = run.catch(() => undefined);
    return run;
  }

  /**
   * The whole library under a bibliography key (the bundled papers joined with the
   * bibliographies), once its full text is indexed. This session keeps searching its own index.
   */
  async #wholeSnapshot(key: string): Promise<LibrarySnapshot | undefined> {
    const kept = this.#index;
    // Still the library read under this key (not restored, not changed since).
    if (!kept || kept.key !== 'bundled' || this.#wholeFromCache || this.#lastInput.bibliographyKey !== key || beyondFiles(this.#lastInput)) return undefined;
    return wholeSnapshot(key, kept.index, this.state.current.papers, { files: this.state.files, ...this.#joinedCounts });
  }

  /**
   * The corpus files' library, once its full text is indexed. From then on this session searches
   * the compact index too, and lets the larger one it was built in go. Undefined without corpus
   * files, when the library came from the cache, or when it is no longer the one last given.
   */
  async #corpusSnapshot(): Promise<LibrarySnapshot | undefined> {
    const kept = this.#index;
    const merged = this.#corpusMerged;
    if (!kept || kept.key === 'bundled' || merged?.key !== kept.key || this.#base?.key === kept.key || beyondFiles(this.#lastInput)) return undefined;
    const { snapshot, base } = await corpusSnapshot(kept.key, kept.index, merged.result);
    this.#base = { key: kept.key, index: base };
    const { state } = this;
    const index = LibraryIndex.onBase(base);
    await (await index.update(state.current.papers, topicLabel)).fullText;
    this.#index = { key: kept.key, index };
    state.current = new PaperLibrary({ papers: state.current.papers }, index.search);
    return snapshot;
  }

  /** Resolves once every input given so far is applied and indexed, full text included. */
  async settled(): Promise<void> {
    let seen: Promise<unknown>;
    do { seen = this.#work; await seen; } while (seen !== this.#work);
    await this.state.current.fullText;
    await this.#index?.index.settled();
  }
}
