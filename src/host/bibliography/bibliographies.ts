import vscode = require('vscode');
import * as disk from '../util/disk';
import type { BibliographyRef } from '../../core/cite/sources';
import type { ReadProblem } from '../../core/bibliography/problem';
import { CITING_LANGUAGES } from '../../core/cite/languages';
import { engine, engineLoaded } from '../engine/load';
import { replaceDiagnostics } from '../util/diagnosticSets';
import { FileWatch } from '../util/fileWatch';
import { ContextKeys, Settings } from '../ids';
import type { LatexProject } from './latexProject';
import type { BibliographyInput, BibliographyReport, PaperStore } from '../library/store';

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

/** A citing document: open in the editor, or read from the disk. */
export interface CitingText {
  uri: vscode.Uri;
  languageId: string;
  isUntitled: boolean;
  getText(): string;
}

/** Where a document's citations are defined. */
export interface DocumentSources {
  /** The bibliography files, in the order they are named. */
  files: vscode.Uri[];
  /** True when the document, its LaTeX main file or its project names them; false for the default file, or none. */
  named: boolean;
  /** Where each named file is named: the document (or main file, or project file) and the line. */
  namedAt: { file: vscode.Uri; by: vscode.Uri; line: number }[];
  /** A LaTeX file that names no bibliography, is no whole document, and has no main file that brings it in. */
  noMainFile: boolean;
}

/** How long the answer "the default bibliography file exists" is kept (it appears when a first citation creates it). */
const DEFAULT_FILE_TTL_MS = 2000;

