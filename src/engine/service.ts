// The library engine: the bundled papers, the user's corpus files and bibliographies, and one
// index over them all. It answers what the views ask (rows, groups, papers, keys) and never
// hands over more than they show. Pure: it runs in the engine worker (engine/worker.ts) for
// large libraries, and in the extension host itself while there are only the bundled papers.
import topicsFile from '../data/topics.json';
import { groupPapers, sortEntries, type GroupBy, type SortBy } from '../core/browse/browse';
import { AFTER_JOIN, EntriesByKey } from '../core/bibliography/entriesByKey';
import { corpusLookup, mergeBibliographies, isBibliographyOnly } from '../core/bibliography/merge';
import {
  convertBibliographies, itemsOf, parseBibliographies, ReadCache, type BibliographyText, type ParsedBibliographies,
} from '../core/bibliography/read';
import type { ReadProblem } from '../core/bibliography/problem';
import type { BibliographyFormat, Paper, Problem } from '../core/model/paper';
import { createTopicAssigner, type TopicAssigner, type TopicsFile } from '../core/corpus/topics';
import { topicList } from '../core/corpus/topicList';
import { openShelf, shelve, type ShelfSource } from '../core/corpus/shelf';
import { mergeUserCorpora, type CorpusFile } from '../core/corpus/userCorpus';
import { CompactIndex } from '../core/search/compact/compactIndex';
import type { IndexParts } from '../core/search/indexing';
import { PaperLibrary } from '../core/search/library';
import { LibraryIndex, type BaseIndex } from '../core/search/libraryIndex';
import { pause } from '../core/util/pause';
import { rowOf, type PaperRow } from './rows';

export type { PaperRow } from './rows';

/** The bundled corpus and its index, as the build ships them (decompressed). */
export interface BundledText {
  corpus: string;
  names: string;
  text: string;
}

/**
 * A library of corpus files as a session caches it (`snapshot`): its papers (`shelve`), its
 * index in the compact form, and what merging the files reported (JSON).
 */
export interface LibrarySnapshot {
  key: string;
  papers: Uint8Array;
  names: Uint8Array;
  text: Uint8Array;
  meta: Uint8Array;
}

/** A library cached by an earlier session, as the next one reads it: the papers from a shelf in memory or on disk. */
export interface CachedLibrary extends Omit<LibrarySnapshot, 'papers'> {
  papers: ShelfSource;
}

/** A corpus file as given: its text, or only its name when a cached library stands for it. */
export interface CorpusInput {
  file: string;
  text?: string;
}

/** What merging the corpus files gave. */
interface CorpusSummary {
  papers: readonly Paper[];
  added: number;
  updated: number;
  problems: Problem[];
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
  /**
   * Called once the keys answer (hover, Go to Definition, the checks of citations), before the
   * entries are joined and their names indexed, the longest steps: the report then says
   * `indexing`, and the one `setInput` resolves with comes once every name is searchable. Until
   * the join, `papersNow` answers the keys it can and `joined` tells when the rest can be asked.
   */
  papersReady?: (report: InputReport) => void;
}

/** One bibliography file as the library last read it. */
export interface BibliographyFileReport {
  uri: string;
  file: string;
  format: BibliographyFormat;
  /** Its entries' keys and lines, in file order. */
  keys: string[];
  lines: number[];
  problems: ReadProblem[];
}

export interface InputReport {
  corpus: { added: number; updated: number; problems: Problem[] };
  bibliographies: { files: BibliographyFileReport[]; added: number; joined: number };
  /** How the index came about, and what changed in it. */
  index: { fromCache: boolean; added: number; changed: number; removed: number };
  papers: number;
  /**
   * Time spent reading the bibliographies: parsing them into entries (`parseMs`, after which the
   * keys answer), and that with converting the entries to papers (`readMs`: LaTeX decoded, names
   * split); and until every name was searchable (ms).
   */
  parseMs: number;
  readMs: number;
  searchableMs: number;
  /** True when the index is new and worth caching once its full text is in (`snapshot`). */
  snapshotWanted: boolean;
  /**
   * True in the report given to `papersReady`: the keys answer, the papers are still being joined
   * and indexed. Its counts then take each key of the entries as a paper of its own (`added`,
   * `papers`): the join may find some in the corpus.
   */
  indexing?: boolean;
  /**
   * True when the corpus files came by name only and no cached library could stand for them:
   * nothing was changed, and the files' text is needed.
   */
  needsFiles: boolean;
}

