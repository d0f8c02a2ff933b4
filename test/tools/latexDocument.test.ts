// The LaTeX pass (scanLatexDocument) against TeX itself, on small documents that hide commands
// behind `\\%` (a line break, then a comment), next to `\%` (a percent sign), in comments,
// `\verb`, verbatim environments and `\iffalse` branches:
//   - bibliographies: the names LaTeX writes to the .aux (`\bibdata{…}`) and the database files
//     BibTeX then reads (its .blg), for `\bibliography`; the resources biblatex hands to biber
//     (the .bcf) for `\addbibresource` and `\addglobalbib`;
//   - includes: the .tex files TeX opened (`-recorder` writes each to the .fls as an INPUT line).
// Every file a case names, read or hidden, exists: a file TeX leaves unread was not asked for.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { scanLatexDocument } from '../../src/core/cite/scan';
import { run, timings, workDir, type Run } from './tools';

const BIB_FILES = ['a', 'b', 'c', 'no', 'dir/e'];
const TEX_FILES = ['in1', 'in2', 'in3', 'inc', 'parts/imp', 'parts/sub', 'parts/inf', 'parts/sinf', 'parts/incf', 'no1', 'no2', 'no3', 'no4', 'no5', 'no6', 'no7'];

interface Case {
  name: string;
  preamble?: string[];
  body: string;
  /** Text after `\end{document}`, which TeX never reads. */
  after?: string;
}

/** A document in a file of its own (so each case's .aux, .bcf and .fls are its own). */
function documentOf(c: Case, before: string[] = [], packages: string[] = []): string {
  return ['\\documentclass{article}', ...packages, ...(c.preamble ?? []), '\\begin{document}', ...before, c.body, '\\end{document}', c.after ?? '', ''].join('\n');
}

/** Writes every file a case may name into `dir`. */
function writeFiles(dir: string): void {
  for (const name of BIB_FILES) {
    mkdirSync(join(dir, dirname(name)), { recursive: true });
    const key = name.replace('/', '-');
    writeFileSync(join(dir, `${name}.bib`), `@misc{${key}, author = {Author, An}, title = {Title ${key}}, year = {2000}}\n`);
  }
  for (const name of TEX_FILES) {
    mkdirSync(join(dir, dirname(name)), { recursive: true });
    writeFileSync(join(dir, `${name}.tex`), `% ${name}: brings nothing in\n`);
  }
  writeFileSync(join(dir, 'sub.tex'), '\\documentclass[includes.tex]{subfiles}\n\\begin{document}\nA subfile.\n\\end{document}\n');
}

const pdflatex = (dir: string, name: string) => run('pdflatex', ['-recorder', '-interaction=nonstopmode', '-halt-on-error', `${name}.tex`], dir);

/** Compiles `name`.tex, which must be valid LaTeX for the judge to mean anything. */
function compile(dir: string, name: string, text: string): Run {
  writeFileSync(join(dir, `${name}.tex`), text);
  const r = pdflatex(dir, name);
  assert.equal(r.status, 0, `${name}.tex: pdflatex exited with ${r.status}:\n${r.stdout.slice(-2000)}`);
  return r;
}

const sorted = (paths: Iterable<string>) => [...new Set(paths)].sort();

