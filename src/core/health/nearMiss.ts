// Which defined keys a mistyped key was probably meant to be: "Change to russell2020aima" for
// `russel2020aima`. Only asked for a key that is not defined, so a plain edit distance over the
// bibliography's keys is cheap enough (7,000 keys in a few milliseconds), and bounded so that a
// long key never costs more than its band.

/**
 * The edit distance between `a` and `b` (insertions, deletions, substitutions and swaps of two
 * neighbours, each 1), or `max + 1` as soon as it must be more than `max`.
 * Not `core/search/compact/levenshtein.ts`, which counts no swaps, to find the terms MiniSearch's fuzzy search finds.
 *
 * @example editDistance('russel2020aima', 'russell2020aima', 3) === 1
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length];
}

/** How far a key may be from the one meant: one edit for short keys, up to three for long ones. */
const allowance = (key: string) => Math.min(3, Math.max(1, Math.floor(key.length / 5)));

/**
 * The defined keys closest to `key`, best first: a key that differs only in case, then by edit
 * distance (ties in the order given). At most `limit`.
 *
 * @example nearMisses('russel2020aima', ['vaswani2017attention', 'russell2020aima']) → ['russell2020aima']
 */
export function nearMisses(key: string, keys: Iterable<string>, limit = 3): string[] {
  const folded = key.toLowerCase();
  const max = allowance(key);
  const found: { key: string; distance: number; order: number }[] = [];
  let order = 0;
  for (const candidate of keys) {
    order++;
    if (candidate === key) continue;
    const other = candidate.toLowerCase();
    // Case only: BibTeX matches keys regardless of case (with a warning), biber and pandoc do not.
    const distance = other === folded ? 0 : editDistance(folded, other, max);
    if (distance <= max) found.push({ key: candidate, distance, order });
  }
  found.sort((a, b) => a.distance - b.distance || a.order - b.order);
  return found.slice(0, limit).map(f => f.key);
}
