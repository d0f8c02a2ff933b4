// The writer's notes, one a paper, in papers.notes.folder: which papers have one (the mark in the
// tree, the details view and the hover), and their words (search finds a paper by them). Read with
// workspace.fs, so the web reads them too; read again when a file of the folder changes. Papers
// writes a note once, when it is first opened, and never again (the notes feature does that).
import vscode = require('vscode');
import type { NoteMatches } from '../../core/search/library';
import { engine, engineLoaded } from '../engine/load';
import { Settings } from '../ids';
import { Disposable } from '../util/dispose';

/** A note larger than this is marked, but not searched by its words (a pasted PDF, a log). */
const MAX_NOTE_BYTES = 1_000_000;
/** How deep under the folder notes are looked for (a file name such as `${key}/index.md` is one down). */
const MAX_DEPTH = 3;
/** Changes of the folder come in bursts (a save writes twice, a git checkout many files). */
const SETTLE_MS = 150;

/** Where notes go, as the settings say, or why they cannot. */
export interface NoteSettings {
  folder: string;
  fileName: string;
  /** A template's path inside the workspace; '' for the default. */
  template: string;
}

export function noteSettings(): NoteSettings {
  const config = vscode.workspace.getConfiguration(Settings.section);
  return {
    folder: config.get<string>(Settings.notesFolder, 'notes/') || 'notes/',
    fileName: config.get<string>(Settings.notesFileName, '${key}.md') || '${key}.md',
    template: config.get<string>(Settings.notesTemplate, '').trim(),
  };
}

/** The workspace folder notes belong to: the first (a note is the writer's, not one project's). */
export function workspaceRoot(): vscode.Uri | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri;
}

/** A note as read: its words only (the search's), not its text. */
interface Note { key: string; uri: vscode.Uri; words: readonly string[] }

export class Notes extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Something was added, removed or changed in the notes folder (or its settings). */
  readonly onDidChange = this.changed.event;
  private byKey = new Map<string, Note>();
  private loading: Promise<void> | undefined;
  private watcher: vscode.Disposable | undefined;
  /** Whether the notes folder was there when last read. */
  private folderFound = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly log: vscode.LogOutputChannel) {
    super();
    this.register(vscode.workspace.onDidChangeConfiguration(e => {
      if (e.affectsConfiguration(`${Settings.section}.notes`)) void this.reload();
    }));
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => void this.reload()));
    this.register({ dispose: () => { this.watcher?.dispose(); clearTimeout(this.timer); } });
  }

  /** The notes folder, or why there is none (no folder open, settings that do not make a path). */
  folder(): { uri: vscode.Uri; settings: NoteSettings } | { problem: string } {
    const root = workspaceRoot();
    if (!root) return { problem: 'Notes live in the workspace: open a folder first.' };
    const settings = noteSettings();
    const { folderParts, noteSettingsProblem } = engine().notes;
    const problem = noteSettingsProblem(settings.folder, settings.fileName);
    if (problem) return { problem: `Papers: ${problem}.` };
    return { uri: vscode.Uri.joinPath(root, ...folderParts(settings.folder)), settings };
  }

  /** Where a paper's note is, or would be. */
  uriOf(key: string): vscode.Uri | { problem: string } {
    const known = this.byKey.get(key.toLowerCase());
    if (known) return known.uri;
    const folder = this.folder();
    if ('problem' in folder) return folder;
    return vscode.Uri.joinPath(folder.uri, ...engine().notes.notePath(folder.settings.fileName, key).split('/'));
  }

  /** Resolves once the notes folder was read (at once after the first time). */
  ready(): Promise<void> {
    return (this.loading ??= this.read());
  }

  /** Whether the paper has a note (as last read; `ready` first for a sure answer). */
  has(key: string): boolean {
    return this.byKey.has(key.toLowerCase());
  }

  /** How many notes there are. */
  get size(): number {
    return this.byKey.size;
  }

  /** The notes for one query: which papers have one (`has:note`), and whose notes hold its words. Undefined without notes. */
  forQuery(text: string): NoteMatches | undefined {
    if (!this.byKey.size) return undefined;
    const words = new Map([...this.byKey.values()].map(n => [n.key, n.words]));
    const { notesMatching, parseQuery } = engine().notes;
    return { noted: [...this.byKey.values()].map(n => n.key), matching: notesMatching(words, parseQuery(text).words) };
  }

  /** A note was just written by Papers: known at once, without waiting for the watcher. */
  async added(key: string, uri: vscode.Uri): Promise<void> {
    // The first note made the folder: watched from now on (a watcher of a folder that was not there hears nothing).
    if (!this.folderFound) return this.reload();
    await this.readOne(key, uri);
    this.changed.fire();
  }

  /** Reads the notes folder again now (rather than after the watcher's event). */
  reread(): Promise<void> {
    return this.reload();
  }

  private async reload(): Promise<void> {
    this.loading = this.read();
    await this.loading;
  }

  private async read(): Promise<void> {
    await engineLoaded();
    const folder = this.folder();
    this.watcher?.dispose();
    this.watcher = undefined;
    const before = this.byKey.size;
    if ('problem' in folder) {
      this.byKey = new Map();
      if (before) this.changed.fire();
      return;
    }
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder.uri, '**/*'));
    const soon = () => { clearTimeout(this.timer); this.timer = setTimeout(() => void this.reload(), SETTLE_MS); };
    this.watcher = vscode.Disposable.from(watcher, watcher.onDidCreate(soon), watcher.onDidChange(soon), watcher.onDidDelete(soon));
    const keyOf = engine().notes.keyOfNote(folder.settings.fileName);
    const found: { key: string; uri: vscode.Uri }[] = [];
    this.folderFound = true;
    const walk = async (uri: vscode.Uri, relative: string, depth: number): Promise<void> => {
      let children: [string, vscode.FileType][];
      try {
        // Asked first: VS Code logs a listing of a missing folder as an error, and no folder is the usual case.
        if (depth === 1) await vscode.workspace.fs.stat(uri);
        children = await vscode.workspace.fs.readDirectory(uri);
      } catch {
        if (depth === 1) this.folderFound = false; // No folder yet: no notes.
        return;
      }
      for (const [name, type] of children) {
        const path = relative ? `${relative}/${name}` : name;
        const child = vscode.Uri.joinPath(uri, name);
        if (type & vscode.FileType.Directory) { if (depth < MAX_DEPTH) await walk(child, path, depth + 1); continue; }
        const key = keyOf(path);
        if (key) found.push({ key, uri: child });
      }
    };
    await walk(folder.uri, '', 1);
    const notes = await Promise.all(found.map(({ key, uri }) => this.readNote(key, uri)));
    // Swapped whole: a search meanwhile sees the notes as they were, not half of them.
    this.byKey = new Map(notes.flatMap(note => (note ? [[note.key.toLowerCase(), note] as const] : [])));
    if (before || this.byKey.size) this.changed.fire();
  }

  private async readOne(key: string, uri: vscode.Uri): Promise<void> {
    const note = await this.readNote(key, uri);
    if (note) this.byKey.set(key.toLowerCase(), note);
  }

  private async readNote(key: string, uri: vscode.Uri): Promise<Note | undefined> {
    let text = '';
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size <= MAX_NOTE_BYTES) text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch (error) {
      this.log.warn(`Could not read the note ${uri.toString(true)}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    return { key, uri, words: engine().notes.noteWords(text) };
  }
}
