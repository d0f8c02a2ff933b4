// Where the library is: the host's own bundled papers, loaded here the first time a feature asks
// (they are small), or the engine worker's, once the user's files moved the library there. Callers
// of `library()` wait until one side has papers; the host's own copy is not decoded while the
// worker holds the papers, unless it is wanted (the worker stopped, or there are no user files).
import type vscode = require('vscode');
import type { IndexPart } from '../../core/search/indexing';
import { pause } from '../../core/util/pause';
import type { EngineClient } from '../engine/client';
import { describe } from '../util/errors';
import { ShippedLibrary } from './bundled';
import { RemoteLibrary, type Library, type LocalLibrary } from './library';
import type { LibraryStatus } from './loadState';
import type { StoreEvents } from './storeEvents';
import { WorkerStart } from './workerStart';

export class LibraryHolder {
  readonly shipped: ShippedLibrary;
  readonly worker: WorkerStart;
  #remote: RemoteLibrary | undefined;
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
  /** Whether `didLoadBundled` fired. */
  private announced = false;

  constructor(
    extensionUri: vscode.Uri,
    private readonly client: EngineClient,
    private readonly status: LibraryStatus,
    private readonly events: StoreEvents,
    private readonly log: vscode.LogOutputChannel,
    /** Whether this workspace's last session gave the engine worker files of the user's. */
    private readonly hadUserFiles: () => boolean,
  ) {
    this.shipped = new ShippedLibrary(extensionUri, log);
    this.worker = new WorkerStart(client, this.shipped, {
      starting: () => { if (this.status.engine !== 'restarting') this.status.setEngine('starting'); },
      loaded: size => {
        // The user's files merged in already: their library stands.
        if (this.remote) return;
        this.remote = new RemoteLibrary(this.client, size, [], undefined, true);
        this.status.setState(size ? 'ready' : 'empty');
        this.wake();
        // Searches answered by the host's own papers may have missed the abstracts (their index
        // loads last there, and waits while the worker runs): the worker's papers answer them again.
        if (this.local?.result) this.events.namesIndexed.fire();
      },
      failed: () => this.dropEngine(),
    });
  }

  /** The engine worker's library, once it holds the papers. */
  get remote(): RemoteLibrary | undefined {
    return this.#remote;
  }

  set remote(library: RemoteLibrary | undefined) {
    this.#remote = library;
    // A search it answered before the worker's abstracts were in is asked again once they are.
    library?.onSearchable(() => { if (this.#remote === library) this.events.namesIndexed.fire(); });
  }

  /** The papers if they are loaded already: unlike `library()`, this never starts loading them. */
  get loaded(): Library | undefined {
    return this.remote ?? this.local?.result;
  }

  /** The papers, loaded on first use; undefined when loading failed (already reported). */
  async library(): Promise<Library | undefined> {
    void this.loadBundled();
    for (;;) {
      if (this.remote) return this.remote;
      if (this.local) return this.local.result;
      await new Promise<void>(resolve => this.waiting.push(resolve));
    }
  }

  /** Papers became available (from the worker or here), or the worker went: `library()` looks again. */
  wake(): void {
    if (!this.announced && (this.remote || this.local?.result)) {
      this.announced = true;
      queueMicrotask(() => this.events.didLoadBundled.fire());
    }
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** The worker is gone (stopped, not needed, or failed to load): the host's own bundled papers serve. */
  dropEngine(): void {
    this.worker.drop();
    this.localWanted = true;
    this.wake();
  }

  /** Forgets every copy of the papers (Reload Papers reads them again from disk). */
  forget(): void {
    this.bundled = undefined;
    this.local = undefined;
    this.shipped.forget();
    this.remote = undefined;
  }

  /**
   * Starts the engine worker for the user's files as soon as they are known, so that it loads the
   * bundled papers while the host still finds and reads the files, rather than after.
   */
  prepareEngine(): void {
    if (this.worker.started || this.status.engine === 'failed') return;
    this.worker.start().catch(() => undefined);
  }

  /**
   * Between slices of the host's own load: waits while the worker holds the papers and they are not
   * wanted here. In a workspace whose last session gave the worker files of the user's, it waits as
   * soon as the worker starts: the worker has the papers soon (from its cache), and the host's own
   * decoding would take the core it needs. Otherwise (a first session, a workspace of no files of
   * the user's) the names go on until the worker holds them: the writer's first look at the papers
   * comes from whichever side has them first. The abstracts' index (`text`) waits as soon as a
   * worker starts: its papers answer the searches of abstracts once it holds them, and they are
   * asked again then (`namesIndexed`).
   */
  private async yieldToEngine(part: IndexPart): Promise<void> {
    await pause();
    while (this.worker.started && !this.localWanted && (this.remote || this.hadUserFiles() || part === 'text')) await new Promise<void>(resolve => this.waiting.push(resolve));
  }

  loadBundled(): Promise<LocalLibrary | undefined> {
    if (!this.bundled) {
      const run = this.readBundled();
      this.bundled = run;
      void run.then(result => {
        if (this.bundled !== run) return;
        this.local = { result };
        this.wake();
        // The abstracts' index loads behind the names: a search made before it must be asked again.
        result?.service.fullText.then(() => { if (this.local?.result === result) this.events.namesIndexed.fire(); }, () => undefined);
      });
    }
    return this.bundled;
  }

  private async readBundled(): Promise<LocalLibrary | undefined> {
    const started = performance.now();
    this.status.setState('loading');
    queueMicrotask(() => this.events.willLoadBundled.fire());
    // This workspace had files of the user's last time: they will be found again in a moment.
    if (this.hadUserFiles()) this.prepareEngine();
    try {
      // Decoded a slice at a time, waiting while the engine worker holds the papers (`yieldToEngine`).
      const local = await this.shipped.load(part => this.yieldToEngine(part));
      this.log.info(`Loaded ${local.size} papers and their index in ${(performance.now() - started).toFixed(1)} ms`);
      // The worker's papers may be what the views show by now.
      if (!this.remote) this.status.setState(local.size ? 'ready' : 'empty');
      return local;
    } catch (error) {
      this.status.failure = describe(error);
      this.log.error(`Could not load the papers: ${this.status.failure}`);
      this.status.setState('failed');
      return undefined;
    }
  }
}
