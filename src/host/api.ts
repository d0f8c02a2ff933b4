// What activate() returns: the API other extensions and the tests use.
import type { Paper } from '../core/model/paper';
import type { PaperStore } from './library/store';
import type { PapersTestHooks } from './testing';

/**
 * What `activate()` returns, for other extensions and for tests:
 *
 * ```ts
 * const papers = await vscode.extensions.getExtension<PapersApi>('paperslab.papers-vscode')!.activate();
 * const [first] = await papers.search('tool use', { limit: 1 });
 * ```
 * Every method loads the papers on first use and resolves to nothing (empty, undefined)
 * if they cannot be loaded; the reason is in the "Papers" output channel.
 */
export interface PapersApi {
  /**
   * Papers ranked for a query, as the Search Papers quick pick ranks them (field filters
   * such as `topic:tool-use year:2024` included). `allWords` keeps only papers that have
   * every word, as the Papers view's filter does.
   */
  search(query: string, options?: { limit?: number; allWords?: boolean }): Promise<Paper[]>;
  /** A paper by its id or its citation key. */
  getPaper(idOrKey: string): Promise<Paper | undefined>;
  /** Every paper, in corpus order. */
  papers(): Promise<readonly Paper[]>;
  /** Present only under test (ExtensionMode.Test): see host/testing.ts. Reading it makes the features. */
  testing?: PapersTestHooks;
  /** Present only under test: whether the features (views, citing, checks…) are made yet; asking does not make them. */
  featuresMade?(): boolean;
}

export function createApi(store: PaperStore): PapersApi {
  return {
    async search(query, options = {}) {
      const library = await store.library();
      if (!library) return [];
      const { rows } = await library.query(query, { limit: options.limit ?? 50, allWords: options.allWords });
      return (await library.papers(rows.map(r => r.id))).filter((p): p is Paper => p !== undefined);
    },
    async getPaper(idOrKey) {
      return (await store.library())?.paper(idOrKey);
    },
    async papers() {
      return (await store.library())?.all() ?? [];
    },
  };
}
