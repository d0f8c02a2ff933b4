// The library engine: the bundled papers, the user's corpus files and bibliographies, and one
// index over them all. It answers what the views ask (protocol.ts `QUESTIONS`: rows, groups,
// papers, keys) and never hands over more than they show. Pure: it runs in the engine worker
// (engine/serve.ts) for large libraries, and in the extension host itself while there are only
// the bundled papers. Taking the user's files is input.ts, the cache's format snapshot.ts, and
// what the two share with the queries here state.ts.
import topicsFile from '../data/topics.json';
import { AFTER_JOIN } from '../core/bibliography/entriesByKey';
import { sortEntries } from '../core/browse/browse';
import { paperTree, type TreeOptions } from '../core/browse/tree';
import type { Paper } from '../core/model/paper';
import { topicList } from '../core/corpus/topicList';
import { PaperLibrary } from '../core/search/library';
import type { IndexPart } from '../core/search/indexing';
import type { LibraryParts } from '../core/corpus/shippedFiles';
import { LibraryInput, type UserInput } from './input';
import {
  QUESTIONS, type AllPapers, type BibliographyFileReport, type InputReport, type PaperRow, type Question, type QueryOptions,
  type QueryRows, type RequestOf, type ResultOf, type TreeTop,
} from './protocol';
import { rowOf } from './rows';
import type { LibrarySnapshot } from './snapshot';
import { LibraryState, type Shipped } from './state';

/** The bundled corpus and its index, as the build ships them (decompressed). */
export interface BundledText {
  corpus: string;
  names: string;
  text: string;
}

const TOPICS = topicList(topicsFile);

/** How the service answers each of the views' questions, from the request's fields. */
const ANSWERS: { [T in Question]: (service: LibraryService, request: RequestOf<T>) => ResultOf<T> | Promise<ResultOf<T>> } = {
  query: (s, r) => s.query(r.text, r.options),
  suggestions: (s, r) => s.suggestions(r.files, r.ownLimit, r.restLimit, r.excerpt),
  papers: async (s, r) => (await s.papersWhenReady(r.keys)).map(p => p ?? null),
  rowsByKey: async (s, r) => (await s.papersWhenReady(r.keys)).map(p => (p ? rowOf(p, r.excerpt) : null)),
  rows: (s, r) => s.rows(r.keys, r.excerpt),
  related: (s, r) => s.related(r.key, r.count),
  keys: s => s.keys().join('\n'),
  treeTop: (s, r) => s.treeTop(r.options),
  children: (s, r) => s.children(r.container, r.options),
  locate: (s, r) => s.locate(r.paperId, r.options, r.preferred) ?? null,
  all: (s, r) => s.all(r.start, r.count),
  searchable: async s => { await s.textSettled; return null; },
};

/**
 * The library: load it with the bundled papers, give it the user's files with `setInput`,
 * then ask. Queries are synchronous and quick; `setInput` works in slices with pauses.
 *
 * @example const service = LibraryService.load(bundled); await service.setInput({ corpus: [], bibliographies: [refs] }); service.query('attention', { limit: 5 })
 */
export class LibraryService {
  private readonly state: LibraryState;
  readonly #input: LibraryInput;
  #fileIndex: { version: number; files: Map<string, string[]> } | undefined;

  private constructor(open: () => Shipped, library?: PaperLibrary) {
    this.state = new LibraryState(open, library);
    this.#input = new LibraryInput(this.state);
  }

  /**
   * `load`, with the bundled papers decoded and parsed only when first needed: in the engine
   * worker, a library taken whole from the cache needs none of it (the bundled papers are in it).
   */
  static lazy(bundled: () => BundledText): LibraryService {
    return new LibraryService(() => {
      const text = bundled();
      return { bundled: PaperLibrary.shippedCorpus(text.corpus), parts: { names: text.names, text: text.text } };
    });
  }

  /**
   * The bundled papers; their own index is loaded when first searched (`fullText` behind it).
   * In the engine worker the user's files come next, and their index is grown from the
   * bundled parts by itself: loading the bundled index first as well would be done for nothing.
   */
  static load(bundled: BundledText): LibraryService {
    const shipped = { bundled: PaperLibrary.parseCorpus(bundled.corpus), parts: { names: bundled.names, text: bundled.text } };
    return new LibraryService(() => shipped);
  }

  /**
   * `load` in slices with pauses between them (`between`), the index too: in the extension host,
   * where nothing may hold the event loop for long. The shipped bytes (UTF-8) are decoded as the
   * slices need them: the abstracts' index (a fifth of them) not before it loads, which in the
   * host is not at all while an engine worker answers (decoding the whole megabyte in one task was
   * 17 ms of a window's extension host in a profile).
   */
  static async loadInSlices(bundled: LibraryParts<Uint8Array>, between?: (part: IndexPart) => Promise<void>): Promise<LibraryService> {
    const decoder = new TextDecoder();
    let text: string | undefined;
    const textIndex = () => (text ??= decoder.decode(bundled.text));
    const names = decoder.decode(bundled.names);
    const library = await PaperLibrary.loadParts(decoder.decode(bundled.corpus), names, textIndex, {}, between);
    const shipped = { bundled: library, get parts() { return { names, text: textIndex() }; } };
    return new LibraryService(() => shipped, library);
  }

