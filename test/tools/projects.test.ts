// Real multi-file projects nobody here wrote, checked as a whole and judged by the tools: thesis
// templates and their sample theses from CTAN, as TeX Live ships them (Debian's texlive-publishers-doc),
// copied into test/fixtures/projects with their licences (see its README.md). Their classes come from
// texlive-publishers, which CI installs. Each is compiled with pdflatex and BibTeX or biber: the keys
// TeX saw (.aux, .bcf) and those the tool could not find (.blg) are the truth. `papers check MAIN.tex
// --json` must find those keys, call no other key undefined and miss no bibliography; a key planted
// in a chapter must be undefined for both. Three layouts: chapters by \input with biblatex on its
// BibTeX backend (elteikthesis), chapters and the printed bibliography by \include with a preamble
// by \input and biber (classicthesis), and chapters by \import through a path macro with plain
// BibTeX (thesis-gwu's sample, its \include lines turned into \import{\PATH/tex/}{…}).
import * as assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../unit/support/seeds';
import { run, timings, workDir, type Run } from './tools';

const PROJECTS = join(ROOT, 'test', 'fixtures', 'projects');

interface Report {
  documents: { file: string; citations: { key: string }[]; bibliographies: string[]; problems: { file: string; code: string; message: string; severity: string }[] }[];
}

interface Fixture {
  name: string;
  /** The project's folder in test/fixtures/projects. */
  folder: string;
  main: string;
  /** BibTeX or biber, as the project uses. */
  tool: 'bibtex' | 'biber';
  /** A chapter to plant an undefined key in (relative to the project). */
  chapter: string;
  /** The change made to the project before it is compiled, if any: each is said here. */
  adapt?: (dir: string) => void;
}

/** Replaces text in a file of the copied project, insisting that it was there. */
function edit(dir: string, file: string, from: string | RegExp, to: string): void {
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const after = before.replace(from, to);
  assert.notEqual(after, before, `${file} holds ${String(from)}`);
  writeFileSync(path, after);
}

const FIXTURES: Fixture[] = [
  { name: 'elteikthesis: chapters by \\input, biblatex on its BibTeX backend', folder: 'elteikthesis', main: 'elteikthesis_en.tex', tool: 'bibtex', chapter: 'samples_en/intro.tex' },
  {
    name: 'classicthesis: a preamble by \\input, chapters and the printed bibliography by \\include, biber', folder: 'classicthesis', main: 'ClassicThesis.tex', tool: 'biber', chapter: 'Chapters/Chapter01.tex',
    // Two of the template's own switches: biber instead of bibtex8 (its comment offers it; the
    // encoding is Latin-1, as AMiede_Publications.bib is written), and no Bera Mono, whose font
    // package (texlive-fonts-extra) is half a gigabyte.
    adapt: dir => {
      edit(dir, 'classicthesis-config.tex', /\n {2}%backend=biber,bibencoding=utf8, %instead of bibtex\n {2}backend=bibtex8,bibencoding=ascii,%/, '\n  backend=biber,bibencoding=latin1,');
      edit(dir, 'classicthesis-config.tex', 'beramono=true,', 'beramono=false,');
    },
  },
  {
    name: 'thesis-gwu: chapters by \\import through a path macro', folder: 'thesis-gwu', main: 'thesis-sample.tex', tool: 'bibtex', chapter: 'tex/manual.tex',
    adapt: dir => {
      edit(dir, 'thesis-sample.tex', '\\begin{document}', '\\usepackage{import}\n\\def\\PATH{.}\n\\begin{document}');
      edit(dir, 'thesis-sample.tex', /\\include\{tex\/([\w-]+)\}/g, '\\import{\\PATH/tex/}{$1}');
    },
  },
];

/** The project copied out of the fixtures, adapted as its fixture says. */
function copyProject(fixture: Fixture, dir: string): void {
  cpSync(join(PROJECTS, fixture.folder), dir, { recursive: true });
  fixture.adapt?.(dir);
}

/** Every .aux under the folder: \include writes one beside each chapter. */
function auxFiles(folder: string): string[] {
  return readdirSync(folder).flatMap(name => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? auxFiles(path) : name.endsWith('.aux') ? [readFileSync(path, 'utf8')] : [];
  });
}

