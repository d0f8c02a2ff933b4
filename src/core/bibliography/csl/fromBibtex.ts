// A .bib entry as a CSL item, converted as pandoc converts it (`pandoc -f biblatex -t csljson`,
// which is what a writer's pandoc or Quarto output is made from): biblatex's types and fields,
// `crossref`/`xdata` parents inheriting by biblatex's rules, names with particles (biblatex's
// reading, then citeproc's), dates from `date` or `year`/`month`, titles of English entries in
// sentence case, LaTeX read as pandoc reads it. bibtex/reference.ts converts for the library (search,
// hover cards, copying), where the entry's own words matter more than a style's.
import type { BibEntry } from '../bibtex/parse';
import { cslMarkup, parseLatex, stringifyAll, type Inline } from '../latex/inlines';
import { bibtexPerson } from './fromBibtexNames';
import { sentenceCase } from './sentenceCase';
import { BIBLATEX_TYPES, inheritFields, LANGUAGES } from './fromBibtexTables';

export type CslData = Record<string, unknown>;

const ARTICLES = new Set(['article', 'periodical', 'suppperiodical', 'review']);
const CHAPTERS = new Set(['inbook', 'incollection', 'inproceedings', 'inreference', 'bookinbook']);
const NUMBER_IS_SERIES = new Set([
  'book', 'collection', 'proceedings', 'reference', 'mvbook', 'mvcollection', 'mvproceedings', 'mvreference',
  'bookinbook', 'inbook', 'incollection', 'inproceedings', 'inreference', 'suppbook', 'suppcollection',
]);
const EPRINT_URLS: Record<string, string> = {
  arxiv: 'https://arxiv.org/abs/', jstor: 'https://www.jstor.org/stable/', pubmed: 'https://www.ncbi.nlm.nih.gov/pubmed/', googlebooks: 'https://books.google.com?id=',
};

/** pandoc's `concatWith`: parts joined by `separator` and a space, or by a space alone after punctuation. */
function joinParts(separator: string, parts: (Inline[] | undefined)[]): Inline[] | undefined {
  let out: Inline[] | undefined;
  for (const part of parts) {
    if (!part?.length) continue;
    if (!out) { out = [...part]; continue; }
    const last = out[out.length - 1];
    const punctuated = last.kind === 'text' && /[!?.,:;]$/.test(last.text);
    out.push(...(punctuated ? [] : [{ kind: 'text', text: separator } as Inline]), { kind: 'space' }, ...part);
  }
  return out;
}

