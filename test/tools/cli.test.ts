// The built command line, run as a user would: `node dist/cli.js export|cite|search …`, its usage, and
// what it loads.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBib } from '../../src/core/bibliography/bibtex/parse';
import { bibtexEntry, CslItemSchema, cslItem } from '../../src/core/bibliography/paperEntry';
import { ROOT, seedCorpus } from '../unit/support/seeds';
import { run } from './tools';

const cli = (...args: string[]) => run(process.execPath, [join(ROOT, 'dist', 'cli.js'), ...args], ROOT);

suite('command line: export and cite', () => {
  test('export --format bibtex|biblatex: every paper, once, parsing cleanly', () => {
    for (const [format, type] of [['bibtex', 'misc'], ['biblatex', 'online']]) {
      const r = cli('export', '--format', format);
      assert.equal(r.status, 0, r.stderr);
      const parsed = parseBib(r.stdout);
      assert.deepEqual(parsed.problems, []);
      assert.deepEqual(parsed.entries.map(e => e.key), seedCorpus().papers.map(p => p.key));
      assert.ok(parsed.entries.every(e => e.type === type));
    }
  });

  test('export --format csl-json: valid items; --format json: the corpus', () => {
    const csl = cli('export', '--format', 'csl-json');
    assert.equal(csl.status, 0, csl.stderr);
    const items = JSON.parse(csl.stdout) as unknown[];
    assert.equal(items.length, seedCorpus().papers.length);
    items.forEach(i => CslItemSchema.parse(i));
    const json = cli('export', '--format', 'json');
    assert.equal(JSON.parse(json.stdout).papers.length, seedCorpus().papers.length);
  });

  test('cite <key> in every format, the key matched without case', () => {
    const tulu = seedCorpus().byTitle('TÜLU 3');
    const out = (format: string) => {
      const r = cli('cite', tulu.key.toLowerCase(), '--format', format);
      assert.equal(r.status, 0, r.stderr);
      return r.stdout;
    };
    assert.equal(out('bibtex'), bibtexEntry(tulu));
    assert.equal(out('biblatex'), bibtexEntry(tulu, 'biblatex'));
    assert.deepEqual(JSON.parse(out('csl-json')), [cslItem(tulu)]);
    assert.match(out('plain'), /^TÜLU 3: Pushing Frontiers/);
    assert.equal(out('latex'), `\\cite{${tulu.key}}\n`);
    assert.equal(out('markdown'), `[@${tulu.key}]\n`);
    assert.equal(out('typst'), `@${tulu.key}\n`);
    assert.equal(out('rst'), `:cite:\`${tulu.key}\`\n`);
  });

  test('an unknown key: a clear message and exit 1', () => {
    const r = cli('cite', 'NoSuchPaper1999', '--format', 'latex');
    assert.equal(r.status, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /no paper with key "NoSuchPaper1999"/);
  });

  test('bad arguments: usage on stderr and exit 2', () => {
    for (const args of [['cite', 'TULU3'], ['cite', 'TULU3', '--format', 'docx'], ['cite', '--format', 'latex'], ['export', '--format', 'plain'], ['export'], ['export', '--nope'], ['cite', 'a', 'b', '--format', 'latex']]) {
      const r = cli(...args);
      assert.equal(r.status, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^papers: .+\nusage:\n/, args.join(' '));
    }
  });
});

suite('command line: search and --corpus', () => {
  test('search ranks papers and prints key, title and score; --json gives objects', () => {
    const r = cli('search', 'tau bench', '--limit', '3');
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 3);
    assert.match(lines[0], /^tau2Bench\tτ\^2-Bench: Evaluating Conversational Agents in a Dual-Control Environment\t\d+\.\d\d$/);
    const json = JSON.parse(cli('search', 'tulu', '--json', '--limit', '1').stdout) as { key: string; title: string; score: number }[];
    assert.equal(json[0].key, 'TULU3');
    assert.equal(typeof json[0].score, 'number');
    assert.equal(cli('search', 'x', '--limit', '0').status, 2);
  });

  test('--corpus adds the papers of saved pages and JSON corpora, repeatable, and reports their problems', () => {
    const dir = mkdtempSync(join(tmpdir(), 'papers-cli-'));
    const page = join(dir, 'mine.txt');
    writeFileSync(page, 'Quantum Widgets: A Study\n\nWe study widgets at github.com/x/widgets.\n\n  • 2 authors\n·\nMar 3, 2025 4\n\nTitle Without Abstract');
    const json = join(dir, 'mine.json');
    const base = seedCorpus().papers[0];
    writeFileSync(json, JSON.stringify({ papers: [{ ...base, id: 'json-paper', key: 'JsonPaper2024', title: 'Json Paper About Gizmos' }] }));
    const r = cli('search', 'quantum widgets', '--corpus', page, '--corpus', json, '--limit', '1');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^QuantumWidgets2025\tQuantum Widgets: A Study\t/);
    assert.match(r.stderr, /mine\.txt:9: paper "Title Without Abstract" has no abstract/);
    const missing = cli('search', 'quantum widgets', '--corpus', page, '--corpus', join(dir, 'missing.txt'));
    assert.equal(missing.status, 1, 'a file that cannot be read fails the run');
    assert.match(missing.stderr, /missing\.txt: cannot be read \(ENOENT\)/);
    const cited = cli('cite', 'JsonPaper2024', '--format', 'latex', '--corpus', json);
    assert.equal(cited.stdout, '\\cite{JsonPaper2024}\n');
    const exported = JSON.parse(cli('export', '--format', 'json', '--corpus', page).stdout) as { papers: unknown[] };
    assert.equal(exported.papers.length, seedCorpus().papers.length + 1);
  });
});