/** When a merge began, when it began reading the bibliographies, and how long their parse took (ms). */
interface ReadClock {
  started: number;
  readStarted: number;
  parseMs: number;
}

export interface QueryOptions {
  limit?: number;
  /** Only papers with every word (the tree's filter). */
  allWords?: boolean;
  /** Only papers with an entry in one of these bibliography files… */
  inFiles?: string[];
  /** …or only papers with none in them. */
  notInFiles?: string[];
  /** Only papers with an entry in some bibliography file. */
  withEntry?: boolean;
  /** How much of each abstract the rows carry. */
  excerpt?: number;
}

export interface QueryRows {
  rows: PaperRow[];
  /** Filters that leave no paper: messages to show as they are. */
  problems: string[];
}

/** A page of every paper (`all`): the library's size and version with it. */
export interface AllPapers {
  papers: Paper[];
  total: number;
  version: number;
}

export interface GroupRow { id: string; label: string; description?: string; count: number }
export interface FileRow { id: string; uri: string; file: string; count: number; problems: number; errors: boolean }

export interface TreeOptions { groupBy: GroupBy; sortBy: SortBy; filter?: string }

/** The Papers view's top: the bibliography files, then the groups; with the filter's outcome. */
export interface TreeTop {
  files: FileRow[];
  groups: GroupRow[];
  filter?: { query: string; count: number; problems: string[] };
}

const labels = new Map(topicList(topicsFile).map(t => [t.id, t.label]));
const topicLabel = (id: string) => labels.get(id) ?? id;
const TOPICS = topicList(topicsFile);

/** Each bibliography file's keys, lines and problems, known once it is parsed (converting its entries changes none of them). */
function fileReports(parsed: ParsedBibliographies): BibliographyFileReport[] {
  return parsed.files.map(f => {
    const items = itemsOf(f);
    return { uri: f.input.uri, file: f.input.file, format: f.format, keys: items.map(i => i.key), lines: items.map(i => i.line), problems: f.problems };
  });
}

/**
 * The library: load it with the bundled papers, give it the user's files with `setInput`,
 * then ask. Queries are synchronous and quick; `setInput` works in slices with pauses.
 *
 * @example const service = LibraryService.load(bundled); await service.setInput({ corpus: [], bibliographies: [refs] }); service.query('attention', { limit: 5 })
 */
export class LibraryService {
  /** What is searched now; the bundled papers' own library until the user's files are given. */
  private currentLibrary: PaperLibrary | undefined;
  private index: { key: string; index: LibraryIndex } | undefined;
  private corpusMerged: { files: readonly CorpusInput[]; key: string; result: CorpusSummary } | undefined;
  /** The read-only index of the corpus papers, cached or made compact (`snapshot`), under the corpus key. */
  private base: { key: string; index: BaseIndex } | undefined;
  private readonly readCache = new ReadCache();
  /** The last input, for the parts a later call leaves out. */
  private lastInput: { corpus: CorpusInput[]; bibliographies: BibliographyInput[]; cacheKey?: string; bibliographyKey?: string } = { corpus: [], bibliographies: [] };
  /** The whole library came from the cache under this key (its bibliographies by name only); what it reported then. */
  private restored: { key: string; added: number; joined: number } | undefined;
  /** What the bibliographies added to the library last read, for a snapshot of it. */
  private joinedCounts = { added: 0, joined: 0 };
  private files: BibliographyFileReport[] = [];
  private assigner: TopicAssigner | undefined;
  private work: Promise<unknown> = Promise.resolve();
  private tree: { key: string; top: TreeTop; children: Map<string, Paper[]> } | undefined;
  private fileIndex: { version: number; files: Map<string, string[]> } | undefined;
  /** Between `papersReady` and the join: the entries by key, and the join's end. */
  private early: { entries: EntriesByKey; joined: Promise<void> } | undefined;
  /** Bumped when the papers change: a view may ask whether what it shows is still current. */
  version = 0;

  private bundledLibrary: PaperLibrary | undefined;
  /** `setInput` calls not yet done, and who waits for none to be left. */
  private inputs = 0;
  private inputsDone: (() => void)[] = [];
  private shipped: { bundled: { papers: readonly Paper[] }; parts: IndexParts } | undefined;

