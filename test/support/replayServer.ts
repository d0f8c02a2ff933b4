// A local stand-in for the paper services, for unit, tool and integration tests alike: an HTTP
// server on 127.0.0.1 (a random port) that answers as the services did, from real recordings
// read at test time from test/fixtures/scholarly-apis (arXiv, Crossref, doi.org: kept there with
// their licences) and from the made Hugging Face fixtures of test/fixtures/huggingface.
// Each service has a path of its own: /hf, /arxiv, /crossref, /doi; a request with no recording
// is answered 404, as the services answer for what they do not have. A test can also make it
// answer 429 then 200, be slow, send a malformed or an oversized body, or go down.
//
// Started with `cors`, it answers a browser as the services do: Hugging Face, Crossref and doi.org
// send `Access-Control-Allow-Origin: *`, arXiv's API sends none. A test in a browser, which
// cannot reach this object, drives it over HTTP instead (`/_control/…`, `RemoteReplay`).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as yaml from 'js-yaml';
import { ROOT } from '../unit/support/seeds';
import { serviceUrls } from './replayUrls';
import { hubAnswer, ScholarReplay } from './replayScholar';

/** The recordings of the other projects, copied with their licences (the unit stage reads nothing outside the repository). */
export const RECORDINGS = join(ROOT, 'test', 'fixtures', 'scholarly-apis');
export const HF_FIXTURES = join(ROOT, 'test', 'fixtures', 'huggingface');
/** The CSL styles served as the styles repository serves them (`/csl/ID.csl`): test/fixtures/styles. */
export const STYLE_FIXTURES = join(ROOT, 'test', 'fixtures', 'styles');

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/** What a test makes the server do instead of replaying: an answer, `destroy` (the connection drops), or undefined to replay. */
export type Intercept = (request: { service: string; path: string; accept: string }) => Answer | 'destroy' | undefined;

interface Recording extends Answer {
  accept?: string;
}

const SERVICES = { 'huggingface.co': 'hf', 'export.arxiv.org': 'arxiv', 'api.crossref.org': 'crossref', 'doi.org': 'doi' } as const;
/** The services that let a web page ask them (and the control paths, for the tests in a browser). */
const CORS_SERVICES = new Set(['hf', 'crossref', 'doi', 's2', 'csl', '_control']);

/** A path with its escaped slashes read as slashes, as the services read them. */
const normal = (path: string) => path.replace(/%2F/gi, '/');

function loadRecordings(): Map<string, Recording[]> {
  const byPath = new Map<string, Recording[]>();
  const add = (key: string, recording: Recording) => byPath.set(key, [...(byPath.get(key) ?? []), recording]);
  for (const file of readdirSync(join(RECORDINGS, 'arxiv')).filter(f => f.endsWith('.json'))) {
    const { url, status_code: status, body } = JSON.parse(readFileSync(join(RECORDINGS, 'arxiv', file), 'utf8')) as { url: string; status_code: number; body: string };
    const query = new URL(url).searchParams;
    // The client asks by id list alone; a search keeps its words and its page.
    const key = query.get('id_list') ? `arxiv /api/query?id_list=${query.get('id_list')}` : `arxiv /api/query?search_query=${query.get('search_query')}&start=${query.get('start')}&max_results=${query.get('max_results')}`;
    add(key, { status, headers: { 'content-type': 'application/atom+xml; charset=utf-8' }, body });
  }
  for (const file of readdirSync(join(RECORDINGS, 'crossref')).filter(f => f.endsWith('.yaml'))) {
    const cassette = yaml.load(readFileSync(join(RECORDINGS, 'crossref', file), 'utf8'), { schema: yaml.YAML11_SCHEMA }) as {
      interactions: { request: { uri: string; headers: Record<string, string[]> }; response: { status: { code: number }; headers: Record<string, string[]>; body: { string: string | Uint8Array } } }[];
    };
    for (const { request, response } of cassette.interactions) {
      const url = new URL(request.uri);
      const service = SERVICES[url.hostname as keyof typeof SERVICES];
      const location = response.headers.location?.[0];
      // An http: request sent on to the same path over https: the replay has one scheme.
      if (!service || (location && normal(new URL(location).pathname) === normal(url.pathname))) continue;
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'content-encoding', 'location', 'retry-after']) {
        const value = response.headers[name]?.[0];
        if (value) headers[name] = value;
      }
      add(`${service} ${normal(url.pathname)}${url.search}`, { status: response.status.code, headers, body: response.body.string, accept: request.headers.accept?.[0] });
    }
  }
  const csl = JSON.parse(readFileSync(join(RECORDINGS, 'doi', 'doi.json'), 'utf8')) as Record<string, unknown[]>;
  for (const [doi, [item]] of Object.entries(csl)) {
    add(`doi /${doi.toLowerCase()}`, { status: 200, headers: { 'content-type': 'application/vnd.citationstyles.csl+json' }, body: JSON.stringify(item), accept: 'application/vnd.citationstyles.csl+json' });
  }
  return byPath;
}