/** The folder a document's relative bibliography paths start from. */
function baseOf(doc: CitingText): vscode.Uri | undefined {
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
 * stays in the library for the session. Files are watched (and looked at every two seconds for
 * what a watcher can miss), and a save, a burst of writes or a replace by rename reloads them
 * once. Problems go to the "Papers" output and the
 * Problems panel, with file and line; every entry that can be read is read.
 */
export class Bibliographies implements vscode.Disposable {
  /** Files named by the documents seen this session, by URI string. */
  private readonly named = new Map<string, Target>();
  private readonly watch = new FileWatch(() => this.schedule());
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private started = false;
  private loaded: string | undefined;
  private readonly warnedSize = new Set<string>();
  private loadCount = 0;
  private filesOfCache: { key: string; files: Set<string> } | undefined;
  private readonly sourcesCache = new Map<string, { key: string; sources: Promise<DocumentSources>; noMainFile?: boolean }>();
  private readonly projectTexts = new Map<string, Promise<string | undefined>>();
  private projectVersion = 0;
  private defaultExists: { key: string; at: number; uri: vscode.Uri | undefined } | undefined;
  private keySets: { loadCount: number; sets: Map<string, ReadonlySet<string>> } | undefined;
  /** Files named but absent at the last load (URI strings). */
  private missing = new Set<string>();
  private readonly loaded$ = new vscode.EventEmitter<BibliographyReport>();
  /** Fires after each load that read the files (not after one that found nothing changed). */
  readonly onDidLoad = this.loaded$.event;
  private readonly sourcesChanged = new vscode.EventEmitter<void>();
  /**
   * Fires when the files that say where a document's citations are defined changed (a LaTeX main
   * file, a _quarto.yml, a conf.py), even if no bibliography did: documents must be checked again.
   */
  readonly onDidChangeSources = this.sourcesChanged.event;
  readonly diagnostics = vscode.languages.createDiagnosticCollection('papers-bibliography');
  /** What the last load did. */
  lastReport: BibliographyReport | undefined;
  private loading: Promise<BibliographyReport | undefined> = Promise.resolve(undefined);

  constructor(private readonly store: PaperStore, private readonly latex: LatexProject, private readonly log: vscode.LogOutputChannel) {
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
      // A chapter may now be brought in by another main file, which names other bibliographies.
      latex.onDidChange(() => { this.schedule(); this.sourcesChanged.fire(); }),
      this.diagnostics, this.loaded$, this.sourcesChanged,
    );
    // A Quarto or Sphinx project's bibliographies come and go with its _quarto.yml or conf.py.
    const projects = vscode.workspace.createFileSystemWatcher('**/{_quarto.yml,_quarto.yaml,conf.py}');
    const projectChanged = () => {
      this.projectTexts.clear();
      this.projectVersion++;
      this.schedule();
      this.sourcesChanged.fire();
    };
    this.subscriptions.push(projects, projects.onDidChange(projectChanged), projects.onDidCreate(projectChanged), projects.onDidDelete(projectChanged));
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
    return this.loading;
  }

  private isTarget(uri: vscode.Uri): boolean {
    return this.watch.has(uri);
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
    const { quartoBibliographies } = await engineLoaded();
    const add = (uri: vscode.Uri, before: readonly vscode.Uri[]) => {
      const key = uri.toString();
      const target = this.named.get(key) ?? { uri, after: new Set<string>() };
      for (const b of before) if (b.toString() !== key) target.after.add(b.toString());
      this.named.set(key, target);
      // The engine worker loads the bundled papers while the other files are looked for and stat'ed.
      if (this.started) this.store.prepareEngine();
    };
    // Each look at the disk is a round trip of 30 to 170 ms while the window loads: the project
    // files are asked for all at once, beside the documents' own bibliographies.
    const projects = (vscode.workspace.workspaceFolders ?? []).flatMap(folder => ['_quarto.yml', '_quarto.yaml'].map(name => {
      const uri = vscode.Uri.joinPath(folder.uri, name);
      return { folder: folder.uri, text: readText(uri) };
    }));
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
    return [...targets.values()];
  }

  /**
   * Where a document's citations are defined: the bibliographies it names; for a LaTeX chapter
   * that names none, those of its main file; for a Markdown or Quarto document, also its Quarto
   * project's (`_quarto.yml`); for reST that names none, its Sphinx project's (`conf.py`).
   * Else the default file, if it exists. Asked on every keystroke (diagnostics, completion): the
   * answer is kept while what the document names, the library and the projects stay the same.
   */
  sourcesOf(doc: CitingText): Promise<DocumentSources> {
    const refs = engine().findBibliographies(doc.getText(), doc.languageId);
    const key = JSON.stringify([refs, this.loadCount, this.latex.version, this.projectVersion]);
    const cached = this.sourcesCache.get(doc.uri.toString());
    if (cached?.key === key) {
      // A chapter without a main file: one may have been written since that no watcher reported.
      if (cached.noMainFile) this.latex.lookAgain();
      return cached.sources;
    }
    const sources = this.findSources(doc, refs);
    if (this.sourcesCache.size > 2000) this.sourcesCache.clear();
    const entry: { key: string; sources: Promise<DocumentSources>; noMainFile?: boolean } = { key, sources };
    this.sourcesCache.set(doc.uri.toString(), entry);
    sources.then(found => { entry.noMainFile = found.noMainFile; }, () => this.sourcesCache.delete(doc.uri.toString()));
    return sources;
  }

  private async findSources(doc: CitingText, refs: readonly BibliographyRef[]): Promise<DocumentSources> {
    const { bibliographyFormat, findBibliographies, isLatexMain, quartoBibliographies, sphinxBibliographies, syntaxOfLanguage } = await engineLoaded();
    const namedAt: DocumentSources['namedAt'] = [];
    const add = async (base: vscode.Uri | undefined, list: readonly BibliographyRef[], by: vscode.Uri) => {
      for (const ref of list) {
        for (const file of await resolve(base, ref.path)) if (bibliographyFormat(file.path)) namedAt.push({ file, by, line: ref.line });
      }
    };
    await add(baseOf(doc), refs, doc.uri);
    let noMainFile = false;
    const text = doc.getText();
    if (!namedAt.length && syntaxOfLanguage(doc.languageId) === 'latex' && !doc.isUntitled) {
      const main = await this.latex.mainOf(doc.uri, text);
      const mainText = main && (openText(main) ?? (await readText(main)));
      if (main && mainText !== undefined) await add(vscode.Uri.joinPath(main, '..'), findBibliographies(mainText, 'latex'), main);
      else noMainFile = !isLatexMain(text);
    }
    const project = ['quarto', 'markdown', 'rmd'].includes(doc.languageId) ? ['_quarto.yml', '_quarto.yaml']
      : doc.languageId === 'restructuredtext' && !namedAt.length ? ['conf.py'] : [];
    for (const folder of doc.isUntitled ? [] : foldersUp(doc.uri)) {
      const found = await this.projectFile(folder, project);
      if (!found) continue;
      await add(folder, found.name === 'conf.py' ? sphinxBibliographies(found.text) : quartoBibliographies(found.text), vscode.Uri.joinPath(folder, found.name));
      break;
    }
    const files = [...new Map(namedAt.map(n => [n.file.toString(), n.file])).values()];
    if (files.length) return { files, named: true, namedAt, noMainFile: false };
    const fallback = await this.defaultFile(doc);
    return { files: fallback ? [fallback] : [], named: false, namedAt, noMainFile };
  }

  /** The first of `names` in `folder`, with its text; read once until a project file changes. */
  private async projectFile(folder: vscode.Uri, names: readonly string[]): Promise<{ name: string; text: string } | undefined> {
    for (const name of names) {
      const uri = vscode.Uri.joinPath(folder, name);
      let text = this.projectTexts.get(uri.toString());
      if (!text) this.projectTexts.set(uri.toString(), text = readText(uri));
      const found = await text;
      if (found !== undefined) return { name, text: found };
    }
    return undefined;
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

  /** The default bibliography file, for a document that names none, if it exists. */
  private async defaultFile(doc: CitingText): Promise<vscode.Uri | undefined> {
    const path = vscode.workspace.getConfiguration(Settings.section).get<string>(Settings.defaultBibliography, 'references.bib').trim() || 'references.bib';
    const folder = vscode.workspace.getWorkspaceFolder(doc.uri)?.uri ?? vscode.workspace.workspaceFolders?.[0]?.uri;
    const uri = isAbsolute(path) ? vscode.Uri.file(path) : folder && vscode.Uri.joinPath(folder, path);
    if (!uri) return undefined;
    const key = uri.toString();
    if (this.defaultExists?.key === key && performance.now() - this.defaultExists.at < DEFAULT_FILE_TTL_MS) return this.defaultExists.uri;
    const found = (await exists(uri)) ? uri : undefined;
    this.defaultExists = { key, at: performance.now(), uri: found };
    return found;
  }

  private async load(force = false): Promise<BibliographyReport | undefined> {
    const targets = await this.discover();
    this.watch.set(targets.map(t => t.uri));
    // The engine worker loads the bundled papers while the files are looked at.
    if (targets.length && this.started) this.store.prepareEngine();
    const limit = vscode.workspace.getConfiguration(Settings.section).get<number>(Settings.maxBibliographySize, 50);
    const files: BibliographyInput[] = [];
    const stamps: unknown[] = [];
    const skipped: { uri: vscode.Uri; problem: ReadProblem }[] = [];
    const missing = new Set<string>();
    // All at once: one round trip to the disk rather than one per file.
    const stats = await Promise.all(targets.map(t => Promise.resolve(disk.stat(t.uri)).catch(() => undefined)));
    for (const [i, target] of targets.entries()) {
      const file = vscode.workspace.asRelativePath(target.uri, false);
      const stat = stats[i];
      if (!stat) {
        // A document may name a bibliography that does not exist yet (citing creates it).
        missing.add(target.uri.toString());
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
      files.push({ uri: target.uri.toString(), file, after: [...target.after], stamp: `${stat.size}:${stat.mtime}` });
    }
    // A watcher firing twice, or a reload with nothing changed on disk: nothing to read again.
    const fingerprint = JSON.stringify([stamps, [...missing]]);
    if (!force && fingerprint === this.loaded && this.lastReport) return this.lastReport;
    // Decoding and reading happen in the search engine. On the desktop it reads the files itself
    // (a 3 MB file took the host 0.4 s to gather while the window loaded); elsewhere it gets the bytes.
    const byPath = files.length > 0 && this.store.readsFiles;
    for (const file of files) {
      const uri = vscode.Uri.parse(file.uri);
      if (byPath && uri.scheme === 'file') file.path = uri.fsPath;
      else file.bytes = await readBytes(uri) ?? new Uint8Array(0);
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
  private accept(report: BibliographyReport, missing: Set<string>, skipped: readonly { uri: vscode.Uri; problem: ReadProblem }[]): void {
    this.lastReport = report;
    this.missing = missing;
    this.loadCount++;
    void vscode.commands.executeCommand('setContext', ContextKeys.hasBibliography, report.files.some(f => f.keys.length));
    this.publish(report, skipped);
    this.loaded$.fire(report);
  }

  /** Problems to the log and to the Problems panel, each on its line. */
  private publish(report: BibliographyReport, skipped: readonly { uri: vscode.Uri; problem: ReadProblem }[]): void {
    const next = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>();
    let count = 0;
    for (const file of report.files) {
      const uri = vscode.Uri.parse(file.uri);
      const diagnostics = file.problems.map(problem => {
        count++;
        this.log.warn(`${file.file}:${problem.line}: ${problem.message}`);
        const severity = engine().problemSeverity(problem) === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
        const diagnostic = new vscode.Diagnostic(lineRange(problem.line), problem.message, severity);
        diagnostic.source = 'Papers';
        if (problem.code) diagnostic.code = problem.code;
        if (problem.firstLine) {
          diagnostic.relatedInformation = [new vscode.DiagnosticRelatedInformation(new vscode.Location(uri, lineRange(problem.firstLine)), 'the first entry with this key, which BibTeX, biber and pandoc use')];
        }
        return diagnostic;
      });
      next.set(uri.toString(), { uri, diagnostics });
    }
    for (const { uri, problem } of skipped) {
      const diagnostic = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 0), problem.message, vscode.DiagnosticSeverity.Warning);
      diagnostic.source = 'Papers';
      next.set(uri.toString(), { uri, diagnostics: [diagnostic] });
    }
    replaceDiagnostics(this.diagnostics, next);
    const entries = report.files.reduce((n, f) => n + f.keys.length, 0);
    this.log.info(`Bibliographies: ${report.files.length} file(s), ${entries} entries, ${count} problem(s)${report.files.length ? `: ${report.files.map(f => f.file).join(', ')}` : ''}`);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.watch.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await disk.stat(uri);
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
    return await disk.readFile(uri);
  } catch {
    return undefined;
  }
}

/** The folders from a document's up to its workspace folder (only its own outside a workspace). */
function foldersUp(uri: vscode.Uri): vscode.Uri[] {
  const root = vscode.workspace.getWorkspaceFolder(uri)?.uri;
  const folders: vscode.Uri[] = [];
  let folder = vscode.Uri.joinPath(uri, '..');
  for (let i = 0; i < 12; i++) {
    folders.push(folder);
    if (!root || folder.path === root.path || folder.path.length <= root.path.length) break;
    folder = vscode.Uri.joinPath(folder, '..');
  }
  return folders;
}

/** The text of an open document, as the editor holds it. */
function openText(uri: vscode.Uri): string | undefined {
  return vscode.workspace.textDocuments.find(d => d.uri.toString() === uri.toString())?.getText();
}

/** A small file's text (a _quarto.yml), from the disk; undefined if it cannot be read. */
async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await disk.readFile(uri));
  } catch {
    return undefined;
  }
}
