// The .bib reader on hand-written pathological inputs (thousands of "{", of unclosed entries, a
// 2 MB value…): it never throws, and its work, counted (support/bibWork.ts), grows linearly. The
// same property on damaged real files is in the tools stage (test/tools/bibtexProperty.test.ts),
// which reads them from ../shared.
import * as assert from 'node:assert/strict';
import { parseBib } from '../../../../../src/core/bibliography/bibtex/parse';
import { assertLinear } from '../../../support/bibWork';

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