  private constructor(private readonly open: () => { bundled: { papers: readonly Paper[] }; parts: IndexParts }, library?: PaperLibrary) {
    this.bundledLibrary = library;
  }

  /** The bundled papers, parsed when first needed. */
  private get bundled(): { papers: readonly Paper[] } {
    this.shipped ??= this.open();
    return this.shipped.bundled;
  }

  private get parts(): IndexParts {
    this.shipped ??= this.open();
    return this.shipped.parts;
  }

  /**
   * `load`, with the bundled papers decoded and parsed only when first needed: in the engine
   * worker, a library taken whole from the cache needs none of it (the bundled papers are in it).
   */
  static lazy(bundled: () => BundledText): LibraryService {
    return new LibraryService(() => {
      const text = bundled();
      return { bundled: PaperLibrary.shippedCorpus(text.corpus), parts: { names: text.names, text: text.text } };
    });
  }

  /**
   * The bundled papers; their own index is loaded when first searched (`fullText` behind it).
   * In the engine worker the user's files come next, and their index is grown from the
   * bundled parts by itself: loading the bundled index first as well would be done for nothing.
   */
  static load(bundled: BundledText): LibraryService {
    const shipped = { bundled: PaperLibrary.parseCorpus(bundled.corpus), parts: { names: bundled.names, text: bundled.text } };
    return new LibraryService(() => shipped);
  }

  /** `load` in slices with pauses between them, the index too: in the extension host, where nothing may hold the event loop for long. */
  static async loadInSlices(bundled: BundledText): Promise<LibraryService> {
    const library = await PaperLibrary.loadParts(bundled.corpus, bundled.names, bundled.text);
    const shipped = { bundled: library, parts: { names: bundled.names, text: bundled.text } };
    return new LibraryService(() => shipped, library);
  }

  /** The bundled papers with their own index, loaded once when needed. */
  private get bundledSearch(): PaperLibrary {
    if (!this.bundledLibrary) {
      // Set before its text is first asked about: the index, and its text behind it, load on the first search.
      const made: { library?: PaperLibrary } = {};
      made.library = PaperLibrary.fromPapersAndParts(this.bundled, this.parts.names, this.parts.text, {}, () => this.bundledTextWanted(made));
      this.bundledLibrary = made.library;
    }
    return this.bundledLibrary;
  }

  /**
   * Asked between the slices of the bundled papers' full text, which loads behind their first
   * search: while user files are being given it waits, and once they are in, the bundled papers
   * are no longer what is searched, so their text is dropped (false) rather than loaded beside
   * the reading of the files: with a search made just before the files came, a key answered
   * after 625 ms rather than 490 in plain Node. A library dropped so is made again if the bundled
   * papers are searched once more.
   */
  private async bundledTextWanted(made: { library?: PaperLibrary }): Promise<boolean> {
    for (;;) {
      await pause();
      const library = made.library;
      if (this.inputs === 0) {
        const wanted = (this.currentLibrary ?? library) === library;
        if (!wanted && this.bundledLibrary === library) this.bundledLibrary = undefined;
        return wanted;
      }
      await new Promise<void>(resolve => this.inputsDone.push(resolve));
    }
  }

  private get current(): PaperLibrary {
    this.currentLibrary ??= this.bundledSearch;
    return this.currentLibrary;
  }

  private set current(library: PaperLibrary) {
    this.currentLibrary = library;
  }

  /** Settles once abstracts are searchable too. */
  get fullText(): Promise<void> {
    return this.current.fullText;
  }

  get size(): number {
    return (this.currentLibrary ?? this.bundled).papers.length;
  }

  /** The library itself, for code that runs beside it (the command line, tests). */
  get library(): PaperLibrary {
    return this.current;
  }

  /** The bibliography files as last read. */
  get bibliographies(): readonly BibliographyFileReport[] {
    return this.files;
  }

  /**
   * Makes the library the bundled papers plus `input`: corpus files merged into the corpus,
   * bibliographies joined to it, the index updated by differences. Calls run one after another.
   */
  setInput(input: UserInput): Promise<InputReport> {
    this.inputs++;
    const run = this.work.then(() => this.apply(input)).finally(() => {
      if (--this.inputs === 0) for (const resolve of this.inputsDone.splice(0)) resolve();
    });
    this.work = run.catch(() => undefined);
    return run;
  }

