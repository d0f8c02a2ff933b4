import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import * as vscode from 'vscode';
import type { IndexParts } from '../core/search/indexing';
import { CORPUS_FILE, NAMES_INDEX, shippedName, TEXT_INDEX } from '../core/corpus/files';
import { firstIssue } from '../core/util/issues';
import type { PaperLibrary } from '../core/search/library';
import type { Problem } from '../core/corpus/paper';
import type { SearchIndex } from '../core/search/search';
import type { CorpusFile } from '../core/corpus/userCorpus';
import { engine } from './engine';
import { ContextKeys } from './ids';
import { IndexCache } from './indexCache';
import { topicAssigner, topicLabel } from './topics';

// In the thread pool: the corpus decompresses while the engine bundle loads.
const decompress = promisify(brotliDecompress);

export type LoadState = 'loading' | 'ready' | 'failed' | 'empty';

/** Shown when a command needs the papers and they could not be loaded. */
export class PapersUnavailableError extends Error {}

interface Bundled { library: PaperLibrary; index: IndexParts }

export interface UserCorpusReport { added: number; updated: number; problems: Problem[]; fromCache: boolean }

/** Bumped whenever the way user corpora are indexed changes, so old cached indexes are not reused. */
const INDEX_CACHE_VERSION = '1';

/**
 * Owns the corpus and its index. Nothing is read at activation: the build output is
 * loaded the first time a feature asks for it, once, and shared by every feature.
 * The user's corpus files are merged in the background; until they are ready, features
 * see the bundled papers, and `onDidChange` tells them when the library grows.
 * A failure is logged to the "Papers" output channel and shown in the view's welcome
 * content through the `papers.state` context key, never thrown at the user unhandled.
 */
export class PaperStore implements vscode.Disposable {
  private bundled: Promise<Bundled | undefined> | undefined;
  private current: PaperLibrary | undefined;
  private work: Promise<unknown> = Promise.resolve();
  /** Writing the latest user-corpus index to the cache, behind everything else. */
  private caching: Promise<unknown> = Promise.resolve();
  private generation = 0;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the papers were (re)loaded, so views and pickers refresh. */
  readonly onDidChange = this.changed.event;
  private readonly bundledLoaded = new vscode.EventEmitter<void>();
  /** Fires when the bundled papers were first needed and loaded: the moment to add the user's. */
  readonly onDidLoadBundled = this.bundledLoaded.event;
  private state: LoadState = 'loading';
  private failure: string | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly cache: IndexCache,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  get loadState(): LoadState { return this.state; }

  /** The papers, loaded on first use; undefined when loading failed (already reported). */
  async library(): Promise<PaperLibrary | undefined> {
    const bundled = await this.loadBundled();
    return bundled && (this.current ?? bundled.library);
  }

  /** For commands: the papers, or an error whose message tells the user what to do. */
  async require(): Promise<PaperLibrary> {
    const library = await this.library();
    if (!library) throw new PapersUnavailableError(`The papers could not be loaded: ${this.failure}. See the "Papers" output for details.`);
    return library;
  }

  /** Resolves once no user corpus is being merged, indexed or cached. */
  async settled(): Promise<void> {
    let seen: Promise<unknown>;
    do { seen = this.work; await seen; await this.caching; } while (seen !== this.work);
  }

  /** Loads the bundled papers again from disk (the "Reload Papers" command, or after a failure). */
  async reload(): Promise<PaperLibrary | undefined> {
    this.bundled = undefined;
    this.current = undefined;
    const library = await this.library();
    this.changed.fire();
    return library;
  }

  /**
   * Replaces the user's papers with those of `files` (empty: bundled papers only). Runs
   * after any earlier request; a request overtaken by a newer one is dropped.
   */
  applyUserFiles(files: readonly CorpusFile[]): Promise<UserCorpusReport | undefined> {
    const generation = ++this.generation;
    const run = this.work.then(() => generation === this.generation ? this.merge(files) : undefined);
    this.work = run.catch(() => undefined);
    return run;
  }

