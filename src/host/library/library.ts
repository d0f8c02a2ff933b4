// The library as the views see it: asked, never held. While there are only the bundled papers
// the engine runs here in the extension host (it loads in a few tens of milliseconds); once the
// user's corpus files or bibliographies join, it runs in the engine worker and every answer
// crosses over. Both ask the engine the same questions (engine/protocol.ts `QUESTIONS`), so
// the views cannot tell the two apart.
import type {
  BibliographyFileReport, Formatted, FormatParams, PaperRow, Question, QueryOptions, QueryRows, RequestOf, ResultOf, TreeOptions, TreeTop,
} from '../../engine/protocol';
import type { LibraryService } from '../../engine/service';
import type { Paper } from '../../core/model/paper';
import type { EngineClient } from '../engine/client';
import { pause } from '../../core/util/pause';

/** Papers in one answer of `all`: a few milliseconds of the host's time to take in and check. */
const ALL_PAGE = 500;
/** Papers or rows a remote library remembers (about 1 KB each): far more than a screen of citations. */
const REMEMBERED = 2000;

export type { PaperRow, QueryRows, TreeTop, TreeOptions, BibliographyFileReport, FileRow, GroupRow } from '../../engine/protocol';

const lower = (keys: Iterable<string>) => new Set([...keys].map(k => k.toLowerCase()));

/**
 * What the views ask. Each question is one request (`ask`), answered by the engine in this
 * host (`LocalLibrary`) or in its worker (`RemoteLibrary`).
 */
export abstract class Library {
  private keySet: Promise<Set<string>> | undefined;
  /** How many papers. */
  abstract readonly size: number;
  /** The user's bibliography files as last read. */
  abstract readonly bibliographies: readonly BibliographyFileReport[];

  /** The engine's answer to one question. */
  protected abstract ask<T extends Question>(request: RequestOf<T>): Promise<ResultOf<T>>;

  /**
   * Papers by key formatted in a citation style, always in the engine worker (`client`): citeproc-js
   * and the styles (a large bundle) never load into the extension host. The worker looks the keys
   * up in its library; while the library is the host's own bundled papers, they go with the request.
   */
  async format(client: EngineClient, request: Omit<FormatParams, 'papers'>, onProgress?: (fraction: number) => void): Promise<Formatted> {
    const papers = await this.papersToFormat(request.keys);
    return client.request({ type: 'format', ...request, ...(papers ? { papers } : {}) }, [], onProgress);
  }

  /** The papers a format request carries: none where the worker holds the library. */
  protected papersToFormat(_keys: readonly string[]): Promise<(Paper | null)[] | undefined> {
    return Promise.resolve(undefined);
  }

  /** Ranked rows for what the user typed, words and filters alike. */
  query(text: string, options: QueryOptions = {}): Promise<QueryRows> {
    return this.ask({ type: 'query', text, options });
  }

  /** With nothing typed: entries of `files` (newest first), then the most upvoted others. */
  suggestions(files: readonly string[], ownLimit: number, restLimit: number, excerpt = 0): Promise<PaperRow[]> {
    return this.ask({ type: 'suggestions', files: [...files], ownLimit, restLimit, excerpt });
  }

  /** A whole paper by id or key (a citation key, or a bundled key a bibliography took over). */
  async paper(idOrKey: string): Promise<Paper | undefined> {
    return (await this.papers([idOrKey]))[0];
  }

  /** Whole papers by id or key, one a key (undefined where none has it), as soon as the keys answer (before the join of the user's entries). */
  async papers(idsOrKeys: readonly string[]): Promise<(Paper | undefined)[]> {
    return (await this.ask({ type: 'papers', keys: [...idsOrKeys] })).map(p => p ?? undefined);
  }

