// The writer's Zotero library, read from Zotero's local API (Zotero 7 and later, on the desktop:
// http://localhost:23119/api/) when `papers.zotero.enabled` is on, and given to the library (the
// engine worker joins its items after the writer's bibliographies). Read whole once; after that,
// only what changed: the items' versions (one small answer, or "not modified"), then the items whose
// version moved, and what changed crosses to the worker, not the whole library. Asked when turned
// on, on a command, and when the window gets focus (every 3 s at most; every 30 s while Zotero
// cannot be reached: a Zotero that is not running costs one refused connection, and one warning
// that says which and what to do). Beside the writer's own library: My Publications (which of their
// items they published) and the group libraries Zotero syncs, each read the same way with its own
// version counter; a group that cannot be read is told once, and the others are read.
import vscode = require('vscode');
import type { CollectionTree, ZoteroCollection, ZoteroGroup } from '../../core/zotero/collections';
import type { ZoteroItem } from '../../core/zotero/item';
import type { ZoteroChild } from '../../core/zotero/details';
import type * as z from '../../core/util/zod';
import { applyZoteroChange, ZOTERO_CHUNK } from '../../core/zotero/change';
import { zoteroItemRef } from '../../core/zotero/ref';
import type { ZoteroInput } from '../../core/zotero/join';
import type { ZoteroSource } from '../common/treeNodes';
import { engine } from '../engine/load';
import { Settings } from '../ids';
import type { PaperStore } from '../library/store';
import { BetterBibtex } from './betterBibtex';

/** Where Zotero's local API listens by default (Zotero's `httpServer.port`). */
export const DEFAULT_ZOTERO_URL = 'http://localhost:23119';
/** The most items Zotero gives in one answer. */
const PAGE = 100;
/** Focus asks again no sooner than this after the last time it asked, when that failed. */
export const ASK_AGAIN_MS = 30_000;
/** …and when it answered: asking what changed costs Zotero one small answer. */
const CHANGES_AGAIN_MS = 3_000;
/** The most items asked for by key at once (the Web API's limit for `itemKey`). */
const BY_KEY = 50;
/** A Zotero that takes longer than this for one page is busy or stuck: the read is given up, and asked again later. */
const ANSWER_MS = 15_000;
/** The keys made for items that give none, by Zotero item key: an item's key never changes. */
const KEYS_STATE = 'papers.zotero.keys';

/** Why the library could not be read: each has its own message. */
export type ZoteroProblem = 'not-running' | 'not-enabled' | 'too-old' | 'answer' | 'web';

export class ZoteroError extends Error {
  constructor(readonly problem: ZoteroProblem, message: string) {
    super(message);
  }
}

/** What the writer is told, and what to do, for each problem. */
function problemMessage(problem: ZoteroProblem, url: string, detail: string): string {
  switch (problem) {
    case 'not-running': return `Papers could not reach Zotero at ${url}: start Zotero (7 or later) to search and cite your Zotero library. Papers asks again when the window gets focus.`;
    case 'not-enabled': return "Zotero does not let other applications read its library. In Zotero's Settings › Advanced, enable \"Allow other applications on this computer to communicate with Zotero\".";
    case 'too-old': return `Zotero at ${url} has no local API (/api/): update to Zotero 7 or later to search and cite your Zotero library.`;
    case 'web': return 'Your Zotero library is not available in VS Code for the Web: Zotero runs on your computer, which only the desktop VS Code can reach.';
    case 'answer': return `Zotero at ${url} answered in a way Papers cannot read (${detail}). See the "Papers" output for details.`;
  }
}

export interface ZoteroState {
  /** Items read (papers and notes alike), and the problem of the last attempt, if it failed. */
  items: number;
  problem?: ZoteroProblem;
}

/**
 * One library read: the writer's own (`users/0`) or a group's (`groups/ID`). Each has its own
 * version counter, so what changed is asked of each since its own version.
 */
interface Library {
  /** Where Zotero's API serves it: `/api/{path}/…`. */
  path: string;
  group?: ZoteroGroup;
  items: ZoteroItem[];
  collections: ZoteroCollection[];
  version: number | undefined;
  /** Its collections as a tree, made when first asked after a read. */
  tree?: CollectionTree;
}

const OWN = 'users/0';

