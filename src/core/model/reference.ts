// One entry of a user's bibliography, whatever the file's format, in CSL's terms (the common
// language of BibTeX, CSL-JSON, CSL-YAML and Hayagriva), with the line it starts on. Every
// field is optional: a reference says only what its entry says.

/** A person or an organisation, in CSL's terms. Only the parts a name has are set. */
export interface Person {
  family?: string;
  given?: string;
  /** "von", "van der", "de la": the lower-case words before the family name. */
  particle?: string;
  /** "Jr", "III". */
  suffix?: string;
  /** A name that is not split: an organisation, or a braced name. */
  literal?: string;
}

/** A date as precise as the entry gives it, or as written when it is not a date we can read. */
export type ReferenceDate = { year: number; month?: number; day?: number } | { literal: string };

export interface Reference {
  key: string;
  /** 1-based line where the entry starts. */
  line: number;
  /** The entry's type as the file writes it: "inproceedings", "article-journal", "thesis"… */
  sourceType: string;
  /** The CSL type it maps to. */
  type: string;
  title?: string;
  author?: Person[];
  /** The list of authors ended with "and others". */
  moreAuthors?: boolean;
  editor?: Person[];
  issued?: ReferenceDate;
  /** The journal, proceedings or book it appeared in. */
  containerTitle?: string;
  publisher?: string;
  volume?: string;
  issue?: string;
  page?: string;
  doi?: string;
  url?: string;
  /** Other links the entry gives (an arXiv page from `eprint`…). */
  links?: string[];
  /** The arXiv preprint it is: written as `eprint`, `archivePrefix = {arXiv}` and `primaryClass`. */
  arxiv?: { id: string; primaryClass?: string };
  abstract?: string;
  keywords?: string[];
  /** A BibTeX entry's own text, from "@" to its closing brace: what copying or appending it writes. */
  raw?: string;
  /** A CSL item as the file holds it (CSL-JSON, CSL-YAML). */
  item?: unknown;
  /** The CSL item Better BibTeX exported for it (a Zotero item): what appending it to a CSL-JSON file writes. */
  exportedItem?: Record<string, unknown>;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date as the library shows it, in the form the corpus pages use: "Nov 3, 2024",
 * "Nov 2024", "2024", or the text as written.
 *
 * @example dateText({ year: 2020, month: 5 }) === 'May 2020'
 */
export function dateText(date: ReferenceDate): string {
  if ('literal' in date) return date.literal;
  const month = date.month ? MONTH_NAMES[date.month - 1] : undefined;
  if (!month) return String(date.year);
  return date.day ? `${month} ${date.day}, ${date.year}` : `${month} ${date.year}`;
}

/** The year of a date, when it has one. */
export function yearOf(date: ReferenceDate | undefined): number | null {
  if (!date) return null;
  if ('year' in date) return date.year;
  const m = /\b(\d{4})\b/.exec(date.literal);
  return m ? Number(m[1]) : null;
}

const MONTHS_BY_NAME = new Map<string, number>([
  ['jan', 1], ['feb', 2], ['mar', 3], ['apr', 4], ['may', 5], ['jun', 6], ['jul', 7], ['aug', 8], ['sep', 9], ['oct', 10], ['nov', 11], ['dec', 12],
]);

/** A month as BibTeX files write it: "5", "05", "may", "May", "January" (macros expanded). */
export function parseMonth(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const value = text.trim().toLowerCase();
  if (/^\d{1,2}$/.test(value)) {
    const n = Number(value);
    return n >= 1 && n <= 12 ? n : undefined;
  }
  return MONTHS_BY_NAME.get(value.slice(0, 3));
}

/**
 * An ISO 8601 / EDTF date as biblatex's `date`, Hayagriva's `date` or CSL's `raw` give it:
 * "2020", "2020-05", "2020-05-03", also the start of a range "2020-05/2021"; else the text itself.
 *
 * @example parseIsoDate('2020-05-03') → { year: 2020, month: 5, day: 3 }
 */
export function parseIsoDate(text: string): ReferenceDate | undefined {
  const value = text.trim();
  if (!value) return undefined;
  const m = /^(-?\d{1,4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:[T ~?%/]|$)/.exec(value);
  if (!m) return { literal: value };
  const date: { year: number; month?: number; day?: number } = { year: Number(m[1]) };
  const month = m[2] ? Number(m[2]) : undefined;
  // EDTF seasons (21–24) are not months.
  if (month && month >= 1 && month <= 12) {
    date.month = month;
    const day = m[3] ? Number(m[3]) : undefined;
    if (day && day >= 1 && day <= 31) date.day = day;
  }
  return date;
}

/** A DOI as the bare identifier, whether written as "10.…", "doi:10.…" or a doi.org link. */
export function bareDoi(text: string | undefined): string | undefined {
  const value = text?.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '');
  return value && /^10\.\S+$/.test(value) ? value : undefined;
}

/** Keywords as files list them: separated by commas or semicolons. */
export function splitKeywords(text: string | undefined): string[] | undefined {
  const words = text?.split(/[,;]/).map(w => w.trim()).filter(Boolean);
  return words?.length ? words : undefined;
}
