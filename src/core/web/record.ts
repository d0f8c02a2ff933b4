// A paper as a service describes it, whatever the service: the common shape every reader of
// src/core/web returns, and what becomes a library `Paper` (toPaper.ts). Only what the service
// sent is here; a field it left out stays out.
import type { Organization, WebLinks, WebSource } from '../model/paper';
import type { Person } from '../model/reference';
import { squash } from '../util/text';

export interface FetchedPaper {
  source: WebSource;
  title: string;
  /** The authors in order; empty when the service names none. */
  authors: Person[];
  /** When it was published (arXiv: its first version; a DOI: the issue date). */
  issued?: { year: number; month?: number; day?: number };
  abstract?: string;
  /** The arXiv id without its version. */
  arxivId?: string;
  primaryClass?: string;
  /** A DOI the service gives (a journal's, or arXiv's own). */
  doi?: string;
  /** CSL's type: "article" for a preprint, "article-journal", "paper-conference"… */
  type: string;
  /** The journal, proceedings or book it appeared in. */
  venue?: string;
  publisher?: string;
  volume?: string;
  issue?: string;
  page?: string;
  links: WebLinks;
  /** Hugging Face's upvotes. */
  upvotes?: number;
  /** The organisation Hugging Face lists it under. */
  organization?: Organization;
  /** The day Hugging Face listed it among its daily papers (YYYY-MM-DD). */
  listed?: string;
}

/**
 * A link only when it is an `https:` URL: anything else a service sends (`javascript:`,
 * `http:`, a relative path, text) is not a link, and is dropped.
 *
 * @example httpsLink('javascript:alert(1)') === undefined
 */
export function httpsLink(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!/^https:\/\/[^\s/?#]+\S*$/i.test(text)) return undefined;
  try {
    return new URL(text).protocol === 'https:' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Text as a service sends it, whitespace folded; undefined when empty. Markup stays text. */
export function plainText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return squash(value) || undefined;
}

// The inline markup Crossref and DOI agencies put in titles and abstracts (CSL's rich text, JATS,
// MathML): dropped, keeping its text. Any other tag, `<img …>` say, is not theirs and stays text.
const AGENCY_MARKUP = /<\/?(?:i|b|em|strong|sup|sub|sc|u|span|p|br|(?:jats|mml):[a-z-]+)(?:\s[^<>]*)?\/?>/gi;

/** Text from Crossref or a DOI agency: its formatting markup dropped, anything else kept as text. */
export function agencyText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return plainText(value.replace(/<jats:title>[^<]*<\/jats:title>/gi, ' ').replace(AGENCY_MARKUP, ' ').replace(/\s+([,.;:)])/g, '$1'));
}

/** The lower-case words before a family name ("van der", "de la"): they are particles, not given names. */
const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'dos', 'das', 'du', 'la', 'le', 'ter', 'ten', 'zu', 'af', 'bin', 'al']);
const SUFFIX = /^(?:jr\.?|sr\.?|ii|iii|iv)$/i;

/**
 * A person from a name written in reading order, as arXiv and Hugging Face give them:
 * the last word is the family name, with the particles before it; "Jr." and the like are suffixes.
 * A one-word name is a family name.
 *
 * @example personFromName('Joost van der Putten') → { given: 'Joost', particle: 'van der', family: 'Putten' }
 */
export function personFromName(name: string): Person | undefined {
  const words = squash(name).split(' ').filter(Boolean);
  if (!words.length) return undefined;
  const suffix = words.length > 2 && SUFFIX.test(words[words.length - 1]) ? words.pop() : undefined;
  // "King, Jr." has its comma before the suffix.
  if (suffix) words[words.length - 1] = words[words.length - 1].replace(/,$/, '');
  const family = words.pop()!;
  let start = words.length;
  while (start > 1 && PARTICLES.has(words[start - 1])) start--;
  const person: Person = {};
  if (start > 0) person.given = words.slice(0, start).join(' ');
  if (start < words.length) person.particle = words.slice(start).join(' ');
  person.family = family;
  if (suffix) person.suffix = suffix;
  return person;
}

/**
 * A date from an ISO 8601 date-time or date ("2017-06-12T17:57:34Z", "2017-06-12"), in UTC.
 *
 * @example isoDay('2017-06-12T17:57:34Z') → { year: 2017, month: 6, day: 12 }
 */
export function isoDay(value: unknown): { year: number; month: number; day: number } | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? { year, month, day } : undefined;
}

/** An answer a service sent that does not say what its documentation says it does. */
export class ReadError extends Error {}