  private async apply(given: UserInput): Promise<InputReport> {
    const started = performance.now();
    const input = {
      corpus: given.corpus ?? this.lastInput.corpus,
      bibliographies: given.bibliographies ?? this.lastInput.bibliographies,
      cacheKey: given.corpus ? given.cacheKey : this.lastInput.cacheKey,
      bibliographyKey: given.bibliographies ? given.bibliographyKey : this.lastInput.bibliographyKey,
      cached: given.cached,
    };
    const named = input.bibliographies.some(b => b.text === undefined);
    // The bibliographies by name only: the whole library cached under their key stands for them.
    if (named && !input.corpus.length && input.bibliographyKey !== undefined
      && (this.restored?.key === input.bibliographyKey || (input.cached?.key === input.bibliographyKey && this.restoreWhole(input.cached)))) {
      this.lastInput = { corpus: input.corpus, bibliographies: input.bibliographies, cacheKey: input.cacheKey, bibliographyKey: input.bibliographyKey };
      const { added, joined } = this.restored!;
      return {
        ...this.unchanged(), bibliographies: { files: this.files, added, joined },
        index: { fromCache: true, added: 0, changed: 0, removed: 0 }, searchableMs: performance.now() - started,
      };
    }
    const corpusKey = input.corpus.length ? input.cacheKey ?? `files:${input.corpus.map(f => `${f.file}:${f.text?.length}`).join('|')}` : 'bundled';
    if (input.cached?.key === corpusKey && this.corpusMerged?.key !== corpusKey) this.restore(input.cached, input.corpus);
    if (named || (this.corpusMerged?.key !== corpusKey && input.corpus.some(f => f.text === undefined))) {
      // Named only, and no cached library for them (or one this build cannot read): nothing changes.
      return { ...this.unchanged(), needsFiles: true };
    }
    this.lastInput = { corpus: input.corpus, bibliographies: input.bibliographies, cacheKey: input.cacheKey, bibliographyKey: input.bibliographyKey };
    // Read from now on: a library restored whole is replaced by one grown from the bundled index.
    if (this.restored) { this.restored = undefined; this.index = undefined; }
    const merged = await this.mergedCorpus(input.corpus, corpusKey);
    const readStarted = performance.now();
    const parsed = await parseBibliographies(input.bibliographies as BibliographyText[], this.readCache);
    const clock: ReadClock = { started, readStarted, parseMs: performance.now() - readStarted };
    const joining = given.papersReady ? await this.answerEarly(parsed, merged, given.papersReady, clock) : undefined;
    try {
      return await this.join(given, input, merged, parsed, corpusKey, clock, joining);
    } finally {
      // Also when the join failed: what waits for it asks the library as it is.
      joining?.();
    }
  }

  /**
   * Once the files are parsed: the keys answer from the entries (`papersNow`), and `papersReady`
   * is told. Returns what ends that (called once the join is done), or undefined when there are
   * no entries to answer for.
   */
  private async answerEarly(parsed: ParsedBibliographies, merged: CorpusSummary, papersReady: (report: InputReport) => void, { started, parseMs }: ReadClock): Promise<(() => void) | undefined> {
    if (!parsed.files.some(f => itemsOf(f).length)) return undefined;
    const entries = new EntriesByKey(parsed, await corpusLookup(merged.papers));
    let done!: () => void;
    const early = { entries, joined: new Promise<void>(resolve => { done = resolve; }) };
    this.early = early;
    this.files = fileReports(parsed);
    this.version++;
    this.tree = undefined;
    papersReady({
      corpus: { added: merged.added, updated: merged.updated, problems: merged.problems },
      bibliographies: { files: this.files, added: entries.size, joined: 0 },
      index: { fromCache: false, added: 0, changed: 0, removed: 0 },
      papers: merged.papers.length + entries.size, parseMs, readMs: parseMs, searchableMs: performance.now() - started,
      snapshotWanted: false, needsFiles: false, indexing: true,
    });
    return () => {
      if (this.early === early) this.early = undefined;
      done();
    };
  }

