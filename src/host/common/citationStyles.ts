// The citation style each document is formatted in, and formatting in it. The style in force is
// the document's own `csl:`, its Quarto project's, the setting `papers.citation.style`, else APA
// (core/styles/resolve.ts); a .csl file it names is read here, a style of the CSL repository it
// names by id or title (`csl: ieee-access`, `csl: "Nature Communications"`) is fetched and kept
// (styleRepository.ts), and either is sent to the engine worker, which formats
// (engine/formatting.ts): citeproc-js never loads in the extension host. A dependent style (a
// journal's name over another style's rules) is sent with its parent when that parent is not
// bundled: the parent's .csl beside it, else in the workspace, else from the CSL styles repository.
// A .csl the worker cannot use is a problem on that file, at its line, and a warning once; a style
// that cannot be had is a problem at the document's `csl:` line; APA stands in.
import vscode = require('vscode');
import type { Formatted, FormatKind, FormatOutput, StyleProblem, StyleRef, StylesBundle } from '../../engine/protocol';
import { isAbsolute, type CitingText } from '../bibliography/sources';
import type { EngineClient } from '../engine/client';
import { engineLoaded } from '../engine/load';
import { Settings } from '../ids';
import type { Library } from '../library/library';
import { setDiagnostics } from '../util/diagnosticSets';
import { readBytes, readText } from '../util/disk';
import { Disposable } from '../util/dispose';
import type { RepositoryStyle } from '../../core/styles/repository';
import { StyleRepository, type StyleFile } from './styleRepository';

/** The style engine's shipped file in dist/ (platform/styleEngine.ts `STYLES_SCRIPT`; not imported, so that its decoder stays out of the host's bundle). */
const STYLES_FILE = 'styles.js.lz';
const QUARTO_PROJECT = ['_quarto.yml', '_quarto.yaml'];
/**
 * How long a hover or a completion waits for a formatted reference from a built engine: the worker
 * may be busy (reading a large library), and the card without it is better than a late one.
 */
const QUICK_MS = 300;
const QUARTO_LANGUAGES = new Set(['quarto', 'markdown', 'rmd']);
/** How long a style or parent that could not be had is not looked for again (unless a .csl file or a setting changes). */
const RETRY_MS = 60_000;
/** A style named by its URL, as pandoc takes `csl:` (a zotero.org style's page, a repository file). */
const URL = /^https?:\/\//i;

/** A document's style, as the worker is sent it and the writer is shown it. */
export interface DocumentStyle {
  ref: StyleRef;
  /** The document's `lang:` (or its project's): wins over the style's default-locale. */
  locale?: string;
  /** papers.citation.locale: for a style that names no locale. */
  fallbackLocale?: string;
  /** The style's title (bundled) or its file's name. */
  label: string;
  /** The .csl file, when one is used. */
  file?: vscode.Uri;
  /** The id of the CSL repository's style used, when it was named by its id or title. */
  repository?: string;
  /** Tells styles apart: the bundled id, or the file and its text. */
  key: string;
}

/** A style of the CSL repository named by id or title: had (with its parent, if it needs one fetched), or why not; undefined when no style has that name. */
type NamedStyle = { style: RepositoryStyle; got: StyleFile; parent?: StyleFile } | { style: RepositoryStyle; reason: string } | undefined;

export type FormattedEntries = Exclude<Formatted, { needsBundle: true }>;

/** The folders from a document's up to its workspace folder (only its own outside a workspace): where its `_quarto.yml` may be. */
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

