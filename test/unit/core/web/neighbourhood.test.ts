// A paper's neighbourhood through the replay server: Semantic Scholar's real recorded answers
// and Turing's whole record (test/fixtures/scholarly-apis/semanticscholar), the Hub's made
// listings; the suggestions ranked from a batch; the day-long cache.
import * as assert from 'node:assert/strict';
import { NEIGHBOURHOOD_MS, WebCache, type KeyValueStorage } from '../../../../src/core/web/cache';
import { HttpClient, WebError } from '../../../../src/core/web/http';
import { NeighbourService } from '../../../../src/core/web/neighbourhood';
import { scholarId, type NeighbourPage } from '../../../../src/core/web/scholar';
import { namesOf, suggest } from '../../../../src/core/web/suggest';
import { parsePaperId } from '../../../../src/core/web/identifiers';
import { ReplayServer } from '../../../support/replayServer';

const TURING = 'DOI:10.1093/mind/lix.236.433';

suite('web: a paper\'s neighbourhood (replayed)', () => {
  let server: ReplayServer;
  suiteSetup(async () => { server = await ReplayServer.start(); });
  suiteTeardown(() => server.close());
  setup(() => server.reset());

  const service = (apiKey?: string) => new NeighbourService(
    new HttpClient({ fetch: (url, init) => fetch(url, init), sleep: async () => undefined, random: () => 0 }),
    { semanticScholar: server.urls.semanticScholar, huggingFace: server.urls.huggingFace }, apiKey,
  );
  const failure = async (promise: Promise<unknown>): Promise<WebError> => {
    const error = await promise.then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof WebError, String(error));
    return error;
  };

  test('ids as the graph takes them', () => {
    assert.equal(scholarId(parsePaperId('https://doi.org/10.1093/MIND/LIX.236.433')!), 'DOI:10.1093/MIND/LIX.236.433');
    assert.equal(scholarId(parsePaperId('hep-ph/0301050v2')!), 'arXiv:hep-ph/0301050');
  });

  test('what a paper cites: every reference with a title, resolved or not, with its ids, authors and year', async () => {
    const page = await service().page(TURING, 'references', 0);
    assert.equal(page.neighbours.length, 14);
    assert.equal(page.next, undefined);
    const computable = page.neighbours.find(n => n.paper.title.startsWith('On Computable Numbers'))!;
    assert.deepEqual([computable.paper.doi, computable.paper.issued?.year, computable.paper.authors.length, computable.paper.source], ['10.2307/2268810', 1937, 1, 'semanticscholar']);
    assert.equal(computable.scholarId, 'ab7790485f26ce65f9d83dd700c43e49058bdd2b');
    assert.equal(computable.influential, false);
    // A reference the graph could not resolve has a title and nothing else: shown, but with no id to walk on.
    const unresolved = page.neighbours.find(n => n.paper.title === 'London Math. Soc')!;
    assert.equal(unresolved.scholarId, undefined);
    assert.match(server.requests[0].path, /^\/graph\/v1\/paper\/DOI:10\.1093\/mind\/lix\.236\.433\/references\?fields=isInfluential%2CpaperId%2C.*&offset=0&limit=100$/);
  });

  test('what cites it, a page at a time, to the last page', async () => {
    const first = await service().page(TURING, 'citations', 0);
    assert.deepEqual([first.neighbours.length, first.offset, first.next], [100, 0, 100]);
    const last = await service().page(TURING, 'citations', 900);
    assert.deepEqual([last.neighbours.length, last.offset, last.next], [100, 900, undefined]);
    const arxiv = first.neighbours.find(n => n.paper.arxivId === '2405.19561')!;
    assert.deepEqual([arxiv.paper.title.slice(0, 17), arxiv.paper.type], ['Quo Vadis ChatGPT', 'article']);
    // The recordings of another paper's citations (asked with fields=title) read as well: titles alone.
    const recorded = await service().page('CorpusID:14514057', 'citations', 0);
    assert.deepEqual([recorded.neighbours.length, recorded.next, recorded.neighbours[0].paper.authors], [100, 100, []]);
  });

  test('the paper itself: its counts, its journal (not the venue the graph also names) and its one-line summary', async () => {
    const turing = await service().paper(TURING);
    assert.deepEqual([turing.citations, turing.influentialCitations, turing.paper.venue, turing.paper.authors[0].family], [10059, 530, 'Mind', 'Turing']);
    assert.match(turing.summary!, /^If the meaning of the words/);
  });

  test('recommendations for a paper, and for a list of papers liked and not', async () => {
    const one = await service().recommended('DOI:10.2139/ssrn.2250500');
    assert.ok(one.neighbours.length > 10);
    const lists = await service().recommendedFor(['10.1145/3544585.3544600'], ['10.1145/301250.301271']);
    assert.equal(lists.neighbours[0].paper.title, 'The path sequence of a graph');
    assert.equal(server.requests[1].method, 'POST');
    assert.deepEqual(JSON.parse(server.requests[1].body!), { positivePaperIds: ['10.1145/3544585.3544600'], negativePaperIds: ['10.1145/301250.301271'] });
  });

  test('a paper by its title: taken only when the titles are the same (but for case and punctuation); none when the graph has no match (MADE answers)', async () => {
    const found = await service().byTitle('alphablock - embodied finetuning for vision-language reasoning in robot manipulation');
    assert.deepEqual([found?.scholarId, found?.citations], ['00000000000000000000000000000000000a1b10', 42]);
    assert.match(server.requests[0].path, /\/graph\/v1\/paper\/search\/match\?query=alphablock/);
    assert.equal(await service().byTitle('OpenAGI: When LLM Meets Domain Experts'), undefined, 'its best match has another title');
    assert.equal(await service().byTitle('A title no paper has'), undefined, '404: Title match not found');
  });

  test('a paper the graph does not know is a plain "not found"; a refusal is retried as the service asks', async () => {
    const missing = await failure(service().page('DOI:10.9999/nothing', 'references', 0));
    assert.equal(missing.kind, 'not-found');
    assert.match(missing.message, /does not know the paper DOI:10\.9999\/nothing/);
    server.failTimes(2, 429);
    const page = await service().page(TURING, 'references', 0);
    assert.equal(page.neighbours.length, 14);
    server.failTimes(10, 429);
    const refused = await failure(service().page(TURING, 'references', 0));
    assert.deepEqual([refused.kind, refused.status], ['status', 429]);
    assert.match(refused.message, /answered 429 \(too many requests\), 4 times; try again later/);
  });

  test('the API key goes to Semantic Scholar only, in its header', async () => {
    await service('s3cret-key').page(TURING, 'references', 0);
    await service('s3cret-key').artefacts('1706.03762');
    assert.deepEqual(server.requests.map(r => [r.service, r.apiKey]), [['s2', 's3cret-key'], ['hf', undefined], ['hf', undefined], ['hf', undefined]]);
  });

  test('the Hub\'s models, datasets and Spaces made from a paper, each with its page; an id that is no repository is left out', async () => {
    const { artefacts, errors } = await service().artefacts('1706.03762');
    assert.deepEqual(errors, []);
    assert.deepEqual(artefacts.map(a => [a.kind, a.id, a.url.replace(server.urls.huggingFace, 'HF')]), [
      ['models', 'papers-test/transformer-base', 'HF/papers-test/transformer-base'],
      ['models', 'papers-test/transformer-big', 'HF/papers-test/transformer-big'],
      ['datasets', 'papers-test/wmt14-en-de', 'HF/datasets/papers-test/wmt14-en-de'],
      ['spaces', 'papers-test/attention-visualised', 'HF/spaces/papers-test/attention-visualised'],
    ]);
    assert.equal(artefacts[0].downloads, 120345);
    assert.deepEqual((await service().artefacts('2501.12948')).artefacts, []);
  });

  test('suggestions: what the cited papers share ranks first, with the right counts and reasons', async () => {
    const cited = ['DOI:10.1109/jas.2024.124407', 'arXiv:2405.19561', 'DOI:10.1108/whatt-03-2024-0061', 'DOI:10.9999/unknown'];
    const linked = await service().linked(cited);
    assert.equal(linked.length, 4);
    assert.equal(linked[3], undefined, 'an id the graph does not know is kept in place, as undefined');
    const known = linked.filter(l => l !== undefined);
    const names = new Set(['doi:10.1109/jas.2024.124407', 'arxiv:2405.19561', 'doi:10.1108/whatt-03-2024-0061']);
    const ranked = suggest(known, { cited: names });
    assert.deepEqual(ranked.map(s => [s.neighbour.paper.title.slice(0, 30), s.citedBy, s.cites, s.reason]), [
      ['Computing Machinery and Intelli', 3, 0, 'cited by 3 of your 3 references'],
      ['An Unsolvable Problem of Eleme', 2, 0, 'cited by 2 of your 3 references'],
      ['The Personification of ChatGPT', 0, 2, 'cites 2 of your 3 references'],
    ].map(([title, ...rest]) => [String(title).slice(0, 30), ...rest]));
    // A dismissed one is not suggested again; a cited one never is.
    const dismissed = suggest(known, { cited: names, dismissed: new Set([ranked[1].id]) });
    assert.deepEqual(dismissed.map(s => s.citedBy + s.cites), [3, 2]);
    const citingTuring = suggest(known, { cited: new Set([...names, ...namesOf({ doi: '10.1093/MIND/LIX.236.433', title: 'x' })]) });
    assert.ok(!citingTuring.some(s => s.neighbour.paper.title.startsWith('Computing Machinery')));
    assert.equal(JSON.parse(server.requests[0].body!).ids.length, 4);
  });
});

