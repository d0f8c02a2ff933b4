import * as assert from 'node:assert/strict';
import { findCitations } from '../../../../src/core/cite/scan';
import { languageOfPath, type CitationSyntax } from '../../../../src/core/cite/languages';
import {
  checkCitations, checkDocuments, citedKeys, editDistance, failsCheck, findLatexMain, includedFiles, inlineKeys, isLatexMain, latexRoot,
  lineColumns, nearMisses, problemSeverity, resolvePath, unusedEntries, type CheckFiles, type CheckedBibliography,
} from '../../../../src/core/health';

const refs = (file: string, ...keys: string[]): CheckedBibliography => ({ file, keys: new Set(keys) });

function check(text: string, syntax: CitationSyntax, bibliographies: CheckedBibliography[], extra: { noMainFile?: boolean; suggested?: string } = {}) {
  return checkCitations({ syntax, text, citations: findCitations(text, syntax), bibliographies, ...extra })
    .map(p => ({ code: p.code, key: p.key, at: text.slice(p.start, p.end), message: p.message }));
}

suite('near misses: which defined key a mistyped one meant', () => {
  test('edit distance counts insertions, deletions, substitutions and swaps, and stops past its bound', () => {
    assert.equal(editDistance('russel2020aima', 'russell2020aima', 3), 1);
    assert.equal(editDistance('vaswnai2017', 'vaswani2017', 3), 1, 'a swap of neighbours is one edit');
    assert.equal(editDistance('abc', 'abc', 0), 0);
    assert.equal(editDistance('kitten', 'sitting', 5), 3);
    assert.equal(editDistance('a', 'abcdefgh', 2), 3, 'beyond the bound: bound + 1');
    assert.equal(editDistance('abcdefgh', 'zyxwvuts', 2), 3);
  });

  test('a key that differs only in case comes first, then the closest; far keys are never offered', () => {
    const keys = ['vaswani2017attention', 'Russell2020aima', 'russell2020aim', 'lecun1998'];
    assert.deepEqual(nearMisses('russell2020aima', keys), ['Russell2020aima', 'russell2020aim']);
    assert.deepEqual(nearMisses('lecun1989', keys), ['lecun1998']);
    assert.deepEqual(nearMisses('ReAct2022', keys), []);
    assert.deepEqual(nearMisses('ab', ['ac', 'xy', 'abc']), ['ac', 'abc'], 'short keys allow one edit');
    assert.deepEqual(nearMisses('a', ['b', 'c', 'd', 'e'], 2), ['b', 'c'], 'at most limit, in the order given');
  });
});

