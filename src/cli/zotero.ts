// `papers zotero search WORDS…` and `papers zotero export KEY…`: the writer's running Zotero (its
// local API, Zotero 7 and later, at PAPERS_ZOTERO_URL), for scripts that fill a .bib from it. Keys
// and entries are what citing in the editor gives: Better BibTeX's when it answers beside Zotero,
// else the item's own key or one made by our rules, and our conversion of the item's CSL-JSON. The
// group libraries Zotero syncs are searched and exported too.
import { parseArgs } from 'node:util';
import { UsageError } from './commandLine';
import { print, printJson, printJsonText, warn } from './output';
import { ZOTERO_FORMATS } from './usage';
import { bibtexEntry, cslEntry } from '../core/bibliography/paperEntry';
import { fullName } from '../core/bibliography/people';
import {
  BBT_PATH, BbtError, citationKeysRequest, exportRequest, groupOf, isPaperItem, joinZotero, readCitationKeys, readExport, zoteroItemRef, zoteroPaper,
  ZoteroGroupsSchema, ZoteroItemsSchema, type BbtFlavour, type BbtRequest, type ZoteroItem,
} from '../core/zotero';

const DEFAULT_URL = 'http://localhost:23119';
/** The most items Zotero gives in one answer. */
const PAGE = 100;

const zoteroUrl = (): string => process.env.PAPERS_ZOTERO_URL?.trim().replace(/\/+$/, '') || DEFAULT_URL;

/** A GET of Zotero's local API; what keeps it from answering is the error's message. */
async function get(path: string): Promise<{ body: unknown; total: number }> {
  const url = zoteroUrl();
  let response: Response;
  try {
    response = await fetch(`${url}${path}`, { headers: { Accept: 'application/json', 'Zotero-API-Version': '3' } });
  } catch (error) {
    const { cause } = error as { cause?: { code?: string; message?: string } };
    const why = cause?.code ?? cause?.message;
    throw new Error(`Zotero is not reachable at ${url}${why ? ` (${why})` : ''}: start Zotero 7 or later, or set PAPERS_ZOTERO_URL`);
  }
  if (response.status === 403) throw new Error(`Zotero at ${url} does not let other applications read its library: in Zotero's Settings › Advanced, enable "Allow other applications on this computer to communicate with Zotero"`);
  if (response.status === 404) throw new Error(`Zotero at ${url} has no local API (/api/): update to Zotero 7 or later`);
  if (!response.ok) throw new Error(`Zotero at ${url} answered HTTP ${response.status}`);
  const body: unknown = await response.json().catch(() => { throw new Error(`Zotero at ${url} answered with something that is not JSON`); });
  return { body, total: Number(response.headers.get('Total-Results')) };
}

/**
 * Every top-level item a query of the local API lists, a page at a time, in the writer's own library
 * and then each group library Zotero syncs (as the editor reads them); notes and attachments left
 * out. A group that cannot be read is said, and the others are read.
 */
async function items(query: string): Promise<ZoteroItem[]> {
  const all = await itemsOf('users/0', query);
  const listed = await get('/api/users/0/groups?format=json&limit=100').then(({ body }) => ZoteroGroupsSchema.safeParse(body), () => undefined);
  for (const group of listed?.success ? listed.data : []) {
    try {
      all.push(...(await itemsOf(`groups/${group.id}`, query)).map(item => ({ ...item, library: { type: 'group', id: group.id } })));
    } catch (error) {
      warn(`papers: the Zotero group "${group.data.name}" could not be read: ${(error as Error).message}`);
    }
  }
  return all.filter(isPaperItem);
}

async function itemsOf(library: string, query: string): Promise<ZoteroItem[]> {
  const all: ZoteroItem[] = [];
  for (;;) {
    const { body, total } = await get(`/api/${library}/items/top?format=json&include=data,csljson&limit=${PAGE}&start=${all.length}${query}`);
    const page = ZoteroItemsSchema.safeParse(body);
    if (!page.success) throw new Error(`Zotero at ${zoteroUrl()} answered with something that is not a list of items (${page.error.issues[0]?.message ?? ''})`);
    all.push(...page.data);
    if (!page.data.length || !Number.isFinite(total) || all.length >= total) return all;
  }
}