suite('command line: the writer\'s bibliographies', () => {
  const dir = mkdtempSync(join(tmpdir(), 'papers-cli-bib-'));
  const bib = join(dir, 'refs.bib');
  writeFileSync(bib, `@string{neurips = {Advances in Neural Information Processing Systems}}
@inproceedings{vaswani2017attention,
  author    = {Vaswani, Ashish and Shazeer, Noam and Parmar, Niki and others},
  title     = {Attention Is {All} You Need},
  booktitle = neurips,
  year      = {2017},
  doi       = {10.5555/3295222.3295349},
  url       = {https://arxiv.org/abs/1706.03762},
}

@article{broken,
  title = {Unclosed {brace},
  year = 2020

@book{van2020,
  author    = {van der Berg, Jan and Smith, Jr., John},
  title     = {{\\"O}l und M{\\"u}hlen},
  publisher = {Springer},
  date      = {2020-05},
}
`);

  test('export --format csl-json --no-bundled prints exactly the entries read, with problems on stderr and exit 0', () => {
    const r = cli('export', '--format', 'csl-json', '--no-bundled', '--corpus', bib);
    assert.equal(r.status, 0, r.stderr);
    const items = JSON.parse(r.stdout) as Record<string, unknown>[];
    assert.deepEqual(items, [
      {
        id: 'vaswani2017attention', type: 'paper-conference', title: 'Attention Is All You Need',
        author: [{ family: 'Vaswani', given: 'Ashish' }, { family: 'Shazeer', given: 'Noam' }, { family: 'Parmar', given: 'Niki' }],
        issued: { 'date-parts': [[2017]] }, 'container-title': 'Advances in Neural Information Processing Systems',
        DOI: '10.5555/3295222.3295349', URL: 'https://arxiv.org/abs/1706.03762',
      },
      {
        id: 'van2020', type: 'book', title: 'Öl und Mühlen',
        author: [{ family: 'Berg', given: 'Jan', 'non-dropping-particle': 'van der' }, { family: 'Smith', given: 'John', suffix: 'Jr.' }],
        issued: { 'date-parts': [[2020, 5]] }, publisher: 'Springer',
      },
    ]);
    assert.match(r.stderr, /^error: .*refs\.bib:12: field "title" of entry "broken" is not closed/m);
  });

  test('search finds an entry by its author; cite prints the user\'s own entry', () => {
    const r = cli('search', 'vaswani attention', '--corpus', bib, '--limit', '1');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^vaswani2017attention\tAttention Is All You Need\t/);
    const entry = cli('cite', 'van2020', '--format', 'bibtex', '--corpus', bib);
    assert.match(entry.stdout, /^@book\{van2020,\n {2}author {4}= \{van der Berg, Jan and Smith, Jr\., John\},/);
  });

  test('CSL-JSON and YAML files too; a .json corpus is still a corpus', () => {
    const csl = join(dir, 'zotero.json');
    writeFileSync(csl, JSON.stringify([{ id: 'hinton2006', type: 'article-journal', title: 'Deep Belief Nets', author: [{ family: 'Hinton', given: 'Geoffrey' }] }]));
    const yaml = join(dir, 'refs.yml');
    writeFileSync(yaml, 'knuth1984:\n  type: article\n  title: Literate Programming\n  author: Knuth, Donald E.\n  date: 1984\n  parent:\n    type: periodical\n    title: The Computer Journal\n');
    const r = cli('export', '--format', 'csl-json', '--no-bundled', '--corpus', csl, '--corpus', yaml);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual((JSON.parse(r.stdout) as { id: string; 'container-title'?: string }[]).map(i => [i.id, i['container-title']]), [['hinton2006', undefined], ['knuth1984', 'The Computer Journal']]);
    assert.equal(cli('export', '--format', 'csl-json', '--no-bundled').status, 2, '--no-bundled without files is a usage error');
  });
});