suite('the LaTeX pass reads what TeX reads: bibliographies and included files', () => {
  test('\\bibliography: the .aux \\bibdata and the database files BibTeX reads are the ones found', () => {
    const cases: Case[] = [
      { name: 'a list, ".bib" added per name, a comment inside', body: '\\bibliography{a, b.bib,% a comment\n  dir/e}' },
      { name: '\\\\% is a line break, then a comment', body: 'a line\\\\%\\bibliography{no}\n\\bibliography{a}' },
      { name: '\\% is a percent sign', body: '50\\%\\bibliography{b}' },
      { name: '\\\\\\% is a line break, then a percent sign', body: 'a line\\\\\\%\\bibliography{c}' },
      { name: 'a comment', body: '% \\bibliography{no}\n\\bibliography{a}' },
      { name: '\\verb', body: '\\verb|\\bibliography{no}| \\bibliography{a}' },
      { name: 'verbatim', body: '\\begin{verbatim}\n\\bibliography{no}\n\\end{verbatim}\n\\bibliography{a}' },
      { name: 'lstlisting', preamble: ['\\usepackage{listings}'], body: '\\begin{lstlisting}\n\\bibliography{no}\n\\end{lstlisting}\n\\bibliography{a}' },
      { name: 'the comment package', preamble: ['\\usepackage{comment}'], body: '\\begin{comment}\n\\bibliography{no}\n\\end{comment}\n\\bibliography{a}' },
      { name: '\\iffalse, with a conditional inside', body: '\\iffalse \\ifx\\a\\b \\bibliography{no} \\fi \\bibliography{no} \\else \\bibliography{a} \\fi' },
      { name: 'after \\end{document}', body: '\\bibliography{a}', after: '\\bibliography{no}' },
    ];
    const work = workDir('latex-bibdata');
    try {
      writeFiles(work.dir);
      const steps: [string, Run][] = [];
      cases.forEach((c, i) => {
        const text = documentOf(c, ['\\nocite{*}', '\\bibliographystyle{plain}']);
        const name = `bib${i}`;
        steps.push([`pdflatex ${name}`, compile(work.dir, name, text)]);
        const aux = readFileSync(join(work.dir, `${name}.aux`), 'utf8');
        const bibdata = [...aux.matchAll(/^\\bibdata\{([^}]*)\}/gm)].flatMap(m => m[1].split(','));
        const bibtex = run('bibtex', [name], work.dir);
        steps.push([`bibtex ${name}`, bibtex]);
        const read = [...readFileSync(join(work.dir, `${name}.blg`), 'utf8').matchAll(/^Database file #\d+: (.+)$/gm)].map(m => m[1]);
        const found = scanLatexDocument(text).bibliographies.map(b => b.path);
        assert.deepEqual(found, read, `${c.name}: BibTeX read ${JSON.stringify(read)}`);
        assert.deepEqual(found, bibdata.map(n => (n.endsWith('.bib') ? n : `${n}.bib`)), `${c.name}: the .aux names ${JSON.stringify(bibdata)}`);
        assert.ok(!found.includes('no.bib'), c.name);
      });
      timings(`\\bibliography (${cases.length} documents)`, steps);
    } finally {
      work.done();
    }
  });

  test('\\addbibresource and \\addglobalbib: the resources biblatex writes to the .bcf are the ones found', () => {
    const cases: Case[] = [
      {
        name: 'resources with options, a comment, \\iffalse, the comment package',
        preamble: ['\\usepackage{comment}', '\\usepackage[backend=biber]{biblatex}', '\\addbibresource{a.bib}', '\\addbibresource[location=local]{b.bib}',
          '% \\addbibresource{no.bib}', '\\iffalse \\addbibresource{no.bib} \\fi', '\\begin{comment}', '\\addbibresource{no.bib}', '\\end{comment}', '\\addglobalbib{c.bib}'],
        body: '\\nocite{*}',
      },
      { name: 'a resource on a line of its own, broken after the command', preamble: ['\\usepackage{biblatex}', '\\addbibresource%', '  {dir/e.bib}'], body: '\\nocite{*}' },
    ];
    const work = workDir('latex-bcf');
    try {
      writeFiles(work.dir);
      const steps: [string, Run][] = [];
      cases.forEach((c, i) => {
        const text = documentOf(c);
        const name = `bcf${i}`;
        steps.push([`pdflatex ${name}`, compile(work.dir, name, text)]);
        const bcf = readFileSync(join(work.dir, `${name}.bcf`), 'utf8');
        const resources = [...bcf.matchAll(/<bcf:datasource [^>]*>([^<]*)<\/bcf:datasource>/g)].map(m => m[1]);
        const document = scanLatexDocument(text);
        assert.deepEqual(document.bibliographies.map(b => b.path), resources, c.name);
        assert.ok(document.biblatex, `${c.name}: biblatex is loaded`);
      });
      timings(`\\addbibresource (${cases.length} documents)`, steps);
    } finally {
      work.done();
    }
  });

  test('\\input, \\include, \\subfile, \\import and their kin: the files TeX opened (-recorder) are the ones found', () => {
    const c: Case = {
      name: 'includes',
      preamble: ['\\usepackage{import}', '\\usepackage{subfiles}', '\\usepackage{comment}', '\\usepackage{listings}'],
      body: [
        '\\input{in1}', '\\input in2', '50\\%\\input{in3}', '\\include{inc}', '\\subfile{sub}', '\\import{parts/}{imp}', '\\subimport*{parts}{sub}',
        '\\inputfrom{parts/}{inf}', '\\subinputfrom{parts/}{sinf}', '\\includefrom{parts/}{incf}',
        'a line\\\\%\\input{no1}', '\\verb|\\input{no2}|', '\\iffalse \\input{no3} \\fi', '% \\input{no4}',
        '\\begin{verbatim}', '\\input{no6}', '\\end{verbatim}', '\\begin{comment}', '\\input{no7}', '\\end{comment}',
      ].join('\n'),
      after: '\\input{no5}',
    };
    const work = workDir('latex-fls');
    try {
      writeFiles(work.dir);
      const text = documentOf(c);
      const r = compile(work.dir, 'includes', text);
      const opened = [...readFileSync(join(work.dir, 'includes.fls'), 'utf8').matchAll(/^INPUT (?:\.\/)?([^/\n][^\n]*\.tex)$/gm)].map(m => m[1]);
      const found = scanLatexDocument(text).includes;
      assert.deepEqual(sorted(found.map(f => f.path)), sorted(opened.filter(path => path !== 'includes.tex')));
      assert.equal(found.filter(f => f.path.startsWith('no')).length, 0);
      assert.deepEqual(found.map(f => f.kind), ['input', 'input', 'input', 'input', 'input', 'import', 'import', 'import', 'import', 'import']);
      timings('includes', [['pdflatex -recorder', r]]);
    } finally {
      work.done();
    }
  });
});
