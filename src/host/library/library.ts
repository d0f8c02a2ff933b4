// The library as the views see it: asked, never held. While there are only the bundled papers
// the engine runs here in the extension host (it loads in ~30 ms); once the user's corpus
// files or bibliographies join, it runs in the engine worker and every answer crosses over.
// The views cannot tell the two apart.
import type { BibliographyFileReport, PaperRow, QueryOptions, QueryRows, TreeOptions, TreeTop } from '../../engine/service';
import type { LibraryService } from '../../engine/service';
import type { Paper } from '../../core/model/paper';
import type { EngineClient } from '../engine/client';
import { pause } from '../../core/util/pause';

/** Papers in one answer of `all`: a few milliseconds of the host's time to take in and check. */
const ALL_PAGE = 500;
/** Papers a remote library remembers (about 1 KB each): far more than a screen of citations. */
const REMEMBERED = 2000;

export type { PaperRow, QueryRows, TreeTop, TreeOptions, BibliographyFileReport, FileRow, GroupRow } from '../../engine/service';

export interface Library {
  /** How many papers. */
  readonly size: number;
  /** The user's bibliography files as last read. */
  readonly bibliographies: readonly BibliographyFileReport[];
  /** Ranked rows for what the user typed, words and filters alike. */
  query(text: string, options?: QueryOptions): Promise<QueryRows>;
  /** With nothing typed: entries of `files` (newest first), then the most upvoted others. */
  untyped(files: readonly string[], ownLimit: number, restLimit: number, excerpt?: number): Promise<PaperRow[]>;
  /** A whole paper by id or key (a citation key, or a bundled key a bibliography took over). */
  paper(idOrKey: string): Promise<Paper | undefined>;
  papers(idsOrKeys: readonly string[]): Promise<(Paper | undefined)[]>;
  rows(idsOrKeys: readonly string[], excerpt?: number): Promise<PaperRow[]>;
  related(idOrKey: string, count?: number): Promise<PaperRow[]>;
  /** Every key and alias, in lower case, for checking citations. */
  keys(): Promise<ReadonlySet<string>>;
  treeTop(options: TreeOptions): Promise<TreeTop>;
  children(containerId: string, options: TreeOptions): Promise<PaperRow[]>;
  locate(paperId: string, options: TreeOptions, preferred?: string): Promise<string | undefined>;
  /** Every paper (the API's `papers()`): large, so only on request. */
  all(): Promise<Paper[]>;
}

const lower = (keys: Iterable<string>) => new Set([...keys].map(k => k.toLowerCase()));

/** The engine in the extension host: the bundled papers only. */
export class LocalLibrary implements Library {
  private keySet: Set<string> | undefined;
  constructor(readonly service: LibraryService) {}
  get size() { return this.service.size; }
  get bibliographies() { return this.service.bibliographies; }
  async query(text: string, options?: QueryOptions) { return this.service.query(text, options); }
  async untyped(files: readonly string[], ownLimit: number, restLimit: number, excerpt = 0) { return this.service.untyped(files, ownLimit, restLimit, excerpt); }
  async paper(idOrKey: string) { return this.service.papers([idOrKey])[0]; }
  async papers(idsOrKeys: readonly string[]) { return this.service.papers(idsOrKeys); }
  async rows(idsOrKeys: readonly string[], excerpt = 0) { return this.service.rows(idsOrKeys, excerpt); }
  async related(idOrKey: string, count = 5) { return this.service.related(idOrKey, count); }
  async keys() { return (this.keySet ??= lower(this.service.keys())); }
  async treeTop(options: TreeOptions) { return this.service.treeTop(options); }
  async children(containerId: string, options: TreeOptions) { return this.service.children(containerId, options); }
  async locate(paperId: string, options: TreeOptions, preferred?: string) { return this.service.locate(paperId, options, preferred); }
  async all() { return this.service.all().papers; }
}

