import * as assert from 'node:assert/strict';
import { HttpClient, retryAfterMs, WebError, type HttpOptions } from '../../../../src/core/web/http';
import { ReplayServer } from '../../../support/replayServer';

/** A client over Node's fetch whose waits between retries are recorded, not slept. */
function client(options: Partial<HttpOptions> = {}) {
  const waits: number[] = [];
  const http = new HttpClient({ fetch: (url, init) => fetch(url, init), sleep: async ms => { waits.push(ms); }, random: () => 0, ...options });
  return { http, waits };
}

async function failure(promise: Promise<unknown>): Promise<WebError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof WebError, String(error));
    return error;
  }
  assert.fail('expected the request to fail');
}

suite('web: the HTTP client', () => {
  let server: ReplayServer;
  suiteSetup(async () => { server = await ReplayServer.start(); });
  suiteTeardown(() => server.close());
  setup(() => server.reset());

  const daily = () => `${server.urls.huggingFace}/api/daily_papers?date=2025-01-15`;

  test('a successful answer: its text, JSON, status and type', async () => {
    const { json, url } = await client().http.getJson(daily(), { service: 'Hugging Face' });
    assert.ok(Array.isArray(json) && json.length === 5);
    assert.equal(url, daily());
    assert.equal(server.requests[0].accept, 'application/json');
  });

  test('a gzip body, as Crossref sends it, is read as text', async () => {
    const { json } = await client().http.getJson(`${server.urls.crossref}/works/10.1371/journal.pone.0033693`);
    assert.equal((json as { message: { DOI: string } }).message.DOI, '10.1371/journal.pone.0033693');
  });

  test('redirects are followed with the Accept header (DOI content negotiation: doi.org 302 to Crossref)', async () => {
    const answer = await client().http.getText(`${server.urls.doi}/10.1126/science.169.3946.635`, { accept: 'application/vnd.citationstyles.csl+json' });
    assert.equal(answer.status, 200);
    assert.match(answer.url, /\/crossref\/v1\/works\/10\.1126%2Fscience\.169\.3946\.635\/transform$/);
    assert.equal(JSON.parse(answer.text).title, 'The Structure of Ordinary Water');
    assert.deepEqual(server.requests.map(r => r.service), ['doi', 'crossref']);
    assert.ok(server.requests.every(r => r.accept === 'application/vnd.citationstyles.csl+json'));
  });

  test('429 then 200: retried after the wait Retry-After asks (seconds, or a date)', async () => {
    server.failTimes(2, 429, '3');
    const { http, waits } = client();
    const { json } = await http.getJson(daily());
    assert.equal((json as unknown[]).length, 5);
    assert.deepEqual(waits, [3000, 3000]);
    assert.equal(server.requests.length, 3);
    assert.equal(retryAfterMs('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')), 10_000);
    assert.equal(retryAfterMs('soon'), undefined);
  });

  test('5xx without Retry-After: backoff that doubles, then a readable error after the last retry', async () => {
    server.failTimes(10, 503);
    const { http, waits } = client({ retries: 3, backoffMs: 100 });
    const error = await failure(http.getText(daily(), { service: 'Hugging Face' }));
    assert.deepEqual(waits, [100, 200, 400]);
    assert.equal(error.kind, 'status');
    assert.equal(error.status, 503);
    assert.match(error.message, /^127\.0\.0\.1:\d+ answered 503 \(service unavailable\), 4 times; try again later$/);
  });

  test('a wait longer than the client allows is not waited for', async () => {
    server.failTimes(1, 429, '3600');
    const error = await failure(client().http.getText(daily()));
    assert.match(error.message, /answered 429 \(too many requests\) and asks to wait 3600 s; try again later/);
    assert.equal(server.requests.length, 1);
  });

  test('404 and 400 are not retried; 404 says what it means here', async () => {
    const notFound = await failure(client().http.getText(`${server.urls.crossref}/works/10.1371/notarealdoi`, { notFound: 'no such DOI' }));
    assert.equal(notFound.kind, 'not-found');
    assert.match(notFound.message, /answered 404: no such DOI$/);
    const bad = await failure(client().http.getText(`${server.urls.doi}/foo`));
    assert.equal(bad.kind, 'status');
    assert.match(bad.message, /answered 400 \(bad request\)$/);
    assert.equal(server.requests.length, 2);
  });

  test('a slow server: the timeout, named by service', async () => {
    server.slow(1000);
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 150 }).http.getText(daily(), { service: 'arXiv' }));
    assert.equal(error.kind, 'timeout');
    assert.equal(error.message, 'arXiv did not answer within 0.2 s');
    assert.ok(Date.now() - started < 900);
  });

  test('cancelled by the caller, during the request or while waiting to retry', async () => {
    server.slow(1000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const during = await failure(client().http.getText(daily(), { service: 'Hugging Face', signal: controller.signal }));
    assert.equal(during.kind, 'cancelled');
    assert.equal(during.message, 'The request to Hugging Face was cancelled');
    server.reset();
    server.failTimes(1, 429, '30');
    const waiting = new AbortController();
    const real = new HttpClient({ fetch: (url, init) => fetch(url, init) });
    setTimeout(() => waiting.abort(), 100);
    const started = Date.now();
    assert.equal((await failure(real.getText(daily(), { signal: waiting.signal }))).kind, 'cancelled');
    assert.ok(Date.now() - started < 5000);
    const already = new AbortController();
    already.abort();
    assert.equal((await failure(client().http.getText(daily(), { signal: already.signal }))).kind, 'cancelled');
  });

  test('a body over the size limit is refused, whether it declares its length or streams it', async () => {
    const big = 'x'.repeat(64 * 1024);
    server.override(({ path }) => {
      const length: Record<string, string> = path.includes('chunked') ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(big.length) };
      return { status: 200, headers: { 'content-type': 'text/plain', ...length }, body: big };
    });
    for (const path of ['/declared', '/chunked']) {
      const error = await failure(client({ maxBytes: 16 * 1024 }).http.getText(`${server.origin}/hf${path}`));
      assert.equal(error.kind, 'too-large');
      assert.match(error.message, /sent more than 16 KB; the answer was refused$/);
    }
    assert.equal((await client({ maxBytes: 64 * 1024 }).http.getText(`${server.origin}/hf/declared`)).text.length, big.length);
  });

  test('a malformed body: not JSON', async () => {
    server.malformed();
    const error = await failure(client().http.getJson(daily()));
    assert.equal(error.kind, 'malformed');
    assert.match(error.message, /sent an answer that is not JSON$/);
  });

  test('the server down: a network error that says so', async () => {
    server.down();
    const error = await failure(client().http.getText(daily(), { service: 'Hugging Face' }));
    assert.equal(error.kind, 'network');
    assert.match(error.message, /^Hugging Face could not be reached \(127\.0\.0\.1:\d+: .+\); are you offline\?$/);
  });
});