  /** Settles once abstracts are searchable too. */
  get fullText(): Promise<void> {
    return this.state.current.fullText;
  }

  /** Settles once every abstract given so far is searchable, those being added too; never rejects. */
  get textSettled(): Promise<void> {
    return this.state.current.textSettled;
  }

  get size(): number {
    return this.state.size;
  }

  /** Bumped when the papers change: a view may ask whether what it shows is still current. */
  get version(): number {
    return this.state.version;
  }

  /** The library itself, for code that runs beside it (the command line, tests). */
  get library(): PaperLibrary {
    return this.state.current;
  }

  /** The bibliography files as last read. */
  get bibliographies(): readonly BibliographyFileReport[] {
    return this.state.files;
  }

  /**
   * Makes the library the bundled papers plus `input`: corpus files merged into the corpus,
   * bibliographies joined to it, the index updated by differences. Calls run one after another.
   */
  setInput(input: UserInput): Promise<InputReport> {
    return this.#input.set(input);
  }

  /**
   * The library of the corpus files (or, under the bibliographies' key, the whole library), once
   * its full text is indexed, for the host to cache. From then on this session searches the
   * compact index too. Undefined when there is none to make, or the library is no longer the one under `key`.
   */
  snapshot(key?: string): Promise<LibrarySnapshot | undefined> {
    return this.#input.snapshot(key);
  }

  /** Resolves once every input given so far is applied and indexed, full text included. */
  settled(): Promise<void> {
    return this.#input.settled();
  }

  /**
   * Settles once the papers last given are joined. Until then only the papers by key and `keys`
   * answer for them: what lists, groups or searches papers waits for this.
   */
  get joined(): Promise<void> {
    return this.state.joining?.joined ?? Promise.resolve();
  }

  /** Answers one of the views' questions (protocol.ts `QUESTIONS`) once it can: in the engine worker and in the extension host alike. */
  async answer<T extends Question>(request: RequestOf<T>): Promise<ResultOf<T>> {
    if (QUESTIONS[request.type].waitsForJoin) await this.joined;
    return ANSWERS[request.type](this, request);
  }

