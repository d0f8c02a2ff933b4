// Where a document's citations are defined: the bibliographies it names; for a LaTeX chapter that
// names none, those of its main file; for Markdown or Quarto, also its Quarto project's
// (`_quarto.yml`); for reST that names none, its Sphinx project's (`conf.py`); else the default
// file, if it exists. Asked on every keystroke (the checks of citations, completion), so the
// answer is kept while what the document names, the library and the projects stay the same.
import vscode = require('vscode');
import type { BibliographyRef } from '../../core/cite/sources';
import { engine, engineLoaded } from '../engine/load';
import { Settings } from '../ids';
import { exists, openText, readText } from '../util/disk';
import { Disposable } from '../util/dispose';
import { scanOf } from '../util/documentScan';
import type { LatexProject } from './latexProject';

const GLOB = /[*?[\]{}]/;
export const isAbsolute = (path: string) => /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(path);

/** How long the answer "the default bibliography file exists" is kept (it appears when a first citation creates it). */
const DEFAULT_FILE_TTL_MS = 2000;

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

/** Whether a citing text is an open document (scanned once per version), not a file read from disk. */
const isOpen = (doc: CitingText): doc is vscode.TextDocument => typeof (doc as vscode.TextDocument).version === 'number';

/** The folder a document's relative bibliography paths start from. */
function baseOf(doc: CitingText): vscode.Uri | undefined {
  if (!doc.isUntitled) return vscode.Uri.joinPath(doc.uri, '..');
  return vscode.workspace.getWorkspaceFolder(doc.uri)?.uri ?? vscode.workspace.workspaceFolders?.[0]?.uri;
}

/** The files a path names, resolved against `base`: itself, or the files a glob matches. */
export async function resolve(base: vscode.Uri | undefined, path: string): Promise<vscode.Uri[]> {
  if (isAbsolute(path)) return GLOB.test(path) ? [] : [vscode.Uri.file(path)];
  if (!base) return [];
  if (!GLOB.test(path)) return [vscode.Uri.joinPath(base, path)];
  return (await vscode.workspace.findFiles(new vscode.RelativePattern(base, path), null, 200)).sort((a, b) => a.path.localeCompare(b.path));
}

/** The folders from a document's up to its workspace folder (only its own outside a workspace). */
export function foldersUp(uri: vscode.Uri): vscode.Uri[] {
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

export class SourceFinder extends Disposable {
  private readonly cache = new Map<string, { key: string; sources: Promise<DocumentSources>; noMainFile?: boolean }>();
  private readonly projectTexts = new Map<string, Promise<string | undefined>>();
  private projectVersion = 0;
  private defaultExists: { key: string; at: number; uri: vscode.Uri | undefined } | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when a Quarto or Sphinx project file (`_quarto.yml`, `conf.py`) changed. */
  readonly onDidChangeProject = this.changed.event;

  constructor(private readonly latex: LatexProject) {
    super();
    // A Quarto or Sphinx project's bibliographies come and go with its _quarto.yml or conf.py.
    const projects = this.register(vscode.workspace.createFileSystemWatcher('**/{_quarto.yml,_quarto.yaml,conf.py}'));
    const projectChanged = () => {
      this.projectTexts.clear();
      this.projectVersion++;
      this.changed.fire();
    };
    this.register(projects.onDidChange(projectChanged));
    this.register(projects.onDidCreate(projectChanged));
    this.register(projects.onDidDelete(projectChanged));
  }

  /** Where a document's citations are defined; `libraryVersion` counts the loads of the bibliographies. */
  sourcesOf(doc: CitingText, libraryVersion: number): Promise<DocumentSources> {
    // An open document's scan of this version is the one its citations come from; a file on disk is read here.
    const refs = isOpen(doc) ? scanOf(doc).bibliographies : engine().findBibliographies(doc.getText(), doc.languageId);
    const key = JSON.stringify([refs, libraryVersion, this.latex.version, this.projectVersion]);
    const cached = this.cache.get(doc.uri.toString());
    if (cached?.key === key) {
      // A chapter without a main file: one may have been written since that no watcher reported.
      if (cached.noMainFile) this.latex.lookAgain();
      return cached.sources;
    }
    const sources = this.find(doc, refs);
    if (this.cache.size > 2000) this.cache.clear();
    const entry: { key: string; sources: Promise<DocumentSources>; noMainFile?: boolean } = { key, sources };
    this.cache.set(doc.uri.toString(), entry);
    sources.then(found => { entry.noMainFile = found.noMainFile; }, () => this.cache.delete(doc.uri.toString()));
    return sources;
  }

  private async find(doc: CitingText, refs: readonly BibliographyRef[]): Promise<DocumentSources> {
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
}