/** One Better BibTeX call; undefined when it is not installed (404) or Zotero does not answer. */
async function betterBibtex(request: BbtRequest): Promise<unknown> {
  try {
    const response = await fetch(`${zoteroUrl()}${BBT_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(request) });
    return response.ok ? await response.json() as unknown : undefined;
  } catch {
    return undefined;
  }
}

/** Each item with its key: Better BibTeX's when it answers, else the item's own or one made by our rules (as the editor keys them). */
async function keyed(found: ZoteroItem[]): Promise<{ item: ZoteroItem; key: string }[]> {
  let given: Record<string, string> = {};
  // Better BibTeX keys the writer's own items (a group's item key may be one of theirs too).
  const own = found.filter(i => groupOf(i) === undefined);
  const answer = own.length ? await betterBibtex(citationKeysRequest(own.map(i => i.key))) : undefined;
  if (answer !== undefined) given = readCitationKeys(answer);
  const withKeys = found.map(i => (groupOf(i) === undefined && given[i.key] ? { ...i, data: { ...i.data, citationKey: given[i.key] } } : i));
  const { keys } = joinZotero([], { items: withKeys, keys: {} });
  return withKeys.map(item => ({ item, key: keys[zoteroItemRef(item)] }));
}

export async function zotero(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'search') return search(rest);
  if (command === 'export') return exportItems(rest);
  throw new UsageError(command ? `unknown zotero command "${command}"` : 'zotero takes search or export');
}

async function search(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean' } } });
  const words = positionals.join(' ').trim();
  if (!words) throw new UsageError('zotero search takes the words to look for');
  const found = await keyed(await items(`&q=${encodeURIComponent(words)}`));
  const rows = found.map(({ item, key }) => {
    const paper = zoteroPaper(item, key);
    const group = groupOf(item);
    return { key, itemKey: item.key, ...(group === undefined ? {} : { group }), title: paper.title, year: paper.year, authors: (paper.authors ?? paper.editors ?? []).map(fullName) };
  });
  if (values.json) return printJson(rows, 2);
  for (const row of rows) print([row.key, row.year ?? '', row.title, row.authors.join(', ')].join('\t'));
  if (!rows.length) warn(`papers: nothing in the Zotero library at ${zoteroUrl()} matches "${words}"`);
}

async function exportItems(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { format: { type: 'string' } } });
  const format = values.format ?? 'bibtex';
  if (!(ZOTERO_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${ZOTERO_FORMATS.join(', ')} (got "${format}")`);
  if (!positionals.length) throw new UsageError('zotero export takes one or more citation keys');
  const wanted = [...new Set(positionals)];
  const flavour = format as BbtFlavour;
  // Better BibTeX's own export, when it is there: what it would write to the writer's .bib.
  const answer = await betterBibtex(exportRequest(wanted, flavour));
  if (answer !== undefined) {
    try {
      return output(readExport(answer), flavour);
    } catch (error) {
      if (!(error instanceof BbtError) || !/^not found: /.test(error.message)) throw new Error(`Better BibTeX could not export ${wanted.join(', ')}: ${(error as Error).message}`);
      // Some keys are not in the library: the others are still exported, and the exit status says so.
      const missing = error.message.replace(/^not found: /, '').split(/,\s*|\n/).filter(Boolean);
      for (const key of missing) warn(`papers: ${key}: no item of the Zotero library has this key`);
      process.exitCode = 1;
      const rest = wanted.filter(key => !missing.includes(key));
      if (rest.length) output(readExport(await betterBibtex(exportRequest(rest, flavour))), flavour);
      return;
    }
  }
  // Without it: the whole library keyed as the editor keys it, and our conversion of each item.
  const byKey = new Map((await keyed(await items(''))).map(k => [k.key.toLowerCase(), k]));
  const papers = wanted.flatMap(key => {
    const found = byKey.get(key.toLowerCase());
    if (found) return [zoteroPaper(found.item, found.key)];
    warn(`papers: ${key}: no item of the Zotero library has this key`);
    process.exitCode = 1;
    return [];
  });
  if (!papers.length) return;
  if (flavour === 'csl-json') printJson(papers.map(cslEntry), 2);
  else print(papers.map(p => bibtexEntry(p, flavour)).join('\n').trimEnd());
}

function output(text: string, flavour: BbtFlavour): void {
  if (flavour === 'csl-json') printJsonText(text.trimEnd());
  else print(text.trimEnd());
}