/**
 * A style of the folder, as raw.githubusercontent.com serves the styles repository's files (as
 * text): an independent style at `/ID.csl`, a dependent one only at `/dependent/ID.csl`, where the
 * repository keeps it (asked elsewhere, 404, as the repository answers).
 */
function styleAnswer(path: string): Answer | undefined {
  const [, dependent, name] = /^\/(dependent\/)?([\w.-]+\.csl)$/.exec(path) ?? [];
  const file = name && join(STYLE_FIXTURES, name);
  if (!file || !existsSync(file)) return undefined;
  const body = readFileSync(file, 'utf8');
  if (/rel="independent-parent"/.test(body) !== Boolean(dependent)) return undefined;
  return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body };
}

/** The made Hugging Face answer for a request, from its file name. */
function hfAnswer(path: string, search: string): Answer | undefined {
  const name = path === '/api/daily_papers' ? `daily_papers${search ? `.${search.slice(1)}` : ''}.json`
    : path === '/api/papers/search' ? `papers.search.${search.slice(1)}.json`
      // An old-style arXiv id's "/" (`hep-ph/0301050`, asked as hep-ph%2F0301050) is "_" in a file name.
      : path.startsWith('/api/papers/') ? `papers.${normal(path.slice('/api/papers/'.length)).replace(/\//g, '_')}.json` : undefined;
  const file = name && join(HF_FIXTURES, decodeURIComponent(name));
  if (!file || !existsSync(file)) return undefined;
  const { status, body } = JSON.parse(readFileSync(file, 'utf8')) as { status: number; body: unknown };
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) };
}

export class ReplayServer {
  /** Every request, in order: which service, its path and query, its Accept header (and its method, body and API key when it has them). */
  readonly requests: { service: string; path: string; accept: string; method?: string; body?: string; apiKey?: string }[] = [];
  /** How many requests the client gave up on before their answer was sent. */
  abandoned = 0;
  private intercept: Intercept | undefined;
  private delayMs = 0;
  private cutBodies = false;
  private readonly sockets = new Set<Socket>();

  private readonly scholar = new ScholarReplay(join(RECORDINGS, 'semanticscholar'));

  private constructor(private readonly server: Server, private readonly recordings: Map<string, Recording[]>, private readonly cors: boolean) {
    server.on('connection', socket => { this.sockets.add(socket); socket.on('close', () => this.sockets.delete(socket)); });
  }

