// The user's files (corpus files, bibliographies) and the papers fetched from the web, given to the
// engine worker one change after another: a change overtaken by a newer one is dropped, and what
// the worker kept is not sent again. Once nothing of the user's is left, the worker is stopped and
// the bundled papers are searched here again.
import type vscode = require('vscode');
import type { InputReport } from '../../engine/protocol';
import type { WebInput } from '../../engine/web';
import { applyZoteroChange } from '../../core/zotero/change';
import type { ZoteroInput } from '../../core/zotero/join';
import type { EngineClient } from '../engine/client';
import { Sequencer } from '../util/async';
import { describe } from '../util/errors';
import type { LibraryHolder } from './holder';
import type { IndexCache } from './indexCache';
import { RemoteLibrary } from './library';
import type { LibraryStatus } from './loadState';
import type { SnapshotWriter } from './snapshots';
import type { StoreEvents } from './storeEvents';
import { bibliographyReport, giveUserFiles, type BibliographyInput, type BibliographyReport, type CorpusInput, type UserCorpusReport, type UserFiles } from './userFiles';

export interface Merged { corpus: UserCorpusReport; bibliographies: BibliographyReport }

/** Remembered per workspace: its last session gave the engine worker user files, so the next starts it at once. */
export const ENGINE_USED = 'papers.engineUsed';

const NOTHING: Merged = {
  corpus: { added: 0, updated: 0, problems: [], fromCache: false },
  bibliographies: { files: [], added: 0, joined: 0, parseMs: 0, readMs: 0, searchableMs: 0, fromCache: false },
};

/** Zotero's items' keys once joined: every item's (by Zotero item key), and those made since last asked. */
export interface ZoteroKeys {
  keys: ReadonlyMap<string, string>;
  newKeys: Record<string, string>;
}

export class UserFileMerges {
  /** The user's files, given to the worker one change after another. */
  private readonly merges: Sequencer;
  private generation = 0;
  /**
   * The user's files not yet given to the worker (undefined: unchanged since). Once given, their
   * bytes belong to the worker: the host keeps only whether there are any.
   */
  private pending: UserFiles = {};
  private has = { corpus: false, bibliographies: false, web: false, zotero: false };
  /** The papers fetched from the web as last given, for a worker that lost them; and what their last join said. */
  private web: WebInput | undefined;
  private webJoin: InputReport['web'];
  /** Zotero's items as last given, for a worker that lost them; and what their last join said. */
  private zotero: ZoteroInput | undefined;
  /** Every Zotero item's key (by item key), as the worker's reports gave them: whole, or a change (`partial`). */
  private zoteroKeys = new Map<string, string>();
  /** Keys the worker made for items since the last caller took them (to keep for the next session). */
  private zoteroNewKeys: Record<string, string> = {};
  private zoteroJoined = false;
  /** Whether the corpus files and the bibliographies were each given once: until both were, a worker started early is kept. */
  private given = { corpus: false, bibliographies: false };

  constructor(
    private readonly client: EngineClient,
    private readonly cache: IndexCache,
    private readonly holder: LibraryHolder,
    private readonly snapshots: SnapshotWriter,
    private readonly status: LibraryStatus,
    private readonly events: StoreEvents,
    private readonly log: vscode.LogOutputChannel,
    private readonly workspaceState?: vscode.Memento,
  ) {
    this.merges = new Sequencer(error => this.log.error(`Could not give your files to the search engine: ${describe(error)}`));
  }

  /** The merge running or queued last. */
  get current(): Promise<unknown> {
    return this.merges.current;
  }

  /** Resolves once no user file is being given to the engine. */
  settled(): Promise<void> {
    return this.merges.settled();
  }

  /** The worker stopped: the fetched papers go with the files given again. */
  lost(): void {
    if (this.has.web) this.pending.web = this.web;
    // Whole: the new worker holds none of it.
    if (this.has.zotero) this.pending.zotero = this.zotero;
  }

  async applyUserFiles(files: readonly CorpusInput[]): Promise<UserCorpusReport | undefined> {
    this.pending.corpus = files;
    this.has.corpus = files.length > 0;
    this.given.corpus = true;
    if (files.length) this.holder.prepareEngine();
    return (await this.schedule())?.corpus;
  }

  async applyBibliographies(files: readonly BibliographyInput[]): Promise<BibliographyReport | undefined> {
    this.pending.bibliographies = files;
    this.has.bibliographies = files.length > 0;
    this.given.bibliographies = true;
    if (files.length) this.holder.prepareEngine();
    return (await this.schedule())?.bibliographies;
  }

  async applyWebPapers(web: WebInput): Promise<InputReport['web']> {
    this.web = web;
    this.pending.web = web;
    await this.applyBeside('web', web.batches.length > 0);
    return this.webJoin;
  }

  /**
   * Replaces Zotero's items (none: Zotero is off), or changes them (`partial`: what changed crosses
   * to the worker, not the whole library); answers each item's key once they are in the library (or a newer input is).
   */
  async applyZoteroItems(zotero: ZoteroInput): Promise<ZoteroKeys | undefined> {
    this.zotero = applyZoteroChange(this.zotero ?? { items: [], keys: {} }, zotero);
    // A change waiting to be sent takes this one in; the worker then hears of both at once.
    this.pending.zotero = this.pending.zotero ? applyZoteroChange(this.pending.zotero, zotero) : zotero;
    await this.applyBeside('zotero', this.zotero.items.length > 0);
    if (!this.zoteroJoined) return undefined;
    const newKeys = this.zoteroNewKeys;
    this.zoteroNewKeys = {};
    return { keys: this.zoteroKeys, newKeys };
  }