  /**
   * Rows by id or key, one a key (undefined where none has it), with `excerpt` characters of each
   * abstract: all a hover card or Go to Definition shows, answered as early as `papers`.
   */
  async rowsByKey(idsOrKeys: readonly string[], excerpt = 0): Promise<(PaperRow | undefined)[]> {
    return (await this.ask({ type: 'rowsByKey', keys: [...idsOrKeys], excerpt })).map(r => r ?? undefined);
  }

  /** Rows by id or key, in the order given, those that exist (once the user's entries are joined). */
  rows(idsOrKeys: readonly string[], excerpt = 0): Promise<PaperRow[]> {
    return this.ask({ type: 'rows', keys: [...idsOrKeys], excerpt });
  }

  related(idOrKey: string, count = 5): Promise<PaperRow[]> {
    return this.ask({ type: 'related', key: idOrKey, count });
  }

  /** Every key and alias, in lower case, for checking citations. */
  keys(): Promise<ReadonlySet<string>> {
    return (this.keySet ??= this.ask({ type: 'keys' }).then(joined => lower(joined ? joined.split('\n') : [])));
  }

  treeTop(options: TreeOptions): Promise<TreeTop> {
    return this.ask({ type: 'treeTop', options });
  }

  children(containerId: string, options: TreeOptions): Promise<PaperRow[]> {
    return this.ask({ type: 'children', container: containerId, options });
  }

  async locate(paperId: string, options: TreeOptions, preferred?: string): Promise<string | undefined> {
    return (await this.ask({ type: 'locate', paperId, options, preferred })) ?? undefined;
  }

  /**
   * Every paper (the API's `papers()`): large, so only on request. A page at a time, with a pause
   * between (a whole large library in one answer held the host while it took it in and checked
   * it); started again if the library changes meanwhile, so that the pages are of one library.
   */
  async all(): Promise<Paper[]> {
    for (let attempt = 0; ; attempt++) {
      const papers: Paper[] = [];
      let version: number | undefined;
      let changed = false;
      for (let start = 0; ; start += ALL_PAGE) {
        const page = await this.ask({ type: 'all', start, count: ALL_PAGE });
        // A library that keeps changing is taken as it comes after a few tries.
        if (attempt < 3 && version !== undefined && page.version !== version) { changed = true; break; }
        version = page.version;
        papers.push(...page.papers);
        if (papers.length >= page.total || !page.papers.length) break;
        await pause();
      }
      if (!changed) return papers;
    }
  }
}

/** The engine in the extension host: the bundled papers only. */
export class LocalLibrary extends Library {
  constructor(readonly service: LibraryService) {
    super();
  }

  get size() { return this.service.size; }
  get bibliographies() { return this.service.bibliographies; }

  protected ask<T extends Question>(request: RequestOf<T>): Promise<ResultOf<T>> {
    return this.service.answer(request);
  }

  protected override async papersToFormat(keys: readonly string[]): Promise<(Paper | null)[]> {
    return (await this.service.papersWhenReady(keys)).map(p => p ?? null);
  }
}

/** Answers by key that a remote library keeps, the oldest asked let go first. */
class Remembered<V> {
  private readonly answers = new Map<string, V | undefined>();

  has(key: string): boolean {
    return this.answers.has(key);
  }

  /**
   * The answers for `keys`, asking `ask` only for those not remembered. Answered from what this
   * call got, not from what is remembered, which may have let go of some of them meanwhile.
   */
  async get(keys: readonly string[], ask: (keys: string[]) => Promise<(V | null)[]>): Promise<(V | undefined)[]> {
    const found = new Map<string, V | undefined>();
    for (const key of keys) if (this.answers.has(key)) found.set(key, this.answers.get(key));
    const asked = [...new Set(keys.filter(k => !found.has(k)))];
    if (asked.length) {
      const answers = await ask(asked);
      asked.forEach((key, i) => {
        const answer = answers[i] ?? undefined;
        found.set(key, answer);
        this.remember(key, answer);
      });
    }
    return keys.map(k => found.get(k));
  }

