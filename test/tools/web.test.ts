// The web commands of the built command line, run as a user would against the replay server
// (recorded arXiv, Crossref and doi.org answers; made Hugging Face ones): `add` prints entries
// that pdflatex + bibtex (plain, plainnat), pdflatex + biber and pandoc --citeproc all accept,
// with the authors and the eprint in what they print; `daily` prints the site's order.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../unit/support/seeds';
import { ReplayServer } from '../support/replayServer';
import { cliAsync, run, timings, workDir, type Run } from './tools';

/** The ids `add` is given: arXiv ids (new, versioned, a link) and DOIs of three agencies, through Crossref and doi.org. */
const IDS = [
  '1605.08386', 'https://arxiv.org/abs/1707.08567', 'arxiv.org/pdf/2104.12255v1.pdf',
  'https://doi.org/10.1126/science.169.3946.635', '10.1371/journal.pone.0033693', 'doi:10.1021/ja01577a030', '10.5281/zenodo.8242099',
];
const KEYS = ['stanley2016heat', 'immink2017proceedings', 'nguyen20210', 'frank1970structure', 'sadasivan2012methylphenidate', 'hall1957correlation', 'willighagen2023shield'];

/** The command line, run from the repository. */
const cli = (env: Record<string, string>, ...args: string[]) => cliAsync(env, ROOT, ...args);

