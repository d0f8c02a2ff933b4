import vscode = require('vscode');
import { pause } from '../../core/util/pause';
import type { InputReport } from '../../engine/protocol';
import type { WebInput } from '../../engine/web';
import type { EngineClient } from '../engine/client';
import { ContextKeys } from '../ids';
import { Sequencer } from '../util/async';
import { Disposable } from '../util/dispose';
import { describe, PapersUnavailableError } from '../util/errors';
import { ShippedLibrary } from './bundled';
import type { IndexCache } from './indexCache';
import { RemoteLibrary, type BibliographyFileReport, type Library, type LocalLibrary } from './library';
import { SnapshotWriter } from './snapshots';
import { bibliographyReport, giveUserFiles, type BibliographyInput, type BibliographyReport, type CorpusInput, type UserCorpusReport, type UserFiles } from './userFiles';
import { WorkerStart } from './worker';

export type { BibliographyInput, BibliographyReport, CorpusInput, UserCorpusReport } from './userFiles';

export type LoadState = 'loading' | 'ready' | 'failed' | 'empty';
/** Where searches run: here (bundled papers only), in the engine worker, or here again while it restarts. */
export type EngineState = 'local' | 'starting' | 'worker' | 'restarting' | 'failed';

interface Merged { corpus: UserCorpusReport; bibliographies: BibliographyReport }

/** Remembered per workspace: its last session gave the engine worker user files, so the next starts it at once. */
const ENGINE_USED = 'papers.engineUsed';

const NOTHING: Merged = {
  corpus: { added: 0, updated: 0, problems: [], fromCache: false },
  bibliographies: { files: [], added: 0, joined: 0, parseMs: 0, readMs: 0, searchableMs: 0, fromCache: false },
};

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
export class PaperStore extends Disposable {
  private readonly shipped: ShippedLibrary;
  private readonly worker: WorkerStart;
  private readonly snapshots: SnapshotWriter;
  /** The user's files, given to the worker one change after another; a change overtaken by a newer one is dropped. */
  private readonly merges: Sequencer;
  private generation = 0;
  /** The host's own bundled papers: loading, and once loaded (`result` undefined: they could not be). */
  private bundled: Promise<LocalLibrary | undefined> | undefined;
  private local: { result: LocalLibrary | undefined } | undefined;
  /**
   * Once the host's own bundled papers were needed (the worker stopped, or there are no user
   * files), they finish loading even while a worker runs.
   */
  private localWanted = false;
  /** Callers of `library()` waiting for papers from either side. */
  private waiting: (() => void)[] = [];
  /** Whether `onDidLoadBundled` fired. */
  private announced = false;
  private remote: RemoteLibrary | undefined;
  /**
   * The user's files not yet given to the worker (undefined: unchanged since). Once given, their
   * bytes belong to the worker: the host keeps only whether there are any.
   */
  private pending: UserFiles = {};
  private has = { corpus: false, bibliographies: false, web: false };
  /** The papers fetched from the web as last given, for a worker that lost them; and what their last join said. */
  private web: WebInput | undefined;
  private webJoin: InputReport['web'];
  /** Whether the corpus files and the bibliographies were each given once: until both were, a worker started early is kept. */
  private given = { corpus: false, bibliographies: false };
  private restarts = 0;
  private state: LoadState = 'loading';
  private engineState: EngineState = 'local';
  private failure: string | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when the papers were (re)loaded, so views and pickers refresh. */
  readonly onDidChange = this.changed.event;
  private readonly bundledLoading = this.register(new vscode.EventEmitter<void>());
  /**
   * Fires when the papers are first needed and the bundled ones start loading: the moment to
   * read the user's files, side by side with the bundled ones rather than after them.
   */
  readonly onWillLoadBundled = this.bundledLoading.event;
  private readonly bundledLoaded = this.register(new vscode.EventEmitter<void>());
  /** Fires when the bundled papers were first needed and loaded. */
  readonly onDidLoadBundled = this.bundledLoaded.event;
  private readonly namesIndexed = this.register(new vscode.EventEmitter<void>());
  /**
   * Fires when more of the library became searchable: the names of papers shown before they were
   * indexed, or the bundled papers' abstracts in the host (the papers themselves did not change,
   * so views that do not search need not show them again).
   */
  readonly onDidIndexNames = this.namesIndexed.event;
  private readonly bibliographiesRead = this.register(new vscode.EventEmitter<BibliographyReport>());
  /**
   * Fires when the bibliographies were read and their keys answer, before their names are
   * indexed: what depends on keys alone (the checks of citations) need not wait for the index.
   */
  readonly onDidReadBibliographies = this.bibliographiesRead.event;
  private readonly inputLost = this.register(new vscode.EventEmitter<void>());
  /** Fires when the engine was restarted and the user's files must be read and given again. */
  readonly onDidLoseInput = this.inputLost.event;

