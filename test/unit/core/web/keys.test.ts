import * as assert from 'node:assert/strict';
import { baseWebKey, firstTitleWord, KnownPapers, webKey } from '../../../../src/core/web/keys';
import { joinFetched, toPaper } from '../../../../src/core/web/toPaper';
import { readHfPapers } from '../../../../src/core/web/huggingface';
import { joinWeb } from '../../../../src/engine/web';
import type { FetchedPaper } from '../../../../src/core/web/record';
import type { Paper } from '../../../../src/core/model/paper';
import { seedCorpus } from '../../support/seeds';

const fetched = (over: Partial<FetchedPaper> = {}): FetchedPaper => ({
  source: 'arxiv', title: 'Attention Is All You Need', type: 'article', arxivId: '1706.03762', primaryClass: 'cs.CL',
  authors: [{ given: 'Ashish', family: 'Vaswani' }, { given: 'Noam', family: 'Shazeer' }], issued: { year: 2017, month: 6, day: 12 },
  links: { abstract: 'https://arxiv.org/abs/1706.03762', pdf: 'https://arxiv.org/pdf/1706.03762' }, ...over,
});

suite('web: keys in the author-year-word form', () => {
  const cases: [Partial<FetchedPaper>, string][] = [
    [{}, 'vaswani2017attention'],
    [{ title: 'The Structure of Ordinary Water', authors: [{ given: 'Henry S.', family: 'Frank' }], issued: { year: 1970 } }, 'frank1970structure'],
    [{ title: 'A Survey on In-Context Learning', authors: [{ given: 'Joost', particle: 'van der', family: 'Putten' }] }, 'putten2017survey'],
    [{ title: 'Ölçüm: Über Alles', authors: [{ given: 'Łukasz', family: 'Kaiser-Müller' }] }, 'kaisermuller2017olcum'],
    [{ title: 'τ²-Bench: Agents', authors: [{ family: 'O\'Brien' }] }, 'obrien2017tau2'],
    [{ title: 'On the Of The', authors: [{ literal: 'DeepMind Team' }] }, 'deepmind2017'],
    [{ title: 'Attention', authors: [] }, 'paper2017attention'],
    [{ title: '3D Gaussians', authors: [], issued: undefined }, 'paper3d'],
    [{ title: '!!!', authors: [], issued: undefined }, 'paper'],
  ];
  for (const [over, key] of cases) {
    test(`${over.title ?? 'Attention Is All You Need'} → ${key}`, () => assert.equal(baseWebKey(fetched(over)), key));
  }

  test('a title\'s markup gives no word: a Daily Papers title "<img src=x onerror=…>R…" keys by its text, not "img"', () => {
    const { papers } = readHfPapers([{
      paper: { id: '2601.00003', title: '<img src=x onerror=alert(1)>Robust Agents Under Attack', authors: [{ name: 'Ana Ferreira' }], publishedAt: '2026-01-05T00:00:00.000Z' },
      publishedAt: '2026-01-06T00:00:00.000Z',
    }]);
    const [joined] = joinFetched(papers, new KnownPapers([]), new Map(), '2026-01-06T08:00:00Z').papers;
    assert.equal(joined.key, 'ferreira2026robust');
    assert.equal(joined.title, '<img src=x onerror=alert(1)>Robust Agents Under Attack', 'the title itself stays as sent, shown as text');
    assert.equal(firstTitleWord('<script>alert(2)</script> <b>Bold</b> Moves'), 'bold');
    assert.equal(firstTitleWord('When a < b > c'), 'b', 'a comparison is not markup');
  });

  test('the first significant word skips function words and punctuation', () => {
    assert.equal(firstTitleWord('On the Opportunities and Risks of Foundation Models'), 'opportunities');
    assert.equal(firstTitleWord('"Why Should I Trust You?"'), 'should');
    assert.equal(firstTitleWord(''), '');
  });

  test('the same paper gives the same key on every fetch; a taken key gets a, b, … z, aa as Better BibTeX does', () => {
    assert.equal(baseWebKey(fetched()), baseWebKey(JSON.parse(JSON.stringify(fetched())) as FetchedPaper));
    const taken = new Set(['vaswani2017attention', 'vaswani2017attentiona']);
    assert.equal(webKey(fetched(), k => taken.has(k)), 'vaswani2017attentionb');
    const all = new Set(['vaswani2017attention', ...'abcdefghijklmnopqrstuvwxyz'.split('').map(c => `vaswani2017attention${c}`)]);
    assert.equal(webKey(fetched(), k => all.has(k)), 'vaswani2017attentionaa');
    assert.match(webKey(fetched(), () => false), /^[A-Za-z][A-Za-z0-9_]*$/);
  });
});

