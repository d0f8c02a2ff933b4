// Generated hostile documents and bibliographies (a seeded fast-check run, so every run is the
// same): a block of pieces drawn from each syntax's troublemakers (brackets and braces that never
// close, runs of backslashes, comments and verbatim left open, `\bibitem`s, citation brackets) is
// repeated n, 2n and 4n times and read the way the checks and the library read it; beside them,
// the shapes of issue 39 (40,000 `\bibitem[label]{key}` lines, CSL-JSON that opens brackets it
// never closes or nests an item deep before a missing comma, a YAML value that is its own alias, a
// chain of @strings each made of the one before). Nothing throws, and the work, COUNTED
// (support/workMeter.ts: characters visited by the string and regular-expression methods, and what
// JSON reads and writes), grows linearly and stays within a bound per character. A step that goes
// back over the text for every item it finds costs n² here and fails, whatever the machine's load.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { readBibliographies, ReadCache, type BibliographyText } from '../../../src/core/bibliography/read';
import { findCitations, scanLatexDocument } from '../../../src/core/cite/scan';
import { findBibliographies } from '../../../src/core/cite/sources';
import type { CitationSyntax } from '../../../src/core/cite/languages';
import { checkCitations, inlineKeys } from '../../../src/core/health/citations';
import { measureWork } from '../support/workMeter';

/** At most this much more work for twice the input: about 2 when linear, 4 when quadratic. */
const DOUBLING = 2.8;
/** Work per character that no linear reading comes near; spelling out what a file never says (a million-character macro) goes far past it. */
const MOST_WORK_PER_CHARACTER = 400;

const LANGUAGES: Record<CitationSyntax, string> = { latex: 'latex', pandoc: 'markdown', typst: 'typst', rst: 'restructuredtext' };

/** A document as the editor's checks read it: its citations, its bibliographies, its own keys, and the check. */
function checkDocument(syntax: CitationSyntax) {
  return (text: string) => {
    const citations = findCitations(text, syntax);
    findBibliographies(text, LANGUAGES[syntax]);
    if (syntax === 'latex') scanLatexDocument(text);
    inlineKeys(text, syntax);
    checkCitations({ syntax, text, citations, bibliographies: [{ file: 'refs.bib', keys: new Set(['a', 'key']) }] });
    return 0;
  };
}

/** Bibliography files as the library reads them (with the cache the engine keeps); resolves to how many problems were reported. */
async function readFiles(file: string, text: string, cache = new ReadCache()): Promise<number> {
  const inputs: BibliographyText[] = [{ uri: file, file, text }, { uri: 'good.bib', file: 'good.bib', text: '@misc{good, title = {Still here}}\n' }];
  const [read, good] = await readBibliographies(inputs, cache);
  assert.deepEqual(good.references.map(r => r.key), ['good'], 'the other file still reads');
  for (const p of read.problems) assert.ok(p.line >= 1 && p.message.length > 0, `${file}: ${JSON.stringify(p)}`);
  return read.problems.length;
}

/** Fails unless reading `make(n)`, `make(2n)`, `make(4n)` never throws and costs linear work, within the bound per character. */
async function assertLinear(name: string, make: (n: number) => string, read: (text: string) => unknown, n: number, broken = false): Promise<void> {
  const works: number[] = [];
  for (const size of [n, 2 * n, 4 * n]) {
    const text = make(size);
    const { result, work } = await measureWork(() => read(text));
    if (broken) assert.ok((await result) as number > 0, `${name}: no problem reported at size ${size}`);
    assert.ok(work <= MOST_WORK_PER_CHARACTER * text.length + 100_000, `${name}: ${work} work for ${text.length} characters`);
    works.push(work);
  }
  const [w1, w2, w4] = works;
  assert.ok(w2 <= DOUBLING * w1 && w4 <= DOUBLING * w2, `${name}: work ${w1} → ${w2} → ${w4} for sizes ${n}, ${2 * n}, ${4 * n}`);
}

