// Counting the work of the .bib reader, not timing it: the reader is given a String object whose
// `charCodeAt` (one per character looked at), `indexOf` (the distance searched) and `toString`
// (one per regular expression run or slice on the text) count. A text is parsed once, then
// repeated k = 8 times; a linear reader does about 8 times the work. The count is deterministic,
// so the bound can be tight enough to tell k from k² (2·k is allowed; linear reading measures k, a
// scan from each copy to the end of the file about k²/2) and still never flake on a loaded
// machine, where a ratio of times would need a bound so loose that it would hide a mild quadratic.
// A run that goes over its budget stops at once, so a quadratic case fails in milliseconds instead
// of taking seconds (a bound per character, far above what reading needs, stops an input already
// quadratic at its first size). What is not seen is the scanning inside a regular expression: the
// parser's patterns are anchored (sticky) except its search for the next entry after a problem.
// Used by the unit stage (pathological inputs) and the tools stage (damaged real files).
import * as assert from 'node:assert/strict';
import { parseBib, type ParsedBibWithStrings } from '../../../src/core/bibliography/bibtex/parse';

class OverBudget extends Error {}

/**
 * Parses `text` and returns how much work it took (see the top of the file). Stops with
 * `OverBudget` once the work passes `budget`.
 */
export function workOf(text: string, budget = Infinity): { work: number; parsed?: ParsedBibWithStrings } {
  let work = 0;
  const charge = (n: number) => {
    work += n;
    if (work > budget) throw new OverBudget();
  };
  const counted = Object.assign(new String(text), {
    charCodeAt(i: number) {
      charge(1);
      return text.charCodeAt(i);
    },
    indexOf(search: string, from = 0) {
      const at = text.indexOf(search, from);
      charge(1 + Math.max(0, (at < 0 ? text.length : at) - from));
      return at;
    },
    toString() {
      charge(1);
      return text;
    },
  });
  // A problem is an exception inside the reader; its stack is not what is measured.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const parsed = parseBib(counted as unknown as string);
    return { work, parsed };
  } catch (error) {
    if (error instanceof OverBudget) return { work };
    throw error;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/** Work per character that no linear reading comes near (measured: 1 to 4, at most 2.2 on the real files). */
const MAX_WORK_PER_CHARACTER = 20;

/**
 * Fails unless `make(k)` (the same text made k times as long) costs at most 2·k times what
 * `make(1)` costs (measured: 7.8 to 8.2 times for k = 8), and neither costs more than
 * `MAX_WORK_PER_CHARACTER` per character; also fails if parsing either throws.
 */
export function assertLinear(name: string, make: (k: number) => string, k = 8): void {
  const parse = (text: string, budget: number) => {
    try {
      return workOf(text, budget);
    } catch (error) {
      assert.fail(`${name}: parseBib threw on ${text.length} characters: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    }
  };
  const text1 = make(1);
  const textK = make(k);
  const one = parse(text1, MAX_WORK_PER_CHARACTER * text1.length + 10_000);
  assert.ok(one.parsed, `${name}: more than ${MAX_WORK_PER_CHARACTER} work per character on ${text1.length} characters (stopped after ${one.work})`);
  const ratio = 2 * k;
  const budget = Math.min(ratio * one.work, MAX_WORK_PER_CHARACTER * textK.length) + 10_000;
  const many = parse(textK, budget);
  assert.ok(many.parsed, `${name}: ${k} times the text (${textK.length} characters) costs more than ${ratio} times the work of the text once (${one.work} for ${text1.length} characters), or more than ${MAX_WORK_PER_CHARACTER} per character (stopped after ${many.work})`);
}