  private async join(
    given: UserInput, input: { corpus: CorpusInput[]; bibliographyKey?: string }, merged: CorpusSummary, parsed: ParsedBibliographies,
    corpusKey: string, { started, readStarted, parseMs }: ReadClock, joining: (() => void) | undefined,
  ): Promise<InputReport> {
    const read = await convertBibliographies(parsed, this.readCache);
    const readMs = performance.now() - readStarted;
    const joined = await mergeBibliographies(merged.papers, read);
    this.files = fileReports(parsed);
    const shipped = this.bundled.papers;
    const grown = joined.papers.length !== shipped.length || joined.papers.some((p, i) => shipped[i] !== p);
    let update = { added: 0, changed: 0, removed: 0 };
    let fromCache = false;
    let snapshotWanted = false;
    if (!grown) {
      this.current = this.bundledSearch;
    } else {
      const made = await this.libraryIndex(corpusKey, input);
      fromCache = made.fromCache;
      snapshotWanted = made.snapshotWanted;
      const library = new PaperLibrary({ papers: joined.papers }, made.index.search);
      if (given.papersReady) {
        // Every paper answers from here; words find what the index holds so far (a hit on a paper
        // that is gone is dropped), until the update below is done.
        this.current = library;
        this.version++;
        this.tree = undefined;
        if (joining) joining();
        else given.papersReady({
          corpus: { added: merged.added, updated: merged.updated, problems: merged.problems },
          bibliographies: { files: this.files, added: joined.added.length, joined: joined.updated.length },
          index: { fromCache, added: 0, changed: 0, removed: 0 },
          papers: joined.papers.length, parseMs, readMs, searchableMs: performance.now() - started, snapshotWanted: false, needsFiles: false, indexing: true,
        });
      }
      const { added, changed, removed } = await made.index.update(joined.papers, topicLabel);
      update = { added, changed, removed };
      this.current = library;
      // The whole library is worth caching too, when it is the bundled papers and bibliographies alone.
      if (!input.corpus.length && input.bibliographyKey !== undefined && corpusKey === 'bundled') snapshotWanted = true;
    }
    this.joinedCounts = { added: joined.added.length, joined: joined.updated.length };
    this.version++;
    this.tree = undefined;
    return {
      corpus: { added: merged.added, updated: merged.updated, problems: merged.problems },
      bibliographies: { files: this.files, added: joined.added.length, joined: joined.updated.length },
      index: { fromCache, ...update },
      papers: this.current.papers.length,
      parseMs,
      readMs,
      searchableMs: performance.now() - started,
      snapshotWanted,
      needsFiles: false,
    };
  }

  /** A report of the library as it is, for a call that changed nothing. */
  private unchanged(): InputReport {
    const merged = this.corpusMerged?.result;
    return {
      corpus: { added: merged?.added ?? 0, updated: merged?.updated ?? 0, problems: merged?.problems ?? [] },
      bibliographies: { files: this.files, added: 0, joined: 0 },
      index: { fromCache: false, added: 0, changed: 0, removed: 0 },
      // The size, not the current library: that would load the bundled papers' own index, which a library asking for its files never searches.
      papers: this.size, parseMs: 0, readMs: 0, searchableMs: 0, snapshotWanted: false, needsFiles: false,
    };
  }

  /**
   * Takes a cached library as the merged corpus files and their index, if this build can read
   * it; a damaged or older one is passed over (the files are then read and indexed again).
   */
  private restore(cached: CachedLibrary, files: readonly CorpusInput[]): void {
    try {
      const meta = JSON.parse(new TextDecoder().decode(cached.meta)) as Omit<CorpusSummary, 'papers'>;
      const papers = openShelf(cached.papers);
      const index = { names: CompactIndex.fromBytes(cached.names), text: CompactIndex.fromBytes(cached.text), papers };
      if (index.names.documentCount < papers.length) throw new Error('the cached index holds fewer papers than the cache');
      this.corpusMerged = { files, key: cached.key, result: { papers, added: meta.added, updated: meta.updated, problems: meta.problems } };
      this.base = { key: cached.key, index };
    } catch {
      this.corpusMerged = undefined;
      this.base = undefined;
    }
  }

