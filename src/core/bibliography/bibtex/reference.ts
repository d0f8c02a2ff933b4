// BibTeX and biblatex entries as references: types mapped to CSL's, LaTeX decoded, names
// split, biblatex's `date` or BibTeX's `year` and `month` read, and `crossref` and `xdata`
// parents filling in what a child leaves out (what the reader sees, not what the file says).
import type { BibEntry } from './parse';
import { latexToText } from '../latex/text';
import { parseNames } from './names';
import { bareDoi, parseIsoDate, parseMonth, splitKeywords, type Reference, type ReferenceDate } from '../../model/reference';

/** BibTeX and biblatex types → CSL types (as citeproc-js and pandoc map them). */
const CSL_TYPES: Record<string, string> = {
  article: 'article-journal', book: 'book', mvbook: 'book', booklet: 'pamphlet', inbook: 'chapter', incollection: 'chapter',
  bookinbook: 'chapter', suppbook: 'chapter', collection: 'book', mvcollection: 'book', proceedings: 'book',
  mvproceedings: 'book', inproceedings: 'paper-conference', conference: 'paper-conference', manual: 'report',
  mastersthesis: 'thesis', phdthesis: 'thesis', thesis: 'thesis', techreport: 'report', report: 'report',
  unpublished: 'manuscript', online: 'webpage', electronic: 'webpage', www: 'webpage', patent: 'patent',
  dataset: 'dataset', software: 'software', periodical: 'periodical', misc: 'document', letter: 'personal_communication',
  reference: 'entry', inreference: 'entry-encyclopedia', mvreference: 'book', standard: 'standard', video: 'motion_picture',
  audio: 'song', music: 'song', artwork: 'graphic', image: 'graphic', legislation: 'legislation', jurisdiction: 'legal_case',
};

/** Fields a child never takes from its parent (biblatex's defaults), besides the title. */
const NOT_INHERITED = new Set([
  'crossref', 'xref', 'xdata', 'ids', 'entryset', 'entrysubtype', 'execute', 'label', 'options', 'presort', 'related',
  'relatedoptions', 'relatedstring', 'relatedtype', 'shorthand', 'shorthandintro', 'sortkey', 'title', 'subtitle', 'titleaddon',
]);

/** Depth of `crossref`/`xdata` chains followed (they may loop). */
const MAX_DEPTH = 4;

/** Whether an entry names a parent (`crossref` or `xdata`), whose fields it then reads too. */
export function hasParent(entry: BibEntry): boolean {
  return entry.fields.crossref !== undefined || entry.fields.xdata !== undefined;
}

/**
 * The fields of `entry` with what its `xdata` and `crossref` parents add: an xdata entry
 * gives every field the child lacks; a crossref parent gives them too, and its title becomes
 * the child's `booktitle` (an `@inproceedings` inherits its proceedings' title that way).
 */
export function inheritedFields(entry: BibEntry, lookup: (key: string) => BibEntry | undefined, depth = 0): Record<string, string> {
  // Most entries have no parent: their own fields, not a copy.
  if (!hasParent(entry)) return entry.fields;
  const fields = { ...entry.fields };
  if (depth >= MAX_DEPTH) return fields;
  for (const key of (entry.fields.xdata ?? '').split(',').map(k => k.trim()).filter(Boolean)) {
    const data = lookup(key);
    if (!data || data === entry) continue;
    for (const [name, value] of Object.entries(inheritedFields(data, lookup, depth + 1))) if (!(name in fields) && name !== 'xdata') fields[name] = value;
  }
  const parent = entry.fields.crossref ? lookup(entry.fields.crossref.trim()) : undefined;
  if (parent && parent !== entry) {
    const from = inheritedFields(parent, lookup, depth + 1);
    if (from.title && !('booktitle' in fields)) fields.booktitle = from.title;
    for (const [name, value] of Object.entries(from)) if (!(name in fields) && !NOT_INHERITED.has(name)) fields[name] = value;
  }
  return fields;
}

const text = (value: string | undefined) => {
  if (value === undefined) return undefined;
  const decoded = latexToText(value);
  return decoded || undefined;
};

