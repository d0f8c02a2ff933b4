// The built command line, run as a user would: `node dist/cli.js export|cite …`.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { parseBib } from '../../src/core/cite/bibtex';
import { bibtexEntry, CslItemSchema, cslItem } from '../../src/core/cite/entries';
import { ROOT, seedCorpus } from '../unit/seeds';
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
