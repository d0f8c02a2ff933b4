// A LaTeX project as TeX reads it, from small projects in memory: the layouts real theses use
// (a preamble \input with the bibliography, chapters by \include with the bibliography in an
// \include'd file, chapters by \import through a path macro), roots found from any file, and
// what cannot be followed reported rather than looped on.
import * as assert from 'node:assert/strict';
import { expandPath, readLatexProject, type ProjectSource } from '../../../../src/core/project/latex';
import { LatexProjects } from '../../../../src/core/project/roots';
import { folderDistance, resolvePath } from '../../../../src/core/project/paths';

/** A file system in memory (paths with `/`). */
function files(entries: Record<string, string>): ProjectSource & { paths: string[] } {
  return { read: path => entries[path], paths: Object.keys(entries) };
}

suite('a LaTeX project: every file TeX reads, in order, and its bibliographies', () => {
  test('a preamble \\input with the bibliography: the chapters see it', () => {
    const source = files({
      '/t/main.tex': '\\documentclass{book}\n\\input{config}\n\\begin{document}\n\\include{ch/intro}\n\\include{ch/method}\n\\printbibliography\n\\end{document}\n',
      '/t/config.tex': '\\usepackage[backend=biber]{biblatex}\n\\addbibresource{refs.bib}\n',
      '/t/ch/intro.tex': '\\chapter{Intro}\\cite{a}',
      '/t/ch/method.tex': '\\chapter{Method}\\input{ch/method/details}',
      '/t/ch/method/details.tex': 'Details \\cite{b}.',
    });
    const project = readLatexProject('/t/main.tex', source);
    assert.deepEqual(project.files.map(f => f.path), ['/t/main.tex', '/t/config.tex', '/t/ch/intro.tex', '/t/ch/method.tex', '/t/ch/method/details.tex']);
    assert.deepEqual(project.bibliographies.map(b => [b.path, b.by, b.line]), [['/t/refs.bib', '/t/config.tex', 2]]);
    assert.equal(project.biblatex, true);
    assert.deepEqual(project.problems, []);
    assert.deepEqual(project.files[4].from, { path: '/t/ch/method.tex', line: 1, command: 'input' });
  });

  test('chapters by \\include, the bibliography in an \\include\'d back/bib.tex: found beside the main file, as BibTeX finds it', () => {
    const source = files({
      '/t/thesis.tex': '\\documentclass{report}\n\\begin{document}\n\\include{front/abstract}\n\\include{back/bib}\n\\end{document}',
      '/t/front/abstract.tex': 'We cite \\cite{k}.',
      '/t/back/bib.tex': '\\bibliographystyle{plain}\n\\bibliography{refs,more}',
    });
    const project = readLatexProject('/t/thesis.tex', source);
    assert.deepEqual(project.bibliographies.map(b => b.path), ['/t/refs.bib', '/t/more.bib']);
    assert.deepEqual(project.bibliographies.map(b => b.beside), ['/t/back/refs.bib', '/t/back/more.bib']);
    assert.equal(project.biblatex, false);
  });

  test('a refsection names a resource by the label \\addbibresource gave it in another file, or a file by its name', () => {
    const source = files({
      '/t/main.tex': '\\documentclass{book}\n\\usepackage{biblatex}\n\\addbibresource{refs.bib}\n\\addbibresource[label=ownpubs, glob=false]{My_Publications.bib}\n\\begin{document}\n\\include{pubs}\n\\end{document}\n',
      '/t/pubs.tex': '\\begin{refsection}[ownpubs]\n\\nocite{*}\n\\end{refsection}\n\\begin{refsection}[extra.bib]\\cite{x}\\end{refsection}\n',
    });
    const project = readLatexProject('/t/main.tex', source);
    assert.deepEqual(project.bibliographies.map(b => [b.path, b.command, b.label]), [
      ['/t/refs.bib', 'addbibresource', undefined],
      ['/t/My_Publications.bib', 'addbibresource', 'ownpubs'],
      ['/t/extra.bib', 'refsection', undefined],
    ]);
  });

  test('chapters by \\import through a path macro (\\def and \\newcommand), and \\subimport below them', () => {
    const source = files({
      '/t/main.tex': '\\documentclass{article}\n\\def\\PATH{.}\n\\newcommand{\\CH}{chapters}\n\\begin{document}\n\\import{\\PATH/01_intro/}{01_intro}\n\\import{\\CH/}{two}\n\\end{document}',
      '/t/01_intro/01_intro.tex': 'Intro \\subimport{figs/}{plot} and \\input{local}',
      '/t/01_intro/figs/plot.tex': 'a plot',
      '/t/01_intro/local.tex': 'read from the imported folder first',
      '/t/chapters/two.tex': 'two',
    });
    const project = readLatexProject('/t/main.tex', source);
    assert.deepEqual(project.files.map(f => f.path), ['/t/main.tex', '/t/01_intro/01_intro.tex', '/t/01_intro/figs/plot.tex', '/t/01_intro/local.tex', '/t/chapters/two.tex']);
    assert.deepEqual(project.problems, []);
  });

  test('a path macro defined after the include is not yet defined there, as in TeX', () => {
    const source = files({ '/t/main.tex': '\\documentclass{article}\\input{\\P/a}\n\\def\\P{x}', '/t/x/a.tex': '' });
    const project = readLatexProject('/t/main.tex', source);
    assert.deepEqual(project.problems.map(p => p.code), ['unresolved-include']);
  });

  test('cycles and missing files are reported with their line, never looped on; a file of the TeX installation is not missing', () => {
    const source = files({
      '/t/main.tex': '\\documentclass{article}\n\\input{a}\n\\include{gone}\n\\input{glyphtounicode}\n\\input{dir/missing}',
      '/t/a.tex': '\\input{b}',
      '/t/b.tex': '\\input{a}\n\\input{main}',
    });
    const project = readLatexProject('/t/main.tex', source);
    assert.deepEqual(project.files.map(f => f.path), ['/t/main.tex', '/t/a.tex', '/t/b.tex']);
    assert.deepEqual(project.problems.map(p => [p.file, p.line, p.code]), [
      ['/t/b.tex', 1, 'include-cycle'], ['/t/b.tex', 2, 'include-cycle'], ['/t/main.tex', 3, 'missing-include'], ['/t/main.tex', 5, 'missing-include'],
    ]);
  });

  test('both branches of a conditional count; an \\iffalse branch and \\includeonly do not narrow or widen the project', () => {
    const source = files({
      '/t/main.tex': '\\documentclass{article}\\includeonly{a}\n\\ifdraft\\input{a}\\else\\input{b}\\fi\n\\iffalse\\input{c}\\fi',
      '/t/a.tex': '', '/t/b.tex': '', '/t/c.tex': '',
    });
    assert.deepEqual(readLatexProject('/t/main.tex', source).files.map(f => f.path), ['/t/main.tex', '/t/a.tex', '/t/b.tex']);
  });

  test('expandPath: macros replaced, braces dropped, an unknown command left unresolved', () => {
    const macros = new Map([['PATH', '.'], ['CH', '\\PATH/ch']]);
    assert.equal(expandPath('\\PATH/01_intro/', macros), './01_intro/');
    assert.equal(expandPath('{\\CH}/a', macros), './ch/a');
    assert.equal(expandPath('\\jobname', macros), undefined);
    assert.equal(expandPath('#1', macros), undefined);
  });
});

