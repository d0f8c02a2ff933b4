// The whole corpus cited from LaTeX, with the .bib written by the append planner, through
// the real tools: pdflatex + bibtex (natbib) and pdflatex + biber (biblatex).
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { citationText, readCitationSettings, templateFor } from '../../src/core/cite/forms';
import { seedCorpus } from '../unit/support/seeds';
import { writeBibliography } from './bibliography';
import { run, timings, workDir, type Run } from './tools';

/** Cites every paper with the template the extension would use, twenty keys a citation. */
function citeAll(latexCommand: string): string {
  const { settings, problems } = readCitationSettings({ latexCommand });
  assert.deepEqual(problems, []);
  const papers = seedCorpus().papers;
  const lines: string[] = [];
  for (let i = 0; i < papers.length; i += 20) lines.push(`Cited ${citationText(papers.slice(i, i + 20), templateFor('latex', settings))}.`);
  return lines.join('\n\n');
}

/** Problems a LaTeX log reports: errors, undefined citations or references, unset Unicode characters. */
function logProblems(log: string): string[] {
  return log.split('\n').filter(l => /^!|undefined|Unicode character|Error/i.test(l) && !/infwarerr|Package: |^\(.*\.sty/.test(l));
}

const pdflatex = (dir: string) => run('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'doc.tex'], dir);

function expectClean(step: string, r: Run): void {
  assert.equal(r.status, 0, `${step} exited with ${r.status}:\n${r.stdout.slice(-3000)}`);
}

interface Compiled { bib: string; blg: string; log: string; bbl: string }

/**
 * Writes `document` and the bibliography it names (by the append planner) into a fresh
 * directory, then runs pdflatex, the bibliography tool, and pdflatex twice, each checked
 * for its exit status. `check` sees the outputs before the directory goes.
 */
function compile(label: string, document: string, tool: 'bibtex' | 'biber', check: (out: Compiled) => void): void {
  const work = workDir(tool);
  try {
    writeFileSync(join(work.dir, 'doc.tex'), document);
    const bib = writeBibliography(work.dir, document, 'latex', seedCorpus().papers);
    const read = (ext: string) => readFileSync(join(work.dir, `doc.${ext}`), 'utf8');
    const steps: [string, Run][] = [['pdflatex', pdflatex(work.dir)]];
    expectClean('pdflatex', steps[0][1]);
    steps.push([tool, run(tool, ['doc'], work.dir)]);
    assert.equal(steps[1][1].status, 0, `${tool} exited with ${steps[1][1].status}:\n${read('blg')}`);
    steps.push(['pdflatex', pdflatex(work.dir)], ['pdflatex', pdflatex(work.dir)]);
    steps.slice(2).forEach(([name, r]) => expectClean(name, r));
    check({ bib: bib.text, blg: read('blg'), log: read('log'), bbl: read('bbl') });
    timings(label, steps);
  } finally {
    work.done();
  }
}

suite('LaTeX tools on the whole corpus', () => {
  test('pdflatex + bibtex (natbib, plainnat): every key defined, no error', () => {
    const document = [
      '\\documentclass{article}',
      '\\usepackage{natbib}',
      '\\usepackage{url}',
      '\\begin{document}',
      citeAll('\\citep'),
      '\\bibliographystyle{plainnat}',
      '\\bibliography{refs}',
      '\\end{document}',
    ].join('\n');
    compile('pdflatex + bibtex', document, 'bibtex', ({ bib, blg, log, bbl }) => {
      assert.match(bib, /^@misc\{/, 'natbib documents get BibTeX @misc entries');
      assert.doesNotMatch(blg, /error message/i, blg);
      // plainnat wants a year for its author-year labels; the pages print one for few papers and
      // none is ever invented, so "empty year" is the one warning allowed, and only for those.
      const noYear = new Set(seedCorpus().papers.filter(p => p.year === null).map(p => p.key));
      const warnings = blg.split('\n').filter(l => l.startsWith('Warning--'));
      assert.deepEqual(warnings.filter(l => !(/^Warning--empty year in (\S+)$/.test(l) && noYear.has(l.slice(23)))), []);
      assert.deepEqual(logProblems(log), []);
      assert.equal((bbl.match(/\\bibitem/g) ?? []).length, seedCorpus().papers.length);
    });
  });

  test('pdflatex + biber (biblatex): every key defined, no error, no warning', () => {
    const document = [
      '\\documentclass{article}',
      '\\usepackage[backend=biber]{biblatex}',
      '\\addbibresource{refs.bib}',
      '\\begin{document}',
      citeAll('\\autocite'),
      '\\printbibliography',
      '\\end{document}',
    ].join('\n');
    compile('pdflatex + biber', document, 'biber', ({ bib, blg, log, bbl }) => {
      assert.match(bib, /^@online\{/, 'biblatex documents get @online entries');
      assert.deepEqual(blg.split('\n').filter(l => /\b(WARN|ERROR)\b/.test(l)), []);
      assert.deepEqual(logProblems(log), []);
      assert.equal((bbl.match(/\\entry\{/g) ?? []).length, seedCorpus().papers.length);
      // biber decodes accents back to UTF-8 and keeps the math: both typeset under pdflatex.
      assert.match(bbl, /TÜLU 3/);
      assert.match(bbl, /\{\$\\tau\^2\$\}-Bench/);
    });
  });
});
