// The faded "not cited" hints on the entries of an open bibliography file.
import vscode = require('vscode');
import { Disposable } from '../util/dispose';
import { eachInSlices } from '../../core/util/pause';
import { Delayer, Sequencer } from '../util/async';
import { replaceDiagnostics } from '../util/diagnosticSets';
import * as disk from '../util/disk';
import type { FileUse } from '../../core/health/unusedEntries';
import type { Bibliographies, CitingText } from '../bibliography/bibliographies';
import { CITING_LANGUAGES, languageOfPath } from '../../core/cite/languages';
import { engine } from '../engine/load';
import { citationsOf } from '../common/documentCitations';
import { Settings } from '../ids';

/** The citing files of the workspace that are read to know which entries are used. */
const CITING_GLOB = '**/*.{tex,ltx,md,markdown,qmd,Rmd,rmd,typ,rst}';
const MAX_FILES = 1000;
/** Edits to a citing document come fast; the hints can wait for a pause in typing. */
const DEBOUNCE_MS = 500;

interface Scanned { version: string; keys: Set<string>; all: boolean; text: CitingText }

/**
 * Fades the entries of an open bibliography file that no document of the workspace citing from
 * it uses (a hint, as VS Code shows unused code). Nothing is faded in a file that no document
 * names, nor in one a document cites whole (`\nocite{*}`). `papers.diagnostics.unusedEntries`
 * turns it off.
 */
export class UnusedEntries extends Disposable {
  readonly diagnostics = this.register(vscode.languages.createDiagnosticCollection('papers-unused'));
  private readonly soon = this.register(new Delayer(DEBOUNCE_MS));
  private readonly updates = new Sequencer();
  private diskFiles: Promise<vscode.Uri[]> | undefined;
  private readonly scanned = new Map<string, Scanned>();
  /** Counts the watcher's events: a disk reading during which one came may hold a file half written. */
  private events = 0;
  private started = false;
  /** The last things the hints heard and did, newest last: what a test shows when they did not follow a change. */
  readonly trail: string[] = [];
  private readonly updated = this.register(new vscode.EventEmitter<void>());
  /** Fires after the hints were set again. */
  readonly onDidUpdate = this.updated.event;

  constructor(private readonly bibliographies: Bibliographies) {
    super();
    this.register(bibliographies.onDidLoad(() => this.schedule(0)));
    // A project that changed (a main file found, a chapter brought in) changes which files use which
    // bibliography, and may have found files no event of ours announced (a folder moved in): list again.
    this.register(bibliographies.onDidChangeSources(() => this.listed('a project changed')));
    // The watcher can miss a change (on Linux, past the inotify limits). A folder moved in from a
    // file manager or a terminal is moved while the window is in the background: coming back to
    // it, the workspace is listed again, so that what it holds is read.
    this.register(vscode.window.onDidChangeWindowState(state => { if (state.focused) this.listed('the window has the focus again'); }));
    this.register(vscode.workspace.onDidOpenTextDocument(() => this.schedule()));
    this.register(vscode.workspace.onDidCloseTextDocument(doc => this.diagnostics.delete(doc.uri)));
    this.register(vscode.workspace.onDidChangeTextDocument(e => { if (CITING_LANGUAGES.includes(e.document.languageId)) this.schedule(); }));
    this.register(vscode.workspace.onDidChangeConfiguration(e => { if (e.affectsConfiguration(`${Settings.section}.diagnostics`)) this.schedule(0); }));
  }

  /** The citing files' list is made again, and the hints with it. */
  private listed(why: string): void {
    this.note(why);
    this.diskFiles = undefined;
    this.schedule();
  }

  /**
   * Watches the workspace's citing files once the hints start (the library's first load): nothing
   * is read before, so nothing can be out of date; two watchers made at activation cost the
   * extension host about a millisecond of it in a window, in every workspace.
   */
  private watch(): void {
    const watcher = this.register(vscode.workspace.createFileSystemWatcher(CITING_GLOB));
    const changed = (uri: vscode.Uri) => {
      this.events++;
      this.scanned.delete(uri.toString());
      this.schedule();
    };
    // A file that appears or goes is read afresh (a reading made while it was being written is not kept), and the list with it.
    const listedAgain = (uri: vscode.Uri) => {
      this.events++;
      this.scanned.delete(uri.toString());
      this.listed(`created or deleted: ${vscode.workspace.asRelativePath(uri, false)}`);
    };
    // A folder moved in, unzipped or checked out in one step: VS Code reports the folder alone, not
    // the files in it, so the glob above hears nothing. (A folder moved out is reported file by file.)
    const anything = this.register(vscode.workspace.createFileSystemWatcher('**/*', false, true, true));
    const folderCreated = async (uri: vscode.Uri) => {
      if (hasExtension(uri) || (await disk.stat(uri).then(s => s.type & vscode.FileType.Directory, () => 0)) === 0) return;
      listedAgain(uri);
    };
    this.register(watcher.onDidChange(changed));
    this.register(watcher.onDidCreate(listedAgain));
    this.register(watcher.onDidDelete(listedAgain));
    this.register(anything.onDidCreate(uri => void folderCreated(uri)));
  }

  private note(what: string): void {
    this.trail.push(`${new Date().toISOString().slice(11, 23)} ${what}`);
    if (this.trail.length > 20) this.trail.shift();
  }

