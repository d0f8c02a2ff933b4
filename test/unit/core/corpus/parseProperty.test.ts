// Property test: whatever damage a saved page has, the parser never throws, every paper it
// returns passes the schema once built, and every problem it reports is located.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { buildCorpus } from '../../../../src/core/corpus/build';
import { PaperSchema } from '../../../../src/core/model/paper';
import { parsePage } from '../../../../src/core/corpus/parse';
import { seedCorpus, seedPages } from '../../support/seeds';

type Mutation =
  | { kind: 'drop'; at: number }
  | { kind: 'swap'; at: number; with: number }
  | { kind: 'junk'; at: number; text: string }
  | { kind: 'truncate'; at: number }
  | { kind: 'blank'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), with: fc.nat() }),
  fc.record({ kind: fc.constant('junk' as const), at: fc.nat(), text: fc.string({ unit: 'binary', maxLength: 40 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('blank' as const), at: fc.nat() }),
);

function mutate(text: string, mutations: Mutation[]): string {
  let lines = text.split('\n');
  for (const m of mutations) {
    const at = lines.length ? m.at % lines.length : 0;
    if (m.kind === 'drop') lines.splice(at, 1);
    if (m.kind === 'swap' && lines.length) {
      const other = m.with % lines.length;
      [lines[at], lines[other]] = [lines[other], lines[at]];
    }
    if (m.kind === 'junk') lines.splice(at, 0, m.text);
    if (m.kind === 'blank') lines.splice(at, 0, '');
    if (m.kind === 'truncate') lines = lines.join('\n').slice(0, (m.at % (lines.join('\n').length + 1))).split('\n');
  }
  return lines.join('\n');
}

suite('parsing damaged pages (property)', () => {
  const pages = seedPages();
  const { topics } = seedCorpus();

  test('never throws; every paper passes the schema; every problem names its file and a real line', () => {
    fc.assert(fc.property(fc.nat({ max: pages.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 12 }), (page, mutations) => {
      const text = mutate(pages[page].text, mutations);
      const lineCount = text.split(/\r\n|\r|\n/).length;
      const parsed = parsePage(text, 'damaged.txt');
      for (const problem of parsed.problems) {
        assert.equal(problem.file, 'damaged.txt');
        assert.ok(problem.line >= 1 && problem.line <= lineCount, `line ${problem.line} of ${lineCount}`);
        assert.ok(problem.message.length > 0);
      }
      const { corpus } = buildCorpus([{ file: 'damaged.txt', text }], { lock: {}, topics });
      for (const paper of corpus.papers) assert.ok(PaperSchema.safeParse(paper).success, paper.title);
    }), { numRuns: 120 });
  });

  test('arbitrary text, however strange, gives papers that pass the schema or located problems', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 2000 }), text => {
      const { corpus, problems } = buildCorpus([{ file: 'any.txt', text }], { lock: {}, topics });
      for (const paper of corpus.papers) assert.ok(PaperSchema.safeParse(paper).success);
      for (const problem of problems) assert.ok(problem.line >= 1);
    }), { numRuns: 300 });
  });

  test('damage to one entry loses only that entry', () => {
    const page = pages[2];
    const lines = page.text.split('\n');
    const title = lines.indexOf('PORTool: Tool-Use LLM Training with Rewarded Tree');
    lines.splice(title + 2, 1, ''); // the abstract line is gone
    const damaged = parsePage(lines.join('\n'), page.file);
    const whole = parsePage(page.text, page.file);
    assert.equal(damaged.entries.length, whole.entries.length - 1);
    assert.ok(!damaged.entries.some(e => e.title.startsWith('PORTool')));
    assert.equal(damaged.problems.length >= 1, true);
    assert.equal(damaged.problems[0].line, title + 1);
  });
});
