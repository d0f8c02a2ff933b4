// The paper services through the replay server: the right service for each id, what each
// answers, and what the user reads when it cannot.
import * as assert from 'node:assert/strict';
import { HttpClient, WebError } from '../../../../src/core/web/http';
import { parsePaperId } from '../../../../src/core/web/identifiers';
import { PaperService, PUBLIC_URLS, urlsFromEnvironment, type ServiceOptions } from '../../../../src/core/web/service';
import { ReplayServer } from '../../../support/replayServer';

suite('web: the paper services (replayed)', () => {
  let server: ReplayServer;
  suiteSetup(async () => { server = await ReplayServer.start(); });
  suiteTeardown(() => server.close());
  setup(() => server.reset());

  const service = (options: ServiceOptions = {}) => new PaperService(new HttpClient({ fetch: (url, init) => fetch(url, init), sleep: async () => undefined }), server.urls, options);
  const lookUp = (text: string, options: ServiceOptions = {}) => service(options).lookUp(parsePaperId(text)!);
  const failure = async (promise: Promise<unknown>): Promise<WebError> => {
    const error = await promise.then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof WebError, String(error));
    return error;
  };

  test('an arXiv id asks arXiv; a versioned one asks for that version', async () => {
    assert.equal((await lookUp('https://arxiv.org/abs/1605.08386')).title, 'Heat-bath random walks with Markov bases');
    assert.equal((await lookUp('2104.12255v1')).arxivId, '2104.12255');
    assert.deepEqual(server.requests.map(r => r.path), ['/api/query?id_list=1605.08386&max_results=1', '/api/query?id_list=2104.12255v1&max_results=1']);
  });

  test('where a browser cannot ask arXiv, Hugging Face answers for arXiv ids', async () => {
    const paper = await lookUp('arXiv:1706.03762', { arxivVia: 'huggingface' });
    assert.deepEqual([paper.source, paper.title, paper.authors.length], ['huggingface', 'Attention Is All You Need', 8]);
    const missing = await failure(lookUp('9999.99999', { arxivVia: 'huggingface' }));
    assert.equal(missing.kind, 'not-found');
    assert.match(missing.message, /answered 404: Hugging Face has no page for arXiv:9999\.99999$/);
  });

  test('where a browser cannot ask arXiv, Hugging Face answers for old-style arXiv ids too, with or without a version', async () => {
    const anarchy = await lookUp('hep-ph/0301050v2', { arxivVia: 'huggingface' });
    assert.deepEqual([anarchy.source, anarchy.arxivId, anarchy.title], ['huggingface', 'hep-ph/0301050', 'Statistical Test of Anarchy']);
    const testing = await lookUp('https://arxiv.org/abs/cs/0503050', { arxivVia: 'huggingface' });
    assert.deepEqual([testing.arxivId, testing.authors.length], ['cs/0503050', 3]);
    assert.deepEqual(server.requests.map(r => r.path), ['/api/papers/hep-ph%2F0301050', '/api/papers/cs%2F0503050']);
  });

  test('a DOI asks Crossref; one Crossref lacks goes to doi.org content negotiation, redirects and all', async () => {
    const plos = await lookUp('10.1371/journal.pone.0033693');
    assert.equal(plos.source, 'crossref');
    const water = await lookUp('https://doi.org/10.1126/science.169.3946.635');
    assert.deepEqual([water.source, water.title, water.venue], ['doi', 'The Structure of Ordinary Water', 'Science']);
    const zenodo = await lookUp('doi:10.5281/zenodo.8242099');
    assert.deepEqual([zenodo.source, zenodo.publisher], ['doi', 'Zenodo']);
    assert.deepEqual(server.requests.map(r => r.service), ['crossref', 'crossref', 'doi', 'crossref', 'crossref', 'doi']);
  });

  test('ids that name no paper: messages a user can read', async () => {
    const arxiv = await failure(lookUp('0000.0000'));
    assert.equal(arxiv.kind, 'not-found');
    assert.equal(arxiv.message, 'arXiv has no paper arXiv:0000.0000');
    const doi = await failure(lookUp('10.1371/notarealdoi'));
    assert.equal(doi.kind, 'not-found');
    assert.match(doi.message, /^127\.0\.0\.1:\d+ answered 404: no such DOI$/);
  });

  test('the daily papers of a day, a week, a month and the latest day; the papers search', async () => {
    const s = service();
    assert.deepEqual((await s.daily({ kind: 'date', value: '2025-01-15' })).papers.map(p => p.arxivId), ['2501.04519', '2501.12948', '2501.00001', '2501.00002']);
    assert.equal((await s.daily({ kind: 'week', value: '2025-W03' })).papers.length, 2);
    assert.equal((await s.daily({ kind: 'month', value: '2025-01' })).papers.length, 3);
    assert.equal((await s.daily(undefined)).papers.length, 4);
    assert.deepEqual((await s.daily({ kind: 'date', value: '2025-01-18' })).papers, []);
    assert.deepEqual((await s.search('attention')).papers.map(p => p.arxivId), ['1706.03762', '2501.00002']);
    assert.deepEqual(server.requests.map(r => r.path), [
      '/api/daily_papers?date=2025-01-15', '/api/daily_papers?week=2025-W03', '/api/daily_papers?month=2025-01', '/api/daily_papers',
      '/api/daily_papers?date=2025-01-18', '/api/papers/search?q=attention',
    ]);
  });

  test('a malformed answer: a malformed error naming the service, for JSON and for XML', async () => {
    server.malformed();
    const json = await failure(service().daily({ kind: 'date', value: '2025-01-15' }));
    assert.equal(json.kind, 'malformed');
    const xml = await failure(lookUp('1605.08386'));
    assert.equal(xml.kind, 'malformed');
    assert.match(xml.message, /^127\.0\.0\.1:\d+ sent an answer Papers cannot read: not XML/);
  });

  test('an answer in another shape is malformed too', async () => {
    server.override(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"papers": []}' }));
    const error = await failure(service().daily(undefined));
    assert.equal(error.kind, 'malformed');
    assert.match(error.message, /sent an answer Papers cannot read: expected a list of papers$/);
  });

  test('the services\' URLs from the environment, the public ones by default', () => {
    assert.deepEqual(urlsFromEnvironment({}), PUBLIC_URLS);
    assert.deepEqual(urlsFromEnvironment({ PAPERS_HF_URL: 'http://127.0.0.1:1/hf', PAPERS_DOI_URL: ' ' }), { ...PUBLIC_URLS, huggingFace: 'http://127.0.0.1:1/hf' });
  });
});
