// The fuzzy walk's edit distance alone, against the textbook full matrix: within the bound the
// distances are exact, beyond it they only need to say so, and rows kept from one term serve
// the next term that shares their prefix. (compactIndex.test.ts checks the walk against MiniSearch.)
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { Levenshtein } from '../../../../../src/core/search/compact/levenshtein';

/** Insertions, deletions and substitutions, each 1, over the whole matrix. */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** What the rows must tell of a true distance: itself within `max`, and only that it is too far beyond. */
function sameWithin(actual: number, expected: number, max: number, what: string): void {
  if (expected <= max) assert.equal(actual, expected, what);
  else assert.ok(actual > max, `${what}: ${actual}, but the distance ${expected} is beyond ${max}`);
}

/** Walks `term` from row `from` on (rows before it kept from an earlier term); stops where no longer term can match, as the walk prunes. */
function walk(rows: Levenshtein, query: string, max: number, term: string, from: number): number {
  let depth = from;
  while (depth < term.length) {
    const least = rows.next(depth + 1, term.charCodeAt(depth));
    depth++;
    // The least value of a row bounds the distance of every term that begins with these letters.
    const best = Math.min(...Array.from({ length: query.length + 1 }, (_, j) => levenshtein(term.slice(0, depth), query.slice(0, j))));
    sameWithin(least, best, max, `least of row ${depth} of "${term}" against "${query}"`);
    if (least > max) return depth;
  }
  sameWithin(rows.distance(term.length), levenshtein(term, query), max, `"${term}" against "${query}" within ${max}`);
  return depth;
}

/** Short words over few letters, so that many are near each other. */
const word = (maxLength: number) => fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é'), maxLength });

suite('compact index: the fuzzy walk\'s edit distance', () => {
  test('a swap of two letters is two edits, as MiniSearch counts it', () => {
    const rows = new Levenshtein('agent', 2, 7);
    assert.equal(walk(rows, 'agent', 2, 'agnet', 0), 5);
    assert.equal(rows.distance(5), 2);
  });

  test('a term further than the bound is told apart, without its distance', () => {
    const rows = new Levenshtein('sitting', 2, 9);
    [...'kitten'].forEach((c, i) => rows.next(i + 1, c.charCodeAt(0)));
    assert.equal(levenshtein('kitten', 'sitting'), 3);
    assert.ok(rows.distance(6) > 2);
    const wider = new Levenshtein('sitting', 3, 10);
    [...'kitten'].forEach((c, i) => wider.next(i + 1, c.charCodeAt(0)));
    assert.equal(wider.distance(6), 3);
  });

  test('every row of a term, against the full matrix (fast-check, fixed seed)', () => {
    fc.assert(fc.property(word(8), word(12), fc.integer({ min: 0, max: 4 }), (query, term, max) => {
      const maxDepth = query.length + max;
      walk(new Levenshtein(query, max, maxDepth), query, max, term.slice(0, maxDepth), 0);
    }), { seed: 20240611, numRuns: 400 });
  });

  test('sorted terms walked in turn, each reusing the rows of the prefix it shares with the last (fast-check, fixed seed)', () => {
    fc.assert(fc.property(word(7), fc.array(word(9), { maxLength: 30 }), fc.integer({ min: 0, max: 3 }), (query, words, max) => {
      const maxDepth = query.length + max;
      const terms = [...new Set(words.map(w => w.slice(0, maxDepth)))].sort();
      const rows = new Levenshtein(query, max, maxDepth);
      // Rows 1…`valid` hold the letters of the term before; only those it shares are reused.
      let valid = 0;
      terms.forEach((term, t) => {
        let shared = 0;
        const before = terms[t - 1] ?? '';
        while (shared < before.length && shared < term.length && before[shared] === term[shared]) shared++;
        valid = walk(rows, query, max, term, Math.min(valid, shared));
      });
    }), { seed: 20240611, numRuns: 300 });
  });
});
