import * as assert from 'node:assert/strict';
import MiniSearch from 'minisearch';
import { PaperLibrary } from '../../../../src/core/search/library';
import type { Paper } from '../../../../src/core/model/paper';
import { buildIndex, buildIndexParts, loadIndex, queryTerms, SearchIndex, type SearchDocument } from '../../../../src/core/search/search';
import { syntheticCorpus } from '../../../../src/bench/synthetic';
import { seedCorpus } from '../../support/seeds';

let built: MiniSearch<SearchDocument> | undefined;
/** The seed corpus indexed as the build does, topic ids turned into their labels. */
function seedIndex(): MiniSearch<SearchDocument> {
  const { papers, topics } = seedCorpus();
  const labels = new Map(topics.topics.map(t => [t.id, t.label]));
  built ??= buildIndex(papers, id => labels.get(id) ?? id);
  return built;
}

const library = () => new PaperLibrary(seedCorpus().result.corpus, seedIndex());
const titles = (query: string, limit = 5) => library().search(query, { limit }).map(h => h.paper.title);
const first = (query: string) => titles(query, 1)[0] ?? '(nothing)';

suite('search: the examples of the issue rank first', () => {
  test('"tulu" finds TÜLU 3', () => assert.match(first('tulu'), /^TÜLU 3:/));
  test('"tau bench" finds τ^2-Bench', () => assert.match(first('tau bench'), /^τ\^2-Bench:/));
  test('"fasta" finds FaSTA^*', () => assert.match(first('fasta'), /^FaSTA\^\*:/));
  test('"m&m" finds m&m\'s', () => assert.match(first('m&m'), /^m&m's:/));
  test('Greek and accents may be typed as such, too', () => {
    assert.match(first('τ bench'), /^τ\^2-Bench:/);
    assert.match(first('TÜLU'), /^TÜLU 3:/);
  });
});

suite('search: as the user types', () => {
  test('the last word matches as a prefix', () => {
    assert.match(first('tree-plan'), /^Tree-Planner:/);
    assert.ok(titles('reinforcement lea', 10).every(t => /learn/i.test(t)), 'every top title has a word starting with "lea"');
  });

  test('only the last word: an earlier cut-short word or a finished one matches whole', () => {
    const robot = library().search('manipul robot', { limit: 50 });
    assert.ok(robot.length > 0);
    assert.ok(robot.every(h => h.matched === 1), '"manipul" is not completed once "robot" follows it');
    assert.equal(library().search('manipul ', { limit: 5 }).length, 0, 'a trailing space finishes the word');
    assert.ok(library().search('manipul', { limit: 5 }).length > 0);
  });

  test('a word that matches nothing as typed forgives typos', () => {
    assert.match(first('olmp'), /OLMo/);
    assert.ok(titles('reinforcment learning').every(t => /reinforcement/i.test(t)));
    const swapped = library().search('gui agnet', { limit: 5 });
    assert.ok(swapped.every(h => h.matched === 2), 'a swap of two letters is forgiven');
    assert.match(swapped[0].paper.title, /GUI.*Agent/);
  });

  test('a word spelt right is not matched fuzzily, nor a word of three letters', () => {
    // "learning" is two edits from "earnings": with fuzzy matching on every word it would find the freelancers paper.
    assert.ok(titles('learning', 50).every(t => !/Freelancers/.test(t)));
    assert.deepEqual(library().search('gtx', { limit: 5 }), []);
  });

  test('papers with every word rank above papers with only some', () => {
    const hits = library().search('web agents benchmark', { limit: 60 });
    const matched = hits.map(h => h.matched);
    assert.deepEqual(matched, [...matched].sort((a, b) => b - a), 'matched counts never increase down the list');
    assert.equal(matched[0], 3);
    assert.ok(matched.includes(2), 'papers with only some of the words follow');
  });

  test('allWords keeps only the papers with every word', () => {
    const all = library().search('web agents benchmark', { allWords: true });
    assert.ok(all.length > 0);
    assert.ok(all.every(h => h.matched === 3));
  });

  test('stopwords are ignored, except a last word still being typed', () => {
    assert.deepEqual(titles('the agent company'), titles('agent company'));
    assert.deepEqual(queryTerms('learning to act ').terms, ['learning', 'act']);
    assert.deepEqual(queryTerms('learning to').terms, ['learning', 'to']);
    assert.match(first('the'), /^The/, '"the" may be the start of "TheAgentCompany"');
  });

  test('a query that is exactly a citation key puts that paper first, in any case', () => {
    const { papers } = seedCorpus();
    for (const paper of papers.filter(p => /^(Hierarchical|Routine|tau2Bench|TULU3)$/.test(p.key))) {
      assert.equal(library().search(paper.key.toLowerCase(), { limit: 3 })[0].paper, paper, paper.key);
    }
  });

  test('even when the key is a word other papers have in their titles', () => {
    const corpus = seedCorpus().result.corpus;
    const other = corpus.papers.find(p => !/manipulation/i.test(`${p.title} ${p.abstract}`))!;
    const papers = corpus.papers.map(p => (p === other ? { ...p, key: 'Manipulation' } : p));
    const keyed = new PaperLibrary({ papers }, buildIndex(papers));
    assert.equal(keyed.search('manipulation', { limit: 5 })[0].paper.id, other.id);
    assert.equal(keyed.search('MANIPULATION', { limit: 5 })[0].paper.id, other.id);
    assert.notEqual(keyed.search('manipulation skills', { limit: 5 })[0].paper.id, other.id, 'only the key alone');
  });

  test('a filter keeps only the papers it accepts', () => {
    const gui = library().search('agents', { limit: 20, filter: id => id.startsWith('gui') });
    assert.ok(gui.length > 2);
    assert.ok(gui.every(h => h.paper.id.startsWith('gui')));
  });
});

const QUERIES = ['tulu', 'tau bench', 'm&m', 'gui agen', 'reinforcment learning', 'web agents benchmark', 'robot manipulation ', 'the'];

suite('search: one index, however it is stored', () => {
  test('the serialized index, loaded back, answers exactly like the built one', () => {
    const loaded = new SearchIndex(loadIndex(JSON.stringify(seedIndex())));
    const fresh = new SearchIndex(seedIndex());
    for (const query of QUERIES) assert.deepEqual(loaded.search(query, { limit: 20 }), fresh.search(query, { limit: 20 }), query);
  });

  test('the index in two parts answers exactly like the whole', () => {
    const { papers } = seedCorpus();
    const { names, text } = buildIndexParts(papers);
    const whole = new SearchIndex(buildIndex(papers));
    const parts = new SearchIndex(loadIndex(JSON.stringify(names)), loadIndex(JSON.stringify(text)));
    for (const query of QUERIES) assert.deepEqual(parts.search(query, { limit: 20 }), whole.search(query, { limit: 20 }), query);
  });

  test('while the full text loads, titles are searched; then abstracts too', async () => {
    const { papers } = seedCorpus();
    const { names, text } = buildIndexParts(papers);
    let arrive: (index: MiniSearch<SearchDocument>) => void = () => undefined;
    const index = new SearchIndex(names, new Promise(resolve => { arrive = resolve; }));
    // "dexterous" is in several abstracts but the titles that have it are fewer.
    const before = index.search('dexterous ').length;
    assert.equal(index.hasFullText, false);
    arrive(text);
    await index.fullText;
    assert.equal(index.hasFullText, true);
    assert.ok(index.search('dexterous ').length > before);
  });
});

suite('search: keystroke after keystroke', () => {
  /** A search index over the seeds that counts the MiniSearch searches it makes. */
  function counted(): { index: SearchIndex; searches: () => number } {
    const miniSearch = loadIndex(JSON.stringify(seedIndex()));
    let searches = 0;
    const original = miniSearch.search.bind(miniSearch);
    miniSearch.search = ((...args: Parameters<typeof original>) => { searches++; return original(...args); }) as typeof miniSearch.search;
    return { index: new SearchIndex(miniSearch), searches: () => searches };
  }

  test('the words before the one being typed are not searched again', () => {
    const { index, searches } = counted();
    index.search('vision language act', { limit: 50 });
    const before = searches();
    index.search('vision language acti', { limit: 50 });
    assert.equal(searches() - before, 1, 'only "acti" is searched');
  });

  test('every keystroke answers as a fresh search would', () => {
    const { index } = counted();
    const typed = 'fine-tuning vision-language-action models for robots';
    for (let end = 1; end <= typed.length; end++) {
      const query = typed.slice(0, end);
      assert.deepEqual(index.search(query, { limit: 20 }), new SearchIndex(seedIndex()).search(query, { limit: 20 }), query);
    }
    // Back to an earlier query, and with a filter: still the same answers.
    const filter = (id: string) => id < 'm';
    assert.deepEqual(index.search('fine-tuning vision', { limit: 20, filter }), new SearchIndex(seedIndex()).search('fine-tuning vision', { limit: 20, filter }));
  });
});

suite('search: a library too large to score every match', () => {
  // 1,500 papers: "learning" is in more of them than a search with a limit may score.
  let papers: Paper[] = [];
  let index: SearchIndex;
  suiteSetup(() => {
    papers = syntheticCorpus(seedCorpus().papers, 1500, 7);
    index = new SearchIndex(buildIndex(papers));
  });

  test('a rare word typed after a common one still finds its paper', () => {
    // Papers late in the corpus whose abstract, not title, has the common word.
    const named = papers.filter(p => /^\w+: /.test(p.title) && !/learning/i.test(p.title) && /\blearning\b/.test(p.abstract)).slice(-20);
    assert.ok(named.length >= 10);
    for (const paper of named) {
      const name = paper.title.slice(0, paper.title.indexOf(':'));
      assert.equal(index.search(`learning ${name}`, { limit: 5 })[0]?.id, paper.id, `learning ${name}`);
    }
  });

  test('with a limit, papers with every word still fill the first places', () => {
    for (const query of ['reinforcement learning', 'language models agents', 'robot manip']) {
      const complete = index.search(query).filter(h => h.matched === queryTerms(query).terms.length).length;
      const capped = index.search(query, { limit: 10 });
      assert.equal(capped.length, 10);
      assert.ok(complete >= 10 && capped.every(h => h.matched === queryTerms(query).terms.length), query);
    }
  });
});

suite('related papers', () => {
  test('five papers, never the paper itself', () => {
    for (const paper of seedCorpus().papers.slice(0, 40)) {
      const related = library().related(paper);
      assert.equal(related.length, 5);
      assert.ok(!related.includes(paper));
      assert.equal(new Set(related).size, 5);
    }
  });

  test('a GUI agent paper is related mostly to GUI and computer-use papers', () => {
    const { byTitle } = seedCorpus();
    for (const title of ['GUI-R1', 'GUI-Bee', 'Agent S2']) {
      const related = library().related(byTitle(title));
      const gui = related.filter(p => /\b(GUI|computer[- ]use|screen|mobile|android|desktop)/i.test(`${p.title} ${p.abstract}`));
      assert.ok(gui.length >= 4, `${title}: ${related.map(p => p.title).join(' | ')}`);
    }
  });

  test('a robot manipulation paper is related to robot papers', () => {
    const related = library().related(seedCorpus().byTitle('Learning Long-Horizon Robot Manipulation'));
    assert.ok(related.filter(p => p.topics.includes('robot-learning')).length >= 4, related.map(p => p.title).join(' | '));
  });
});

suite('search: abstracts on their way', () => {
  test('while abstracts are being added, the index says a search may miss them; `textSettled` says when they are in, a failed addition too', async () => {
    const index = new SearchIndex(seedIndex());
    assert.equal(index.hasFullText, true);
    let finish!: () => void;
    index.textComing(new Promise<void>(resolve => { finish = resolve; }));
    assert.equal(index.hasFullText, false);
    let settled = false;
    void index.textSettled.then(() => { settled = true; });
    await new Promise(resolve => setTimeout(resolve, 5));
    assert.equal(settled, false);
    finish();
    await index.textSettled;
    assert.deepEqual([settled, index.hasFullText], [true, true]);
    index.textComing(Promise.reject(new Error('the addition failed')));
    assert.equal(index.hasFullText, false);
    await index.textSettled;
    assert.equal(index.hasFullText, true);
  });
});
