import vscode = require('vscode');
import * as disk from '../util/disk';
import { LIBRARY_FILE, libraryText, type LibraryParts, shippedName, splitLibrary } from '../../core/corpus/files';
import type { Problem } from '../../core/model/paper';
import { firstIssue } from '../../core/util/issues';
import { lzmaDecodeInSlices } from '../../core/util/lzma';
import { pause } from '../../core/util/pause';
import type { BibliographyBytes, CachedBytes, CorpusBytes, InputReport, Request } from '../../engine/protocol';
import type { EngineClient } from '../engine/client';
import { engineLoaded } from '../engine/load';
import { ContextKeys } from '../ids';
import { IndexCache, type CachedIndex } from './indexCache';
import { LocalLibrary, RemoteLibrary, type BibliographyFileReport, type Library } from './library';

export type LoadState = 'loading' | 'ready' | 'failed' | 'empty';
/** Where searches run: here (bundled papers only), in the engine worker, or here again while it restarts. */
export type EngineState = 'local' | 'starting' | 'worker' | 'restarting' | 'failed';

/** Shown when a command needs the papers and they could not be loaded. */
export class PapersUnavailableError extends Error {}

/**
 * A corpus file the user gave: how to name it, its size and time (which name its cached
 * library), and how to read its bytes (UTF-8), which is only done when no cached library
 * stands for it: a 200 MB file is not read at all on a window reload.
 */
export interface CorpusInput {
  file: string;
  stamp: string;
  /** Its path on a local disk, for a worker that reads files itself. */
  path?: string;
  read(): Promise<Uint8Array>;
}
/**
 * A bibliography file: how to name it, and its bytes (UTF-8) as read from disk, or, for a worker
 * that reads files itself (`PaperStore.readsFiles`), its path on a local disk.
 */
export interface BibliographyInput {
  uri: string;
  file: string;
  bytes?: Uint8Array;
  path?: string;
  after?: string[];
  /** Its size and modification time, which name the cached library that stands for it. */
  stamp?: string;
}

export interface UserCorpusReport { added: number; updated: number; problems: Problem[]; fromCache: boolean }

export interface BibliographyReport {
  files: BibliographyFileReport[];
  /** Entries that are new papers, and corpus papers that an entry joined. */
  added: number;
  joined: number;
  /** How long the last merge took to parse the files, to read them (parse and convert), and until every name was searchable (ms). */
  parseMs: number;
  readMs: number;
  searchableMs: number;
  /** The files were not read: the library a session made of them was taken from the cache. */
  fromCache: boolean;
}

interface Merged { corpus: UserCorpusReport; bibliographies: BibliographyReport }

interface Bundled { local: LocalLibrary }

/** Remembered per workspace: its last session gave the engine worker user files, so the next starts it at once. */
const ENGINE_USED = 'papers.engineUsed';

/** How long a bibliography's library stays the same before it is cached (ms). */
const CACHE_AFTER_MS = 15_000;

/** Bumped whenever the way user corpora are indexed changes, so old cached indexes are not reused. */
const INDEX_CACHE_VERSION = '5';

/** A cached library's parts as buffers to transfer. */
const bytesOf = (cached: CachedIndex): { papers: ArrayBuffer; names: ArrayBuffer; text: ArrayBuffer; meta: ArrayBuffer } => ({
  papers: buffer(cached.papers), names: buffer(cached.names), text: buffer(cached.text), meta: buffer(cached.meta),
});

/** A copy of some bytes as an ArrayBuffer of their own, to transfer (the host keeps the bundled files for a restart). */
const own = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer as ArrayBuffer;
/** The bytes' own ArrayBuffer when they fill it (files as read), else a copy: what can be transferred. */
const buffer = (bytes: Uint8Array): ArrayBuffer => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer as ArrayBuffer : own(bytes));

