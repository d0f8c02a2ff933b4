// `papers check` as a CI step, run as a user would (`node dist/cli.js check …`), and judged by
// the real tools: the keys it calls undefined are exactly those BibTeX, biber and pandoc's
// citeproc cannot find in the same documents.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../unit/support/seeds';
import { run, timings, workDir, type Run } from './tools';

const check = (cwd: string, ...args: string[]) => run(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'check', ...args], cwd);

interface Report {
  documents: {
    file: string;
    citations: { key: string; line: number; column: number }[];
    bibliographies: string[];
    problems: { file: string; line: number; column: number; severity: string; code: string; message: string }[];
  }[];
}

/** The keys `check --json` calls undefined, over every document, sorted. */
function undefinedKeys(report: Report): string[] {
  const keys = report.documents.flatMap(d => d.problems.filter(p => p.code === 'undefined-key').map(p => /^(\S+) /.exec(p.message)![1]));
  return [...new Set(keys)].sort();
}

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

const REFS = `@misc{known1, title = {One}, author = {Doe, Jane}, year = 2020}
@misc{known2, title = {Two}, author = {Roe, Rick}, year = 2021}
@misc{known3, title = {Three}, author = {Poe, Pat}, year = 2022}
`;

suite('papers check: the command line', () => {
  test('the sample workspace is clean: exit 0, nothing on stdout', () => {
    const r = check(join(ROOT, 'test', 'fixtures', 'workspace'), 'paper.tex', 'notes.md', 'draft.typ');
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^3 document\(s\), 3 citation\(s\), 0 problem\(s\)\n$/);
  });

  test('compiler-style lines for an undefined key, a duplicate key and a malformed entry; exit 1', () => {
    const work = workDir('check-lines');
    try {
      write(work.dir, {
        'paper.tex': '\\documentclass{article}\n\\bibliography{refs}\n\\begin{document}\nSee \\cite{known1,ReAct2022}.\n\\end{document}\n',
        'refs.bib': `${REFS}@misc{known2, title = {Again}}\n@article{cut, title = {Unclosed\n`,
      });
      const r = check(work.dir, 'paper.tex');
      assert.equal(r.status, 1, r.stderr);
      const lines = r.stdout.trim().split('\n');
      assert.equal(lines[0], 'paper.tex:4:18: warning: ReAct2022 is not in refs.bib [undefined-key]');
      // Nobody cites known2, so its duplicate is a warning: BibTeX says nothing of it (issue 33).
      assert.equal(lines[1], 'refs.bib:4:1: warning: key "known2" is already used by the entry at line 2 [duplicate-key]');
      assert.equal(lines[2], 'refs.bib:5:1: error: field "title" of entry "cut" is not closed (unbalanced braces) [unclosed-value]');
      assert.equal(lines.length, 3);
    } finally {
      work.done();
    }
  });

  test('--json: documents with their citations, bibliographies and problems', () => {
    const work = workDir('check-json');
    try {
      write(work.dir, {
        'notes.md': '---\nbibliography: refs.bib\n---\n\nAs [@known1; @Ghost, p. 3].\n',
        'refs.bib': REFS,
      });
      const r = check(work.dir, 'notes.md', '--json');
      assert.equal(r.status, 1);
      const report = JSON.parse(r.stdout) as Report;
      assert.deepEqual(report, {
        documents: [{
          file: 'notes.md',
          citations: [{ key: 'known1', line: 5, column: 6 }, { key: 'Ghost', line: 5, column: 15 }],
          bibliographies: ['refs.bib'],
          problems: [{ file: 'notes.md', line: 5, column: 15, severity: 'warning', code: 'undefined-key', message: 'Ghost is not in refs.bib' }],
        }],
      });
    } finally {
      work.done();
    }
  });

  test('bad arguments exit 2 with the usage: no document, an unknown kind of file, options of other commands', () => {
    const cwd = join(ROOT, 'test', 'fixtures', 'workspace');
    for (const args of [[], ['notes.txt'], ['paper.tex', '--json', '--format', 'github'], ['paper.tex', '--corpus', 'references.bib'], ['paper.tex', '--format', 'bibtex']]) {
      const r = check(cwd, ...args);
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, /^papers: .+\nusage:\n/, args.join(' '));
    }
  });
});

