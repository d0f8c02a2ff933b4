import * as assert from 'node:assert/strict';
import { dateRank, groupPapers, sortPapers } from '../../../../src/core/browse/browse';
import { seedCorpus } from '../../support/seeds';

suite('grouping and sorting for the Papers view', () => {
  const { papers, topics } = seedCorpus();

  test('dates: a date without a year is this year\'s, newer than any with one; no date sorts last', () => {
    assert.ok(dateRank({ date: 'Jan 2', year: null }) > dateRank({ date: 'Dec 31, 2024', year: 2024 }));
    assert.ok(dateRank({ date: 'Nov 3, 2024', year: 2024 }) > dateRank({ date: 'Oct 30, 2024', year: 2024 }));
    assert.ok(dateRank({ date: 'Oct 3', year: null }) > dateRank({ date: 'Sep 30', year: null }));
    assert.equal(dateRank({ date: null, year: null }), -Infinity);
  });

  test('sorting by upvotes, date and title, unknown values last, ties by title', () => {
    const byUpvotes = sortPapers(papers, 'upvotes');
    assert.equal(byUpvotes[0].upvotes, Math.max(...papers.map(p => p.upvotes ?? -1)));
    assert.equal(byUpvotes.at(-1)!.upvotes, null);
    const byDate = sortPapers(papers, 'date');
    assert.equal(byDate.at(-1)!.date, null);
    assert.ok(byDate.every((p, i) => i === 0 || dateRank(byDate[i - 1]) >= dateRank(p)));
    const byTitle = sortPapers(papers, 'title');
    assert.equal(byTitle[0].title, '2 OLMo 2 Furious');
    assert.notEqual(sortPapers(papers, 'title'), papers, 'a sorted copy, not the corpus itself');
  });

  test('by topic: topics in their own order, each paper under each of its topics', () => {
    const groups = groupPapers(papers, 'topic', topics.topics);
    assert.deepEqual(groups.map(g => g.id.slice(6)), topics.topics.map(t => t.id).filter(id => papers.some(p => p.topics.includes(id))));
    assert.equal(groups.reduce((n, g) => n + g.papers.length, 0), papers.reduce((n, p) => n + p.topics.length, 0));
    assert.equal(groups[0].label, topics.topics[0].label);
  });

  test('by organisation and by source page: each paper once per group, "No organisation" last', () => {
    const orgs = groupPapers(papers, 'organization', topics.topics);
    assert.equal(orgs.at(-1)!.label, 'No organisation');
    assert.equal(orgs.reduce((n, g) => n + g.papers.length, 0), papers.length);
    const sources = groupPapers(papers, 'source', topics.topics);
    assert.equal(sources.length, 5);
    assert.equal(sources.reduce((n, g) => n + g.papers.length, 0), 454);
  });
});
