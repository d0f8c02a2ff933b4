// What was fetched, kept over a key-value storage the host provides (files in the extension's
// global storage, a Map in tests): a day that is over is never fetched again, the current one at
// most every few minutes, a paper by id once. Offline, what was fetched is served with its date.
// A corrupt entry is set aside with a message and fetched afresh, never fatal.
import * as z from '../util/zod';
import { WebError } from './http';
import type { PaperId } from './identifiers';
import { isPast, type Period } from './period';
import type { FetchedPaper } from './record';
import type { Artefact } from './hub';
import type { LinkedPaper, Neighbour, NeighbourPage } from './scholar';
import { KEPT_PAPERS } from './storageKeys';

/** Where the cache keeps its entries: text by key. Keys are safe as file names. */
export interface KeyValueStorage {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  /** Moves an entry out of the way (a file renamed to `….corrupt`), so that it can be looked at. */
  setAside(key: string): Promise<void>;
}

/** What the cache answers: the papers, when they were fetched, and whether they come from the cache. */
export interface Cached<T> {
  value: T;
  /** When it was fetched, as an ISO 8601 date-time. */
  fetched: string;
  fromCache: boolean;
  /** Why the cache was served rather than a fresh answer (offline, a server error): tell the user. */
  error?: WebError;
}

/** The current day's papers are fetched again after this long. */
export const REFRESH_MS = 5 * 60_000;

const CACHE_VERSION = 1;

const PersonSchema = z.lazySchema(() => z.object({
  family: z.optional(z.string()), given: z.optional(z.string()), particle: z.optional(z.string()), suffix: z.optional(z.string()), literal: z.optional(z.string()),
}));
const link = z.lazySchema(() => z.optional(z.string().check(z.regex(/^https:\/\/\S+$/))));
const FetchedPaperSchema = z.lazySchema(() => z.object({
  source: z.enum(['huggingface', 'arxiv', 'crossref', 'doi', 'semanticscholar']),
  title: z.string().check(z.minLength(1)),
  authors: z.array(PersonSchema),
  issued: z.optional(z.object({ year: z.int(), month: z.optional(z.int()), day: z.optional(z.int()) })),
  abstract: z.optional(z.string()),
  arxivId: z.optional(z.string()),
  primaryClass: z.optional(z.string()),
  doi: z.optional(z.string()),
  type: z.string(),
  venue: z.optional(z.string()),
  publisher: z.optional(z.string()),
  volume: z.optional(z.string()),
  issue: z.optional(z.string()),
  page: z.optional(z.string()),
  links: z.object({ abstract: link, pdf: link, code: link, project: link, discussion: link }),
  upvotes: z.optional(z.int()),
  organization: z.optional(z.object({ handle: z.string(), name: z.string() })),
  listed: z.optional(z.string()),
}));
// `final`: fetched once the period was over, so its papers will not change.
const ListEntrySchema = z.lazySchema(() => z.object({ version: z.literal(CACHE_VERSION), fetched: z.string(), final: z.boolean(), papers: z.array(FetchedPaperSchema) }));
const PaperEntrySchema = z.lazySchema(() => z.object({ version: z.literal(CACHE_VERSION), fetched: z.string(), paper: FetchedPaperSchema }));
const KeysSchema = z.lazySchema(() => z.object({ version: z.literal(CACHE_VERSION), keys: z.record(z.string(), z.string()) }));
const KeptSchema = z.lazySchema(() => z.object({ version: z.literal(CACHE_VERSION), papers: z.array(z.object({ fetched: z.string(), paper: FetchedPaperSchema })) }));

const NeighbourSchema = z.lazySchema(() => z.object({
  scholarId: z.optional(z.string()), paper: FetchedPaperSchema, citations: z.optional(z.number()),
  influentialCitations: z.optional(z.number()), influential: z.optional(z.boolean()), summary: z.optional(z.string()),
}));
const NeighbourPageSchema = z.lazySchema(() => z.object({ neighbours: z.array(NeighbourSchema), offset: z.number(), next: z.optional(z.number()), skipped: z.number() }));
const ArtefactsSchema = z.lazySchema(() => z.object({
  artefacts: z.array(z.object({ kind: z.enum(['models', 'datasets', 'spaces']), id: z.string(), url: z.string(), downloads: z.optional(z.number()), likes: z.optional(z.number()) })),
  errors: z.array(z.string()),
}));
const valueEntry = <T>(value: z.ZodMiniType<T>) => z.object({ version: z.literal(CACHE_VERSION), fetched: z.string(), value });
const NeighbourPageEntrySchema = z.lazySchema(() => valueEntry(NeighbourPageSchema));
const NeighbourEntrySchema = z.lazySchema(() => valueEntry(NeighbourSchema));
const ArtefactsEntrySchema = z.lazySchema(() => valueEntry(ArtefactsSchema));
const LinkedEntrySchema = z.lazySchema(() => valueEntry(z.array(z.nullable(z.object({ scholarId: z.string(), references: z.array(NeighbourSchema), citations: z.array(NeighbourSchema) })))));

