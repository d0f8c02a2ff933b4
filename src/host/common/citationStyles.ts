// The citation style each document is formatted in, and formatting in it. The style in force is
// the document's own `csl:`, its Quarto project's, the setting `papers.citation.style`, else APA
// (core/styles/resolve.ts); a .csl file it names is read here and sent to the engine worker, which
// formats (engine/formatting.ts): citeproc-js never loads in the extension host. A dependent style
// (a journal's name over another style's rules) is sent with its parent when that parent is not
// bundled: the parent's .csl beside it, else in the workspace, else fetched from the CSL styles
// repository (papers.web.cslStylesUrl) and kept. A .csl the worker cannot use is a problem on
// that file, at its line, and a warning once; APA stands in.
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

/** The style engine's shipped file in dist/ (platform/styleEngine.ts `STYLES_SCRIPT`; not imported, so that its decoder stays out of the host's bundle). */
const STYLES_FILE = 'styles.js.lz';
const QUARTO_PROJECT = ['_quarto.yml', '_quarto.yaml'];
/**
 * How long a hover or a completion waits for a formatted reference from a built engine: the worker
 * may be busy (reading a large library), and the card without it is better than a late one.
 */
const QUICK_MS = 300;
const QUARTO_LANGUAGES = new Set(['quarto', 'markdown', 'rmd']);
const CSL_STYLES_URL = 'https://raw.githubusercontent.com/citation-style-language/styles/master';
/** How long a parent style's fetch may take before the style is used without it (a problem says so). */
const FETCH_MS = 15_000;
/** How long a parent style that was not found is not looked for again (unless a .csl file changes). */
const PARENT_RETRY_MS = 60_000;

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
  /** Tells styles apart: the bundled id, or the file and its text. */
  key: string;
}

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
  private readonly parents = new Map<string, Promise<{ xml: string; file: string } | undefined>>();
  private bundleBytes: Promise<Uint8Array | undefined> | undefined;
  private watching = false;
  private readonly problems = this.register(vscode.languages.createDiagnosticCollection('papers-styles'));
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when a style may format differently: the setting, a .csl file or a Quarto project file changed. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly extensionUri: vscode.Uri, private readonly client: EngineClient, private readonly log: vscode.LogOutputChannel,
    /** Where parent styles fetched are kept (the extension's global storage). */
    private readonly storage?: vscode.Uri,
  ) {
    super();
    this.register(vscode.workspace.onDidChangeConfiguration(e => {
      if (e.affectsConfiguration(`${Settings.section}.${Settings.citationStyle}`) || e.affectsConfiguration(`${Settings.section}.${Settings.citationLocale}`)) this.changed.fire();
      // The network turned on, or another styles repository: a parent not found is looked for again.
      if (e.affectsConfiguration(`${Settings.section}.web`)) {
        this.parents.clear();
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
      this.changed.fire();
    };
    this.register(files.onDidChange(fileChanged));
    this.register(files.onDidCreate(fileChanged));
    this.register(files.onDidDelete(fileChanged));
  }

  /** The style in force for a document; `setting` stands for the setting (the details view's pick). */
  async styleOf(doc: CitingText | undefined, setting?: string): Promise<DocumentStyle> {
    this.watch();
    const { BUNDLED_STYLES, styleInForce } = (await engineLoaded()).styles;
    const project = doc && QUARTO_LANGUAGES.has(doc.languageId) && !doc.isUntitled ? await this.projectOf(doc.uri) : undefined;
    const force = styleInForce({
      document: doc?.getText(),
      project: project?.text,
      setting: setting ?? vscode.workspace.getConfiguration(Settings.section).get<string>(Settings.citationStyle, ''),
    });
    const locale = force.locale;
    const fallbackLocale = vscode.workspace.getConfiguration(Settings.section).get<string>(Settings.citationLocale, '') || undefined;
    const locales = { ...(locale ? { locale } : {}), ...(fallbackLocale ? { fallbackLocale } : {}) };
    if (force.path !== undefined) {
      const folder = doc && vscode.workspace.getWorkspaceFolder(doc.uri)?.uri;
      const base = force.origin === 'document' && doc && !doc.isUntitled ? vscode.Uri.joinPath(doc.uri, '..')
        : force.origin === 'project' ? project?.folder : folder ?? vscode.workspace.workspaceFolders?.[0]?.uri;
      const uri = isAbsolute(force.path) ? vscode.Uri.file(force.path) : base && vscode.Uri.joinPath(base, force.path);
      const xml = uri && await this.text(uri);
      if (uri && xml !== undefined) {
        const file = vscode.workspace.asRelativePath(uri, false);
        const parent = await this.parentOf(xml, uri);
        const key = `${uri.toString()}\n${xml}${parent ? `\n${parent.file}\n${parent.xml}` : ''}`;
        return { ref: { xml, file, ...(parent ? { parent } : {}) }, ...locales, label: uri.path.slice(uri.path.lastIndexOf('/') + 1), file: uri, key };
      }
      if (!force.bundled) this.warnOnce(`"${force.path}" (the citation style named by ${force.origin === 'setting' ? 'the setting papers.citation.style' : `the ${force.origin}`}) cannot be read, so references are formatted in APA.`);
    }
    const bundled = force.bundled ?? 'apa';
    return { ref: { bundled }, ...locales, label: BUNDLED_STYLES.find(s => s.id === bundled)?.title ?? bundled, key: bundled };
  }

  /**
   * A dependent style's parent when it is not bundled (the engine has those): `ID.csl` beside the
   * style, else anywhere in the workspace, else the copy fetched before, else fetched now. Undefined
   * when none is found: the engine then says so at the line naming it.
   */
  private async parentOf(xml: string, uri: vscode.Uri): Promise<{ xml: string; file: string } | undefined> {
    const id = (await engineLoaded()).styles.parentToFind(xml);
    if (!id) return undefined;
    const key = `${uri.toString()}\n${id}`;
    const known = this.parents.get(key);
    if (known) return known;
    const found = this.findParent(id, uri);
    this.parents.set(key, found);
    // Not found (offline, say): asked again a minute later, not on every hover meanwhile.
    void found.then(parent => { if (!parent) setTimeout(() => { if (this.parents.get(key) === found) this.parents.delete(key); }, PARENT_RETRY_MS); });
    return found;
  }

  private async findParent(id: string, uri: vscode.Uri): Promise<{ xml: string; file: string } | undefined> {
    const name = `${id}.csl`;
    const beside = vscode.Uri.joinPath(uri, '..', name);
    const found = [beside, ...(await vscode.workspace.findFiles(`**/${name}`, '**/node_modules/**', 5)).filter(u => u.toString() !== beside.toString())];
    for (const candidate of found) {
      const text = await this.text(candidate);
      if (text !== undefined) return { xml: text, file: vscode.workspace.asRelativePath(candidate, false) };
    }
    return this.fetchedStyle(id);
  }

  /** A style of the CSL repository by its id: kept from an earlier fetch, else fetched (when the network may be used) and kept. */
  private async fetchedStyle(id: string): Promise<{ xml: string; file: string } | undefined> {
    const kept = this.storage && vscode.Uri.joinPath(this.storage, 'styles', `${id}.csl`);
    const cached = kept && await readText(kept);
    if (cached !== undefined) return { xml: cached, file: `${id}.csl (fetched)` };
    const config = vscode.workspace.getConfiguration(Settings.section);
    if (!config.get<boolean>(Settings.webEnabled, true)) return undefined;
    const base = (config.get<string>(Settings.cslStylesUrl) ?? '').trim().replace(/\/+$/, '') || CSL_STYLES_URL;
    const url = `${base}/${id}.csl`;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_MS) });
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
      const text = await response.text();
      if (!/<style\b/.test(text)) throw new Error('the answer is not a CSL style');
      if (kept) await Promise.resolve(vscode.workspace.fs.writeFile(kept, new TextEncoder().encode(text))).catch(error => this.log.warn(`Could not keep the style ${id}: ${(error as Error).message}`));
      this.log.info(`Fetched the citation style ${id} from ${url}.`);
      return { xml: text, file: `${id}.csl (fetched)` };
    } catch (error) {
      this.log.warn(`Could not fetch the citation style ${id} from ${url}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /** Whether the worker has built this style's engine: formatting in it then answers at once. */
  isBuilt(style: DocumentStyle): boolean {
    return this.built.has(this.builtKey(style));
  }

  /** Builds the style's engine in the worker, in the background (a citing document opened). */
  warm(style: DocumentStyle): void {
    if (this.isBuilt(style)) return;
    const ask = (bundle?: StylesBundle) => this.client.request({ type: 'styleEngine', style: style.ref, locale: style.locale, fallbackLocale: style.fallbackLocale, bundle });
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
    if (!style.file) return;
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
