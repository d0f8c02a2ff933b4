// The sample workspace's references.bib (what `npm start` opens, and the integration and UI tests
// cite from) through the real tools, every entry cited: pdflatex + bibtex, pdflatex + biber,
// biber --tool and pandoc --citeproc read it without a warning, and our reader finds what they print.
import * as assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBibliographies } from '../../src/core/bibliography/read';
import type { Reference } from '../../src/core/model/reference';
import { ROOT } from '../unit/support/seeds';
import { run, timings, workDir, type Run } from './tools';

const SAMPLE = join(ROOT, 'test', 'fixtures', 'workspace', 'references.bib');

async function sample(): Promise<Reference[]> {
  const [read] = await readBibliographies([{ uri: SAMPLE, file: 'references.bib', text: readFileSync(SAMPLE, 'utf8') }]);
  assert.deepEqual(read.problems, []);
  return read.references;
}

/** Runs `steps` in a fresh directory holding the sample and `files`; `check` sees the directory before it goes. */
function inWorkDir(label: string, files: Record<string, string>, steps: [string, string[]][], check: (read: (name: string) => string, runs: readonly [string, Run][]) => void): void {
  const work = workDir('sample');
  try {
    copyFileSync(SAMPLE, join(work.dir, 'references.bib'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(work.dir, name), text);
    const runs: [string, Run][] = [];
    for (const [tool, args] of steps) {
      const r = run(tool, args, work.dir);
      assert.equal(r.status, 0, `${tool} ${args.join(' ')} exited with ${r.status}:\n${r.stdout.slice(-3000)}${r.stderr}`);
      runs.push([tool, r]);
    }
    check(name => readFileSync(join(work.dir, name), 'utf8'), runs);
    timings(label, runs);
  } finally {
    work.done();
  }
}

const latex = (preamble: string, end: string) => `\\documentclass{article}\n${preamble}\n\\begin{document}\n\\nocite{*}\n${end}\n\\end{document}\n`;
const pdflatex: [string, string[]] = ['pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'doc.tex']];
const entryCount = (bbl: string, pattern: RegExp) => (bbl.match(pattern) ?? []).length;

suite('The sample bibliography (test/fixtures/workspace/references.bib) through the real tools', () => {
  test('it shows every kind of entry: journal articles, a book, a thesis, an arXiv preprint, a corporate author', async () => {
    const references = await sample();
    const types = references.map(r => r.sourceType);
    assert.ok(types.filter(t => t === 'article').length >= 3, types.join(', '));
    for (const type of ['book', 'phdthesis', 'misc']) assert.ok(types.includes(type), `an @${type}`);
    assert.ok(references.some(r => r.links?.includes('https://arxiv.org/abs/1412.6980')), 'an arXiv preprint with its eprint');
    assert.ok(references.some(r => r.author?.length === 1 && r.author[0].literal === 'OpenAI'), 'a corporate author, braced');
    assert.ok(references.some(r => r.key === 'russell2020aima'), 'the entry the documents cite');
  });

  test('pdflatex + bibtex (plain): every entry printed, no warning', async () => {
    const count = (await sample()).length;
    inWorkDir('sample: pdflatex + bibtex', { 'doc.tex': latex('', '\\bibliographystyle{plain}\n\\bibliography{references}') },
      [pdflatex, ['bibtex', ['doc']], pdflatex, pdflatex], read => {
        assert.deepEqual(read('doc.blg').split('\n').filter(l => /^Warning--|error message/i.test(l)), []);
        assert.equal(entryCount(read('doc.bbl'), /\\bibitem/g), count);
        assert.doesNotMatch(read('doc.log'), /undefined|^!/m);
      });
  });

  test('pdflatex + biber (biblatex): every entry printed, no WARN or ERROR', async () => {
    const count = (await sample()).length;
    inWorkDir('sample: pdflatex + biber', { 'doc.tex': latex('\\usepackage[backend=biber]{biblatex}\n\\addbibresource{references.bib}', '\\printbibliography') },
      [pdflatex, ['biber', ['doc']], pdflatex, pdflatex], read => {
        assert.deepEqual(read('doc.blg').split('\n').filter(l => /\b(WARN|ERROR)\b/.test(l)), []);
        assert.equal(entryCount(read('doc.bbl'), /\\entry\{/g), count);
        assert.doesNotMatch(read('doc.log'), /undefined|^!/m);
      });
  });

  test('biber --tool reads every entry, with no WARN or ERROR', async () => {
    const keys = (await sample()).map(r => r.key);
    inWorkDir('sample: biber --tool', {}, [['biber', ['--tool', '--output-file', 'out.bib', 'references.bib']]], read => {
      assert.deepEqual(read('references.bib.blg').split('\n').filter(l => /\b(WARN|ERROR)\b/.test(l)), []);
      assert.deepEqual([...read('out.bib').matchAll(/^@\w+\{([^,]+),/gm)].map(m => m[1]).sort(), [...keys].sort());
    });
  });

  test('pandoc --citeproc prints every title and author, without a warning', async () => {
    const references = await sample();
    const document = "---\nbibliography: references.bib\nnocite: '@*'\n---\n\n# References\n";
    inWorkDir('sample: pandoc --citeproc', { 'doc.md': document }, [['pandoc', ['doc.md', '--citeproc', '--wrap=none', '-t', 'plain', '-o', 'out.txt']]], (read, [[, pandoc]]) => {
      assert.equal(pandoc.stderr, '', 'pandoc printed warnings');
      const printed = read('out.txt').replace(/[‘’“”]/g, "'").replace(/\s+/g, ' ').toLowerCase();
      for (const r of references) {
        assert.ok(printed.includes(r.title!.toLowerCase()), `"${r.title}" is printed`);
        const first = r.author![0];
        assert.ok(printed.includes((first.family ?? first.literal)!.toLowerCase()), `${r.key}'s first author is printed`);
      }
    });
  });
});