export class CitationStyles extends Disposable {
  /** The styles whose engine the worker has built (forgotten when it stops). */
  private readonly built = new Set<string>();
  /** Problems already shown as a warning, so that each is shown once. */
  private readonly warned = new Set<string>();
  private readonly texts = new Map<string, Promise<string | undefined>>();
  /** Each dependent style's parent, by the style's file and its parent's id: found once until a watched file changes. */
  private readonly parents = new Map<string, Promise<StyleFile | undefined>>();
  /** The CSL repository's styles named by id or title, by the name written: found and fetched once (again a minute after a failure). */
  private readonly named = new Map<string, Promise<NamedStyle>>();
  readonly repository: StyleRepository;
  private bundleBytes: Promise<Uint8Array | undefined> | undefined;
  /** The style and keys last sent to be formatted ahead: the same document shown again is not sent again. */
  private warmed: string | undefined;
  private watching = false;
  private readonly problems = this.register(vscode.languages.createDiagnosticCollection('papers-styles'));
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when a style may format differently: the setting, a .csl file or a Quarto project file changed. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly extensionUri: vscode.Uri, private readonly client: EngineClient, private readonly log: vscode.LogOutputChannel,
    /** Where parent styles fetched are kept (the extension's global storage). */
    storage?: vscode.Uri,
  ) {
    super();
    this.repository = new StyleRepository(extensionUri, log, storage);
    this.register(vscode.workspace.onDidChangeConfiguration(e => {
      if (e.affectsConfiguration(`${Settings.section}.${Settings.citationStyle}`) || e.affectsConfiguration(`${Settings.section}.${Settings.citationLocale}`)) this.changed.fire();
      // The network turned on, or another styles repository: a parent not found is looked for again.
      if (e.affectsConfiguration(`${Settings.section}.web`)) {
        this.parents.clear();
        this.named.clear();
        this.changed.fire();
      }
    }));
    this.register(client.onDidStop(() => this.built.clear()));
  }

  /** Watches the style and project files from the first style asked for (not at activation). */
  private watch(): void {
    if (this.watching) return;
    this.watching = true;
    const files = this.register(vscode.workspace.createFileSystemWatcher('**/{*.csl,_quarto.yml,_quarto.yaml}'));
    const fileChanged = () => {
      this.texts.clear();
      this.parents.clear();
      this.named.clear();
      this.changed.fire();
    };
    this.register(files.onDidChange(fileChanged));
    this.register(files.onDidCreate(fileChanged));
    this.register(files.onDidDelete(fileChanged));
  }

  /**
   * The style in force for a document; `instead`, a style as the setting names one, is used in place
   * of what the document and the setting name, in the document's language (the details view's and
   * Choose Citation Style's previews).
   */
  async styleOf(doc: CitingText | undefined, instead?: string): Promise<DocumentStyle> {
    this.watch();
    const { BUNDLED_STYLES, styleInForce } = (await engineLoaded()).styles;
    const project = doc && QUARTO_LANGUAGES.has(doc.languageId) && !doc.isUntitled ? await this.projectOf(doc.uri) : undefined;
    const named = styleInForce({
      document: doc?.getText(),
      project: project?.text,
      setting: vscode.workspace.getConfiguration(Settings.section).get<string>(Settings.citationStyle, ''),
    });
    const force = instead === undefined ? named : { ...styleInForce({ setting: instead }), ...(named.locale ? { locale: named.locale } : {}) };
    const locale = force.locale;
    const fallbackLocale = vscode.workspace.getConfiguration(Settings.section).get<string>(Settings.citationLocale, '') || undefined;
    const locales = { ...(locale ? { locale } : {}), ...(fallbackLocale ? { fallbackLocale } : {}) };
    let problem: string | undefined;
    if (force.path !== undefined) {
      const folder = doc && vscode.workspace.getWorkspaceFolder(doc.uri)?.uri;
      const base = force.origin === 'document' && doc && !doc.isUntitled ? vscode.Uri.joinPath(doc.uri, '..')
        : force.origin === 'project' ? project?.folder : folder ?? vscode.workspace.workspaceFolders?.[0]?.uri;
      const isUrl = URL.test(force.path);
      const uri = isUrl ? undefined : isAbsolute(force.path) ? vscode.Uri.file(force.path) : base && vscode.Uri.joinPath(base, force.path);
      const xml = uri && await this.text(uri);
      if (uri && xml !== undefined) {
        const file = vscode.workspace.asRelativePath(uri, false);
        const parent = await this.parentOf(xml, uri);
        const key = `${uri.toString()}\n${xml}${parent ? `\n${parent.file}\n${parent.xml}` : ''}`;
        if (instead === undefined) this.reportNamed(doc, undefined);
        return { ref: { xml, file, ...(parent ? { parent } : {}) }, ...locales, label: uri.path.slice(uri.path.lastIndexOf('/') + 1), file: uri, key };
      }
      const where = force.origin === 'setting' ? 'the setting papers.citation.style' : `the ${force.origin}`;
      const isFile = !isUrl && /\.csl$/i.test(force.path);
      // A name, not a file: one of the CSL repository's styles by its id or title (a .csl is a file, as pandoc reads it).
      const named = !force.bundled && !isFile ? await this.namedStyle(force.path) : undefined;
      if (named && 'got' in named) {
        const { style, got, parent } = named;
        const key = `csl:${style.id}\n${got.xml}${parent ? `\n${parent.file}\n${parent.xml}` : ''}`;
        if (instead === undefined) this.reportNamed(doc, undefined);
        return { ref: { xml: got.xml, file: got.file, ...(parent ? { parent } : {}) }, ...locales, label: style.title, repository: style.id, key };
      }
      if (named) problem = `The citation style "${force.path}" (named by ${where}) is the CSL repository's "${named.style.title}", but ${named.reason}: references are formatted in APA until it can be had.`;
      else if (isFile && !force.bundled) {
        const known = !/[/\\]/.test(force.path) ? await this.repository.find(force.path) : undefined;
        problem = `"${force.path}" (the citation style named by ${where}) cannot be read, so references are formatted in APA.${known ? ` The CSL repository has a style of that name: write ${known.id} (without .csl) to have it fetched.` : ''}`;
      } else if (!force.bundled) problem = `"${force.path}" (the citation style named by ${where}) is neither a .csl file nor the id or title of a style of the CSL repository, so references are formatted in APA.`;
      if (problem) this.warnOnce(problem);
    }
    if (instead === undefined) this.reportNamed(doc, force.origin === 'document' ? problem : undefined);
    const bundled = force.bundled ?? 'apa';
    return { ref: { bundled }, ...locales, label: BUNDLED_STYLES.find(s => s.id === bundled)?.title ?? bundled, key: bundled };
  }

  /** A style of the CSL repository named by id or title: found in its list, then kept or fetched, with its parent. Undefined when the list has no such style. */
  private namedStyle(name: string): Promise<NamedStyle> {
    const known = this.named.get(name);
    if (known) return known;
    const found = (async (): Promise<NamedStyle> => {
      const style = await this.repository.find(name);
      if (!style) return undefined;
      const got = await this.repository.fetch(style);
      if ('reason' in got) return { style, reason: got.reason };
      return { style, got, parent: await this.parentOf(got.xml) };
    })();
    this.named.set(name, found);
    // Not had (offline, say): asked again a minute later, not on every hover meanwhile.
    void found.then(named => { if (named && 'reason' in named) setTimeout(() => { if (this.named.get(name) === found) this.named.delete(name); }, RETRY_MS); }, () => this.named.delete(name));
    return found;
  }

  /** A style named by a document's `csl:` that cannot be had: a problem at that line (none once it can). */
  private reportNamed(doc: CitingText | undefined, message: string | undefined): void {
    if (!doc || doc.isUntitled) return;
    if (!message) {
      if (this.problems.has(doc.uri)) setDiagnostics(this.problems, doc.uri, []);
      return;
    }
    const lines = doc.getText().split('\n');
    const line = Math.max(0, lines.findIndex(l => /^\s*csl\s*:/.test(l)));
    const diagnostic = new vscode.Diagnostic(new vscode.Range(line, 0, line, lines[line]?.replace(/\r$/, '').length ?? 0), message, vscode.DiagnosticSeverity.Warning);
    diagnostic.source = 'Papers';
    setDiagnostics(this.problems, doc.uri, [diagnostic]);
  }

  /**
   * A dependent style's parent when it is not bundled (the engine has those): `ID.csl` beside the
   * style, else anywhere in the workspace, else the copy fetched before, else fetched now. Undefined
   * when none is found: the engine then says so at the line naming it.
   */
  private async parentOf(xml: string, uri?: vscode.Uri): Promise<StyleFile | undefined> {
    const id = (await engineLoaded()).styles.parentToFind(xml);
    if (!id) return undefined;
    const key = `${uri?.toString() ?? ''}\n${id}`;
    const known = this.parents.get(key);
    if (known) return known;
    const found = this.findParent(id, uri);
    this.parents.set(key, found);
    // Not found (offline, say): asked again a minute later, not on every hover meanwhile.
    void found.then(parent => { if (!parent) setTimeout(() => { if (this.parents.get(key) === found) this.parents.delete(key); }, RETRY_MS); });
    return found;
  }

  private async findParent(id: string, uri: vscode.Uri | undefined): Promise<StyleFile | undefined> {
    const name = `${id}.csl`;
    const beside = uri && vscode.Uri.joinPath(uri, '..', name);
    const found = [...(beside ? [beside] : []), ...(await vscode.workspace.findFiles(`**/${name}`, '**/node_modules/**', 5)).filter(u => u.toString() !== beside?.toString())];
    for (const candidate of found) {
      const text = await this.text(candidate);
      if (text !== undefined) return { xml: text, file: vscode.workspace.asRelativePath(candidate, false) };
    }
    const fetched = await this.repository.fetch({ id });
    return 'xml' in fetched ? fetched : undefined;
  }

  /** Whether the worker has built this style's engine: formatting in it then answers at once. */
  isBuilt(style: DocumentStyle): boolean {
    return this.built.has(this.builtKey(style));
  }

  /**
   * Builds the style's engine in the worker, in the background (a citing document opened), and
   * has the references of `keys` (the document's) formatted ahead there, as a hover shows them.
   */
  warm(style: DocumentStyle, keys: readonly string[] = []): void {
    const warmKey = `${this.builtKey(style)}\n${keys.join('\n')}`;
    if (this.isBuilt(style) && (!keys.length || this.warmed === warmKey)) return;
    this.warmed = warmKey;
    const ahead = keys.length ? { ahead: { keys: [...keys], output: 'markdown' as const } } : {};
    const ask = (bundle?: StylesBundle) => this.client.request({ type: 'styleEngine', style: style.ref, locale: style.locale, fallbackLocale: style.fallbackLocale, bundle, ...ahead });
    void (async () => {
      let info = await ask(this.bundlePath());
      if ('needsBundle' in info) info = await ask(await this.bundle());
      if ('needsBundle' in info) return;
      this.built.add(this.builtKey(style));
      this.report(style, info.problem);
    })().catch(error => this.log.warn(`Could not build the citation style ${style.label}: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** Papers by key formatted in `style`, in the engine worker; `onProgress` hears how far a long bibliography is. */
  async format(
    library: Library, style: DocumentStyle, keys: readonly string[], output: FormatOutput, kind: FormatKind, onProgress?: (fraction: number) => void,
  ): Promise<FormattedEntries> {
    const ask = (bundle?: StylesBundle) => library.format(this.client, { keys: [...keys], style: style.ref, locale: style.locale, fallbackLocale: style.fallbackLocale, output, kind, bundle }, onProgress);
    let answer = await ask(this.bundlePath());
    if ('needsBundle' in answer) answer = await ask(await this.bundle());
    if ('needsBundle' in answer) throw new Error('the style engine could not be loaded');
    this.built.add(this.builtKey(style));
    this.report(style, answer.problem);
    return answer;
  }

  /**
   * One paper's reference in the document's style, if the worker has built that style and answers
   * within `QUICK_MS` (a hover, a completion's documentation never wait for citeproc-js); else
   * undefined, and the style is built in the background for the next time.
   */
  async referenceIfBuilt(library: Library, doc: CitingText, key: string, output: FormatOutput): Promise<string | undefined> {
    try {
      const style = await this.styleOf(doc);
      if (!this.isBuilt(style)) {
        this.warm(style);
        return undefined;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<undefined>(resolve => { timer = setTimeout(() => resolve(undefined), QUICK_MS); });
      const answer = await Promise.race([this.format(library, style, [key], output, 'reference'), late]).finally(() => clearTimeout(timer));
      return answer?.entries[0]?.text || undefined;
    } catch (error) {
      this.log.warn(`Could not format ${key}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  private builtKey(style: DocumentStyle): string {
    return `${style.key}\n${style.locale ?? ''}\n${style.fallbackLocale ?? ''}`;
  }

  /** On the desktop the worker reads the bundle itself: its path goes with every request (a few bytes). */
  private bundlePath(): StylesBundle | undefined {
    return this.client.readsFiles ? { path: vscode.Uri.joinPath(this.extensionUri, 'dist', STYLES_FILE).fsPath } : undefined;
  }

  /** The bundle's bytes, read once, for a Web Worker that asked for them (a copy each time: it is transferred away). */
  private async bundle(): Promise<StylesBundle> {
    const path = this.bundlePath();
    if (path) return path;
    this.bundleBytes ??= readBytes(vscode.Uri.joinPath(this.extensionUri, 'dist', STYLES_FILE));
    const bytes = await this.bundleBytes;
    if (!bytes) {
      this.bundleBytes = undefined;
      throw new Error(`dist/${STYLES_FILE} cannot be read`);
    }
    return { bytes: bytes.slice().buffer };
  }

  /** The text of a file, read once until a watched file changes (an open editor's text first: it is what the writer sees). */
  private text(uri: vscode.Uri): Promise<string | undefined> {
    const open = vscode.workspace.textDocuments.find(d => d.uri.toString() === uri.toString());
    if (open) return Promise.resolve(open.getText());
    let text = this.texts.get(uri.toString());
    if (!text) this.texts.set(uri.toString(), text = readText(uri));
    return text;
  }

  /** The document's Quarto project file: the nearest `_quarto.yml` from its folder up to its workspace folder. */
  private async projectOf(uri: vscode.Uri): Promise<{ folder: vscode.Uri; text: string } | undefined> {
    for (const folder of foldersUp(uri)) {
      for (const name of QUARTO_PROJECT) {
        const text = await this.text(vscode.Uri.joinPath(folder, name));
        if (text !== undefined) return { folder, text };
      }
    }
    return undefined;
  }

  /** A .csl the worker could not use: a problem on that file at its line, and a warning once; none once it is fixed. */
  private report(style: DocumentStyle, problem: StyleProblem | undefined): void {
    if (!style.file) {
      // A style fetched from the CSL repository: the writer has no file to be shown the problem on.
      if (problem && style.repository) this.warnOnce(`The citation style ${style.label} (${problem.file}, line ${problem.line}) cannot be used: ${problem.message}. References are formatted in APA.`);
      return;
    }
    if (!problem) {
      setDiagnostics(this.problems, style.file, []);
      return;
    }
    const line = Math.max(0, problem.line - 1);
    const diagnostic = new vscode.Diagnostic(new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER), `${problem.message} (references are formatted in APA until this is fixed)`, vscode.DiagnosticSeverity.Error);
    diagnostic.source = 'Papers';
    setDiagnostics(this.problems, style.file, [diagnostic]);
    this.warnOnce(`The citation style ${problem.file}:${problem.line} cannot be used: ${problem.message}. References are formatted in APA until it is fixed.`);
  }

  private warnOnce(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.log.warn(message);
    void vscode.window.showWarningMessage(`Papers: ${message}`);
  }
}