  private async merge(files: readonly CorpusFile[]): Promise<UserCorpusReport | undefined> {
    const bundled = await this.loadBundled();
    if (!bundled) return undefined;
    if (!files.length) {
      if (this.current) { this.current = undefined; this.changed.fire(); }
      return { added: 0, updated: 0, problems: [], fromCache: false };
    }
    const started = performance.now();
    const { extendIndex, loadIndexParts, mergeUserCorpora, PaperLibrary } = engine();
    const result = await mergeUserCorpora(bundled.library.papers, files, topicAssigner());
    const hash = await IndexCache.hash([INDEX_CACHE_VERSION, bundled.index.names, bundled.index.text, ...files.flatMap(f => [f.file, f.text])]);
    const changed = result.added.length > 0 || result.updated.length > 0;
    const cached = changed ? await this.cache.get(hash) : undefined;
    let index: SearchIndex;
    if (cached) {
      index = await loadIndexParts(cached);
    } else if (changed) {
      const extended = await extendIndex(bundled.index, bundled.library.papers.map(p => p.id), result.added, result.updated, topicLabel);
      index = extended.search;
      // Cached once the full text is indexed too, behind the first searches.
      this.caching = Promise.all([extended.parts.names, extended.parts.text])
        .then(([names, text]) => this.cache.put(hash, { names: JSON.stringify(names), text: JSON.stringify(text) }))
        .catch(error => this.log.warn(`Could not index the full text of the corpus files: ${describe(error)}`));
    } else {
      // Every paper of the files is known already: the bundled index answers for them.
      this.current = undefined;
      this.changed.fire();
      return { added: 0, updated: 0, problems: result.problems, fromCache: false };
    }
    this.current = new PaperLibrary({ papers: result.papers }, index);
    this.log.info(`Corpus files: ${result.added.length} papers added, ${result.updated.length} merged with known papers, ${result.problems.length} problem(s), index ${cached ? 'loaded from cache' : 'built'} in ${(performance.now() - started).toFixed(0)} ms`);
    this.setState(this.current.papers.length ? 'ready' : 'empty');
    this.changed.fire();
    return { added: result.added.length, updated: result.updated.length, problems: result.problems, fromCache: cached !== undefined };
  }

  private loadBundled(): Promise<Bundled | undefined> {
    this.bundled ??= this.readBundled();
    return this.bundled;
  }

  private async readBundled(): Promise<Bundled | undefined> {
    const started = performance.now();
    this.setState('loading');
    try {
      // Read and decompressed while the engine loads. (Awaited below; the catch only keeps a
      // failure to load the engine from leaving this promise's own failure unhandled.)
      const reading = Promise.all([CORPUS_FILE, NAMES_INDEX, TEXT_INDEX].map(name => this.read(name)));
      reading.catch(() => undefined);
      const { PaperLibrary } = engine();
      const [corpusJson, names, text] = await reading;
      const library = PaperLibrary.fromParts(corpusJson, names, text);
      library.fullText.catch(error => this.log.error(`Could not load the full-text index, so searches cover titles, keys and organisations only: ${describe(error)}`));
      this.log.info(`Loaded ${library.papers.length} papers and their index in ${(performance.now() - started).toFixed(1)} ms`);
      this.setState(library.papers.length ? 'ready' : 'empty');
      queueMicrotask(() => this.bundledLoaded.fire());
      return { library, index: { names, text } };
    } catch (error) {
      this.failure = describe(error);
      this.log.error(`Could not load the papers: ${this.failure}`);
      this.setState('failed');
      return undefined;
    }
  }

  /** A file of dist/, from the compressed copy the extension ships. */
  private async read(name: string): Promise<string> {
    const uri = vscode.Uri.joinPath(this.extensionUri, 'dist', shippedName(name));
    try {
      return new TextDecoder().decode(await decompress(await vscode.workspace.fs.readFile(uri)));
    } catch (error) {
      throw new Error(`cannot read ${uri.fsPath}: ${describe(error)} (reinstall the extension; in a checkout, run "npm run build")`);
    }
  }

  private setState(state: LoadState): void {
    this.state = state;
    void vscode.commands.executeCommand('setContext', ContextKeys.state, state);
  }

  dispose(): void {
    this.changed.dispose();
    this.bundledLoaded.dispose();
  }
}

/** A one-line reason for an error, including zod's issue path for a corrupt corpus. */
export function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'issues' in error && Array.isArray(error.issues)) {
    return `the corpus is invalid: ${firstIssue(error as { issues: [] })}`;
  }
  return error instanceof Error ? error.message : String(error);
}
