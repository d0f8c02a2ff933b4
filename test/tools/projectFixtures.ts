// The real multi-file LaTeX projects of test/fixtures/projects (see projects.test.ts), copied out
// and compiled with pdflatex and BibTeX or biber: what the tool stages that judge a whole project
// share (projects.test.ts, rename.test.ts).
import * as assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../unit/support/seeds';
import { run, type Run } from './tools';

const PROJECTS = join(ROOT, 'test', 'fixtures', 'projects');

export interface Fixture {
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

export const FIXTURES: Fixture[] = [
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
export function copyProject(fixture: Fixture, dir: string): void {
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
export function compile(fixture: Fixture, dir: string): { cited: string[]; missing: string[]; steps: [string, Run][] } {
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