/** Compiles the project; the keys TeX saw and those the bibliography tool did not find. */
function compile(fixture: Fixture, dir: string): { cited: string[]; missing: string[]; steps: [string, Run][] } {
  const base = fixture.main.replace(/\.tex$/, '');
  const steps: [string, Run][] = [['pdflatex', run('pdflatex', ['-interaction=nonstopmode', fixture.main], dir)]];
  steps.push([fixture.tool, run(fixture.tool, [base], dir)]);
  let cited: string[];
  if (fixture.tool === 'biber') {
    const bcf = readFileSync(join(dir, `${base}.bcf`), 'utf8');
    cited = [...bcf.matchAll(/<bcf:citekey[^>]*>([^<]+)<\/bcf:citekey>/g)].map(m => m[1]);
  } else {
    const aux = auxFiles(dir).join('\n');
    cited = [...aux.matchAll(/\\citation\{([^}]*)\}/g)].flatMap(m => m[1].split(','));
  }
  const blg = readFileSync(join(dir, `${base}.blg`), 'utf8');
  // A tool that gave up reports no missing key at all: that would be no truth.
  assert.doesNotMatch(blg, /ERROR - |error message/, `${fixture.tool} ran to the end`);
  const missing = [...blg.matchAll(/I didn't find a database entry for ["']([^"']+)["']/g)].map(m => m[1]);
  // biblatex on a BibTeX backend cites its own control entry (in the -blx.bib it writes): no key of the writer's.
  return { cited: [...new Set(cited.filter(k => k !== '*' && k !== 'biblatex-control'))].sort(), missing: [...new Set(missing)].sort(), steps };
}

function check(dir: string, main: string): { report: Report; run: Run } {
  const ran = run(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'check', main, '--json'], dir);
  return { report: JSON.parse(ran.stdout) as Report, run: ran };
}

const undefinedKeys = (report: Report) => [...new Set(report.documents.flatMap(d => d.problems.filter(p => p.code === 'undefined-key').map(p => /^(\S+) /.exec(p.message)![1])))].sort();

suite('real projects, checked whole and judged by TeX and the bibliography tools', () => {
  for (const fixture of FIXTURES) {
    test(fixture.name, () => {
      const work = workDir('project');
      try {
        copyProject(fixture, work.dir);
        const truth = compile(fixture, work.dir);
        assert.ok(truth.cited.length >= 3, `TeX saw ${truth.cited.length} keys: the project cites too little to judge`);
        const ours = check(work.dir, fixture.main);
        timings(fixture.folder, [...truth.steps, ['check', ours.run]]);
        const files = ours.report.documents.map(d => d.file);
        assert.ok(files.length > 3, `the whole project is checked: ${files.join(', ')}`);
        const found = [...new Set(ours.report.documents.flatMap(d => d.citations.map(c => c.key)))];
        assert.deepEqual(truth.cited.filter(k => !found.includes(k)), [], 'every key TeX saw is found');
        assert.deepEqual(undefinedKeys(ours.report), truth.missing, 'no other key called undefined');
        const problems = ours.report.documents.flatMap(d => d.problems.map(p => `${p.file}: ${p.code}: ${p.message}`));
        assert.deepEqual(problems.filter(p => /no-bibliography|missing-bibliography/.test(p)), [], 'no bibliography missed');

        // A key planted in a chapter: undefined for the tool and for the check, in that chapter.
        const chapter = join(work.dir, fixture.chapter);
        writeFileSync(chapter, `${readFileSync(chapter, 'utf8')}\nPlanted \\cite{NoSuchKey2099}.\n`);
        const planted = compile(fixture, work.dir);
        assert.ok(planted.missing.includes('NoSuchKey2099'), `${fixture.tool} reports the planted key`);
        const again = check(work.dir, fixture.main);
        const where = again.report.documents.find(d => d.problems.some(p => p.code === 'undefined-key' && p.message.startsWith('NoSuchKey2099 ')));
        assert.equal(where?.file, fixture.chapter);
        assert.equal(again.run.status, 1);
      } finally {
        work.done();
      }
    });
  }
});
