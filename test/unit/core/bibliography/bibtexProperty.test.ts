// Property test of the .bib reader on real files, damaged: a brace added or taken away, the
// file cut short, junk Unicode, a huge value, a chunk written twice. Whatever the damage,
// `parseBib` never throws, keeps every entry that ends before the damage exactly as it was,
// and does an amount of work that grows linearly with the text. Hand-written pathological
// inputs (thousands of "{", of unclosed entries, a 2 MB value…) are held to the same.
//
// How "linear" is checked, and why not with the clock: a text is parsed once, then repeated
// k = 8 times; a linear reader does about 8 times the work. The work is counted, not timed:
// the parser is given a String object whose `charCodeAt` (one per character looked at),
// `indexOf` (the distance searched) and `toString` (one per regular expression run or slice
// on the text) count. The count is deterministic, so the bound can be tight enough to tell k
// from k² (2·k is allowed; linear reading measures k, a scan from each copy to the end of the
// file about k²/2) and still never flake on a loaded machine, where a ratio of times would
// need a bound so loose that it would hide a mild quadratic. A run that goes over its budget
// stops at once, so a quadratic case fails in milliseconds instead of taking seconds (a bound
// per character, far above what reading needs, stops an input already quadratic at its first
// size). What is not seen is the scanning inside a regular expression: the parser's patterns
// are anchored (sticky) except its search for the next entry after a problem.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as fc from 'fast-check';
import { parseBib, type BibEntry, type ParsedBibWithStrings } from '../../../../src/core/bibliography/bibtex/parse';
import { ROOT } from '../../support/seeds';

/** From out/test/unit/ (where the bundle runs) to the real .bib files. */
const BIBTEX = path.resolve(ROOT, '../shared/bibliographies/bibtex-tidy');

/**
 * Varied real files: `@string` and `#`, quoted values, `%` comments, `@comment` (JabRef
 * groups), round-bracket entries, a BOM, a preamble; two prefixes of large libraries, cut
 * before an entry (the 3 MB one is read whole in bibliographyFiles.test.ts).
 */
const SAMPLES: { file: string; prefix?: number }[] = [
  { file: 'biber/examples.bib' },
  { file: 'others/example.bib' },
  { file: 'biber/tool.bib' },
  { file: 'others/entry-with-parentheses.bib' },
  { file: 'better-bibtex/Jabref_import_-_groups_lost_1730-5.bib' },
  { file: 'biber/uniqueness4.bib' },
  { file: 'better-bibtex/zbb_(quietly)_chokes_on_this_.bib_664.bib' },
  { file: 'better-bibtex/Problem_when_importing_BibTeX_entries_with_percent_sign_95_or_preamble_96.bib' },
  { file: 'python-bibtexparser/book_bom.bib' },
  { file: 'others/bibtex-quoted.bib' },
  { file: 'better-bibtex/Some_bibtex_entries_quietly_discarded_on_import_from_bib_file_873.bib', prefix: 30_000 },
  { file: 'better-bibtex/Unabbreviate_on_import_1436-3.bib', prefix: 30_000 },
];

function sample({ file, prefix }: { file: string; prefix?: number }): string {
  const text = readFileSync(path.join(BIBTEX, file), 'utf8');
  if (prefix === undefined) return text;
  const cut = text.indexOf('\n@', prefix);
  return cut < 0 ? text : text.slice(0, cut + 1);
}

// ---- counting the work ----

class OverBudget extends Error {}

/**
 * Parses `text` and returns how much work it took (see the top of the file). Stops with
 * `OverBudget` once the work passes `budget`.
 */
