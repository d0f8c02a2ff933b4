// The writer's bibliography files: found (what documents name, the settings, the default file),
// read, watched, and given to the library; and where each document's citations come from.
import vscode = require('vscode');
import type { ReadProblem } from '../../core/bibliography/problem';
import { CITING_LANGUAGES } from '../../core/cite/languages';
import { MB, readError, refusal } from '../../core/util/readableFiles';
import { engineLoaded } from '../engine/load';
import { ContextKeys, Settings } from '../ids';
import type { BibliographyInput, BibliographyReport, PaperStore } from '../library/store';
import type { Library } from '../library/library';
import { Delayer, Sequencer } from '../util/async';
import * as disk from '../util/disk';
import { Disposable } from '../util/dispose';
import { FileWatch } from '../util/fileWatch';
import type { LatexProject } from './latexProject';
import { defaultBibliography, resolve, SourceFinder, type CitingText, type DocumentSources } from './sources';

export type { CitingText, DocumentSources } from './sources';

/** Writes come in bursts (save, format on save, Zotero's write-then-rename): wait for quiet. */
const DEBOUNCE_MS = 300;

/** A bibliography file the library reads, and the files its document names before it. */
interface Target {
  uri: vscode.Uri;
  after: Set<string>;
}

/** A file that was not read (larger than papers.bibliography.maxFileSize), and why. */
export interface SkippedFile {
  uri: vscode.Uri;
  problem: ReadProblem;
}

/** What a load that read the files did: its report, and the files it passed over. */
export interface BibliographyLoad {
  report: BibliographyReport;
  skipped: readonly SkippedFile[];
}

/**
 * The user's own bibliography files in the library: those each citing document names
 * (`\bibliography`, `\addbibresource`, YAML `bibliography:`, a Quarto project's
 * `_quarto.yml`, Typst's `#bibliography`, reST's `.. bibliography::`; else the default
 * bibliography file), those listed in `papers.bibliography.files`, and the workspace's default
 * bibliography file. A file once named
 * stays in the library for the session. Files are watched (and looked at every two seconds for
 * what a watcher can miss), and a save, a burst of writes or a replace by rename reloads them
 * once. What is wrong in them is health/bibliographyProblems.ts's to show; every entry that can
 * be read is read.
 */
export class Bibliographies extends Disposable {
  /** Files named by the documents seen this session, by URI string. */
  private readonly named = new Map<string, Target>();
  private readonly watch = this.register(new FileWatch(() => this.schedule()));
  private readonly sources: SourceFinder;
  private readonly soon = this.register(new Delayer(DEBOUNCE_MS));
  private readonly loads = new Sequencer();
  private started = false;
  private loaded: string | undefined;
  private readonly warnedSize = new Set<string>();
  private loadCount = 0;
  private filesOfCache: { key: string; files: Set<string> } | undefined;
  private keySets: { loadCount: number; sets: Map<string, ReadonlySet<string>> } | undefined;
  /** Files named but absent at the last load (URI strings). */
  private missing = new Set<string>();
  private readonly loaded$ = this.register(new vscode.EventEmitter<BibliographyLoad>());
  /** Fires after each load that read the files (not after one that found nothing changed). */
  readonly onDidLoad = this.loaded$.event;
  private readonly sourcesChanged = this.register(new vscode.EventEmitter<void>());
  /**
   * Fires when the files that say where a document's citations are defined changed (a LaTeX main
   * file, a _quarto.yml, a conf.py), even if no bibliography did: documents must be checked again.
   */
  readonly onDidChangeSources = this.sourcesChanged.event;
  /** What the last load did. */
  lastReport: BibliographyReport | undefined;

