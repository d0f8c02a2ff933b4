// The one place where Papers talks to the network. It runs over the `fetch` it is given (global
// fetch in Node 20, a Web Worker and the extension hosts), so it is the same code everywhere,
// and tests give it a local server. Every request has a timeout, can be cancelled, retries
// "too many requests" and server errors after the wait the service asks for, stops reading a
// body over a size limit, and fails with a sentence a user can act on.

/** What the client needs of `fetch`: the global one fits. */
export type Fetch = (url: string, init: { method?: 'GET' | 'POST'; body?: string; headers: Record<string, string>; signal: AbortSignal; redirect: 'follow' }) => Promise<Response>;

export interface HttpOptions {
  fetch: Fetch;
  /** How long one attempt may take, from asking to the last byte of its body. */
  timeoutMs?: number;
  /** The largest body read; a larger one is refused. */
  maxBytes?: number;
  /** How many times a 429 or 5xx answer is retried. */
  retries?: number;
  /** The first wait before a retry when the service names none; it doubles with each retry. */
  backoffMs?: number;
  /** The longest wait a service may ask for (`Retry-After`) before the client gives up instead. */
  maxWaitMs?: number;
  /** Waits between retries; tests make it instant. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * A number in [0, 1) that spreads the waits a service did not name (Math.random): clients
   * that were refused together do not all come back at the same moment. Tests make it 0.
   */
  random?: () => number;
}

export interface RequestOptions {
  /** The service's name for messages ("arXiv"); the URL's host when absent. */
  service?: string;
  accept?: string;
  signal?: AbortSignal;
  /** What a 404 means here, for its message ("no such DOI"). */
  notFound?: string;
  /** Headers of the service's own (an API key): sent only with this request, never logged. */
  headers?: Record<string, string>;
  /** A JSON body to POST instead of a GET. */
  json?: unknown;
}

export interface TextResponse {
  text: string;
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentType: string;
}

/**
 * Why a request failed. `timeout`: no answer in time; `cancelled`: the caller's signal;
 * `network`: the service could not be reached (offline, DNS, refused); `not-found`: 404;
 * `status`: any other unsuccessful answer, after retries; `too-large`: over the size limit;
 * `malformed`: an answer that cannot be read (not JSON, not XML, not in the documented shape).
 */
export type WebErrorKind = 'timeout' | 'cancelled' | 'network' | 'not-found' | 'status' | 'too-large' | 'malformed';