suite('the root of a LaTeX file, from any file of its project', () => {
  test('a file brought in through others, two folders below a main file that names no one', () => {
    const source = files({
      '/w/thesis/main.tex': '\\documentclass{book}\\begin{document}\\include{parts/one/chapter}\\end{document}',
      '/w/thesis/parts/one/chapter.tex': '\\input{parts/one/section}',
      '/w/thesis/parts/one/section.tex': '\\cite{x}',
      '/w/other/paper.tex': '\\documentclass{article}\\begin{document}\\end{document}',
    });
    const projects = new LatexProjects(source, source.paths);
    assert.deepEqual(projects.roots(), ['/w/other/paper.tex', '/w/thesis/main.tex']);
    assert.deepEqual(projects.rootOf('/w/thesis/parts/one/section.tex'), { root: '/w/thesis/main.tex', found: 'brought-in' });
    assert.deepEqual(projects.rootOf('/w/thesis/main.tex'), { root: '/w/thesis/main.tex', found: 'itself' });
  });

  test('\\documentclass in an \\input preamble: the file that inputs it is the root', () => {
    const source = files({
      '/w/thesis-main.tex': '\\input{thesis-main.ltx}\n\\begin{document}\\include{ch1}\\end{document}',
      '/w/thesis-main.ltx': '\\documentclass{book}\n\\usepackage{biblatex}\\addbibresource{refs.bib}',
      '/w/ch1.tex': '\\cite{a}',
    });
    const projects = new LatexProjects(source, source.paths);
    assert.deepEqual(projects.roots(), ['/w/thesis-main.tex']);
    assert.equal(projects.rootOf('/w/ch1.tex')?.root, '/w/thesis-main.tex');
    assert.equal(projects.rootOf('/w/thesis-main.ltx')?.root, '/w/thesis-main.tex');
    assert.deepEqual(projects.projectOf('/w/ch1.tex')?.bibliographies.map(b => b.path), ['/w/refs.bib']);
  });

  test('% !TEX root of any name, and the subfiles class, name the root', () => {
    const source = files({
      '/w/book/thesis.tex': '\\documentclass{book}',
      '/w/book/ch/a.tex': '% !TEX root = ../thesis.tex\n\\chapter{A}',
      '/w/book/ch/b.tex': '\\documentclass[../thesis]{subfiles}\n\\begin{document}B\\end{document}',
    });
    const projects = new LatexProjects(source, source.paths);
    assert.deepEqual(projects.rootOf('/w/book/ch/a.tex'), { root: '/w/book/thesis.tex', found: 'magic-comment' });
    assert.deepEqual(projects.rootOf('/w/book/ch/b.tex'), { root: '/w/book/thesis.tex', found: 'subfiles' });
  });

  test('a part no main file brings in has no root; of two main files that bring it in, the nearest', () => {
    const source = files({
      '/w/a/main.tex': '\\documentclass{article}\\input{../shared/intro}',
      '/w/shared/main.tex': '\\documentclass{article}\\input{intro}',
      '/w/shared/intro.tex': 'Intro',
      '/w/orphan.tex': 'no one brings me in',
    });
    const projects = new LatexProjects(source, source.paths);
    assert.equal(projects.rootOf('/w/orphan.tex'), undefined);
    assert.equal(projects.rootOf('/w/shared/intro.tex')?.root, '/w/shared/main.tex');
  });

  test('paths: resolved as a file system would, and how far apart two files are', () => {
    assert.equal(resolvePath('/w/thesis/chapters', '../main.tex'), '/w/thesis/main.tex');
    assert.equal(folderDistance('/w/a/b/c.tex', '/w/a/d.tex'), 1);
    assert.equal(folderDistance('/w/a/c.tex', '/w/a/d.tex'), 0);
  });
});