  /**
   * Takes a cached whole library (the bundled papers joined with the bibliographies, `snapshot`
   * under a bibliography key) as the library, searched in its compact index at once: the
   * bibliographies are not read. False if this build cannot read it (then they are read).
   */
  private restoreWhole(cached: CachedLibrary): boolean {
    try {
      const meta = JSON.parse(new TextDecoder().decode(cached.meta)) as { files: BibliographyFileReport[]; added: number; joined: number };
      if (!Array.isArray(meta.files)) throw new Error('the cached library names no bibliography files');
      const papers = openShelf(cached.papers);
      const names = CompactIndex.fromBytes(cached.names);
      if (names.documentCount < papers.length) throw new Error('the cached index holds fewer papers than the cache');
      const index = LibraryIndex.onBase({ names, text: CompactIndex.fromBytes(cached.text), papers });
      this.current = new PaperLibrary({ papers }, index.search);
      this.files = meta.files;
      // A later change is read and indexed from the bundled papers again (see `apply`).
      this.index = undefined;
      this.restored = { key: cached.key, added: meta.added, joined: meta.joined };
      this.version++;
      this.tree = undefined;
      return true;
    } catch {
      return false;
    }
  }

  private async mergedCorpus(files: readonly CorpusInput[], key: string): Promise<CorpusSummary> {
    if (this.corpusMerged?.key === key && this.corpusMerged.files.length === files.length) return this.corpusMerged.result;
    this.assigner ??= createTopicAssigner(topicsFile as TopicsFile);
    const papers = this.bundled.papers;
    const texts: CorpusFile[] = files.map(f => ({ file: f.file, text: f.text ?? '' }));
    const merged = files.length ? await mergeUserCorpora(papers, texts, this.assigner) : { papers: [...papers], added: [], updated: [], problems: [] };
    const result = { papers: merged.papers, added: merged.added.length, updated: merged.updated.length, problems: merged.problems };
    this.corpusMerged = { files, key, result };
    return result;
  }

  /**
   * The index to update: the one kept while the corpus files stay the same, else one from the
   * cache the host passed in, else a new one grown from the bundled index.
   */
  private async libraryIndex(key: string, input: { corpus: CorpusInput[]; cacheKey?: string }): Promise<{ index: LibraryIndex; fromCache: boolean; snapshotWanted: boolean }> {
    if (this.index?.key === key) return { index: this.index.index, fromCache: false, snapshotWanted: false };
    let index: LibraryIndex;
    let fromCache = false;
    let snapshotWanted = false;
    if (this.base?.key === key) {
      // The cached corpus papers are searched in their compact index; the bibliographies' changes go beside it.
      index = LibraryIndex.onBase(this.base.index);
      fromCache = true;
    } else {
      // Grown from the bundled index by the caller's update; a snapshot of it (with what it holds
      // of each paper, so that the next session updates it by differences) is worth caching.
      index = await LibraryIndex.fromBundled(this.parts, this.bundled.papers.map(p => p.id), this.bundled.papers, topicLabel);
      snapshotWanted = input.corpus.length > 0 && input.cacheKey !== undefined;
    }
    this.index = { key, index };
    return { index, fromCache, snapshotWanted };
  }

  /**
   * The library of the corpus files, once its full text is indexed, for the host to cache:
   * its papers and its index in the compact form. From then on this session searches the
   * compact index too, and lets the larger one it was built in go. Undefined without corpus
   * files, when the library came from the cache, or when it is no longer the one under `key`.
   */
  snapshot(key?: string): Promise<LibrarySnapshot | undefined> {
    const whole = key !== undefined && !this.lastInput.corpus.length && this.lastInput.bibliographyKey === key;
    const run = this.work.then(() => (whole ? this.wholeSnapshot(key) : key === undefined || this.index?.key === key ? this.makeSnapshot() : undefined));
    this.work = run.catch(() => undefined);
    return run;
  }

  /**
   * The whole library under a bibliography key (the bundled papers joined with the
   * bibliographies), once its full text is indexed: its papers, its compact index, and the
   * bibliography files as read (keys, lines, problems). This session keeps searching its own index.
   */
  private async wholeSnapshot(key: string): Promise<LibrarySnapshot | undefined> {
    const kept = this.index;
    // Still the library read under this key (not restored, not changed since).
    if (!kept || kept.key !== 'bundled' || this.restored || this.lastInput.bibliographyKey !== key) return undefined;
    const compact = await kept.index.toCompact();
    await pause();
    const meta = { files: this.files, ...this.joinedCounts };
    const papers = shelve(this.current.papers);
    await pause();
    return { key, papers, names: compact.names.toBytes(), text: compact.text.toBytes(), meta: new TextEncoder().encode(JSON.stringify(meta)) };
  }

