// The user's corpus files (papers.corpus.files): read, watched, and given to the library.
import vscode = require('vscode');
import { Disposable } from '../util/dispose';
import * as disk from '../util/disk';
import type { Problem } from '../../core/model/paper';
import type { CorpusInput } from './store';
import { engine } from '../engine/load';
import { Delayer } from '../util/async';
import { FileWatch } from '../util/fileWatch';
import { Commands, Settings } from '../ids';
import type { PaperStore, UserCorpusReport } from './store';

/** Writes come in bursts (save, format on save, a tool rewriting the file): wait for quiet. */
const DEBOUNCE_MS = 300;

/** The files listed in `papers.corpus.files`, resolved: absolute paths as they are, others against the workspace folder. */
export function corpusFileUris(): { path: string; uri: vscode.Uri | undefined }[] {
  const paths = vscode.workspace.getConfiguration(Settings.section).get<string[]>(Settings.corpusFiles, []);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return paths.filter(p => typeof p === 'string' && p.trim()).map(path => {
    const trimmed = path.trim();
    if (/^(\/|[A-Za-z]:[\\/]|\\\\)/.test(trimmed)) return { path: trimmed, uri: vscode.Uri.file(trimmed) };
    return { path: trimmed, uri: folder && vscode.Uri.joinPath(folder, trimmed) };
  });
}

/**
 * Keeps the user's corpus files in the library: reads them when the setting names
 * them, watches them (and looks at them every two seconds, for what a watcher can miss),
 * and after an edit, a replace by rename or a burst of writes,
 * reloads once. Problems go to the "Papers" output with file and line, and to one
 * notification per reload; the valid papers always load.
 */
export class UserCorpora extends Disposable {
  private readonly watch = this.register(new FileWatch(() => this.schedule()));
  /** The files' sizes and times at the last load, to pass over a change event that changed nothing. */
  private loaded: string | undefined;
  private readonly soon = this.register(new Delayer(DEBOUNCE_MS));
  /** What the last load did: papers added, problems, whether the cached index was used. */
  lastReport: UserCorpusReport | undefined;

  constructor(private readonly store: PaperStore, private readonly log: vscode.LogOutputChannel) {
    super();
    this.register(vscode.workspace.onDidChangeConfiguration(e => {
      if (e.affectsConfiguration(`${Settings.section}.${Settings.corpusFiles}`)) this.start();
    }));
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.start()));
  }

  /** Watches the configured files and loads them (now if there are any). */
  start(): Promise<UserCorpusReport | undefined> {
    this.watch.set(corpusFileUris().flatMap(({ uri }) => (uri ? [uri] : [])));
    return this.load(true);
  }

  private schedule(): void {
    this.soon.trigger(() => void this.load(false));
  }

  /**
   * Reads every configured file and hands them to the store; unless `force`, only if a file's size
   * or time changed since the last load (a watcher event and the poll may both report one change).
   */
  async load(force = true): Promise<UserCorpusReport | undefined> {
    const problems: Problem[] = [];
    const files: CorpusInput[] = [];
    for (const { path, uri } of corpusFileUris()) {
      if (!uri) {
        problems.push({ file: path, line: 1, message: 'is relative, but no folder is open to resolve it against; use an absolute path' });
        continue;
      }
      try {
        const stat = await disk.stat(uri);
        files.push({ file: path, stamp: `${stat.size}:${stat.mtime}`, path: uri.scheme === 'file' ? uri.fsPath : undefined, read: async () => disk.readFile(uri) });
      } catch {
        problems.push({ file: path, line: 1, message: `not found (${uri.fsPath}); check papers.corpus.files` });
      }
    }
    const fingerprint = JSON.stringify([files.map(f => [f.file, f.stamp]), problems]);
    if (!force && fingerprint === this.loaded && this.lastReport) return this.lastReport;
    const report = await this.store.applyUserFiles(files);
    if (!report) return undefined;
    this.loaded = fingerprint;
    const all = [...problems, ...report.problems];
    this.lastReport = { ...report, problems: all };
    if (all.length) {
      for (const p of all) this.log.warn(engine().library.formatProblem(p));
      const missing = problems.length ? ` ${problems.length} file(s) could not be read.` : '';
      void vscode.window.showWarningMessage(
        `Papers: ${all.length} problem(s) in your corpus files.${missing} ${report.added} paper(s) loaded from them.`,
        'Show Problems',
      ).then(choice => { if (choice) void vscode.commands.executeCommand(Commands.showLog); });
    }
    return this.lastReport;
  }
}
