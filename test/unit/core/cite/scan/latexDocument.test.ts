// What the LaTeX pass says of a file besides its citations: the bibliographies it names, the
// files it brings in, its class, the magic comment, biblatex, its \bibitem keys, each read as TeX reads the file.
// test/tools/latexDocument.test.ts asks pdflatex and BibTeX themselves about the same readings.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { findCitations, scanLatexDocument } from '../../../../../src/core/cite/scan';

const bibliographies = (text: string) => scanLatexDocument(text).bibliographies.map(b => b.path);
const includes = (text: string) => scanLatexDocument(text).includes.map(i => i.path);

suite('scanLatexDocument: comments, verbatim and \\iffalse as TeX reads them', () => {
  test('\\\\% is a line break, then a comment; \\% is a percent sign, then the command', () => {
    assert.deepEqual(bibliographies('end of a line\\\\%\\bibliography{a}\n'), []);
    assert.deepEqual(bibliographies('50\\%\\bibliography{a}\n'), ['a.bib']);
    assert.deepEqual(bibliographies('\\\\% \\addbibresource{old.bib}\n\\addbibresource{new.bib}'), ['new.bib']);
    assert.deepEqual(includes('a line\\\\%\\input{a}\n'), []);
    assert.deepEqual(includes('50\\%\\input{a}\n'), ['a.tex']);
    // An escaped backslash before an escaped percent: a line break, then a percent sign.
    assert.deepEqual(bibliographies('\\\\\\%\\bibliography{a}'), ['a.bib']);
  });

  test('nothing in \\verb, a verbatim environment, an \\iffalse branch or after \\end{document}', () => {
    for (const hidden of ['\\verb|\\bibliography{no}\\input{no}|', '\\verb*+\\bibliography{no}\\input{no}+',
      '\\begin{verbatim}\n\\bibliography{no}\n\\input{no}\n\\end{verbatim}', '\\begin{lstlisting}\\bibliography{no}\\input{no}\\end{lstlisting}',
      '\\iffalse\n\\bibliography{no}\n\\input{no}\n\\fi', '\\iffalse \\ifx\\a\\b \\bibliography{no} \\fi \\input{no} \\fi',
      '% \\bibliography{no} \\input{no}', '\\url{https://x.org/\\bibliography{no}}']) {
      assert.deepEqual(scanLatexDocument(`${hidden}\n\\bibliography{yes}\\input{yes}`).bibliographies.map(b => b.path), ['yes.bib'], hidden);
      assert.deepEqual(includes(`${hidden}\n\\bibliography{yes}\\input{yes}`), ['yes.tex'], hidden);
    }
    assert.deepEqual(bibliographies('\\iffalse \\bibliography{no} \\else \\bibliography{yes} \\fi'), ['yes.bib']);
    assert.deepEqual(bibliographies('\\bibliography{yes}\n\\end{document}\n\\bibliography{after}'), ['yes.bib']);
    assert.deepEqual(includes('\\input{yes}\n\\end{document}\n\\input{after}'), ['yes.tex']);
  });

  test('the citations are those findCitations finds, however the text mixes commands (fast-check)', () => {
    const piece = fc.constantFrom('\\cite{a,b}', '\\bibliography{r}', '\\input{c}', '\\\\%', '\\%', '%', '\n', '\\verb|', '|', '\\iffalse', '\\fi',
      '\\begin{verbatim}', '\\end{verbatim}', '{', '}', '[', ']', '\\documentclass[x]{y}', '\\usepackage{biblatex}', '% !TEX root = m.tex\n', 'text ');
    fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), pieces => {
      const text = pieces.join('');
      assert.deepEqual(scanLatexDocument(text).citations, findCitations(text, 'latex'));
    }), { numRuns: 300 });
  });
});