suite('papers check: hostile and unlucky input', () => {
  test('a missing document, a folder, a pipe and a link to /dev/zero are each named and exit 1; the readable one is still checked, also with --json', () => {
    const work = workDir('check-special');
    try {
      write(work.dir, { 'good.tex': '\\documentclass{article}\n\\begin{document}\\cite{known1}\\bibliography{refs}\\end{document}\n', 'refs.bib': REFS });
      mkdirSync(join(work.dir, 'folder.tex'));
      assert.equal(run('mkfifo', [join(work.dir, 'pipe.tex')], work.dir).status, 0);
      symlinkSync('/dev/zero', join(work.dir, 'zero.tex'));
      const args = ['good.tex', 'missing.tex', 'folder.tex', 'pipe.tex', 'zero.tex'];
      const r = check(work.dir, ...args);
      assert.equal(r.status, 1, r.stderr);
      assert.deepEqual(r.stderr.split('\n').filter(l => l.includes(': error: cannot be read')), [
        'missing.tex: error: cannot be read (ENOENT)',
        'folder.tex: error: cannot be read (is a folder)',
        'pipe.tex: error: cannot be read (is not a regular file (a pipe, socket or device))',
        'zero.tex: error: cannot be read (is not a regular file (a pipe, socket or device))',
      ]);
      assert.match(r.stderr, /^1 document\(s\), 1 citation\(s\), 0 problem\(s\)$/m);
      const json = check(work.dir, ...args, '--json');
      assert.equal(json.status, 1);
      const report = JSON.parse(json.stdout) as Report & { unreadable: { file: string }[] };
      assert.deepEqual(report.documents.map(d => [d.file, d.citations.map(c => c.key)]), [['good.tex', ['known1']]]);
      assert.deepEqual(report.unreadable.map(u => u.file), ['missing.tex', 'folder.tex', 'pipe.tex', 'zero.tex']);
    } finally {
      work.done();
    }
  });

  test('keys holding terminal escapes, C1 controls and bidi overrides are printed escaped; JSON keeps them as JSON escapes', () => {
    const work = workDir('check-escapes');
    try {
      const key = 'x\u001b]0;PWNED\u0007\u001b[2J\u009b31m\u202egnp.exe';
      write(work.dir, { 'a.tex': `\\documentclass{article}\n\\begin{document}\\cite{${key}}\\bibliography{refs}\\end{document}\n`, 'refs.bib': REFS });
      const r = check(work.dir, 'a.tex');
      assert.equal(r.stdout, 'a.tex:2:23: warning: x\\x1b]0;PWNED\\x07\\x1b[2J\\x9b31m\\u202egnp.exe is not in refs.bib [undefined-key]\n');
      // eslint-disable-next-line no-control-regex -- no control character may reach the terminal
      assert.doesNotMatch(r.stdout + r.stderr, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
      const json = check(work.dir, 'a.tex', '--json');
      assert.match(json.stdout, /\\u001b\]0;PWNED\\u0007\\u001b\[2J\\u009b31m\\u202egnp\.exe/);
      const report = JSON.parse(json.stdout) as Report;
      assert.equal(report.documents[0].citations[0].key, key, 'the same key, once parsed');
    } finally {
      work.done();
    }
  });

  test('a document with CR-only line ends and a UTF-16 bibliography (old Mac and Windows exports) are read as pdflatex and bibtex read them', () => {
    const work = workDir('check-encodings');
    try {
      const tex = '\\documentclass{article}\r\\begin{document}\r% \\cite{CommentedGhost}\rSee \\cite{known1} and \\cite{Ghost}.\r\\bibliographystyle{plain}\r\\bibliography{refs}\r\\end{document}\r';
      writeFileSync(join(work.dir, 'mac.tex'), tex);
      writeFileSync(join(work.dir, 'refs.bib'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(REFS, 'utf16le')]));
      const r = check(work.dir, 'mac.tex', '--json');
      const report = JSON.parse(r.stdout) as Report;
      assert.deepEqual(report.documents[0].citations.map(c => [c.key, c.line]), [['known1', 4], ['Ghost', 4]]);
      assert.deepEqual(undefinedKeys(report), ['Ghost']);
      // bibtex cannot read UTF-16 itself; given the same entries in UTF-8 it finds the same one missing.
      writeFileSync(join(work.dir, 'refs.bib'), REFS);
      run('pdflatex', ['-interaction=nonstopmode', 'mac.tex'], work.dir);
      run('bibtex', ['mac'], work.dir);
      const blg = readFileSync(join(work.dir, 'mac.blg'), 'utf8');
      assert.deepEqual([...blg.matchAll(/I didn't find a database entry for "([^"]+)"/g)].map(m => m[1]), ['Ghost']);
    } finally {
      work.done();
    }
  });

  test('--help, -h and help print the usage on stdout and exit 0; a write to a full disk exits 1', () => {
    const cli = join(ROOT, 'dist', 'cli.js');
    for (const args of [['--help'], ['-h'], ['help'], ['check', '--help']]) {
      const r = run(process.execPath, [cli, ...args], ROOT);
      assert.equal(r.status, 0, args.join(' '));
      assert.match(r.stdout, /^usage:\n/);
      assert.equal(r.stderr, '');
    }
    const full = spawnSync(process.execPath, [cli, 'search', 'agents'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', openSync('/dev/full', 'w'), 'pipe'] });
    assert.equal(full.status, 1);
    assert.match(full.stderr, /cannot write the output: ENOSPC/);
  });
});

suite('papers check, judged by the tools', () => {
  test('LaTeX with natbib and BibTeX: the undefined keys are those BibTeX does not find, across \\input files', () => {
    const work = workDir('check-bibtex');
    try {
      write(work.dir, {
        'main.tex': `\\documentclass{article}
\\usepackage{natbib}
\\begin{document}
\\input{chapters/one}
See \\citep[p.~3]{known1, Ghost1}, \\citet*{known2}.
% \\cite{CommentedGhost}
\\citep{known1,
  % a comment between keys
  Ghost2}
\\nocite{known3}
\\bibliographystyle{plainnat}
\\bibliography{refs}
\\end{document}
`,
        'chapters/one.tex': 'As \\citeauthor{known2} and \\cite{ChapterGhost} show.\n',
        'refs.bib': REFS,
      });
      const steps: [string, Run][] = [['pdflatex', run('pdflatex', ['-interaction=nonstopmode', 'main.tex'], work.dir)], ['bibtex', run('bibtex', ['main'], work.dir)]];
      const found = [...steps[1][1].stdout.matchAll(/I didn't find a database entry for "([^"]+)"/g)].map(m => m[1]).sort();
      const ours = check(work.dir, 'main.tex', 'chapters/one.tex', '--json');
      timings('check vs bibtex', [...steps, ['check', ours]]);
      assert.deepEqual(found, ['ChapterGhost', 'Ghost1', 'Ghost2'], steps[1][1].stdout);
      assert.deepEqual(undefinedKeys(JSON.parse(ours.stdout) as Report), found);
      assert.equal(ours.status, 1);
    } finally {
      work.done();
    }
  });

  test('biblatex with biber: multicites, \\volcite, a case-only difference and verbatim text, as biber finds them', () => {
    const work = workDir('check-biber');
    try {
      write(work.dir, {
        'doc.tex': `\\documentclass{article}
\\usepackage[backend=biber]{biblatex}
\\addbibresource{refs.bib}
\\begin{document}
\\cites(pre)(post)[p.~3]{known1}[5]{Ghost1}
\\volcite{2}[55]{known2}
\\textcites{known3}{Ghost2}
\\autocite{Known1}
\\begin{verbatim}
\\cite{VerbatimGhost}
\\end{verbatim}
\\printbibliography
\\end{document}
`,
        'refs.bib': REFS,
      });
      const steps: [string, Run][] = [['pdflatex', run('pdflatex', ['-interaction=nonstopmode', 'doc.tex'], work.dir)], ['biber', run('biber', ['doc'], work.dir)]];
      const found = [...steps[1][1].stdout.matchAll(/I didn't find a database entry for '([^']+)'/g)].map(m => m[1]).sort();
      const ours = check(work.dir, 'doc.tex', '--json');
      timings('check vs biber', [...steps, ['check', ours]]);
      assert.deepEqual(found, ['Ghost1', 'Ghost2', 'Known1'], steps[1][1].stdout);
      assert.deepEqual(undefinedKeys(JSON.parse(ours.stdout) as Report), found);
    } finally {
      work.done();
    }
  });

  test('Markdown with pandoc\'s citeproc: bracketed, bare and suppressed-author citations; code and e-mail are none', () => {
    const work = workDir('check-pandoc');
    try {
      write(work.dir, {
        'notes.md': '---\nbibliography: refs.bib\n---\n\nAs [@known1; @Ghost1, p. 3] and @known2 says [-@Ghost2].\nNot `@CodeGhost`, nor me@example.com.\n\n```\n@FencedGhost\n```\n',
        'refs.bib': REFS,
      });
      const pandoc = run('pandoc', ['--citeproc', '-t', 'plain', 'notes.md'], work.dir);
      const found = [...pandoc.stderr.matchAll(/citation (\S+) not found/g)].map(m => m[1]).sort();
      const ours = check(work.dir, 'notes.md', '--json');
      timings('check vs pandoc', [['pandoc', pandoc], ['check', ours]]);
      assert.deepEqual(found, ['Ghost1', 'Ghost2'], pandoc.stderr);
      assert.deepEqual(undefinedKeys(JSON.parse(ours.stdout) as Report), found);
    } finally {
      work.done();
    }
  });
  test('a bookdown book: the typos of index.Rmd, which names the bibliography, and of its chapters, as pandoc finds them in the book bookdown makes', () => {
    const work = workDir('check-bookdown');
    try {
      const chapters = ['index.Rmd', '01-intro.Rmd', '02-method.Rmd'];
      write(work.dir, {
        'index.Rmd': '---\ntitle: "A Book"\nsite: bookdown::bookdown_site\ndocumentclass: book\nbibliography: [book.bib, packages.bib]\nlink-citations: yes\n---\n\n# Preface {-}\n\nAs [@known1] and [@IndexGhost] show.\n\n```{r include=FALSE}\nknitr::write_bib(c(.packages(), "bookdown"), "packages.bib")\n```\n',
        '_bookdown.yml': `book_filename: "book"\nrmd_files: [${chapters.map(c => `"${c}"`).join(', ')}]\n`,
        '01-intro.Rmd': '# Intro {#intro}\n\nSee @known2 and [@ChapterGhost; @known3].\n',
        '02-method.Rmd': '# Method\n\nNothing missing here [@known1].\n',
        'book.bib': REFS,
        'packages.bib': '@manual{R-bookdown, title = {bookdown}}\n',
      });
      // bookdown renders one document: the chapters in order, under index.Rmd's front matter.
      writeFileSync(join(work.dir, 'book.md'), chapters.map(c => readFileSync(join(work.dir, c), 'utf8')).join('\n\n'));
      const pandoc = run('pandoc', ['--citeproc', '-t', 'plain', 'book.md'], work.dir);
      const found = [...pandoc.stderr.matchAll(/citation (\S+) not found/g)].map(m => m[1]).sort();
      assert.deepEqual(found, ['ChapterGhost', 'IndexGhost'], pandoc.stderr);
      const ours = check(work.dir, ...chapters, '--json');
      assert.deepEqual(undefinedKeys(JSON.parse(ours.stdout) as Report), found);
      assert.equal(ours.status, 1);
      const main = check(work.dir, 'index.Rmd');
      assert.equal(main.stdout, 'index.Rmd:11:20: warning: IndexGhost is not in book.bib or packages.bib [undefined-key]\n', 'the main file\'s own citations');
      assert.equal(main.status, 1);
    } finally {
      work.done();
    }
  });
});