/** A biblatex literal list ("A and B") as pandoc writes it: "A; B". */
function literalList(inlines: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (let i = 0; i < inlines.length; i++) {
    const x = inlines[i];
    if (x.kind === 'space' && inlines[i + 1]?.kind === 'text' && (inlines[i + 1] as { text: string }).text === 'and' && inlines[i + 2]?.kind === 'space') {
      out.push({ kind: 'text', text: ';' }, { kind: 'space' });
      i += 2;
    } else out.push(x);
  }
  return out;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const int = (text: string | undefined) => (text !== undefined && /^\s*-?\d+\s*$/.test(text) ? Number(text) : undefined);
const month = (text: string | undefined) => {
  if (text === undefined) return undefined;
  // Our reader expands the month macros to names ("jun" → "June"), which pandoc reads as its macros.
  const lower = text.trim().toLowerCase();
  const named = MONTHS.indexOf(MONTH_NAMES.includes(lower) ? lower.slice(0, 3) : lower);
  return named >= 0 ? named + 1 : int(text);
};

/** A year as CSL counts it: EDTF's year 0 is 1 BC, CSL's -1. */
const cslYear = (year: number) => (year <= 0 ? year - 1 : year);

/** An EDTF date (`2020-05-03`, `2020-05/2021`, `2020~`, `2020/..`) as CSL date parts, or undefined when it is not one. */
function edtfDate(raw: string): CslData | null | undefined {
  const value = raw.trim().replace(/\u00A0/g, '~').replace(/T[\d:]+Z?$/, '');
  const parts = value.split('/');
  if (parts.length > 2) return undefined;
  // An open start: no date at all, as pandoc reads it.
  if (parts.length === 2 && (parts[0] === '' || parts[0] === '..')) return null;
  const dates: number[][] = [];
  let circa = false;
  for (const part of parts) {
    if (dates.length && (part === '' || part === '..')) { dates.push([0]); continue; }
    const m = /^(-?\d{1,4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?([~?%]?)$/.exec(part.trim());
    if (!m) return undefined;
    if (m[4]) circa = true;
    dates.push([cslYear(Number(m[1])), ...(m[2] ? [Number(m[2])] : []), ...(m[3] ? [Number(m[3])] : [])]);
  }
  return { ...(circa ? { circa: true } : {}), 'date-parts': dates };
}

/** A date from `{prefix}date`, else `{prefix}year`, `month`, `day` (and their `end` forms), as pandoc reads them. */
function dateOf(fields: Record<string, string>, prefix: string): CslData | undefined {
  const iso = fields[`${prefix}date`];
  if (iso !== undefined) {
    const date = edtfDate(iso);
    if (date !== undefined) return date ?? undefined;
  }
  const yearText = fields[`${prefix}year`];
  if (yearText === undefined) return undefined;
  const year = int(stringifyAll(parseLatex(yearText)).replace(/^[–—]/, '-'));
  const start = year === undefined ? [] : [year, month(fields[`${prefix}month`]), int(fields[`${prefix}day`])];
  const endYear = int(fields[`${prefix}endyear`]);
  const end = endYear === undefined ? [] : [endYear, month(fields[`${prefix}endmonth`]), int(fields[`${prefix}endday`])];
  const trim = (parts: (number | undefined)[]) => {
    const out: number[] = [];
    for (const p of parts) { if (p === undefined) break; out.push(p); }
    return out;
  };
  // A year that is not a number ("1982--1983", "in press") gives an empty date, as in pandoc: "n.d.".
  return { 'date-parts': [trim(start), trim(end)].filter(d => d.length) };
}

/**
 * A .bib entry as the CSL item pandoc makes of it. `lookup` finds `crossref` and `xdata`
 * parents by key. `language`: the document's (pandoc's default is en-US), which decides
 * whether titles are made sentence case.
 *
 * @example bibtexCslItem(parseBib('@article{a, title = {A New Hope}, year = 1977}').entries[0], () => undefined)
 *   → { id: 'a', type: 'article-journal', title: 'A new hope', issued: { 'date-parts': [[1977]] } }
 */
export function bibtexCslItem(entry: BibEntry, lookup: (key: string) => BibEntry | undefined): CslData {
  const type = entry.type;
  const fields = inheritFields(entry, lookup);
  const has = (name: string) => fields[name] !== undefined;
  const field = (name: string) => (has(name) ? parseLatex(fields[name]) : undefined);

  const langid = fields.langid?.trim().toLowerCase();
  const variantOf = (fields.langidopts ?? '').trim().toLowerCase();
  const english = langid === 'english' ? ({ 'variant=british': 'british', 'variant=uk': 'british', 'variant=australian': 'australian', 'variant=newzealand': 'newzealand' } as Record<string, string>)[variantOf] ?? (variantOf.startsWith('variant=') ? 'american' : 'english') : undefined;
  const hyphenation = english ?? langid ?? fields.hyphenation?.trim().toLowerCase();
  const language = hyphenation !== undefined ? LANGUAGES[hyphenation] ?? hyphenation : undefined;
  const untitlecase = language === undefined || language.startsWith('en-');
  const title = (name: string) => {
    const inlines = field(name);
    return inlines && untitlecase ? sentenceCase(inlines) : inlines;
  };

  const isArticle = ARTICLES.has(type);
  const isPeriodical = type === 'periodical';
  const isChapter = CHAPTERS.has(type);
  const item: CslData = { id: entry.key };
  const subtype = fields.entrysubtype ?? '';
  item.type = BIBLATEX_TYPES[type] === undefined ? '' : typeof BIBLATEX_TYPES[type] === 'string' ? BIBLATEX_TYPES[type] : (BIBLATEX_TYPES[type] as (s: string, event: boolean) => string)(subtype, has('eventdate') || has('eventtitle') || has('venue'));
  const genre = fields.type !== undefined ? fields.type : type === 'mastersthesis' ? 'Master’s thesis' : type === 'phdthesis' ? 'PhD thesis' : undefined;
  const set = (name: string, inlines: Inline[] | undefined) => { if (inlines?.length) item[name] = cslMarkup(inlines); };
  const setText = (name: string, text: string | undefined) => { if (text !== undefined) item[name] = text; };
  const names = (name: string) => {
    if (!has(name)) return undefined;
    return splitNames(parseLatex(fields[name])).map(bibtexPerson).filter(p => Object.keys(p).length);
  };

  if (genre !== undefined) item.genre = resolveBibstring(genre);
  setText('language', language);
  for (const [csl, bib] of [['author', 'author'], ['container-author', 'bookauthor'], ['translator', 'translator']] as const) {
    const list = names(bib);
    if (list) item[csl] = list;
  }
  const editors = names('editor');
  if (editors) item[fields.editortype === 'director' ? 'director' : 'editor'] = editors;
  const director = names('director');
  if (director && fields.editortype !== 'director') item.director = director;
  for (const [csl, prefix] of [['issued', ''], ['event-date', 'event'], ['original-date', 'orig'], ['accessed', 'url']] as const) {
    const date = dateOf(fields, prefix);
    if (date) item[csl] = date;
  }

  const pages = field('pages');
  if (pages) item.page = cslMarkup(pages).replace(/–/g, '-');
  set('number-of-pages', field('pagetotal'));
  const volume = field('volume');
  const part = field('part');
  set('volume', volume && part ? [...volume, { kind: 'text', text: '.' }, ...part] : volume ?? part);
  set('number-of-volumes', field('volumes'));
  set('chapter-number', field('chapter'));
  set('edition', field('edition'));
  set('version', field('version'));
  const number = field('number');
  if (number) {
    if (NUMBER_IS_SERIES.has(type)) set('collection-number', number);
    else if (isArticle) set('issue', joinParts(',', [number, field('issue')]));
    else set('number', number);
  }

  const hasMain = has('maintitle');
  const mainFirst = hasMain && !isChapter;
  const titleText = (isPeriodical && has('issuetitle') ? title('issuetitle') : undefined) ?? (mainFirst ? title('maintitle') : undefined) ?? title('title');
  const subtitle = (isPeriodical ? title('issuesubtitle') : undefined) ?? (mainFirst ? title('mainsubtitle') : undefined) ?? title('subtitle');
  const addon = (mainFirst ? title('maintitleaddon') : undefined) ?? title('titleaddon');
  if (titleText) set('title', joinParts('.', [joinParts(':', [titleText, subtitle]), addon]));
  if (hasMain) {
    const volumeTitle = isChapter ? title('booktitle') : title('title');
    if (volumeTitle) set('volume-title', joinParts('.', [joinParts(':', [volumeTitle, isChapter ? title('booksubtitle') : title('subtitle')]), isChapter ? title('booktitleaddon') : title('titleaddon')]));
  }
  const container = (isPeriodical ? field('title') : undefined) ?? (isChapter ? title('maintitle') ?? title('booktitle') : undefined) ?? field('journaltitle') ?? field('journal');
  const containerSubtitle = (isPeriodical ? field('subtitle') : undefined) ?? (isChapter ? title('mainsubtitle') ?? title('booksubtitle') : undefined) ?? field('journalsubtitle');
  const containerAddon = (isPeriodical ? field('titleaddon') : undefined) ?? (isChapter ? title('maintitleaddon') ?? title('booktitleaddon') : undefined);
  if (container) set('container-title', joinParts('.', [joinParts(':', [container, containerSubtitle]), containerAddon]));
  set('container-title-short', (isPeriodical && !hasMain ? field('shorttitle') : undefined) ?? field('shortjournal'));
  set('collection-title', title('series'));
  const short = (!hasMain || isChapter ? title('shorttitle') : undefined) ?? shortTitle(title('title'), (subtitle?.length || addon?.length) && !hasMain);
  set('title-short', short);
  set('event', title('eventtitle'));
  set('original-title', title('origtitle'));

  const publishers = ['school', 'institution', 'organization', 'howpublished', 'publisher']
    .map(name => (name === 'howpublished' ? field(name) : field(name) && literalList(field(name)!)));
  set('publisher', joinParts(';', publishers));
  set('original-publisher', field('origpublisher'));
  set('event-place', field('venue'));
  const address = field('address') ?? (type !== 'patent' ? field('location') : undefined);
  set('publisher-place', address && literalList(address));
  set('original-publisher-place', field('origlocation') && literalList(field('origlocation')!));
  if (item.type === 'patent' && field('location')) set('jurisdiction', literalList(field('location')!));

  const options = new Map((fields.options ?? '').split(',').map(o => o.split('=').map(p => p.trim().toLowerCase()) as [string, string?]).map(([k, v]) => [k, v ?? '']));
  const eprintType = (fields.eprinttype ?? fields.archiveprefix)?.toLowerCase();
  if (has('url') && (type === 'online' || options.get('url') !== 'false')) item.URL = fields.url;
  else if (eprintType && EPRINT_URLS[eprintType] && has('eprint')) item.URL = EPRINT_URLS[eprintType] + fields.eprint;
  if (has('doi') && options.get('doi') !== 'false') item.DOI = fields.doi;
  for (const [csl, bib] of [['ISBN', 'isbn'], ['ISSN', 'issn'], ['PMID', 'pmid'], ['PMCID', 'pmcid'], ['call-number', 'library'], ['other-ids', 'ids']] as const) setText(csl, fields[bib]);
  set('annote', field('annotation') ?? field('annote'));
  set('abstract', field('abstract'));
  set('keyword', field('keywords'));
  set('note', joinParts('.', [isPeriodical ? undefined : field('note'), field('addendum')]));
  const pubstate = field('pubstate');
  if (pubstate) item.status = resolveBibstring(stringifyAll(pubstate));
  return item;
}

/** The words of a title up to its first colon: pandoc's short title. */
function shortTitle(title: Inline[] | undefined, always: unknown): Inline[] | undefined {
  if (!title) return undefined;
  const out: Inline[] = [];
  for (const x of title) {
    if (x.kind === 'text' && x.text.includes(':')) {
      const head = x.text.slice(0, x.text.indexOf(':'));
      if (head) out.push({ kind: 'text', text: head });
      return out;
    }
    out.push(x);
  }
  return always ? out : undefined;
}

/** Name lists are split at " and " between words at the top level (a braced name stays one). */
function splitNames(inlines: Inline[]): Inline[][] {
  const names: Inline[][] = [[]];
  for (let i = 0; i < inlines.length; i++) {
    const x = inlines[i];
    const next = inlines[i + 1];
    if (x.kind === 'space' && next?.kind === 'text' && next.text === 'and' && inlines[i + 2]?.kind === 'space') {
      names.push([]);
      i += 2;
    } else names[names.length - 1].push(x);
  }
  return names.filter(n => n.length);
}

/** biblatex's localisation keys, for the few that .bib files write in `type` or `pubstate`. */
const BIBSTRINGS: Record<string, string> = {
  mathesis: 'Master’s thesis', phdthesis: 'PhD thesis', techreport: 'technical report', resreport: 'research report',
  software: 'computer software', datacd: 'data CD', audiocd: 'audio CD', patent: 'patent', inpress: 'in press',
  forthcoming: 'forthcoming', patentus: 'U.S. patent', patenteu: 'European patent', patentuk: 'British patent',
  patentde: 'German patent', patentfr: 'French patent', patentch: 'Swiss patent', patentau: 'Australian patent', inpreparation: 'in preparation', submitted: 'submitted', prepublished: 'pre-published',
};

function resolveBibstring(value: string): string {
  return BIBSTRINGS[value.toLowerCase()] ?? value;
}
