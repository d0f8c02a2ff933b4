import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import * as vscode from 'vscode';
import type { IndexParts } from '../core/search/indexing';
import { CORPUS_FILE, NAMES_INDEX, shippedName, TEXT_INDEX } from '../core/corpus/files';
import { firstIssue } from '../core/util/issues';
import type { PaperLibrary } from '../core/search/library';
import type { Problem } from '../core/corpus/paper';
import type { LibraryIndex } from '../core/search/libraryIndex';
import type { Paper } from '../core/corpus/paper';
import type { CorpusFile, UserCorpusResult } from '../core/corpus/userCorpus';
import type { BibliographyFormat } from '../core/corpus/paper';
import type { BibliographyText, ReadCache, ReadProblem } from '../core/bibliography/read';
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

/** One bibliography file as the library last read it. */
export interface BibliographyFileReport {
  uri: string;
  file: string;
  format: BibliographyFormat;
  /** The keys of its entries, in file order. */
  keys: string[];
  problems: ReadProblem[];
}

export interface BibliographyReport {
  files: BibliographyFileReport[];
  /** Entries that are new papers, and corpus papers that an entry joined. */
  added: number;
  joined: number;
  fromCache: boolean;
  /** How long the last merge took to read the files (parse and convert), and until their names were searchable (ms). */
  readMs: number;
  searchableMs: number;
}

interface Rebuilt { corpus: UserCorpusReport; bibliographies: BibliographyReport }

