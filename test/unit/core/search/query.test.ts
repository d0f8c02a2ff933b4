import * as assert from 'node:assert/strict';
import type { Paper } from '../../../../src/core/model/paper';
import { applyFilters, byUpvotesThenTitle, compileFilter, parseQuery, type TopicName } from '../../../../src/core/search/query';

const TOPICS: TopicName[] = [
  { id: 'computer-use', label: 'Computer-use & GUI agents' },
  { id: 'web-agents', label: 'Web agents' },
  { id: 'rl-reasoning', label: 'RL for LLM reasoning' },
  { id: 'robot-learning', label: 'Robot learning & manipulation' },
];

let next = 0;
function paper(fields: Partial<Paper>): Paper {
  next++;
  return {
    id: `paper-${next}`, key: `Paper${next}`, title: `Paper ${next}`, abstract: 'An abstract.',
    authorsCount: null, organization: null, date: null, year: null, upvotes: null,
    links: [], topics: ['web-agents'], sources: [{ file: 'seeds/x.txt', line: next }],
    ...fields,
  };
}

const only = (query: string) => {
  const { filters } = parseQuery(query);
  assert.equal(filters.length, 1, query);
  return compileFilter(filters[0], { topics: TOPICS });
};

suite('parseQuery', () => {
  test('takes the filters out and keeps the words in order', () => {
    const parsed = parseQuery('gui topic:web agents year:2024');
    assert.equal(parsed.words, 'gui agents ');
    assert.deepEqual(parsed.filters.map(f => [f.field, f.op, f.value, f.text]), [
      ['topic', ':', 'web', 'topic:web'],
      ['year', ':', '2024', 'year:2024'],
    ]);
  });

  test('the last word is still being typed only if nothing follows it', () => {
    assert.equal(parseQuery('gui agen').words, 'gui agen');
    assert.equal(parseQuery('gui agen ').words, 'gui agen ');
    assert.equal(parseQuery('gui agen has:code').words, 'gui agen ', 'a filter after it finishes the word');
    assert.equal(parseQuery('has:code gui agen').words, 'gui agen');
  });

  test('field names are case-insensitive; numbers compare with > >= < <=', () => {
    const filters = parseQuery('Upvotes>10 upvotes>=3 YEAR<2025 year<=2024 Topic:web').filters;
    assert.deepEqual(filters.map(f => `${f.field}${f.op}${f.value}`), ['upvotes>10', 'upvotes>=3', 'year<2025', 'year<=2024', 'topic:web']);
  });

  test('quoted values may hold spaces and dashes', () => {
    const parsed = parseQuery('org:"TIGER-Lab" topic:"GUI agents" tools');
    assert.deepEqual(parsed.filters.map(f => f.value), ['TIGER-Lab', 'GUI agents']);
    assert.equal(parsed.filters[0].text, 'org:"TIGER-Lab"');
    assert.equal(parsed.words, 'tools');
  });

  test('a filter with no value yet is left out, not searched as a word', () => {
    assert.deepEqual(parseQuery('agents year:'), { words: 'agents ', filters: [] });
    assert.deepEqual(parseQuery('agents upvotes>').filters, []);
  });

  test('anything else with a colon is words: titles such as "ReAct: Synergizing"', () => {
    assert.deepEqual(parseQuery('ReAct: Synergizing author:smith topic>web').filters, []);
    assert.equal(parseQuery('ReAct: Synergizing').words, 'ReAct: Synergizing');
  });
});

