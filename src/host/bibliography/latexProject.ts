import vscode = require('vscode');
import * as disk from '../util/disk';
import { engineLoaded } from '../engine/load';
import { watcherEvents } from '../util/fileWatch';

/** How many .tex files of the workspace are read to find a chapter's main file. */
const MAX_FILES = 2000;
/** At most one look for new or deleted .tex files in this long (a look lists the workspace). */
const RELIST_MS = 1000;

/**
 * The LaTeX files of the workspace, read when a chapter's main file is first looked for, and
 * read again after a .tex file is created, deleted or saved. Open documents are taken as the
 * editor holds them. A watcher's event can come late (after the chapter was checked) or never
 * (inotify limits): when a chapter finds no main file, the workspace is listed again, and a .tex
 * file created or deleted since counts as a change.
 */
export class LatexProject implements vscode.Disposable {
  private files: Promise<Map<string, string>> | undefined;
  private relist: { timer?: ReturnType<typeof setTimeout>; last: number; wanted: boolean } = { last: -Infinity, wanted: false };
  private readonly mains = new Map<string, string | undefined>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the files changed in a way that may give a chapter another main file. */
  readonly onDidChange = this.changed.event;
  /** Grows with every change: part of the caches that depend on main files. */
  version = 0;

  constructor() {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.tex');
    const forget = () => { if (!watcherEvents.dropped) this.forget(); };
    this.subscriptions.push(
      watcher, watcher.onDidCreate(forget), watcher.onDidDelete(forget), watcher.onDidChange(forget), this.changed,
      vscode.workspace.onDidSaveTextDocument(doc => { if (doc.uri.path.endsWith('.tex')) this.forget(); }),
    );
  }

  private forget(): void {
    this.files = undefined;
    this.mains.clear();
    this.version++;
    this.changed.fire();
  }

  /**
   * Lists the workspace's .tex files again, soon (at most once a second), and forgets what was
   * read if the list changed: for a chapter that found no main file.
   */
  lookAgain(): void {
    if (this.relist.timer) { this.relist.wanted = true; return; }
    const wait = Math.max(0, this.relist.last + RELIST_MS - performance.now());
    this.relist.timer = setTimeout(async () => {
      this.relist.wanted = false;
      try {
        const known = this.files && new Set((await this.files).keys());
        if (!known) return;
        const listed = await this.list();
        // A list cut at MAX_FILES may hold other files each time: it tells nothing.
        if (listed.length < MAX_FILES && (listed.length !== known.size || listed.some(uri => !known.has(uri.path)))) this.forget();
      } catch {
        // Listing failed (the folder went away): the next look tries again.
      } finally {
        this.relist.last = performance.now();
        this.relist.timer = undefined;
        if (this.relist.wanted) this.lookAgain();
      }
    }, wait);
  }

  private list(): Thenable<vscode.Uri[]> {
    return vscode.workspace.findFiles('**/*.tex', '**/node_modules/**', MAX_FILES);
  }

  /**
   * The main file of a LaTeX document that names no bibliography: the one its `% !TEX root`
   * names, else a whole document in the workspace that brings it in (`\input`, `\include`,
   * `\subfile`, `\import`). Undefined when there is none.
   */
  async mainOf(uri: vscode.Uri, text: string): Promise<vscode.Uri | undefined> {
    const { findLatexMain, latexRoot } = await engineLoaded();
    const named = latexRoot(text);
    if (named) return vscode.Uri.joinPath(uri, '..', named);
    const key = uri.toString();
    if (this.mains.has(key)) {
      const main = this.mains.get(key);
      if (main === undefined) this.lookAgain();
      return this.mainUri(uri, main);
    }
    const files = new Map(await this.workspaceFiles());
    for (const doc of vscode.workspace.textDocuments) if (doc.uri.path.endsWith('.tex')) files.set(doc.uri.path, doc.getText());
    files.set(uri.path, text);
    const main = findLatexMain(uri.path, files);
    this.mains.set(key, main);
    if (main === undefined) this.lookAgain();
    return this.mainUri(uri, main);
  }

  private mainUri(uri: vscode.Uri, path: string | undefined): vscode.Uri | undefined {
    return path === undefined ? undefined : uri.with({ path });
  }

  private workspaceFiles(): Promise<Map<string, string>> {
    return (this.files ??= (async () => {
      const files = new Map<string, string>();
      if (!vscode.workspace.workspaceFolders?.length) return files;
      const uris = await this.list();
      const decoder = new TextDecoder();
      await Promise.all(uris.map(async uri => {
        try {
          files.set(uri.path, decoder.decode(await disk.readFile(uri)));
        } catch {
          // Gone since it was listed: it brings nothing in.
        }
      }));
      return files;
    })());
  }

  dispose(): void {
    clearTimeout(this.relist.timer);
    for (const s of this.subscriptions) s.dispose();
  }
}