/**
 * Owns the library. Nothing is read at activation: the bundled papers load the first time a
 * feature asks, here in the extension host (they are small). When the user's corpus files or
 * bibliographies are given, the library moves to the engine worker, which reads and indexes
 * them off this thread; until it is ready, features keep the bundled papers, and `onDidChange`
 * says when the library changed. If the worker stops, the bundled papers serve at once, the
 * stop is logged, and the worker is started again once, with the user's files read afresh.
 * A failure to load is logged to the "Papers" output channel and shown in the view's welcome
 * content through the `papers.state` context key, never thrown at the user unhandled.
 */
export class PaperStore implements vscode.Disposable {
  private bundled: Promise<Bundled | undefined> | undefined;
  private shipped: Promise<Uint8Array> | undefined;
  /** The engine worker started and given the bundled papers; undefined once it stops. */
  private engineLoad: Promise<void> | undefined;
  /** Settles once that worker was sent the bundled papers: what is asked after goes to it behind them. */
  private enginePosted: Promise<void> | undefined;
  /** The host's own bundled papers, once loaded (`result` undefined: they could not be). */
  private local: { result: Bundled | undefined } | undefined;
  /**
   * Once the host's own bundled papers were needed (the worker stopped, or there are no user
   * files), they finish loading even while a worker runs.
   */
  private localWanted = false;
  /** Counts the worker's loads, so that one dropped meanwhile is told apart. */
  private engineAttempt = 0;
  /** Callers of `library()` waiting for papers from either side. */
  private waiting: (() => void)[] = [];
  /** Whether `onDidLoadBundled` fired. */
  private announced = false;
  private remote: RemoteLibrary | undefined;
  private work: Promise<unknown> = Promise.resolve();
  /** Writing the latest snapshot of the worker's index to the cache, behind everything else. */
  private caching: Promise<unknown> = Promise.resolve();
  /** A bibliography's library waiting to be cached (`CACHE_AFTER_MS`). */
  private cacheLater: { timer: ReturnType<typeof setTimeout>; write(): void } | undefined;
  private generation = 0;
  /**
   * The user's files not yet given to the worker (undefined: unchanged since). Once given, their
   * bytes belong to the worker: the host keeps only whether there are any.
   */
  private pending: { corpus?: readonly CorpusInput[]; bibliographies?: readonly BibliographyInput[] } = {};
  private has = { corpus: false, bibliographies: false };
  /** Whether the corpus files and the bibliographies were each given once: until both were, a worker started early is kept. */
  private given = { corpus: false, bibliographies: false };
  private restarts = 0;
  private state: LoadState = 'loading';
  private engineState: EngineState = 'local';
  private failure: string | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the papers were (re)loaded, so views and pickers refresh. */
  readonly onDidChange = this.changed.event;
  private readonly bundledLoading = new vscode.EventEmitter<void>();
  /**
   * Fires when the papers are first needed and the bundled ones start loading: the moment to
   * read the user's files, side by side with the bundled ones rather than after them.
   */
  readonly onWillLoadBundled = this.bundledLoading.event;
  private readonly bundledLoaded = new vscode.EventEmitter<void>();
  /** Fires when the bundled papers were first needed and loaded. */
  readonly onDidLoadBundled = this.bundledLoaded.event;
  private readonly namesIndexed = new vscode.EventEmitter<void>();
  /**
   * Fires when the names of papers shown before they were indexed are searchable too (the papers
   * themselves did not change, so views that do not search need not show them again).
   */
  readonly onDidIndexNames = this.namesIndexed.event;
  private readonly bibliographiesRead = new vscode.EventEmitter<BibliographyReport>();
  /**
   * Fires when the bibliographies were read and their keys answer, before their names are
   * indexed: what depends on keys alone (the checks of citations) need not wait for the index.
   */
  readonly onDidReadBibliographies = this.bibliographiesRead.event;
  private readonly inputLost = new vscode.EventEmitter<void>();
  /** Fires when the engine was restarted and the user's files must be read and given again. */
  readonly onDidLoseInput = this.inputLost.event;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly cache: IndexCache,
    private readonly client: EngineClient,
    private readonly log: vscode.LogOutputChannel,
    private readonly workspaceState?: vscode.Memento,
  ) {
    this.subscriptions.push(client.onDidStop(reason => this.stopped(reason)));
  }

  get loadState(): LoadState { return this.state; }

  /** Whether this workspace's last session gave the engine worker files of the user's. */
  get hadUserFiles(): boolean {
    return this.workspaceState?.get(ENGINE_USED) === true;
  }

  /** Where searches run now (the quick pick says so while the engine restarts). */
  get engine(): EngineState { return this.engineState; }

  /** The papers if they are loaded already: unlike `library()`, this never starts loading them. */
  get loaded(): Library | undefined {
    return this.remote ?? this.local?.result?.local;
  }

  /**
   * The papers, loaded on first use; undefined when loading failed (already reported). While
   * the engine worker starts for the user's files they come from it: the host then does not
   * decode a copy of its own, which would take the CPU the worker needs and fill this thread's
   * heap (its garbage collection held the host for 80 to 130 ms).
   */
  async library(): Promise<Library | undefined> {
    void this.loadBundled();
    for (;;) {
      if (this.remote) return this.remote;
      if (this.local) return this.local.result?.local;
      await new Promise<void>(resolve => this.waiting.push(resolve));
    }
  }

  /** Papers became available (from the worker or here), or the worker went: `library()` looks again. */
  private wake(): void {
    if (!this.announced && (this.remote || this.local?.result)) {
      this.announced = true;
      queueMicrotask(() => this.bundledLoaded.fire());
    }
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** The worker is gone (stopped, not needed, or failed to load): the host's own bundled papers serve. */
  private dropEngine(): void {
    this.engineLoad = undefined;
    this.engineAttempt++;
    this.localWanted = true;
    this.wake();
  }

  /** Between slices of the host's own load: waits while the worker holds the papers and they are not wanted here. */
  private async yieldToEngine(): Promise<void> {
    await pause();
    while (this.engineLoad && !this.localWanted) await new Promise<void>(resolve => this.waiting.push(resolve));
  }

  /** For commands: the papers, or an error whose message tells the user what to do. */
  async require(): Promise<Library> {
    const library = await this.library();
    if (!library) throw new PapersUnavailableError(`The papers could not be loaded: ${this.failure}. See the "Papers" output for details.`);
    return library;
  }

  /** The user's bibliography files as the library last read them. */
  get bibliographies(): readonly BibliographyFileReport[] {
    return this.remote?.bibliographies ?? [];
  }

  /** Resolves once no user file is being given to the engine (its full text may still be indexing). */
  async merged(): Promise<void> {
    let seen: Promise<unknown>;
    do { seen = this.work; await seen; } while (seen !== this.work);
  }

  /** Resolves once the user's files are merged, indexed (full text too) and cached. */
  async settled(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.work;
      await seen;
      if (this.remote && this.client.running) await this.client.request({ type: 'settled' }).catch(() => undefined);
      await this.caching;
    } while (seen !== this.work);
  }

  /** Loads the bundled papers again from disk (the "Reload Papers" command, or after a failure). */
  async reload(): Promise<Library | undefined> {
    // A snapshot of the index on its way to the cache (or waiting to be) is worth keeping: the reload may use it.
    await this.cacheNow();
    this.bundled = undefined;
    this.local = undefined;
    this.shipped = undefined;
    this.remote = undefined;
    this.dropEngine();
    await this.client.stop();
    this.dropEngine();
    this.setEngine('local');
    const library = await this.library();
    this.changed.fire();
    return library;
  }

  /** Replaces the user's corpus files (empty: none). Runs after any earlier request; one overtaken by a newer one is dropped. */
  async applyUserFiles(files: readonly CorpusInput[]): Promise<UserCorpusReport | undefined> {
    this.pending.corpus = files;
    this.has.corpus = files.length > 0;
    this.given.corpus = true;
    if (files.length) this.prepareEngine();
    return (await this.schedule())?.corpus;
  }

  /** Replaces the user's bibliographies (empty: none), as `applyUserFiles` does for corpus files. */
  async applyBibliographies(files: readonly BibliographyInput[]): Promise<BibliographyReport | undefined> {
    this.pending.bibliographies = files;
    this.has.bibliographies = files.length > 0;
    this.given.bibliographies = true;
    if (files.length) this.prepareEngine();
    return (await this.schedule())?.bibliographies;
  }

  private schedule(): Promise<Merged | undefined> {
    const generation = ++this.generation;
    const run = this.work.then(() => generation === this.generation ? this.merge() : undefined);
    this.work = run.catch(error => this.log.error(`Could not give your files to the search engine: ${describe(error)}`));
    return run;
  }

  private async merge(): Promise<Merged | undefined> {
    if (!this.has.corpus && !this.has.bibliographies) {
      // Nothing of the user's: the bundled papers, here; the worker is not needed.
      if ((this.remote || this.client.running) && this.given.corpus && this.given.bibliographies) {
        this.remote = undefined;
        this.dropEngine();
        await this.caching;
        await this.client.stop();
        // A load started meanwhile went to the worker just stopped.
        this.dropEngine();
        this.setEngine('local');
        void this.workspaceState?.update(ENGINE_USED, undefined);
        this.changed.fire();
      }
      return { corpus: { added: 0, updated: 0, problems: [], fromCache: false }, bibliographies: { files: [], added: 0, joined: 0, parseMs: 0, readMs: 0, searchableMs: 0, fromCache: false } };
    }
    const started = performance.now();
    // The worker does not wait for the bundled papers to load here: it is given them as shipped.
    const shipped = await this.shippedFiles().catch(() => undefined);
    if (!shipped) {
      await this.loadBundled(); // which says why
      return undefined;
    }
    // The user's files go right behind the bundled papers, without waiting for them to load: a
    // library the worker takes whole from the cache holds them, and it then never decodes them.
    const load = this.startEngine();
    await Promise.race([load, this.enginePosted]);

    // What changed since the worker last heard (a new worker starts with none), then forgotten here.
    const { corpus, bibliographies } = this.pending;
    this.pending = {};
    // A corpus file's library is cached between sessions, under a hash of everything it depends on.
    // Named by each file's size and modification time, not its bytes: hashing a 100 MB file here
    // would hold up the extension host (and a save changes the time anyway).
    const cacheKey = corpus?.length ? await IndexCache.hash([INDEX_CACHE_VERSION, shipped, ...corpus.flatMap(f => [f.file, f.stamp])]) : undefined;
    // With no corpus files, the whole library (the bundled papers joined with the bibliographies)
    // is cached, named by each bibliography's size and time, in the order the documents name them.
    const bibliographyKey = bibliographies?.length && !this.has.corpus && bibliographies.every(b => b.stamp !== undefined)
      ? await IndexCache.hash([INDEX_CACHE_VERSION, 'bibliographies', shipped, ...bibliographies.flatMap(b => [b.uri, b.stamp!, (b.after ?? []).join('\n')])])
      : undefined;
    // On the desktop the worker reads the cache (and a corpus file) itself: nothing large passes through here.
    const readsFiles = this.client.readsFiles;
    const located = cacheKey && readsFiles ? await this.cache.locate(cacheKey) : undefined;
    const cachedBytes = cacheKey && !located ? await this.cache.get(cacheKey) : undefined;
    // The whole library's cache: on the desktop the worker tries its paths itself, and reads the
    // files when they are missing (looking first would cost a round trip to the disk on every start).
    const wholePaths = bibliographyKey && readsFiles ? this.cache.paths(bibliographyKey) : undefined;
    const wholeBytes = bibliographyKey && !wholePaths ? await this.cache.get(bibliographyKey) : undefined;
    const send = async (withCache: boolean): Promise<InputReport> => {
      let cached: CachedBytes | undefined;
      if (withCache && cacheKey && located) cached = { key: cacheKey, paths: located };
      else if (withCache && cacheKey && cachedBytes) cached = { key: cacheKey, bytes: bytesOf(cachedBytes) };
      else if (withCache && bibliographyKey && (wholePaths || wholeBytes)) {
        cached = wholePaths ? { key: bibliographyKey, paths: wholePaths } : { key: bibliographyKey, bytes: bytesOf(wholeBytes!) };
      }
      // With a cached library the files go by name only; otherwise by path, or read now.
      const files: CorpusBytes[] | undefined = corpus && await Promise.all(corpus.map(async (f): Promise<CorpusBytes> => {
        if (cached) return { file: f.file };
        if (f.path !== undefined && readsFiles) return { file: f.file, path: f.path };
        return { file: f.file, bytes: buffer(await f.read()) };
      }));
      // The bytes change hands (transferred, not copied): the worker owns them from here. Beside a
      // whole cached library they go too: the worker reads them only if that cannot stand for them.
      const bibs: BibliographyBytes[] | undefined = bibliographies?.map(b => ({ uri: b.uri, file: b.file, bytes: b.bytes && buffer(b.bytes), path: b.path, after: b.after }));
      const transfer = [...(files ?? []).flatMap(f => (f.bytes ? [f.bytes] : [])), ...(bibs ?? []).flatMap(b => (b.bytes ? [b.bytes] : [])), ...(cached && 'bytes' in cached ? Object.values(cached.bytes) : [])];
      const request: Request = { type: 'setInput', corpus: files, bibliographies: bibs, cacheKey, bibliographyKey, cached };
      return this.client.request(request, transfer);
    };
    const withCache = located !== undefined || cachedBytes !== undefined || wholePaths !== undefined || wholeBytes !== undefined;
    let report = await send(withCache);
    if (report.needsFiles && withCache) {
      // The corpus files' cached library could not be read (damaged, or of another format): the files are read.
      // (A whole library's cache that cannot stand for the bibliographies never comes back here: the worker reads them itself.)
      this.log.info('The cached library of your files could not be used; reading the files again.');
      report = await send(false);
    }
    if (report.needsFiles) {
      // The worker holds bibliographies a cached library stood for, by name only, and the corpus files changed: every file is given again.
      this.inputLost.fire();
      return undefined;
    }
    this.remote = new RemoteLibrary(this.client, report.papers, report.bibliographies.files);
    // Callers of `library()` may still wait: a library from the cache can come before the bundled papers' own reply.
    this.wake();
    this.setEngine('worker');
    void this.workspaceState?.update(ENGINE_USED, true);
    const early = report.indexing === true;
    if (early) {
      // The keys answer already (hover, Go to Definition, the checks of citations); what lists
      // papers (the views, completion) is answered once the worker has joined the entries to the
      // bundled papers, and shown while it indexes their names, the longest step (1.2 to 1.6 s of
      // a 7,000-entry library while a window loads). Only what searches is told again when it is
      // done: showing a view twice in a moment can drop a click on it.
      this.setState(report.papers ? 'ready' : 'empty');
      this.changed.fire();
      this.bibliographiesRead.fire(bibliographyReport(report, this.has.corpus));
      const keysReport = this.remote;
      report = await this.client.request({ type: 'indexed' });
      // The same papers, their names now searchable too: those already asked for are kept.
      this.remote = keysReport.withReport(report.papers, report.bibliographies.files);
    }
    clearTimeout(this.cacheLater?.timer);
    this.cacheLater = undefined;
    if (report.snapshotWanted) {
      // On the desktop the worker writes the cache itself; elsewhere its bytes come here to be written.
      const key = (cacheKey ?? bibliographyKey)!;
      const write = () => {
        this.cacheLater = undefined;
        // The worker stopped meanwhile (Reload Papers, no files left, a crash): its library went with it.
        if (!this.client.running) return;
        this.caching = (readsFiles ? this.cache.target(key) : Promise.resolve(undefined))
          .then(paths => this.client.request({ type: 'snapshot', key, paths }))
          .then(snapshot => {
            if (!snapshot) return undefined;
            if ('written' in snapshot) return this.cache.prune(snapshot.key);
            return this.cache.put(snapshot.key, {
              papers: new Uint8Array(snapshot.papers), names: new Uint8Array(snapshot.names), text: new Uint8Array(snapshot.text), meta: new Uint8Array(snapshot.meta),
            });
          })
          .catch(error => this.log.warn(`Could not cache the index of your files: ${describe(error)}`));
      };
      // A bibliography's library is cached once it has stayed the same a while: making the cache
      // holds the worker about a second (more while other work runs), which a writer would feel
      // as a slow hover or quick fix just after the file was read, and after each save of it.
      if (bibliographyKey) this.cacheLater = { timer: setTimeout(write, CACHE_AFTER_MS), write };
      else write();
    }
    const { index } = report;
    this.log.info(`Your papers: ${report.corpus.added} from corpus files, ${report.bibliographies.added} from bibliographies (${report.bibliographies.joined} joined to known papers); `
      + `${report.papers} papers, index ${index.fromCache ? 'from the cache, ' : ''}${index.added} added, ${index.changed} changed, ${index.removed} removed; `
      + `bibliographies parsed in ${report.parseMs.toFixed(0)} ms and read in ${report.readMs.toFixed(0)} ms, every name searchable after ${report.searchableMs.toFixed(0)} ms (${(performance.now() - started).toFixed(0)} ms in all)`);
    this.setState(report.papers ? 'ready' : 'empty');
    if (early) this.namesIndexed.fire();
    else this.changed.fire();
    return {
      corpus: { ...report.corpus, fromCache: index.fromCache },
      bibliographies: bibliographyReport(report, this.has.corpus),
    };
  }

  /** The worker stopped: the bundled papers serve at once; it starts again once, with the user's files read afresh. */
  private stopped(reason: string): void {
    this.remote = undefined;
    this.dropEngine();
    this.changed.fire();
    if (this.restarts >= 1) {
      this.setEngine('failed');
      void vscode.window.showWarningMessage(`Papers: the search engine stopped again (${reason}), so only the bundled papers can be searched. Reload the window to try again; the "Papers" output has the details.`, 'Show Log')
        .then(choice => { if (choice) this.log.show(); });
      return;
    }
    this.restarts++;
    this.setEngine('restarting');
    this.log.warn('Restarting the search engine and giving it your files again.');
    this.inputLost.fire();
  }

  /** Whether the engine worker reads files by path (on the desktop). */
  get readsFiles(): boolean {
    return this.client.readsFiles;
  }

  /**
   * Starts the engine worker for the user's files as soon as they are known, so that it loads the
   * bundled papers while the host still finds and reads the files, rather than after.
   */
  prepareEngine(): void {
    if (this.engineLoad || this.engineState === 'failed') return;
    this.startEngine().catch(() => undefined);
  }

  /**
   * Starts the engine worker and gives it the bundled papers, once per worker. They are searched
   * there at once, before the user's files are merged in.
   */
  private startEngine(): Promise<void> {
    if (!this.engineLoad) {
      let posted!: () => void;
      this.enginePosted = new Promise<void>(resolve => { posted = resolve; });
      const load = this.loadEngine(++this.engineAttempt, posted);
      this.engineLoad = load;
      // A load that failed is tried again by the next request; meanwhile the host's own papers serve.
      load.catch(() => { if (this.engineLoad === load) this.dropEngine(); });
    }
    return this.engineLoad;
  }

  private async loadEngine(attempt: number, posted: () => void): Promise<void> {
    // The worker boots (its script is evaluated) while the shipped files are read, not after.
    this.client.warmUp().catch(() => undefined);
    const library = await this.shippedFiles();
    if (this.engineState !== 'restarting') this.setEngine('starting');
    const loading = this.client.request({ type: 'load', library: own(library) });
    posted();
    const size = await loading;
    // Dropped meanwhile (`dropEngine`), or the user's files merged in already.
    if (attempt !== this.engineAttempt || this.remote) return;
    this.remote = new RemoteLibrary(this.client, size, [], undefined, true);
    this.setState(size ? 'ready' : 'empty');
    this.wake();
  }

  /** The shipped library (dist/library.lz), read once (the host decodes its own copy; the worker is sent another). */
  private shippedFiles(): Promise<Uint8Array> {
    this.shipped ??= this.readShipped();
    return this.shipped;
  }

  private loadBundled(): Promise<Bundled | undefined> {
    if (!this.bundled) {
      const run = this.readBundled();
      this.bundled = run;
      void run.then(result => {
        if (this.bundled !== run) return;
        this.local = { result };
        this.wake();
      });
    }
    return this.bundled;
  }

  private async readBundled(): Promise<Bundled | undefined> {
    const started = performance.now();
    this.setState('loading');
    queueMicrotask(() => this.bundledLoading.fire());
    // This workspace had files of the user's last time: they will be found again in a moment.
    if (this.hadUserFiles) this.prepareEngine();
    try {
      // Read while the engine loads. (Awaited below; the catch only keeps a failure to load the
      // engine from leaving this promise's own failure unhandled.)
      const reading = this.shippedFiles();
      reading.catch(() => undefined);
      const { LibraryService } = await engineLoaded();
      const shipped = await reading;
      // Decoded a slice at a time, waiting while the engine worker holds the papers (`yieldToEngine`).
      const parts = await this.decode(shipped);
      await this.yieldToEngine();
      const service = await LibraryService.loadInSlices(libraryText(parts));
      service.fullText.catch(error => this.log.error(`Could not load the full-text index, so searches cover titles, keys and organisations only: ${describe(error)}`));
      this.log.info(`Loaded ${service.size} papers and their index in ${(performance.now() - started).toFixed(1)} ms`);
      // The worker's papers may be what the views show by now.
      if (!this.remote) this.setState(service.size ? 'ready' : 'empty');
      return { local: new LocalLibrary(service) };
    } catch (error) {
      this.failure = describe(error);
      this.log.error(`Could not load the papers: ${this.failure}`);
      this.setState('failed');
      return undefined;
    }
  }

  /** dist/library.lz, the compressed library the extension ships. */
  private async readShipped(): Promise<Uint8Array> {
    const uri = this.shippedUri();
    try {
      return await disk.readFile(uri);
    } catch (error) {
      throw this.unreadable(uri, error);
    }
  }

  /** The shipped library decoded, a slice at a time (45 ms of work warm, 75 to 85 cold: more than the host may be held), in its three parts. */
  private async decode(bytes: Uint8Array): Promise<LibraryParts<Uint8Array>> {
    try {
      return splitLibrary(await lzmaDecodeInSlices(bytes, () => this.yieldToEngine()));
    } catch (error) {
      throw this.unreadable(this.shippedUri(), error);
    }
  }

  private shippedUri(): vscode.Uri {
    return vscode.Uri.joinPath(this.extensionUri, 'dist', shippedName(LIBRARY_FILE));
  }

  private unreadable(uri: vscode.Uri, error: unknown): Error {
    return new Error(`cannot read ${uri.fsPath}: ${describe(error)} (reinstall the extension; in a checkout, run "npm run build")`);
  }

  private setState(state: LoadState): void {
    this.state = state;
    void vscode.commands.executeCommand('setContext', ContextKeys.state, state);
  }

  private setEngine(state: EngineState): void {
    this.engineState = state;
  }

  /** Caches a library waiting to be (`CACHE_AFTER_MS`) now, and resolves once it is written. */
  async cacheNow(): Promise<void> {
    await this.work;
    const later = this.cacheLater;
    clearTimeout(later?.timer);
    later?.write();
    await this.caching;
  }

  dispose(): void {
    clearTimeout(this.cacheLater?.timer);
    this.changed.dispose();
    this.bundledLoading.dispose();
    this.bundledLoaded.dispose();
    this.namesIndexed.dispose();
    this.bibliographiesRead.dispose();
    this.inputLost.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}

/** A one-line reason for an error, including zod's issue path for a corrupt corpus. */
export function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'issues' in error && Array.isArray(error.issues)) {
    return `the corpus is invalid: ${firstIssue(error as { issues: [] })}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** What a merge says of the bibliographies (a library taken from the cache stands for them only with no corpus files). */
function bibliographyReport(report: InputReport, withCorpus: boolean): BibliographyReport {
  return { ...report.bibliographies, parseMs: report.parseMs, readMs: report.readMs, searchableMs: report.searchableMs, fromCache: report.index.fromCache && !withCorpus };
}
