// Where each line of a text starts, for every reader that turns an offset into a line number
// (the scanner, the .bib reader, the append plan, the style reader): one table, one search.
/**
 * The 1-based line of an offset, from a table of where each line starts: built once per text,
 * the first time a line is asked for, then a binary search for each offset. Counting the line
 * breaks before each offset instead reads the text again for every offset asked about, which on
 * a file with thousands of them is quadratic.
 *
 * @example new LineStarts('a\nb\nc').lineOf(2) === 2
 */
export class LineStarts {
  #starts: number[] | undefined;
  constructor(private readonly text: string) {}

  lineOf(offset: number): number {
    const starts = this.#starts ?? this.#build();
    let lo = 0, hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  #build(): number[] {
    const starts = [0];
    for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.#starts = starts;
    return starts;
  }
}