suite('checking a document\'s citations', () => {
  test('LaTeX: an undefined key is a warning on the key, naming the file; defined keys pass', () => {
    const text = '\\documentclass{article}\n\\begin{document}\nAs shown \\cite{russell2020aima, ReAct2022}.\n\\bibliography{references}\n\\end{document}\n';
    assert.deepEqual(check(text, 'latex', [refs('references.bib', 'russell2020aima')]), [
      { code: 'undefined-key', key: 'ReAct2022', at: 'ReAct2022', message: 'ReAct2022 is not in references.bib' },
    ]);
  });

  test('the message names every file the key is missing from, and a case-only difference', () => {
    const text = 'See [@Doe2020; @smith; @lee].';
    assert.deepEqual(check(text, 'pandoc', [refs('a.bib', 'doe2020'), refs('b.json', 'lee')]).map(p => p.message), [
      'Doe2020 is not in a.bib or b.json; it has doe2020 (keys are case-sensitive)',
      'smith is not in a.bib or b.json',
    ]);
    assert.deepEqual(check(text, 'pandoc', [refs('a.bib'), refs('b.bib'), refs('c.json', 'Doe2020', 'smith')]).map(p => p.message), ['lee is in none of a.bib, b.bib and c.json']);
  });

  test('a named file that does not exist yet: its keys are undefined, and the message says so', () => {
    assert.deepEqual(check('\\cite{a}', 'latex', [{ file: 'references.bib', keys: 'missing' }]).map(p => p.message), ['a is not in references.bib (which does not exist yet)']);
  });

  test('a document that cites but names no bibliography gets one warning that says what to add, in its language', () => {
    const bibtex = check('\\documentclass{article}\n\\cite{a} \\cite{b} \\cite{a}', 'latex', []);
    assert.equal(bibtex.length, 1);
    assert.equal(bibtex[0].code, 'no-bibliography');
    assert.equal(bibtex[0].at, 'a');
    assert.equal(bibtex[0].message, 'This document cites 2 keys but names no bibliography: add \\bibliography{references} where the references should be printed.');
    assert.match(check('\\usepackage[style=apa]{biblatex}\n\\autocite{a}', 'latex', [], { suggested: 'refs/main.bib' })[0].message, /add \\addbibresource\{refs\/main\.bib\} to the preamble/);
    assert.match(check('\\cite{a}', 'latex', [], { noMainFile: true })[0].message, /% !TEX root = main\.tex/);
    assert.match(check('Text [@a].', 'pandoc', [])[0].message, /^This document cites 1 key but names no bibliography: add "bibliography: references\.bib" to the front matter\.$/);
    assert.match(check('= Title\n@a', 'typst', [])[0].message, /#bibliography\("references\.bib"\)/);
    assert.match(check(':cite:`a`', 'rst', [])[0].message, /bibtex_bibfiles in conf\.py/);
  });

  test('Markdown without a bibliography: a bare @mention is no citation to complain about, a bracketed one is', () => {
    assert.deepEqual(check('Thanks to @octocat for the fix.', 'pandoc', []), []);
    assert.equal(check('Thanks to @octocat, as in [@doe2020].', 'pandoc', []).length, 1);
    // With a bibliography, pandoc looks every @key up, bare or not.
    assert.deepEqual(check('As @doe2020 says.', 'pandoc', [refs('r.bib', 'x')]).map(p => p.key), ['doe2020']);
  });

  test('keys the document defines itself: \\bibitem, front-matter references, Typst labels', () => {
    const thebibliography = '\\cite{knuth84,lamport}\n\\begin{thebibliography}{9}\n\\bibitem{knuth84} D. Knuth.\n% \\bibitem{lamport} commented out\n\\end{thebibliography}';
    assert.deepEqual([...inlineKeys(thebibliography, 'latex')], ['knuth84']);
    assert.deepEqual(check(thebibliography, 'latex', []).map(p => p.message), ['lamport is not in its \\bibitem list']);
    const front = '---\ntitle: T\nreferences:\n- id: doe2020\n  title: A\n---\n\nAs [@doe2020] and [@roe].\n';
    assert.deepEqual(check(front, 'pandoc', [refs('r.bib', 'x')]).map(p => p.message), ['roe is not in r.bib or the references of its front matter']);
    const typst = '= Intro <intro>\nSee @intro and @doe2020.\n#bibliography("refs.bib")';
    assert.deepEqual(check(typst, 'typst', [refs('refs.bib', 'x')]).map(p => p.key), ['doe2020']);
    assert.deepEqual(check('= Intro <intro>\nSee @intro.', 'typst', []), [], 'a reference to a label is no citation');
  });

  test('a commented-out citation is not checked; \\nocite{*} cites everything and no key named *', () => {
    assert.deepEqual(check('% \\cite{gone}\n\\cite{here}\n\\nocite{*}', 'latex', [refs('r.bib', 'here')]), []);
    const used = citedKeys(findCitations('\\cite{a,b}\\nocite{*}', 'latex'));
    assert.deepEqual([...used.keys], ['a', 'b']);
    assert.equal(used.all, true);
  });
});

suite('unused entries and problem severities', () => {
  test('entries no citing document uses; nothing when none cites the file or one cites everything', () => {
    const keys = ['a', 'b', 'c'];
    const lines = [1, 5, 9];
    assert.deepEqual(unusedEntries(keys, lines, [{ keys: new Set(['a']), all: false }, { keys: new Set(['c']), all: false }]), [{ key: 'b', line: 5 }]);
    assert.deepEqual(unusedEntries(keys, lines, []), []);
    assert.deepEqual(unusedEntries(keys, lines, [{ keys: new Set(), all: true }, { keys: new Set(['a']), all: false }]), []);
  });

  test('a duplicate key is shown as an error although the reader keeps the file whole', () => {
    assert.equal(problemSeverity({ severity: 'warning', code: 'duplicate-key' }), 'error');
    assert.equal(problemSeverity({ severity: 'warning', code: 'duplicate-field' }), 'warning');
    assert.equal(problemSeverity({ severity: 'error', code: 'syntax' }), 'error');
  });
});

suite('a LaTeX document split over files', () => {
  test('the main file a chapter names: magic comment or subfiles option', () => {
    assert.equal(latexRoot('% !TeX root = ../thesis.tex\n\\chapter{A}'), '../thesis.tex');
    assert.equal(latexRoot('%!TEX root=main\n'), 'main.tex');
    assert.equal(latexRoot('\\documentclass[../main.tex]{subfiles}'), '../main.tex');
    assert.equal(latexRoot('\\documentclass{article}'), undefined);
  });

  test('the files a file brings in, as written; comments bring nothing', () => {
    const text = '\\input{chapters/intro}\n% \\include{old}\n\\include{b.tex} \\subimport{parts/}{a}\n\\input appendix\n\\includegraphics{fig}\n\\subfile{s}';
    assert.deepEqual(includedFiles(text), [
      { path: 'chapters/intro.tex', kind: 'input' }, { path: 'b.tex', kind: 'input' }, { path: 'parts/a.tex', kind: 'import' },
      { path: 'appendix.tex', kind: 'input' }, { path: 's.tex', kind: 'input' },
    ]);
  });

  test('the main file that brings a chapter in, through other files, resolved as TeX does from the main folder', () => {
    const files = new Map([
      ['/w/main.tex', '\\documentclass{book}\n\\include{parts/one}\n\\subimport{appendix/}{all}\n\\bibliography{refs}'],
      ['/w/parts/one.tex', '\\input{parts/sections/s1}'],
      ['/w/parts/sections/s1.tex', 'text \\cite{a}'],
      ['/w/appendix/all.tex', '\\input{b}'],
      ['/w/appendix/b.tex', '\\cite{b}'],
      ['/w/other.tex', '\\documentclass{article}\n\\input{unrelated}'],
      ['/w/ch/named.tex', '% !TEX root = ../other.tex\n'],
    ]);
    assert.equal(findLatexMain('/w/parts/sections/s1.tex', files), '/w/main.tex', 'two levels down, paths from the main folder');
    assert.equal(findLatexMain('/w/appendix/b.tex', files), '/w/main.tex', 'an import: paths from the imported file');
    assert.equal(findLatexMain('/w/ch/named.tex', files), '/w/other.tex');
    assert.equal(findLatexMain('/w/main.tex', files), undefined, 'a main file is its own');
    assert.equal(findLatexMain('/w/lost.tex', new Map([...files, ['/w/lost.tex', '\\cite{x}']])), undefined);
  });

  test('each file read as TeX reads it: \\\\% starts a comment, \\% does not; nothing in \\verb, verbatim or \\iffalse', () => {
    assert.deepEqual(includedFiles('a line\\\\%\\input{no}\n50\\%\\input{yes}').map(f => f.path), ['yes.tex']);
    const hidden = '\\verb|\\input{no}| \\begin{verbatim}\n\\include{no}\n\\end{verbatim}\n\\iffalse\\subfile{no}\\fi\\input{yes}';
    assert.deepEqual(includedFiles(hidden).map(f => f.path), ['yes.tex']);
    assert.equal(isLatexMain('\\begin{verbatim}\n\\documentclass{article}\n\\end{verbatim}'), false);
    assert.equal(isLatexMain('a line\\\\%\\documentclass{article}'), false);
    assert.equal(isLatexMain('\\%\\documentclass{article}'), true);
    assert.equal(latexRoot('\\iffalse\n\\documentclass[../main.tex]{subfiles}\n\\fi'), undefined);
  });

  test('a main file that loads the subfiles package is its own; an \\input shown in verbatim brings nothing in', () => {
    const files = new Map([
      ['/w/main.tex', '\\documentclass{book}\n\\usepackage{subfiles}\n\\subfile{ch/one}'],
      ['/w/ch/one.tex', '\\documentclass[../main.tex]{subfiles}\n\\begin{document}\\cite{a}\\end{document}'],
      ['/w/ch/two.tex', '\\chapter{Two}'],
      ['/w/other.tex', '\\documentclass{book}\n\\begin{verbatim}\n\\input{ch/two}\n\\end{verbatim}'],
    ]);
    assert.equal(findLatexMain('/w/main.tex', files), undefined);
    assert.equal(findLatexMain('/w/ch/one.tex', files), '/w/main.tex');
    assert.equal(findLatexMain('/w/ch/two.tex', files), undefined);
  });

  test('paths resolve as a file system does', () => {
    assert.equal(resolvePath('/w/thesis/chapters', '../main.tex'), '/w/thesis/main.tex');
    assert.equal(resolvePath('/w', './a/./b.bib'), '/w/a/b.bib');
    assert.equal(resolvePath('', 'refs.bib'), 'refs.bib');
    assert.equal(resolvePath('a', '../../b'), '../b');
    assert.equal(resolvePath('/', 'x'), '/x');
    assert.equal(resolvePath('/w', '/abs/r.bib'), '/abs/r.bib');
  });
});

suite('checking documents on disk (papers check)', () => {
  const disk = (files: Record<string, string>): CheckFiles => ({
    read: path => files[path],
    filesAround: (_path, extensions) => Object.keys(files).filter(f => extensions.some(e => f.endsWith(`.${e}`))),
  });

  test('citations with lines and columns, the bibliographies, and every problem with file, line and column', async () => {
    const files = disk({
      '/w/paper.tex': '\\documentclass{article}\n\\addbibresource{references.bib}\n\\begin{document}\nSee \\cite{russell2020aima,ReAct2022}.\n\\end{document}\n',
      '/w/references.bib': '@book{russell2020aima, title = {AIMA}}\n\n@misc{dup, title={A}}\n@misc{dup, title={B}}\n@article{broken, title = {x}\n',
    });
    const [doc] = await checkDocuments(['/w/paper.tex'], files, p => p.replace('/w/', ''));
    assert.equal(doc.file, 'paper.tex');
    assert.deepEqual(doc.bibliographies, ['references.bib']);
    assert.deepEqual(doc.citations, [{ key: 'russell2020aima', line: 4, column: 11 }, { key: 'ReAct2022', line: 4, column: 27 }]);
    const problems = doc.problems.map(p => `${p.file}:${p.line}:${p.column}: ${p.severity}: ${p.code}`);
    // A duplicate key nobody cites is a warning: BibTeX and biber say nothing of it.
    assert.deepEqual(problems.slice(0, 2), ['paper.tex:4:27: warning: undefined-key', 'references.bib:4:1: warning: duplicate-key']);
    assert.ok(problems.some(p => /^references\.bib:5:1: error: /.test(p)), problems.join('\n'));
    assert.ok(doc.problems.some(failsCheck));
  });

  test('a chapter uses its main file\'s bibliography; a missing named file is reported where it is named', async () => {
    const files = disk({
      '/w/main.tex': '\\documentclass{book}\n\\include{ch/one}\n\\bibliography{refs,gone}\n',
      '/w/ch/one.tex': '\\chapter{One}\n\\cite{a}\n',
      '/w/refs.bib': '@misc{a, title={A}}\n',
    });
    const [chapter, main] = await checkDocuments(['/w/ch/one.tex', '/w/main.tex'], files);
    assert.deepEqual(chapter.bibliographies, ['/w/refs.bib', '/w/gone.bib']);
    // Said once, in the file that names it (the project is checked as one).
    assert.deepEqual(chapter.problems, []);
    assert.deepEqual(main.problems.map(p => `${p.file}:${p.line}: ${p.code}: ${p.message}`), ['/w/main.tex:3: missing-bibliography: /w/gone.bib does not exist']);
    assert.deepEqual(main.citations, []);
    assert.ok(![...chapter.problems, ...main.problems].some(failsCheck), 'a missing file with every key found elsewhere fails nothing');
  });

  test('a Quarto project\'s and a Sphinx project\'s bibliographies; a lone chapter is told about % !TEX root', async () => {
    const files = disk({
      '/q/_quarto.yml': 'project:\n  type: book\nbibliography: refs.bib\n',
      '/q/chapters/one.qmd': 'As [@a] and [@b].\n',
      '/q/refs.bib': '@misc{a, title={A}}\n',
      '/s/conf.py': "extensions = ['sphinxcontrib.bibtex']\nbibtex_bibfiles = ['refs.bib', \"more.bib\"]\n",
      '/s/docs/index.rst': 'See :cite:p:`a`.\n',
      '/s/refs.bib': '@misc{a, title={A}}\n',
      '/s/more.bib': '',
      '/t/ch.tex': 'See \\cite{a}.\n',
    });
    const [quarto, sphinx, lone] = await checkDocuments(['/q/chapters/one.qmd', '/s/docs/index.rst', '/t/ch.tex'], files);
    assert.deepEqual(quarto.bibliographies, ['/q/refs.bib']);
    assert.deepEqual(quarto.problems.map(p => p.message), ['b is not in /q/refs.bib']);
    assert.deepEqual(sphinx.bibliographies, ['/s/refs.bib', '/s/more.bib']);
    assert.deepEqual(sphinx.problems, []);
    assert.equal(lone.problems[0].code, 'no-bibliography');
    assert.match(lone.problems[0].message, /% !TEX root = main\.tex/);
  });

  test('languages by extension, and offsets to lines and columns', () => {
    assert.equal(languageOfPath('a/b.qmd'), 'quarto');
    assert.equal(languageOfPath('x.Rmd'), 'rmd');
    assert.equal(languageOfPath('x.TEX'), 'latex');
    assert.equal(languageOfPath('x.bib'), undefined);
    const at = lineColumns('ab\ncd\n\nef');
    assert.deepEqual([0, 2, 3, 6, 7, 8].map(at), [
      { line: 1, column: 1 }, { line: 1, column: 3 }, { line: 2, column: 1 }, { line: 3, column: 1 }, { line: 4, column: 1 }, { line: 4, column: 2 },
    ]);
  });
});

suite('checking whole projects (papers check)', () => {
  const disk = (files: Record<string, string>): CheckFiles => ({
    read: path => files[path],
    filesAround: (_path, extensions) => Object.keys(files).filter(f => extensions.some(e => f.endsWith(`.${e}`))),
  });

  test('a chapter finds its main file and the whole project is checked, each file once; a cited duplicate is an error', async () => {
    const files = disk({
      '/w/thesis.tex': '\\input{thesis.ltx}\n\\begin{document}\n\\include{parts/one/ch1}\n\\end{document}\n',
      '/w/thesis.ltx': '\\documentclass{book}\n\\usepackage{biblatex}\n\\addbibresource{refs.bib}\n',
      '/w/parts/one/ch1.tex': 'See \\cite{dup} and \\cite{Ghost}.\n\\input{parts/one/sec}\n',
      '/w/parts/one/sec.tex': 'More \\cite{a}.\n',
      '/w/refs.bib': '@misc{dup, title={A}}\n@misc{dup, title={B}}\n@misc{a, title={A}}\n',
    });
    const documents = await checkDocuments(['/w/parts/one/sec.tex', '/w/parts/one/ch1.tex'], files, p => p.replace('/w/', ''));
    assert.deepEqual(documents.map(d => d.file), ['parts/one/sec.tex', 'parts/one/ch1.tex', 'thesis.tex', 'thesis.ltx']);
    const problems = documents.flatMap(d => d.problems.map(p => `${p.file}:${p.line}: ${p.severity}: ${p.code}`));
    assert.deepEqual(problems.sort(), ['parts/one/ch1.tex:1: warning: undefined-key', 'refs.bib:2: error: duplicate-key']);
  });

  test('a project that names no bibliography: one hint, naming the main file and biblatex\'s command', async () => {
    const files = disk({
      '/w/main.tex': '\\documentclass{book}\n\\usepackage{biblatex}\n\\begin{document}\n\\include{a}\\include{b}\n\\end{document}\n',
      '/w/a.tex': '\\cite{x}', '/w/b.tex': '\\cite{y}',
    });
    const problems = (await checkDocuments(['/w/main.tex'], files, p => p.replace('/w/', ''))).flatMap(d => d.problems);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].file, 'a.tex');
    assert.match(problems[0].message, /add \\addbibresource\{references\.bib\} to the preamble of main\.tex\.$/);
  });

  test('a lone chapter is told the real name of the main file nearby', async () => {
    const files = disk({ '/w/thesis.tex': '\\documentclass{book}', '/w/ch/lost.tex': '\\cite{x}' });
    const [lost] = await checkDocuments(['/w/ch/lost.tex'], files);
    assert.match(lost.problems[0].message, /% !TEX root = \.\.\/thesis\.tex"/);
  });

  test('a Typst book: a chapter checked against the bibliography its main file names', async () => {
    const files = disk({
      '/b/main.typ': '#include "ch/one.typ"\n#bibliography("refs.bib")\n',
      '/b/ch/one.typ': 'As @a and @ghost say. // @commented\n',
      '/b/refs.bib': '@misc{a, title={A}}\n',
    });
    const documents = await checkDocuments(['/b/ch/one.typ'], files);
    assert.deepEqual(documents.map(d => d.file), ['/b/ch/one.typ', '/b/main.typ']);
    assert.deepEqual(documents[0].problems.map(p => p.message), ['ghost is not in /b/refs.bib']);
  });

  test('a bookdown chapter, a Jupyter Book page, a pandoc defaults file and a Quarto folder\'s _metadata.yml name the bibliographies', async () => {
    const files = disk({
      '/r/_bookdown.yml': 'rmd_files: ["index.Rmd", "ch1.Rmd"]\n', '/r/index.Rmd': '---\ntitle: A book\nbibliography: [book.bib]\n---\n', '/r/ch1.Rmd': 'See [@a; @ghost].\n', '/r/book.bib': '@misc{a, title={A}}\n',
      '/j/_config.yml': 'title: A Jupyter Book\nbibtex_bibfiles:\n  - refs.bib\n', '/j/docs/page.md': 'See [@a].\n', '/j/refs.bib': '@misc{a, title={A}}\n',
      '/p/defaults.yaml': 'bibliography: refs.json\n', '/p/notes.md': 'See [@a].\n', '/p/refs.json': '[{"id": "a", "type": "article", "title": "A"}]\n',
      '/q/_quarto.yml': 'project:\n  type: website\n', '/q/sub/_metadata.yml': 'bibliography: sub.bib\n', '/q/sub/page.qmd': 'See [@a].\n', '/q/sub/sub.bib': '@misc{a, title={A}}\n',
    });
    const [bookdown, jupyter, defaults, quarto] = await checkDocuments(['/r/ch1.Rmd', '/j/docs/page.md', '/p/notes.md', '/q/sub/page.qmd'], files);
    assert.deepEqual(bookdown.bibliographies, ['/r/book.bib']);
    assert.deepEqual(bookdown.problems.map(p => p.message), ['ghost is not in /r/book.bib']);
    assert.deepEqual([jupyter.bibliographies, jupyter.problems], [['/j/refs.bib'], []]);
    assert.deepEqual([defaults.bibliographies, defaults.problems], [['/p/refs.json'], []]);
    assert.deepEqual([quarto.bibliographies, quarto.problems], [['/q/sub/sub.bib'], []]);
  });
});