  #keep(options: QueryOptions): ((id: string) => boolean) | undefined {
    const { inFiles, notInFiles, withEntry } = options;
    if (!inFiles && !notInFiles && !withEntry) return undefined;
    const filesOf = this.#filesOfPapers();
    const inSet = inFiles && new Set(inFiles);
    const outSet = notInFiles && new Set(notInFiles);
    return id => {
      const files = filesOf.get(id);
      if (withEntry && !files) return false;
      if (inSet && !files?.some(uri => inSet.has(uri))) return false;
      if (outSet && files?.some(uri => outSet.has(uri))) return false;
      return true;
    };
  }

  /**
   * Per paper id, the bibliography files (uris) whose entries name it, as the Papers view lists
   * them: from the files' keys, not from each paper's `entries`, which a library restored from its
   * cache would parse for every paper (a completion's first answer took several times as long).
   */
  #filesOfPapers(): Map<string, string[]> {
    const { state } = this;
    if (this.#fileIndex?.version !== state.version) {
      const files = new Map<string, string[]>();
      for (const file of state.files) {
        for (const key of file.keys) {
          const paper = state.current.get(key);
          if (!paper) continue;
          const uris = files.get(paper.id);
          if (!uris) files.set(paper.id, [file.uri]);
          else if (!uris.includes(file.uri)) uris.push(file.uri);
        }
      }
      this.#fileIndex = { version: state.version, files };
    }
    return this.#fileIndex.files;
  }

  /** Ranked rows for what the user typed (words and filters), with the filters' problems. */
  query(text: string, options: QueryOptions = {}): QueryRows {
    const result = this.state.current.query(text, { limit: options.limit, allWords: options.allWords, filter: this.#keep(options), notes: options.notes });
    const rows = { rows: result.hits.map(h => rowOf(h.paper, options.excerpt)), problems: result.problems.map(p => p.message) };
    // Words were searched without every abstract (still loading, or being added): the asker may ask again once they are in.
    return result.partial ? { ...rows, partial: true } : rows;
  }

  /**
   * With nothing typed (completion after `\cite{`): the papers with an entry in `files`, newest
   * first, then the most upvoted others.
   */
  suggestions(files: readonly string[], ownLimit: number, restLimit: number, excerptLength = 0): PaperRow[] {
    const own = new Set(files);
    const filesOf = this.#filesOfPapers();
    const isOwn = (p: Paper) => !!filesOf.get(p.id)?.some(uri => own.has(uri));
    const { papers } = this.state.current;
    const first = own.size ? sortEntries(papers.filter(isOwn), 'date').slice(0, ownLimit) : [];
    const rest = papers.filter(p => !isOwn(p)).sort((a, b) => (b.upvotes ?? -1) - (a.upvotes ?? -1)).slice(0, restLimit);
    return [...first, ...rest].map(p => rowOf(p, excerptLength));
  }

  /** Whole papers by id or key (undefined where none has it). */
  papers(idsOrKeys: readonly string[]): (Paper | undefined)[] {
    return idsOrKeys.map(k => this.state.current.get(k));
  }

  /** `papers`, if it can be answered now: undefined while a key's paper waits for the join (`joined`). */
  papersIfReady(idsOrKeys: readonly string[]): (Paper | undefined)[] | undefined {
    const { joining } = this.state;
    if (!joining) return this.papers(idsOrKeys);
    const papers: (Paper | undefined)[] = [];
    for (const key of idsOrKeys) {
      const paper = joining.entries.paper(key);
      if (paper === AFTER_JOIN) return undefined;
      papers.push(paper);
    }
    return papers;
  }

  /** `papers` as soon as they answer: at once where the user's entries tell them before the join, else once joined. */
  async papersWhenReady(idsOrKeys: readonly string[]): Promise<(Paper | undefined)[]> {
    return this.papersIfReady(idsOrKeys) ?? (await this.joined, this.papers(idsOrKeys));
  }

  /** Rows by id or key, in the order given, those that exist. */
  rows(idsOrKeys: readonly string[], excerptLength = 0): PaperRow[] {
    return idsOrKeys.flatMap(k => { const p = this.state.current.get(k); return p ? [rowOf(p, excerptLength)] : []; });
  }

  /**
   * Every paper, in corpus order (for the API; large), from `start`, at most `count` of them; with
   * the library's version, so that pages of a library that changed meanwhile are not put together.
   */
  all(start = 0, count = Infinity): AllPapers {
    const { papers } = this.state.current;
    return { papers: papers.slice(start, start + count), total: papers.length, version: this.state.version };
  }

  /** The papers closest to one by its words. */
  related(idOrKey: string, count = 5): PaperRow[] {
    const library = this.state.current;
    const paper = library.get(idOrKey);
    return paper ? library.related(paper, count).map(p => rowOf(p)) : [];
  }

  /** Every key that names a paper (aliases too), for checking citations; in lower case while the entries are joined. */
  keys(): string[] {
    const { joining } = this.state;
    if (joining) return joining.entries.keys();
    const keys: string[] = [];
    for (const p of this.state.current.papers) keys.push(p.key, ...(p.aliases ?? []));
    return keys;
  }

  /** The Papers view's top level, grouped and filtered; children come from `children`. */
  treeTop(options: TreeOptions): TreeTop {
    return this.#treeFor(options).top;
  }

  /** The rows under a group or a bibliography file of the Papers view, sorted (no excerpt: tooltips ask for it). */
  children(containerId: string, options: TreeOptions): PaperRow[] {
    const tree = this.#treeFor(options);
    return (tree.children.get(containerId) ?? []).map(p => rowOf(p));
  }

  /** The container (group or file) that holds a paper in the Papers view: `preferred` if it does, else the first. */
  locate(paperId: string, options: TreeOptions, preferred?: string): string | undefined {
    const tree = this.#treeFor(options);
    const holds = (id: string) => tree.children.get(id)?.some(p => p.id === paperId);
    if (preferred && holds(preferred)) return preferred;
    const order = [...tree.top.groups.map(g => g.id), ...tree.top.files.map(f => f.id)];
    return order.find(holds);
  }

  /** The tree as rows and the papers under each node, made once a version and set of options. */
  #treeFor(options: TreeOptions): { top: TreeTop; children: Map<string, readonly Paper[]> } {
    const { state } = this;
    const key = JSON.stringify([state.version, options.groupBy, options.sortBy, options.filter ?? '', options.filter ? options.notes ?? null : null]);
    // A filter's words searched before every abstract was in find more once it is: not the same tree.
    if (state.tree?.key === key && !(state.tree.top.filter?.partial && state.current.hasFullText)) return state.tree;
    const tree = paperTree(state.current, state.files, TOPICS, options);
    const children = new Map<string, readonly Paper[]>();
    for (const node of [...tree.groups, ...tree.files]) children.set(node.id, node.papers);
    const top = {
      files: tree.files.map(f => ({ id: f.id, uri: f.uri, file: f.file, count: f.papers.length, problems: f.problems, errors: f.errors })),
      groups: tree.groups.map(g => ({ id: g.id, label: g.label, description: g.description, count: g.papers.length })),
      filter: tree.filter,
    };
    state.tree = { key, top, children };
    return state.tree;
  }
}