suite('compileFilter', () => {
  test('topic: by id, or by the words of its label, in any case', () => {
    const gui = paper({ topics: ['computer-use'] });
    const web = paper({ topics: ['web-agents'] });
    for (const query of ['topic:computer-use', 'topic:GUI', 'topic:computer', 'topic:"gui agents"', 'topic:Computer-Use']) {
      assert.equal(only(query).test(gui), true, query);
      assert.equal(only(query).test(web), false, query);
    }
  });

  test('topic: a word of several labels matches all their topics; an exact id only its own', () => {
    const rl = paper({ topics: ['rl-reasoning'] });
    const robot = paper({ topics: ['robot-learning'] });
    assert.equal(only('topic:agents').test(paper({ topics: ['computer-use'] })), true);
    assert.equal(only('topic:agents').test(paper({ topics: ['web-agents'] })), true);
    assert.equal(only('topic:learning').test(robot), true);
    assert.equal(only('topic:learning').test(rl), false);
    assert.equal(only('topic:rl-reasoning').test(rl), true);
  });

  test('an unknown topic says so and matches nothing', () => {
    const foo = only('topic:foo');
    assert.equal(foo.problem, 'no topic matches "foo"');
    assert.equal(foo.test(paper({})), false);
  });

  test('org: by handle or name, whole or from the start of a word', () => {
    const tiger = paper({ organization: { handle: 'TIGER-Lab', name: 'TIGER-Lab' } });
    const nvidia = paper({ organization: { handle: 'nvidia', name: 'NVIDIA' } });
    const longcat = paper({ organization: { handle: 'meituan-longcat', name: 'LongCat' } });
    assert.equal(only('org:"TIGER-Lab"').test(tiger), true);
    assert.equal(only('org:tiger').test(tiger), true);
    assert.equal(only('org:NVIDIA').test(nvidia), true);
    assert.equal(only('org:longcat').test(longcat), true);
    assert.equal(only('org:meituan').test(longcat), true);
    assert.equal(only('org:tiger').test(nvidia), false);
    assert.equal(only('org:nvidia').test(paper({})), false, 'a paper with no organisation');
  });

  test('has:code is a GitHub repository link', () => {
    assert.equal(only('has:code').test(paper({ links: ['https://github.com/RAIVNLab/mnms'] })), true);
    assert.equal(only('has:code').test(paper({ links: ['https://huggingface.co/datasets/zixianma/mnms'] })), false);
    assert.equal(only('has:code').test(paper({ links: [] })), false);
    assert.match(only('has:video').problem ?? '', /has:code/);
  });

  test('year and upvotes compare; an unknown value never matches', () => {
    const old = paper({ year: 2023, upvotes: 10 });
    const recent = paper({ year: 2024, upvotes: 11 });
    const unknown = paper({});
    assert.deepEqual([old, recent, unknown].map(p => only('year:2024').test(p)), [false, true, false]);
    assert.deepEqual([old, recent, unknown].map(p => only('year<2024').test(p)), [true, false, false]);
    assert.deepEqual([old, recent, unknown].map(p => only('upvotes>10').test(p)), [false, true, false]);
    assert.deepEqual([old, recent, unknown].map(p => only('upvotes>=10').test(p)), [true, true, false]);
    assert.deepEqual([old, recent, unknown].map(p => only('upvotes<=10').test(p)), [true, false, false]);
  });

  test('a value that is not a number is reported', () => {
    assert.match(only('year:recent').problem ?? '', /year:recent: a year has four digits/);
    assert.match(only('upvotes>many').problem ?? '', /whole number/);
  });
});

suite('applyFilters', () => {
  const papers = [
    paper({ topics: ['computer-use'], year: 2024, links: ['https://github.com/a/b'], upvotes: 5 }),
    paper({ topics: ['computer-use'], year: 2023 }),
    paper({ topics: ['web-agents'], year: 2024, upvotes: 30 }),
  ];
  const apply = (query: string) => applyFilters(papers, parseQuery(query).filters, { topics: TOPICS });

  test('no filters: nothing to allow or report', () => {
    assert.deepEqual(apply('agents'), { reports: [], problems: [] });
  });

  test('keeps the papers that pass every filter and counts each filter alone', () => {
    const outcome = apply('topic:gui year:2024');
    assert.deepEqual([...outcome.allowed!], [papers[0].id]);
    assert.deepEqual(outcome.reports.map(r => [r.filter.text, r.matches]), [['topic:gui', 2], ['year:2024', 2]]);
    assert.deepEqual(outcome.problems, []);
  });

  test('a filter that matches nothing is named, with a message to show', () => {
    assert.deepEqual(apply('year:2022 topic:gui').problems, [{ text: 'year:2022', message: 'no paper has year:2022' }]);
    assert.deepEqual(apply('topic:foo').problems, [{ text: 'topic:foo', message: 'no topic matches "foo"' }]);
  });

  test('filters that each match but not together say so', () => {
    const outcome = apply('has:code topic:web');
    assert.equal(outcome.allowed!.size, 0);
    assert.deepEqual(outcome.problems, [{ text: 'has:code topic:web', message: 'no paper has has:code and topic:web together' }]);
  });

  test('a list with no words: most upvoted first, unknown counts last, then by title', () => {
    const list = [paper({ title: 'b', upvotes: null }), paper({ title: 'a', upvotes: null }), paper({ title: 'c', upvotes: 2 }), paper({ title: 'd', upvotes: 9 })];
    assert.deepEqual(list.sort(byUpvotesThenTitle).map(p => p.title), ['d', 'c', 'a', 'b']);
  });
});

suite('query: has:note', () => {
  test('has:note keeps the papers the writer has a note on (keys without case), and none without notes', () => {
    const a = paper({ key: 'Vaswani2017' });
    const b = paper({});
    const test = (noted?: ReadonlySet<string>) => compileFilter(parseQuery('has:note').filters[0], { topics: [], noted });
    assert.deepEqual([a, b].map(p => test(new Set(['vaswani2017'])).test(p)), [true, false]);
    assert.deepEqual([a, b].map(p => test().test(p)), [false, false]);
    assert.match(compileFilter(parseQuery('has:pdf').filters[0], { topics: [] }).problem ?? '', /has:note/);
  });
});