suite('scanLatexDocument: bibliographies, includes, class, root, biblatex', () => {
  test('bibliographies: BibTeX\'s list with ".bib" added, biblatex\'s resources as written, each with its line', () => {
    const text = '\\documentclass{article}\n\\addbibresource[location=local]{refs.bib}\n\\addglobalbib{global.bib}\n\\begin{document}\n\\addsectionbib{sec.json}\n'
      + '\\bibliography{a, b.bib,% a comment\n  dir/c}\n\\bibliographystyle{plain}\n\\end{document}';
    assert.deepEqual(scanLatexDocument(text).bibliographies, [
      { path: 'refs.bib', command: 'addbibresource', line: 2 }, { path: 'global.bib', command: 'addglobalbib', line: 3 },
      { path: 'sec.json', command: 'addsectionbib', line: 5 }, { path: 'a.bib', command: 'bibliography', line: 6 },
      { path: 'b.bib', command: 'bibliography', line: 6 }, { path: 'dir/c.bib', command: 'bibliography', line: 6 },
    ]);
    // Still being typed, or a macro's parameter: no file.
    assert.deepEqual(bibliographies('\\bibliography{refs\n\n\\addbibresource{} \\newcommand{\\bib}[1]{\\bibliography{#1}}'), []);
  });

  test('includes: every command that brings a file in, its kind, the argument as written, its line', () => {
    const text = '\\input{chapters/intro}\n\\input appendix\n\\include{b.tex} \\subfile{s}\n\\import{parts}{a}\n\\subimport*{parts/}{ b }\n'
      + '\\inputfrom{x/}{c}\\includefrom{x}{d}\\subinputfrom{y}{e}\\subincludefrom{y/}{f}\n\\includegraphics{fig}\\inputencoding{utf8}';
    assert.deepEqual(scanLatexDocument(text).includes, [
      { path: 'chapters/intro.tex', kind: 'input', command: 'input', written: 'chapters/intro', line: 1 },
      { path: 'appendix.tex', kind: 'input', command: 'input', written: 'appendix', line: 2 },
      { path: 'b.tex', kind: 'input', command: 'include', written: 'b.tex', line: 3 },
      { path: 's.tex', kind: 'input', command: 'subfile', written: 's', line: 3 },
      { path: 'parts/a.tex', kind: 'import', command: 'import', written: 'a', folder: 'parts', line: 4 },
      { path: 'parts/b.tex', kind: 'import', command: 'subimport', written: ' b ', folder: 'parts/', line: 5 },
      { path: 'x/c.tex', kind: 'import', command: 'inputfrom', written: 'c', folder: 'x/', line: 6 },
      { path: 'x/d.tex', kind: 'import', command: 'includefrom', written: 'd', folder: 'x', line: 6 },
      { path: 'y/e.tex', kind: 'import', command: 'subinputfrom', written: 'e', folder: 'y', line: 6 },
      { path: 'y/f.tex', kind: 'import', command: 'subincludefrom', written: 'f', folder: 'y/', line: 6 },
    ]);
    assert.deepEqual(includes('\\input %\n  {spread}  \\input{#1} \\input{} \\include{unclosed'), ['spread.tex']);
  });

  test('the class and its options; the subfiles class names its main file', () => {
    assert.deepEqual(scanLatexDocument('% !TeX program = pdflatex\n\\documentclass[12pt, a4paper]{report}').documentClass, { name: 'report', options: '12pt, a4paper', line: 2 });
    assert.deepEqual(scanLatexDocument('\\documentclass[../main.tex]{subfiles}').documentClass, { name: 'subfiles', options: '../main.tex', line: 1 });
    assert.deepEqual(scanLatexDocument('\\documentclass').documentClass, { name: '', line: 1 }, 'a class still being typed');
    assert.equal(scanLatexDocument('\\begin{verbatim}\\documentclass{article}\\end{verbatim}').documentClass, undefined);
    assert.equal(scanLatexDocument('\\\\%\\documentclass{article}').documentClass, undefined);
  });

  test('the magic comment: a comment with its line to itself, the first one, its line', () => {
    assert.deepEqual(scanLatexDocument('%\n  % !TeX root = ../thesis.tex \r\n% !TEX root = other.tex\n\\chapter{A}').root, { path: '../thesis.tex', line: 2 });
    assert.deepEqual(scanLatexDocument('%!TEX root=main\n').root, { path: 'main', line: 1 });
    assert.equal(scanLatexDocument('text % !TEX root = main.tex\n').root, undefined, 'a comment after text on its line');
    assert.equal(scanLatexDocument('\\begin{verbatim}\n% !TEX root = main.tex\n\\end{verbatim}').root, undefined);
    assert.equal(scanLatexDocument('% !TEX root =   \n').root, undefined);
  });

  test('biblatex: among the packages, a package that loads it, or a resource named', () => {
    const biblatex = (text: string) => scanLatexDocument(text).biblatex;
    assert.deepEqual(biblatex('\\documentclass{article}\n\\usepackage[backend=biber,\n  style=apa]{csquotes, biblatex}'), { line: 2 });
    assert.deepEqual(biblatex('\\usepackage{biblatex-chicago}'), { line: 1 });
    assert.deepEqual(biblatex('\\RequirePackage{biblatex}'), { line: 1 });
    assert.deepEqual(biblatex('\n\\addbibresource{refs.bib}'), { line: 2 });
    for (const text of ['\\usepackage{natbib}', '% \\usepackage{biblatex}', '\\usepackage{mybiblatex}', '\\iffalse\\usepackage{biblatex}\\fi', '\\\\%\\usepackage{biblatex}']) {
      assert.equal(biblatex(text), undefined, text);
    }
  });

  test('\\bibitem keys: a label of any shape, the key as TeX reads it; none in a comment, \\verb, verbatim or an \\iffalse branch', () => {
    const bibitems = (text: string) => scanLatexDocument(text).bibitems;
    assert.deepEqual(bibitems('\\begin{thebibliography}{9}\n\\bibitem{knuth84} D. Knuth.\n\\bibitem[{Lamport}(1994)]{ lamport94 }\n\\bibitem [Doe\n  et al.] {doe}\n\\end{thebibliography}'), ['knuth84', 'lamport94', 'doe']);
    for (const hidden of ['% \\bibitem{no}', 'a line\\\\%\\bibitem{no}', '\\verb|\\bibitem{no}|', '\\begin{verbatim}\n\\bibitem{no}\n\\end{verbatim}', '\\iffalse\n\\bibitem{no}\n\\fi']) {
      assert.deepEqual(bibitems(`${hidden}\n\\bibitem{yes}`), ['yes'], hidden);
    }
    assert.deepEqual(bibitems('50\\%\\bibitem{yes}'), ['yes'], 'an escaped percent sign is no comment');
    assert.deepEqual(bibitems('\\bibitem[label]\n\n\\bibitem{}\\bibitem[open'), [], 'an item still being typed defines no key');
  });
});