/** What the Zotero node says of each problem, in a few words. */
const SHORT: Record<ZoteroProblem, string> = {
  'not-running': 'not running', 'not-enabled': 'closed to other applications', 'too-old': 'too old', web: 'not in the browser', answer: 'answered badly',
};

export class ZoteroLibrary implements vscode.Disposable, ZoteroSource {
  #own: Library = { path: OWN, items: [], collections: [], version: undefined };
  #groups: Library[] = [];
  /** My Publications: the keys of the writer's own items they published (a view on them, not more items). */
  #publications: string[] = [];
  /** Every library's items, made when first asked after a change. */
  #all: ZoteroItem[] | undefined;
  #read = false;
  /** Each item's key in the library, by `zoteroItemRef`, as the last join gave them. */
  #keys: ReadonlyMap<string, string> = new Map();
  /** The message of the last attempt's problem. */
  #problemMessage: string | undefined;
  /** Where the library was last read whole. */
  #readFrom: string | undefined;
  #askedAt: number | undefined;
  #running: Promise<ZoteroState> | undefined;
  /** The problem the writer was last told of: told once, until Zotero is read again or turned off. */
  #told: ZoteroProblem | undefined;
  /** The groups that could not be read, each told once until it is read. */
  readonly #toldGroups = new Set<number>();
  #state: ZoteroState = { items: 0 };
  /** What the writer was told, in order (the integration tests read it). */
  readonly told: string[] = [];
  readonly #changed = new vscode.EventEmitter<ZoteroState>();
  /** The library was read (or could not be). */
  readonly onDidChange = this.#changed.event;
  /** Better BibTeX beside this Zotero, when installed: its keys for the items, its exports when citing. */
  readonly betterBibtex: BetterBibtex;

  constructor(
    private readonly store: PaperStore,
    private readonly memento: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
    /** In a browser (vscode.dev), where localhost is not the writer's computer. */
    private readonly inBrowser: boolean,
  ) {
    this.betterBibtex = new BetterBibtex(() => this.url, log);
  }

  get enabled(): boolean {
    return vscode.workspace.getConfiguration(Settings.section).get<boolean>(Settings.zoteroEnabled, false);
  }

  get url(): string {
    const url = vscode.workspace.getConfiguration(Settings.section).get<string>(Settings.zoteroUrl)?.trim().replace(/\/+$/, '');
    return url || DEFAULT_ZOTERO_URL;
  }

  get state(): ZoteroState {
    return this.#state;
  }

