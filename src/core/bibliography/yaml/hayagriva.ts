// Hayagriva entries (Typst's bibliography format: a map from keys to entries) as references:
// Hayagriva's types mapped to CSL's, its names ("Doe, Jane" or a map of name parts), formattable
// strings and the parent that holds the venue. read.ts finds the entries in the file.
import { CslItemError } from '../csl/item';
import { personOf } from '../bibtex/names';
import { bareDoi, parseIsoDate, type Person, type Reference } from '../../model/reference';

/** Hayagriva's entry types → CSL types (a few depend on the parent, see `hayagrivaType`). */
const HAYAGRIVA_TYPES: Record<string, string> = {
  article: 'article', chapter: 'chapter', entry: 'entry', anthos: 'chapter', report: 'report', thesis: 'thesis',
  web: 'webpage', scene: 'motion_picture', artwork: 'graphic', patent: 'patent', case: 'legal_case',
  newspaper: 'article-newspaper', legislation: 'legislation', manuscript: 'manuscript', original: 'document',
  post: 'post', misc: 'document', performance: 'performance', periodical: 'periodical', proceedings: 'book',
  book: 'book', blog: 'post-weblog', reference: 'book', conference: 'event', anthology: 'book', thread: 'post',
  video: 'motion_picture', audio: 'song', exhibition: 'event', repository: 'software',
};

const text = (value: unknown): string | undefined => {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || undefined;
  // Hayagriva's formattable strings: { value, short, verbatim }.
  if (value && typeof value === 'object' && 'value' in value) return text((value as { value: unknown }).value);
  return undefined;
};

/** A Hayagriva name: "Doe, Jane", "van der Berg, Jan", "Doe, Jane, Jr.", or { name, given-name, prefix, suffix }. */
export function hayagrivaPerson(value: unknown): Person | undefined {
  if (value && typeof value === 'object') {
    const name = value as Record<string, unknown>;
    return personOf({ given: text(name['given-name']), particle: text(name.prefix), family: text(name.name), suffix: text(name.suffix) });
  }
  const written = text(value);
  if (!written) return undefined;
  const [head, given, suffix] = written.split(',').map(s => s.trim());
  if (given === undefined) return { literal: head };
  // A prefix is the lower-case words before the family name: "van der Berg".
  const words = head.split(/\s+/);
  const split = words.findIndex(w => !/^\p{Ll}/u.test(w));
  const person: Person = {};
  if (given) person.given = given;
  if (split > 0) person.particle = words.slice(0, split).join(' ');
  person.family = words.slice(Math.max(split, 0)).join(' ');
  if (suffix) person.suffix = suffix;
  return person;
}

const list = <T>(value: unknown, one: (v: unknown) => T | undefined): T[] | undefined => {
  const items = (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap(v => one(v) ?? []);
  return items.length ? items : undefined;
};

function hayagrivaType(entry: Record<string, unknown>, parent: Record<string, unknown> | undefined): string {
  const type = String(entry.type ?? 'misc').toLowerCase();
  if (type === 'article') {
    const kind = String(parent?.type ?? '').toLowerCase();
    if (kind === 'proceedings' || kind === 'conference') return 'paper-conference';
    if (kind === 'periodical') return 'article-journal';
    if (kind === 'newspaper') return 'article-newspaper';
  }
  return HAYAGRIVA_TYPES[type] ?? 'document';
}

/** A Hayagriva entry as a reference: key, type, title, authors, date, parent (venue), DOI, URL. */
export function hayagrivaReference(key: string, value: unknown, line: number): Reference {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new CslItemError(`entry "${key}" must be a map of fields (type, title, author…)`);
  const entry = value as Record<string, unknown>;
  const parents = Array.isArray(entry.parent) ? entry.parent : entry.parent ? [entry.parent] : [];
  const parent = parents.find(p => p && typeof p === 'object') as Record<string, unknown> | undefined;
  const ref: Reference = { key, line, sourceType: String(entry.type ?? 'misc'), type: hayagrivaType(entry, parent) };
  const title = text(entry.title);
  if (title) ref.title = title;
  const author = list(entry.author, hayagrivaPerson);
  if (author) ref.author = author;
  const editor = list(entry.editor, hayagrivaPerson);
  if (editor) ref.editor = editor;
  const date = text(entry.date) ?? text(parent?.date);
  const issued = date && parseIsoDate(date);
  if (issued) ref.issued = issued;
  const container = text(parent?.title);
  if (container) ref.containerTitle = container;
  const publisher = text(entry.publisher) ?? text((entry.publisher as { name?: unknown } | undefined)?.name)
    ?? text(parent?.publisher) ?? text((parent?.publisher as { name?: unknown } | undefined)?.name);
  if (publisher) ref.publisher = publisher;
  const volume = text(entry.volume) ?? text(parent?.volume);
  if (volume) ref.volume = volume;
  const issue = text(entry.issue) ?? text(parent?.issue);
  if (issue) ref.issue = issue;
  const page = text(entry['page-range']);
  if (page) ref.page = page;
  const serial = (entry['serial-number'] ?? {}) as Record<string, unknown>;
  const doi = bareDoi(text(entry.doi) ?? text(serial.doi));
  if (doi) ref.doi = doi;
  const url = text(entry.url);
  if (url && /^https?:\/\/\S+$/i.test(url)) ref.url = url;
  const abstract = text(entry.abstract);
  if (abstract) ref.abstract = abstract;
  return ref;
}
