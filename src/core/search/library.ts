import MiniSearch from 'minisearch';
import topicsFile from '../../data/topics.json';
import { decodeIndex, decodeIndexAsync } from './indexCodec';
import { loadBundledPart, type IndexPart } from './indexing';
import { fromColumns } from '../corpus/columns';
import { CorpusSchema, type Paper } from '../model/paper';
import { pause } from '../util/pause';
import { applyFilters, byUpvotesThenTitle, parseQuery, type FilterReport, type QueryProblem, type TopicName } from './query';
import { topicList } from '../corpus/topicList';
import { loadIndex, queryTerms, SEARCH_OPTIONS, SearchIndex, wordsOf, type SearchDocument } from './search';

export interface PaperHit {
  paper: Paper;
  score: number;
  /** How many of the query's words the paper matched (0 for a query of filters only). */
  matched: number;
}

export interface LibrarySearchOptions {
  limit?: number;
  /** Keeps only the papers whose id this returns true for, on top of the query's own filters. */
  filter?: (id: string) => boolean;
  /** Only papers that match every word, e.g. for a filter that hides the rest. */
  allWords?: boolean;
  /** The writer's notes, as the host read them: which papers have one (`has:note`), and whose notes hold the query's words. */
  notes?: NoteMatches;
}

/** What the host knows of the writer's notes for one query (keys in any case). */
export interface NoteMatches {
  /** The keys of every paper with a note. */
  noted: readonly string[];
  /** The keys whose note holds every word of the query. */
  matching: readonly string[];
}

/** A search with everything the UI may want to show besides the papers. */
export interface QueryResult {
  hits: PaperHit[];
  /** The words searched for, once the filters are taken out. */
  words: string;
  /** Each filter of the query and how many papers it alone lets through. */
  filters: FilterReport[];
  /** Filters that leave no paper, with a message to show as is ("no paper has topic:foo"). */
  problems: QueryProblem[];
  /** Words were searched before every abstract was in (`hasFullText`): the hits may change once they are (`textSettled`). */
  partial?: true;
}

export interface LibraryOptions {
  /** Topics for `topic:` filters; the bundled topics by default. */
  topics?: readonly TopicName[];
}

export interface LoadOptions extends LibraryOptions {
  /** The text part, when the index was built in two parts (`buildIndexParts`); `indexJson` is then the names part. */
  fullTextJson?: string;
}

const BUNDLED_TOPICS: readonly TopicName[] = topicList(topicsFile);

/**
 * The corpus and its index, loaded once and shared by every feature: the tree, the
 * quick picks, completion, hover and the command line all search the same way, with
 * the same query language (words and filters such as `topic:gui year:2024`).
 */
export class PaperLibrary {
  readonly papers: readonly Paper[];
  readonly topics: readonly TopicName[];
  /** The index, or how to load it when first searched. */
  #loadedIndex: SearchIndex | (() => SearchIndex);
  readonly #byId: Map<string, Paper>;
  readonly #byKey: Map<string, Paper>;
  /** Every paper in the order of a list with no words, sorted once when first needed. */
  #listed: readonly Paper[] | undefined;