/** Bumped whenever the way user corpora and bibliographies are indexed changes, so old cached indexes are not reused. */
const INDEX_CACHE_VERSION = '2';

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
  /** What the user adds to the bundled papers: corpus files and bibliographies. */
  private input: { corpus: readonly CorpusFile[]; bibliographies: readonly BibliographyText[] } = { corpus: [], bibliographies: [] };
  /** The corpus files as last merged, so that a bibliography change does not merge them again. */
  private corpusMerged: { files: readonly CorpusFile[]; result: UserCorpusResult } | undefined;
  /** The bibliography files as last read, for the tree and the checks. */
  private bibliographyFiles: readonly BibliographyFileReport[] = [];
  /** The index of the whole library, kept between merges while the corpus files stay the same. */
  private index: { key: string; index: LibraryIndex } | undefined;
  /** The bibliography entries as last converted, so that an edit converts only what changed. */
  private readCache: ReadCache | undefined;

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

  /** Resolves once no user corpus or bibliography is being merged (their index may still be being cached). */
  async merged(): Promise<void> {
    let seen: Promise<unknown>;
    do { seen = this.work; await seen; } while (seen !== this.work);
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
    // Both hold papers and an index of the bundled papers as they were.
    this.corpusMerged = undefined;
    this.index = undefined;
    const library = await this.library();
    this.changed.fire();
    return library;
  }

  /** The user's bibliography files as the library last read them. */
  get bibliographies(): readonly BibliographyFileReport[] {
    return this.bibliographyFiles;
  }

  /**
   * Replaces the user's corpus papers with those of `files` (empty: none). Runs after any
   * earlier request; a request overtaken by a newer one is dropped.
   */
  async applyUserFiles(files: readonly CorpusFile[]): Promise<UserCorpusReport | undefined> {
    this.input = { ...this.input, corpus: files };
    return (await this.schedule())?.corpus;
  }

  /** Replaces the user's bibliographies with `files` (empty: none), as `applyUserFiles` does for corpus files. */
  async applyBibliographies(files: readonly BibliographyText[]): Promise<BibliographyReport | undefined> {
    this.input = { ...this.input, bibliographies: files };
    return (await this.schedule())?.bibliographies;
  }

  private schedule(): Promise<Rebuilt | undefined> {
    const generation = ++this.generation;
    const run = this.work.then(() => generation === this.generation ? this.merge() : undefined);
    this.work = run.catch(() => undefined);
    return run;
  }

  /** The corpus files merged into the bundled papers, once per set of files. */
  private async mergedCorpus(bundled: Bundled, files: readonly CorpusFile[]): Promise<UserCorpusResult> {
    if (this.corpusMerged?.files === files) return this.corpusMerged.result;
    const papers = bundled.library.papers;
    const result = files.length
      ? await engine().mergeUserCorpora(papers, files, topicAssigner())
      : { papers: [...papers], added: [], updated: [], problems: [] };
    this.corpusMerged = { files, result };
    return result;
  }

  private async merge(): Promise<Rebuilt | undefined> {
    const bundled = await this.loadBundled();
    if (!bundled) return undefined;
    const { corpus, bibliographies } = this.input;
    const started = performance.now();
    const { mergeBibliographies, readBibliographies, PaperLibrary } = engine();
    const merged = await this.mergedCorpus(bundled, corpus);
    const readStarted = performance.now();
    this.readCache ??= new (engine().ReadCache)();
    const read = await readBibliographies(bibliographies, this.readCache);
    const readMs = performance.now() - readStarted;
    const joined = await mergeBibliographies(merged.papers, read);
    const joinedAt = performance.now();
    this.bibliographyFiles = read.map(f => ({ uri: f.uri, file: f.file, format: f.format, keys: f.references.map(r => r.key), problems: f.problems }));
    const shipped = new Map(bundled.library.papers.map(p => [p.id, p]));
    const grown = joined.papers.length !== shipped.size || joined.papers.some(p => shipped.get(p.id) !== p);
    let fromCache = false;
    if (!grown) {
      // Nothing of the user's: the bundled index answers for every paper.
      this.current = undefined;
    } else {
      const { index, cached } = await this.libraryIndex(bundled, corpus, merged.papers);
      const indexAt = performance.now();
      fromCache = cached;
      const update = await index.update(joined.papers, topicLabel);
      // settled() waits for the full text too (caching, when there is one, comes after it anyway).
      const fullText = update.fullText.catch(error => this.log.warn(`Could not index the full text of your papers: ${describe(error)}`));
      const caching = this.caching;
      this.caching = Promise.all([caching, fullText]);
      this.current = new PaperLibrary({ papers: joined.papers }, index.search);
      this.log.info(`Your papers: ${merged.added.length} from corpus files, ${joined.added.length} from bibliographies (${joined.updated.length} joined to known papers); index ${cached ? 'loaded from cache, ' : ''}${update.added} added, ${update.changed} changed, ${update.removed} removed in ${(performance.now() - started).toFixed(0)} ms (bibliographies read in ${readMs.toFixed(0)} ms, joined in ${(joinedAt - readStarted - readMs).toFixed(0)} ms, index ready in ${(indexAt - joinedAt).toFixed(0)} ms, names indexed in ${(performance.now() - indexAt).toFixed(0)} ms)`);
    }
    this.setState((this.current ?? bundled.library).papers.length ? 'ready' : 'empty');
    this.changed.fire();
    return {
      corpus: { added: merged.added.length, updated: merged.updated.length, problems: merged.problems, fromCache },
      bibliographies: { files: [...this.bibliographyFiles], added: joined.added.length, joined: joined.updated.length, fromCache, readMs, searchableMs: performance.now() - readStarted },
    };
  }

  /**
   * The index to update: the one kept from the last merge while the corpus files stay the
   * same (a bibliography change is then a few entries indexed again), else a new one: from
   * the cache when the corpus files were indexed in an earlier session, or from the bundled
   * index. A new index of corpus files is cached once its full text is in.
   */
  private async libraryIndex(bundled: Bundled, corpus: readonly CorpusFile[], corpusPapers: readonly Paper[]): Promise<{ index: LibraryIndex; cached: boolean }> {
    const { LibraryIndex } = engine();
    const key = corpus.length
      ? await IndexCache.hash([INDEX_CACHE_VERSION, bundled.index.names, bundled.index.text, ...corpus.flatMap(f => [f.file, f.text])])
      : 'bundled';
    if (this.index?.key === key) return { index: this.index.index, cached: false };
    const cached = corpus.length ? await this.cache.get(key) : undefined;
    let index: LibraryIndex;
    if (cached) {
      index = await LibraryIndex.fromCache(cached, cached.fingerprints);
    } else {
      index = await LibraryIndex.fromBundled(bundled.index, bundled.library.papers.map(p => p.id), bundled.library.papers, topicLabel);
      if (corpus.length) {
        // The corpus papers first, so that what is cached is what the next session starts from.
        const update = await index.update(corpusPapers, topicLabel);
        this.caching = update.fullText
          .then(() => index.toParts())
          .then(({ parts, fingerprints }) => this.cache.put(key, { ...parts, fingerprints }))
          .catch(error => this.log.warn(`Could not cache the index of your corpus files: ${describe(error)}`));
      }
    }
    this.index = { key, index };
    return { index, cached: cached !== undefined };
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
