import * as vscode from 'vscode';
import { engine } from './engine';

/** How many .tex files of the workspace are read to find a chapter's main file. */
const MAX_FILES = 2000;

/**
 * The LaTeX files of the workspace, read when a chapter's main file is first looked for, and
 * read again after a .tex file is created, deleted or saved. Open documents are taken as the
 * editor holds them.
 */
export class LatexProject implements vscode.Disposable {
  private files: Promise<Map<string, string>> | undefined;
  private readonly mains = new Map<string, string | undefined>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the files changed in a way that may give a chapter another main file. */
  readonly onDidChange = this.changed.event;
  /** Grows with every change: part of the caches that depend on main files. */
  version = 0;

  constructor() {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.tex');
    const forget = () => {
      this.files = undefined;
      this.mains.clear();
      this.version++;
      this.changed.fire();
    };
    this.subscriptions.push(
      watcher, watcher.onDidCreate(forget), watcher.onDidDelete(forget), watcher.onDidChange(forget), this.changed,
      vscode.workspace.onDidSaveTextDocument(doc => { if (doc.uri.path.endsWith('.tex')) forget(); }),
    );
  }

  /**
   * The main file of a LaTeX document that names no bibliography: the one its `% !TEX root`
   * names, else a whole document in the workspace that brings it in (`\input`, `\include`,
   * `\subfile`, `\import`). Undefined when there is none.
   */
  async mainOf(uri: vscode.Uri, text: string): Promise<vscode.Uri | undefined> {
    const { findLatexMain, latexRoot } = engine();
    const named = latexRoot(text);
    if (named) return vscode.Uri.joinPath(uri, '..', named);
    const key = uri.toString();
    if (this.mains.has(key)) return this.mainUri(uri, this.mains.get(key));
    const files = new Map(await this.workspaceFiles());
    for (const doc of vscode.workspace.textDocuments) if (doc.uri.path.endsWith('.tex')) files.set(doc.uri.path, doc.getText());
    files.set(uri.path, text);
    const main = findLatexMain(uri.path, files);
    this.mains.set(key, main);
    return this.mainUri(uri, main);
  }

  private mainUri(uri: vscode.Uri, path: string | undefined): vscode.Uri | undefined {
    return path === undefined ? undefined : uri.with({ path });
  }

  private workspaceFiles(): Promise<Map<string, string>> {
    return (this.files ??= (async () => {
      const files = new Map<string, string>();
      if (!vscode.workspace.workspaceFolders?.length) return files;
      const uris = await vscode.workspace.findFiles('**/*.tex', '**/node_modules/**', MAX_FILES);
      const decoder = new TextDecoder();
      await Promise.all(uris.map(async uri => {
        try {
          files.set(uri.path, decoder.decode(await vscode.workspace.fs.readFile(uri)));
        } catch {
          // Gone since it was listed: it brings nothing in.
        }
      }));
      return files;
    })());
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
