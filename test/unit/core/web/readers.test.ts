// The readers on the real recordings of test/fixtures/scholarly-apis and on the made
// Hugging Face fixtures: what each service sends, read as it says it, nothing invented.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as yaml from 'js-yaml';
import { gunzipSync } from 'node:zlib';
import { readArxivFeed } from '../../../../src/core/web/arxiv';
import { readCrossrefWork, readCslWork } from '../../../../src/core/web/doi';
import { readHfPaper, readHfPapers } from '../../../../src/core/web/huggingface';
import { ReadError, personFromName } from '../../../../src/core/web/record';
import { HF_FIXTURES, RECORDINGS } from '../../../support/replayServer';

const arxivBody = (name: string) => {
  const file = readdirSync(join(RECORDINGS, 'arxiv')).find(f => f.startsWith(name.endsWith('_') ? name : `${name}_s`));
  return (JSON.parse(readFileSync(join(RECORDINGS, 'arxiv', file!), 'utf8')) as { body: string }).body;
};
const hf = (name: string) => (JSON.parse(readFileSync(join(HF_FIXTURES, name), 'utf8')) as { body: unknown }).body;

/** The JSON bodies of a Crossref cassette's successful answers, by request URI. */
function cassette(name: string): Map<string, unknown> {
  const data = yaml.load(readFileSync(join(RECORDINGS, 'crossref', `${name}.yaml`), 'utf8'), { schema: yaml.YAML11_SCHEMA }) as {
    interactions: { request: { uri: string }; response: { status: { code: number }; headers: Record<string, string[]>; body: { string: string | Uint8Array } } }[];
  };
  const out = new Map<string, unknown>();
  for (const { request, response } of data.interactions) {
    if (response.status.code !== 200) continue;
    const body = response.body.string;
    const text = typeof body === 'string' ? body : response.headers['content-encoding']?.[0] === 'gzip' ? gunzipSync(body).toString('utf8') : Buffer.from(body).toString('utf8');
    out.set(request.uri, JSON.parse(text));
  }
  return out;
}

const throwsRead = (read: () => unknown, message: RegExp) => assert.throws(read, (e: unknown) => e instanceof ReadError && message.test(e.message));