function workOf(text: string, budget = Infinity): { work: number; parsed?: ParsedBibWithStrings } {
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
function assertLinear(name: string, make: (k: number) => string, k = 8): void {
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

// ---- damage ----

type Damage =
  | { kind: 'insert-brace'; at: number; brace: '{' | '}' }
  | { kind: 'delete-brace'; at: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'junk'; at: number; junk: string }
  | { kind: 'huge'; at: number; form: 'braced' | 'quoted' | 'bare' | 'open' }
  | { kind: 'duplicate'; from: number; length: number; at: number };

/** Characters that trouble readers of text: combining marks, emoji, direction marks, NUL, lone surrogates, BOM, line separators, and the .bib syntax. */
const JUNK = ['\u0301', '\u0308\u0327', '😀', '👩🏽‍🔬', '\u200F', '\u202E', '\u200B', '\0', '\uD800', '\uDFFF', '\uFEFF', '\u2028', '\r', '\u00A0', '𝕏',
  '\\', '@', '%', '#', '"', ',', '=', '(', ')', '\n'];

const junk = fc.oneof(
  fc.array(fc.constantFrom(...JUNK), { minLength: 1, maxLength: 8 }).map(parts => parts.join('')),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
);

const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant('insert-brace' as const), at: fc.nat(), brace: fc.constantFrom('{' as const, '}' as const) }),
  fc.record({ kind: fc.constant('delete-brace' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('junk' as const), at: fc.nat(), junk }),
  fc.record({ kind: fc.constant('huge' as const), at: fc.nat(), form: fc.constantFrom('braced' as const, 'quoted' as const, 'bare' as const, 'open' as const) }),
  fc.record({ kind: fc.constant('duplicate' as const), from: fc.nat(), length: fc.nat({ max: 5_000 }), at: fc.nat() }),
);

/** A value of 200 KB, in words, inside braces, quotes, as bare text, or opened and never closed. */
function huge(form: 'braced' | 'quoted' | 'bare' | 'open'): string {
  const words = 'lorem ipsum dolor '.repeat(11_112);
  if (form === 'braced') return `,\n  huge = {${words}},\n`;
  if (form === 'quoted') return `,\n  huge = "${words}",\n`;
  if (form === 'open') return `,\n  huge = {${words}\n`;
  return words;
}

function damaged(text: string, d: Damage): string {
  const at = (n: number) => n % (text.length + 1);
  switch (d.kind) {
    case 'insert-brace': return text.slice(0, at(d.at)) + d.brace + text.slice(at(d.at));
    case 'delete-brace': {
      const braces: number[] = [];
      for (let i = 0; i < text.length; i++) if (text[i] === '{' || text[i] === '}') braces.push(i);
      if (!braces.length) return text;
      const i = braces[d.at % braces.length];
      return text.slice(0, i) + text.slice(i + 1);
    }
    case 'truncate': return text.slice(0, at(d.at));
    case 'junk': return text.slice(0, at(d.at)) + d.junk + text.slice(at(d.at));
    case 'huge': return text.slice(0, at(d.at)) + huge(d.form) + text.slice(at(d.at));
    case 'duplicate': {
      const from = at(d.from);
      return text.slice(0, at(d.at)) + text.slice(from, from + d.length) + text.slice(at(d.at));
    }
  }
}

/** Where `b` first differs from `a` (the length of their common prefix). */
function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

const lineCount = (text: string) => text.split('\n').length;

/** The 1-based line of each offset, asked for in increasing order, in one pass over the text. */
function lineCounter(text: string): (offset: number) => number {
  let line = 1;
  let at = 0;
  return offset => {
    for (; at < offset; at++) if (text.charCodeAt(at) === 10) line++;
    return line;
  };
}

const shown = (e: BibEntry) => ({ type: e.type, key: e.key, line: e.line, start: e.start, end: e.end, keyStart: e.keyStart, fields: e.fields });

suite('parseBib on damaged real files (property)', function () {
  this.timeout(60_000);
  let texts: string[] = [];
  let originals: ParsedBibWithStrings[] = [];
  suiteSetup(() => {
    texts = SAMPLES.map(sample);
    originals = texts.map(text => parseBib(text));
  });

  test('the sample files are sound to begin with', () => {
    for (const [i, { entries, problems }] of originals.entries()) {
      assert.ok(entries.length > 0, SAMPLES[i].file);
      assert.deepEqual(problems.filter(p => p.severity === 'error'), [], SAMPLES[i].file);
    }
  });

  test('never throws; every entry that ends before the damage is read as before; entries and problems are located', () => {
    fc.assert(fc.property(fc.nat({ max: texts.length - 1 }), fc.array(damage, { minLength: 1, maxLength: 3 }), (which, damages) => {
      const text = damages.reduce(damaged, texts[which]);
      const parsed = parseBib(text);
      const lines = lineCount(text);
      const lineOf = lineCounter(text);
      for (const e of parsed.entries) {
        assert.ok(e.key.length > 0);
        assert.ok(e.start >= 0 && e.start < e.end && e.end <= text.length && text[e.start] === '@', `${e.key}: ${e.start}..${e.end}`);
        assert.equal(e.line, lineOf(e.start), `line of "${e.key}"`);
      }
      for (const p of parsed.problems) assert.ok(Number.isInteger(p.line) && p.line >= 1 && p.line <= lines && p.message.length > 0, `${p.line}: ${p.message}`);
      const unchanged = firstDifference(texts[which], text);
      const before = originals[which].entries.filter(e => e.end <= unchanged);
      assert.deepEqual(parsed.entries.slice(0, before.length).map(shown), before.map(shown), `damage from offset ${unchanged}`);
    }), { seed: 20_240_611, numRuns: 200 });
  });

  test('the work grows linearly: the damaged text repeated 8 times costs at most 16 times the text once', () => {
    fc.assert(fc.property(fc.nat({ max: texts.length - 1 }), fc.array(damage, { minLength: 1, maxLength: 2 }), (which, damages) => {
      const text = damages.reduce(damaged, texts[which]);
      assertLinear(`${SAMPLES[which].file} damaged by ${JSON.stringify(damages).slice(0, 300)}`, k => text.repeat(k));
    }), { seed: 20_240_611, numRuns: 60 });
  });
});

