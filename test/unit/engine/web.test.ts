// Papers fetched from the web join the library in the engine: searched with its ranking, in the
// tree, whole for the details view and citing, with the author-year-word key they keep on every
// fetch; a paper the user's bibliography has already is shown once and keeps the user's key.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readHfPaper, readHfPapers } from '../../../src/core/web/huggingface';
import type { FetchedPaper } from '../../../src/core/web/record';
import { webPaperId } from '../../../src/core/web/toPaper';
import { LibraryService } from '../../../src/engine/service';
import type { WebInput } from '../../../src/engine/web';
import { ROOT } from '../support/seeds';

const dist = (name: string) => readFileSync(join(ROOT, 'dist', name), 'utf8');
const bundled = () => ({ corpus: dist('corpus.json'), names: dist('names.index'), text: dist('fulltext.index') });
const fixture = (name: string) => (JSON.parse(readFileSync(join(ROOT, 'test/fixtures/huggingface', name), 'utf8')) as { body: unknown }).body;
const day = readHfPapers(fixture('daily_papers.date=2025-01-15.json')).papers;
const FETCHED = '2025-01-15T09:00:00.000Z';

// The user cites DeepSeek-R1 already, under a key of their own, with its arXiv id as eprint.
const BIB = '@misc{myR1,\n  title = {{DeepSeek-R1}},\n  eprint = {2501.12948},\n  archivePrefix = {arXiv},\n  year = {2025}\n}\n';
const refs = { uri: 'file:///work/refs.bib', file: 'refs.bib', text: BIB };

