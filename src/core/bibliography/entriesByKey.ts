// The user's entries by key in the moment between parsing their files and joining them to the
// corpus. Converting every entry and joining them is most of a first read (seconds for a large
// library while a window loads); a writer hovering a key, or the check
// of a document's citations, need only that key. What a key names can be told from its own
// entries when no corpus paper could join it; for any other key the answer waits for the join.
import type { EntryLocation, Paper } from '../model/paper';
import { referencePaper, slugOf, type CorpusLookup } from './merge';
import { itemsOf, type ParsedBibliographies, type ParsedFile } from './read';
import type { Reference } from '../model/reference';

/** Returned for a key whose paper only the join can tell. */
export const AFTER_JOIN = Symbol('after the join');

interface Place { file: ParsedFile; index: number }

/**
 * Answers by key as `mergeBibliographies` then `PaperLibrary.get` will, for the keys it can:
 * a key of the user's entries that names no corpus paper, and whose first entry's title
 * matches none. Its paper is then the first entry's, with every entry of the key listed, as
 * the join makes it (unit test: the same as after the join, for every key of real files).
 */
export class EntriesByKey {
  /** Each key in lower case → its entries, in the order the join meets them. */
  readonly #places = new Map<string, Place[]>();
  readonly #answered = new Map<string, Paper | typeof AFTER_JOIN>();

  constructor(private readonly parsed: ParsedBibliographies, private readonly corpus: CorpusLookup) {
    for (const file of parsed.files) {
      const items = itemsOf(file);
      for (let index = 0; index < items.length; index++) {
        const lower = items[index].key.toLowerCase();
        const places = this.#places.get(lower);
        if (places) places.push({ file, index }); else this.#places.set(lower, [{ file, index }]);
      }
    }
  }

  /** The number of keys (a paper each, unless the join finds it in the corpus). */
  get size(): number {
    return this.#places.size;
  }

  /** As `PaperLibrary.get` will answer after the join (by id, then by key), or `AFTER_JOIN`. */
  paper(idOrKey: string): Paper | undefined | typeof AFTER_JOIN {
    if (this.corpus.ids.has(idOrKey)) return AFTER_JOIN;
    // A paper only a bibliography has is "@" and its key in lower case (ids.ts).
    if (idOrKey.startsWith('@') && this.#places.has(idOrKey.slice(1))) return this.#ofKey(idOrKey.slice(1));
    const lower = idOrKey.toLowerCase();
    if (!this.#places.has(lower)) return AFTER_JOIN;
    return this.#ofKey(lower);
  }

  /** Every key that will name a paper: the corpus's (with their aliases) and the entries', in lower case. */
  keys(): string[] {
    return [...this.corpus.names, ...this.#places.keys()];
  }

  #ofKey(lower: string): Paper | typeof AFTER_JOIN {
    let paper = this.#answered.get(lower);
    if (paper) return paper;
    const [first, ...more] = this.#places.get(lower)!;
    const ref = this.#reference(first);
    const slug = slugOf(ref);
    // A corpus paper by this key, or one the title matches (if no earlier entry took it): the join decides.
    if (this.corpus.names.has(lower) || (slug && this.corpus.byTitle.has(slug))) {
      paper = AFTER_JOIN;
    } else {
      paper = referencePaper(ref, this.#location(first, ref));
      for (const place of more) paper = { ...paper, entries: [...(paper.entries ?? []), this.#location(place, this.#reference(place))] };
    }
    this.#answered.set(lower, paper);
    return paper;
  }

  #reference({ file, index }: Place): Reference {
    return file.entries ? this.parsed.reference(file, file.entries[index]) : file.references![index];
  }

  #location({ file }: Place, ref: Reference): EntryLocation {
    return { uri: file.input.uri, file: file.input.file, line: ref.line, key: ref.key, format: file.format };
  }
}
