// A paper's neighbourhood in the details view: what it cites, what cites it, what to read next
// (Semantic Scholar), and the models, datasets and Spaces made from it (the Hugging Face Hub).
// Asked only when a paper's details open, never at activation; each answer is cached for a day
// (core/web/cache.ts) and, offline, served from the cache with its date. The neighbours join the
// library as one batch of fetched papers (the shown paper's, replacing the last one's), so that
// each opens, stars and cites like any paper; the writer keeps one with Add to Library.
import vscode = require('vscode');
import type { Paper } from '../../core/model/paper';
import type { Artefact, Cached, FetchedPaper, Neighbour, NeighbourPage, NeighbourService } from '../../core/web';
import type { NeighbourhoodView, NeighbourKind, NeighbourView } from '../../shared/protocol';
import type { PaperRow } from '../../engine/protocol';
import { citationsOf } from '../common/documentCitations';
import type { EditorTracker } from '../common/editors';
import { engine } from '../engine/load';
import { Settings } from '../ids';
import type { PaperStore } from '../library/store';
import { Disposable } from '../util/dispose';
import type { WebPapers } from './papers';

/** Where the Semantic Scholar API key is kept (VS Code's SecretStorage). */
export const SCHOLAR_KEY_SECRET = 'papers.semanticScholarKey';

const KINDS: readonly NeighbourKind[] = ['references', 'citations', 'recommended'];
/** How long the library is let settle after a change before the neighbours' rows are read again. */
const LIBRARY_SETTLE_MS = 300;

/** The graph's id for a paper of the library: by arXiv id, else DOI; undefined when it has neither. */
export function scholarIdOf(paper: Paper): string | undefined {
  return engine().web.scholarIdOfWork(engine().web.workOfPaper(paper));
}

/** What a paper without an id is told. */
const NO_ID = 'Papers finds a paper\'s references and citations by its arXiv id or DOI, and this one has neither: Look Up Authors finds them for a bundled paper, Papers: Add Paper… adds one by its id.';

/**
 * A paper with no entry of the writer's: of the bundled pages (or a corpus file), one a neighbour of the
 * same title joined, or a neighbour the graph gave no arXiv id or DOI. Without an id, it is found by its title (as the Papers view's walk finds it).
 */
const isBundled = (paper: Paper) => !paper.entries?.length;

/** The arXiv id of a paper of the library, however its entry gives it. */
function arxivIdOf(paper: Paper): string | undefined {
  return engine().web.idsOfWork(engine().web.workOfPaper(paper)).arxivId;
}

/** "A", "A and B", "A, B et al.": the authors of a row, short. */
function authorsText(paper: FetchedPaper): string {
  const names = paper.authors.map(p => [p.given?.split(' ').map(g => `${g[0]}.`).join(' '), p.particle, p.family ?? p.literal].filter(Boolean).join(' '));
  if (names.length > 3) return `${names.slice(0, 2).join(', ')} et al.`;
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0] ?? '';
}

export interface CitedKeys { here: ReadonlySet<string>; project: ReadonlySet<string> }

interface SectionState {
  state: 'loading' | 'ready' | 'error';
  message: string | null;
  neighbours: Neighbour[];
  next?: number;
  askKey: boolean;
}

/** What the details view is handed: the neighbourhood of the paper it shows, as it fills in. */
export interface NeighbourhoodSession extends vscode.Disposable {
  /** Joins the neighbours again and sends the view: the library or the document may have changed (a neighbour cited). */
  refresh(): Promise<void>;
  more(kind: NeighbourKind): void;
  retry(kind: NeighbourKind): void;
  /** The fetched paper behind a neighbour's library id, to keep it. */
  keep(id: string): Promise<boolean>;
  /** The links the view may open (the PDF, the Hub's pages). */
  links(): string[];
}

/** The neighbourhoods of papers: the service at the settings' address, with the key in secret storage. */
export class Neighbourhoods extends Disposable {
  readonly #keyChanged = this.register(new vscode.EventEmitter<void>());
  /** The API key was set or cleared: a refused section may be asked again. */
  readonly onDidChangeKey = this.#keyChanged.event;

