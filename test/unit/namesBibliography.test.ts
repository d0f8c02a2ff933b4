import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { findBibliographies } from '../../src/core/cite/bibliography';
import { seemsToNameBibliography } from '../../src/core/cite/namesBibliography';

// Pieces of documents in every language: the forms that name a bibliography, spelt each way
// findBibliographies reads them, and the text around them that could throw a quick look off.
const PIECES = [
  '\\bibliography{refs}', '\\bibliography {a, b}', '\\addbibresource{refs.bib}', '\\addbibresource[location=remote]{x.bib}',
  '\\addglobalbib{g.bib}', '\\addsectionbib {s.bib}', '\\bibliographystyle{plain}', '% ', '\\%', '\n', ' ', '\t', '{', '}', '[', ']',
  '---\n', '...\n', 'bibliography: refs.bib', 'bibliography:', '  - a.bib', 'title: x', 'csl: apa.csl',
  '#bibliography("refs.bib")', '#bibliography(("a.bib", "b.yml"))', '#bibliography (', '.. bibliography:: refs.bib', '.. bibliography::',
  'text ', '@key ', '\\cite{a}', '"', '(', ')', ':', '.', '#',
];
const LANGUAGES = ['latex', 'markdown', 'quarto', 'rmd', 'typst', 'restructuredtext'];

suite('seemsToNameBibliography: the host\'s quick look before the engine loads', () => {
  test('is true wherever findBibliographies finds a file, in generated documents of every language', () => {
    let named = 0;
    fc.assert(fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), fc.constantFrom(...LANGUAGES), (pieces, languageId) => {
      const text = pieces.join('');
      if (!findBibliographies(text, languageId).length) return;
      named++;
      assert.ok(seemsToNameBibliography(text), `${languageId}: ${JSON.stringify(text)}`);
    }), { numRuns: 3000 });
    assert.ok(named > 300, `${named} of the documents named a file`);
  });

  test('the sample workspace: true for the documents that name a file, false for the one that names none', () => {
    const folder = join(__dirname, '../../../test/fixtures/workspace');
    const languages: Record<string, string> = { '.tex': 'latex', '.md': 'markdown', '.typ': 'typst', '.txt': 'plaintext' };
    const seen: Record<string, boolean> = {};
    for (const name of readdirSync(folder)) {
      const languageId = languages[name.slice(name.lastIndexOf('.'))];
      if (!languageId) continue;
      const text = readFileSync(join(folder, name), 'utf8');
      seen[name] = seemsToNameBibliography(text);
      if (findBibliographies(text, languageId).length) assert.ok(seen[name], name);
    }
    assert.deepEqual(seen, { 'draft.typ': true, 'notes.md': true, 'notes.txt': false, 'paper.tex': true });
  });

  test('a document that names none: a README, \\bibliographystyle alone, a key in prose', () => {
    assert.equal(seemsToNameBibliography('# Project\n\nInstall it with npm.\n'), false);
    assert.equal(seemsToNameBibliography('\\bibliographystyle{plain}\n\\cite{a}\n'), false);
    assert.equal(seemsToNameBibliography('The bibliography: see below.\n'), false);
  });
});
