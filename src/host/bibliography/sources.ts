// Where a document's citations are defined: for a LaTeX or Typst file, the bibliographies named
// anywhere in its project (core/project: the file TeX or Typst is run on and every file it brings
// in); for the others, those it names and those its project files name (a Quarto project's
// `_quarto.yml` and `_metadata.yml`, a bookdown book's `index.Rmd`, a Jupyter Book's `_config.yml`,
// a pandoc `defaults.yaml`; for reST that names none, its Sphinx project's `conf.py`); else the
// default file, if it exists. Asked on every keystroke (the checks of citations, completion), so
// the answer is kept while what the document names, the library and the projects stay the same.
import vscode = require('vscode');
import type { BibliographyRef } from '../../core/cite/sources';
import { engine, engineLoaded } from '../engine/load';
import { Settings } from '../ids';
import { exists, readText } from '../util/disk';
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

/** The file Papers appends a document's new entries to. */
export interface AppendTarget {
  uri: vscode.Uri;
  /** As the writer knows it: relative to the workspace, or as the setting writes it. */
  path: string;
  /** Whether the document, its main file or its project names it (false: the default file). */
  named: boolean;
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
  /**
   * For a LaTeX file: its project's root and whether the project loads biblatex (what a hint to
   * name a bibliography says); or, with no main file, the nearest main file to name in `% !TEX root`.
   */
  latex?: { root?: vscode.Uri; biblatex?: boolean; hint?: string };
  /**
   * Where new entries go: the first .bib or CSL-JSON file among those named; else the default
   * file, created on first use; or, when there is none, why (to say to the writer).
   */
  target: AppendTarget | string;
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

/** The path in papers.bibliography.defaultFile (`references.bib` when unset or blank). */
export function defaultBibliographyPath(): string {
  return vscode.workspace.getConfiguration(Settings.section).get<string>(Settings.defaultBibliography, 'references.bib').trim() || 'references.bib';
}

/** The default bibliography file of a workspace folder (whether it exists or not); undefined with no folder and a relative path. */
export function defaultBibliography(folder: vscode.Uri | undefined): vscode.Uri | undefined {
  const path = defaultBibliographyPath();
  return isAbsolute(path) ? vscode.Uri.file(path) : folder && vscode.Uri.joinPath(folder, path);
}

/**
 * Where a document's new entries go: the first file named (`named`) that Papers writes (.bib,
 * CSL-JSON; not YAML), else the default file (papers.bibliography.defaultFile).
 */
function targetOf(doc: CitingText, refs: readonly BibliographyRef[], named: readonly vscode.Uri[]): AppendTarget | string {
  const { bibliographyKind } = engine().cite;
  const written = named.find(file => bibliographyKind(file.path));
  if (written) return { uri: written, path: vscode.workspace.asRelativePath(written, false), named: true };
  const own = refs.find(ref => bibliographyKind(ref.path));
  if (own && !isAbsolute(own.path) && !baseOf(doc)) return `Save the document first: it names the bibliography "${own.path}" relative to its own folder.`;
  const uri = defaultBibliography(vscode.workspace.getWorkspaceFolder(doc.uri)?.uri ?? vscode.workspace.workspaceFolders?.[0]?.uri);
  if (!uri) return 'Open a folder (or save the document) so that Papers knows where to keep the bibliography.';
  return { uri, path: defaultBibliographyPath(), named: false };
}

export class SourceFinder extends Disposable {
  private readonly cache = new Map<string, { key: string; sources: Promise<DocumentSources>; noMainFile?: boolean }>();
  private readonly projectTexts = new Map<string, Promise<string | undefined>>();
  private projectVersion = 0;
  private watchingProjects = false;
  private defaultExists: { key: string; at: number; uri: vscode.Uri | undefined } | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when a Quarto or Sphinx project file (`_quarto.yml`, `conf.py`) changed. */
  readonly onDidChangeProject = this.changed.event;

  constructor(private readonly latex: LatexProject) {
    super();
  }

