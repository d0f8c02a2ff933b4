// What the views show of a paper, made where the papers are (in the engine), so that only
// these few strings cross to the extension host, never whole papers by the thousand.
import { metadataLine, shortDescription } from '../core/browse/describe';
import type { Paper } from '../core/model/paper';
import { isBibliographyOnly } from '../core/bibliography/ids';
import { excerpt } from '../core/util/text';

/** Where one of a paper's entries is in the user's bibliography files. */
export interface EntrySpot {
  uri: string;
  file: string;
  line: number;
}

/** A paper as a row of a list: the tree, a quick pick, completion. */
export interface PaperRow {
  id: string;
  key: string;
  title: string;
  /** Key, then authors and year, or organisation or date: what lists show beside the title. */
  description: string;
  /** Authors, venue, organisation, date, upvotes: what is known besides the title, on one line. */
  meta: string;
  /** The start of the abstract, as long as asked for ('' when none was asked for, or it has none). */
  excerpt: string;
  /** Its entries in the user's bibliographies, the winning one first. */
  entries: EntrySpot[];
  /** True when Hugging Face Daily Papers lists it (the bundled corpus or a corpus file). */
  listed: boolean;
}

/**
 * A paper as a row, with the first `excerptLength` characters of its abstract.
 *
 * @example rowOf(paper, 160).excerpt.length <= 161
 */
export function rowOf(paper: Paper, excerptLength = 0): PaperRow {
  return {
    id: paper.id,
    key: paper.key,
    title: paper.title,
    description: shortDescription(paper),
    meta: metadataLine(paper),
    excerpt: excerptLength > 0 ? excerpt(paper.abstract, excerptLength) : '',
    entries: (paper.entries ?? []).map(e => ({ uri: e.uri, file: e.file, line: e.line })),
    listed: !isBibliographyOnly(paper),
  };
}
