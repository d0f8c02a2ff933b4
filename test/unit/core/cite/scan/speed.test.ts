// The scanners stay linear: every key of a long document read a few times per character, and
// work (counted, not timed: speed is the bench's to measure) that grows linearly with the text
// however damaged it is.
import * as assert from 'node:assert/strict';
import { findCitations, scanLatexDocument, scanWork } from '../../../../../src/core/cite/scan';

/**
 * Checks that `scan` reads ten times the text with about ten times the work (counted, not timed),
 * never a hundred: `make(2000)` against `make(20000)`.
 */
function growsLinearly(name: string, make: (n: number) => string, scan: (text: string) => unknown): void {
  const small = make(2000);
  const large = make(20000);
  const before = scanWork();
  scan(small);
  const smallWork = scanWork() - before;
  scan(large);
  const largeWork = scanWork() - before - smallWork;
  // Ten times the text, about ten times the work: never a hundred.
  assert.ok(largeWork / large.length < 16, `${name}: ${largeWork} reads for ${large.length} characters`);
  assert.ok(largeWork < 20 * (smallWork + small.length), `${name}: ${smallWork} → ${largeWork} reads`);
}

suite('the scanners stay fast and linear', () => {
  /** A document of `lines` lines with `citations` citations in the syntax's usual forms. */
  function document(syntax: 'latex' | 'pandoc' | 'typst' | 'rst', lines: number, citations: number): string {
    const forms = {
      latex: (i: number) => `\\citep[p.~${i}]{key${i},other${i}} and % a comment \\cite{no}`,
      pandoc: (i: number) => `[see @key${i}, p. ${i}; @other${i}] and \`code\` me@example.com`,
      typst: (i: number) => `@key${i}[p. ${i}] and #cite(<other${i}>) // @no`,
      rst: (i: number) => `:cite:p:\`key${i}, other${i}\` and \`\`literal\`\``,
    };
    const out: string[] = [];
    for (let i = 0; i < lines; i++) out.push(i % Math.floor(lines / citations) === 0 ? `Text ${forms[syntax](i)} more words.` : (i % 10 === 9 ? '' : 'Plain prose with some words, numbers 1990, and punctuation; nothing to cite here.'));
    return out.join('\n');
  }

  test('a 5,000-line document with 1,000 citations: every key, reading each character a few times', () => {
    for (const syntax of ['latex', 'pandoc', 'typst', 'rst'] as const) {
      const text = document(syntax, 5000, 1000);
      findCitations(text, syntax);
      const work = scanWork();
      const started = process.hrtime.bigint();
      const runs = 5;
      let found = 0;
      for (let i = 0; i < runs; i++) found = findCitations(text, syntax).flatMap(c => c.keys).length;
      const ms = Number(process.hrtime.bigint() - started) / 1e6 / runs;
      const perChar = (scanWork() - work) / runs / text.length;
      console.log(`      [scan] ${syntax}: ${text.length} characters, ${found} keys, ${ms.toFixed(2)} ms, ${perChar.toFixed(2)} reads per character`);
      assert.equal(found, 2000, syntax);
      assert.ok(perChar < 8, `${syntax} reads ${perChar} times per character`);
    }
  });

  test('pathological texts: the work grows linearly (counted, not timed) and nothing overflows the stack', () => {
    const cases: [string, 'latex' | 'pandoc' | 'typst' | 'rst', (n: number) => string][] = [
      ['\\cite{ ×n, unclosed', 'latex', n => '\\cite{'.repeat(n)],
      ['\\cite{a\\n ×n', 'latex', n => '\\cite{a\n'.repeat(n)],
      ['\\cite[ ×n', 'latex', n => '\\cite['.repeat(n)],
      ['\\cites{a} ×n then [', 'latex', n => `${'\\cites{a}'.repeat(n)}[`],
      ['{ ×n', 'latex', n => `\\cite${'{'.repeat(n)}`],
      ['\\url{ ×n', 'latex', n => '\\url{'.repeat(n)],
      ['\\verb ×n, other delimiters', 'latex', n => Array.from({ length: n }, (_, i) => `\\verb${String.fromCharCode(0x4e00 + (i % 5000))}`).join('')],
      ['\\begin{ ×n', 'latex', n => '\\begin{'.repeat(n)],
      ['\\iffalse ×n', 'latex', n => '\\iffalse \\if'.repeat(n)],
      ['1 MB line of @', 'pandoc', n => '@'.repeat(n * 8)],
      ['[ ×n', 'pandoc', n => '['.repeat(n)],
      ['[@a ×n', 'pandoc', n => '[@a '.repeat(n)],
      ['@{ ×n', 'pandoc', n => '@{'.repeat(n)],
      ['backticks', 'pandoc', n => Array.from({ length: n }, (_, i) => '`'.repeat(1 + (i % 7))).join(' a ')],
      ['$a ×n', 'pandoc', n => '$a '.repeat(n)],
      ['<!-- ×n', 'pandoc', n => '<!-- '.repeat(n)],
      ['<a x=" ×n', 'pandoc', n => "<a x='".repeat(n)],
      ['[x]( ×n', 'pandoc', n => `${'[x]( a '.repeat(n)}${')'.repeat(n)}`],
      ['> ×n (nested quotes)', 'pandoc', n => `${'>'.repeat(n)} @a`],
      ['- ×n (nested lists)', 'pandoc', n => Array.from({ length: 2000 }, (_, i) => `${' '.repeat(2 * i)}- @a${i}`).join('\n') + '\n'.repeat(n / 1000)],
      ['```x lines', 'pandoc', n => '```x\n'.repeat(n)],
      ['*a ×n', 'pandoc', n => '*a '.repeat(n)],
      ['@ ×n', 'typst', n => '@'.repeat(n * 8)],
      ['[ ×n', 'typst', n => '#f['.repeat(n)],
      ['/* ×n', 'typst', n => '/*'.repeat(n)],
      [':cite:` ×n', 'rst', n => ':cite:`a\n'.repeat(n)],
      ['` ×n', 'rst', n => '`a\n'.repeat(n)],
      ['{ in roles', 'rst', n => `:cite:\`${' '.repeat(n)}{\``],
    ];
    for (const [name, syntax, make] of cases) growsLinearly(name, make, text => findCitations(text, syntax));
  });

  test('the LaTeX pass reading a document\'s commands: the work grows linearly however damaged they are', () => {
    const cases: [string, (n: number) => string][] = [
      ['\\input{ ×n, unclosed', n => '\\input{'.repeat(n)],
      ['\\bibliography{ ×n', n => '\\bibliography{'.repeat(n)],
      ['\\subimport*{a}{ ×n', n => '\\subimport*{a}{'.repeat(n)],
      ['\\documentclass[ ×n', n => '\\documentclass['.repeat(n)],
      ['\\usepackage[ ×n', n => '\\usepackage['.repeat(n)],
      ['\\addbibresource[ ×n', n => '\\addbibresource['.repeat(n)],
      ['\\input and one long name', n => `\\input ${'a'.repeat(n * 8)}`],
      ['% !TeX root lines', n => '% !TeX root\n'.repeat(n)],
      ['% !TeX root = and blanks', n => `% !TeX root = ${' '.repeat(n * 8)}x`],
    ];
    for (const [name, make] of cases) growsLinearly(name, make, scanLatexDocument);
  });
});