const pdflatex = (dir: string) => run('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'doc.tex'], dir);

/** Compiles `document` with `refs.bib` through pdflatex, the bibliography tool and pdflatex twice; returns the .bbl and the log of the tool. */
function compile(label: string, document: string, bib: string, tool: 'bibtex' | 'biber'): { bbl: string; blg: string } {
  const work = workDir(`web-${tool}`);
  try {
    writeFileSync(join(work.dir, 'doc.tex'), document);
    writeFileSync(join(work.dir, 'refs.bib'), bib);
    const read = (ext: string) => readFileSync(join(work.dir, `doc.${ext}`), 'utf8');
    const steps: [string, Run][] = [['pdflatex', pdflatex(work.dir)]];
    assert.equal(steps[0][1].status, 0, steps[0][1].stdout.slice(-2000));
    steps.push([tool, run(tool, ['doc'], work.dir)]);
    assert.equal(steps[1][1].status, 0, `${tool}:\n${read('blg')}`);
    steps.push(['pdflatex', pdflatex(work.dir)], ['pdflatex', pdflatex(work.dir)]);
    for (const [name, r] of steps.slice(2)) assert.equal(r.status, 0, `${name}:\n${r.stdout.slice(-2000)}`);
    const log = read('log');
    assert.deepEqual(log.split('\n').filter(l => /^!|undefined|Error/.test(l) && !/infwarerr/.test(l)), []);
    timings(label, steps);
    return { bbl: read('bbl'), blg: read('blg') };
  } finally {
    work.done();
  }
}

const latex = (preamble: string[], cite: string, end: string[]) =>
  ['\\documentclass{article}', '\\usepackage[T1]{fontenc}', ...preamble, '\\begin{document}', `Cited ${cite}{${KEYS.join(',')}}.`, ...end, '\\end{document}'].join('\n');

suite('command line: papers from the web (replayed)', () => {
  let server: ReplayServer;
  let bibtex: string;
  suiteSetup(async () => {
    server = await ReplayServer.start();
    const r = await cli(server.env, 'add', ...IDS);
    assert.equal(r.status, 0, r.stderr);
    bibtex = r.stdout;
  });
  suiteTeardown(() => server.close());

  test('add: one entry per id, with the keys writers know, authors and the eprint or the journal', () => {
    assert.deepEqual([...bibtex.matchAll(/^@(\w+)\{(\w+),$/gm)].map(m => `${m[1]} ${m[2]}`), [
      'misc stanley2016heat', 'misc immink2017proceedings', 'misc nguyen20210', 'article frank1970structure',
      'article sadasivan2012methylphenidate', 'article hall1957correlation', 'article willighagen2023shield',
    ]);
    assert.match(bibtex, /author {8}= \{Stanley, Caprice and Windisch, Tobias\}/);
    assert.match(bibtex, /eprint {8}= \{1605\.08386\},\n {2}archivePrefix = \{arXiv\},\n {2}primaryClass {2}= \{math\.CO\}/);
    assert.match(bibtex, /author {4}= \{Hall, Jr\., H\. K\.\}/);
  });

  for (const style of ['plain', 'plainnat']) {
    test(`add --format bibtex: pdflatex + bibtex (${style}) print the authors and the eprint`, () => {
      const natbib = style === 'plainnat' ? ['\\usepackage{natbib}'] : [];
      const { bbl, blg } = compile(`web entries, bibtex ${style}`, latex([...natbib, '\\usepackage{url}'], '\\cite', [`\\bibliographystyle{${style}}`, '\\bibliography{refs}']), bibtex, 'bibtex');
      assert.doesNotMatch(blg, /error message/i);
      assert.equal((bbl.match(/\\bibitem/g) ?? []).length, KEYS.length);
      assert.match(bbl, /Caprice Stanley and Tobias Windisch/);
      assert.match(bbl, /arXiv:1605\.08386 \[math\.CO\]/);
      assert.match(bbl, /Henry~S\. Frank\./);
    });
  }

  test('add --format biblatex: pdflatex + biber print the authors and the eprint, without a warning', async () => {
    const r = await cli(server.env, 'add', '--format', 'biblatex', ...IDS);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^@online\{stanley2016heat,$/m);
    const { bbl, blg } = compile('web entries, biber', latex(['\\usepackage[backend=biber]{biblatex}', '\\addbibresource{refs.bib}'], '\\autocite', ['\\printbibliography']), r.stdout, 'biber');
    assert.deepEqual(blg.split('\n').filter(l => /\b(WARN|ERROR)\b/.test(l)), []);
    assert.equal((bbl.match(/\\entry\{/g) ?? []).length, KEYS.length);
    assert.match(bbl, /family=\{Stanley\}/);
    assert.match(bbl, /\\field\{eprinttype\}\{arXiv\}/);
    assert.match(bbl, /\\verb\{eprint\}\n\s+\\verb 1605\.08386/);
  });

  test('add --format csl-json: pandoc --citeproc prints the authors and the eprint (arXiv\'s DOI)', async () => {
    const r = await cli(server.env, 'add', '--format', 'csl-json', ...IDS);
    assert.equal(r.status, 0, r.stderr);
    const items = JSON.parse(r.stdout) as { id: string }[];
    assert.deepEqual(items.map(i => i.id), KEYS);
    const work = workDir('web-pandoc');
    try {
      writeFileSync(join(work.dir, 'refs.json'), r.stdout);
      writeFileSync(join(work.dir, 'doc.md'), `---\nbibliography: refs.json\n---\n\nCited [${KEYS.map(k => `@${k}`).join('; ')}].\n\n# References\n`);
      const p = run('pandoc', ['doc.md', '--citeproc', '--wrap=none', '-t', 'plain'], work.dir);
      assert.equal(p.status, 0, p.stderr);
      assert.equal(p.stderr, '', 'pandoc printed warnings');
      assert.doesNotMatch(p.stdout, /\?\?\?/);
      // Chicago prints a preprint's archive and its DOI, arXiv's own, which names the eprint.
      assert.match(p.stdout, /Stanley, Caprice, and Tobias Windisch\. 2016\. “Heat-Bath Random Walks with Markov Bases\.” arXiv\. https:\/\/doi\.org\/10\.48550\/arXiv\.1605\.08386\./);
      assert.match(p.stdout, /Frank, Henry S\. 1970/);
      timings('web entries, pandoc --citeproc', [['pandoc', p]]);
    } finally {
      work.done();
    }
  });

  test('add: an id that cannot be found or fetched is said on stderr and exits 1, after the others', async () => {
    const r = await cli(server.env, 'add', '0000.0000', '1605.08386', '10.1371/notarealdoi');
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^@misc\{stanley2016heat,/);
    assert.deepEqual(r.stderr.trim().split('\n'), [
      'papers: arXiv:0000.0000: arXiv has no paper arXiv:0000.0000',
      `papers: doi:10.1371/notarealdoi: ${new URL(server.origin).host} answered 404: no such DOI`,
    ]);
    const down = await cli({ ...server.env, PAPERS_ARXIV_URL: 'http://127.0.0.1:9/arxiv' }, 'add', '1605.08386');
    assert.equal(down.status, 1);
    assert.match(down.stderr, /^papers: arXiv:1605\.08386: arXiv could not be reached \(127\.0\.0\.1:9: .+\); are you offline\?\n$/);
  });

  test('add and daily: usage errors exit 2', async () => {
    for (const args of [['add'], ['add', 'abc'], ['add', '1605.08386', '--format', 'plain'], ['daily', '--date', '2025-02-30'], ['daily', '--week', '2025-03'], ['daily', '--date', '2025-01-15', '--month', '2025-01'], ['daily', 'today']]) {
      const r = await cli(server.env, ...args);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^papers: .+\nusage:\n/);
    }
  });

  test('daily: the papers of a day in the site\'s order, as text and as JSON', async () => {
    const r = await cli(server.env, 'daily', '--date', '2025-01-15');
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.stdout.trimEnd().split('\n').map(l => l.split('\t').slice(0, 3)), [
      ['278', '2501.04519', 'rStar-Math: Small LLMs Can Master Math Reasoning with Self-Evolved Deep Thinking'],
      ['402', '2501.12948', 'DeepSeek-R1: Incentivizing Reasoning Capability in LLMs via Reinforcement Learning'],
      ['12', '2501.00001', 'Agents <img src=x onerror=alert(1)> & "Tools": <script>alert(2)</script>'],
      ['', '2501.00002', 'Sparse Mixtures Without Tears'],
    ]);
    assert.equal(r.stderr, 'papers: left out item 5: paper.id: id must be an arXiv id\n');
    const json = await cli(server.env, 'daily', '--week', '2025-W03', '--json');
    const papers = JSON.parse(json.stdout) as { arxivId: string; organization: string; upvotes: number }[];
    assert.deepEqual(papers.map(p => [p.arxivId, p.organization, p.upvotes]), [['2501.12948', 'DeepSeek', 402], ['2501.04519', 'Microsoft', 278]]);
    const month = await cli(server.env, 'daily', '--month', '2025-01');
    assert.equal(month.stdout.trimEnd().split('\n').length, 3);
  });
});