  /** Starts a server on 127.0.0.1 at a port the system picks; `cors`: answers browsers as the services do. */
  static async start(options: { cors?: boolean } = {}): Promise<ReplayServer> {
    const recordings = loadRecordings();
    const server = createServer();
    const replay = new ReplayServer(server, recordings, options.cors ?? false);
    server.on('request', (req, res) => replay.answer(req, res));
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    return replay;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The base URL of each service, as `WebUrls` takes them. */
  get urls(): ReturnType<typeof serviceUrls> {
    return serviceUrls(this.origin);
  }

  /** The environment the command line reads them from. */
  get env(): Record<string, string> {
    const u = this.urls;
    return { PAPERS_HF_URL: u.huggingFace, PAPERS_ARXIV_URL: u.arxiv, PAPERS_CROSSREF_URL: u.crossref, PAPERS_DOI_URL: u.doi, PAPERS_S2_URL: u.semanticScholar, PAPERS_CSL_STYLES_URL: u.cslStyles };
  }

  /** Answers with `intercept` where it answers, and replays otherwise; `reset()` ends it. */
  override(intercept: Intercept): void {
    this.intercept = intercept;
  }

  /** The next `times` requests get `status` (with `Retry-After` when given); then replay goes on. */
  failTimes(times: number, status: number, retryAfter?: string): void {
    let left = times;
    const headers: Record<string, string> = retryAfter === undefined ? {} : { 'retry-after': retryAfter };
    this.override(() => (left-- > 0 ? { status, headers, body: 'try later' } : undefined));
  }

  /** Every answer waits this long before its first byte. */
  slow(ms: number): void {
    this.delayMs = ms;
  }

  /** Every successful answer is cut in half: neither JSON nor XML any more. */
  malformed(): void {
    this.cutBodies = true;
  }

  /** Every connection is dropped as it comes: the service is down. */
  down(): void {
    this.override(() => 'destroy');
  }

  reset(): void {
    this.intercept = undefined;
    this.delayMs = 0;
    this.cutBodies = false;
    this.requests.length = 0;
    this.abandoned = 0;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>(resolve => this.server.close(() => resolve()));
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'POST') { this.respond(req, res, ''); return; }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => this.respond(req, res, Buffer.concat(chunks).toString('utf8')));
  }

  private respond(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', this.origin);
    const [, service = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const accept = req.headers.accept ?? '';
    const cors: Record<string, string> = this.cors && CORS_SERVICES.has(service) ? { 'access-control-allow-origin': '*' } : {};
    if (req.method === 'OPTIONS') {
      // A browser's preflight: what the services allow (GET, any header), or nothing from arXiv.
      res.writeHead(204, Object.keys(cors).length ? { ...cors, 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*' } : {});
      res.end();
      return;
    }
    if (service === '_control') {
      this.control(path, url.searchParams, res, cors);
      return;
    }
    const apiKey = req.headers['x-api-key'];
    this.requests.push({
      service, path: `${path}${url.search}`, accept,
      ...(req.method === 'POST' ? { method: 'POST', body } : {}), ...(typeof apiKey === 'string' ? { apiKey } : {}),
    });
    // The client gave up before the answer (a request cancelled, or timed out).
    res.on('close', () => { if (!res.writableEnded) this.abandoned++; });
    const intercepted = this.intercept?.({ service, path: `${path}${url.search}`, accept });
    if (intercepted === 'destroy') { req.socket.destroy(); return; }
    const answer = intercepted ?? this.replay(service, path, url.search, accept, req.method ?? 'GET', body)
      ?? { status: 404, headers: { 'content-type': 'text/plain' }, body: `no recording for ${service} ${path}${url.search} (Accept: ${accept})` };
    const send = () => {
      if (res.destroyed) return;
      const headers = { ...answer.headers, ...cors };
      if (headers.location) headers.location = this.local(headers.location);
      let body = answer.body ?? '';
      if (this.cutBodies && answer.status === 200) {
        let bytes = Buffer.from(body);
        if (headers['content-encoding'] === 'gzip') { bytes = gunzipSync(bytes); delete headers['content-encoding']; }
        body = bytes.subarray(0, Math.floor(bytes.length / 2));
      }
      res.writeHead(answer.status, headers);
      res.end(body);
    };
    if (this.delayMs) setTimeout(send, this.delayMs);
    else send();
  }

  /**
   * What a test in a browser asks of the server: `POST /_control/reset`, `/down`, `/malformed`,
   * `/slow?ms=`, `/fail?times=&status=&retryAfter=`; `GET /_control/requests` (what was asked).
   */
  private control(path: string, query: URLSearchParams, res: ServerResponse, cors: Record<string, string>): void {
    const number = (name: string) => Number(query.get(name) ?? NaN);
    const actions: Record<string, () => unknown> = {
      '/reset': () => this.reset(),
      '/down': () => this.down(),
      '/malformed': () => this.malformed(),
      '/slow': () => this.slow(number('ms')),
      '/fail': () => this.failTimes(number('times'), number('status'), query.get('retryAfter') ?? undefined),
      '/requests': () => ({ requests: this.requests, abandoned: this.abandoned }),
    };
    const action: (() => unknown) | undefined = Object.hasOwn(actions, path) ? actions[path] : undefined;
    const body = action ? JSON.stringify(action() ?? { done: path }) : JSON.stringify({ error: `no control ${path}` });
    res.writeHead(action ? 200 : 404, { 'content-type': 'application/json', ...cors });
    res.end(body);
  }

  /** A service's URL as the replay answers it. */
  private local(location: string): string {
    const url = new URL(location);
    const service = SERVICES[url.hostname as keyof typeof SERVICES];
    return service ? `${this.origin}/${service}${url.pathname}${url.search}` : location;
  }

  private replay(service: string, path: string, search: string, accept: string, method: string, body: string): Answer | undefined {
    if (service === 'hf') return hubAnswer(HF_FIXTURES, path, search) ?? hfAnswer(path, search);
    if (service === 's2') return this.scholar.answer(method, path, search, body);
    if (service === 'csl') return styleAnswer(path);
    if (service === 'arxiv') {
      const query = new URLSearchParams(search);
      const key = query.get('id_list') ? `arxiv ${path}?id_list=${query.get('id_list')}` : `arxiv ${path}?search_query=${query.get('search_query')}&start=${query.get('start')}&max_results=${query.get('max_results')}`;
      return this.recordings.get(key)?.[0];
    }
    const found = this.recordings.get(`${service} ${normal(path)}${search}`) ?? (service === 'doi' ? this.recordings.get(`doi ${normal(path).toLowerCase()}`) : undefined);
    // Redirects and errors are the same whatever the Accept header; an answer's body is not.
    const same = found?.find(r => r.accept === accept || r.accept === '*/*' || r.accept === undefined) ?? found?.find(r => r.status >= 300);
    if (same) return same;
    // Crossref's transform answers by Accept header; the recordings hold its CSL-JSON under the
    // documented equivalent form with the content type in the path.
    const transform = /^(?:\/v1)?(\/works\/.+\/transform)$/.exec(normal(path));
    if (service === 'crossref' && transform && accept) return this.recordings.get(`crossref ${transform[1]}/${accept}`)?.find(r => r.status === 200);
    return undefined;
  }
}
