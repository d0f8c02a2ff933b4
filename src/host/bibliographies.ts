import * as vscode from 'vscode';
import type { ReadProblem } from '../core/bibliography/read';
import { CITING_LANGUAGES } from './citeProviders';
import { engine } from './engine';
import { ContextKeys, Settings } from './ids';
import type { BibliographyInput, BibliographyReport, PaperStore } from './store';

/** Writes come in bursts (save, format on save, Zotero's write-then-rename): wait for quiet. */
const DEBOUNCE_MS = 300;
const MB = 1024 * 1024;
const GLOB = /[*?[\]{}]/;
const isAbsolute = (path: string) => /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(path);

/** A bibliography file the library reads, and the files its document names before it. */
interface Target {
  uri: vscode.Uri;
  after: Set<string>;
}

/** The folder a document's relative bibliography paths start from. */
function baseOf(doc: vscode.TextDocument): vscode.Uri | undefined {
  if (!doc.isUntitled) return vscode.Uri.joinPath(doc.uri, '..');
  return vscode.workspace.getWorkspaceFolder(doc.uri)?.uri ?? vscode.workspace.workspaceFolders?.[0]?.uri;
}

/** The files a path names, resolved against `base`: itself, or the files a glob matches. */
async function resolve(base: vscode.Uri | undefined, path: string): Promise<vscode.Uri[]> {
  if (isAbsolute(path)) return GLOB.test(path) ? [] : [vscode.Uri.file(path)];
  if (!base) return [];
  if (!GLOB.test(path)) return [vscode.Uri.joinPath(base, path)];
  return (await vscode.workspace.findFiles(new vscode.RelativePattern(base, path), null, 200)).sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * The user's own bibliography files in the library: those each citing document names
 * (`\bibliography`, `\addbibresource`, YAML `bibliography:`, a Quarto project's
 * `_quarto.yml`, Typst's `#bibliography`, reST's `.. bibliography::`; else the default
 * bibliography file), and those listed in `papers.bibliography.files`. A file once named
 * stays in the library for the session. Files are watched, and a save, a burst of writes or
 * a replace by rename reloads them once. Problems go to the "Papers" output and the
 * Problems panel, with file and line; every entry that can be read is read.
 */
export class Bibliographies implements vscode.Disposable {
  /** Files named by the documents seen this session, by URI string. */
  private readonly named = new Map<string, Target>();
  private watchers = new Map<string, vscode.Disposable>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private started = false;
  private loaded: string | undefined;
  private readonly warnedSize = new Set<string>();
  private loadCount = 0;
  private filesOfCache: { key: string; files: Set<string> } | undefined;
  readonly diagnostics = vscode.languages.createDiagnosticCollection('papers-bibliography');
  /** What the last load did. */
  lastReport: BibliographyReport | undefined;
  private loading: Promise<BibliographyReport | undefined> = Promise.resolve(undefined);

  constructor(private readonly store: PaperStore, private readonly log: vscode.LogOutputChannel) {
    const citing = (doc: vscode.TextDocument) => CITING_LANGUAGES.includes(doc.languageId);
    this.subscriptions.push(
      vscode.workspace.onDidOpenTextDocument(doc => { if (citing(doc)) this.schedule(); }),
      // Saving a bibliography reloads it at once (the watcher's event that follows finds nothing new);
      // saving a citing document may name other files, which a debounced look finds.
      vscode.workspace.onDidSaveTextDocument(doc => {
        if (this.isTarget(doc.uri) && this.started) void this.reload();
        else if (citing(doc)) this.schedule();
      }),
      vscode.workspace.onDidChangeConfiguration(e => {
        if (e.affectsConfiguration(`${Settings.section}.bibliography`)) this.schedule();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.schedule()),
      this.diagnostics,
    );
    // A Quarto project's bibliographies come and go with its _quarto.yml.
    const quarto = vscode.workspace.createFileSystemWatcher('**/_quarto.{yml,yaml}');
    this.subscriptions.push(quarto, quarto.onDidChange(() => this.schedule()), quarto.onDidCreate(() => this.schedule()), quarto.onDidDelete(() => this.schedule()));
  }

  /** Finds the bibliographies and loads them; afterwards, changes reload them by themselves. */
  start(): Promise<BibliographyReport | undefined> {
    this.started = true;
    return this.reload();
  }

  /** Resolves once the latest reload is done. */
  settled(): Promise<unknown> {
    return this.loading;
  }

  private isTarget(uri: vscode.Uri): boolean {
    return this.watchers.has(uri.toString());
  }

  private schedule(): void {
    if (!this.started) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.reload(), DEBOUNCE_MS);
  }

  /** Reloads now, after any reload under way (`force`: read every file again, even unchanged ones). */
  reload(force = false): Promise<BibliographyReport | undefined> {
    const run = this.loading.then(() => this.load(force));
    this.loading = run.catch(error => {
      this.log.error(`Could not load your bibliographies: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      return undefined;
    });
    return this.loading;
  }

  /** Every bibliography file of the library, in the order documents name them. */
  private async discover(): Promise<Target[]> {
    const { quartoBibliographies } = engine();
    const add = (uri: vscode.Uri, before: readonly vscode.Uri[]) => {
      const key = uri.toString();
      const target = this.named.get(key) ?? { uri, after: new Set<string>() };
      for (const b of before) if (b.toString() !== key) target.after.add(b.toString());
      this.named.set(key, target);
    };
    for (const doc of vscode.workspace.textDocuments) {
      if (!CITING_LANGUAGES.includes(doc.languageId)) continue;
      const files = await this.documentFiles(doc);
      files.forEach((uri, i) => add(uri, files.slice(0, i)));
    }
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      for (const name of ['_quarto.yml', '_quarto.yaml']) {
        const uri = vscode.Uri.joinPath(folder.uri, name);
        const text = await readText(uri);
        if (text === undefined) continue;
        const files: vscode.Uri[] = [];
        for (const ref of quartoBibliographies(text)) files.push(...(await resolve(folder.uri, ref.path)));
        files.forEach((uri, i) => add(uri, files.slice(0, i)));
      }
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
    return [...targets.values()];
  }

  /** The bibliography files a document cites from: those it names, in order, else the default file if it exists. */
  private async documentFiles(doc: vscode.TextDocument): Promise<vscode.Uri[]> {
    const { bibliographyFormat, findBibliographies } = engine();
    const refs = findBibliographies(doc.getText(), doc.languageId);
    const base = baseOf(doc);
    const files: vscode.Uri[] = [];
    for (const ref of refs) {
      for (const uri of await resolve(base, ref.path)) if (bibliographyFormat(uri.path)) files.push(uri);
    }
    if (!refs.length) {
      const fallback = await this.defaultFile(doc);
      if (fallback) files.push(fallback);
    }
    return files;
  }

  /**
   * The bibliography files (URI strings) a document's citations come from: those it names,
   * or the default file; for a Quarto or Markdown document in a Quarto project, also the
   * project's. Completion lists their entries first.
   */
  async filesOf(doc: vscode.TextDocument): Promise<Set<string>> {
    // Asked on every keystroke of a completion: the answer changes only with the document or the library.
    const key = `${doc.uri.toString()}#${doc.version}#${this.loadCount}`;
    if (this.filesOfCache?.key === key) return this.filesOfCache.files;
    const files = await this.findFilesOf(doc);
    this.filesOfCache = { key, files };
    return files;
  }

  private async findFilesOf(doc: vscode.TextDocument): Promise<Set<string>> {
    const files = new Set((await this.documentFiles(doc)).map(u => u.toString()));
    if (['quarto', 'markdown', 'rmd'].includes(doc.languageId)) {
      const folder = vscode.workspace.getWorkspaceFolder(doc.uri)?.uri;
      for (const name of ['_quarto.yml', '_quarto.yaml']) {
        const text = folder && await readText(vscode.Uri.joinPath(folder, name));
        if (text === undefined || !folder) continue;
        for (const ref of engine().quartoBibliographies(text)) for (const uri of await resolve(folder, ref.path)) files.add(uri.toString());
      }
    }
    return files;
  }

  /** The default bibliography file, for a document that names none, if it exists. */
  private async defaultFile(doc: vscode.TextDocument): Promise<vscode.Uri | undefined> {
    const path = vscode.workspace.getConfiguration(Settings.section).get<string>(Settings.defaultBibliography, 'references.bib').trim() || 'references.bib';
    const folder = vscode.workspace.getWorkspaceFolder(doc.uri)?.uri ?? vscode.workspace.workspaceFolders?.[0]?.uri;
    const uri = isAbsolute(path) ? vscode.Uri.file(path) : folder && vscode.Uri.joinPath(folder, path);
    return uri && (await exists(uri)) ? uri : undefined;
  }

  private watch(targets: readonly Target[]): void {
    const wanted = new Set(targets.map(t => t.uri.toString()));
    for (const [key, watcher] of this.watchers) {
      if (!wanted.has(key)) { watcher.dispose(); this.watchers.delete(key); }
    }
    for (const { uri } of targets) {
      const key = uri.toString();
      if (this.watchers.has(key)) continue;
      const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.joinPath(uri, '..'), name));
      const subscriptions = [watcher, watcher.onDidChange(() => this.schedule()), watcher.onDidCreate(() => this.schedule()), watcher.onDidDelete(() => this.schedule())];
      this.watchers.set(key, vscode.Disposable.from(...subscriptions));
    }
  }

  private async load(force = false): Promise<BibliographyReport | undefined> {
    const targets = await this.discover();
    this.watch(targets);
    const limit = vscode.workspace.getConfiguration(Settings.section).get<number>(Settings.maxBibliographySize, 50);
    const files: BibliographyInput[] = [];
    const stamps: unknown[] = [];
    const skipped: { uri: vscode.Uri; problem: ReadProblem }[] = [];
    for (const target of targets) {
      const file = vscode.workspace.asRelativePath(target.uri, false);
      let stat: vscode.FileStat;
      try {
        stat = await vscode.workspace.fs.stat(target.uri);
      } catch {
        // A document may name a bibliography that does not exist yet (citing creates it).
        continue;
      }
      if (stat.size > limit * MB) {
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
      files.push({ uri: target.uri.toString(), file, bytes: new Uint8Array(0), after: [...target.after] });
    }
    // A watcher firing twice, or a reload with nothing changed on disk: nothing to read again.
    const fingerprint = JSON.stringify(stamps);
    if (!force && fingerprint === this.loaded && this.lastReport) return this.lastReport;
    // The bytes go to the search engine as they are: decoding and reading happen there.
    for (const file of files) file.bytes = await readBytes(vscode.Uri.parse(file.uri)) ?? new Uint8Array(0);
    const report = await this.store.applyBibliographies(files);
    if (!report) return undefined;
    this.loaded = fingerprint;
    this.lastReport = report;
    this.loadCount++;
    void vscode.commands.executeCommand('setContext', ContextKeys.hasBibliography, report.files.some(f => f.keys.length));
    this.publish(report, skipped);
    return report;
  }

  /** Problems to the log and to the Problems panel, each on its line. */
  private publish(report: BibliographyReport, skipped: readonly { uri: vscode.Uri; problem: ReadProblem }[]): void {
    this.diagnostics.clear();
    let count = 0;
    for (const file of report.files) {
      const diagnostics = file.problems.map(problem => {
        count++;
        this.log.warn(`${file.file}:${problem.line}: ${problem.message}`);
        const diagnostic = new vscode.Diagnostic(lineRange(problem.line), problem.message, problem.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
        diagnostic.source = 'Papers';
        if (problem.code) diagnostic.code = problem.code;
        return diagnostic;
      });
      this.diagnostics.set(vscode.Uri.parse(file.uri), diagnostics);
    }
    for (const { uri, problem } of skipped) {
      const diagnostic = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 0), problem.message, vscode.DiagnosticSeverity.Warning);
      diagnostic.source = 'Papers';
      this.diagnostics.set(uri, [diagnostic]);
    }
    const entries = report.files.reduce((n, f) => n + f.keys.length, 0);
    this.log.info(`Bibliographies: ${report.files.length} file(s), ${entries} entries, ${count} problem(s)${report.files.length ? `: ${report.files.map(f => f.file).join(', ')}` : ''}`);
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const watcher of this.watchers.values()) watcher.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** A whole line of a file the host has not read (VS Code fits the end to the line when it shows it). */
const lineRange = (line: number) => new vscode.Range(Math.max(line, 1) - 1, 0, Math.max(line, 1) - 1, 2 ** 30);

/** A file's bytes, from the disk (what the tools will read); undefined if it cannot be read. */
async function readBytes(uri: vscode.Uri): Promise<Uint8Array | undefined> {
  try {
    return await vscode.workspace.fs.readFile(uri);
  } catch {
    return undefined;
  }
}

/** A small file's text (a _quarto.yml), from the disk; undefined if it cannot be read. */
async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