suite('web: the papers the library has', () => {
  const mine = (over: Partial<Paper>): Paper => ({ ...toPaper(fetched({ arxivId: undefined }), 'mine', 'now'), id: '@mine', arxivId: undefined, doi: undefined, reference: undefined, links: [], ...over });

  test('recognised by arXiv id (its own, an entry\'s eprint, an arXiv link), by DOI without case, by title once folded', () => {
    const byEprint = mine({ key: 'vaswaniEprint', title: 'Other', reference: { key: 'x', line: 1, sourceType: 'misc', type: 'article', arxiv: { id: '1706.03762v5' } } });
    assert.deepEqual(new KnownPapers([byEprint]).find(fetched()), { paper: byEprint, by: 'arxiv' });
    const byLink = mine({ key: 'byLink', title: 'Other', links: ['https://arxiv.org/pdf/1706.03762v2.pdf'] });
    assert.equal(new KnownPapers([byLink]).find(fetched())?.by, 'arxiv');
    const byDoi = mine({ key: 'frank', title: 'Other', doi: '10.1126/SCIENCE.169.3946.635' });
    assert.equal(new KnownPapers([byDoi]).find({ title: 'x', doi: '10.1126/science.169.3946.635' })?.paper.key, 'frank');
    const byTitle = mine({ key: 'vaswani17', title: 'Attention is all you need!' });
    assert.deepEqual(new KnownPapers([byTitle]).find(fetched()), { paper: byTitle, by: 'title' });
    assert.equal(new KnownPapers([byTitle]).find(fetched({ title: 'Attention Is Not All You Need' })), undefined);
  });

  test('a bundled paper is recognised by its title; its key is taken', () => {
    const tau = seedCorpus().papers.find(p => p.key === 'tau2Bench')!;
    const known = new KnownPapers(seedCorpus().papers);
    assert.equal(known.find({ title: tau.title })?.paper, tau);
    assert.ok(known.has('tau2bench'));
  });

  test('joining a day: known papers stay the library\'s, new ones get keys kept from before or new and unique', () => {
    const library = [mine({ key: 'vaswani2017attention', title: 'Something else entirely' }), mine({ key: 'frank', title: 'The Structure of Ordinary Water' })];
    const day = [fetched(), fetched({ title: 'The Structure of Ordinary Water', arxivId: '9999.00001' }), fetched({ arxivId: '1706.99999', title: 'Attention Is All You Need Too' })];
    const joined = joinFetched(day, new KnownPapers(library), new Map([['arxiv-1706-99999', 'keptKey']]), '2025-01-15T00:00:00.000Z');
    assert.deepEqual(joined.papers.map(p => p.key), ['vaswani2017attentiona', 'frank', 'keptKey']);
    assert.deepEqual(joined.known.map(k => [k.paper.key, k.by]), [['frank', 'title']]);
    assert.deepEqual([...joined.newKeys], [['arxiv-1706-03762', 'vaswani2017attentiona']]);
  });

  test('the same library joined again before the host heard the new keys gives each paper the same key (not one with "a")', () => {
    const library = seedCorpus().papers;
    const web = { batches: [{ fetched: '2025-01-15T00:00:00.000Z', papers: [fetched()] }], keys: {} };
    const first = joinWeb(library, web);
    const again = joinWeb(library, web);
    assert.deepEqual(first.keys, { 'arxiv-1706-03762': 'vaswani2017attention' });
    assert.deepEqual(again.keys, first.keys);
    assert.deepEqual(again.newKeys, first.newKeys);
  });

  test('a key a fetched paper had is not given to a new paper listed before it', () => {
    const other = fetched({ arxivId: '1706.00001', title: 'Attention, Again' });
    const web = { batches: [{ fetched: '2025-01-15T00:00:00.000Z', papers: [other, fetched()] }], keys: { 'arxiv-1706-03762': 'vaswani2017attention' } };
    const joined = joinWeb([], web);
    assert.deepEqual(joined.keys, { 'arxiv-1706-00001': 'vaswani2017attentiona', 'arxiv-1706-03762': 'vaswani2017attention' });
  });
});