  constructor(
    extensionUri: vscode.Uri,
    private readonly cache: IndexCache,
    private readonly client: EngineClient,
    private readonly log: vscode.LogOutputChannel,
    private readonly workspaceState?: vscode.Memento,
  ) {
    super();
    this.shipped = new ShippedLibrary(extensionUri, log);
    this.snapshots = this.register(new SnapshotWriter(client, cache, log));
    this.merges = new Sequencer(error => this.log.error(`Could not give your files to the search engine: ${describe(error)}`));
    this.worker = new WorkerStart(client, this.shipped, {
      starting: () => { if (this.engineState !== 'restarting') this.setEngine('starting'); },
      loaded: size => {
        // The user's files merged in already: their library stands.
        if (this.remote) return;
        this.remote = new RemoteLibrary(this.client, size, [], undefined, true);
        this.setState(size ? 'ready' : 'empty');
        this.wake();
        // Searches answered by the host's own papers may have missed the abstracts (their index
        // loads last there, and waits while the worker runs): the worker's papers answer them again.
        if (this.local?.result) this.namesIndexed.fire();
      },
      failed: () => this.dropEngine(),
    });
    this.register(client.onDidStop(reason => this.stopped(reason)));
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
    return this.remote ?? this.local?.result;
  }

  /**
   * The papers, loaded on first use; undefined when loading failed (already reported). While
   * the engine worker starts for the user's files they come from it: the host then does not
   * decode a copy of its own, which would take the CPU the worker needs and fill this thread's
   * heap (and its garbage collection would hold the host).
   */
  async library(): Promise<Library | undefined> {
    void this.loadBundled();
    for (;;) {
      if (this.remote) return this.remote;
      if (this.local) return this.local.result;
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
    this.worker.drop();
    this.localWanted = true;
    this.wake();
  }

  /** Between slices of the host's own load: waits while the worker holds the papers and they are not wanted here. */
  private async yieldToEngine(): Promise<void> {
    await pause();
    while (this.worker.started && !this.localWanted) await new Promise<void>(resolve => this.waiting.push(resolve));
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
  merged(): Promise<void> {
    return this.merges.settled();
  }

  /** Resolves once the user's files are merged, indexed (full text too) and cached. */
  async settled(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.merges.current;
      await seen;
      if (this.remote && this.client.running) await this.client.request({ type: 'settled' }).catch(() => undefined);
      await this.snapshots.settled();
    } while (seen !== this.merges.current);
  }

  /** Loads the bundled papers again from disk (the "Reload Papers" command, or after a failure). */
  async reload(): Promise<Library | undefined> {
    // A snapshot of the index on its way to the cache (or waiting to be) is worth keeping: the reload may use it.
    await this.cacheNow();
    this.bundled = undefined;
    this.local = undefined;
    this.shipped.forget();
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

  /**
   * Replaces the papers fetched from the web (src/host/web): they join the library in the engine
   * worker. Answers each one's key, once the library that holds them (or a newer one) is in.
   */
  async applyWebPapers(web: WebInput): Promise<InputReport['web']> {
    this.web = web;
    this.pending.web = web;
    this.has.web = web.batches.length > 0;
    if (this.has.web) this.prepareEngine();
    await this.schedule();
    // Overtaken by a newer change: that one gave them too.
    await this.merged();
    return this.webJoin;
  }

  private schedule(): Promise<Merged | undefined> {
    const generation = ++this.generation;
    return this.merges.queue(() => (generation === this.generation ? this.merge() : undefined));
  }

  private async merge(): Promise<Merged | undefined> {
    // (Fetched papers taken away still have to be taken out of the worker's library.)
    if (!this.has.corpus && !this.has.bibliographies && !this.has.web && !(this.pending.web && this.remote)) {
      await this.leaveWorker();
      return NOTHING;
    }
    const started = performance.now();
    // The worker does not wait for the bundled papers to load here: it is given them as shipped.
    const shipped = await this.shipped.read().catch(() => undefined);
    if (!shipped) {
      await this.loadBundled(); // which says why
      return undefined;
    }
    // The user's files go right behind the bundled papers, without waiting for them to load: a
    // library the worker takes whole from the cache holds them, and it then never decodes them.
    await this.worker.sent();
    // What changed since the worker last heard (a new worker starts with none), then forgotten here.
    const files = this.pending;
    this.pending = {};
    const given = await giveUserFiles(this.client, this.cache, this.log, shipped, files, this.has.corpus, this.has.web);
    let report = given.report;
    if (report.needsFiles) {
      // The worker kept none of this call: the fetched papers go with the files given again.
      this.pending.web ??= this.web;
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
    if (early) report = await this.indexedAfterKeys(report);
    if (report.web) this.webJoin = report.web;
    this.snapshots.cancel();
    if (report.snapshotWanted) this.snapshots.schedule(given.key!, given.ofBibliographies);
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

  /**
   * The keys answer already (hover, Go to Definition, the checks of citations); what lists papers
   * (the views, completion) is answered once the worker has joined the entries to the bundled
   * papers, and shown while it indexes their names, the longest step. Only what searches is told
   * again when it is done: showing a view twice in a moment can drop a click on it.
   */
  private async indexedAfterKeys(report: InputReport): Promise<InputReport> {
    this.setState(report.papers ? 'ready' : 'empty');
    this.changed.fire();
    this.bibliographiesRead.fire(bibliographyReport(report, this.has.corpus));
    const keysReport = this.remote!;
    const indexed = await this.client.request({ type: 'indexed' });
    // The same papers, their names now searchable too: those already asked for are kept.
    this.remote = keysReport.withReport(indexed.papers, indexed.bibliographies.files);
    return indexed;
  }

  /** Nothing of the user's is left: the bundled papers serve here, and the worker is not needed. */
  private async leaveWorker(): Promise<void> {
    if (!(this.remote || this.client.running) || !this.given.corpus || !this.given.bibliographies) return;
    this.remote = undefined;
    this.dropEngine();
    await this.snapshots.settled();
    await this.client.stop();
    // A load started meanwhile went to the worker just stopped.
    this.dropEngine();
    this.setEngine('local');
    void this.workspaceState?.update(ENGINE_USED, undefined);
    this.changed.fire();
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
    if (this.has.web) this.pending.web = this.web;
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
    if (this.worker.started || this.engineState === 'failed') return;
    this.worker.start().catch(() => undefined);
  }

  private loadBundled(): Promise<LocalLibrary | undefined> {
    if (!this.bundled) {
      const run = this.readBundled();
      this.bundled = run;
      void run.then(result => {
        if (this.bundled !== run) return;
        this.local = { result };
        this.wake();
        // The abstracts' index loads behind the names: a search made before it must be asked again.
        result?.service.fullText.then(() => { if (this.local?.result === result) this.namesIndexed.fire(); }, () => undefined);
      });
    }
    return this.bundled;
  }

  private async readBundled(): Promise<LocalLibrary | undefined> {
    const started = performance.now();
    this.setState('loading');
    queueMicrotask(() => this.bundledLoading.fire());
    // This workspace had files of the user's last time: they will be found again in a moment.
    if (this.hadUserFiles) this.prepareEngine();
    try {
      // Decoded a slice at a time, waiting while the engine worker holds the papers (`yieldToEngine`).
      const local = await this.shipped.load(() => this.yieldToEngine());
      this.log.info(`Loaded ${local.size} papers and their index in ${(performance.now() - started).toFixed(1)} ms`);
      // The worker's papers may be what the views show by now.
      if (!this.remote) this.setState(local.size ? 'ready' : 'empty');
      return local;
    } catch (error) {
      this.failure = describe(error);
      this.log.error(`Could not load the papers: ${this.failure}`);
      this.setState('failed');
      return undefined;
    }
  }

  private setState(state: LoadState): void {
    this.state = state;
    void vscode.commands.executeCommand('setContext', ContextKeys.state, state);
  }

  private setEngine(state: EngineState): void {
    this.engineState = state;
  }

  /** Caches a library waiting to be now, and resolves once it is written. */
  async cacheNow(): Promise<void> {
    await this.merges.current;
    await this.snapshots.now();
  }
}
