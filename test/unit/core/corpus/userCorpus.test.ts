import * as assert from 'node:assert/strict';
import { jsonErrorLine, papersElementLines } from '../../../../src/core/corpus/jsonLines';
import { mergeUserCorpora } from '../../../../src/core/corpus/userCorpus';
import { seedCorpus } from '../../support/seeds';

const page = (...entries: string[]) => `new\n\nDaily Papers\n\nbyAK and the research community\n\nNov 1\n\n${entries.join('\n\n')}`;
const REACT = 'ReAct: Synergizing Reasoning and Acting in Language Models\n\nWhile large language models have shown impressive abilities, see https://react-lm.github.io\n\nprinceton Princeton\n·\nOct 5, 2022 9';
const NEW = 'Quantum Widgets: A Study of Everything\n\nWe study widgets. Code at github.com/example/widgets.\n\n  • 4 authors\n·\nMar 3, 2025 12';

suite('user corpora merged into the bundled papers', () => {
  const { papers, topics } = seedCorpus();

  test('a saved page adds its new papers and merges papers the corpus already has', async () => {
    const result = await mergeUserCorpora(papers, [{ file: 'mine/page.txt', text: page(REACT, NEW) }], topics);
    assert.deepEqual(result.problems, []);
    assert.equal(result.papers.length, papers.length + 1);
    assert.deepEqual(result.added.map(p => p.title), ['Quantum Widgets: A Study of Everything']);
    const widgets = result.added[0];
    assert.equal(widgets.key, 'QuantumWidgets2025');
    assert.deepEqual([widgets.authorsCount, widgets.year, widgets.upvotes], [4, 2025, 12]);
    assert.deepEqual(widgets.links, ['https://github.com/example/widgets']);
    assert.deepEqual(widgets.sources, [{ file: 'mine/page.txt', line: 17 }]);
    assert.ok(widgets.topics.length >= 1);
    const react = result.updated.find(p => p.key === 'ReAct2022');
    assert.ok(react, 'the bundled ReAct paper is updated, with its key unchanged');
    assert.deepEqual(react.organization, { handle: 'princeton', name: 'Princeton' }, 'metadata the bundled copy lacked survives');
    assert.ok(react.sources.some(s => s.file === 'mine/page.txt'));
    assert.equal(papers.find(p => p.key === 'ReAct2022')!.organization, null, 'the bundled record itself is not mutated');
  });

  test('a new paper never takes a bundled key, and keys are the same for the same file', async () => {
    const clash = 'ReAct: A Different Paper Entirely\n\nSomething else with the same short name.\n\n  • 2 authors\n·\nJan 2, 2022';
    const first = await mergeUserCorpora(papers, [{ file: 'a.txt', text: page(clash) }], topics);
    const again = await mergeUserCorpora(papers, [{ file: 'a.txt', text: page(clash) }], topics);
    const key = first.added[0].key;
    assert.notEqual(key.toLowerCase(), 'react2022');
    assert.ok(!papers.some(p => p.key.toLowerCase() === key.toLowerCase()));
    assert.equal(again.added[0].key, key);
  });

  test("a later file's changes do not change an earlier file's keys", async () => {
    const a = { file: 'a.txt', text: page(NEW) };
    const before = await mergeUserCorpora(papers, [a, { file: 'b.txt', text: page('Other Thing\n\nAbstract of another thing.') }], topics);
    const after = await mergeUserCorpora(papers, [a, { file: 'b.txt', text: page('Quantum Widgets: Revisited\n\nA second widget paper.\n\n  • 1 author\n·\nMar 9, 2025') }], topics);
    assert.equal(before.added[0].key, after.added[0].key);
  });

  test('a JSON corpus: valid papers load with their keys, invalid ones are reported at their line', async () => {
    const good = { ...papers[0], id: 'my-own-paper', key: 'MyOwn2024', title: 'My Own Paper', year: 2024 };
    const bad = { ...papers[1], id: 'bad-paper', key: '1nvalid key', title: 'Bad Paper' };
    const text = JSON.stringify({ papers: [good, bad] }, null, 2);
    const result = await mergeUserCorpora(papers, [{ file: 'mine.json', text }], topics);
    assert.deepEqual(result.added.map(p => p.key), ['MyOwn2024']);
    assert.deepEqual(result.added[0].sources, [{ file: 'mine.json', line: 3 }]);
    assert.equal(result.problems.length, 1);
    assert.equal(result.problems[0].file, 'mine.json');
    assert.equal(result.problems[0].line, text.split('\n').findIndex(l => l.includes('"id": "bad-paper"')));
    assert.match(result.problems[0].message, /paper 2 skipped: key:/);
  });

  test('a JSON paper whose key is taken keeps loading under a new key, with a warning', async () => {
    const dup = { ...papers[0], id: 'another-paper', key: papers[1].key, title: 'Another Paper' };
    const result = await mergeUserCorpora(papers, [{ file: 'k.json', text: JSON.stringify({ papers: [dup] }) }], topics);
    assert.equal(result.added.length, 1);
    assert.notEqual(result.added[0].key, papers[1].key);
    assert.match(result.problems[0].message, /already taken/);
  });

  test('broken JSON and wrong shapes are reported with a line, nothing else is lost', async () => {
    const broken = await mergeUserCorpora(papers, [{ file: 'x.json', text: '{\n  "papers": [\n    {"id": }\n  ]\n}' }, { file: 'ok.txt', text: page(NEW) }], topics);
    assert.equal(broken.problems[0].file, 'x.json');
    assert.equal(broken.problems[0].line, 3);
    assert.equal(broken.added.length, 1, 'the other file still loads');
    const shape = await mergeUserCorpora(papers, [{ file: 'y.json', text: '[1, 2]' }], topics);
    assert.deepEqual(shape.problems, [{ file: 'y.json', line: 1, message: 'expected a corpus object { "papers": [ … ] }' }]);
  });

  test('a text file with no entries says so', async () => {
    const result = await mergeUserCorpora(papers, [{ file: 'notes.txt', text: 'just some notes' }], topics);
    assert.equal(result.added.length, 0);
    assert.equal(result.problems.length, 1);
  });
});

