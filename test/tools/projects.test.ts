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
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { ROOT } from '../unit/support/seeds';
import { compile, copyProject, FIXTURES } from './projectFixtures';
import { run, timings, workDir, type Run } from './tools';

interface Report {
  documents: { file: string; citations: { key: string }[]; bibliographies: string[]; problems: { file: string; code: string; message: string; severity: string }[] }[];
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