suite('the engine: papers from the web join the library', () => {
  const web: WebInput = { batches: [{ fetched: FETCHED, papers: day }], keys: {} };

  test('a fetched day is searched, listed in the tree, whole by key; the user\'s paper is shown once with the user\'s key', async function () {
    this.timeout(60_000);
    const service = LibraryService.load(bundled());
    const before = service.size;
    const report = await service.setInput({ corpus: [], bibliographies: [refs], web });
    await service.settled();
    assert.ok(report.web, 'the report says what the fetched papers joined');
    const r1 = day.find(p => p.arxivId === '2501.12948')!;
    assert.equal(report.web.keys[webPaperId(r1)], 'myR1', 'cited with the user\'s key');
    assert.equal(report.web.known, 1);
    assert.equal(report.web.added, day.length - 1);
    assert.equal(service.size, before + 1 + day.length - 1, 'the entry, and each other fetched paper once');
    const math = day.find(p => p.arxivId === '2501.04519')!;
    const key = report.web.keys[webPaperId(math)];
    assert.match(key, /^[a-z]+2025rstar$/, 'the author-year-word form');
    assert.deepEqual(report.web.newKeys[webPaperId(math)], key, 'a new key, for the host to keep');
    const [paper] = service.papers([key]);
    assert.ok(paper, 'whole, by key');
    assert.equal(paper.arxivId, '2501.04519');
    assert.equal(paper.web?.source, 'huggingface');
    assert.ok(paper.authors?.length, 'with its authors');
    assert.ok(paper.topics.length > 0, 'with a topic, so that the tree lists it');
    const found = service.query('rStar-Math small LLMs math reasoning', { limit: 5 }).rows;
    assert.equal(found[0]?.key, key, 'searched with the library\'s ranking');
    const hits = service.query('DeepSeek-R1', { limit: 20 }).rows.filter(r => r.key === 'myR1' || r.id === webPaperId(r1));
    assert.deepEqual(hits.map(r => r.key), ['myR1'], 'shown once');
    const container = service.locate(paper.id, { groupBy: 'topic', sortBy: 'upvotes' });
    assert.ok(container, 'in the tree');
    assert.ok(service.children(container, { groupBy: 'topic', sortBy: 'upvotes' }).some(r => r.key === key), 'under its topic');
  });

  test('a paper keeps its key on the next fetch; a hostile title stays text', async function () {
    this.timeout(60_000);
    const service = LibraryService.load(bundled());
    const first = await service.setInput({ corpus: [], bibliographies: [], web });
    const keys = first.web!.newKeys;
    const again = LibraryService.load(bundled());
    const second = await again.setInput({ corpus: [], bibliographies: [], web: { ...web, keys } });
    assert.deepEqual(second.web!.keys, first.web!.keys, 'the same keys');
    assert.deepEqual(second.web!.newKeys, {}, 'none given anew');
    const hostile = day.find(p => p.title.includes('<img'))!;
    const [paper] = again.papers([second.web!.keys[webPaperId(hostile)]]);
    assert.equal(paper?.title, hostile.title, 'the title as sent, as text');
  });

  test('a bundled paper found on the web keeps its key and cites with the authors and ids fetched; one paper, not two', async function () {
    this.timeout(60_000);
    const service = LibraryService.load(bundled());
    const before = service.size;
    const [bundledPaper] = service.papers(['MultiSWEBench']);
    assert.ok(bundledPaper && !bundledPaper.authors && !bundledPaper.arxivId, 'a bundled paper: no authors, no arXiv id');
    const found: FetchedPaper = {
      source: 'huggingface', type: 'article', title: bundledPaper.title, arxivId: '2504.02605', issued: { year: 2025, month: 4, day: 3 },
      authors: [{ given: 'Daoguang', family: 'Zan' }, { given: 'Zhirong', family: 'Huang' }], links: { abstract: 'https://arxiv.org/abs/2504.02605' },
    };
    const report = await service.setInput({ corpus: [], bibliographies: [], web: { batches: [{ fetched: FETCHED, papers: [found] }], keys: {} } });
    assert.equal(report.web!.keys[webPaperId(found)], 'MultiSWEBench', 'the key it always had');
    assert.equal(service.size, before, 'one paper');
    const [looked] = service.papers(['MultiSWEBench']);
    assert.deepEqual(looked?.authors?.map(a => a.family), ['Zan', 'Huang']);
    assert.equal(looked?.arxivId, '2504.02605');
    assert.equal(looked?.reference?.key, 'MultiSWEBench');
    assert.deepEqual(looked?.topics, bundledPaper.topics, 'its topics as they were');
    assert.equal(looked?.abstract, bundledPaper.abstract);
  });

  test('a fetched paper that fits no topic is under Other, as a bundled one would be, not under the topic two of its words hit', async function () {
    this.timeout(60_000);
    // Quantum channels (arXiv's answer, made into Hugging Face's shape): "decoding" and
    // "hypothesis" are two words of the coding agents' rules, a near miss that files a bundled
    // paper of those fields under its best topic, and says nothing of a paper of another field.
    const quantum = readHfPaper(fixture('papers.1706.08286.json'));
    const service = LibraryService.load(bundled());
    const report = await service.setInput({ corpus: [], bibliographies: [], web: { batches: [{ fetched: FETCHED, papers: [quantum, ...day] }], keys: {} } });
    const [paper] = service.papers([report.web!.keys[webPaperId(quantum)]]);
    assert.deepEqual(paper?.topics, ['other']);
    assert.equal(service.locate(paper!.id, { groupBy: 'topic', sortBy: 'upvotes' }), 'topic:other');
    const [math] = service.papers([report.web!.keys[webPaperId(day[0])]]);
    assert.deepEqual(math?.topics, ['rl-reasoning'], 'a paper of a topic\'s field keeps it');
  });

  test('leaving the fetched papers out keeps them; giving none removes them', async function () {
    this.timeout(60_000);
    const service = LibraryService.load(bundled());
    const before = service.size;
    await service.setInput({ corpus: [], bibliographies: [], web });
    await service.setInput({ corpus: [], bibliographies: [refs] });
    assert.equal(service.size, before + day.length, 'kept beside a new bibliography (one of them is its entry)');
    await service.setInput({ corpus: [], bibliographies: [], web: { batches: [], keys: {} } });
    assert.equal(service.size, before);
  });
});
