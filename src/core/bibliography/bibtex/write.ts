// A user's reference written as a BibTeX entry, for a .bib file that lacks it: a BibTeX
// entry is copied as the user wrote it; a CSL-JSON, CSL-YAML or Hayagriva one is written
// from what it says, in pure ASCII (as the corpus entries are), nothing added.
import type { Person } from '../../model/reference';
import { encodeLatex } from '../latex/encode';
import type { Reference } from '../../model/reference';

/** CSL types → BibTeX types (biblatex's where BibTeX has none). */
const BIBTEX_TYPES: Record<string, string> = {
  'article-journal': 'article', 'article-magazine': 'article', 'article-newspaper': 'article', article: 'article',
  'paper-conference': 'inproceedings', book: 'book', chapter: 'incollection', thesis: 'phdthesis', report: 'techreport',
  manuscript: 'unpublished', webpage: 'misc', 'post-weblog': 'misc', dataset: 'misc', software: 'misc', patent: 'misc',
  pamphlet: 'booklet',
};

/** A name as BibTeX reads it back: "von Last, Jr, First", or a literal in braces. */
function bibName(person: Person): string {
  if (person.literal) return `{${encodeLatex(person.literal)}}`;
  const last = [person.particle, person.family].filter(Boolean).map(p => encodeLatex(p!)).join(' ');
  const parts = [last || encodeLatex(person.given ?? '')];
  if (person.suffix) parts.push(encodeLatex(person.suffix));
  if (person.given && last) parts.push(encodeLatex(person.given));
  return parts.join(', ');
}

/**
 * A date as biblatex's `date` field wants it (ISO 8601): "2020-05-03", "2020-05", "2020"; a
 * year before 1 AD in astronomical numbering, as biblatex reads it (CSL's -334, 334 BC, is "-0333").
 */
function isoDate(date: { year: number; month?: number; day?: number }): string {
  const year = date.year < 1 ? `-${String(-(date.year + 1)).padStart(4, '0')}` : String(date.year).padStart(4, '0');
  const pad = (n: number) => String(n).padStart(2, '0');
  return [year, ...(date.month ? [pad(date.month)] : []), ...(date.month && date.day ? [pad(date.day)] : [])].join('-');
}

/**
 * An arXiv preprint as BibTeX styles that know no `eprint` field print it (plain, plainnat):
 * "arXiv:2401.12345 [cs.CL]", the form arXiv asks for.
 */
const arxivText = (arxiv: NonNullable<Reference['arxiv']>) => `arXiv:${arxiv.id}${arxiv.primaryClass ? ` [${arxiv.primaryClass}]` : ''}`;

/**
 * The BibTeX entry of a reference: its own text when it came from a .bib file, otherwise
 * one written from its fields (`biblatex` uses `@online` for web pages, and `date` for the year,
 * month and day, where BibTeX has neither). An arXiv preprint (`ref.arxiv`) gets `eprint`,
 * `archivePrefix` and `primaryClass`, and, for BibTeX's styles, the same in `howpublished`.
 *
 * @example referenceBibtex({ key: 'doe', line: 1, sourceType: 'book', type: 'book', title: 'T', author: [{ family: 'Doe', given: 'Jane' }] })
 *   → '@book{doe,\n  author = {Doe, Jane},\n  title  = {{T}},\n}\n'
 */
export function referenceBibtex(ref: Reference, flavour: 'bibtex' | 'biblatex' = 'bibtex'): string {
  if (ref.raw) return `${ref.raw.trimEnd()}\n`;
  // An arXiv preprint that appeared nowhere else: `@misc`, which every BibTeX style knows, or biblatex's `@online`.
  const preprint = ref.arxiv !== undefined && !ref.containerTitle;
  const type = (ref.type === 'webpage' || preprint) && flavour === 'biblatex' ? 'online' : preprint ? 'misc' : BIBTEX_TYPES[ref.type] ?? 'misc';
  const braced = (value: string | undefined) => (value ? `{${encodeLatex(value)}}` : null);
  const container = ref.containerTitle ? encodeLatex(ref.containerTitle) : null;
  const date = ref.issued && 'year' in ref.issued ? ref.issued : undefined;
  const fields: [string, string | null][] = [
    ['author', ref.author ? ref.author.map(bibName).join(' and ') + (ref.moreAuthors ? ' and others' : '') : null],
    ['editor', ref.editor ? ref.editor.map(bibName).join(' and ') : null],
    ['title', ref.title ? `{${encodeLatex(ref.title)}}` : null],
    [type === 'article' ? 'journal' : type === 'inproceedings' || type === 'incollection' ? 'booktitle' : 'howpublished', container ?? (preprint && flavour === 'bibtex' ? arxivText(ref.arxiv!) : null)],
    [type === 'phdthesis' ? 'school' : type === 'techreport' ? 'institution' : 'publisher', braced(ref.publisher)],
    ['volume', ref.volume ? encodeLatex(ref.volume) : null],
    ['number', ref.issue ? encodeLatex(ref.issue) : null],
    ['pages', ref.page ? encodeLatex(ref.page).replace(/(\d)-(\d)/g, '$1--$2') : null],
    ...(flavour === 'biblatex' && date
      ? [['date', isoDate(date)] as [string, string]]
      : [
        ['year', date ? String(date.year) : ref.issued && 'literal' in ref.issued ? encodeLatex(ref.issued.literal) : null] as [string, string | null],
        ['month', date?.month ? String(date.month) : null] as [string, string | null],
      ]),
    ['doi', ref.doi ?? null],
    ['url', ref.url ?? null],
    // biblatex reads `archivePrefix` and `primaryClass` as its `eprinttype` and `eprintclass`.
    ['eprint', ref.arxiv?.id ?? null],
    ['archivePrefix', ref.arxiv ? 'arXiv' : null],
    ['primaryClass', ref.arxiv?.primaryClass ?? null],
  ];
  const present = fields.filter((f): f is [string, string] => f[1] !== null);
  const width = Math.max(0, ...present.map(([name]) => name.length));
  return `@${type}{${ref.key},\n${present.map(([name, value]) => `  ${name.padEnd(width)} = {${value}},\n`).join('')}}\n`;
}