suite('web: reading arXiv\'s Atom feeds (recorded)', () => {
  test('a new-style id: title, authors, date, abstract, primary class, links, arXiv\'s DOI', () => {
    const [paper] = readArxivFeed(arxivBody('id_1605.08386'));
    assert.deepEqual(paper, {
      source: 'arxiv',
      title: 'Heat-bath random walks with Markov bases',
      authors: [{ given: 'Caprice', family: 'Stanley' }, { given: 'Tobias', family: 'Windisch' }],
      type: 'article',
      arxivId: '1605.08386',
      doi: '10.48550/arXiv.1605.08386',
      links: { abstract: 'https://arxiv.org/abs/1605.08386', pdf: 'https://arxiv.org/pdf/1605.08386' },
      issued: { year: 2016, month: 5, day: 26 },
      abstract: paper.abstract,
      primaryClass: 'math.CO',
    });
    assert.match(paper.abstract!, /^Graphs on lattice points are studied .+ in fixed dimension\.$/);
  });

  test('a versioned id, a long author list with particles, a title that is a number', () => {
    const [zero] = readArxivFeed(arxivBody('id_2104.12255v1'));
    assert.equal(zero.title, '0');
    assert.equal(zero.arxivId, '2104.12255');
    assert.deepEqual(zero.authors, [{ given: 'Quan Thoi Minh', family: 'Nguyen' }]);
    const [proceedings] = readArxivFeed(arxivBody('id_1707.08567'));
    assert.equal(proceedings.authors.length, 34);
    assert.deepEqual(proceedings.authors[28], { given: 'Joost', particle: 'van der', family: 'Putten' });
    assert.deepEqual(proceedings.authors[4], { given: 'Peter H. N.', particle: 'de', family: 'With' });
  });

  test('an id arXiv does not know: no paper; two ids in one query: both, in order', () => {
    assert.deepEqual(readArxivFeed(arxivBody('id_0000.0000')), []);
    assert.deepEqual(readArxivFeed(arxivBody('id_0808.05394')), []);
    assert.deepEqual(readArxivFeed(arxivBody('id_0808.05394_1707.08567')).map(p => p.arxivId), ['1707.08567']);
  });

  test('a malformed id: arXiv\'s error entry, said as arXiv says it', () => {
    throwsRead(() => readArxivFeed(arxivBody('id_abc')), /^arXiv says: incorrect id format for abc$/);
  });

  test('a search page: every entry, a journal\'s DOI where arXiv gives one, the journal reference as venue', () => {
    const papers = readArxivFeed(arxivBody('q_testing_s0_m100_'));
    assert.equal(papers.length, 100);
    assert.ok(papers.every(p => p.title && p.arxivId && p.authors.length && p.links.abstract?.startsWith('https://arxiv.org/abs/')));
    const first = papers.find(p => p.arxivId === '2202.12139')!;
    assert.equal(first.doi, '10.1109/ICSTW55395.2022.00035');
    assert.match(first.venue!, /^Artificial Intelligence in Software Testing @ 2022 IEEE/);
    assert.ok(papers.filter(p => p.doi?.startsWith('10.48550/')).length > 10, 'arXiv\'s DOI where no other');
    // Entities are text, once: "Promises & Perils".
    assert.ok(papers.some(p => p.title === 'ChatGPT and Software Testing Education: Promises & Perils'));
  });

  test('text that is not an Atom feed', () => {
    throwsRead(() => readArxivFeed('<feed><entry>'), /^not XML/);
    throwsRead(() => readArxivFeed('{"papers": []}'), /^not XML/);
    throwsRead(() => readArxivFeed('<html><body>arXiv is down</body></html>'), /^not an Atom feed$/);
  });

  test('a hostile title stays text; a link that is not https is no link', () => {
    const [paper] = readArxivFeed(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom"><entry>
      <id>http://arxiv.org/abs/2401.00001v1</id><title>A &lt;img src=x onerror=alert(1)&gt; &amp; B</title>
      <link href="javascript:alert(1)" rel="alternate"/><link href="http://arxiv.org/pdf/2401.00001v1" title="pdf"/></entry></feed>`);
    assert.equal(paper.title, 'A <img src=x onerror=alert(1)> & B');
    assert.deepEqual(paper.links, { abstract: 'https://arxiv.org/abs/2401.00001' });
  });
});

suite('web: reading DOIs (recorded): Crossref works and CSL-JSON from content negotiation', () => {
  test('a Crossref work (gzip recording): authors, date, journal, volume, issue, pages', () => {
    const [work] = cassette('test_works_with_one_id').values();
    const paper = readCrossrefWork(work);
    assert.equal(paper.source, 'crossref');
    assert.equal(paper.title, 'Methylphenidate Exposure Induces Dopamine Neuron Loss and Activation of Microglia in the Basal Ganglia of Mice');
    assert.deepEqual(paper.authors[0], { given: 'Shankar', family: 'Sadasivan' });
    assert.equal(paper.authors.length, 6);
    assert.equal(paper.type, 'article-journal');
    assert.deepEqual([paper.venue, paper.volume, paper.issue, paper.page, paper.doi], ['PLoS ONE', '7', '3', 'e33693', '10.1371/journal.pone.0033693']);
    assert.deepEqual(paper.issued, { year: 2012, month: 3, day: 21 });
    // Crossref's URL is http:, so the link is the DOI's own.
    assert.equal(paper.links.abstract, 'https://doi.org/10.1371/journal.pone.0033693');
  });

  test('every work of the many-ids cassette reads, each with its title and DOI', () => {
    const works = [...cassette('test_works_with_many_ids').values()].map(readCrossrefWork);
    assert.equal(works.length, 5);
    assert.ok(works.every(w => w.title && w.doi && w.authors.length));
    assert.deepEqual(works.map(w => w.type).sort(), ['article-journal', 'article-journal', 'article-journal', 'article-journal', 'paper-conference']);
  });

  test('CSL-JSON from content negotiation, four agencies: each read, markup in titles dropped, authors with suffixes', () => {
    const items = JSON.parse(readFileSync(join(RECORDINGS, 'doi', 'doi.json'), 'utf8')) as Record<string, unknown[]>;
    const papers = Object.fromEntries(Object.entries(items).map(([doi, list]) => [doi, readCslWork(list)]));
    const acs = papers['10.1021/JA01577A030'];
    assert.equal(acs.title, 'Correlation of the Base Strengths of Amines 1');
    assert.deepEqual(acs.authors, [{ given: 'H. K.', family: 'Hall', suffix: 'Jr.' }]);
    assert.deepEqual([acs.type, acs.venue, acs.issued], ['article-journal', 'Journal of the American Chemical Society', { year: 1957, month: 10 }]);
    const preprint = papers['10.1101/2021.08.15.21262067'];
    assert.equal(preprint.type, 'article');
    assert.doesNotMatch(preprint.abstract!, /<|jats/);
    assert.match(preprint.abstract!, /^High COVID-19 mortality among nursing home/);
    const zenodo = papers['10.5281/ZENODO.8242099'];
    assert.deepEqual([zenodo.title, zenodo.authors.length, zenodo.links.abstract], ['Shield bugs (nymphs)', 2, 'https://zenodo.org/record/8242099']);
    assert.equal(papers['10.59350/HHTCN-ZAH03'].title, 'The Bioclipse Workshop is in progress');
  });

  test('Crossref\'s transform (CSL-JSON) for the DOI of the redirect recordings', () => {
    const [item] = cassette('test_content_negotiation_citeproc_json').values();
    const paper = readCslWork(item);
    assert.deepEqual([paper.title, paper.authors[0], paper.venue], ['The Structure of Ordinary Water', { given: 'Henry S.', family: 'Frank' }, 'Science']);
  });

  test('what is not a work', () => {
    throwsRead(() => readCrossrefWork({ status: 'ok' }), /message/);
    throwsRead(() => readCrossrefWork({ message: { title: ['T'] } }), /DOI/);
    throwsRead(() => readCslWork({ DOI: 'not a doi', title: 'T' }), /is not a DOI/);
    throwsRead(() => readCslWork({ DOI: '10.1/x' }), /no title/);
    // A hostile title is text, but the agencies' own markup is not.
    assert.equal(readCslWork({ DOI: '10.1/x', title: 'H<sub>2</sub>O and <img src=x onerror=alert(1)>' }).title, 'H 2 O and <img src=x onerror=alert(1)>');
  });
});

suite('web: reading the Hugging Face papers API (made fixtures)', () => {
  test('a day: every paper in the site\'s order, with upvotes, organisation, links; an item that is not a paper reported', () => {
    const { papers, problems } = readHfPapers(hf('daily_papers.date=2025-01-15.json'));
    assert.deepEqual(papers.map(p => p.arxivId), ['2501.04519', '2501.12948', '2501.00001', '2501.00002']);
    assert.deepEqual(problems, ['item 5: paper.id: id must be an arXiv id']);
    const [rstar, deepseek] = papers;
    assert.deepEqual(rstar.organization, { handle: 'microsoft', name: 'Microsoft' });
    assert.equal(rstar.upvotes, 278);
    assert.equal(rstar.listed, '2025-01-15');
    assert.deepEqual(rstar.issued, { year: 2025, month: 1, day: 8 });
    assert.deepEqual(rstar.links, {
      abstract: 'https://arxiv.org/abs/2501.04519', pdf: 'https://arxiv.org/pdf/2501.04519', code: 'https://github.com/microsoft/rStar',
      project: 'https://github.com/microsoft/rStar', discussion: 'https://huggingface.co/papers/2501.04519',
    });
    assert.equal(rstar.doi, '10.48550/arXiv.2501.04519');
    assert.equal(rstar.primaryClass, undefined, 'Hugging Face does not say');
    assert.deepEqual(deepseek.authors[0], { family: 'DeepSeek-AI' });
  });

  test('hostile text stays text; javascript: and http: links are dropped; unknown fields ignored', () => {
    const hostile = readHfPapers(hf('daily_papers.date=2025-01-15.json')).papers[2];
    assert.equal(hostile.title, 'Agents <img src=x onerror=alert(1)> & "Tools": <script>alert(2)</script>');
    assert.equal(hostile.abstract, 'A made summary with <b>markup</b> that must stay text.');
    assert.equal(hostile.links.code, undefined);
    assert.equal(hostile.links.project, undefined);
    assert.deepEqual(hostile.authors, [
      { given: 'Joost', particle: 'van der', family: 'Putten' }, { given: 'Łukasz', family: 'Kaiser' }, { given: 'Martin Luther', family: 'King', suffix: 'Jr.' },
    ]);
    assert.equal('mediaUrls' in hostile, false);
  });

  test('missing optional fields are fine, and nothing is invented for them', () => {
    const bare = readHfPapers(hf('daily_papers.date=2025-01-15.json')).papers[3];
    assert.deepEqual(bare, {
      source: 'huggingface', title: 'Sparse Mixtures Without Tears', authors: [], type: 'article', arxivId: '2501.00002', doi: '10.48550/arXiv.2501.00002',
      links: { abstract: 'https://arxiv.org/abs/2501.00002', pdf: 'https://arxiv.org/pdf/2501.00002', discussion: 'https://huggingface.co/papers/2501.00002' },
      listed: '2025-01-15',
    });
  });

  test('one paper (/api/papers/{id}), a search, an empty day, and answers that are not papers', () => {
    const attention = readHfPaper(hf('papers.1706.03762.json'));
    assert.equal(attention.authors.length, 8);
    assert.deepEqual(attention.issued, { year: 2017, month: 6, day: 12 });
    assert.deepEqual(readHfPaper(hf('papers.2501.12948.json')).organization, { handle: 'deepseek-ai', name: 'DeepSeek' });
    assert.deepEqual(readHfPapers(hf('papers.search.q=attention.json')).papers.map(p => p.arxivId), ['1706.03762', '2501.00002']);
    assert.deepEqual(readHfPapers(hf('daily_papers.date=2025-01-18.json')), { papers: [], problems: [] });
    throwsRead(() => readHfPapers({ papers: [] }), /expected a list/);
    throwsRead(() => readHfPapers([{ paper: { id: 1 } }]), /no paper in the answer/);
    throwsRead(() => readHfPaper(hf('papers.9999.99999.json')), /id/);
  });

  test('old-style arXiv ids (astro-ph/0601001) and versions are arXiv ids too: the paper arXiv\'s own answer lists', () => {
    // The ids of issue 40, and every shape arXiv has given: archive/YYMMNNN, archive.SUBJ/YYMMNNN, YYMM.NNNN(N), each with a version.
    for (const [id, bare] of [['astro-ph/0601001', 'astro-ph/0601001'], ['quant-ph/0201082v1', 'quant-ph/0201082'], ['math.GT/0309136', 'math.GT/0309136'],
      ['hep-th/9901001v3', 'hep-th/9901001'], ['0704.0001', '0704.0001'], ['2401.12345v2', '2401.12345']]) {
      const paper = readHfPaper({ id, title: 'T' });
      assert.deepEqual([paper.arxivId, paper.doi, paper.links.abstract, paper.links.discussion],
        [bare, `10.48550/arXiv.${bare}`, `https://arxiv.org/abs/${bare}`, `https://huggingface.co/papers/${bare}`], id);
    }
    for (const id of ['not-an-arxiv-id', 'astro-ph/060100', 'astro-ph0601001', '2401.123', 'arXiv:2401.12345', '10.48550/arXiv.2401.12345', '2401.12345v']) {
      throwsRead(() => readHfPaper({ id, title: 'T' }), /^id: id must be an arXiv id$/);
    }
    // Hugging Face's answer for an old-style id (made from arXiv's recorded search) gives the paper arXiv lists under it.
    const listed = readArxivFeed(arxivBody('q_testing_s0_m100_'));
    for (const file of ['papers.hep-ph_0301050.json', 'papers.cs_0503050.json']) {
      const paper = readHfPaper(hf(file));
      const arxiv = listed.find(p => p.arxivId === paper.arxivId)!;
      assert.ok(arxiv, `${paper.arxivId} is in arXiv's answer`);
      assert.deepEqual([paper.title, paper.authors, paper.issued, paper.abstract], [arxiv.title, arxiv.authors, arxiv.issued, arxiv.abstract]);
    }
  });

  test('names in reading order', () => {
    assert.deepEqual(personFromName('Ashish Vaswani'), { given: 'Ashish', family: 'Vaswani' });
    assert.deepEqual(personFromName('  Ludwig  van   Beethoven '), { given: 'Ludwig', particle: 'van', family: 'Beethoven' });
    assert.deepEqual(personFromName('Plato'), { family: 'Plato' });
    assert.equal(personFromName('   '), undefined);
  });
});