suite('command line: each command\'s usage, and the style engine only for format', () => {
  const COMMANDS = ['search', 'export', 'cite', 'check', 'format', 'add', 'daily', 'refs', 'cited-by', 'recommend', 'suggest'];

  test('COMMAND --help and help COMMAND print that command\'s usage alone; --help, every command\'s', () => {
    for (const command of COMMANDS) {
      for (const args of [[command, '--help'], ['help', command], [command, '-h']]) {
        const r = cli(...args);
        assert.equal(r.status, 0, args.join(' '));
        assert.equal(r.stderr, '');
        assert.match(r.stdout, new RegExp(`^usage:\\n  papers ${command} `), args.join(' '));
        const named = COMMANDS.filter(c => new RegExp(`papers ${c} `).test(r.stdout));
        assert.deepEqual(named, [command], `${args.join(' ')} names only its command`);
      }
    }
    const general = cli('--help');
    assert.equal(general.status, 0);
    assert.deepEqual(COMMANDS.filter(c => general.stdout.includes(`  papers ${c} `)), COMMANDS);
    assert.match(general.stdout, /papers COMMAND --help/);
    assert.doesNotMatch(general.stdout, /node dist/);
  });

  test('bad arguments to a command print its own usage (exit 2); an unknown command, the general one', () => {
    const format = cli('format', '--corpus', 'refs.bib', '--format', 'docx');
    assert.equal(format.status, 2);
    assert.match(format.stderr, /^papers: --format must be one of text, html, markdown .*\nusage:\n {2}papers format /);
    assert.doesNotMatch(format.stderr, /papers search/);
    const unknown = cli('frobnicate');
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /^papers: unknown command "frobnicate"\nusage:\n {2}papers search /);
  });

  test('the README runs the command line as its usage names it', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Command line'));
    const examples = section.slice(section.indexOf('```sh\n'), section.indexOf('\n```\n'));
    const lines = [...examples.matchAll(/^(\S+(?: \S+)?) (search|export|cite|check|format|add|daily|refs|cited-by|recommend|suggest)(?=\s|$)/gm)];
    assert.deepEqual([...new Set(lines.map(m => m[2]))].sort(), [...COMMANDS].sort(), 'every command is shown');
    assert.deepEqual([...new Set(lines.map(m => m[1]))], ['papers']);
    // The README says how to have a `papers`: the package, or the clone's build under its own name.
    assert.match(section, /npm install --global papers/);
    assert.match(section, /`node dist\/cli\.js` is the same `papers`/);
  });

  test('only format reads the style engine: without dist/styles.js the other commands run, format says what is missing', () => {
    const work = mkdtempSync(join(tmpdir(), 'papers-cli-nostyles-'));
    // What the command line reads beside itself, but the style engine.
    for (const name of ['cli.js', 'commands.js', 'corpus.json', 'names.index', 'fulltext.index']) copyFileSync(join(ROOT, 'dist', name), join(work, name));
    const alone = (...args: string[]) => run(process.execPath, [join(work, 'cli.js'), ...args], join(ROOT, 'test', 'fixtures', 'workspace'));
    assert.equal(statSync(join(work, 'commands.js')).size < 1_000_000, true, 'dist/commands.js holds no citeproc-js and no CSL styles');
    for (const name of ['cli.js', 'commands.js']) assert.doesNotMatch(readFileSync(join(work, name), 'utf8'), /citeproc-js|<style xmlns="http:\/\/purl\.org\/net\/xbiblio\/csl"/);
    // The entry answers --help alone: the commands' bundle is read only when a command runs.
    assert.ok(statSync(join(work, 'cli.js')).size < 20_000, 'dist/cli.js is the usage and the dispatch only');
    assert.equal(alone('--help').status, 0);
    const checked = alone('check', 'paper.tex');
    assert.equal(checked.status, 0, checked.stderr);
    assert.match(checked.stderr, /1 document\(s\)/);
    assert.match(alone('search', 'tau bench', '--limit', '1').stdout, /^tau2Bench\t/);
    const format = alone('format', '--corpus', 'references.bib');
    assert.equal(format.status, 1);
    assert.match(format.stderr, /^papers: the style engine cannot be read: .*styles\.js, which the build \(npm run build\) writes beside dist\/cli\.js\n$/);
    const formatted = cli('format', '--corpus', join(ROOT, 'test', 'fixtures', 'workspace', 'references.bib'));
    assert.equal(formatted.status, 0, formatted.stderr);
    assert.match(formatted.stdout, /Hochreiter, S\., & Schmidhuber, J\. \(1997\)/);
  });
});
