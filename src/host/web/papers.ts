// Papers from the web in the editor: the services at the URLs the settings name, asked only when
// the user opens Daily Papers or adds a paper, never at activation; what was fetched, kept in the
// extension's global storage; and the fetched papers handed to the library, where the engine
// joins them (engine/web.ts). The requests go through VS Code's own `fetch` in the extension host,
// which applies its proxy settings (http.proxy, http.proxySupport) from VS Code 1.9x on.
import vscode = require('vscode');
import type { Cached, FetchedPaper, KeptPaper, KeyValueStorage, PaperId, PaperService, WebCache, WebUrls } from '../../core/web';
import type { Paper } from '../../core/model/paper';
import { KEPT_PAPERS } from '../../core/web/storageKeys';
import type { WebInput } from '../../engine/web';
import type { PaperRow } from '../../engine/protocol';
import { engine } from '../engine/load';
import { Settings } from '../ids';
import type { PaperStore } from '../library/store';
import { UserError } from '../util/errors';

/** A folder of the extension's global storage as the cache's key-value storage: one JSON file a key. */
function folderStorage(dir: vscode.Uri): KeyValueStorage & { has(key: string): Promise<boolean> } {
  const file = (key: string) => vscode.Uri.joinPath(dir, `${key}.json`);
  return {
    async has(key) {
      return Promise.resolve(vscode.workspace.fs.stat(file(key))).then(() => true, () => false);
    },
    async get(key) {
      try {
        return new TextDecoder().decode(await vscode.workspace.fs.readFile(file(key)));
      } catch {
        return undefined;
      }
    },
    async set(key, value) {
      await vscode.workspace.fs.createDirectory(dir);
      await vscode.workspace.fs.writeFile(file(key), new TextEncoder().encode(value));
    },
    async setAside(key) {
      await vscode.workspace.fs.rename(file(key), vscode.Uri.joinPath(dir, `${key}.json.corrupt`), { overwrite: true });
    },
  };
}

const LATEST_DAY = 'daily-latest';

/** What the user is told while a request runs, and the signal that cancels it. */
export type Asking = <T>(title: string, work: (signal: AbortSignal) => Promise<T>) => Promise<T>;

/** An answer quicker than this (from the cache, a near server) shows no notification at all. */
const QUIET_MS = 300;
/** How long VS Code keeps a progress notification on screen once shown, however soon its work ends (and a little more). */
const SHOWN_AT_LEAST_MS = 900;

const sleep = (ms: number) => new Promise<void>(resolve => setTimeout(resolve, ms));

/**
 * Runs a request with a cancellable progress notification, shown only if the answer does not come
 * at once. Cancelled, it ends with a `WebError` of kind `cancelled`, which callers drop quietly.
 * A notification once shown stays for VS Code's least time: what the caller shows next (the paper
 * to confirm) waits until then, rather than opening under a progress that is over.
 */
export const withProgress: Asking = async (title, work) => {
  const controller = new AbortController();
  const running = work(controller.signal);
  const settled = running.then(() => true, () => true);
  if (await Promise.race([settled, sleep(QUIET_MS).then(() => false)])) return running;
  let shownAt = Date.now();
  try {
    return await Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_progress, token) => {
      shownAt = Date.now();
      const cancelled = token.onCancellationRequested(() => controller.abort());
      return running.finally(() => cancelled.dispose());
    }));
  } finally {
    await sleep(SHOWN_AT_LEAST_MS - (Date.now() - shownAt));
  }
};

/**
 * The papers fetched this session, by what fetched them ("daily-date-2025-01-15"), and those
 * the user kept ("kept-…", in this session or an earlier one), given to the library as one
 * input; and the service and cache that fetch them.
 */
export class WebPapers {
  readonly #batches = new Map<string, { fetched: string; papers: FetchedPaper[]; topics?: false }>();
  #keys: Promise<Map<string, string>> | undefined;
  readonly #keptChanged = new vscode.EventEmitter<void>();
  /** A paper was kept or taken out of the library. */
  readonly onDidChangeKept = this.#keptChanged.event;
  /** The papers the user kept, by `webPaperId`: read once from the cache, written on each change. */
  #kept: Promise<Map<string, KeptPaper>> | undefined;
  #cache: WebCache | undefined;

  constructor(
    private readonly storage: vscode.Uri,
    private readonly store: PaperStore,
    private readonly log: vscode.LogOutputChannel,
    /** In a browser (vscode.dev), where arXiv's API cannot be asked: its papers come from Hugging Face. */
    private readonly inBrowser: boolean,
  ) {}

  /** Whether the user lets Papers use the network (`papers.web.enabled`). */
  get enabled(): boolean {
    return vscode.workspace.getConfiguration(Settings.section).get<boolean>(Settings.webEnabled, true);
  }