suite('web: the neighbourhood in the cache', () => {
  class MemoryStorage implements KeyValueStorage {
    readonly entries = new Map<string, string>();
    async get(key: string) { return this.entries.get(key); }
    async set(key: string, value: string) { this.entries.set(key, value); }
    async setAside(key: string) { this.entries.delete(key); }
  }
  const page = (title: string): NeighbourPage => ({ neighbours: [{ scholarId: 'a'.repeat(40), paper: { source: 'semanticscholar', title, authors: [], type: 'article', links: {} }, citations: 3 }], offset: 0, skipped: 0 });

  test('asked once a day; offline, the last answer with its date and why', async () => {
    const storage = new MemoryStorage();
    let now = Date.parse('2026-12-01T10:00:00Z');
    const cache = new WebCache(storage, { now: () => now });
    let asked = 0;
    const first = await cache.neighbours('references', TURING, 0, async () => { asked++; return page('One'); });
    assert.deepEqual([first.fromCache, asked], [false, 1]);
    assert.deepEqual([...storage.entries.keys()], ['s2-references-doi%3A10.1093%2Fmind%2Flix.236.433-0']);
    now += NEIGHBOURHOOD_MS - 1;
    const again = await cache.neighbours('references', TURING, 0, async () => { asked++; return page('Two'); });
    assert.deepEqual([again.fromCache, again.value.neighbours[0].paper.title, asked], [true, 'One', 1]);
    now += 2;
    const offline = new WebError('network', 'Semantic Scholar could not be reached', 'https://api.semanticscholar.org');
    const stale = await cache.neighbours('references', TURING, 0, async () => { asked++; throw offline; });
    assert.deepEqual([stale.fromCache, stale.value.neighbours[0].paper.title, stale.fetched, stale.error?.kind, asked], [true, 'One', '2026-12-01T10:00:00.000Z', 'network', 2]);
    const fresh = await cache.neighbours('references', TURING, 0, async () => { asked++; return page('Three'); });
    assert.deepEqual([fresh.fromCache, fresh.value.neighbours[0].paper.title], [false, 'Three']);
  });
});