function dateOf(fields: Record<string, string>): ReferenceDate | undefined {
  if (fields.date) return parseIsoDate(latexToText(fields.date));
  const year = fields.year && latexToText(fields.year);
  if (!year) return undefined;
  const m = /^\s*(\d{1,4})\s*$/.exec(year);
  if (!m) return { literal: year };
  const month = parseMonth(fields.month && latexToText(fields.month));
  const day = fields.day ? Number(latexToText(fields.day)) : undefined;
  return { year: Number(m[1]), ...(month ? { month } : {}), ...(month && day && day >= 1 && day <= 31 ? { day } : {}) };
}

const HTTP = /^https?:\/\/\S+$/i;

/** A URL from `url`, or from a `\url{…}` in `howpublished` (the BibTeX way of giving one). */
function urlOf(fields: Record<string, string>): string | undefined {
  const url = fields.url?.trim();
  if (url && HTTP.test(url)) return url;
  const m = /\\url\{([^}]+)\}/.exec(fields.howpublished ?? '') ?? /\\url\{([^}]+)\}/.exec(fields.note ?? '');
  return m && HTTP.test(m[1].trim()) ? m[1].trim() : undefined;
}

/** Links beyond the URL: the arXiv page of an `eprint`. */
function linksOf(fields: Record<string, string>): string[] | undefined {
  const kind = (fields.eprinttype ?? fields.archiveprefix ?? '').trim().toLowerCase();
  const eprint = fields.eprint?.trim();
  if (kind === 'arxiv' && eprint && /^[\w.\-/]+$/.test(eprint)) return [`https://arxiv.org/abs/${eprint}`];
  return undefined;
}

/**
 * A BibTeX or biblatex entry as a reference. `lookup` finds `crossref` and `xdata` parents
 * by key, in this file or the others of the same library.
 *
 * @example bibtexReference(parseBib('@book{r, author = {Russell, Stuart}, title = {{AI}}, year = 2020}').entries[0], () => undefined)
 *   → { key: 'r', line: 1, sourceType: 'book', type: 'book', title: 'AI', author: [{ family: 'Russell', given: 'Stuart' }], issued: { year: 2020 } }
 */
export function bibtexReference(entry: BibEntry, lookup: (key: string) => BibEntry | undefined): Reference {
  const fields = inheritedFields(entry, lookup);
  const ref: Reference = { key: entry.key, line: entry.line, sourceType: entry.type, type: CSL_TYPES[entry.type] ?? 'document' };
  const title = text(fields.title);
  const subtitle = text(fields.subtitle);
  if (title) ref.title = subtitle ? `${title}: ${subtitle}` : title;
  if (fields.author) {
    const { people, others } = parseNames(fields.author);
    if (people.length) ref.author = people;
    if (others) ref.moreAuthors = true;
  }
  if (fields.editor) {
    const { people } = parseNames(fields.editor);
    if (people.length) ref.editor = people;
  }
  const issued = dateOf(fields);
  if (issued) ref.issued = issued;
  const container = text(fields.journaltitle ?? fields.journal ?? fields.booktitle);
  if (container) ref.containerTitle = container;
  const publisher = text(fields.publisher ?? fields.school ?? fields.institution ?? fields.organization);
  if (publisher) ref.publisher = publisher;
  const volume = text(fields.volume);
  if (volume) ref.volume = volume;
  const issue = text(fields.number ?? fields.issue);
  if (issue) ref.issue = issue;
  const page = text(fields.pages);
  if (page) ref.page = page;
  const doi = bareDoi(fields.doi && latexToText(fields.doi.replace(/\\_/g, '_')));
  if (doi) ref.doi = doi;
  const url = urlOf(fields);
  if (url) ref.url = url;
  const links = linksOf(fields);
  if (links) ref.links = links;
  const abstract = text(fields.abstract);
  if (abstract) ref.abstract = abstract;
  const keywords = splitKeywords(text(fields.keywords));
  if (keywords) ref.keywords = keywords;
  return ref;
}