suite('parseBib on pathological inputs', function () {
  this.timeout(60_000);
  // Each input is `make(8)` at the size named; `make(1)` is an eighth of it.
  const cases: [string, (k: number) => string][] = [
    ['5,000 "{" in a row', k => '{'.repeat(625 * k)],
    ['an entry whose value opens 5,000 "{"', k => '@misc{a, title = ' + '{'.repeat(625 * k)],
    ['50,000 lines "@misc{" never closed', k => '@misc{\n'.repeat(6_250 * k)],
    ['20,000 lines "@misc{a, title = {" never closed', k => '@misc{a, title = {\n'.repeat(2_500 * k)],
    ['20,000 "@misc{" on one line', k => '@misc{'.repeat(2_500 * k)],
    ['a value of 2 MB', k => `@misc{a, title = {${'x'.repeat(250_000 * k)}}}\n@misc{b, title = {B}}\n`],
    ['a value of 2 MB never closed', k => `@misc{a, title = {${'word '.repeat(50_000 * k)}\n@misc{b, title = {B}}\n`],
    ['a quoted value of 2 MB with braces', k => `@misc{a, title = "${'{x} '.repeat(62_500 * k)}"}\n`],
    ['20,000 unbalanced quotes, one a line', k => '@misc{a, title = "x" # "\n'.repeat(2_500 * k)],
    ['100,000 quotes', k => '"'.repeat(12_500 * k)],
    ['100,000 quotes inside an entry', k => '@misc{a, title = ' + '"'.repeat(12_500 * k)],
    ['20,000 lines "@string{a = {" never closed', k => '@string{a = {\n'.repeat(2_500 * k)],
    ['20,000 lines "@preamble{" never closed', k => '@preamble{\n'.repeat(2_500 * k)],
    ['20,000 lines "@comment(" never closed', k => '@comment(\n'.repeat(2_500 * k)],
    ['20,000 lines "@comment{" never closed', k => '@comment{\n'.repeat(2_500 * k)],
    ['20,000 "@comment{" nested in one', k => '@comment{' + '@comment{'.repeat(2_500 * k)],
    ['50,000 "#" concatenations', k => '@misc{a, title = ' + 'x # '.repeat(6_250 * k) + 'y}'],
    ['100,000 "@"', k => '@'.repeat(12_500 * k)],
    ['a type of 200,000 letters', k => '@' + 'a'.repeat(25_000 * k)],
    ['50,000 "%" comment lines inside an entry', k => '@misc{a,\n' + '% note\n'.repeat(6_250 * k) + 'title = {A}}\n'],
    ['50,000 fields', k => '@misc{a,\n' + Array.from({ length: 6_250 * k }, (_, i) => `f${i} = {v},\n`).join('') + '}\n'],
    ['20,000 entries with the same key', k => '@misc{a, title = {A}}\n'.repeat(2_500 * k)],
    ['a @string of 20,000 macros separated by commas', k => '@string{' + 'a = 1, '.repeat(2_500 * k) + 'b = 2}\n@misc{c, title = a # b}\n'],
  ];
  for (const [name, make] of cases) {
    test(`${name}: never throws, linear work`, () => assertLinear(name, make));
  }

  test('a missing "}" does not swallow the entries after it; an entry before it is intact', () => {
    const text = '@misc{a, title = {A}}\n@misc{b, title = {B\n@misc{c, title = {C}}\n';
    const { entries } = parseBib(text);
    assert.deepEqual(entries.map(e => [e.key, e.fields.title]), [['a', 'A'], ['c', 'C']]);
  });
});
