// The workspace's LaTeX and Typst files, read in slices and kept in step with edits, so that a
// chapter knows its main file and its project's bibliographies.
import vscode = require('vscode');
import type { DocumentCache, LatexProject as Project } from '../../core/project/latex';
import type { LatexProjects } from '../../core/project/roots';
import type { TypstProject } from '../../core/project/typst';
import { eachInSlices } from '../../core/util/pause';
import { engine, engineLoaded } from '../engine/load';
import { Settings } from '../ids';
import * as disk from '../util/disk';
import { Disposable } from '../util/dispose';
import { scanOf } from '../util/documentScan';
import { watcherEvents } from '../util/fileWatch';

/** How many LaTeX files of the workspace are read to find the projects. */
const MAX_FILES = 2000;
/** At most one look for new or deleted LaTeX files in this long (a look lists the workspace). */
const RELIST_MS = 1000;
const PROJECT_GLOB = '**/*.{tex,ltx,typ}';
const isLatexPath = (path: string) => /\.(tex|ltx)$/i.test(path);
const isTypstPath = (path: string) => /\.typ$/i.test(path);

/**
 * The LaTeX and Typst projects of the workspace (core/project): its `.tex`, `.ltx` and `.typ` files, read when a
 * project is first asked for, again after one is created, deleted or saved; open documents as
 * the editor holds them, so that a new `\input` or a moved `\addbibresource` changes the project
 * as it is typed. A watcher's event can come late or never (inotify limits): when a file finds no
 * project, the workspace is listed again, and a file created or deleted since counts as a change.
 */
export class LatexProject extends Disposable {
  private files: Promise<Map<string, string>> | undefined;
  /** How many times the files were forgotten: a reading started before the last time is stale. */
  private generation = 0;
  private projects: LatexProjects | undefined;
  /** Each file's reading, kept across projects and changes: only a changed text is read again. */
  private readonly cache: DocumentCache = new Map();
  /** What makes each open LaTeX document's project, as last seen (`structureOf`). */
  private readonly structures = new Map<string, string>();
  private relist: { timer?: ReturnType<typeof setTimeout>; last: number; wanted: boolean } = { last: -Infinity, wanted: false };
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when the files changed in a way that may change a project (its files, its bibliographies, its root). */
  readonly onDidChange = this.changed.event;
  /** Grows with every change: part of the caches that depend on projects. */
  version = 0;
  private watching = false;

  constructor() {
    super();
    this.register(vscode.workspace.onDidSaveTextDocument(doc => { if (isLatexPath(doc.uri.path) || isTypstPath(doc.uri.path)) this.forget(); }));
    // An edit that brings in another file, names a bibliography or defines a path macro changes the project at once.
    this.register(vscode.workspace.onDidChangeTextDocument(e => { if (e.contentChanges.length) this.edited(e.document); }));
    this.register(vscode.workspace.onDidCloseTextDocument(doc => this.structures.delete(doc.uri.toString())));
  }

  /**
   * Watches the workspace's LaTeX and Typst files from the first time they are read: until then
   * nothing read can be out of date (a watcher made at activation cost the extension host 0.4-0.9 ms
   * of it in a window, and VS Code a watcher, in every workspace, citing or not).
   */
  private watch(): void {
    if (this.watching) return;
    this.watching = true;
    const watcher = this.register(vscode.workspace.createFileSystemWatcher(PROJECT_GLOB));
    const forget = () => { if (!watcherEvents.dropped) this.forget(); };
    this.register(watcher.onDidCreate(forget));
    this.register(watcher.onDidDelete(forget));
    this.register(watcher.onDidChange(forget));
  }

  private edited(doc: vscode.TextDocument): void {
    // Until a project was asked for, nothing is known to change (and the engine may not be loaded yet).
    if (!this.files) return;
    let structure: string;
    if (isTypstPath(doc.uri.path)) {
      structure = JSON.stringify(engine().project.typstReferences(doc.getText()));
    } else {
      const latex = (isLatexPath(doc.uri.path) || doc.languageId === 'latex') && scanOf(doc).latex;
      if (!latex) return;
      structure = engine().project.structureOf(latex);
    }
    const key = doc.uri.toString();
    const before = this.structures.get(key);
    this.structures.set(key, structure);
    // Seen for the first time: the projects read this document as it was opened, which this edit may have changed.
    if (before !== structure && (before !== undefined || this.projects)) this.changedProjects();
  }

  private forget(): void {
    this.files = undefined;
    this.generation++;
    this.changedProjects();
  }

  private changedProjects(): void {
    this.projects = undefined;
    this.version++;
    this.changed.fire();
  }

