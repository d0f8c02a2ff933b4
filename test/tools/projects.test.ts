// Real multi-file projects nobody here wrote, checked as a whole and judged by the tools: thesis
// templates and their sample theses from TeX Live's documentation (Debian's texlive-publishers-doc,
// which CI installs with the classes in texlive-publishers; read from there, never copied into this
// repository). Each is compiled with pdflatex and BibTeX or biber: the keys TeX saw (.aux, .bcf) and
// those the tool could not find (.blg) are the truth. `papers check MAIN.tex --json` must find those
// keys, call no other key undefined and miss no bibliography; a key planted in a chapter must be
// undefined for both. Three layouts: a preamble \input with the bibliography and chapters by
// \input (elteikthesis), chapters by \include with the bibliography in an \include'd file
// (classicthesis), and chapters by \import through a path macro (thesis-gwu's sample, its
// \include lines turned into \import{\PATH/tex/}{…} here, which is the only change made to it).
import * as assert from 'node:assert/strict';
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ROOT } from '../unit/support/seeds';
import { run, timings, workDir, type Run } from './tools';

const DOCS = '/usr/share/doc/texlive-doc/latex';

interface Report {
  documents: { file: string; citations: { key: string }[]; bibliographies: string[]; problems: { file: string; code: string; message: string; severity: string }[] }[];
}

interface Fixture {
  name: string;
  /** The package's documentation folder, and the folder of the project inside it. */
  folder: string;
  main: string;
  /** BibTeX or biber, as the project uses. */
  tool: 'bibtex' | 'biber';
  /** A chapter to plant an undefined key in (relative to the project). */
  chapter: string;
  /** The change made to the project before it is compiled, if any. */
  adapt?: (dir: string) => void;
}

const FIXTURES: Fixture[] = [
  { name: 'elteikthesis: a biblatex preamble, chapters by \\input', folder: 'elteikthesis', main: 'elteikthesis_en.tex', tool: 'biber', chapter: 'samples_en/intro.tex' },
  { name: 'classicthesis: chapters by \\include, the bibliography in an \\include\'d file', folder: 'classicthesis', main: 'ClassicThesis.tex', tool: 'biber', chapter: 'Chapters/Chapter01.tex' },
  {
    name: 'thesis-gwu: chapters by \\import through a path macro', folder: 'thesis-gwu', main: 'thesis-sample.tex', tool: 'bibtex', chapter: 'tex/intro.tex',
    adapt: dir => {
      const main = join(dir, 'thesis-sample.tex');
      const text = readFileSync(main, 'utf8')
        .replace('\\begin{document}', '\\usepackage{import}\n\\def\\PATH{.}\n\\begin{document}')
        .replace(/\\include\{tex\/([\w-]+)\}/g, '\\import{\\PATH/tex/}{$1}');
      assert.ok(text.includes('\\import{\\PATH/tex/}{intro}'), 'the sample brings in tex/intro');
      writeFileSync(main, text);
    },
  },
];

/** The project copied out of the documentation, its gzipped files unpacked (Debian gzips large ones). */
function copyProject(fixture: Fixture, dir: string): void {
  const source = join(DOCS, fixture.folder);
  assert.ok(existsSync(source), `${source} is missing: apt-get install texlive-publishers-doc texlive-publishers`);
  cpSync(source, dir, { recursive: true });
  const unpack = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) unpack(path);
      else if (name.endsWith('.gz')) writeFileSync(path.slice(0, -3), gunzipSync(readFileSync(path)));
    }
  };
  unpack(dir);
  fixture.adapt?.(dir);
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
    const aux = readdirSync(dir).filter(name => name.endsWith('.aux')).map(name => readFileSync(join(dir, name), 'utf8')).join('\n');
    cited = [...aux.matchAll(/\\citation\{([^}]*)\}/g)].flatMap(m => m[1].split(','));
  }
  const blg = readFileSync(join(dir, `${base}.blg`), 'utf8');
  const missing = [...blg.matchAll(/I didn't find a database entry for ["']([^"']+)["']/g)].map(m => m[1]);
  return { cited: [...new Set(cited.filter(k => k !== '*'))].sort(), missing: [...new Set(missing)].sort(), steps };
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