/** The troublemakers of each syntax: what opens and never closes, escapes, comments, verbatim, citations. */
const PIECES: Record<'latex' | 'pandoc' | 'typst' | 'rst' | 'bibtex' | 'csl', string[]> = {
  latex: ['\\bibitem', '[label]', '{key}', '[', ']', '{', '}', '%', '\n', '\n\n', '\\\\', '\\', '\\verb|', '|', '\\verb', '\\begin{verbatim}',
    '\\end{verbatim}', '\\begin{comment}', '\\end{comment}', '\\iffalse', '\\fi', '\\cite{', '\\cite[p]{a,b}', '\\citep*[', '\\cites(', ')',
    '\\bibliography{refs', '\\input{ch', '\\url{', '\\def\\x{', '\\newcommand{', ' ', 'word', '$', ',', '\\begin{thebibliography}{9}'],
  pandoc: ['[', ']', '@key', '[@', '; @', '-@', '@', '`', '```\n', '~~~\n', '<!--', '-->', '\\', '\\[', '\n', '\n\n', '---\n', 'bibliography: refs.bib\n',
    'references:\n- id: a\n', '{', '}', '(', ')', '![', '*', '_', ' ', 'word', '<', '>', 'me@example.org', '[^', ']:', '    '],
  typst: ['@key', '#bibliography("', '")', '<', '>', '<label>', '`', '```', '//', '/*', '*/', '"', '\\', '\n', '[', ']', '(', ')', '#cite(<', '>)', ' ', 'word', '$'],
  rst: [':cite:`', ':cite:p:`', '`', '.. bibliography::', '\n', '\n\n', ' ', '   ', '..', '::', 'key', ',', '\\', '|', '_', '.. code::\n'],
  bibtex: ['@misc{', '@string{', '@comment{', '@preamble{', '@misc(', 'a = ', 'key,', 'title = {', 'title = "', '"', '{', '}', '(', ')', '#', ',', '=',
    '%', '\n', '\\', '\\"{o}', ' ', 'word', '@'],
  csl: ['[', ']', '{', '}', '"id": "a"', '"title": "T"', '"author": [{"family": "F"}]', ',', ':', '"', '\\', '\\"', '\n', 'null', '1', 'x'],
};

/** A block of 1 to 12 pieces of one syntax, drawn at random. */
const block = (syntax: keyof typeof PIECES) => fc.array(fc.constantFrom(...PIECES[syntax]), { minLength: 1, maxLength: 12 }).map(parts => parts.join(''));

/** A word for keys and titles. */
const word = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);

const RUNS = { seed: 39, numRuns: 12 };

suite('generated hostile input: no throw, and work that grows linearly (counted)', function () {
  this.timeout(60_000);

  for (const syntax of ['latex', 'pandoc', 'typst', 'rst'] as const) {
    test(`${syntax} documents: a random block of troublemakers, repeated`, async () => {
      await fc.assert(fc.asyncProperty(block(syntax), async piece => {
        await assertLinear(`${JSON.stringify(piece)} repeated`, n => piece.repeat(n), checkDocument(syntax), 40);
      }), RUNS);
    });
  }

  test('.bib files: a random block of troublemakers, repeated, read with the cache', async () => {
    await fc.assert(fc.asyncProperty(block('bibtex'), async piece => {
      await assertLinear(`${JSON.stringify(piece)} repeated`, n => piece.repeat(n), text => readFiles('hostile.bib', text), 40);
    }), RUNS);
  });

  test('CSL-JSON files: an array of random troublemakers, repeated', async () => {
    await fc.assert(fc.asyncProperty(block('csl'), async piece => {
      await assertLinear(`[${JSON.stringify(piece)} repeated`, n => `[${piece.repeat(n)}`, text => readFiles('hostile.json', text), 40);
    }), RUNS);
  });
});

