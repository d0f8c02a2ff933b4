import * as assert from 'node:assert/strict';
import { assignKeys, baseKey, checkLock, shortName, titleText } from '../../../../src/core/corpus/keys';
import { KEY_PATTERN } from '../../../../src/core/model/paper';
import { keyLock, seedCorpus } from '../../support/seeds';

suite('citation keys', () => {
  const { papers, byTitle } = seedCorpus();

  test('every key is unique (without case, as BibTeX compares) and safe in BibTeX, biblatex, pandoc and Typst', () => {
    for (const paper of papers) assert.match(paper.key, KEY_PATTERN);
    assert.equal(new Set(papers.map(p => p.key.toLowerCase())).size, papers.length);
    assert.ok(papers.every(p => p.key.length <= 40), 'short');
  });

  test('built from the short name, with the year where the page prints one', () => {
    const key = (title: string) => byTitle(title).key;
    assert.equal(key('ReAct'), 'ReAct2022');
    assert.equal(key('TÜLU 3'), 'TULU3');
    assert.equal(key('τ^2-Bench'), 'tau2Bench');
    assert.equal(key('FaSTA^*'), 'FaSTA');
    assert.equal(key("m&m's"), 'mms2024');
    assert.equal(key('2 OLMo 2 Furious'), 'OLMo2Furious');
    assert.equal(key('Task Memory Engine (TME)'), 'TME');
    assert.equal(key('Proposer-Agent-Evaluator(PAE)'), 'PAE');
    assert.equal(key('GUI-R1 :'), 'GUIR1');
    assert.equal(key('Program Synthesis with Large Language Models'), 'ProgramSynthesisLarge');
  });

  test('a name ending in a digit is joined to the year with an underscore', () => {
    assert.equal(baseKey({ title: 'TÜLU 3: More', year: 2024 }), 'TULU3_2024');
    assert.equal(shortName('A Survey on Vision-Language-Action Models: An Action Tokenization Perspective'), 'SurveyVisionLanguage');
  });

  test('papers that share a name take more words of their titles, not a number', () => {
    assert.equal(byTitle('Training Language Models for Social Deduction').key, 'TrainingLanguageModelsSocial');
    assert.equal(byTitle('Training Language Models to Critique').key, 'TrainingLanguageModelsCritique');
  });

  test('keys do not depend on the order of the pages', () => {
    const shuffled = [...papers].reverse().map(({ id, title, year }) => ({ id, title, year }));
    const again = assignKeys(shuffled, {});
    for (const paper of papers) assert.equal(again.get(paper.id), paper.key);
  });

  test('the key lock holds every key shipped: none changed, none gone', () => {
    const lock = keyLock();
    assert.deepEqual(checkLock(lock), []);
    const byId = new Map(papers.map(p => [p.id, p]));
    for (const [id, key] of Object.entries(lock)) {
      assert.ok(byId.has(id), `locked paper ${id} (key ${key}) is missing from the corpus`);
      assert.equal(byId.get(id)!.key, key, `the key of ${id} changed`);
    }
    assert.equal(Object.keys(lock).length, papers.length, 'every key is locked');
  });

  test('a locked key stays as it is when the rules would now give another one', () => {
    const paper = byTitle('ReAct');
    const keys = assignKeys([{ id: paper.id, title: paper.title, year: paper.year }], { [paper.id]: 'OldReActKey' });
    assert.equal(keys.get(paper.id), 'OldReActKey');
  });

  test('a new paper never takes a locked key, even one no paper has any more', () => {
    const keys = assignKeys([{ id: 'new-react', title: 'ReAct: Something New', year: 2022 }], { 'gone-paper': 'ReAct2022' });
    assert.notEqual(keys.get('new-react')!.toLowerCase(), 'react2022');
    assert.match(keys.get('new-react')!, KEY_PATTERN);
  });

  test('adding papers never changes the keys of papers already locked', () => {
    const lock = keyLock();
    const more = [...papers.map(({ id, title, year }) => ({ id, title, year })), { id: 'react-again', title: 'ReAct: Synergizing Once More', year: 2022 }];
    const keys = assignKeys(more, lock);
    for (const paper of papers) assert.equal(keys.get(paper.id), paper.key);
    assert.ok(!papers.some(p => p.key === keys.get('react-again')));
  });

  test('a title\'s markup gives no words to its key; no bundled title holds any, so no bundled key could change', () => {
    const keys = assignKeys([{ id: 'hostile', title: '<img src=x onerror=alert(1)>Robust Agents', year: 2026 }, { id: 'bold', title: '<b>Bold</b> Moves: A Study', year: null }], {});
    assert.deepEqual([keys.get('hostile'), keys.get('bold')], ['RobustAgents2026', 'BoldMoves']);
    assert.equal(titleText('<script>alert(2)</script>Real <i>Title</i>'), 'Real Title');
    assert.equal(shortName('a < b > c'), 'aBC', 'a comparison is not markup');
    for (const paper of papers) {
      assert.equal(titleText(paper.title), paper.title.replace(/\s+/g, ' ').trim(), paper.title);
      assert.equal(baseKey(paper), baseKey({ ...paper, title: titleText(paper.title) }));
    }
  });

  test('a bad lock is reported', () => {
    assert.deepEqual(checkLock({ a: 'Same', b: 'same', c: '1bad' }), [
      'locked key "same" is given to both a and b',
      'locked key "1bad" of c is not a valid key',
    ]);
  });
});