/** The engine in its worker: the bundled papers with the user's files. */
export class RemoteLibrary implements Library {
  private keySet: Promise<Set<string>> | undefined;
  /**
   * @param known papers by the key or id they were asked by, as this library has them. A hover
   * or Go to Definition on a key asked before (the papers cited on screen are asked ahead,
   * `CitedOnScreen`) then answers without waiting for the worker, which can be busy for a second
   * (indexing a library, writing its cache). A changed library is a new object, with none.
   * @param bundledOnly the bundled papers alone, while the user's files are on their way to the worker.
   */
  constructor(private readonly client: EngineClient, readonly size: number, readonly bibliographies: readonly BibliographyFileReport[],
    private readonly known = new Map<string, Paper | undefined>(), readonly bundledOnly = false) {}

  /** The same papers with a later report of them (the names indexed): what was asked stays known. */
  withReport(size: number, bibliographies: readonly BibliographyFileReport[]): RemoteLibrary {
    return new RemoteLibrary(this.client, size, bibliographies, this.known);
  }

  query(text: string, options: QueryOptions = {}) { return this.client.request({ type: 'query', text, options }); }
  untyped(files: readonly string[], ownLimit: number, restLimit: number, excerpt = 0) { return this.client.request({ type: 'untyped', files: [...files], ownLimit, restLimit, excerpt }); }
  async paper(idOrKey: string) { return (await this.papers([idOrKey]))[0]; }

  async papers(idsOrKeys: readonly string[]) {
    // Answered from what this call got, not from `known`, which may have let go of some of them.
    const found = new Map<string, Paper | undefined>();
    for (const key of idsOrKeys) if (this.known.has(key)) found.set(key, this.known.get(key));
    const asked = [...new Set(idsOrKeys.filter(k => !found.has(k)))];
    if (asked.length) {
      const answers = await this.client.request({ type: 'papers', keys: asked });
      asked.forEach((key, i) => {
        const paper = (answers[i] ?? undefined) as Paper | undefined;
        found.set(key, paper);
        this.remember(key, paper);
      });
    }
    return idsOrKeys.map(k => found.get(k));
  }

  /** Whether `papers` answers these without asking the worker. */
  knows(idOrKey: string): boolean {
    return this.known.has(idOrKey);
  }

  private remember(key: string, paper: Paper | undefined): void {
    // The oldest asked goes first: a Map iterates in the order its keys were set.
    if (this.known.size >= REMEMBERED) this.known.delete(this.known.keys().next().value!);
    this.known.set(key, paper);
  }

  rows(idsOrKeys: readonly string[], excerpt = 0) { return this.client.request({ type: 'rows', keys: [...idsOrKeys], excerpt }); }
  related(idOrKey: string, count = 5) { return this.client.request({ type: 'related', key: idOrKey, count }); }
  keys() { return (this.keySet ??= this.client.request({ type: 'keys' }).then(joined => lower(joined ? joined.split('\n') : []))); }
  treeTop(options: TreeOptions) { return this.client.request({ type: 'treeTop', options }) as Promise<TreeTop>; }
  children(containerId: string, options: TreeOptions) { return this.client.request({ type: 'children', container: containerId, options }); }
  async locate(paperId: string, options: TreeOptions, preferred?: string) { return (await this.client.request({ type: 'locate', paperId, options, preferred })) ?? undefined; }
  /**
   * A page at a time, with a pause between (a whole large library in one answer held the host
   * while it took it in: 7,000 papers, 35 to 45 ms of checking alone); started again if the
   * library changes meanwhile, so that the pages are of one library.
   */
  async all(): Promise<Paper[]> {
    for (let attempt = 0; ; attempt++) {
      const papers: Paper[] = [];
      let version: number | undefined;
      let changed = false;
      for (let start = 0; ; start += ALL_PAGE) {
        const page = await this.client.request({ type: 'all', start, count: ALL_PAGE });
        // A library that keeps changing is taken as it comes after a few tries.
        if (attempt < 3 && version !== undefined && page.version !== version) { changed = true; break; }
        version = page.version;
        papers.push(...page.papers as Paper[]);
        if (papers.length >= page.total || !page.papers.length) break;
        await pause();
      }
      if (!changed) return papers;
    }
  }
}