suite('papersElementLines', () => {
  test('finds the line of each element, strings and escapes aside', async () => {
    const text = '{\n "note": "a [ tricky \\" string {",\n "papers": [\n  {"id": "a"},\n  {"id": "b, c"}, {"id": "d"},\n  3\n ]\n}';
    assert.deepEqual(await papersElementLines(text), [4, 5, 5, 6]);
  });

  test('ignores arrays named papers deeper in the file', async () => {
    assert.deepEqual(await papersElementLines('{"x": {"papers": [1]}, "papers": [\n1]}'), [2]);
  });
});

suite('jsonErrorLine', () => {
  test('null for valid JSON, the line of the first error otherwise', async () => {
    assert.equal(jsonErrorLine('{"a": [1, 2.5e3, "x\\"y", true, null, {}]}'), null);
    assert.equal(jsonErrorLine('{\n  "a": \n}'), 3);
    assert.equal(jsonErrorLine('{"a": 1,\n}'), 2);
    assert.equal(jsonErrorLine('{"a": 1}\n\nx'), 3);
    assert.equal(jsonErrorLine('[1, 2'), 1);
    assert.equal(jsonErrorLine('"line\nbreak"'), 1);
  });

  test('agrees with JSON.parse on what is valid', async () => {
    for (const text of ['[]', '{}', '0', '-0.5', '"\\u00e9"', '[01]', '{"a" 1}', '[1,]', 'tru', '{"a":1}}']) {
      let valid = true;
      try { JSON.parse(text); } catch { valid = false; }
      assert.equal(jsonErrorLine(text) === null, valid, text);
    }
  });
});