  /**
   * A Quarto or Sphinx project's bibliographies come and go with its _quarto.yml or conf.py: watched
   * from the first document's sources on (until then nothing found can be out of date), not at activation.
   */
  private watchProjects(): void {
    if (this.watchingProjects) return;
    this.watchingProjects = true;
    const projects = this.register(vscode.workspace.createFileSystemWatcher('**/{_quarto.yml,_quarto.yaml,_metadata.yml,_bookdown.yml,index.Rmd,_config.yml,defaults.yaml,defaults.yml,conf.py}'));
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
    this.watchProjects();
    // An open document's scan of this version is the one its citations come from; a file on disk is read here.
    const refs = isOpen(doc) ? scanOf(doc).bibliographies : engine().cite.findBibliographies(doc.getText(), doc.languageId);
    const key = JSON.stringify([refs, libraryVersion, this.latex.version, this.projectVersion, defaultBibliographyPath()]);
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
    const loaded = await engineLoaded();
    const { bibliographyFormat } = loaded.bibliography;
    const { isLatexMain } = loaded.health;
    const { projectBibliographies, projectFileCandidates } = loaded.project;
    const { syntaxOfLanguage } = loaded.cite;
    const namedAt: DocumentSources['namedAt'] = [];
    const add = async (base: vscode.Uri | undefined, list: readonly BibliographyRef[], by: vscode.Uri) => {
      for (const ref of list) {
        for (const file of await resolve(base, ref.path)) if (bibliographyFormat(file.path)) namedAt.push({ file, by, line: ref.line });
      }
    };
    let noMainFile = false;
    let latex: DocumentSources['latex'];
    if (syntaxOfLanguage(doc.languageId) === 'latex' && !doc.isUntitled) {
      // A LaTeX file: the bibliographies of its whole project, named in any of its files, found
      // from the root's folder as BibTeX and biber find them (else beside the file naming them).
      const found = await this.latex.projectOf(doc.uri, doc.getText());
      if (found) {
        latex = { root: found.root, biblatex: found.project.biblatex };
        for (const b of found.project.bibliographies) {
          if (!bibliographyFormat(b.path)) continue;
          const path = !b.beside || (await exists(doc.uri.with({ path: b.path }))) || !(await exists(doc.uri.with({ path: b.beside }))) ? b.path : b.beside;
          namedAt.push({ file: doc.uri.with({ path }), by: doc.uri.with({ path: b.by }), line: b.line });
        }
      } else {
        await add(baseOf(doc), refs, doc.uri);
        noMainFile = !isLatexMain(doc.getText());
        if (noMainFile) latex = { hint: await this.latex.nearestRoot(doc.uri) };
      }
    } else {
      await add(baseOf(doc), refs, doc.uri);
    }
    if (syntaxOfLanguage(doc.languageId) === 'typst' && !doc.isUntitled) {
      // A Typst file: the bibliographies of the project of the file that includes it.
      const project = await this.latex.typstProjectOf(doc.uri, doc.getText());
      for (const b of project.bibliographies) {
        if (bibliographyFormat(b.path)) namedAt.push({ file: doc.uri.with({ path: b.path }), by: doc.uri.with({ path: b.by }), line: b.line });
      }
    }
    // The files beside and above it that name bibliographies for it (Quarto, bookdown, Jupyter Book, pandoc defaults, Sphinx).
    if (!doc.isUntitled && (doc.languageId !== 'restructuredtext' || !namedAt.length)) {
      const top = vscode.workspace.getWorkspaceFolder(doc.uri)?.uri.path;
      const candidates = projectFileCandidates(doc.uri.path, doc.languageId, top);
      const texts = await Promise.all(candidates.map(c => this.projectText(doc.uri.with({ path: c.path }))));
      const found = candidates.flatMap((c, i) => (texts[i] === undefined ? [] : [{ ...c, text: texts[i]! }]));
      for (const b of projectBibliographies(found)) {
        for (const file of await resolve(vscode.Uri.joinPath(doc.uri.with({ path: b.file }), '..'), b.ref.path)) {
          if (bibliographyFormat(file.path)) namedAt.push({ file, by: doc.uri.with({ path: b.file }), line: b.ref.line });
        }
      }
    }
    const files = [...new Map(namedAt.map(n => [n.file.toString(), n.file])).values()];
    if (files.length) return { files, named: true, namedAt, noMainFile: false, latex, target: targetOf(doc, refs, files) };
    const fallback = await this.defaultFile(doc);
    return { files: fallback ? [fallback] : [], named: false, namedAt, noMainFile, latex, target: targetOf(doc, refs, []) };
  }

  /** A project file's text, read once until a project file changes; undefined when there is none. */
  private projectText(uri: vscode.Uri): Promise<string | undefined> {
    let text = this.projectTexts.get(uri.toString());
    if (!text) this.projectTexts.set(uri.toString(), text = readText(uri));
    return text;
  }

  /** The default bibliography file, for a document that names none, if it exists. */
  private async defaultFile(doc: CitingText): Promise<vscode.Uri | undefined> {
    const uri = defaultBibliography(vscode.workspace.getWorkspaceFolder(doc.uri)?.uri ?? vscode.workspace.workspaceFolders?.[0]?.uri);
    if (!uri) return undefined;
    const key = uri.toString();
    if (this.defaultExists?.key === key && performance.now() - this.defaultExists.at < DEFAULT_FILE_TTL_MS) return this.defaultExists.uri;
    const found = (await exists(uri)) ? uri : undefined;
    this.defaultExists = { key, at: performance.now(), uri: found };
    return found;
  }
}