  private async makeSnapshot(): Promise<LibrarySnapshot | undefined> {
    const kept = this.index;
    const merged = this.corpusMerged;
    if (!kept || kept.key === 'bundled' || merged?.key !== kept.key || this.base?.key === kept.key) return undefined;
    const compact = await kept.index.toCompact();
    const { papers, added, updated, problems } = merged.result;
    const cached = {
      key: kept.key, papers: shelve(papers), names: compact.names.toBytes(), text: compact.text.toBytes(),
      meta: new TextEncoder().encode(JSON.stringify({ added, updated, problems })),
    };
    this.base = { key: kept.key, index: { ...compact, papers } };
    const index = LibraryIndex.onBase(this.base.index);
    await (await index.update(this.current.papers, topicLabel)).fullText;
    this.index = { key: kept.key, index };
    this.current = new PaperLibrary({ papers: this.current.papers }, index.search);
    return cached;
  }

  /** Resolves once every input given so far is applied and indexed, full text included. */
  async settled(): Promise<void> {
    let seen: Promise<unknown>;
    do { seen = this.work; await seen; } while (seen !== this.work);
    await this.current.fullText;
    await this.index?.index.settled();
  }

  private keep(options: QueryOptions): ((id: string) => boolean) | undefined {
    const { inFiles, notInFiles, withEntry } = options;
    if (!inFiles && !notInFiles && !withEntry) return undefined;
    const filesOf = this.filesOfPapers();
    const inSet = inFiles && new Set(inFiles);
    const outSet = notInFiles && new Set(notInFiles);
    return id => {
      const files = filesOf.get(id);
      if (withEntry && !files) return false;
      if (inSet && !files?.some(uri => inSet.has(uri))) return false;
      if (outSet && files?.some(uri => outSet.has(uri))) return false;
      return true;
    };
  }

  /**
   * Per paper id, the bibliography files (uris) whose entries name it, as the Papers view lists
   * them: from the files' keys, not from each paper's `entries`, which a library restored from its
   * cache would parse for every paper (a completion's first answer took 150 ms rather than 40).
   */
  private filesOfPapers(): Map<string, string[]> {
    if (this.fileIndex?.version !== this.version) {
      const files = new Map<string, string[]>();
      for (const file of this.files) {
        for (const key of file.keys) {
          const paper = this.current.get(key);
          if (!paper) continue;
          const uris = files.get(paper.id);
          if (!uris) files.set(paper.id, [file.uri]);
          else if (!uris.includes(file.uri)) uris.push(file.uri);
        }
      }
      this.fileIndex = { version: this.version, files };
    }
    return this.fileIndex.files;
  }

  /** Ranked rows for what the user typed (words and filters), with the filters' problems. */
  query(text: string, options: QueryOptions = {}): QueryRows {
    const result = this.current.query(text, { limit: options.limit, allWords: options.allWords, filter: this.keep(options) });
    return { rows: result.hits.map(h => rowOf(h.paper, options.excerpt)), problems: result.problems.map(p => p.message) };
  }

  /**
   * With nothing typed (completion after `\cite{`): the papers with an entry in `files`, newest
   * first, then the most upvoted others.
   */
  untyped(files: readonly string[], ownLimit: number, restLimit: number, excerptLength = 0): PaperRow[] {
    const own = new Set(files);
    const filesOf = this.filesOfPapers();
    const isOwn = (p: Paper) => !!filesOf.get(p.id)?.some(uri => own.has(uri));
    const first = own.size ? sortEntries(this.current.papers.filter(isOwn), 'date').slice(0, ownLimit) : [];
    const rest = this.current.papers.filter(p => !isOwn(p)).sort((a, b) => (b.upvotes ?? -1) - (a.upvotes ?? -1)).slice(0, restLimit);
    return [...first, ...rest].map(p => rowOf(p, excerptLength));
  }

  /** Whole papers by id or key (undefined where none has it). */
  papers(idsOrKeys: readonly string[]): (Paper | undefined)[] {
    return idsOrKeys.map(k => this.current.get(k));
  }

  /**
   * Settles once the papers last given are joined. Until then only `papersNow` and `keys` answer
   * for them: what lists, groups or searches papers waits for this.
   */
  get joined(): Promise<void> {
    return this.early?.joined ?? Promise.resolve();
  }

