// The whole corpus cited from Markdown through pandoc --citeproc, with a .bib file and with a
// CSL-JSON file written by the append planner; and pandoc's reading of the .bib entries,
// which shows that the LaTeX encoding decodes back to the titles the pages printed.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bestLink, bibtexEntry, paperNote } from '../../src/core/bibliography/paperEntry';
import { citationText, templateFor } from '../../src/core/cite/forms';
import { seedCorpus } from '../unit/support/seeds';
import { writeBibliography } from './bibliography';
import { run, timings, workDir, type Run } from './tools';

function markdownCitingAll(bibliography: string): string {
  const papers = seedCorpus().papers;
  const paragraphs: string[] = [];
  for (let i = 0; i < papers.length; i += 20) paragraphs.push(`Cited ${citationText(papers.slice(i, i + 20), templateFor('markdown'))}.`);
  return `---\ntitle: Every paper\nbibliography: ${bibliography}\n---\n\n${paragraphs.join('\n\n')}\n\n# References\n`;
}

/**
 * Pandoc's typography, undone: curly quotes (citeproc also turns "…" inside a quoted title
 * into ‘…’, so every quote compares as one), "--" typeset as an en dash.
 */
const plainTypography = (text: string) => text.replace(/[‘’“”"]/g, "'").replace(/–/g, '--').replace(/\s+/g, ' ');

/**
 * A page title with a caret (`τ^2-Bench`, `FaSTA^*`, `GUI-360^circ`) as pandoc prints its math in
 * plain text: digits as superscript digits, anything else as `^(…)`, `circ` as the ring it is.
 */
const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const asPrinted = (title: string) => title
  .replace(/\^(\d+)/g, (_, digits: string) => [...digits].map(d => SUPERSCRIPT_DIGITS[Number(d)]).join(''))
  .replace(/\^circ\b/g, '^(∘)')
  .replace(/\^([*A-Za-z])(?![A-Za-z])/g, '^($1)');

function renderAll(bibliography: string): void {
  const work = workDir('pandoc');
  try {
    const document = markdownCitingAll(bibliography);
    writeFileSync(join(work.dir, 'doc.md'), document);
    writeBibliography(work.dir, document, 'markdown', seedCorpus().papers);
    const r = run('pandoc', ['doc.md', '--citeproc', '--wrap=none', '-t', 'plain'], work.dir);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '', 'pandoc printed warnings');
    assert.doesNotMatch(r.stdout, /\?\?\?/, 'a citation was not found');
    const output = plainTypography(r.stdout).toLowerCase();
    for (const paper of seedCorpus().papers) {
      // A .bib title carries the caret's superscript as math; CSL-JSON carries the title as the page wrote it.
      const title = bibliography.endsWith('.bib') ? asPrinted(paper.title) : paper.title;
      assert.ok(output.includes(plainTypography(title).toLowerCase()), `"${title}" is not in the rendered bibliography`);
    }
    timings(`pandoc --citeproc with ${bibliography}`, [['pandoc', r]]);
  } finally {
    work.done();
  }
}

suite('pandoc on the whole corpus', () => {
  test('Markdown citing every key renders with a .bib bibliography, without a warning', () => renderAll('refs.bib'));

  test('Markdown citing every key renders with a CSL-JSON bibliography, without a warning', () => renderAll('refs.json'));

  test('pandoc reads every entry of both flavours back to the title, year, url and note the corpus has', () => {
    const work = workDir('pandoc-read');
    try {
      const papers = seedCorpus().papers;
      const steps: [string, Run][] = [];
      for (const flavour of ['bibtex', 'biblatex'] as const) {
        writeFileSync(join(work.dir, 'refs.bib'), papers.map(p => bibtexEntry(p, flavour)).join('\n'));
        const r = run('pandoc', ['-f', flavour, '-t', 'csljson', 'refs.bib'], work.dir);
        steps.push([`pandoc -f ${flavour}`, r]);
        assert.equal(r.status, 0, r.stderr);
        assert.equal(r.stderr, '');
        const items = new Map((JSON.parse(r.stdout) as { id: string; title: string; URL?: string; note?: string; issued?: { 'date-parts': number[][] } }[]).map(i => [i.id, i]));
        assert.equal(items.size, papers.length);
        for (const p of papers) {
          const item = items.get(p.key);
          assert.ok(item, `${p.key} missing`);
          // Pandoc keeps math as TeX in CSL-JSON: the one Greek letter of the corpus comes back as "\tau".
          assert.equal(plainTypography(item.title.replace(/\\tau\b/g, 'τ')), plainTypography(p.title), p.key);
          assert.equal(item.issued?.['date-parts'][0][0] ?? null, p.year, p.key);
          assert.equal(item.URL ?? null, bestLink(p), p.key);
          assert.equal(item.note, paperNote(p), p.key);
        }
      }
      timings('pandoc reading .bib', steps);
    } finally {
      work.done();
    }
  });
});
