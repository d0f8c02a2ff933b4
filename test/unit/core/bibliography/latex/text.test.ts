import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { latexToText } from '../../../../../src/core/bibliography/latex/text';
import { encodeLatex } from '../../../../../src/core/bibliography/latex/encode';

suite('latexToText', () => {
  test('accents in every form', () => {
    const cases: [string, string][] = [
      ['{\\"o}', 'ö'], ['\\"{o}', 'ö'], ['\\"o', 'ö'], ['{\\v S}', 'Š'], ['\\v{S}', 'Š'], ["\\'{e}", 'é'], ["\\'e", 'é'],
      ['\\`a', 'à'], ['\\^{o}', 'ô'], ['\\~n', 'ñ'], ['\\c{c}', 'ç'], ['\\c c', 'ç'], ['\\k{a}', 'ą'], ['\\H{o}', 'ő'],
      ['\\u{g}', 'ğ'], ['\\r{a}', 'å'], ['\\={a}', 'ā'], ['\\.{z}', 'ż'], ["\\'{\\i}", 'í'], ["{\\'\\i}", 'í'], ['\\"\\i', 'ï'],
    ];
    for (const [latex, text] of cases) assert.equal(latexToText(latex), text, latex);
  });

  test('special letters, with or without braces and the space that ends them', () => {
    assert.equal(latexToText('Gau{\\ss} and \\ss{}e and {\\o}re and \\AE sop'), 'Gauß and ße and øre and Æsop');
    assert.equal(latexToText('{\\L}ukasiewicz, {\\aa}ngstr{\\"o}m'), 'Łukasiewicz, ångström');
  });

  test('text commands keep their text, case-protecting braces go', () => {
    assert.equal(latexToText('A \\emph{Very} {BIG} \\textbf{Bold} \\textit{idea}'), 'A Very BIG Bold idea');
    assert.equal(latexToText('\\textsc{Bert}: {Pre-training} of \\mbox{Deep}'), 'Bert: Pre-training of Deep');
    assert.equal(latexToText('See \\href{https://x.org}{the site} and \\url{https://y.org}'), 'See the site and https://y.org');
    assert.equal(latexToText('\\enquote{quoted} \\noopsort{a}Zebra'), '“quoted” Zebra');
  });

  test('dashes, quotes, ties, escaped specials', () => {
    assert.equal(latexToText('pages 1--10 --- or ``so\'\' `they\' say~2'), 'pages 1–10 — or “so” ‘they\' say 2');
    assert.equal(latexToText('AT\\&T 50\\% \\$5 \\#1 a\\_b'), 'AT&T 50% $5 #1 a_b');
  });

  test('math: Greek letters and symbols, sub- and superscripts flattened', () => {
    assert.equal(latexToText('$\\alpha$-Go and $\\tau^2$-Bench, $O(n^{2})$'), 'α-Go and τ2-Bench, O(n2)');
    assert.equal(latexToText('{Cu$_2$O} at $\\leq 5$'), 'Cu2O at ≤ 5');
  });

  test('unknown commands keep their argument; white space is squashed', () => {
    assert.equal(latexToText('\\foo{Kept}   text\n  here'), 'Kept text here');
    assert.equal(latexToText('plain title'), 'plain title');
    // Every kind of white space, alone or in runs, at the ends too (a value with none is kept as it is).
    assert.equal(latexToText(' Tabs\tand\r\nlines\u00a0and\u2003spaces  '), 'Tabs and lines and spaces');
    assert.equal(latexToText('One\nline'), 'One line');
  });

  test('what encodeLatex writes decodes back to the same text', () => {
    for (const text of ['TÜLU 3', 'Ölmühle und Straße', "m&m's at 50%", 'τ-bench: α β', 'Łukasz — “quoted” – done', 'Škoda Čapek']) {
      assert.equal(latexToText(encodeLatex(text)), text);
    }
  });

  test('plain text comes out with its white space collapsed as \\s+ would, whatever the spaces (fast-check)', () => {
    const unit = fc.constantFrom('a', 'B', '1', '.', ' ', '  ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u3000', '\ufeff', 'é', 'τ');
    fc.assert(fc.property(fc.string({ unit }), s => {
      assert.equal(latexToText(s), s.replace(/\s+/g, ' ').trim());
    }), { numRuns: 2000 });
  });

  test('never throws and terminates on any input (fast-check)', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('\\', '{', '}', '$', '"', "'", 'a', ' ', '-', '`', '~', 'v', 'c', '^', '_') }), s => {
      assert.equal(typeof latexToText(s), 'string');
    }), { numRuns: 2000 });
  });
});
