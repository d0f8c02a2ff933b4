import type MiniSearch from 'minisearch';
import { CorpusSchema, type Corpus, type Paper } from './paper';
import { loadIndex, queryTerms, search, type SearchDocument, type SearchOptions } from './search';

export interface PaperHit {
  paper: Paper;
  score: number;
  /** How many of the query's words the paper matched. */
  matched: number;
}

/** How many words of a paper make up its "related papers" query. */
const RELATED_QUERY_WORDS = 40;

/**
 * The corpus and its index, loaded once and shared by every feature: the tree, the
 * quick picks, completion, hover and the command line all search the same way.
 */
export class PaperLibrary {
  readonly papers: readonly Paper[];
  private readonly byId = new Map<string, Paper>();
  private readonly byKey = new Map<string, Paper>();

  constructor(corpus: Corpus, private readonly index: MiniSearch<SearchDocument>) {
    this.papers = corpus.papers;
    for (const paper of corpus.papers) {
      this.byId.set(paper.id, paper);
      this.byKey.set(paper.key.toLowerCase(), paper);
    }
  }

  /**
   * Loads the build's output, validating the corpus again: a corrupt or hand-edited
   * file is reported, not trusted.
   */
  static fromJSON(corpusJson: string, indexJson: string): PaperLibrary {
    const corpus = CorpusSchema.parse(JSON.parse(corpusJson));
    return new PaperLibrary(corpus, loadIndex(indexJson));
  }

  /** A paper by id or by citation key (keys compare without case, as BibTeX does). */
  get(idOrKey: string): Paper | undefined {
    return this.byId.get(idOrKey) ?? this.byKey.get(idOrKey.toLowerCase());
  }

  /** Ranked papers for what the user typed. */
  search(query: string, options: SearchOptions = {}): PaperHit[] {
    return search(this.index, query, options).flatMap(hit => {
      const paper = this.byId.get(hit.id);
      return paper ? [{ paper, score: hit.score, matched: hit.matched }] : [];
    });
  }

  /**
   * The papers closest to `paper` by title and abstract: its own words, searched with
   * OR, so that the words it shares with few other papers weigh most.
   */
  related(paper: Paper, count = 5): Paper[] {
    const words = queryTerms(`${paper.title} ${paper.abstract} `).terms.slice(0, RELATED_QUERY_WORDS);
    const results = this.index.search({ combineWith: 'OR', queries: words }, {
      fields: ['title', 'abstract'],
      filter: r => r.id !== paper.id,
    });
    return results.slice(0, count).flatMap(r => this.byId.get(r.id as string) ?? []);
  }
}