/** The shapes of issue 39 and their kin, each at sizes n, 2n and 4n, with a generated word for keys and titles. */
const SHAPES: { name: string; broken?: boolean; make: (n: number, word: string) => string; read: (text: string) => unknown }[] = [
  // LaTeX, as the check reads it
  { name: 'LaTeX: n \\bibitem[label]{key} lines', read: checkDocument('latex'), make: (n, w) => Array.from({ length: n * 10 }, (_, i) => `\\bibitem[${w}]{${w}${i}}`).join('\n') },
  { name: 'LaTeX: n \\bibitem[label]{key} lines, one cites each', read: checkDocument('latex'), make: (n, w) => Array.from({ length: n * 10 }, (_, i) => `\\cite{${w}${i}}\\bibitem[${w}]{${w}${i}}`).join('\n') },
  { name: 'LaTeX: a run of backslashes, then a citation', read: checkDocument('latex'), make: (n, w) => `${'\\'.repeat(n * 100)}\\cite{${w}}` },
  { name: 'LaTeX: an unclosed verbatim environment, then n lines of citations', read: checkDocument('latex'), make: (n, w) => `\\begin{verbatim}\n${`\\cite{${w}} \\bibitem{${w}}\n`.repeat(n * 10)}` },
  { name: 'LaTeX: an unclosed comment environment, then n lines', read: checkDocument('latex'), make: (n, w) => `\\begin{comment}\n${`\\end{comment} ${w}\n`.repeat(n * 10)}` },
  { name: 'LaTeX: n unterminated \\verb', read: checkDocument('latex'), make: (n, w) => `\\verb|${w} \\cite{${w}}\n`.repeat(n * 10) },
  { name: 'LaTeX: an \\iffalse never closed, n nested \\if', read: checkDocument('latex'), make: (n, w) => `\\iffalse${` \\ifx\\${w} \\bibitem{${w}}`.repeat(n * 10)}` },
  // Markdown, as the check reads it
  { name: 'Markdown: n citation brackets never closed', read: checkDocument('pandoc'), make: (n, w) => `---\nbibliography: refs.bib\n---\n${`[see @${w}; @a `.repeat(n * 10)}` },
  { name: 'Markdown: brackets nested n deep around a citation', read: checkDocument('pandoc'), make: (n, w) => `${'['.repeat(n * 10)}@${w}${']'.repeat(n * 10)}` },
  { name: 'Markdown: a run of backslashes and brackets', read: checkDocument('pandoc'), make: (n, w) => `${'\\['.repeat(n * 20)}@${w}` },
  // .bib
  { name: 'BibTeX: braces nested n deep, closed, between entries that read', read: text => readFiles('deep.bib', text), make: (n, w) => `@misc{a, title = {A}}\n@misc{${w}, title = ${'{'.repeat(n * 20)}${w}${'}'.repeat(n * 20)}}\n@misc{b, title = {B}}\n` },
  { name: 'BibTeX: a run of backslashes in a value', read: text => readFiles('slashes.bib', text), make: (n, w) => `@misc{${w}, title = {${'\\'.repeat(n * 100)}}}\n` },
  { name: 'BibTeX: a chain of @strings, each made of the one before (the engine\'s path, with the cache)', broken: true, read: text => readFiles('chain.bib', text),
    make: (n, w) => `@string{s0 = "${w}"}\n${Array.from({ length: n * 5 }, (_, i) => `@string{s${i + 1} = s${i} # s${i}}`).join('\n')}\n@misc{a, title = s3}\n` },
  // CSL-JSON and YAML
  { name: 'CSL-JSON: a second element that opens n brackets and never closes them', broken: true, read: text => readFiles('open.json', text), make: (n, w) => `[{"id": "${w}", "title": "T"},${'['.repeat(n * 100)}` },
  { name: 'CSL-JSON: an item nested n deep, then a missing comma', broken: true, read: text => readFiles('deep.json', text),
    make: (n, w) => `[\n{"id": "${w}"},\n{"id": "d", "note": ${'['.repeat(n * 100)}${']'.repeat(n * 100)}},\n{"id": "b"}\n{"id": "c"}\n]\n` },
  { name: 'Hayagriva: a title that is its own alias, then n entries', broken: true, read: text => readFiles('self.yml', text),
    make: (n, w) => `${w}:\n  type: article\n  title: &t {value: *t}\n${Array.from({ length: n }, (_, i) => `e${i}:\n  type: book\n  title: T${i}\n`).join('')}` },
  { name: 'Hayagriva: an author whose name is its own alias, then n entries', broken: true, read: text => readFiles('author.yml', text),
    make: (n, w) => `${w}:\n  type: article\n  author:\n    - name: &n {value: *n}\n${Array.from({ length: n }, (_, i) => `e${i}:\n  type: book\n  title: T${i}\n`).join('')}` },
];

suite('the hostile shapes of issue 39 and their kin: no throw, a problem where broken, linear work (counted)', function () {
  this.timeout(60_000);
  for (const shape of SHAPES) {
    test(shape.name, async () => {
      await fc.assert(fc.asyncProperty(word, fc.integer({ min: 20, max: 40 }), async (w, n) => {
        await assertLinear(shape.name, size => shape.make(size, w), shape.read, n, shape.broken);
      }), { seed: 39, numRuns: 2 });
    });
  }
});
