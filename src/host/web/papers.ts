// Papers from the web in the editor: the services at the URLs the settings name, asked only when
// the user opens Daily Papers or adds a paper, never at activation; what was fetched, kept in the
// extension's global storage; and the fetched papers handed to the library, where the engine
// joins them (engine/web.ts). The requests go through VS Code's own `fetch` in the extension host,
// which applies its proxy settings (http.proxy, http.proxySupport) from VS Code 1.9x on.
import vscode = require('vscode');
import {
  HttpClient, PaperService, PUBLIC_URLS, WebCache, WebError, webPaperId,
  type Cached, type FetchedPaper, type KeyValueStorage, type PaperId, type WebUrls,
} from '../../core/web';
import type { WebInput } from '../../engine/web';
import { Settings } from '../ids';
import type { PaperStore } from '../library/store';
import { UserError } from '../util/errors';

/** A folder of the extension's global storage as the cache's key-value storage: one JSON file a key. */
function folderStorage(dir: vscode.Uri): KeyValueStorage {
  const file = (key: string) => vscode.Uri.joinPath(dir, `${key}.json`);
  return {
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

/**
 * Runs a request with a cancellable progress notification. Cancelled, it ends with a
 * `WebError` of kind `cancelled`, which callers drop quietly.
 */
export const withProgress: Asking = (title, work) => Promise.resolve(vscode.window.withProgress(
  { location: vscode.ProgressLocation.Notification, title, cancellable: true },
  (_progress, token) => {
    const controller = new AbortController();
    const cancelled = token.onCancellationRequested(() => controller.abort());
    return work(controller.signal).finally(() => cancelled.dispose());
  },
));

/**
 * The papers fetched this session, by what fetched them ("daily-date-2025-01-15", "paper-…"),
 * given to the library as one input, and the service and cache that fetch them.
 */
export class WebPapers {
  readonly #batches = new Map<string, { fetched: string; papers: FetchedPaper[] }>();
  #keys: Promise<Map<string, string>> | undefined;
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
    this.#cache ??= new WebCache(this.#storage, { report: message => this.log.warn(message) });
    return this.#cache;
  }

  get #storage(): KeyValueStorage {
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
  async join(name: string, papers: FetchedPaper[], fetched: string): Promise<Map<string, string>> {
    this.#batches.set(name, { fetched, papers });
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
   * Takes every fetched paper out of the library (the user turned the network off): the library
   * is the bundled papers and the user's files again. The cache on disk keeps them.
   */
  async clear(): Promise<void> {
    if (!this.#batches.size) return;
    this.#batches.clear();
    await this.store.applyWebPapers({ batches: [], keys: {} });
  }

  /** The key a fetched paper has in the library, once joined. */
  static keyOf(keys: ReadonlyMap<string, string>, paper: FetchedPaper): string | undefined {
    return keys.get(webPaperId(paper));
  }

  /**
   * What to tell the user about a failed request: the error's own message, and in a browser,
   * for a request that never reached the service, that the service does not let a browser ask.
   */
  problem(error: unknown): string | undefined {
    if (!(error instanceof WebError)) throw error;
    if (error.kind === 'cancelled') return undefined;
    if (error.kind === 'network' && this.inBrowser) {
      return `${error.message}. The service may not let a browser ask it (vscode.dev, github.dev): the desktop VS Code can.`;
    }
    return error.message;
  }
}
