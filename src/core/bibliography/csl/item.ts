// CSL items (CSL-JSON as Zotero and Better BibTeX export it, and CSL-YAML, which is the same
// items written as YAML) as references, leniently: a field of an unexpected shape is left out,
// not fatal; an item without an id is reported and skipped.
import type { Person } from '../../model/reference';
import { personOf } from '../bibtex/names';
import { bareDoi, parseIsoDate, splitKeywords, type Reference, type ReferenceDate } from '../../model/reference';

const string = (value: unknown): string | undefined => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.replace(/\s+/g, ' ').trim();
  return trimmed || undefined;
};

/** A CSL name: family/given with their particles, or a literal. */
export function cslPerson(value: unknown): Person | undefined {
  if (typeof value === 'string') return string(value) ? { literal: string(value) } : undefined;
  if (!value || typeof value !== 'object') return undefined;
  const name = value as Record<string, unknown>;
  const literal = string(name.literal);
  if (literal) return { literal };
  const particle = [string(name['dropping-particle']), string(name['non-dropping-particle'])].filter(Boolean).join(' ');
  return personOf({ given: string(name.given), particle, family: string(name.family), suffix: string(name.suffix) });
}

function people(value: unknown): Person[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const list = value.flatMap(v => cslPerson(v) ?? []);
  return list.length ? list : undefined;
}

/** A CSL date: `date-parts` (numbers or numeric strings), `raw` or `literal`, or an EDTF string. */
export function cslDate(value: unknown): ReferenceDate | undefined {
  if (typeof value === 'string' || typeof value === 'number') return parseIsoDate(String(value));
  if (!value || typeof value !== 'object') return undefined;
  const date = value as Record<string, unknown>;
  const parts = Array.isArray(date['date-parts']) ? date['date-parts'][0] : undefined;
  if (Array.isArray(parts) && parts.length) {
    const [year, month, day] = parts.map(p => Number(p));
    if (Number.isInteger(year)) {
      return { year, ...(month >= 1 && month <= 12 ? { month } : {}), ...(month >= 1 && month <= 12 && day >= 1 && day <= 31 ? { day } : {}) };
    }
  }
  const raw = string(date.raw) ?? string(date.literal);
  return raw ? parseIsoDate(raw) : undefined;
}

const HTTP = /^https?:\/\/\S+$/i;

/** An item's problem, reported by the caller with the item's line. */
export class CslItemError extends Error {}

/**
 * How deep an item may nest (an item, its names or dates, their parts: four is the most CSL
 * has). A deeper one is skipped: kept, it would be copied and written out again (to the host,
 * to a cache, to citeproc) by code that walks it on the call stack.
 */
export const MAX_ITEM_DEPTH = 100;

/**
 * A CSL item as a reference. Throws `CslItemError` for an item that cannot be one (not an
 * object, or without an id).
 *
 * @example cslReference({ id: 'doe2020', type: 'article-journal', title: 'T', issued: { 'date-parts': [[2020]] } }, 3)
 *   → { key: 'doe2020', line: 3, sourceType: 'article-journal', type: 'article-journal', title: 'T', issued: { year: 2020 } }
 */
export function cslReference(item: unknown, line: number): Reference {
  if (!item || typeof item !== 'object' || Array.isArray(item)) throw new CslItemError('an item must be an object with an "id"');
  const data = item as Record<string, unknown>;
  const key = string(data.id) ?? string(data['citation-key']);
  if (!key) throw new CslItemError('item has no "id", so it cannot be cited');
  const type = string(data.type) ?? 'document';
  const ref: Reference = { key, line, sourceType: type, type, item };
  const title = string(data.title);
  if (title) ref.title = title;
  const author = people(data.author);
  if (author) ref.author = author;
  const editor = people(data.editor);
  if (editor) ref.editor = editor;
  const issued = cslDate(data.issued);
  if (issued) ref.issued = issued;
  const container = string(data['container-title']);
  if (container) ref.containerTitle = container;
  const publisher = string(data.publisher);
  if (publisher) ref.publisher = publisher;
  for (const [field, name] of [['volume', 'volume'], ['issue', 'issue'], ['page', 'page']] as const) {
    const value = string(data[field]);
    if (value) ref[name] = value;
  }
  const doi = bareDoi(string(data.DOI) ?? string(data.doi));
  if (doi) ref.doi = doi;
  const url = string(data.URL) ?? string(data.url);
  if (url && HTTP.test(url)) ref.url = url;
  const abstract = string(data.abstract);
  if (abstract) ref.abstract = abstract;
  const keywords = splitKeywords(string(data.keyword));
  if (keywords) ref.keywords = keywords;
  return ref;
}

/** A person as a CSL name. */
export function cslName(person: Person): Record<string, string> {
  if (person.literal) return { literal: person.literal };
  const name: Record<string, string> = {};
  if (person.family) name.family = person.family;
  if (person.given) name.given = person.given;
  if (person.particle) name['non-dropping-particle'] = person.particle;
  if (person.suffix) name.suffix = person.suffix;
  return name;
}

/**
 * A reference as a CSL-JSON item, for pandoc and Zotero: `id` is the key; only what the entry says.
 *
 * @example cslItemOf({ key: 'a', line: 1, sourceType: 'book', type: 'book', title: 'T' }) → { id: 'a', type: 'book', title: 'T' }
 */
export function cslItemOf(ref: Reference): Record<string, unknown> {
  const item: Record<string, unknown> = { id: ref.key, type: ref.type };
  if (ref.title) item.title = ref.title;
  if (ref.author) item.author = ref.author.map(cslName);
  if (ref.editor) item.editor = ref.editor.map(cslName);
  if (ref.issued) {
    item.issued = 'literal' in ref.issued
      ? { literal: ref.issued.literal }
      : { 'date-parts': [[ref.issued.year, ...(ref.issued.month ? [ref.issued.month] : []), ...(ref.issued.day ? [ref.issued.day] : [])]] };
  }
  if (ref.containerTitle) item['container-title'] = ref.containerTitle;
  if (ref.publisher) item.publisher = ref.publisher;
  if (ref.volume) item.volume = ref.volume;
  if (ref.issue) item.issue = ref.issue;
  if (ref.page) item.page = ref.page;
  if (ref.doi) item.DOI = ref.doi;
  if (ref.url) item.URL = ref.url;
  if (ref.abstract) item.abstract = ref.abstract;
  if (ref.keywords) item.keyword = ref.keywords.join(', ');
  return item;
}