  /** The items as last read, of every library. */
  get items(): readonly ZoteroItem[] {
    return (this.#all ??= this.#groups.length ? [this.#own, ...this.#groups].flatMap(l => l.items) : this.#own.items);
  }

  get problem(): string | undefined {
    return this.#state.problem && this.#problemMessage;
  }

  get description(): string {
    if (this.#state.problem) return SHORT[this.#state.problem];
    if (!this.#read) return 'reading…';
    const collections = this.#own.collections.length;
    const groups = this.#groups.length;
    return `${this.#state.items} ${this.#state.items === 1 ? 'item' : 'items'} · ${collections} ${collections === 1 ? 'collection' : 'collections'}${groups ? ` · ${groups} ${groups === 1 ? 'group' : 'groups'}` : ''}`;
  }

  get tooltip(): string {
    return this.problem ?? `Your Zotero library at ${this.url}, read through Zotero's local API${this.#read ? `: ${this.description}` : ''}`;
  }

  collections(): CollectionTree | undefined {
    return this.#read ? this.#treeOf(this.#own) : undefined;
  }

  publications(): readonly string[] {
    return this.#publications;
  }

  groups(): { id: number; name: string; tree: CollectionTree }[] {
    return this.#groups.map(l => ({ id: l.group!.id, name: l.group!.data.name, tree: this.#treeOf(l) }));
  }

  #treeOf(library: Library): CollectionTree {
    return (library.tree ??= engine().zotero.collectionTree(library.collections, library.items));
  }

  keyOf(itemRef: string): string | undefined {
    return this.#keys.get(itemRef);
  }

  /** The key kept for an item that gives none (made by our rules, the first time it was read). */
  keptKeyOf(itemRef: string): string | undefined {
    return this.memento.get<Record<string, string>>(KEYS_STATE, {})[itemRef];
  }

  /**
   * Reads the library again, if it is on. `focus`: only if the last attempt was 30 s ago or more
   * (a window that gains focus often does not ask Zotero each time). Never throws: a problem is told once.
   */
  refresh(reason: 'focus' | 'command' | 'setting'): Promise<ZoteroState> {
    if (!this.enabled) return Promise.resolve(this.#state);
    if (this.#running) return this.#running;
    const wait = this.#state.problem || !this.#read ? ASK_AGAIN_MS : CHANGES_AGAIN_MS;
    if (reason === 'focus' && this.#askedAt !== undefined && Date.now() - this.#askedAt < wait) return Promise.resolve(this.#state);
    this.#askedAt = Date.now();
    this.#running = this.#readAll().finally(() => { this.#running = undefined; });
    return this.#running;
  }

  async #readAll(): Promise<ZoteroState> {
    const before = this.#state;
    this.betterBibtex.forget();
    // Whether the library or what is said of it changed: the Papers view is shown again only then
    // (a focus that finds nothing new must not redraw the Zotero node under the writer's click).
    let changed = true;
    try {
      if (this.inBrowser) throw new ZoteroError('web', problemMessage('web', this.url, ''));
      // What changed is asked of the Zotero read before; another (papers.zotero.url changed) is read whole.
      if (this.#read && this.#own.version !== undefined && this.#readFrom === this.url) changed = await this.#readChanges() || before.problem !== undefined;
      else await this.#readWhole();
      this.#told = undefined;
      this.#problemMessage = undefined;
      this.#all = undefined;
      this.#state = { items: this.items.length };
    } catch (error) {
      const problem = error instanceof ZoteroError ? error : new ZoteroError('answer', problemMessage('answer', this.url, (error as Error).message));
      this.log.warn(`Zotero: ${problem.message}`);
      this.#all = undefined;
      this.#state = { items: this.items.length, problem: problem.problem };
      this.#problemMessage = problem.message;
      this.#tell(problem.message, this.#told !== problem.problem);
      this.#told = problem.problem;
    }
    if (changed) this.#changed.fire(this.#state);
    return this.#state;
  }

  #tell(message: string, first: boolean): void {
    if (!first) return;
    this.told.push(message);
    void vscode.window.showWarningMessage(message);
  }

  /**
   * The whole library, given to the worker a chunk at a time as the pages come (the first chunk
   * replaces what it had, the others add to it): what is read is searched before the rest comes,
   * and no one post copies the whole library on the extension host. One chunk crosses at a time,
   * while the next pages are read. Then My Publications, and each group's library (its chunks
   * once it is read whole: a group that fails halfway leaves nothing behind).
   */
  async #readWhole(): Promise<void> {
    const url = this.url;
    let joined: Promise<void> = Promise.resolve();
    let sent = 0;
    const send = (items: ZoteroItem[], first: boolean) => {
      const chunk: ZoteroInput = first ? { items, keys: {} } : { items, keys: {}, partial: true, removed: [] };
      joined = joined.then(() => this.#join(chunk));
    };
    const { items, version } = await this.#fetchAll(this.#own, async read => {
      if (read.length - sent < ZOTERO_CHUNK) return;
      await joined;
      send(read.slice(sent), sent === 0);
      sent = read.length;
    });
    if (sent < items.length || !sent) send(items.slice(sent), sent === 0);
    const collections = await this.#fetchCollections(OWN);
    const publications = await this.#fetchPublications();
    await joined;
    this.#own = { path: OWN, items, collections, version };
    this.#publications = publications;
    this.#groups = [];
    this.#all = undefined;
    for (const group of await this.#fetchGroups() ?? []) {
      const library = await this.#readGroup(group);
      if (library) this.#groups.push(library);
    }
    this.#read = true;
    this.#readFrom = url;
    this.log.info(`Zotero: ${items.length} items read from ${url}${this.#groups.length ? `, and ${this.#groups.reduce((n, l) => n + l.items.length, 0)} from ${this.#groups.length} group(s)` : ''}`);
  }

  /** A group's library read whole and given to the worker (added to what it has); undefined, and told once, when it could not be. */
  async #readGroup(group: ZoteroGroup): Promise<Library | undefined> {
    const library: Library = { path: `groups/${group.id}`, group, items: [], collections: [], version: undefined };
    try {
      const { items, version } = await this.#fetchAll(library, () => Promise.resolve());
      library.items = items;
      library.version = version;
      library.collections = await this.#fetchCollections(library.path);
    } catch (error) {
      this.#groupFailed(group, error);
      return undefined;
    }
    for (let i = 0; i < library.items.length; i += ZOTERO_CHUNK) await this.#join({ items: library.items.slice(i, i + ZOTERO_CHUNK), keys: {}, partial: true, removed: [] });
    this.#toldGroups.delete(group.id);
    return library;
  }

  /** A group that could not be read: told once (until it is read), unless Zotero itself is out of reach (that is told as ever). */
  #groupFailed(group: ZoteroGroup, error: unknown): void {
    if (error instanceof ZoteroError && (error.problem === 'not-running' || error.problem === 'not-enabled')) throw error;
    const message = `Papers could not read the Zotero group "${group.data.name}": ${(error as Error).message} Your other Zotero libraries are read; Papers asks again when the window gets focus.`;
    this.log.warn(`Zotero: ${message}`);
    this.#tell(message, !this.#toldGroups.has(group.id));
    this.#toldGroups.add(group.id);
  }

  /**
   * What changed since each library's version: the writer's own, then each group Zotero lists now
   * (one it did not list before is read whole; one it no longer lists leaves the library). What
   * changed crosses to the worker as one change. False when nothing did.
   */
  async #readChanges(): Promise<boolean> {
    const changed: ZoteroItem[] = [];
    const removed: string[] = [];
    const add = (change: { items: ZoteroItem[]; removed: string[] } | undefined) => {
      if (!change) return false;
      changed.push(...change.items);
      removed.push(...change.removed);
      return true;
    };
    let any = add(await this.#changesOf(this.#own));
    // Published or not is a change of the item, which moves the writer's library's version.
    if (any) this.#publications = await this.#fetchPublications();
    const groups: Library[] = [];
    const listed = await this.#fetchGroups() ?? this.#groups.map(l => l.group!);
    for (const group of listed) {
      const library = this.#groups.find(l => l.group!.id === group.id);
      if (!library) {
        const read = await this.#readGroup(group);
        if (read) { groups.push(read); any = true; }
        continue;
      }
      groups.push(library);
      if (library.group!.data.name !== group.data.name) { library.group = group; any = true; }
      try {
        if (add(await this.#changesOf(library))) any = true;
        this.#toldGroups.delete(group.id);
      } catch (error) {
        this.#groupFailed(group, error);
      }
    }
    for (const library of this.#groups) {
      if (groups.includes(library)) continue;
      removed.push(...library.items.map(zoteroItemRef));
      any = true;
    }
    this.#groups = groups;
    this.#all = undefined;
    if (changed.length || removed.length) {
      await this.#join({ items: changed, keys: {}, partial: true, removed });
      this.log.info(`Zotero: ${changed.length} items changed and ${removed.length} removed`);
    }
    return any;
  }

  /**
   * What changed in one library since its version: the items' versions (Zotero answers 304 when
   * nothing did), then the items new or changed, by key; an item no longer listed was deleted (or
   * moved to the trash). Undefined when nothing did; the library itself is brought up to date.
   */
  async #changesOf(library: Library): Promise<{ items: ZoteroItem[]; removed: string[] } | undefined> {
    const version = library.version ?? 0;
    const answer = await this.#get(`/api/${library.path}/items/top?format=versions`, { 'If-Modified-Since-Version': String(version) });
    if (answer.notModified) return undefined;
    const versions = engine().zotero.ZoteroVersionsSchema.safeParse(answer.body);
    if (!versions.success) throw new ZoteroError('answer', problemMessage('answer', this.url, `versions: ${versions.error.issues[0]?.message ?? 'not a map of versions'}`));
    const known = new Map(library.items.map(item => [item.key, item.version]));
    const changedKeys = Object.entries(versions.data).filter(([key, v]) => (known.get(key) ?? -1) < v).map(([key]) => key);
    const removed = library.items.filter(item => !Object.hasOwn(versions.data, item.key)).map(zoteroItemRef);
    const items: ZoteroItem[] = [];
    for (let i = 0; i < changedKeys.length; i += BY_KEY) {
      const keys = changedKeys.slice(i, i + BY_KEY);
      items.push(...this.#readItems(await this.#get(`/api/${library.path}/items?format=json&include=data,csljson&limit=${BY_KEY}&itemKey=${keys.join(',')}`), 'items', library));
    }
    // Collections renamed, added or moved change the library's version too: they are few, read whole
    // (and the view shows them again, the version having moved).
    library.collections = await this.#fetchCollections(library.path);
    library.tree = undefined;
    library.version = versionOf(answer.headers) ?? version;
    library.items = applyZoteroChange({ items: library.items, keys: {} }, { items, keys: {}, partial: true, removed }).items;
    return { items, removed };
  }

  /** The items of an answer, read with zod, marked with their group; an answer that is not items is refused whole. */
  #readItems(answer: { body: unknown }, what: string, library: Library): ZoteroItem[] {
    const parsed = engine().zotero.ZoteroItemsSchema.safeParse(answer.body);
    if (!parsed.success) throw new ZoteroError('answer', problemMessage('answer', this.url, `${what}: ${parsed.error.issues[0]?.message ?? 'not a list of items'}`));
    // Marked here, whatever the answer said: the item is the group's because it was asked of the group.
    if (library.group) for (const item of parsed.data) item.library = { type: 'group', id: library.group.id };
    return parsed.data;
  }

  /**
   * Every top-level item (attachments and notes are children), a page at a time until `Total-Results`
   * are read: Zotero may give fewer than asked, so the next page starts after what came. The
   * library's version is the first page's (a change made while the pages are read is asked for next time).
   */
  async #fetchAll(library: Library, onPage: (read: ZoteroItem[]) => Promise<void>): Promise<{ items: ZoteroItem[]; version: number | undefined }> {
    const items: ZoteroItem[] = [];
    let version: number | undefined;
    for (;;) {
      const answer = await this.#get(`/api/${library.path}/items/top?format=json&include=data,csljson&limit=${PAGE}&start=${items.length}`);
      if (!items.length) version = versionOf(answer.headers);
      const page = this.#readItems(answer, 'items', library);
      items.push(...page);
      await onPage(items);
      const total = Number(answer.headers.get('Total-Results'));
      // Without the header (or with an empty page), the page is the whole answer.
      if (!page.length || !Number.isFinite(total) || items.length >= total) return { items, version };
    }
  }

  /**
   * Every collection of a library, a page at a time. A Zotero that lists items but not collections
   * (an answer Papers cannot read) still gives its items: they are shown unfiled, and the log says why.
   */
  async #fetchCollections(path: string): Promise<ZoteroCollection[]> {
    return await this.#list(`/api/${path}/collections`, engine().zotero.ZoteroCollectionsSchema, 'the collections could not be read; items are shown unfiled') ?? [];
  }

  /** The groups Zotero syncs (`/users/0/groups`); undefined when it could not say (those read before are kept, not dropped). */
  #fetchGroups(): Promise<ZoteroGroup[] | undefined> {
    return this.#list(`/api/${OWN}/groups`, engine().zotero.ZoteroGroupsSchema, 'the group libraries could not be listed');
  }

