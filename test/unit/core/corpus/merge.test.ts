import * as assert from 'node:assert/strict';
import { mergeEntries } from '../../../../src/core/corpus/merge';
import { parsePage } from '../../../../src/core/corpus/parse';
import { seedCorpus } from '../../support/seeds';

suite('merging copies of the same paper', () => {
  const { papers, byTitle } = seedCorpus();

  test('454 entries on five pages are 390 papers, each listed once', () => {
    assert.equal(papers.length, 390);
    assert.equal(new Set(papers.map(p => p.id)).size, 390);
    assert.equal(papers.reduce((n, p) => n + p.sources.length, 0), 454);
  });

  test('metadata printed on any copy survives, whichever page comes first', () => {
    const tree = byTitle('Tree-Planner');
    assert.deepEqual(tree.sources.map(s => s.file.slice(6, 9)), ['000', '001', '002']);
    assert.deepEqual([tree.authorsCount, tree.date, tree.year, tree.upvotes], [10, 'Oct 12, 2023', 2023, null]);
    const verl = byTitle('VerlTool');
    assert.deepEqual(verl.organization, { handle: 'TIGER-Lab', name: 'TIGER-Lab' });
    assert.deepEqual([verl.date, verl.upvotes], ['Aug 31', 4]);
  });

  test('a paper printed without metadata everywhere keeps null, never 0', () => {
    const rt = byTitle('RT-H');
    assert.equal(rt.sources.length, 3);
    assert.deepEqual([rt.authorsCount, rt.organization, rt.date, rt.year, rt.upvotes], [null, null, null, null, null]);
  });

  test('different papers with similar titles stay separate', () => {
    assert.notEqual(byTitle('D4RL').id, byTitle('D5RL').id);
    assert.notEqual(byTitle('Training Language Models for Social Deduction').id, byTitle('Training Language Models to Critique').id);
  });

  test('copies differing only in case, accents or punctuation are one paper', () => {
    const a = parsePage('GUI-R1 : A Generalist Agent\n\nFirst abstract.', 'a.txt').entries;
    const b = parsePage('gui-r1: a generalist agent\n\nA longer, revised abstract.\n\n  • 4 authors\n·\nMar 1, 2025 2', 'b.txt').entries;
    const merged = mergeEntries([...a, ...b]);
    assert.equal(merged.length, 1);
    assert.equal(merged[0].title, 'GUI-R1 : A Generalist Agent', 'the first copy names it');
    assert.equal(merged[0].abstract, 'A longer, revised abstract.', 'the fuller abstract wins');
    assert.deepEqual([merged[0].authorsCount, merged[0].year, merged[0].upvotes], [4, 2025, 2]);
    assert.deepEqual(merged[0].sources, [{ file: 'a.txt', line: 1 }, { file: 'b.txt', line: 1 }]);
  });
});
