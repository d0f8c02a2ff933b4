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
// Group libraries (`/api/users/0/groups`, from the recorded groups_doc.json) and My Publications
// (`/api/users/0/publications/items/top`) are empty unless a test adds some: each group answers
// `/api/groups/{id}/…` as the writer's own library answers `/api/users/0/…`, with its own version.
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

/** The recorded group (`/users/N/groups`), as Zotero answered it. */
export const recordedGroup = (): Record<string, unknown> => (JSON.parse(readFileSync(join(RECORDINGS, 'zotero', 'groups_doc.json'), 'utf8')) as Record<string, unknown>[])[0];

/** One library as Zotero serves it: its items, collections and children, and its own version. */
export class LibraryStandIn {
  /** Each item's notes and attachments (`/items/{key}/children`), by item key: none unless a test gives some. */
  children: Record<string, Record<string, unknown>[]> = {};
  /** The library's version: every change made "in Zotero" moves it on, and gives the items changed this version. */
  version = 1;
  constructor(public items: Record<string, unknown>[], public collections: Record<string, unknown>[]) {}

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
}

/**
 * A group library: the recorded group's record under `id` and `name`, holding `items` (recorded
 * ones, given as the group's, as the Web API gives a group's items: `library.type` "group").
 * `failing`: it answers HTTP 500, as a Zotero whose group's database is broken would.
 */
export class GroupStandIn extends LibraryStandIn {
  failing = false;
  constructor(readonly id: number, readonly name: string, items: Record<string, unknown>[], collections: Record<string, unknown>[]) {
    super(items.map(i => ({ ...i, library: { type: 'group', id, name } })), collections);
  }

  get record(): Record<string, unknown> {
    const group = recordedGroup();
    return { ...group, id: this.id, data: { ...group.data as object, id: this.id, name: this.name } };
  }
}

export class ZoteroServer extends LibraryStandIn {
  mode: ZoteroMode = 'serving';
  /** The group libraries Zotero syncs. */
  groups: GroupStandIn[] = [];
  /** My Publications: keys of the writer's own items. */
  publications: string[] = [];
  /** Better BibTeX, when "installed": without it, its path is Zotero's 404 as for any unknown endpoint. */
  betterBibtex: BetterBibtexStandIn | undefined;
  /** The paths asked, in order. */
  readonly requests: string[] = [];
  private constructor(private readonly server: Server, private readonly sockets: Set<Socket>, readonly pageSize: number) {
    super(recordedItems(), recordedCollections());
  }

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
      if (url.pathname === '/api/users/0/groups') return self.page(url, json, self.groups.map(g => g.record), {});
      if (url.pathname === '/api/users/0/publications/items/top') {
        return json(200, Object.fromEntries(self.items.filter(i => self.publications.includes(i.key as string)).map(i => [i.key, i.version])), { 'Last-Modified-Version': String(self.version) });
      }
      // The writer's own library, or a group's: each answers alike, with its own version.
      const at = /^\/api\/(users\/0|groups\/(\d+))(\/.*)$/.exec(url.pathname);
      const library = at && (at[2] ? self.groups.find(g => g.id === Number(at[2])) : self);
      if (!at || !library) return json(404, 'Not found');
      if (library instanceof GroupStandIn && library.failing) return json(500, 'An error occurred');
      const path = at[3];
      const version = { 'Last-Modified-Version': String(library.version) };
      const top = path === '/items/top';
      if (top && url.searchParams.get('format') === 'versions') {
        // As the Web API answers: nothing since the version the client has is 304, no body.
        if (Number(request.headers['if-modified-since-version'] ?? -1) >= library.version) {
          response.writeHead(304, version);
          return response.end();
        }
        return json(200, Object.fromEntries(library.items.map(i => [i.key, i.version])), version);
      }
      const byKey = url.searchParams.get('itemKey');
      if (path === '/items' && byKey) {
        const keys = new Set(byKey.split(','));
        return json(200, library.items.filter(i => keys.has(i.key as string)), version);
      }
      const children = /^\/items\/([A-Z0-9]{8})\/children$/.exec(path);
      if (children) {
        if (!library.items.some(i => i.key === children[1])) return json(404, 'Not found');
        const list = library.children[children[1]] ?? [];
        return json(200, list, { 'Total-Results': String(list.length), ...version });
      }
      const lists: Record<string, Record<string, unknown>[]> = { '/items/top': library.items, '/collections': library.collections };
      const q = url.searchParams.get('q')?.toLowerCase();
      const all = q && top ? library.items.filter(i => q.split(/\s+/).every(word => quickSearchText(i).includes(word))) : lists[path];
      if (!all) return json(404, 'Not found');
      self.page(url, json, all, version);
    });
    server.on('connection', socket => { sockets.add(socket); socket.on('close', () => sockets.delete(socket)); });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    return self;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A page of a list (`limit`, `start`), at most `pageSize` whatever was asked, with `Total-Results`. */
  private page(url: URL, json: (status: number, body: unknown, headers: Record<string, string>) => void, all: unknown[], headers: Record<string, string>): void {
    const start = Number(url.searchParams.get('start') ?? 0);
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 25), this.pageSize);
    json(200, all.slice(start, start + limit), { 'Total-Results': String(all.length), ...headers });
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>(resolve => this.server.close(() => resolve()));
  }
}