  start(): void {
    if (!this.started) this.watch();
    this.started = true;
    this.schedule(0);
  }

  /** Resolves once the hints are up to date with what was last asked. */
  async settled(): Promise<void> {
    await this.updates.current;
  }

  private schedule(delay = DEBOUNCE_MS): void {
    if (!this.started) return;
    this.soon.trigger(() => void this.updates.queue(() => this.update()).catch(() => undefined), delay);
  }

  private async update(): Promise<void> {
    const config = vscode.workspace.getConfiguration(Settings.section);
    const report = this.bibliographies.lastReport;
    const files = new Map((report?.files ?? []).map(f => [f.uri, f]));
    const open = vscode.workspace.textDocuments.filter(d => files.has(d.uri.toString()));
    if (!config.get<boolean>(Settings.diagnostics, true) || !config.get<boolean>(Settings.unusedEntries, true) || !open.length) {
      this.diagnostics.clear();
      this.updated.fire();
      return;
    }
    const uses = await this.uses();
    const next = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>();
    for (const doc of open) {
      const file = files.get(doc.uri.toString())!;
      const unused = engine().health.unusedEntries(file.keys, file.lines, uses.get(file.uri) ?? []);
      const name = vscode.workspace.asRelativePath(doc.uri, false);
      next.set(doc.uri.toString(), { uri: doc.uri, diagnostics: unused.map(({ key, line }) => {
        const diagnostic = new vscode.Diagnostic(keyRange(doc, key, line), `${key} is not cited by any document that uses ${name}`, vscode.DiagnosticSeverity.Hint);
        diagnostic.tags = [vscode.DiagnosticTag.Unnecessary];
        diagnostic.source = 'Papers';
        diagnostic.code = 'unused-entry';
        return diagnostic;
      }) });
    }
    replaceDiagnostics(this.diagnostics, next);
    this.note(`hints set: ${[...next.values()].reduce((n, file) => n + file.diagnostics.length, 0)} entries faded, ${uses.size} bibliographies used`);
    this.updated.fire();
  }

  /** For each bibliography file (URI string), how the citing documents that name it use it. */
  private async uses(): Promise<Map<string, FileUse[]>> {
    const texts = new Map<string, { text: CitingText; version: string; open?: vscode.TextDocument }>();
    for (const uri of await this.listDiskFiles()) {
      const languageId = languageOfPath(uri.path);
      if (languageId) texts.set(uri.toString(), { text: { uri, languageId, isUntitled: false, getText: () => '' }, version: 'disk' });
    }
    for (const doc of vscode.workspace.textDocuments) {
      if (CITING_LANGUAGES.includes(doc.languageId)) texts.set(doc.uri.toString(), { text: doc, version: `open:${doc.version}`, open: doc });
    }
    const uses = new Map<string, FileUse[]>();
    // In slices, with a pause between them: a workspace of many chapters is read without holding the host.
    await eachInSlices(texts, async ([key, { text, version, open }]) => {
      let scanned = this.scanned.get(key);
      if (scanned?.version !== version) {
        const events = this.events;
        const source = version === 'disk' ? await diskText(text) : text;
        if (!source) return;
        const { citedKeys } = engine().health;
        const { findCitations, syntaxOfLanguage } = engine().cite;
        // An open document's scan is the one hover and the checks of citations take (documentCitations).
        const used = citedKeys(open ? citationsOf(open) : findCitations(source.getText(), syntaxOfLanguage(source.languageId)!));
        scanned = { version, ...used, text: source };
        // A file changed while it was read is used this once: the update its event asked for reads it again.
        if (events === this.events) this.scanned.set(key, scanned);
      }
      const sources = await this.bibliographies.sourcesOf(scanned.text);
      if (sources.named) {
        for (const file of sources.files) {
          const list = uses.get(file.toString()) ?? [];
          list.push({ keys: scanned.keys, all: scanned.all });
          uses.set(file.toString(), list);
        }
      }
    });
    return uses;
  }

  private listDiskFiles(): Promise<vscode.Uri[]> {
    if (!vscode.workspace.workspaceFolders?.length) return Promise.resolve([]);
    return (this.diskFiles ??= Promise.resolve(vscode.workspace.findFiles(CITING_GLOB, '**/{node_modules,.git}/**', MAX_FILES)));
  }
}

/**
 * Whether a created path looks like a file (`notes.md`, `.git`): only the others are
 * looked at as folders, so that a build writing many files costs no look at each.
 */
function hasExtension(uri: vscode.Uri): boolean {
  return /\.[^/.]+$/.test(uri.path);
}

/** A citing file as it is on the disk; undefined when it cannot be read. */
async function diskText(file: CitingText): Promise<CitingText | undefined> {
  try {
    const text = new TextDecoder().decode(await disk.readFile(file.uri));
    return { ...file, getText: () => text };
  } catch {
    return undefined;
  }
}

/** The key on its entry's line, or the whole line when it is not written there. */
function keyRange(doc: vscode.TextDocument, key: string, line: number): vscode.Range {
  const at = Math.min(Math.max(line, 1), doc.lineCount) - 1;
  const text = doc.lineAt(at).text;
  const column = text.indexOf(key);
  return column >= 0 ? new vscode.Range(at, column, at, column + key.length) : doc.lineAt(at).range;
}
