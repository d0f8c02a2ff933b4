// The edit distance of the compact index's fuzzy walk, kept row by row so that a term reuses
// the rows of the prefix it shares with the term walked before it. Insertions, deletions and
// substitutions only, as MiniSearch's fuzzy search counts them, so that both find the same terms.
// Not `core/health/nearMiss.ts:editDistance`, which counts swaps too, for a mistyped key's suggestions.

/**
 * The rows of a Levenshtein matrix against `query`, one per letter of the term being
 * walked. Only the band of cells within `maxDistance` of the diagonal is computed (the
 * others are further away than that in any case); the cells outside it keep
 * `maxDistance + 1`, which is all a search within `maxDistance` needs to know of them.
 *
 * @example const rows = new Levenshtein('agent', 2, 7); [...'agnet'].forEach((c, i) => rows.next(i + 1, c.charCodeAt(0))); rows.distance(5) === 2 // a swap is two edits
 */
export class Levenshtein {
  private readonly rows: Int32Array;
  private readonly query: Int32Array;
  private readonly columns: number;

  /** `maxDepth`: the longest term walked (a term longer than the query by more than `maxDistance` cannot match). */
  constructor(query: string, private readonly maxDistance: number, maxDepth: number) {
    this.columns = query.length + 1;
    this.query = Int32Array.from({ length: query.length }, (_, j) => query.charCodeAt(j));
    this.rows = new Int32Array((maxDepth + 1) * this.columns).fill(maxDistance + 1);
    for (let j = 0; j < this.columns; j++) this.rows[j] = j;
    for (let i = 0; i <= maxDepth; i++) this.rows[i * this.columns] = i;
  }

  /** Computes row `i` (the term's letter `i - 1` being `char`) from row `i - 1`; returns its least value. */
  next(i: number, char: number): number {
    const { rows, query, columns, maxDistance } = this;
    const above = (i - 1) * columns;
    const here = i * columns;
    let least = i;
    const last = Math.min(columns - 1, i + maxDistance);
    for (let j = Math.max(1, i - maxDistance); j <= last; j++) {
      const replace = rows[above + j - 1] + (query[j - 1] === char ? 0 : 1);
      const remove = rows[above + j] + 1;
      const insert = rows[here + j - 1] + 1;
      const value = replace < remove ? (replace < insert ? replace : insert) : (remove < insert ? remove : insert);
      rows[here + j] = value;
      if (value < least) least = value;
    }
    return least;
  }

  /** The distance of the term's first `i` letters to the query. */
  distance(i: number): number {
    return this.rows[i * this.columns + this.columns - 1];
  }
}