  get cache(): WebCache {
    this.#cache ??= new (engine().web.WebCache)(this.#storage, { report: message => this.log.warn(message) });
    return this.#cache;
  }

  get #storage(): ReturnType<typeof folderStorage> {
    return folderStorage(vscode.Uri.joinPath(this.storage, 'web'));
  }

  /** The site's most recent day as last fetched (YYYY-MM-DD): what Daily Papers shows offline. */
  async latestDay(): Promise<string | undefined> {
    const day = (await this.#storage.get(LATEST_DAY))?.trim();
    return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
  }

  async rememberLatestDay(day: string): Promise<void> {
    await this.#storage.set(LATEST_DAY, day).catch(() => undefined);
  }

  /** The services at the URLs of the settings, read afresh each time (a change applies at once). */
  service(): PaperService {
    if (!this.enabled) throw new UserError('Papers does not use the network: papers.web.enabled is off. Turn it on to fetch papers.');
    const settings = vscode.workspace.getConfiguration(Settings.section);
    const url = (name: string, fallback: string) => settings.get<string>(name)?.trim().replace(/\/+$/, '') || fallback;
    const { HttpClient, PaperService, PUBLIC_URLS } = engine().web;
    const urls: WebUrls = {
      huggingFace: url(Settings.huggingFaceUrl, PUBLIC_URLS.huggingFace),
      arxiv: url(Settings.arxivUrl, PUBLIC_URLS.arxiv),
      crossref: url(Settings.crossrefUrl, PUBLIC_URLS.crossref),
      doi: url(Settings.doiUrl, PUBLIC_URLS.doi),
    };
    return new PaperService(new HttpClient({ fetch: (target, init) => fetch(target, init) }), urls, { arxivVia: this.inBrowser ? 'huggingface' : 'arxiv' });
  }

  /** A paper by identifier: from the cache, else fetched with a progress notification. */
  paper(id: PaperId, asking: Asking = withProgress): Promise<Cached<FetchedPaper>> {
    const service = this.service();
    return asking('Papers: fetching the paper…', signal => this.cache.paper(id, () => service.lookUp(id, { signal })));
  }

  /**
   * Gives the library the papers fetched under `name` (replacing what that name brought before)
   * beside every other fetched paper; answers each one's key by `webPaperId`: the user's own
   * for a paper the library had, else the one it keeps on every fetch.
   */
  async join(name: string, papers: FetchedPaper[], fetched: string, options: { topics?: false } = {}): Promise<Map<string, string>> {
    this.#batches.set(name, { fetched, papers, ...options });
    return this.#apply();
  }

  async #apply(): Promise<Map<string, string>> {
    const keys = await (this.#keys ??= this.cache.keys().catch(() => new Map<string, string>()));
    const input: WebInput = { batches: [...this.#batches.values()], keys: Object.fromEntries(keys) };
    const joined = await this.store.applyWebPapers(input);
    if (!joined) throw new UserError('The papers could not join the library: the search engine is not running. See the "Papers" output for details.');
    const added = Object.entries(joined.newKeys);
    if (added.length) {
      for (const [id, key] of added) keys.set(id, key);
      await this.cache.saveKeys(keys).catch(error => this.log.warn(`Could not keep the keys of fetched papers: ${(error as Error).message}`));
    }
    return new Map(Object.entries(joined.keys));
  }

  /**
   * Keeps papers in the library for the sessions to come, not only this one: a paper the user
   * added, looked up, opened from a search or starred. Answers each one's key, as `join` does.
   */
  async keep(papers: FetchedPaper[], fetched: string): Promise<Map<string, string>> {
    return this.#keepAll(papers.map(paper => ({ paper, fetched })));
  }

  /** Keeps papers, each with when it was fetched: one write of the kept file, one join. */
  async #keepAll(items: readonly KeptPaper[]): Promise<Map<string, string>> {
    const kept = await this.#keptPapers();
    for (const { paper, fetched } of items) {
      const id = engine().web.webPaperId(paper);
      kept.set(id, { fetched, paper });
      this.#batches.set(`kept-${id}`, { fetched, papers: [paper] });
    }
    await this.cache.saveKept([...kept.values()]).catch(error => this.log.warn(`Could not keep the fetched papers for the next session: ${(error as Error).message}`));
    const keys = await this.#apply();
    this.#keptChanged.fire();
    return keys;
  }

  /** Keeps the fetched papers among `ids` (the Reading List's) that only an open day brought. */
  async keepAmong(ids: readonly string[]): Promise<void> {
    // Nothing fetched this session: a starred paper is a bundled one or the user's.
    if (!this.#batches.size) return;
    const wanted = new Set(ids);
    const kept = await this.#keptPapers();
    const found = new Map<string, KeptPaper>();
    for (const batch of this.#batches.values()) {
      for (const paper of batch.papers) {
        const id = engine().web.webPaperId(paper);
        if (wanted.has(id) && !kept.has(id)) found.set(id, { fetched: batch.fetched, paper });
      }
    }
    if (found.size) await this.#keepAll([...found.values()]);
  }

  /**
   * The id a kept paper has among the kept ones: its own for a fetched paper, the id of what was
   * found for a bundled paper that was looked up (it kept its own id in the library).
   */
  async #keptId(paper: Pick<Paper, 'id' | 'arxivId' | 'doi' | 'title'>): Promise<string | undefined> {
    const kept = await this.#keptPapers();
    if (kept.has(paper.id)) return paper.id;
    const id = engine().web.webPaperId(paper);
    return kept.has(id) ? id : undefined;
  }

  /** Whether the user kept this paper from the web. */
  async isKept(paper: Pick<Paper, 'id' | 'arxivId' | 'doi' | 'title'>): Promise<boolean> {
    return (await this.#keptId(paper)) !== undefined;
  }

  /** Takes a kept paper out of the library and out of the papers kept for the next session. */
  async forget(paper: Pick<Paper, 'id' | 'arxivId' | 'doi' | 'title'>): Promise<boolean> {
    const id = await this.#keptId(paper);
    const kept = await this.#keptPapers();
    if (id === undefined || !kept.delete(id)) return false;
    // A day that lists it still shows it while that day is open.
    this.#batches.delete(`kept-${id}`);
    await this.cache.saveKept([...kept.values()]);
    await this.#apply();
    this.#keptChanged.fire();
    return true;
  }

  /**
   * Brings back the papers kept in earlier sessions, from the global storage (nothing is
   * fetched). Answers how many; none when the user turned the network off.
   */
  async restore(): Promise<number> {
    if (!this.enabled) return 0;
    // Most sessions kept nothing: then the engine, whose cache reads the file, is not loaded for it.
    if (this.#kept === undefined && !(await this.#storage.has(KEPT_PAPERS))) return 0;
    const kept = await this.#keptPapers();
    if (!kept.size) return 0;
    for (const [id, { fetched, paper }] of kept) this.#batches.set(`kept-${id}`, { fetched, papers: [paper] });
    await this.#apply();
    return kept.size;
  }

  #keptPapers(): Promise<Map<string, KeptPaper>> {
    this.#kept ??= this.cache.kept().then(
      papers => new Map(papers.map(k => [engine().web.webPaperId(k.paper), k])),
      () => new Map<string, KeptPaper>(),
    );
    return this.#kept;
  }

  /**
   * Takes every fetched paper out of the library (the user turned the network off): the library
   * is the bundled papers and the user's files again. The cache on disk keeps them.
   */
  async clear(): Promise<void> {
    if (!this.#batches.size) return;
    this.#batches.clear();
    await this.store.applyWebPapers({ batches: [], keys: {} });
  }

  /**
   * Each fetched paper's row in the library, by `webPaperId`, through the keys a join gave them
   * (`join`'s answer); one the library does not hold (yet) is left out.
   */
  async rowsOf(papers: readonly FetchedPaper[], keys: ReadonlyMap<string, string>): Promise<Map<string, PaperRow>> {
    const library = await this.store.library();
    if (!library) return new Map();
    const { webPaperId } = engine().web;
    const wanted = [...new Set(papers.map(p => keys.get(webPaperId(p))).filter((k): k is string => !!k))];
    const rows = new Map((await library.rows(wanted)).map(row => [row.key, row]));
    return new Map(papers.flatMap(p => {
      const id = webPaperId(p);
      const row = rows.get(keys.get(id) ?? '');
      return row ? [[id, row] as const] : [];
    }));
  }

  /** The key a fetched paper has in the library, once joined. */
  static keyOf(keys: ReadonlyMap<string, string>, paper: FetchedPaper): string | undefined {
    return keys.get(engine().web.webPaperId(paper));
  }

  /**
   * What to tell the user about a failed request: the error's own message, and in a browser,
   * for a request that never reached the service, that the service does not let a browser ask.
   */
  problem(error: unknown): string | undefined {
    if (!(error instanceof engine().web.WebError)) throw error;
    if (error.kind === 'cancelled') return undefined;
    if (error.kind === 'network' && this.inBrowser) {
      return `${error.message}. The service may not let a browser ask it (vscode.dev, github.dev): the desktop VS Code can.`;
    }
    return error.message;
  }
}