/** How long a paper's neighbourhood is served from the cache before it is asked again: the same question within a day is not asked twice. */
export const NEIGHBOURHOOD_MS = 24 * 60 * 60_000;

/** A short, stable name for a long text (FNV-1a, 32 bits, as 8 hex digits): a list of ids as part of a file name. */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** A list of ids as part of a storage key: how many, and a hash of them. */
const idsKey = (ids: readonly string[]) => `${ids.length}-${hashText([...ids].join('\n').toLowerCase())}`;

/** A storage key from parts a service names (ids with slashes and colons): safe as a file name. */
const safeKey = (...parts: (string | number)[]) => parts.map(part => encodeURIComponent(String(part).toLowerCase()).replace(/[*]/g, '%2A')).join('-');

/** A fetched paper the user kept in the library (added, looked up, opened from a search, starred), with when it was fetched. */
export interface KeptPaper {
  fetched: string;
  paper: FetchedPaper;
}

/** The storage key of a period's papers: `daily-week-2024-W03`. */
export const dailyCacheKey = (period: Period): string => `daily-${period.kind}-${period.value}`;

/** The storage key of a paper by id: `paper-arxiv-2401.12345`, `paper-doi-10.1126%2Fscience…`. */
export const paperCacheKey = (id: PaperId): string => (id.kind === 'arxiv'
  ? `paper-arxiv-${id.id.replace('/', '_')}${id.version ? `v${id.version}` : ''}`
  : `paper-doi-${encodeURIComponent(id.doi.toLowerCase()).replace(/[*]/g, '%2A')}`);

const KEYS = 'keys';

export interface WebCacheOptions {
  now?: () => number;
  /** How long the current day's (week's, month's) papers are served before they are fetched again. */
  refreshMs?: number;
  /** Tells the user about a corrupt entry that was set aside. */
  report?: (message: string) => void;
}

/**
 * The cache of fetched papers.
 *
 * @example const day = await cache.daily({ kind: 'date', value: '2024-01-15' }, '2024-01-20', () => service.daily(period))
 */