  /**
   * `index` is the whole index (`buildIndex`), or a `SearchIndex` whose full text may still be
   * loading, or a function that loads one when the library is first searched.
   */
  constructor(corpus: { papers: readonly Paper[] }, index: MiniSearch<SearchDocument> | SearchIndex | (() => SearchIndex), options: LibraryOptions = {}, lookUps?: PaperLibrary) {
    this.papers = corpus.papers;
    this.topics = options.topics ?? BUNDLED_TOPICS;
    this.#loadedIndex = index instanceof MiniSearch ? new SearchIndex(index) : index;
    // Another library's look-ups, taken over, for `withChange` to change.
    this.#byId = lookUps ? lookUps.#byId : new Map();
    this.#byKey = lookUps ? lookUps.#byKey : new Map();
    if (lookUps) return;
    for (const paper of corpus.papers) {
      this.#byId.set(paper.id, paper);
      this.#byKey.set(paper.key.toLowerCase(), paper);
    }
    // The corpus key of a paper the user's bibliography also has still finds it, unless it is someone's own key.
    for (const paper of corpus.papers) {
      for (const alias of paper.aliases ?? []) if (!this.#byKey.has(alias.toLowerCase())) this.#byKey.set(alias.toLowerCase(), paper);
    }
  }

  /**
   * This library with a change applied: `papers` is the new whole, `changed` the papers in it that
   * are new or changed, `removedIds` those gone. The new library takes this one's look-ups and
   * changes them (a change of ten Zotero items in a library of 20,000 costs the ten; even copying
   * them cost 5 to 20 ms), so this one must not be asked again: it is the library it replaces.
   * For papers without aliases whose keys no other paper has, as a join's are.
   */
  withChange(papers: readonly Paper[], changed: readonly Paper[], removedIds: readonly string[], index: SearchIndex): PaperLibrary {
    const next = new PaperLibrary({ papers }, index, { topics: this.topics }, this);
    for (const id of [...removedIds, ...changed.map(p => p.id)]) {
      const old = next.#byId.get(id);
      if (!old) continue;
      next.#byId.delete(id);
      if (next.#byKey.get(old.key.toLowerCase()) === old) next.#byKey.delete(old.key.toLowerCase());
    }
    for (const paper of changed) {
      next.#byId.set(paper.id, paper);
      next.#byKey.set(paper.key.toLowerCase(), paper);
    }
    return next;
  }

  /**
   * Loads the build's output, validating the corpus again: a corrupt or hand-edited
   * file is reported, not trusted. (To search titles while the full text still loads,
   * construct with a `SearchIndex` whose text part is a promise instead.)
   */
  static fromJSON(corpusJson: string, indexJson: string, options: LoadOptions = {}): PaperLibrary {
    const corpus = CorpusSchema.parse(fromColumns(JSON.parse(corpusJson)));
    const indexes = [indexJson, options.fullTextJson].flatMap(json => (json === undefined ? [] : [loadIndex(json)]));
    // Files from two different builds would answer with papers the corpus does not have.
    for (const index of indexes) {
      if (index.documentCount !== corpus.papers.length) {
        throw new Error(`the search index has ${index.documentCount} papers but the corpus ${corpus.papers.length}: rebuild them together`);
      }
    }
    return new PaperLibrary(corpus, new SearchIndex(indexes[0], indexes[1]), options);
  }

  /**
   * Loads the build's output as the extension does: the corpus (validated) and the names
   * part of the index at once, the full-text part behind them, without blocking, so the
   * first keystroke is answered from titles while the abstracts still load. The parts are
   * in the compact form the build writes (`encodeIndex`).
   */
  static fromParts(corpusJson: string, namesIndex: string, textIndex: string, options: LibraryOptions = {}): PaperLibrary {
    return PaperLibrary.fromPapersAndParts(PaperLibrary.parseCorpus(corpusJson), namesIndex, textIndex, options);
  }

  /** The build's corpus file, validated: its papers without their index. */
  static parseCorpus(corpusJson: string): { papers: Paper[] } {
    return CorpusSchema.parse(fromColumns(JSON.parse(corpusJson)));
  }

  /**
   * The corpus as shipped in library.deflate, not validated again: the build validated these papers
   * (`buildCorpus`), read them back from columns and the stream back from deflate before it wrote
   * them, and a damaged stream fails the decoder or the parts' lengths. zod's check of the 390
   * papers on a cold start was a visible part of the engine worker's work before it first answers a key. What the user gives (corpus files) is validated (`parseCorpus`).
   */
  static shippedCorpus(corpusJson: string): { papers: Paper[] } {
    return PaperLibrary.shippedColumns(JSON.parse(corpusJson));
  }

  /** `shippedCorpus` once its JSON is parsed. */
  private static shippedColumns(columns: unknown): { papers: Paper[] } {
    const corpus = fromColumns(columns as Parameters<typeof fromColumns>[0]) as { papers?: unknown };
    if (!Array.isArray(corpus?.papers)) throw new Error('the bundled papers are damaged: rebuild or reinstall the extension');
    return corpus as { papers: Paper[] };
  }

  /**
   * `fromParts` for a corpus already parsed (`parseCorpus`). `textWanted`, asked between the
   * slices of the full text, may end its load (the library then searches names alone).
   */
  static fromPapersAndParts(corpus: { papers: readonly Paper[] }, namesIndex: string, textIndex: string, options: LibraryOptions = {}, textWanted?: () => Promise<boolean>): PaperLibrary {
    // Loaded when first searched: papers asked for by key (a hover in the engine worker before the
    // user's files come) need no index, and the names part is slow to load on a cold start.
    return new PaperLibrary(corpus, () => {
      const ids = corpus.papers.map(p => p.id);
      const names = MiniSearch.loadJSON<SearchDocument>(decodeIndex(namesIndex, ids), SEARCH_OPTIONS);
      // Decoded in slices after a pause: the first search needs only the names.
      return new SearchIndex(names, loadBundledPart(textIndex, ids, textWanted));
    }, options);
  }

  /**
   * The shipped papers (`shippedCorpus`) and their index in slices, with pauses between them
   * (the names part decoded, then loaded): what the extension host uses, where no step may hold
   * the event loop for long. `between` is awaited between the slices, told which part each is
   * for: the extension host's waits there while the engine worker holds the papers, and at the
   * full text's as soon as a worker starts (its abstracts answer the searches then). `textIndex`
   * may be given as a function: it is then asked for only when the full text loads.
   */
  static async loadParts(corpusJson: string, namesIndex: string, textIndex: string | (() => string), options: LibraryOptions = {}, between: (part: IndexPart) => Promise<void> = pause): Promise<PaperLibrary> {
    const beforeNames = () => between('names');
    // Parsed, then read from its columns, a task each, after the task that decoded the text:
    // together they held a cold host 30-50 ms.
    await beforeNames();
    const columns = JSON.parse(corpusJson) as unknown;
    await beforeNames();
    const corpus = PaperLibrary.shippedColumns(columns);
    await beforeNames();
    const ids = corpus.papers.map(p => p.id);
    // In slices too: whole, it held a window's extension host 40 ms and more once the library
    // shipped plain (and its garbage was collected in the middle of it).
    const decoded = await decodeIndexAsync(namesIndex, ids, beforeNames);
    // Loaded a thousand terms at a time: at once, it held a window's extension host 27 ms, and
    // 55 with the collection of the decoding's garbage that fell into it.
    const names = await MiniSearch.loadJSAsync<SearchDocument>(decoded, SEARCH_OPTIONS);
    return new PaperLibrary(corpus, new SearchIndex(names, loadBundledPart(textIndex, ids, async () => { await between('text'); return true; })), options);
  }

  get #index(): SearchIndex {
    if (typeof this.#loadedIndex === 'function') this.#loadedIndex = this.#loadedIndex();
    return this.#loadedIndex;
  }

  /** Settles once abstracts are searchable too (at once unless the index came in two parts). */
  get fullText(): Promise<void> {
    return this.#index.fullText;
  }

  /** False while abstracts are loading or being added: what a search finds now may change once they are in (`textSettled`). */
  get hasFullText(): boolean {
    return this.#index.hasFullText;
  }

  /** Settles once every abstract given so far is searchable; never rejects. */
  get textSettled(): Promise<void> {
    return this.#index.textSettled;
  }

  /** A paper by id or by citation key (keys compare without case, as BibTeX does). */
  get(idOrKey: string): Paper | undefined {
    return this.#byId.get(idOrKey) ?? this.#byKey.get(idOrKey.toLowerCase());
  }

  /** Ranked papers for what the user typed, words and filters alike. */
  search(query: string, options: LibrarySearchOptions = {}): PaperHit[] {
    return this.query(query, options).hits;
  }

  /**
   * Searches and explains: which filter matched nothing, which words were searched.
   * A query of filters only lists the papers that pass them, most upvoted first.
   *
   * @example library.query('agents topic:foo').problems[0].message // 'no topic matches "foo"'
   */
  query(text: string, options: LibrarySearchOptions = {}): QueryResult {
    const { words, filters } = parseQuery(text);
    const noted = options.notes && new Set(options.notes.noted.map(k => k.toLowerCase()));
    const outcome = applyFilters(this.papers, filters, { topics: this.topics, noted });
    const result = { words, filters: outcome.reports, problems: outcome.problems };
    const { allowed } = outcome;
    const outer = options.filter;
    const keep = allowed || outer ? (id: string) => (!allowed || allowed.has(id)) && (!outer || outer(id)) : undefined;
    if (!queryTerms(words).terms.length) {
      if (!allowed) return { ...result, hits: [] };
      this.#listed ??= [...this.papers].sort(byUpvotesThenTitle);
      const hits: PaperHit[] = [];
      const limit = options.limit ?? Infinity;
      for (const paper of this.#listed) {
        if (hits.length >= limit) break;
        if (keep!(paper.id)) hits.push({ paper, score: 0, matched: 0 });
      }
      return { ...result, hits };
    }
    const hits = this.#index.search(words, { limit: options.limit, filter: keep, allWords: options.allWords })
      .flatMap(hit => {
        const paper = this.#byId.get(hit.id);
        return paper ? [{ paper, score: hit.score, matched: hit.matched }] : [];
      });
    const partial = this.#index.hasFullText ? {} : { partial: true as const };
    return { ...result, ...partial, hits: this.#keyFirst(words, this.#notesFirst(words, hits, options, keep), keep) };
  }

  /**
   * Papers whose note holds the words, first: the writer's own words about a paper say more of it
   * than its abstract does. The others keep their order, and the limit stands.
   */
  #notesFirst(words: string, hits: PaperHit[], options: LibrarySearchOptions, keep?: (id: string) => boolean): PaperHit[] {
    const matching = options.notes?.matching ?? [];
    if (!matching.length) return hits;
    const noted: PaperHit[] = [];
    for (const key of matching) {
      const paper = this.#byKey.get(key.toLowerCase());
      if (!paper || (keep && !keep(paper.id)) || noted.some(h => h.paper === paper)) continue;
      const found = hits.find(h => h.paper === paper);
      noted.push(found ?? { paper, score: hits[0]?.score ?? 0, matched: queryTerms(words).terms.length });
    }
    const rest = hits.filter(h => !noted.some(n => n.paper === h.paper));
    return [...noted, ...rest].slice(0, options.limit ?? Infinity);
  }

  /** A query that is exactly a citation key puts that paper first, whatever else matches better. */
  #keyFirst(words: string, hits: PaperHit[], keep?: (id: string) => boolean): PaperHit[] {
    const paper = this.#byKey.get(words.trim().toLowerCase());
    if (!paper || (keep && !keep(paper.id)) || hits[0]?.paper === paper) return hits;
    const found = hits.find(h => h.paper === paper);
    const first = found ?? { paper, score: hits[0]?.score ?? 0, matched: queryTerms(words).terms.length };
    return [first, ...hits.filter(h => h !== found)].slice(0, Math.max(hits.length, 1));
  }

  /**
   * The papers closest to `paper` by title and abstract: its own words, searched with
   * OR, so that the words it shares with few other papers weigh most. Title words count
   * three times: a title says what the paper is about.
   */
  related(paper: Paper, count = 5): Paper[] {
    const title = wordsOf(paper.title);
    const words = [...title, ...title, ...title, ...wordsOf(paper.abstract)];
    return this.#index.similar(words, { limit: count, filter: id => id !== paper.id })
      .flatMap(hit => this.#byId.get(hit.id) ?? []);
  }
}
