// One reading of a document gives what the two readers give apart: its citations as
// citationsOfLanguage finds them and its bibliographies as findBibliographies finds them.
import * as assert from 'node:assert/strict';
import { scanDocument } from '../../../../src/core/cite/document';
import { citationsOfLanguage } from '../../../../src/core/cite/scan';
import { findBibliographies } from '../../../../src/core/cite/sources';

const DOCUMENTS: [string, string][] = [
  ['latex', '\\documentclass{article}\n\\usepackage{biblatex}\n\\addbibresource{refs.bib}\n% \\bibliography{old}\n\\begin{document}\nSee \\cite{a,b} and \\parencite[p.~3]{c}.\n\\bibliography{more,other}\n\\end{document}\n\\cite{after}'],
  ['markdown', '---\ntitle: T\nbibliography: [a.bib, b.json]\n---\nSee [@a; @b, p. 3] and @c, not me@example.com.\n'],
  ['typst', '#bibliography(("a.bib", "b.yml"))\nSee @a and #cite(<b>).\n'],
  ['restructuredtext', 'See :cite:`a,b`.\n\n.. bibliography:: refs.bib\n'],
  ['plaintext', 'See \\cite{a} and [@b].\n'],
];

suite('scanDocument: one reading for citations and bibliographies', () => {
  for (const [languageId, text] of DOCUMENTS) {
    test(`${languageId}: the same citations and bibliographies as the readers apart`, () => {
      const scan = scanDocument(text, languageId);
      assert.deepEqual(scan.citations, citationsOfLanguage(text, languageId));
      assert.deepEqual(scan.bibliographies, findBibliographies(text, languageId));
    });
  }

  test('a LaTeX document: the commented-out \\bibliography and what follows \\end{document} are not read', () => {
    const scan = scanDocument(DOCUMENTS[0][1], 'latex');
    assert.deepEqual(scan.bibliographies.map(b => b.path), ['refs.bib', 'more.bib', 'other.bib']);
    assert.deepEqual(scan.citations.flatMap(c => c.keys.map(k => k.key)), ['a', 'b', 'c']);
  });
});
