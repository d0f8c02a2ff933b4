// The library, as every feature asks for it. Its parts each have a file: where the papers are, the
// host's own or the engine worker's (holder.ts), the user's files given to the worker (merges.ts),
// restarts of a worker that stopped (restarts.ts), the load state the views show (loadState.ts) and
// the events (storeEvents.ts).
import type vscode = require('vscode');
import type { InputReport, Ranked } from '../../engine/protocol';
import type { CitedLinks } from '../../core/web/suggest';
import type { WebInput } from '../../engine/web';
import type { ZoteroInput } from '../../core/zotero/join';
import type { EngineClient } from '../engine/client';
import { Disposable } from '../util/dispose';
import { PapersUnavailableError } from '../util/errors';
import { LibraryHolder } from './holder';
import type { IndexCache } from './indexCache';
import type { BibliographyFileReport, GroupRow, Library } from './library';
import { LibraryStatus, type EngineState, type LoadState } from './loadState';
import { ENGINE_USED, UserFileMerges, type ZoteroKeys } from './merges';
import { Restarts } from './restarts';
import { SnapshotWriter } from './snapshots';
import { StoreEvents } from './storeEvents';
import type { BibliographyInput, BibliographyReport, CorpusInput, UserCorpusReport } from './userFiles';

export type { BibliographyInput, BibliographyReport, CorpusInput, UserCorpusReport } from './userFiles';
export type { EngineState, LoadState } from './loadState';

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
  private readonly events = this.register(new StoreEvents());
  private readonly status = new LibraryStatus();
  private readonly holder: LibraryHolder;
  private readonly merges: UserFileMerges;
  private readonly snapshots: SnapshotWriter;
  private readonly restarts: Restarts;
  /** Fires when the papers were (re)loaded, so views and pickers refresh. */
  readonly onDidChange = this.events.changed.event;
  /**
   * Fires when the papers are first needed and the bundled ones start loading: the moment to
   * read the user's files, side by side with the bundled ones rather than after them.
   */
  readonly onWillLoadBundled = this.events.willLoadBundled.event;
  /** Fires when the bundled papers were first needed and loaded. */
  readonly onDidLoadBundled = this.events.didLoadBundled.event;
  /**
   * Fires when more of the library became searchable: the names of papers shown before they were
   * indexed, the bundled papers' abstracts in the host, or the engine worker's abstracts after it
   * answered a search without them (the papers themselves did not change, so views that do not
   * search need not show them again).
   */
  readonly onDidIndexNames = this.events.namesIndexed.event;
  /**
   * Fires when the bibliographies were read and their keys answer, before their names are
   * indexed: what depends on keys alone (the checks of citations) need not wait for the index.
   */
  readonly onDidReadBibliographies = this.events.bibliographiesRead.event;
  /** Fires when the engine was restarted and the user's files must be read and given again. */
  readonly onDidLoseInput = this.events.inputLost.event;
  /** Whether `onWillLoadBundled` and `onDidLoadBundled` have fired (for listeners that come later: `whenLoading`, `whenLoaded`). */
  #loading = false;
  #loaded = false;

  constructor(
    extensionUri: vscode.Uri,
    cache: IndexCache,
    private readonly client: EngineClient,
    log: vscode.LogOutputChannel,
    private readonly workspaceState?: vscode.Memento,
  ) {
    super();
    this.holder = new LibraryHolder(extensionUri, client, this.status, this.events, log, () => this.hadUserFiles);
    this.snapshots = this.register(new SnapshotWriter(client, cache, log));
    this.merges = new UserFileMerges(client, cache, this.holder, this.snapshots, this.status, this.events, log, workspaceState);
    this.restarts = new Restarts(this.status, log);
    this.register(client.onDidStop(reason => this.stopped(reason)));
    this.register(this.onWillLoadBundled(() => { this.#loading = true; }));
    this.register(this.onDidLoadBundled(() => { this.#loaded = true; }));
  }

  /**
   * `onWillLoadBundled` for a listener that may come after it fired (what is made on first use):
   * `then` runs at once if the papers were first needed already, and again whenever it fires.
   */
  whenLoading(then: () => void): vscode.Disposable {
    if (this.#loading) then();
    return this.onWillLoadBundled(then);
  }

  /** `onDidLoadBundled` likewise: at once if the bundled papers were loaded already, and whenever it fires. */
  whenLoaded(then: () => void): vscode.Disposable {
    if (this.#loaded) then();
    return this.onDidLoadBundled(then);
  }

  get loadState(): LoadState { return this.status.state; }

  /** Whether this workspace's last session gave the engine worker files of the user's. */
  get hadUserFiles(): boolean {
    return this.workspaceState?.get(ENGINE_USED) === true;
  }

  /** Where searches run now (the quick pick says so while the engine restarts). */
  get engine(): EngineState { return this.status.engine; }

  /** The papers if they are loaded already: unlike `library()`, this never starts loading them. */
  get loaded(): Library | undefined {
    return this.holder.loaded;
  }

  /**
   * The papers, loaded on first use; undefined when loading failed (already reported). They come
   * from whichever side has them first: the host's own copy or the engine worker's (see
   * `LibraryHolder.yieldToEngine` for when the host leaves them to the worker).
   */
  library(): Promise<Library | undefined> {
    return this.holder.library();
  }

  /**
   * The bundled papers' topics and counts as the build wrote them, for the Papers view before the
   * library has loaded; none once loading failed, so that the view's welcome says why.
   */
  async bundledTopics(): Promise<GroupRow[] | undefined> {
    if (this.status.state === 'failed') return undefined;
    return this.holder.shipped.treeTop();
  }

  /** For commands: the papers, or an error whose message tells the user what to do. */
  async require(): Promise<Library> {
    const library = await this.library();
    if (!library) throw new PapersUnavailableError(`The papers could not be loaded: ${this.status.failure}. See the "Papers" output for details.`);
    return library;
  }

  /** The user's bibliography files as the library last read them. */
  get bibliographies(): readonly BibliographyFileReport[] {
    return this.holder.remote?.bibliographies ?? [];
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
      if (this.holder.remote && this.client.running) await this.client.request({ type: 'settled' }).catch(() => undefined);
      await this.snapshots.settled();
    } while (seen !== this.merges.current);
  }

  /** Loads the bundled papers again from disk (the "Reload Papers" command, or after a failure). */
  async reload(): Promise<Library | undefined> {
    // A snapshot of the index on its way to the cache (or waiting to be) is worth keeping: the reload may use it.
    await this.cacheNow();
    this.holder.forget();
    this.holder.dropEngine();
    await this.client.stop();
    this.holder.dropEngine();
    this.status.setEngine('local');
    const library = await this.library();
    this.events.changed.fire();
    return library;
  }

  /** Replaces the user's corpus files (empty: none). Runs after any earlier request; one overtaken by a newer one is dropped. */
  applyUserFiles(files: readonly CorpusInput[]): Promise<UserCorpusReport | undefined> {
    return this.merges.applyUserFiles(files);
  }

  /** Replaces the user's bibliographies (empty: none), as `applyUserFiles` does for corpus files. */
  applyBibliographies(files: readonly BibliographyInput[]): Promise<BibliographyReport | undefined> {
    return this.merges.applyBibliographies(files);
  }

  /**
   * Replaces the papers fetched from the web (src/host/web): they join the library in the engine
   * worker. Answers each one's key, once the library that holds them (or a newer one) is in.
   */
  applyWebPapers(web: WebInput): Promise<InputReport['web']> {
    return this.merges.applyWebPapers(web);
  }

  /**
   * Replaces the Zotero library's items (src/host/zotero; none: Zotero is off or out of reach): they
   * join the library in the engine worker. Answers each item's key, once the library holds them.
   */
  applyZoteroItems(zotero: ZoteroInput): Promise<ZoteroKeys | undefined> {
    return this.merges.applyZoteroItems(zotero);
  }

  /**
   * Ranks what a document is missing in the engine worker, off this thread (core/web/suggest.ts):
   * its cited papers' links go there; each suggestion comes back by its place in them (`suggestionsAt` reads it).
   */
  rankSuggestions(links: CitedLinks[], cited: ReadonlySet<string>, dismissed: ReadonlySet<string>): Promise<Ranked[]> {
    return this.client.request({ type: 'suggest', links, cited: [...cited], dismissed: [...dismissed] });
  }

  /** The worker stopped: the bundled papers serve at once; it starts again once, with the user's files read afresh. */
  private stopped(reason: string): void {
    this.holder.remote = undefined;
    this.holder.dropEngine();
    this.events.changed.fire();
    if (!this.restarts.again(reason)) return;
    this.merges.lost();
    this.events.inputLost.fire();
  }

  /** Whether the engine worker reads files by path (on the desktop). */
  get readsFiles(): boolean {
    return this.client.readsFiles;
  }

  /** Starts the engine worker for the user's files as soon as they are known (holder.ts). */
  prepareEngine(): void {
    this.holder.prepareEngine();
  }

  /** Caches a library waiting to be now, and resolves once it is written. */
  async cacheNow(): Promise<void> {
    await this.merges.current;
    await this.snapshots.now();
  }
}