export class WebError extends Error {
  constructor(readonly kind: WebErrorKind, message: string, readonly url: string, readonly status?: number) {
    super(message);
    this.name = 'WebError';
  }
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

const REASONS: Record<number, string> = {
  400: 'bad request', 401: 'not authorised', 403: 'forbidden', 404: 'not found', 410: 'gone', 429: 'too many requests',
  500: 'server error', 502: 'bad gateway', 503: 'service unavailable', 504: 'gateway timeout',
};

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 102.4) / 10} MB` : `${Math.round(bytes / 102.4) / 10} KB`);

/** The wait a `Retry-After` header asks for: seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) { reject(signal.reason); return; }
    const done = () => { signal?.removeEventListener('abort', abort); resolve(); };
    const timer = setTimeout(done, ms);
    const abort = () => { clearTimeout(timer); reject(signal!.reason); };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** Reads a body up to `maxBytes`; past that it stops reading and returns undefined. */
async function readLimited(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.byteLength; }
  return bytes;
}

/**
 * The HTTP client of every service Papers reads. One instance serves many requests.
 *
 * @example await new HttpClient({ fetch }).getJson('https://api.crossref.org/works/10.1126/science.169.3946.635', { service: 'Crossref', notFound: 'no such DOI' })
 */
export class HttpClient {
  readonly #timeoutMs: number;
  readonly #maxBytes: number;
  readonly #retries: number;
  readonly #backoffMs: number;
  readonly #maxWaitMs: number;
  readonly #wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #random: () => number;

  constructor(private readonly options: HttpOptions) {
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.#retries = options.retries ?? 3;
    this.#backoffMs = options.backoffMs ?? 1000;
    this.#maxWaitMs = options.maxWaitMs ?? 60_000;
    this.#wait = options.sleep ?? sleep;
    this.#random = options.random ?? Math.random;
  }

  /** The body of a successful answer as text (UTF-8), after redirects and retries. */
  async getText(url: string, request: RequestOptions = {}): Promise<TextResponse> {
    const service = request.service ?? hostOf(url);
    for (let attempt = 0; ; attempt++) {
      const answer = await this.#attempt(url, service, request);
      if ('text' in answer) return answer;
      const { status, retryAfter } = answer;
      const said = `${hostOf(url)} answered ${status}${REASONS[status] ? ` (${REASONS[status]})` : ''}`;
      if (status === 404) throw new WebError('not-found', `${hostOf(url)} answered 404: ${request.notFound ?? 'not found'}`, url, status);
      const retryable = status === 429 || status >= 500;
      if (!retryable || attempt >= this.#retries) {
        throw new WebError('status', retryable ? `${said}, ${attempt + 1} times; try again later` : said, url, status);
      }
      // Up to half again as long, at random, where the service named no wait.
      const delay = retryAfter ?? Math.round(this.#backoffMs * 2 ** attempt * (1 + this.#random() / 2));
      if (delay > this.#maxWaitMs) throw new WebError('status', `${said} and asks to wait ${seconds(delay)}; try again later`, url, status);
      try {
        await this.#wait(delay, request.signal);
      } catch {
        throw new WebError('cancelled', `The request to ${service} was cancelled`, url);
      }
    }
  }

  /** The body of a successful answer as JSON; an answer that is not JSON is `malformed`. */
  async getJson(url: string, request: RequestOptions = {}): Promise<{ json: unknown; url: string }> {
    const answer = await this.getText(url, { accept: 'application/json', ...request });
    try {
      return { json: JSON.parse(answer.text), url: answer.url };
    } catch {
      throw new WebError('malformed', `${hostOf(answer.url)} sent an answer that is not JSON`, answer.url, answer.status);
    }
  }

  /** One request: the answer's text when successful, its status (and the wait it asks for) when not. */
  async #attempt(url: string, service: string, request: RequestOptions): Promise<TextResponse | { status: number; retryAfter?: number }> {
    if (request.signal?.aborted) throw new WebError('cancelled', `The request to ${service} was cancelled`, url);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; controller.abort(); }, this.#timeoutMs);
    const cancel = () => controller.abort();
    request.signal?.addEventListener('abort', cancel, { once: true });
    const failed = (error: unknown): WebError => {
      if (error instanceof WebError) return error;
      if (timedOut) return new WebError('timeout', `${service} did not answer within ${seconds(this.#timeoutMs)}`, url);
      if (request.signal?.aborted) return new WebError('cancelled', `The request to ${service} was cancelled`, url);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const why = cause?.code ?? cause?.message ?? (error as Error).message;
      return new WebError('network', `${service} could not be reached (${hostOf(url)}: ${why}); are you offline?`, url);
    };
    try {
      const headers: Record<string, string> = { ...(request.accept ? { accept: request.accept } : {}), ...request.headers };
      const post = request.json !== undefined;
      if (post) headers['content-type'] = 'application/json';
      const response = await this.options.fetch(url, {
        ...(post ? { method: 'POST' as const, body: JSON.stringify(request.json) } : {}), headers, signal: controller.signal, redirect: 'follow',
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return { status: response.status, retryAfter: retryAfterMs(response.headers.get('retry-after')) };
      }
      const bytes = await readLimited(response, this.#maxBytes);
      if (!bytes) {
        throw new WebError('too-large', `${hostOf(response.url || url)} sent more than ${size(this.#maxBytes)}; the answer was refused`, url, response.status);
      }
      return { text: new TextDecoder().decode(bytes), url: response.url || url, status: response.status, contentType: response.headers.get('content-type') ?? '' };
    } catch (error) {
      throw failed(error);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', cancel);
    }
  }
}