  constructor(private readonly store: PaperStore, latex: LatexProject, private readonly log: vscode.LogOutputChannel) {
    super();
    this.sources = this.register(new SourceFinder(latex));
    const citing = (doc: vscode.TextDocument) => CITING_LANGUAGES.includes(doc.languageId);
    const sourcesChanged = () => { this.schedule(); this.sourcesChanged.fire(); };
    this.register(vscode.workspace.onDidOpenTextDocument(doc => { if (citing(doc)) this.schedule(); }));
    // Saving a bibliography reloads it at once (the watcher's event that follows finds nothing new);
    // saving a citing document may name other files, which a debounced look finds.
    this.register(vscode.workspace.onDidSaveTextDocument(doc => {
      if (this.isTarget(doc.uri) && this.started) void this.reload();
      else if (citing(doc)) this.schedule();
    }));
    this.register(vscode.workspace.onDidChangeConfiguration(e => {
      if (e.affectsConfiguration(`${Settings.section}.bibliography`)) this.schedule();
    }));
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.schedule()));
    // A chapter may now be brought in by another main file, which names other bibliographies.
    this.register(latex.onDidChange(sourcesChanged));
    this.register(this.sources.onDidChangeProject(sourcesChanged));
  }

  /**
   * Finds the bibliographies and loads them; afterwards, changes reload them by themselves. Called
   * again when the papers are reloaded, whose engine no longer has the files: they are read again.
   */
  start(): Promise<BibliographyReport | undefined> {
    this.started = true;
    return this.reload(true);
  }

  /** Resolves once the latest reload is done. */
  settled(): Promise<unknown> {
    return this.loads.current;
  }

  /**
   * The library once every bibliography known now is in: what hover, completion and Go to
   * Definition ask, so that none of them sequences the store's and this loader's work itself.
   * Undefined when the papers could not be loaded (already reported).
   */
  async library(): Promise<Library | undefined> {
    if (!(await this.store.library())) return undefined;
    await this.settled();
    await this.store.merged();
    return this.store.library();
  }

  private isTarget(uri: vscode.Uri): boolean {
    return this.watch.has(uri);
  }

  private schedule(): void {
    if (this.started) this.soon.trigger(() => void this.reload());
  }

  /** Reloads now, after any reload under way (`force`: read every file again, even unchanged ones). */
  reload(force = false): Promise<BibliographyReport | undefined> {
    return this.loads.queue(() => this.load(force)).catch(error => {
      this.log.error(`Could not load your bibliographies: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      return undefined;
    });
  }

  /** Every bibliography file of the library, in the order documents name them. */
  private async discover(): Promise<Target[]> {
    const { quartoBibliographies } = (await engineLoaded()).cite;
    const add = (uri: vscode.Uri, before: readonly vscode.Uri[]) => {
      const key = uri.toString();
      const target = this.named.get(key) ?? { uri, after: new Set<string>() };
      for (const b of before) if (b.toString() !== key) target.after.add(b.toString());
      this.named.set(key, target);
      // The engine worker loads the bundled papers while the other files are looked for and stat'ed.
      if (this.started) this.store.prepareEngine();
    };
    // Each look at the disk is a slow round trip while the window loads: the project
    // files are asked for all at once, beside the documents' own bibliographies.
    const projects = (vscode.workspace.workspaceFolders ?? []).flatMap(folder => ['_quarto.yml', '_quarto.yaml'].map(name => {
      const uri = vscode.Uri.joinPath(folder.uri, name);
      return { folder: folder.uri, text: disk.readText(uri) };
    }));
    // The workspace's default bibliography is in the library (and the Papers view) from the start,
    // not only once a document that names none is opened.
    const defaults = (vscode.workspace.workspaceFolders ?? []).flatMap(folder => defaultBibliography(folder.uri) ?? [])
      .map(uri => ({ uri, exists: disk.exists(uri) }));
    for (const doc of vscode.workspace.textDocuments) {
      if (!CITING_LANGUAGES.includes(doc.languageId)) continue;
      const { files } = await this.sourcesOf(doc);
      files.forEach((uri, i) => add(uri, files.slice(0, i)));
    }
    for (const project of projects) {
      const text = await project.text;
      if (text === undefined) continue;
      const files: vscode.Uri[] = [];
      for (const ref of quartoBibliographies(text)) files.push(...(await resolve(project.folder, ref.path)));
      files.forEach((uri, i) => add(uri, files.slice(0, i)));
    }
    const targets = new Map(this.named);
    const configured = vscode.workspace.getConfiguration(Settings.section).get<string[]>(Settings.bibliographyFiles, []);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    for (const path of Array.isArray(configured) ? configured : []) {
      if (typeof path !== 'string' || !path.trim()) continue;
      for (const uri of await resolve(folder, path.trim())) {
        if (!targets.has(uri.toString())) targets.set(uri.toString(), { uri, after: new Set() });
      }
    }
    for (const { uri, exists } of defaults) {
      if ((await exists) && !targets.has(uri.toString())) targets.set(uri.toString(), { uri, after: new Set() });
    }
    return [...targets.values()];
  }

  /** Where a document's citations are defined (sources.ts), as of the files last read. */
  sourcesOf(doc: CitingText): Promise<DocumentSources> {
    return this.sources.sourcesOf(doc, this.loadCount);
  }

  /**
   * The bibliography files (URI strings) a document's citations come from (`sourcesOf`).
   * Completion lists their entries first.
   */
  async filesOf(doc: vscode.TextDocument): Promise<Set<string>> {
    // Asked on every keystroke of a completion: the answer changes only with the document or the library.
    const key = `${doc.uri.toString()}#${doc.version}#${this.loadCount}`;
    if (this.filesOfCache?.key === key) return this.filesOfCache.files;
    const files = new Set((await this.sourcesOf(doc)).files.map(u => u.toString()));
    this.filesOfCache = { key, files };
    return files;
  }

  /**
   * The keys of a bibliography file as last read; `missing` when it does not exist, `unread` when
   * it is not read yet (just named) or too large to read.
   */
  keysOf(uri: vscode.Uri): ReadonlySet<string> | 'missing' | 'unread' {
    const key = uri.toString();
    if (this.keySets?.loadCount !== this.loadCount) this.keySets = { loadCount: this.loadCount, sets: new Map() };
    let keys = this.keySets.sets.get(key);
    if (!keys) {
      const file = this.lastReport?.files.find(f => f.uri === key);
      if (!file) return this.missing.has(key) ? 'missing' : 'unread';
      this.keySets.sets.set(key, keys = new Set(file.keys));
    }
    return keys;
  }

  /** Looks for the bibliography files again soon (a document named one that is not read yet). */
  refresh(): void {
    this.schedule();
  }

  private async load(force = false): Promise<BibliographyReport | undefined> {
    const targets = await this.discover();
    this.watch.set(targets.map(t => t.uri));
    // The engine worker loads the bundled papers while the files are looked at.
    if (targets.length && this.started) this.store.prepareEngine();
    const limit = disk.sizeLimit(Settings.maxBibliographySize) / MB;
    const files: BibliographyInput[] = [];
    const stamps: unknown[] = [];
    const skipped: SkippedFile[] = [];
    const missing = new Set<string>();
    // All at once: one round trip to the disk rather than one per file.
    const stats = await Promise.all(targets.map(t => Promise.resolve(disk.stat(t.uri)).catch((error: unknown) => ({ error }))));
    for (const [i, target] of targets.entries()) {
      const file = vscode.workspace.asRelativePath(target.uri, false);
      const stat = stats[i];
      // A folder, a pipe (whose read would hold the host for ever), a device, a loop of links: named, never read.
      const unreadable = (why: string) => skipped.push({ uri: target.uri, problem: { line: 1, message: `${file} ${why}, so it was not read as a bibliography.`, severity: 'error' } });
      if ('error' in stat) {
        // A document may name a bibliography that does not exist yet (citing creates it).
        if (disk.isFileNotFound(stat.error)) missing.add(target.uri.toString());
        else unreadable(`cannot be read (${readError(stat.error)})`);
        continue;
      }
      const refused = refusal(disk.kindOf(stat), limit * MB);
      if (refused && refused.reason !== 'size') {
        unreadable(refused.message);
        continue;
      }
      if (refused) {
        const message = `${file} is ${(stat.size / MB).toFixed(1)} MB, more than papers.bibliography.maxFileSize (${limit} MB), so it was not read. Raise the setting to read it.`;
        skipped.push({ uri: target.uri, problem: { line: 1, message, severity: 'warning' } });
        if (!this.warnedSize.has(target.uri.toString())) {
          this.warnedSize.add(target.uri.toString());
          this.log.warn(message);
          void vscode.window.showWarningMessage(`Papers: ${message}`, 'Open Settings').then(choice => {
            if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', `${Settings.section}.${Settings.maxBibliographySize}`);
          });
        }
        continue;
      }
      stamps.push([target.uri.toString(), stat.size, stat.mtime, [...target.after]]);
      files.push({ uri: target.uri.toString(), file, after: [...target.after], stamp: `${stat.size}:${stat.mtime}` });
    }
    // A watcher firing twice, or a reload with nothing changed on disk: nothing to read again.
    const fingerprint = JSON.stringify([stamps, [...missing], skipped.map(s => s.problem.message)]);
    if (!force && fingerprint === this.loaded && this.lastReport) return this.lastReport;
    // Decoding and reading happen in the search engine. On the desktop it reads the files itself
    // (a large file held the host while its bytes were gathered); elsewhere it gets the bytes.
    const byPath = files.length > 0 && this.store.readsFiles;
    for (const file of files) {
      const uri = vscode.Uri.parse(file.uri);
      if (byPath && uri.scheme === 'file') file.path = uri.fsPath;
      // Looked at just above: read as it is (a file gone since reads as empty).
      else file.bytes = await disk.readFile(uri).catch(() => new Uint8Array(0));
    }
    // The files' keys and problems are known before their names are indexed (a second or more
    // for a large library): the Problems panel and the checks of citations take them at once.
    let early = false;
    const read = this.store.onDidReadBibliographies(report => { early = true; this.accept(report, missing, skipped); });
    let report: BibliographyReport | undefined;
    try {
      report = await this.store.applyBibliographies(files);
    } finally {
      read.dispose();
    }
    if (!report) return undefined;
    this.loaded = fingerprint;
    // The same files as the early report: only its figures (how long indexing took) are new.
    if (early) this.lastReport = report;
    else this.accept(report, missing, skipped);
    return report;
  }

  /** Takes what a load read: the keys answer from here, and its problems are shown. */
  private accept(report: BibliographyReport, missing: Set<string>, skipped: readonly SkippedFile[]): void {
    this.lastReport = report;
    this.missing = missing;
    this.loadCount++;
    void vscode.commands.executeCommand('setContext', ContextKeys.hasBibliography, report.files.some(f => f.keys.length));
    this.loaded$.fire({ report, skipped });
  }
}