export class WebCache {
  readonly #now: () => number;
  readonly #refreshMs: number;
  readonly #inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly storage: KeyValueStorage, private readonly options: WebCacheOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#refreshMs = options.refreshMs ?? REFRESH_MS;
  }

  /**
   * A period's papers: from the cache when they were fetched after the period was over (`today`
   * is the user's YYYY-MM-DD) or less than `refreshMs` ago, otherwise fetched and kept. When the
   * fetch fails and the cache has the period, that is served with its date and the error.
   */
  daily(period: Period, today: string, fetch: () => Promise<FetchedPaper[]>): Promise<Cached<FetchedPaper[]>> {
    // A day fetched while it was today is fetched once more when it is over, and then never again.
    const final = isPast(period, today);
    return this.#cached(dailyCacheKey(period), ListEntrySchema, entry => entry.papers, papers => ({ final, papers }),
      entry => entry.final || this.#now() - Date.parse(entry.fetched) < this.#refreshMs, fetch);
  }

  /** A paper by id: fetched once, then always from the cache. */
  paper(id: PaperId, fetch: () => Promise<FetchedPaper>): Promise<Cached<FetchedPaper>> {
    return this.#cached(paperCacheKey(id), PaperEntrySchema, entry => entry.paper, paper => ({ paper }), () => true, fetch);
  }

  /** A page of a paper's references or citations (`what`: "references", "citations", "recommended"), asked again after a day. */
  neighbours(what: string, id: string, offset: number, fetch: () => Promise<NeighbourPage>): Promise<Cached<NeighbourPage>> {
    return this.#forADay(`s2-${safeKey(what, id, offset)}`, NeighbourPageEntrySchema, fetch);
  }

  /** A paper's own record in the graph (its counts and summary), asked again after a day. */
  scholarPaper(id: string, fetch: () => Promise<Neighbour>): Promise<Cached<Neighbour>> {
    return this.#forADay(`s2-${safeKey('paper', id)}`, NeighbourEntrySchema, fetch);
  }

  /** The Hub's repositories made from an arXiv paper (with the kinds that could not be asked), asked again after a day. */
  artefacts(arxivId: string, fetch: () => Promise<{ artefacts: Artefact[]; errors: string[] }>): Promise<Cached<{ artefacts: Artefact[]; errors: string[] }>> {
    return this.#forADay(`hub-${safeKey(arxivId)}`, ArtefactsEntrySchema, fetch);
  }

  /** The references and citations of many papers (`ids` in order; undefined for one the graph does not know), asked again after a day. */
  linked(ids: readonly string[], fetch: () => Promise<(LinkedPaper | undefined)[]>): Promise<Cached<(LinkedPaper | undefined)[]>> {
    // Kept as JSON: a paper the graph does not know is null there.
    return this.#forADay(`s2-linked-${idsKey(ids)}`, LinkedEntrySchema, async () => (await fetch()).map(item => item ?? null))
      .then(answer => ({ ...answer, value: answer.value.map(item => item ?? undefined) }));
  }

  /** The paper the graph knows by a title (none: an answer too, kept as such), asked again after a day. */
  titleMatch(title: string, fetch: () => Promise<Neighbour | undefined>): Promise<Cached<Neighbour | undefined>> {
    // Kept as a page of none or one: a title the graph does not know is not asked again that day.
    return this.#forADay(`s2-title-${idsKey([title])}`, NeighbourPageEntrySchema, async () => {
      const found = await fetch();
      return { neighbours: found ? [found] : [], offset: 0, skipped: 0 };
    }).then(answer => ({ ...answer, value: answer.value.neighbours[0] }));
  }

  /** Recommendations for a set of papers (`ids` in order; unlike the `negative` ones), asked again after a day. */
  recommendedFor(ids: readonly string[], fetch: () => Promise<NeighbourPage>, negative: readonly string[] = []): Promise<Cached<NeighbourPage>> {
    return this.#forADay(`s2-recommended-${idsKey([...ids, ...negative.map(id => `not ${id}`)])}`, NeighbourPageEntrySchema, fetch);
  }

  /** An answer kept as `{ value }`, served from the cache for a day after it was fetched. */
  #forADay<T>(key: string, schema: z.ZodMiniType<{ fetched: string; value: T }>, fetch: () => Promise<T>): Promise<Cached<T>> {
    return this.#cached(key, schema, entry => entry.value, value => ({ value }), entry => {
      const age = this.#now() - Date.parse(entry.fetched);
      return age >= 0 && age < NEIGHBOURHOOD_MS;
    }, fetch);
  }

  /** The keys given to fetched papers, by paper id (`webPaperId`), so that a paper keeps its key. */
  async keys(): Promise<Map<string, string>> {
    const entry = await this.#read(KEYS, KeysSchema);
    return new Map(Object.entries(entry?.keys ?? {}));
  }

  async saveKeys(keys: ReadonlyMap<string, string>): Promise<void> {
    await this.storage.set(KEYS, JSON.stringify({ version: CACHE_VERSION, keys: Object.fromEntries(keys) }));
  }

  /** The papers the user kept in the library, to join it again in the next session (read from disk, never fetched). */
  async kept(): Promise<KeptPaper[]> {
    return (await this.#read(KEPT_PAPERS, KeptSchema))?.papers ?? [];
  }

  async saveKept(papers: readonly KeptPaper[]): Promise<void> {
    await this.storage.set(KEPT_PAPERS, JSON.stringify({ version: CACHE_VERSION, papers }));
  }

  /** An entry, or undefined when there is none; a corrupt one is set aside and reported. */
  async #read<T>(key: string, schema: z.ZodMiniType<T>): Promise<T | undefined> {
    const text = await this.storage.get(key);
    if (text === undefined) return undefined;
    let problem: string;
    try {
      const parsed = schema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
      problem = z.firstIssue(parsed.error);
    } catch (error) {
      problem = (error as Error).message;
    }
    await this.storage.setAside(key);
    this.options.report?.(`The cached "${key}" could not be read (${problem}); it was set aside and will be fetched again.`);
    return undefined;
  }

  #cached<E extends { fetched: string }, T>(
    key: string, schema: z.ZodMiniType<E>, valueOf: (entry: E) => T, entryOf: (value: T) => object,
    fresh: (entry: E) => boolean, fetch: () => Promise<T>,
  ): Promise<Cached<T>> {
    // Two views asking for the same day at once share one request.
    const running = this.#inFlight.get(key) as Promise<Cached<T>> | undefined;
    if (running) return running;
    const work = (async (): Promise<Cached<T>> => {
      const entry = await this.#read(key, schema);
      if (entry && fresh(entry)) return { value: valueOf(entry), fetched: entry.fetched, fromCache: true };
      let value: T;
      try {
        value = await fetch();
      } catch (error) {
        // A cancelled request is the user's choice, not a reason to show old papers.
        if (!entry || !(error instanceof WebError) || error.kind === 'cancelled') throw error;
        return { value: valueOf(entry), fetched: entry.fetched, fromCache: true, error };
      }
      const fetched = new Date(this.#now()).toISOString();
      await this.storage.set(key, JSON.stringify({ version: CACHE_VERSION, fetched, ...entryOf(value) }));
      return { value, fetched, fromCache: false };
    })();
    this.#inFlight.set(key, work);
    const done = () => { this.#inFlight.delete(key); };
    work.then(done, done);
    return work;
  }
}
