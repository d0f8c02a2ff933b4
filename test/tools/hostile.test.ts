// The last hostile bibliographies (issue 39), run as a user would run them: `check` on a document
// that cites from one, and `search --corpus` (which reads it as the extension's engine does). Each
// used to end the run with "Maximum call stack size exceeded" or an abort; now each gives a
// problem at its file and line, every other entry is kept, and `check` exits 1.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../unit/support/seeds';
import { run, workDir } from './tools';

const cli = (cwd: string, ...args: string[]) => run(process.execPath, [join(ROOT, 'dist', 'cli.js'), ...args], cwd);

/** A document citing `kept` (which the file still gives) and `lost` (which it cannot). */
const document = (bibliography: string, kept: string, lost: string) => `---\nbibliography: ${bibliography}\n---\n\nAs [@${kept}] and [@${lost}] show.\n`;

interface Hostile {
  name: string;
  file: string;
  text: () => string;
  /** The problem, as `check` prints it: `file:line:1: error: …`. */
  problem: RegExp;
  kept: string[];
}

const HOSTILE: Hostile[] = [
  {
    name: 'CSL-JSON whose second element opens 100,000 brackets and never closes them',
    file: 'open.json', text: () => `[{"id": "a", "title": "T"},${'['.repeat(100_000)}`,
    problem: /^open\.json:1:1: error: item 2 nests deeper than 100 levels/m, kept: ['a'],
  },
  {
    name: 'a CSL-JSON item nested 100,000 deep, a missing comma later',
    file: 'deep.json', text: () => `[\n{"id": "a", "title": "A"},\n{"id": "d", "note": ${'['.repeat(100_000)}${']'.repeat(100_000)}},\n{"id": "b", "title": "B"},\n{"id": "c"} {"id": "e"}\n]\n`,
    problem: /^deep\.json:3:1: error: item 2 nests deeper than 100 levels[^\n]*\ndeep\.json:5:1: error: item 4 is not valid JSON/m, kept: ['a', 'b'],
  },
  {
    name: 'a Hayagriva value that is its own alias',
    file: 'title.yml', text: () => 'a:\n  type: article\n  title: &t {value: *t}\nb:\n  type: book\n  title: B\n',
    problem: /^title\.yml:1:1: error: entry "a" skipped: it holds itself/m, kept: ['b'],
  },
  {
    name: 'a Hayagriva author whose name is its own alias',
    file: 'author.yml', text: () => 'b:\n  type: book\n  title: B\na:\n  type: article\n  author:\n    - name: &n {value: *n}\n',
    problem: /^author\.yml:4:1: error: entry "a" skipped: it holds itself/m, kept: ['b'],
  },
  {
    name: 'a million @string definitions, each made of the one before',
    file: 'chain.bib',
    text: () => ['@string{s0 = "x"}', ...Array.from({ length: 1_000_000 }, (_, i) => `@string{s${i + 1} = s${i} # s${i}}`), '@misc{a, title = s999990}', '@misc{b, title = {B}}', ''].join('\n'),
    problem: /^chain\.bib:21:1: error: field "s20" of @string grows past 1,000,000 characters/m, kept: ['a', 'b'],
  },
];

suite('the last hostile bibliographies on the command line: a problem at its line, the other entries kept', () => {
  for (const hostile of HOSTILE) {
    test(hostile.name, () => {
      const work = workDir('hostile');
      try {
        writeFileSync(join(work.dir, hostile.file), hostile.text());
        writeFileSync(join(work.dir, 'doc.md'), document(hostile.file, hostile.kept[0], 'lost'));
        const checked = cli(work.dir, 'check', 'doc.md');
        assert.equal(checked.status, 1, checked.stderr);
        assert.match(checked.stdout, hostile.problem);
        assert.doesNotMatch(checked.stdout + checked.stderr, /Maximum call stack|Invalid string length|heap/);
        const undefinedKeys = [...checked.stdout.matchAll(/warning: (\S+) is not in/g)].map(m => m[1]);
        assert.deepEqual(undefinedKeys, ['lost'], checked.stdout);

        // search reads the file as the extension's engine does: the same problem, every other entry.
        const searched = cli(work.dir, 'search', 'x', '--no-bundled', '--corpus', hostile.file);
        assert.equal(searched.status, 0, searched.stderr);
        assert.match(searched.stderr.replace(/^error: /gm, '').replace(/^(\S+:\d+): /gm, '$1:1: error: '), hostile.problem);
        const exported = cli(work.dir, 'export', '--format', 'csl-json', '--no-bundled', '--corpus', hostile.file);
        assert.deepEqual((JSON.parse(exported.stdout) as { id: string }[]).map(i => i.id), hostile.kept, exported.stderr);
      } finally {
        work.done();
      }
    });
  }
});