  /** My Publications: the keys of the writer's top items in it; none from a Zotero that does not say. */
  async #fetchPublications(): Promise<string[]> {
    const answer = await this.#get(`/api/${OWN}/publications/items/top?format=versions`).catch((error: unknown) => this.#lenient(error, 'My Publications could not be read'));
    const versions = answer && engine().zotero.ZoteroVersionsSchema.safeParse(answer.body);
    if (versions && !versions.success) this.log.warn('Zotero: My Publications could not be read (not a map of versions)');
    return versions?.success ? Object.keys(versions.data) : [];
  }

  /** A problem with something beside the items: logged, and nothing more, unless Zotero itself is out of reach. */
  #lenient(error: unknown, what: string): undefined {
    if (error instanceof ZoteroError && error.problem !== 'answer' && error.problem !== 'too-old') throw error;
    this.log.warn(`Zotero: ${what} (${(error as Error).message})`);
    return undefined;
  }

  /** A list Zotero gives a page at a time (collections, groups), read with `schema`; undefined, and logged, when it cannot be read. */
  async #list<T>(path: string, schema: z.ZodMiniType<T[]>, what: string): Promise<T[] | undefined> {
    const list: T[] = [];
    for (;;) {
      const answer = await this.#get(`${path}?format=json&limit=${PAGE}&start=${list.length}`).catch((error: unknown) => this.#lenient(error, what));
      if (!answer) return undefined;
      const parsed = schema.safeParse(answer.body);
      if (!parsed.success) {
        this.log.warn(`Zotero: ${what} (${parsed.error.issues[0]?.message ?? 'not a list'})`);
        return undefined;
      }
      list.push(...parsed.data);
      const total = Number(answer.headers.get('Total-Results'));
      if (!parsed.data.length || !Number.isFinite(total) || list.length >= total) return list;
    }
  }

  async #get(path: string, headers: Record<string, string> = {}): Promise<{ body: unknown; headers: Headers; notModified?: true }> {
    const url = this.url;
    let response: Response;
    try {
      response = await fetch(`${url}${path}`, { headers: { Accept: 'application/json', 'Zotero-API-Version': '3', ...headers }, signal: AbortSignal.timeout(ANSWER_MS) });
    } catch (error) {
      // Without this, a Zotero that never answers would hold every later refresh behind this one.
      if ((error as Error).name === 'TimeoutError') throw new ZoteroError('answer', problemMessage('answer', url, `no answer within ${ANSWER_MS / 1000} s`));
      this.log.info(`Zotero: ${url}: ${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? '')}`);
      throw new ZoteroError('not-running', problemMessage('not-running', url, ''));
    }
    if (response.status === 304) return { body: undefined, headers: response.headers, notModified: true };
    if (response.status === 403) throw new ZoteroError('not-enabled', problemMessage('not-enabled', url, ''));
    if (response.status === 404) throw new ZoteroError('too-old', problemMessage('too-old', url, ''));
    if (!response.ok) throw new ZoteroError('answer', problemMessage('answer', url, `HTTP ${response.status}`));
    try {
      return { body: await response.json(), headers: response.headers };
    } catch {
      throw new ZoteroError('answer', problemMessage('answer', url, 'not JSON'));
    }
  }

  /** Gives the items (all, or what changed) to the library, with the keys made for them before; keeps the keys made now. */
  async #join(items: ZoteroInput): Promise<void> {
    items = await this.betterBibtex.withKeys(items);
    const keys = this.memento.get<Record<string, string>>(KEYS_STATE, {});
    const joined = await this.store.applyZoteroItems({ ...items, keys });
    this.#keys = joined?.keys ?? new Map();
    const made = joined ? Object.entries(joined.newKeys) : [];
    // The keys kept as they are now, not as they were before the join: another join may have kept
    // some meanwhile (a first read sends its chunks while the next pages come), and writing over
    // them lost an item's key, which the next whole read then made again, maybe with a suffix.
    if (made.length) await this.memento.update(KEYS_STATE, { ...this.memento.get<Record<string, string>>(KEYS_STATE, {}), ...Object.fromEntries(made) });
  }

  /** An item's notes and attachments (`/items/{key}/children`, of its group's library for a group's), asked when its details open; a problem throws its message. */
  async children(item: ZoteroItem): Promise<ZoteroChild[]> {
    if (this.inBrowser) throw new ZoteroError('web', problemMessage('web', this.url, ''));
    const { ZoteroChildrenSchema, groupOf } = engine().zotero;
    const group = groupOf(item);
    const answer = await this.#get(`/api/${group === undefined ? OWN : `groups/${group}`}/items/${encodeURIComponent(item.data.key)}/children?format=json`);
    const parsed = ZoteroChildrenSchema.safeParse(answer.body);
    if (!parsed.success) throw new ZoteroError('answer', problemMessage('answer', this.url, `children: ${parsed.error.issues[0]?.message ?? 'not a list of items'}`));
    return parsed.data;
  }

  /** Takes Zotero's items out of the library (the writer turned it off). */
  async clear(): Promise<void> {
    this.#told = undefined;
    this.#askedAt = undefined;
    this.#read = false;
    this.#problemMessage = undefined;
    this.#toldGroups.clear();
    const any = this.items.length > 0;
    this.#own = { path: OWN, items: [], collections: [], version: undefined };
    this.#groups = [];
    this.#publications = [];
    this.#all = undefined;
    this.#keys = new Map();
    if (!any) return;
    this.#state = { items: 0 };
    await this.store.applyZoteroItems({ items: [], keys: {} });
    this.#changed.fire(this.#state);
  }

  dispose(): void {
    this.#changed.dispose();
  }
}

/** The library's version an answer gives (`Last-Modified-Version`), if it gives one. */
function versionOf(headers: Headers): number | undefined {
  const version = Number(headers.get('Last-Modified-Version') ?? NaN);
  return Number.isSafeInteger(version) && version >= 0 ? version : undefined;
}