  private remember(key: string, answer: V | undefined): void {
    // The oldest asked goes first: a Map iterates in the order its keys were set.
    if (this.answers.size >= REMEMBERED) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, answer);
  }
}

/** What a remote library remembers of what it was asked: papers, and rows by the length of their excerpt. */
class Known {
  readonly papers = new Remembered<Paper>();
  private readonly rowsByExcerpt = new Map<number, Remembered<PaperRow>>();

  rows(excerpt: number): Remembered<PaperRow> {
    let rows = this.rowsByExcerpt.get(excerpt);
    if (!rows) this.rowsByExcerpt.set(excerpt, rows = new Remembered());
    return rows;
  }

  hasRow(key: string, excerpt: number): boolean {
    return this.rowsByExcerpt.get(excerpt)?.has(key) ?? false;
  }
}

/** The engine in its worker: the bundled papers with the user's files. */
export class RemoteLibrary extends Library {
  /**
   * @param known papers and rows by the key or id they were asked by, as this library has them.
   * A hover or Go to Definition on a key asked before (the papers cited on screen are asked
   * ahead, `CitedOnScreen`) then answers without waiting for the worker, which can be busy for a
   * second (indexing a library, writing its cache). A changed library is a new object, with none.
   * @param bundledOnly the bundled papers alone, while the user's files are on their way to the worker.
   */
  constructor(private readonly client: EngineClient, readonly size: number, readonly bibliographies: readonly BibliographyFileReport[],
    private readonly known = new Known(), readonly bundledOnly = false) {
    super();
  }

  /** Told once the abstracts are searchable, after an answer that searched without them. */
  #searchable: (() => void) | undefined;
  #searchableAsked = false;

  /** The same papers with a later report of them (the names indexed): what was asked stays known. */
  withReport(size: number, bibliographies: readonly BibliographyFileReport[]): RemoteLibrary {
    return new RemoteLibrary(this.client, size, bibliographies, this.known);
  }

  /**
   * `listener` is called once the worker's abstracts are searchable, if a search was answered
   * before they were (`partial`): the worker's own index of the bundled abstracts loads behind its
   * first search, and an update's abstracts are added behind its names. Whoever showed that answer
   * asks again then (the store's `onDidIndexNames`).
   */
  onSearchable(listener: () => void): void {
    this.#searchable = listener;
  }

  override async query(text: string, options: QueryOptions = {}): Promise<QueryRows> {
    const answer = await super.query(text, options);
    if (answer.partial) this.#askSearchable();
    return answer;
  }

  override async treeTop(options: TreeOptions): Promise<TreeTop> {
    const top = await super.treeTop(options);
    if (top.filter?.partial) this.#askSearchable();
    return top;
  }

  #askSearchable(): void {
    if (this.#searchableAsked) return;
    this.#searchableAsked = true;
    this.ask({ type: 'searchable' }).then(() => this.#searchable?.(), () => undefined);
  }

  protected ask<T extends Question>(request: RequestOf<T>): Promise<ResultOf<T>> {
    return this.client.request(request);
  }

  override papers(idsOrKeys: readonly string[]): Promise<(Paper | undefined)[]> {
    return this.known.papers.get(idsOrKeys, keys => this.ask({ type: 'papers', keys }));
  }

  override rowsByKey(idsOrKeys: readonly string[], excerpt = 0): Promise<(PaperRow | undefined)[]> {
    return this.known.rows(excerpt).get(idsOrKeys, keys => this.ask({ type: 'rowsByKey', keys, excerpt }));
  }

  /** Whether `papers` answers these without asking the worker. */
  knows(idOrKey: string): boolean {
    return this.known.papers.has(idOrKey);
  }

  /** Whether `rowsByKey` answers these, with this long an excerpt, without asking the worker. */
  knowsRow(idOrKey: string, excerpt = 0): boolean {
    return this.known.hasRow(idOrKey, excerpt);
  }
}