  constructor(
    readonly web: WebPapers,
    readonly store: PaperStore,
    private readonly secrets: vscode.SecretStorage,
    readonly editors: EditorTracker,
    readonly log: vscode.LogOutputChannel,
    /** The keys any document of a document's project cites (the cite feature's, handed by host/features/start.ts). */
    private readonly projectKeys?: (doc: vscode.TextDocument) => Promise<Set<string>>,
  ) {
    super();
    this.register(secrets.onDidChange(e => { if (e.key === SCHOLAR_KEY_SECRET) this.#keyChanged.fire(); }));
  }

  /** The services at the URLs of the settings, read afresh each time; the key as stored now. */
  async service(): Promise<NeighbourService> {
    const web = this.web.service();
    const settings = vscode.workspace.getConfiguration(Settings.section);
    const { HttpClient, NeighbourService, PUBLIC_SCHOLAR_URL } = engine().web;
    const semanticScholar = settings.get<string>(Settings.semanticScholarUrl)?.trim().replace(/\/+$/, '') || PUBLIC_SCHOLAR_URL;
    const key = (await Promise.resolve(this.secrets.get(SCHOLAR_KEY_SECRET)).catch(() => undefined))?.trim();
    return new NeighbourService(new HttpClient({ fetch: (target, init) => fetch(target, init) }), { semanticScholar, huggingFace: web.urls.huggingFace }, key || undefined);
  }

  async setKey(key: string | undefined): Promise<void> {
    if (key) await this.secrets.store(SCHOLAR_KEY_SECRET, key);
    else await this.secrets.delete(SCHOLAR_KEY_SECRET);
  }

  /** A page of the neighbours of the paper the graph knows as `id`: from the day's cache when it was asked today. */
  async page(kind: NeighbourKind, id: string, offset: number, signal?: AbortSignal): Promise<Cached<NeighbourPage>> {
    const service = await this.service();
    return this.web.cache.neighbours(kind, id, offset, () => (kind === 'recommended'
      // No recommendations for a paper is an answer (kept for the day like the others), not a failure.
      ? service.recommended(id, { signal }).catch(error => {
        if ((error as { kind?: string }).kind === 'not-found') return { neighbours: [], offset: 0, skipped: 0 };
        throw error;
      })
      : service.page(id, kind, offset, { signal })));
  }

  /** The Hub's models, datasets and Spaces made from an arXiv paper: from the day's cache when it was asked today. */
  async artefacts(arxivId: string, signal?: AbortSignal): Promise<Cached<{ artefacts: Artefact[]; errors: string[] }>> {
    const service = await this.service();
    return this.web.cache.artefacts(arxivId, async () => {
      const { artefacts, errors } = await service.artefacts(arxivId, { signal });
      // Every kind failing is a failure (nothing is kept); one of three is said beside the others.
      if (errors.length === 3) throw errors[0];
      return { artefacts, errors: errors.map(e => e.message) };
    });
  }

  /** The graph's id of a paper that has none of its own, found by its title (the same title only); undefined when the graph has none. */
  async byTitle(title: string, signal?: AbortSignal): Promise<string | undefined> {
    const service = await this.service();
    return (await this.web.cache.titleMatch(title, () => service.byTitle(title, { signal }))).value?.scholarId;
  }

  /** What a page served from the cache says beside its papers (the service failed today), or undefined for a fresh one. */
  cacheNote(answer: Cached<unknown>): string | undefined {
    return answer.error ? `Shown from the cache of ${answer.fetched.slice(0, 10)}: ${this.web.problem(answer.error) ?? answer.error.message}` : undefined;
  }

  /** What went wrong, said plainly (undefined when it was cancelled); a refusal says what a key would change. */
  problem(error: unknown): { message: string; askKey: boolean } | undefined {
    const problem = this.web.problem(error);
    if (problem === undefined) return undefined;
    const status = (error as { status?: number }).status;
    const askKey = status === 429 || status === 403;
    return { askKey, message: askKey ? `${problem}. Semantic Scholar limits how often it answers without an API key: set one (free, from semanticscholar.org) to ask more often.` : problem };
  }

  /** Starts asking for a paper's neighbourhood; `post` gets the whole view each time a part of it changes. */
  open(paper: Paper, post: (view: NeighbourhoodView) => void): NeighbourhoodSession {
    return new Session(this, paper, post);
  }

  /** The keys as last read (the Papers view's rows are marked by them, without waiting). */
  lastCited: CitedKeys = { here: new Set(), project: new Set() };

  /**
   * The keys cited in the document the writer was last in (`here`) and in any document of its
   * project (`project`, which holds `here`): what a neighbour or a suggestion is marked "cited" by.
   */
  async citedKeys(): Promise<CitedKeys> {
    const doc = this.editors.lastDocument;
    const here = new Set(doc ? citationsOf(doc).flatMap(c => c.keys.map(k => k.key)) : []);
    const project = doc && this.projectKeys
      ? await this.projectKeys(doc).catch(error => { this.log.info(`The keys cited in the project of ${doc.uri.path}: ${(error as Error).message}`); return here; })
      : here;
    this.lastCited = { here, project: new Set([...project, ...here]) };
    return this.lastCited;
  }

  /** How a key is marked: cited in the last document, elsewhere in its project, or not (as last read). */
  citedIn(key: string): 'here' | 'project' | undefined {
    return this.lastCited.here.has(key) ? 'here' : this.lastCited.project.has(key) ? 'project' : undefined;
  }
}

class Session implements NeighbourhoodSession {
  readonly #controller = new AbortController();
  readonly #sections = new Map<NeighbourKind, SectionState>();
  #summary: NeighbourhoodView['summary'] = null;
  #artefacts: NeighbourhoodView['artefacts'] = null;
  #fetched = new Date().toISOString();
  /** Each neighbour's row in the library, by `webPaperId` of its fetched paper. */
  #rows = new Map<string, PaperRow>();
  /** The key of each neighbour, by `webPaperId`, as the last join gave them. */
  #keys = new Map<string, string>();
  readonly #libraryListener: vscode.Disposable;
  #libraryTimer: ReturnType<typeof setTimeout> | undefined;
  #unavailable: string | null = null;
  #joins: Promise<void> = Promise.resolve();
  #sends: Promise<void> = Promise.resolve();
  /** The keys cited, read when the view opens and again when it is shown again or the library changes (a neighbour cited). */
  #cited: Promise<CitedKeys>;
  #id: string | undefined;
  /** How the paper was found when it has no id of its own (by its title), said beside its sections. */
  #found: string | null = null;
  #disposed = false;
  readonly #keyListener: vscode.Disposable;

  constructor(private readonly owner: Neighbourhoods, private readonly paper: Paper, private readonly post: (view: NeighbourhoodView) => void) {
    this.#id = scholarIdOf(paper);
    this.#cited = owner.citedKeys();
    this.#keyListener = owner.onDidChangeKey(() => { for (const kind of KINDS) if (this.#sections.get(kind)?.askKey) this.retry(kind); });
    // A neighbour cited (its entry appended) or a bibliography edited: its marks follow, once the library settles.
    this.#libraryListener = owner.store.onDidChange(() => {
      clearTimeout(this.#libraryTimer);
      this.#libraryTimer = setTimeout(() => void this.libraryChanged().catch(() => undefined), LIBRARY_SETTLE_MS);
    });
    // Started once the caller holds the session: its first answers come after that.
    queueMicrotask(() => this.#start());
  }

  #start(): void {
    if (this.#disposed) return;
    const { owner, paper } = this;
    if (!owner.web.enabled) this.#unavailable = 'Papers does not use the network: turn on papers.web.enabled to see what this paper cites and what cites it.';
    else if (!this.#id && !isBundled(paper)) this.#unavailable = NO_ID;
    if (this.#unavailable) {
      this.#send();
      return;
    }
    if (this.#id) this.#loadAll();
    else void this.#findByTitle();
  }

  /** A bundled paper (which has no id) is asked for by its title; found, its sections are asked as for a paper with an id. */
  async #findByTitle(): Promise<void> {
    try {
      const found = await this.owner.byTitle(this.paper.title, this.#controller.signal);
      if (this.#disposed) return;
      this.#id = found;
      if (!found) this.#unavailable = `Semantic Scholar has no paper of exactly this title. ${NO_ID}`;
    } catch (error) {
      const problem = this.owner.problem(error);
      if (problem === undefined || this.#disposed) return;
      this.#unavailable = `Papers could not look this paper up on Semantic Scholar by its title (${problem.message}). ${NO_ID}`;
    }
    if (this.#unavailable) {
      this.#send();
      return;
    }
    this.#found = 'Found on Semantic Scholar by its title';
    this.#loadAll();
  }

  #loadAll(): void {
    const { paper } = this;
    for (const kind of KINDS) void this.#load(kind, 0);
    void this.#loadSummary();
    const arxiv = arxivIdOf(paper);
    if (arxiv) void this.#loadArtefacts(arxiv);
  }

  async refresh(): Promise<void> {
    if (this.#unavailable || this.#disposed) return;
    this.#cited = this.owner.citedKeys();
    await this.#join();
    this.#send();
  }

  more(kind: NeighbourKind): void {
    const section = this.#sections.get(kind);
    if (section?.state === 'ready' && section.next !== undefined) void this.#load(kind, section.next);
  }

  retry(kind: NeighbourKind): void {
    const section = this.#sections.get(kind);
    if (section?.state === 'error') void this.#load(kind, section.neighbours.length ? section.next ?? 0 : 0);
  }

  async keep(id: string): Promise<boolean> {
    for (const section of this.#sections.values()) {
      for (const neighbour of section.neighbours) {
        const row = this.#rows.get(engine().web.webPaperId(neighbour.paper));
        if (row?.id === id) {
          await this.owner.web.keep([neighbour.paper], this.#fetched);
          return true;
        }
      }
    }
    return false;
  }

  links(): string[] {
    return [...(this.#summary?.pdf ? [this.#summary.pdf] : []), ...(this.#artefacts?.items.map(a => a.url) ?? [])];
  }

  dispose(): void {
    this.#disposed = true;
    this.#controller.abort();
    this.#keyListener.dispose();
    this.#libraryListener.dispose();
    clearTimeout(this.#libraryTimer);
  }

  async #load(kind: NeighbourKind, offset: number): Promise<void> {
    const id = this.#id!;
    const before = this.#sections.get(kind);
    this.#sections.set(kind, { neighbours: before?.neighbours ?? [], next: before?.next, state: 'loading', message: null, askKey: false });
    this.#send();
    // Ready once its neighbours joined the library: a view sent meanwhile shows it loading.
    const section: SectionState = { neighbours: offset ? before?.neighbours ?? [] : [], state: 'loading', message: null, askKey: false };
    try {
      const answer = await this.owner.page(kind, id, offset, this.#controller.signal);
      if (this.#disposed) return;
      section.neighbours = [...section.neighbours, ...answer.value.neighbours];
      section.next = answer.value.next;
      section.message = this.owner.cacheNote(answer) ?? null;
      if (answer.value.skipped) this.owner.log.info(`${kind} of ${id}: ${answer.value.skipped} items without a title were left out.`);
      this.#sections.set(kind, section);
      await this.#join();
      section.state = 'ready';
    } catch (error) {
      if (this.#disposed) return;
      const problem = this.owner.problem(error);
      if (problem === undefined) return;
      this.#sections.set(kind, { neighbours: before?.neighbours ?? [], next: before?.next, state: 'error', askKey: problem.askKey, message: problem.message });
      this.owner.log.warn(`The ${kind} of ${id}: ${problem.message}`);
    }
    this.#send();
  }

  async #loadSummary(): Promise<void> {
    try {
      const service = await this.owner.service();
      const answer = await this.owner.web.cache.scholarPaper(this.#id!, () => service.paper(this.#id!, { signal: this.#controller.signal }));
      const { value } = answer;
      this.#summary = { citations: value.citations ?? null, influential: value.influentialCitations ?? null, tldr: value.summary ?? null, pdf: value.paper.links.pdf ?? null };
      this.#send();
    } catch (error) {
      // The sections say what went wrong; the summary is left out.
      const problem = this.owner.web.problem(error);
      if (problem) this.owner.log.info(`The record of ${this.#id}: ${problem}`);
    }
  }

  async #loadArtefacts(arxivId: string): Promise<void> {
    this.#artefacts = { state: 'loading', message: null, items: [] };
    this.#send();
    try {
      const answer = await this.owner.artefacts(arxivId, this.#controller.signal);
      const items = answer.value.artefacts.map((a: Artefact) => ({ kind: a.kind, id: a.id, url: a.url, downloads: a.downloads ?? null, likes: a.likes ?? null }));
      this.#artefacts = { state: 'ready', message: answer.value.errors[0] ?? null, items };
    } catch (error) {
      const problem = this.owner.web.problem(error);
      if (problem === undefined) return;
      this.#artefacts = { state: 'error', message: problem, items: [] };
    }
    this.#send();
  }

  /** All the neighbours shown join the library as one batch, replacing the last paper's; one join at a time, each with all of them. */
  #join(): Promise<void> {
    const joined = this.#joins.then(() => this.#joinAll());
    this.#joins = joined.catch(() => undefined);
    return joined;
  }

  async #joinAll(): Promise<void> {
    if (this.#disposed) return;
    const papers = [...this.#sections.values()].flatMap(s => s.neighbours.map(n => n.paper));
    // Shown beside the paper, not added: out of the Papers view's topics (WebInput).
    this.#keys = await this.owner.web.join('neighbourhood', papers, this.#fetched, { topics: false });
    await this.#readRows();
  }

  /** Each neighbour's row, by the key the last join gave it: a row changes when the library does (a neighbour cited into a bibliography). */
  async #readRows(): Promise<void> {
    const papers = [...this.#sections.values()].flatMap(s => s.neighbours.map(n => n.paper));
    const rows = await this.owner.web.rowsOf(papers, this.#keys);
    if (!this.#disposed) this.#rows = rows;
  }

  /** The library changed (a bibliography read again): the rows are read again, without joining (which would change it again). */
  async libraryChanged(): Promise<void> {
    if (this.#unavailable || this.#disposed || !this.#keys.size) return;
    this.#cited = this.owner.citedKeys();
    await this.#readRows();
    this.#send();
  }

  #view(cited: CitedKeys): NeighbourhoodView {
    const sections = KINDS.flatMap(kind => {
      const section = this.#sections.get(kind);
      if (!section) return [];
      const seen = new Set<string>();
      const items: NeighbourView[] = [];
      for (const neighbour of section.neighbours) {
        const row = this.#rows.get(engine().web.webPaperId(neighbour.paper));
        // A neighbour is a paper of the library once joined; one listed twice (two versions) is shown once.
        if (!row || seen.has(row.id)) continue;
        seen.add(row.id);
        const { paper } = neighbour;
        items.push({
          id: row.id, key: row.key, title: paper.title, authors: authorsText(paper), year: paper.issued?.year ?? null, venue: paper.venue ?? null,
          citations: neighbour.citations ?? null, influential: neighbour.influential === true,
          // Joined as itself, it is a paper from the web; as another, the library had it (the writer's entry, a bundled paper).
          inLibrary: row.id !== engine().web.webPaperId(paper), cited: cited.here.has(row.key), citedInProject: !cited.here.has(row.key) && cited.project.has(row.key),
        });
      }
      return [{ kind, state: section.state, message: section.message, items, more: section.next !== undefined, askKey: section.askKey }];
    });
    return { id: this.paper.id, unavailable: this.#unavailable, found: this.#found, summary: this.#summary, sections, artefacts: this.#artefacts };
  }

  /** Sends the view once the cited keys are read; views are sent in the order asked. */
  #send(): void {
    this.#sends = this.#sends.then(async () => {
      const cited = await this.#cited;
      if (!this.#disposed) this.post(this.#view(cited));
    }).catch(error => this.owner.log.warn(`The neighbourhood of ${this.paper.id}: ${(error as Error).message}`));
  }
}