  /** `papers`, if it can be answered now: undefined while a key's paper waits for the join (`joined`). */
  papersNow(idsOrKeys: readonly string[]): (Paper | undefined)[] | undefined {
    if (!this.early) return this.papers(idsOrKeys);
    const { entries } = this.early;
    const papers: (Paper | undefined)[] = [];
    for (const key of idsOrKeys) {
      const paper = entries.paper(key);
      if (paper === AFTER_JOIN) return undefined;
      papers.push(paper);
    }
    return papers;
  }

  /** Rows by id or key, in the order given, those that exist. */
  rows(idsOrKeys: readonly string[], excerptLength = 0): PaperRow[] {
    return idsOrKeys.flatMap(k => { const p = this.current.get(k); return p ? [rowOf(p, excerptLength)] : []; });
  }

  /**
   * Every paper, in corpus order (for the API; large), from `start`, at most `count` of them; with
   * the library's version, so that pages of a library that changed meanwhile are not put together.
   */
  all(start = 0, count = Infinity): AllPapers {
    const { papers } = this.current;
    return { papers: papers.slice(start, start + count), total: papers.length, version: this.version };
  }

  /** The papers closest to one by its words. */
  related(idOrKey: string, count = 5): PaperRow[] {
    const paper = this.current.get(idOrKey);
    return paper ? this.current.related(paper, count).map(p => rowOf(p)) : [];
  }

  /** Every key that names a paper (aliases too), for checking citations; in lower case while the entries are joined. */
  keys(): string[] {
    if (this.early) return this.early.entries.keys();
    const keys: string[] = [];
    for (const p of this.current.papers) keys.push(p.key, ...(p.aliases ?? []));
    return keys;
  }

  /** The Papers view's top level, grouped and filtered; children come from `children`. */
  treeTop(options: TreeOptions): TreeTop {
    return this.treeFor(options).top;
  }

  /** The rows under a group or a bibliography file of the Papers view, sorted (no excerpt: tooltips ask for it). */
  children(containerId: string, options: TreeOptions): PaperRow[] {
    const tree = this.treeFor(options);
    return (tree.children.get(containerId) ?? []).map(p => rowOf(p));
  }

  /** The container (group or file) that holds a paper in the Papers view: `preferred` if it does, else the first. */
  locate(paperId: string, options: TreeOptions, preferred?: string): string | undefined {
    const tree = this.treeFor(options);
    const holds = (id: string) => tree.children.get(id)?.some(p => p.id === paperId);
    if (preferred && holds(preferred)) return preferred;
    const order = [...tree.top.groups.map(g => g.id), ...tree.top.files.map(f => f.id)];
    return order.find(holds);
  }

  private treeFor(options: TreeOptions): { top: TreeTop; children: Map<string, Paper[]> } {
    const key = JSON.stringify([this.version, options.groupBy, options.sortBy, options.filter ?? '']);
    if (this.tree?.key === key) return this.tree;
    const library = this.current;
    let papers = library.papers;
    let filter: TreeTop['filter'];
    if (options.filter) {
      const { hits, problems } = library.query(options.filter, { allWords: true });
      const ids = new Set(hits.map(h => h.paper.id));
      papers = papers.filter(p => ids.has(p.id));
      filter = { query: options.filter, count: ids.size, problems: problems.map(p => p.message) };
    }
    const children = new Map<string, Paper[]>();
    // Papers only a bibliography has are listed under its file, not among the corpus's groups.
    const groups = groupPapers(papers.filter(p => !isBibliographyOnly(p)), options.groupBy, TOPICS, options.sortBy).map(group => {
      children.set(group.id, group.papers);
      return { id: group.id, label: group.label, description: group.description, count: group.papers.length };
    });
    const shown = filter ? new Set(papers.map(p => p.id)) : undefined;
    const files: FileRow[] = [];
    for (const file of this.files) {
      if (!file.keys.length) continue;
      const seen = new Set<string>();
      const entries = file.keys.flatMap(key => {
        const paper = library.get(key);
        if (!paper || seen.has(paper.id) || (shown && !shown.has(paper.id))) return [];
        seen.add(paper.id);
        return [paper];
      });
      if (filter && !entries.length) continue;
      const id = `bibliography:${file.uri}`;
      children.set(id, sortEntries(entries, options.sortBy));
      files.push({ id, uri: file.uri, file: file.file, count: entries.length, problems: file.problems.length, errors: file.problems.some(p => p.severity === 'error') });
    }
    this.tree = { key, top: { files, groups, filter }, children };
    return this.tree;
  }
}