  /**
   * Lists the workspace's LaTeX files again, soon (at most once a second), and forgets what was
   * read if the list changed: for a file that found no project.
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
    return vscode.workspace.findFiles(PROJECT_GLOB, '**/node_modules/**', MAX_FILES);
  }

  /**
   * The project a LaTeX file belongs to (`text`: the file as the caller has it), with its root and
   * how it was found; undefined for a part of a document that no main file brings in.
   */
  async projectOf(uri: vscode.Uri, text: string): Promise<{ project: Project; root: vscode.Uri } | undefined> {
    const { LatexProjects } = (await engineLoaded()).project;
    const files = await this.workspaceFiles();
    const open = new Map<string, string>();
    for (const doc of vscode.workspace.textDocuments) if (doc.uri.scheme === uri.scheme && isLatexPath(doc.uri.path)) open.set(doc.uri.path, doc.getText());
    if (!this.projects || (!files.has(uri.path) && !open.has(uri.path))) {
      const given = open.has(uri.path) || files.has(uri.path) ? undefined : { path: uri.path, text };
      const read = (path: string) => open.get(path) ?? files.get(path) ?? (path === given?.path ? given.text : undefined);
      const paths = [...new Set([...files.keys(), ...open.keys(), ...(given ? [given.path] : [])])].filter(isLatexPath);
      await this.readInSlices(paths, read);
      const projects = new LatexProjects({ read }, paths, this.cache);
      if (given) return this.answer(projects, uri);
      this.projects = projects;
    }
    return this.answer(this.projects, uri);
  }

  /**
   * Reads every file into the cache a few at a time, yielding between slices: a thesis of many
   * chapters is read without holding the extension host, which every extension shares. The
   * projects are then made from the cache.
   */
  private async readInSlices(paths: readonly string[], read: (path: string) => string | undefined): Promise<void> {
    const { documentOf } = (await engineLoaded()).project;
    await eachInSlices(paths, path => {
      const text = read(path);
      if (text !== undefined) documentOf(path, text, this.cache);
    });
  }

  private answer(projects: LatexProjects, uri: vscode.Uri): { project: Project; root: vscode.Uri } | undefined {
    const found = projects.rootOf(uri.path);
    if (!found) {
      this.lookAgain();
      return undefined;
    }
    return { project: projects.project(found.root), root: uri.with({ path: found.root }) };
  }

  /**
   * The Typst project a `.typ` file belongs to: the file that includes it, directly or through
   * others, and every file that one reads; its own when nothing includes it.
   */
  async typstProjectOf(uri: vscode.Uri, text: string): Promise<TypstProject> {
    const { TypstProjects } = (await engineLoaded()).project;
    const files = await this.workspaceFiles();
    const open = new Map<string, string>();
    for (const doc of vscode.workspace.textDocuments) if (doc.uri.scheme === uri.scheme && isTypstPath(doc.uri.path)) open.set(doc.uri.path, doc.getText());
    open.set(uri.path, open.get(uri.path) ?? text);
    const read = (path: string) => open.get(path) ?? files.get(path);
    const paths = [...new Set([...files.keys(), ...open.keys()])].filter(isTypstPath);
    return new TypstProjects({ read }, paths).projectOf(uri.path);
  }

  /** The nearest main file of the workspace, as a file at `uri` would name it in `% !TEX root`; undefined when there is none. */
  async nearestRoot(uri: vscode.Uri): Promise<string | undefined> {
    const projects = this.projects;
    if (!projects) return undefined;
    const { noProjectHint } = (await engineLoaded()).health;
    return projects.roots().length ? noProjectHint(uri.path, projects) : undefined;
  }

  /**
   * The workspace's LaTeX and Typst files as read. A file created or changed while they were being
   * read (a watcher's event meanwhile) makes them be read again: a reading that listed the folder
   * before the file existed would otherwise serve without it until the next change.
   */
  private workspaceFiles(): Promise<Map<string, string>> {
    if (this.files) return this.files;
    this.watch();
    const generation = this.generation;
    const reading = this.readWorkspaceFiles();
    this.files = reading.then(files => (generation === this.generation ? files : this.workspaceFiles()));
    return this.files;
  }

  private readWorkspaceFiles(): Promise<Map<string, string>> {
    return ((async () => {
      const files = new Map<string, string>();
      if (!vscode.workspace.workspaceFolders?.length) return files;
      const uris = await this.list();
      const decoder = new TextDecoder();
      const limit = disk.sizeLimit(Settings.maxDocumentSize);
      await Promise.all(uris.map(async uri => {
        try {
          files.set(uri.path, decoder.decode(await disk.readUserFile(uri, limit)));
        } catch {
          // Gone since it was listed, or no file to read (a pipe, larger than papers.documents.maxFileSize): it brings nothing in.
        }
      }));
      return files;
    })());
  }

  override dispose(): void {
    clearTimeout(this.relist.timer);
    super.dispose();
  }
}
