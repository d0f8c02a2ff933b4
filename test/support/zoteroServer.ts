// A local stand-in for Zotero's local API (Zotero 7: http://localhost:23119/api/), for the tests: an
// HTTP server on 127.0.0.1 (a random port) that answers `/api/users/0/items/top` from the recorded
// Web API answer of test/fixtures/scholarly-apis/zotero/items_doc.json (urschrei/pyzotero, Blue Oak
// licence; the local API answers in the same shape), a page at a time (`limit`, `start`,
// `Total-Results`), at most `pageSize` items a page whatever was asked, so that paging is exercised;
// `/api/users/0/collections` likewise from collections_doc.json (the same library's 15 collections);
// `/api/users/0/items/{key}/children` gives what a test put in `children`.
// A test can add an item "in Zotero", or make it answer as a Zotero that does not let other
// applications in (403) or has no local API (404, an older Zotero). `q` filters `/items/top` as
// Zotero's quick search does by default (title, creators, year). With `betterBibtex` set, it also
// answers Better BibTeX's JSON-RPC (betterBibtexServer.ts: made from BBT's documentation, no recording).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECORDINGS } from './replayServer';
import type { BetterBibtexStandIn } from './betterBibtexServer';

export type ZoteroMode = 'serving' | 'not-enabled' | 'too-old';

/** The recorded items, as Zotero answered them. */
export const recordedItems = (): Record<string, unknown>[] => JSON.parse(readFileSync(join(RECORDINGS, 'zotero', 'items_doc.json'), 'utf8')) as Record<string, unknown>[];

/** What Zotero's quick search (qmode=titleCreatorYear) looks in: title, creators' names, date (each word of `q`). */
const quickSearchText = (item: Record<string, unknown>): string => {
  const data = item.data as { title?: string; date?: string; creators?: { firstName?: string; lastName?: string; name?: string }[] };
  return [data.title, data.date, ...(data.creators ?? []).flatMap(c => [c.firstName, c.lastName, c.name])].filter(Boolean).join(' ').toLowerCase();
};

/** The recorded collections, as Zotero answered them. */
export const recordedCollections = (): Record<string, unknown>[] => JSON.parse(readFileSync(join(RECORDINGS, 'zotero', 'collections_doc.json'), 'utf8')) as Record<string, unknown>[];

/** The recorded attachment (a web page's snapshot, its enclosure on zotero.org), as Zotero answered it. */
export const recordedAttachment = (): Record<string, unknown> => JSON.parse(readFileSync(join(RECORDINGS, 'zotero', 'attachments_doc.json'), 'utf8')) as Record<string, unknown>;

export class ZoteroServer {
  items = recordedItems();
  /** Each item's notes and attachments (`/items/{key}/children`), by item key: none unless a test gives some. */
  children: Record<string, Record<string, unknown>[]> = {};
  collections = recordedCollections();
  mode: ZoteroMode = 'serving';
  /** Better BibTeX, when "installed": without it, its path is Zotero's 404 as for any unknown endpoint. */
  betterBibtex: BetterBibtexStandIn | undefined;
  /** The paths asked, in order. */
  readonly requests: string[] = [];
  private constructor(private readonly server: Server, private readonly sockets: Set<Socket>, readonly pageSize: number) {}

  static async start(pageSize = 8): Promise<ZoteroServer> {
    const sockets = new Set<Socket>();
    const server = createServer();
    const self = new ZoteroServer(server, sockets, pageSize);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      self.requests.push(`${url.pathname}${url.search}`);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      };
      // Zotero's own words for each case.
      if (self.mode === 'too-old') return json(404, 'No endpoint found');
      if (self.mode === 'not-enabled') {
        response.writeHead(403, { 'Content-Type': 'text/plain' });
        return response.end('Local API is not enabled');
      }
      if (url.pathname === '/better-bibtex/json-rpc' && request.method === 'POST' && self.betterBibtex) {
        const bbt = self.betterBibtex;
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => json(200, bbt.answer(JSON.parse(Buffer.concat(chunks).toString('utf8')) as object)));
        return;
      }
      // What Zotero 7 answers at the local API's root.
      if (url.pathname === '/api/') {
        response.writeHead(200, { 'Content-Type': 'text/plain' });
        return response.end('Nothing to see here.');
      }
      const version = { 'Last-Modified-Version': String(self.version) };
      const top = url.pathname === '/api/users/0/items/top';
      if (top && url.searchParams.get('format') === 'versions') {
        // As the Web API answers: nothing since the version the client has is 304, no body.
        if (Number(request.headers['if-modified-since-version'] ?? -1) >= self.version) {
          response.writeHead(304, version);
          return response.end();
        }
        return json(200, Object.fromEntries(self.items.map(i => [i.key, i.version])), version);
      }
      const byKey = url.searchParams.get('itemKey');
      if (url.pathname === '/api/users/0/items' && byKey) {
        const keys = new Set(byKey.split(','));
        return json(200, self.items.filter(i => keys.has(i.key as string)), version);
      }
      const children = /^\/api\/users\/0\/items\/([A-Z0-9]{8})\/children$/.exec(url.pathname);
      if (children) {
        if (!self.items.some(i => i.key === children[1])) return json(404, 'Not found');
        const list = self.children[children[1]] ?? [];
        return json(200, list, { 'Total-Results': String(list.length), ...version });
      }
      const lists: Record<string, Record<string, unknown>[]> = { '/api/users/0/items/top': self.items, '/api/users/0/collections': self.collections };
      const q = url.searchParams.get('q')?.toLowerCase();
      const all = q && top ? self.items.filter(i => q.split(/\s+/).every(word => quickSearchText(i).includes(word))) : lists[url.pathname];
      if (!all) return json(404, 'Not found');
      const start = Number(url.searchParams.get('start') ?? 0);
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 25), self.pageSize);
      json(200, all.slice(start, start + limit), { 'Total-Results': String(all.length), ...version });
    });
    server.on('connection', socket => { sockets.add(socket); socket.on('close', () => sockets.delete(socket)); });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    return self;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The library's version: every change made "in Zotero" moves it on, and gives the items changed this version. */
  version = 1;

  /** Adds an item as Zotero would list it: a copy of a recorded one under a new key, title and citation key. */
  add(key: string, title: string, citationKey: string): void {
    const model = this.items[1] as { data: Record<string, unknown> };
    this.version++;
    this.items = [...this.items, { ...model, key, version: this.version, data: { ...model.data, key, version: this.version, title, citationKey } }];
  }

  /** Gives an item a new title, as the writer would in Zotero. */
  retitle(key: string, title: string): void {
    this.version++;
    this.items = this.items.map(i => (i.key === key ? { ...i, version: this.version, data: { ...i.data as object, version: this.version, title } } : i));
  }

  /** Deletes an item (to Zotero's trash: the API no longer lists it). */
  remove(key: string): void {
    this.version++;
    this.items = this.items.filter(i => i.key !== key);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>(resolve => this.server.close(() => resolve()));
  }
}
