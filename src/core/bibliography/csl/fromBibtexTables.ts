// The tables behind fromBibtex.ts, as pandoc has them: biblatex entry types → CSL types, biblatex
// language names → language tags, and which fields a `crossref` or `xdata` parent gives its child
// (biblatex's inheritance rules: a proceedings' `title` is its paper's `booktitle`).
import type { BibEntry } from '../bibtex/parse';

type TypeRule = string | ((subtype: string, event: boolean) => string);
const periodical = (subtype: string) => (subtype === 'magazine' ? 'article-magazine' : subtype === 'newspaper' ? 'article-newspaper' : 'article-journal');

/** biblatex types → CSL types; a type not listed (`misc` among them) has none, as in pandoc. */
export const BIBLATEX_TYPES: Record<string, TypeRule> = {
  article: periodical, periodical, suppperiodical: periodical, book: 'book', booklet: 'pamphlet', bookinbook: 'chapter',
  collection: 'book', dataset: 'dataset', electronic: 'webpage', inbook: 'chapter', incollection: 'chapter',
  inreference: 'entry-encyclopedia', inproceedings: 'paper-conference', manual: 'book', mastersthesis: 'thesis',
  mvbook: 'book', mvcollection: 'book', mvproceedings: 'book', mvreference: 'book', online: 'webpage', patent: 'patent',
  phdthesis: 'thesis', proceedings: 'book', reference: 'book', report: 'report', software: 'book', suppbook: 'chapter',
  suppcollection: 'chapter', techreport: 'report', thesis: 'thesis', www: 'webpage',
  unpublished: (_subtype, event) => (event ? 'speech' : 'manuscript'),
  artwork: 'graphic', audio: 'song', commentary: 'book', image: 'graphic', jurisdiction: 'legal_case', legislation: 'legislation',
  legal: 'treaty', letter: 'personal_communication', movie: 'motion_picture', music: 'song', performance: 'speech',
  review: 'review', standard: 'legislation', video: 'motion_picture', data: 'dataset', letters: 'personal_communication',
  newsarticle: 'article-newspaper',
};

/** babel's language names → the language tags of CSL locales (pandoc's `toIETF`). */
export const LANGUAGES: Record<string, string> = {
  english: 'en-US', usenglish: 'en-US', american: 'en-US', british: 'en-GB', ukenglish: 'en-GB', canadian: 'en-US',
  australian: 'en-GB', newzealand: 'en-GB', afrikaans: 'af-ZA', arabic: 'ar', basque: 'eu', bulgarian: 'bg-BG',
  catalan: 'ca-AD', croatian: 'hr-HR', czech: 'cs-CZ', danish: 'da-DK', dutch: 'nl-NL', estonian: 'et-EE', finnish: 'fi-FI',
  canadien: 'fr-CA', acadian: 'fr-CA', french: 'fr-FR', francais: 'fr-FR', austrian: 'de-AT', naustrian: 'de-AT',
  german: 'de-DE', germanb: 'de-DE', ngerman: 'de-DE', greek: 'el-GR', polutonikogreek: 'el-GR', hebrew: 'he-IL',
  hungarian: 'hu-HU', icelandic: 'is-IS', italian: 'it-IT', japanese: 'ja-JP', latvian: 'lv-LV', lithuanian: 'lt-LT',
  magyar: 'hu-HU', mongolian: 'mn-MN', norsk: 'nb-NO', nynorsk: 'nn-NO', farsi: 'fa-IR', polish: 'pl-PL', brazil: 'pt-BR',
  brazilian: 'pt-BR', portugues: 'pt-PT', portuguese: 'pt-PT', romanian: 'ro-RO', russian: 'ru-RU', serbian: 'sr-RS',
  serbianc: 'sr-RS', slovak: 'sk-SK', slovene: 'sl-SL', spanish: 'es-ES', swedish: 'sv-SE', thai: 'th-TH',
  turkish: 'tr-TR', ukrainian: 'uk-UA', vietnamese: 'vi-VN', latin: 'la',
};

/** Fields a parent never gives. */
const NEVER = new Set(['ids', 'crossref', 'xref', 'entryset', 'entrysubtype', 'execute', 'label', 'options', 'presort', 'related', 'relatedoptions', 'relatedstring', 'relatedtype', 'shorthand', 'shorthandintro', 'sortkey']);
const TITLES = ['title', 'subtitle', 'titleaddon'];
const NO_TITLE = new Set(['shorttitle', 'sorttitle', 'indextitle', 'indexsorttitle']);

/** What a parent's field `name` is called in the child (none, one or two names), by biblatex's table. */
function inheritedNames(parent: string, child: string, name: string): string[] {
  if (NEVER.has(name)) return [];
  if (name === 'author' && ((['mvbook', 'book'].includes(parent) && ['inbook', 'bookinbook', 'suppbook'].includes(child)) || (parent === 'mvbook' && child === 'book'))) return ['bookauthor', 'author'];
  const rename = (prefix: string) => (TITLES.includes(name) ? [`${prefix}${name}`] : NO_TITLE.has(name) ? [] : [name]);
  if (parent === 'mvbook' && ['book', 'inbook', 'bookinbook', 'suppbook'].includes(child)) return rename('main');
  if (['mvcollection', 'mvreference'].includes(parent) && ['collection', 'reference', 'incollection', 'inreference', 'suppcollection'].includes(child)) return rename('main');
  if (parent === 'mvproceedings' && ['proceedings', 'inproceedings'].includes(child)) return rename('main');
  if (parent === 'book' && ['inbook', 'bookinbook', 'suppbook'].includes(child)) return rename('book');
  if (['collection', 'reference'].includes(parent) && ['incollection', 'inreference', 'suppcollection'].includes(child)) return rename('book');
  if (parent === 'proceedings' && child === 'inproceedings') return rename('book');
  if (parent === 'periodical' && ['article', 'suppperiodical'].includes(child)) {
    if (name === 'title') return ['journaltitle'];
    if (name === 'subtitle') return ['journalsubtitle'];
    return NO_TITLE.has(name) ? [] : [name];
  }
  return [name];
}

const keysOf = (value: string | undefined) => (value ?? '').split(/[ ,]/).filter(Boolean);

/**
 * An entry's fields with what its `crossref` and `xdata` parents give it, renamed as biblatex
 * does; its own fields win. A grandparent gives through its child.
 */
export function inheritFields(entry: BibEntry, lookup: (key: string) => BibEntry | undefined, depth = 0): Record<string, string> {
  if (entry.fields.crossref === undefined && entry.fields.xdata === undefined) return entry.fields;
  const given: Record<string, string> = {};
  for (const key of [...keysOf(entry.fields.crossref), ...keysOf(entry.fields.xdata)]) {
    const parent = lookup(key);
    if (!parent || parent === entry || depth > 3) continue;
    const fields = inheritFields(parent, lookup, depth + 1);
    // Two of the parent's fields may give the same one (a proceedings' `title` and `booktitle`
    // both give `booktitle`): the later by name wins, as in pandoc.
    for (const [name, value] of Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      for (const renamed of inheritedNames(parent.type, entry.type, name)) if (entry.fields[renamed] === undefined) given[renamed] = value;
    }
  }
  return { ...given, ...entry.fields };
}
