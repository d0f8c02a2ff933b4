// Zotero's items as its local API (Zotero 7, http://localhost:23119/api/users/0/…) and its Web API
// v3 answer them (`format=json`, optionally `include=data,csljson`), read with zod and made papers
// of the library. What the writer cites is the item's CSL-JSON when Zotero sent it (Zotero's own
// conversion), else what we make of its native fields; notes and attachments are not papers.
import * as z from '../util/zod';
import type { Paper } from '../model/paper';
import { bareDoi, dateText, parseIsoDate, yearOf, type Person, type Reference, type ReferenceDate } from '../model/reference';
import { cslReference } from '../bibliography/csl/item';
import { excerpt } from '../util/text';
import { groupOf } from './ref';

export { groupOf, zoteroItemRef } from './ref';

const CreatorSchema = z.lazySchema(() => z.object({
  creatorType: z.optional(z.string()),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  name: z.optional(z.string()),
}));

/** An item's fields: the few we read are named; every other field Zotero has is kept as it came. */
const ItemDataSchema = z.lazySchema(() => z.looseObject({
  key: z.string().check(z.regex(/^[A-Z0-9]{8}$/, 'an item key is 8 capitals and digits')),
  itemType: z.string(),
  title: z.optional(z.string()),
  creators: z.optional(z.array(CreatorSchema)),
  date: z.optional(z.string()),
  extra: z.optional(z.string()),
  citationKey: z.optional(z.string()),
  collections: z.optional(z.array(z.string())),
  parentItem: z.optional(z.union([z.string(), z.boolean()])),
}));

export const ZoteroItemSchema = z.lazySchema(() => z.object({
  key: z.string(),
  version: z.number(),
  library: z.optional(z.object({ type: z.string(), id: z.number() })),
  meta: z.optional(z.object({ parsedDate: z.optional(z.string()) })),
  data: ItemDataSchema,
  /** With `include=csljson`: the item as CSL-JSON, Zotero's own conversion. */
  csljson: z.optional(z.looseObject({})),
}));

/** One page of `/items` or `/items/top`. */
export const ZoteroItemsSchema = z.lazySchema(() => z.array(ZoteroItemSchema));

/**
 * `/items/top?format=versions`: each item's version, by item key. Checked in one plain loop: a
 * library of 20,000 items answers 20,000 pairs, which a record schema took 100 ms to check.
 */
export const ZoteroVersionsSchema = z.lazySchema(() => z.custom<Record<string, number>>(
  value => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(v => Number.isSafeInteger(v) && (v as number) >= 0),
  { message: 'not a map of item keys to versions' },
));

export type ZoteroItem = z.infer<typeof ZoteroItemSchema>;

/** Item types that are not works one cites. */
const NOT_PAPERS = new Set(['note', 'attachment', 'annotation']);

/** Whether an item is a work (a paper, book, page…), not a note, an attachment or an annotation. */
export const isPaperItem = (item: ZoteroItem): boolean => !NOT_PAPERS.has(item.data.itemType);

/**
 * What a citation key may hold: Better BibTeX's keys are often not ours (`doe-2020:x`), and
 * BibTeX, biblatex and pandoc read these; a space, comma, brace or quote would end the key.
 */
