// What the library is now, which the queries read (service.ts) and taking the user's files
// changes (input.ts): the bundled papers, the library searched, the bibliography files as read,
// and, while the user's entries are being joined, what answers by key meanwhile.
import type { EntriesByKey } from '../core/bibliography/entriesByKey';
import type { Paper } from '../core/model/paper';
import type { IndexParts } from '../core/search/indexing';
import { PaperLibrary } from '../core/search/library';
import { pause } from '../core/util/pause';
import type { BibliographyFileReport, TreeTop } from './protocol';

/** The bundled papers and the parts of their index, as shipped. */
export interface Shipped {
  bundled: { papers: readonly Paper[] };
  parts: IndexParts;
}

export class LibraryState {
  /** What is searched now; the bundled papers' own library until the user's files are given. */
  #currentLibrary: PaperLibrary | undefined;
  /** The bibliography files as last read. */
  files: BibliographyFileReport[] = [];
  /** From the moment the keys answer to the end of the join: the user's entries by key, and the join's end. */
  joining: { entries: EntriesByKey; joined: Promise<void> } | undefined;
  /** Bumped when the papers change: a view may ask whether what it shows is still current. */
  version = 0;
  /** The Papers view's tree as last asked (service.ts), let go when the papers change. */
  tree: { key: string; top: TreeTop; children: Map<string, readonly Paper[]> } | undefined;

  #shipped: Shipped | undefined;
  #bundledLibrary: PaperLibrary | undefined;
  /** `setInput` calls not yet done, and who waits for none to be left. */
  #inputs = 0;
  #inputsDone: (() => void)[] = [];

  constructor(private readonly open: () => Shipped, library?: PaperLibrary) {
    this.#bundledLibrary = library;
  }

  /** The bundled papers, parsed when first needed. */
  get bundled(): { papers: readonly Paper[] } {
    this.#shipped ??= this.open();
    return this.#shipped.bundled;
  }

  get parts(): IndexParts {
    this.#shipped ??= this.open();
    return this.#shipped.parts;
  }

  /** The bundled papers with their own index, loaded once when needed. */
  get bundledSearch(): PaperLibrary {
    if (!this.#bundledLibrary) {
      // Set before its text is first asked about: the index, and its text behind it, load on the first search.
      const made: { library?: PaperLibrary } = {};
      made.library = PaperLibrary.fromPapersAndParts(this.bundled, this.parts.names, this.parts.text, {}, () => this.#bundledTextWanted(made));
      this.#bundledLibrary = made.library;
    }
    return this.#bundledLibrary;
  }

  /**
   * Asked between the slices of the bundled papers' full text, which loads behind their first
   * search: while user files are being given it waits, and once they are in, the bundled papers
   * are no longer what is searched, so their text is dropped (false) rather than loaded beside
   * the reading of the files, which it would slow. A library dropped so is made again if the
   * bundled papers are searched once more.
   */
  async #bundledTextWanted(made: { library?: PaperLibrary }): Promise<boolean> {
    for (;;) {
      await pause();
      const library = made.library;
      if (this.#inputs === 0) {
        const wanted = (this.#currentLibrary ?? library) === library;
        if (!wanted && this.#bundledLibrary === library) this.#bundledLibrary = undefined;
        return wanted;
      }
      await new Promise<void>(resolve => this.#inputsDone.push(resolve));
    }
  }

  get current(): PaperLibrary {
    this.#currentLibrary ??= this.bundledSearch;
    return this.#currentLibrary;
  }

  set current(library: PaperLibrary) {
    this.#currentLibrary = library;
  }

  get size(): number {
    return (this.#currentLibrary ?? this.bundled).papers.length;
  }

  /** The papers changed: what a view made of them is stale. */
  changed(): void {
    this.version++;
    this.tree = undefined;
  }

  /** Counts a `setInput` from its call to its end (the returned function): the bundled full text waits while any is under way. */
  inputStarted(): () => void {
    this.#inputs++;
    return () => {
      if (--this.#inputs === 0) for (const resolve of this.#inputsDone.splice(0)) resolve();
    };
  }
}