  /** Gives the worker papers that come beside the user's files (from the web, from Zotero), and waits until they are in. */
  private async applyBeside(kind: 'web' | 'zotero', any: boolean): Promise<void> {
    this.has[kind] = any;
    if (any) this.holder.prepareEngine();
    await this.schedule();
    // Overtaken by a newer change: that one gave them too.
    await this.settled();
  }

  /** Keeps the keys a report gives: all of them, or those of a change (a change of ten items carries ten). */
  private takeZoteroKeys(report: InputReport['zotero']): void {
    this.zoteroJoined = report !== undefined;
    if (!report) { this.zoteroKeys = new Map(); return; }
    if (!report.partial) this.zoteroKeys = new Map(Object.entries(report.keys));
    else {
      for (const item of report.removed ?? []) this.zoteroKeys.delete(item);
      for (const [item, key] of Object.entries(report.keys)) this.zoteroKeys.set(item, key);
    }
    Object.assign(this.zoteroNewKeys, report.newKeys);
  }

  private schedule(): Promise<Merged | undefined> {
    const generation = ++this.generation;
    return this.merges.queue(() => (generation === this.generation ? this.merge() : undefined));
  }

  private async merge(): Promise<Merged | undefined> {
    const { holder } = this;
    // (Fetched papers or Zotero's items taken away still have to be taken out of the worker's library.)
    if (!this.has.corpus && !this.has.bibliographies && !this.has.web && !this.has.zotero && !((this.pending.web || this.pending.zotero) && holder.remote)) {
      await this.leaveWorker();
      return NOTHING;
    }
    const started = performance.now();
    // The worker does not wait for the bundled papers to load here: it is given them as shipped.
    const shipped = await holder.shipped.read().catch(() => undefined);
    if (!shipped) {
      await holder.loadBundled(); // which says why
      return undefined;
    }
    // The user's files go right behind the bundled papers, without waiting for them to load: a
    // library the worker takes whole from the cache holds them, and it then never decodes them.
    await holder.worker.sent();
    // What changed since the worker last heard (a new worker starts with none), then forgotten here.
    const files = this.pending;
    this.pending = {};
    const given = await giveUserFiles(this.client, this.cache, this.log, shipped, files, this.has.corpus, this.has.web || this.has.zotero);
    let report = given.report;
    if (report.needsFiles) {
      // The worker kept none of this call: the fetched papers and Zotero's items go with the files given again.
      this.pending.web ??= this.web;
      // Zotero's whole library, not a change waiting meanwhile: the worker kept none of it.
      if (this.zotero) this.pending.zotero = this.zotero;
      // The worker holds bibliographies a cached library stood for, by name only, and the corpus files changed: every file is given again.
      this.events.inputLost.fire();
      return undefined;
    }
    holder.remote = new RemoteLibrary(this.client, report.papers, report.bibliographies.files);
    // Callers of `library()` may still wait: a library from the cache can come before the bundled papers' own reply.
    holder.wake();
    this.status.setEngine('worker');
    void this.workspaceState?.update(ENGINE_USED, true);
    const early = report.indexing === true;
    if (early) report = await this.indexedAfterKeys(report);
    if (report.web) this.webJoin = report.web;
    this.takeZoteroKeys(report.zotero);
    this.snapshots.cancel();
    if (report.snapshotWanted) this.snapshots.schedule(given.key!, given.ofBibliographies);
    const { index } = report;
    this.log.info(`Your papers: ${report.corpus.added} from corpus files, ${report.bibliographies.added} from bibliographies (${report.bibliographies.joined} joined to known papers); `
      + `${report.papers} papers, index ${index.fromCache ? 'from the cache, ' : ''}${index.added} added, ${index.changed} changed, ${index.removed} removed; `
      + `bibliographies parsed in ${report.parseMs.toFixed(0)} ms and read in ${report.readMs.toFixed(0)} ms, every name searchable after ${report.searchableMs.toFixed(0)} ms (${(performance.now() - started).toFixed(0)} ms in all)`);
    this.status.setState(report.papers ? 'ready' : 'empty');
    if (early) this.events.namesIndexed.fire();
    else this.events.changed.fire();
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
    this.status.setState(report.papers ? 'ready' : 'empty');
    this.events.changed.fire();
    this.events.bibliographiesRead.fire(bibliographyReport(report, this.has.corpus));
    const keysReport = this.holder.remote!;
    const indexed = await this.client.request({ type: 'indexed' });
    // The same papers, their names now searchable too: those already asked for are kept.
    this.holder.remote = keysReport.withReport(indexed.papers, indexed.bibliographies.files);
    return indexed;
  }

  /** Nothing of the user's is left: the bundled papers serve here, and the worker is not needed. */
  private async leaveWorker(): Promise<void> {
    const { holder } = this;
    if (!(holder.remote || this.client.running) || !this.given.corpus || !this.given.bibliographies) return;
    holder.remote = undefined;
    holder.dropEngine();
    await this.snapshots.settled();
    await this.client.stop();
    // A load started meanwhile went to the worker just stopped.
    holder.dropEngine();
    this.status.setEngine('local');
    void this.workspaceState?.update(ENGINE_USED, undefined);
    this.events.changed.fire();
  }
}