const CITABLE_KEY = /^[^\s,{}()%#"'=\\@[\]]+$/;

/**
 * The key the item gives itself: Zotero 7's `citationKey` field, else the `Citation Key: …` line
 * Better BibTeX keeps in Extra (its pinned key). Undefined when it gives none.
 *
 * @example itemKey({ data: { extra: 'PMID: 1\nCitation Key: doe2020x' } }) === 'doe2020x'
 */
export function itemKey(item: Pick<ZoteroItem, 'data'>): string | undefined {
  const own = item.data.citationKey?.trim();
  if (own && CITABLE_KEY.test(own)) return own;
  const line = /^\s*Citation Key:\s*(\S+)\s*$/im.exec(item.data.extra ?? '');
  return line && CITABLE_KEY.test(line[1]) ? line[1] : undefined;
}

/** Zotero's item types as CSL types, where they differ in name (Zotero's own mapping). */
const CSL_TYPES: Record<string, string> = {
  journalArticle: 'article-journal', magazineArticle: 'article-magazine', newspaperArticle: 'article-newspaper',
  book: 'book', bookSection: 'chapter', conferencePaper: 'paper-conference', thesis: 'thesis', report: 'report',
  webpage: 'webpage', blogPost: 'post-weblog', forumPost: 'post', manuscript: 'manuscript', preprint: 'article',
  presentation: 'speech', film: 'motion_picture', artwork: 'graphic', map: 'map', patent: 'patent', letter: 'personal_communication',
  interview: 'interview', dataset: 'dataset', computerProgram: 'software', encyclopediaArticle: 'entry-encyclopedia',
  dictionaryEntry: 'entry-dictionary', case: 'legal_case', statute: 'legislation', bill: 'bill', hearing: 'bill',
  podcast: 'song', audioRecording: 'song', videoRecording: 'motion_picture', radioBroadcast: 'broadcast', tvBroadcast: 'broadcast',
  email: 'personal_communication', instantMessage: 'personal_communication', document: 'document', standard: 'standard',
};

/** The fields that name where an item appeared, by item type, in Zotero's schema. */
const CONTAINER_FIELDS = ['publicationTitle', 'proceedingsTitle', 'bookTitle', 'websiteTitle', 'blogTitle', 'forumTitle', 'encyclopediaTitle', 'dictionaryTitle'];

const field = (data: Record<string, unknown>, name: string): string | undefined => {
  const value = data[name];
  if (typeof value !== 'string') return undefined;
  const trimmed = value.replace(/\s+/g, ' ').trim();
  return trimmed || undefined;
};

function person(creator: z.infer<typeof CreatorSchema>): Person | undefined {
  const literal = creator.name?.trim();
  if (literal) return { literal };
  const family = creator.lastName?.trim();
  const given = creator.firstName?.trim();
  if (!family && !given) return undefined;
  return { ...(family ? { family } : {}), ...(given ? { given } : {}) };
}

/**
 * An item's date: Zotero's own reading of it (`meta.parsedDate`, "1992-00-00" for a year alone),
 * else an ISO date, else a year found in the text, else the text as written.
 */
function itemDate(item: ZoteroItem): ReferenceDate | undefined {
  const parsed = item.meta?.parsedDate && /^(\d{4})-(\d{2})-(\d{2})/.exec(item.meta.parsedDate);
  if (parsed) {
    const [year, month, day] = parsed.slice(1).map(Number);
    return { year, ...(month ? { month } : {}), ...(month && day ? { day } : {}) };
  }
  const text = field(item.data, 'date');
  if (!text) return undefined;
  if (/^\d{4}(?:-\d{2}){0,2}/.test(text)) return parseIsoDate(text);
  const year = /\b(\d{4})\b/.exec(text);
  return year ? { year: Number(year[1]) } : { literal: text };
}

/** The item's native fields as a reference, where Zotero did not send its CSL-JSON. */
function referenceOfData(item: ZoteroItem, key: string): Reference {
  const data = item.data as Record<string, unknown> & ZoteroItem['data'];
  const type = CSL_TYPES[data.itemType] ?? 'document';
  const ref: Reference = { key, line: 1, sourceType: type, type };
  const title = field(data, 'title');
  if (title) ref.title = title;
  const creators = data.creators ?? [];
  const ofType = (types: readonly string[]) => creators.filter(c => types.includes(c.creatorType ?? 'author')).flatMap(c => person(c) ?? []);
  // A book's contributors alone (an edited volume without authors) still name who made it.
  const authors = ofType(['author', 'artist', 'director', 'inventor', 'programmer', 'presenter', 'interviewee', 'sponsor', 'cartographer', 'podcaster', 'performer']);
  const editors = ofType(['editor', 'seriesEditor']);
  if (authors.length) ref.author = authors;
  if (editors.length) ref.editor = editors;
  const issued = itemDate(item);
  if (issued) ref.issued = issued;
  const container = CONTAINER_FIELDS.map(f => field(data, f)).find(Boolean);
  if (container) ref.containerTitle = container;
  const publisher = field(data, 'publisher') ?? field(data, 'institution') ?? field(data, 'university');
  if (publisher) ref.publisher = publisher;
  for (const [name, to] of [['volume', 'volume'], ['issue', 'issue'], ['pages', 'page']] as const) {
    const value = field(data, name);
    if (value) ref[to] = value;
  }
  const doi = bareDoi(field(data, 'DOI'));
  if (doi) ref.doi = doi;
  const url = field(data, 'url');
  if (url && /^https?:\/\/\S+$/i.test(url)) ref.url = url;
  const abstract = field(data, 'abstractNote');
  if (abstract) ref.abstract = abstract;
  return ref;
}

/**
 * The reference citing an item writes: its CSL-JSON (Zotero's conversion) when the answer has it,
 * else its native fields read here; under `key` in either case.
 */
export function zoteroReference(item: ZoteroItem, key: string): Reference {
  if (item.csljson) {
    try {
      return { ...cslReference({ ...item.csljson, id: key }, 1), key };
    } catch {
      // An item Zotero could not convert: its own fields still say what it is.
    }
  }
  return referenceOfData(item, key);
}

/** The longest title a library paper has (PaperSchema). */
const MAX_TITLE = 400;

/**
 * The id of an item's paper: stable for the item, and never a corpus id (an ASCII title slug
 * would need the words "zotero" and eight more letters) nor a bibliography-only one ("@…"). A
 * group's item carries its group (`zotero-g169947-x42a7dee`); the writer's own, its key alone, as always.
 *
 * @example zoteroPaperId('X42A7DEE') === 'zotero-x42a7dee'
 */
export const zoteroPaperId = (itemKey: string, group?: number): string => `zotero-${group === undefined ? '' : `g${group}-`}${itemKey.toLowerCase()}`;

/** How Zotero's URIs name a library: `library` (the writer's own) or `groups/ID`. */
export const libraryPath = (group: number | undefined): string => (group === undefined ? 'library' : `groups/${group}`);

/** What Zotero opens for an item: `zotero://select/library/items/KEY`, or `…/groups/ID/items/KEY` for a group's. */
export const zoteroSelectUri = (itemKey: string, group?: number): string => `zotero://select/${libraryPath(group)}/items/${itemKey}`;

/**
 * A Zotero item as a paper of the library, cited under `key`: its reference is what citing it
 * appends to the document's bibliography.
 *
 * @example zoteroPaper(item, 'buck1980sherlock').reference.containerTitle === 'The American Mathematical Monthly'
 */
export function zoteroPaper(item: ZoteroItem, key: string, made?: Reference): Paper {
  // A reference made for the item under another key (to make its key from) is the same but for the key.
  const reference = made ? { ...made, key } : zoteroReference(item, key);
  const title = excerpt(reference.title ?? key, MAX_TITLE - 1);
  if (reference.title) reference.title = title;
  const links = reference.url ? [reference.url] : [];
  const paper: Paper = {
    id: zoteroPaperId(item.key, groupOf(item)),
    key,
    title,
    abstract: reference.abstract ?? '',
    authorsCount: reference.author?.length || null,
    organization: null,
    date: reference.issued ? dateText(reference.issued) : null,
    year: yearOf(reference.issued),
    upvotes: null,
    links,
    topics: [],
    sources: [{ file: zoteroSelectUri(item.key, groupOf(item)), line: 1 }],
    entryType: reference.sourceType,
    reference,
  };
  if (reference.author) paper.authors = reference.author;
  if (reference.editor) paper.editors = reference.editor;
  const venue = reference.containerTitle ?? reference.publisher;
  if (venue) paper.venue = venue;
  if (reference.doi) paper.doi = reference.doi;
  return paper;
}

