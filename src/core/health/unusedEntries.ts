// Checking a bibliography file against the documents that cite from it.

/** How the documents citing from one bibliography file use it. */
export interface FileUse {
  /** Every key they cite. */
  keys: ReadonlySet<string>;
  /** One of them cites everything (`\nocite{*}`, pandoc's `@*`). */
  all: boolean;
}

export interface UnusedEntry {
  key: string;
  line: number;
}

/**
 * The entries of a file (its keys and lines, in file order) that no citing document uses.
 * Nothing is unused when no document cites from the file (nothing is known about it) or
 * when one cites everything.
 *
 * @example unusedEntries(['a', 'b'], [1, 5], [{ keys: new Set(['a']), all: false }]) → [{ key: 'b', line: 5 }]
 */
export function unusedEntries(keys: readonly string[], lines: readonly number[], uses: readonly FileUse[]): UnusedEntry[] {
  if (!uses.length || uses.some(u => u.all)) return [];
  const unused: UnusedEntry[] = [];
  keys.forEach((key, i) => {
    if (!uses.some(u => u.keys.has(key))) unused.push({ key, line: lines[i] });
  });
  return unused;
}

/**
 * How a problem the reader found in a bibliography file is shown. A duplicate key that a
 * document cites is an error (BibTeX counts "Repeated entry" as one, and the second entry is
 * never used), although the reader calls it a warning: the file is still whole, and appending to
 * it stays safe. One nobody cites (`cited` false) is a warning: BibTeX and biber say nothing of it.
 */
export function problemSeverity(problem: { severity: 'error' | 'warning'; code?: string }, cited = true): 'error' | 'warning' {
  return problem.code === 'duplicate-key' && cited ? 'error' : problem.severity;
}
