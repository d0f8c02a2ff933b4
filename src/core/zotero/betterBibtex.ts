// Better BibTeX (BBT), the Zotero plugin most LaTeX writers use, answers JSON-RPC 2.0 at
// `{zotero}/better-bibtex/json-rpc` (a POST of `{ jsonrpc, method, params, id }`). Read from its
// documentation and source (retorquere/zotero-better-bibtex: site/content/exporting/json-rpc.md,
// content/json-rpc.ts): the answer is always HTTP 200, with `result` or with `error: { code,
// message }`; `item.citationkey(itemKeys)` gives `{ itemKey: citekey | null }`; `item.export(citekeys,
// translator)` gives the export's text (a missing key is error -32602 "not found: …"). Here: the
// requests, and readers of the answers.
import * as z from '../util/zod';
import { itemKey } from './item';

/** Where BBT's JSON-RPC listens, under Zotero's own URL. */
export const BBT_PATH = '/better-bibtex/json-rpc';

/** The flavours of entry Papers writes, and BBT's translator for each (its own export of the item). */
export type BbtFlavour = 'bibtex' | 'biblatex' | 'csl-json';
export const BBT_TRANSLATORS: Record<BbtFlavour, string> = {
  bibtex: 'Better BibTeX',
  biblatex: 'Better BibLaTeX',
  'csl-json': 'Better CSL JSON',
};

/** A JSON-RPC 2.0 request body. */
export interface BbtRequest {
  jsonrpc: '2.0';
  method: string;
  params: unknown[];
  id: number;
}

let nextId = 1;
const request = (method: string, params: unknown[]): BbtRequest => ({ jsonrpc: '2.0', method, params, id: nextId++ });

/**
 * Asks the citation keys of items of the writer's own library, by Zotero item key.
 *
 * @example citationKeysRequest(['PQKBRC33']).params → [['PQKBRC33']]
 */
export const citationKeysRequest = (itemKeys: readonly string[]): BbtRequest => request('item.citationkey', [[...itemKeys]]);

/**
 * Asks BBT's export of the items with these citation keys, in a flavour (from the writer's own library).
 *
 * @example exportRequest(['doe2020'], 'biblatex').params → [['doe2020'], 'Better BibLaTeX']
 */
export const exportRequest = (citekeys: readonly string[], flavour: BbtFlavour): BbtRequest => request('item.export', [[...citekeys], BBT_TRANSLATORS[flavour]]);

const AnswerSchema = z.lazySchema(() => z.union([
  z.object({ jsonrpc: z.literal('2.0'), result: z.unknown() }),
  z.object({ jsonrpc: z.literal('2.0'), error: z.object({ code: z.number(), message: z.string() }) }),
]));

/** What BBT said went wrong (a JSON-RPC error), or an answer that is not JSON-RPC. */
export class BbtError extends Error {
  constructor(message: string, readonly code?: number) {
    super(message);
  }
}

/** The `result` of an answer; a JSON-RPC error, or what is not an answer, throws `BbtError`. */
function resultOf(answer: unknown): unknown {
  const parsed = AnswerSchema.safeParse(answer);
  if (!parsed.success) throw new BbtError('Better BibTeX answered with something that is not JSON-RPC 2.0');
  if ('error' in parsed.data) throw new BbtError(parsed.data.error.message, parsed.data.error.code);
  return parsed.data.result;
}

/**
 * The citation keys of an `item.citationkey` answer, by item key: an item BBT gives no key (null)
 * or a key that could not be cited (a space, a comma) is left out, for the other rules to key.
 *
 * @example readCitationKeys({ jsonrpc: '2.0', result: { PQKBRC33: 'buck1980', X: null }, id: 1 }) → { PQKBRC33: 'buck1980' }
 */
export function readCitationKeys(answer: unknown): Record<string, string> {
  const result = resultOf(answer);
  if (!result || typeof result !== 'object' || Array.isArray(result)) throw new BbtError('Better BibTeX gave no map of citation keys');
  const keys: Record<string, string> = {};
  for (const [item, key] of Object.entries(result)) {
    // The same test as a key an item gives itself (Zotero's citationKey field).
    const citable = typeof key === 'string' ? itemKey({ data: { key: item, itemType: '', citationKey: key } }) : undefined;
    if (citable) keys[item] = citable;
  }
  return keys;
}

/**
 * The text of an `item.export` answer. (BBT before 6.7.143 wrapped it in a second answer; that
 * inner answer is unwrapped too.)
 *
 * @example readExport({ jsonrpc: '2.0', result: '@article{a,\n}\n', id: 1 }) === '@article{a,\n}\n'
 */
export function readExport(answer: unknown): string {
  let result = resultOf(answer);
  if (Array.isArray(result) && result.length === 3 && typeof result[2] === 'string') result = result[2];
  if (typeof result !== 'string') throw new BbtError('Better BibTeX gave no export text');
  return result;
}

/** What a BBT export of one item gives to append: the .bib entry's text, or the CSL item. */
export type ExportedEntry = { raw: string } | { item: Record<string, unknown> };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The entry of `key` in BBT's export of it, as BBT wrote it: for BibTeX and biblatex the export's
 * text from its first `@` (one item exports one entry), for CSL-JSON its item whose id is the key.
 * Undefined when the export holds no entry under that key (BBT gave the item another key since).
 *
 * @example exportedEntry('@article{buck1980,\n  title = {T}\n}\n', 'buck1980', 'bibtex') → { raw: '@article{buck1980,\n  title = {T}\n}' }
 */
export function exportedEntry(text: string, key: string, flavour: BbtFlavour): ExportedEntry | undefined {
  if (flavour === 'csl-json') {
    let items: unknown;
    try {
      items = JSON.parse(text);
    } catch {
      return undefined;
    }
    const item = Array.isArray(items) ? items.find((i: unknown) => (i as { id?: unknown } | null)?.id === key) as unknown : undefined;
    return item && typeof item === 'object' ? { item: item as Record<string, unknown> } : undefined;
  }
  const start = new RegExp(`^@[A-Za-z]+\\s*\\{\\s*${escapeRegExp(key)}\\s*,`, 'm').exec(text);
  if (!start) return undefined;
  // Only this entry: a further entry (a cross-referenced book BBT adds) is not the item asked for.
  const next = text.slice(start.index + 1).search(/^@[A-Za-z]+\s*\{/m);
  const raw = (next < 0 ? text.slice(start.index) : text.slice(start.index, start.index + 1 + next)).trim();
  return { raw };
}
