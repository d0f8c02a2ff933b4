// What a scanner finds: a citation, where its keys are written, and each key with its offsets.
// Shared by the scanner of every syntax and by everything that reads their results.
import type { CitationSyntax } from '../languages';

/**
 * One key inside a citation. `text.slice(start, end) === key`, except in LaTeX where TeX reads
 * a key differently from how it is written: a `%` comment inside a key is dropped and a run of
 * spaces or line breaks is one space (`\cite{ab%⏎ cd}` cites `abcd`), and `start..end` is then
 * the key as written.
 */
export interface CitedKey {
  key: string;
  start: number;
  end: number;
}

/** Where one list of keys is written, inside its `{…}`. */
export interface KeyList {
  listStart: number;
  listEnd: number;
}

/** One citation found in a document. Offsets are UTF-16 indices into the text, as VS Code's. */
export interface Citation {
  /** The syntax, or `custom` for a citation matched by a user's own template. */
  syntax: CitationSyntax | 'custom';
  /** The whole citation, command and brackets included (for a LaTeX multicite, every group). */
  start: number;
  end: number;
  /**
   * Where its keys are written (inside `{…}`, `[…]` or `` `…` ``): a cursor here is inside it,
   * and a key joined to it goes at the end of this range. For a LaTeX multicite
   * (`\cites[p.~3]{a}[5]{b}`) it runs from the first list to the end of the last one, so that a
   * cursor in any of its lists joins the last one.
   */
  listStart: number;
  listEnd: number;
  /** The keys, in order; never `*` (see `all`). */
  keys: CitedKey[];
  /** False for a bare `@key` outside brackets in Markdown, which `[@…]` templates do not join. */
  bracketed: boolean;
  /** LaTeX multicites only: each `{…}` list of keys, in order (`keys` has the keys of all of them). */
  lists?: KeyList[];
  /**
   * Present when the citation cites every entry of the bibliography: `\nocite{*}` (a `*` among
   * the keys of any LaTeX list) or pandoc's `@*`. The `*` is then not among `keys`.
   */
  all?: true;
}
