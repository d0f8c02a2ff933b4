// Name lists as BibTeX reads them: "and" separates names (outside braces), and each name is
// "First von Last", "von Last, First" or "von Last, Jr, First". A braced name is one unit:
// `{Barnes and Noble}` is an organisation, not two people.
import type { Person } from '../corpus/paper';
import { latexToText } from './latexText';

export type { Person };

/** Splits `text` at `separator` (a regex matching at brace depth 0 only). */
function splitTopLevel(text: string, isSeparator: (text: string, at: number) => number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      const length = isSeparator(text, i);
      if (length > 0) {
        parts.push(text.slice(start, i));
        start = i + length;
        i = start - 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const AND = /^\s+and\s+/i;
const isAnd = (text: string, at: number) => (/\s/.test(text[at]) ? AND.exec(text.slice(at, at + 8))?.[0].length ?? 0 : 0);
const isComma = (text: string, at: number) => (text[at] === ',' ? 1 : 0);
const isSpace = (text: string, at: number) => {
  if (!/[\s~]/.test(text[at])) return 0;
  let end = at;
  while (end < text.length && /[\s~]/.test(text[end])) end++;
  return end - at;
};

/**
 * Whether a word counts as lower case for BibTeX's "von" rule: its first letter at brace
 * depth 0 decides; a word that starts with a brace group decides by the first letter of a
 * special character (`{\"o}`), and is otherwise neither.
 */
function caseOf(word: string): 'lower' | 'upper' | 'none' {
  let depth = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word[i];
    if (c === '{') {
      if (depth === 0 && word[i + 1] === '\\') {
        // A special character: the letter after its command, e.g. {\"o} or {\v S} or {\o}.
        const letter = /^\{\\(?:[^A-Za-z]|[A-Za-z]+\s*\{?\s*)([A-Za-z])/.exec(word.slice(i));
        const command = /^\{\\([A-Za-z]+)/.exec(word.slice(i))?.[1];
        if (command && !letter) return command[0] === command[0].toLowerCase() ? 'lower' : 'upper';
        if (letter) return letter[1] === letter[1].toLowerCase() ? 'lower' : 'upper';
      }
      depth++;
      continue;
    }
    if (c === '}') { depth--; continue; }
    if (depth === 0 && /\p{L}/u.test(c)) return c === c.toLowerCase() && c !== c.toUpperCase() ? 'lower' : 'upper';
  }
  return 'none';
}

const clean = (words: string[]) => latexToText(words.join(' '));

/**
 * A person from the parts a format gives, leaving out the empty ones; undefined when none is left.
 *
 * @example personOf({ given: 'Jan', particle: 'van der', family: 'Berg', suffix: '' }) → { given: 'Jan', particle: 'van der', family: 'Berg' }
 */
export function personOf(parts: { given?: string; particle?: string; family?: string; suffix?: string }): Person | undefined {
  const out: Person = {};
  for (const part of ['given', 'particle', 'family', 'suffix'] as const) if (parts[part]) out[part] = parts[part];
  return Object.keys(out).length ? out : undefined;
}

function person(parts: { given: string[]; particle: string[]; family: string[]; suffix: string[] }): Person {
  return personOf({ given: clean(parts.given), particle: clean(parts.particle), family: clean(parts.family), suffix: clean(parts.suffix) }) ?? {};
}

/** One name, in any of BibTeX's three forms. */
export function parseName(raw: string): Person {
  const name = raw.trim();
  // A name that is one brace group is one unit: an organisation.
  if (name.startsWith('{') && name.endsWith('}') && balancedInside(name)) {
    return { literal: latexToText(name) };
  }
  const commas = splitTopLevel(name, isComma).map(p => p.trim());
  const words = (text: string) => splitTopLevel(text, isSpace).map(w => w.trim()).filter(Boolean);
  if (commas.length === 1) {
    const all = words(commas[0]);
    if (all.length === 1) {
      return /^\{.*\}$/.test(all[0]) ? { literal: latexToText(all[0]) } : { family: latexToText(all[0]) };
    }
    // First von Last: "von" runs from the first lower-case word to the last one before the last word.
    const body = all.slice(0, -1);
    const firstLower = body.findIndex(w => caseOf(w) === 'lower');
    if (firstLower < 0) return person({ given: body, particle: [], family: all.slice(-1), suffix: [] });
    let lastLower = firstLower;
    for (let i = body.length - 1; i > firstLower; i--) if (caseOf(body[i]) === 'lower') { lastLower = i; break; }
    return person({ given: all.slice(0, firstLower), particle: all.slice(firstLower, lastLower + 1), family: all.slice(lastLower + 1), suffix: [] });
  }
  // von Last, [Jr,] First
  const head = words(commas[0]);
  const given = words(commas[commas.length - 1]);
  const suffix = commas.length > 2 ? words(commas.slice(1, -1).join(', ')) : [];
  let split = 0;
  for (let i = 0; i < head.length - 1; i++) if (caseOf(head[i]) === 'lower') split = i + 1;
  return person({ given, particle: head.slice(0, split), family: head.slice(split), suffix });
}

/** True when the first "{" of `name` closes at its last character. */
function balancedInside(name: string): boolean {
  let depth = 0;
  for (let i = 0; i < name.length; i++) {
    if (name[i] === '{') depth++;
    else if (name[i] === '}' && --depth === 0 && i < name.length - 1) return false;
  }
  return true;
}

export interface NameList {
  people: Person[];
  /** The list ended with "and others": there are more names than these. */
  others: boolean;
}

/**
 * A BibTeX name list, split at "and" outside braces, each name parsed and decoded.
 *
 * @example parseNames('van der Berg, Jan and Smith, Jr., John and {Barnes and Noble}').people
 *   → [{ given: 'Jan', particle: 'van der', family: 'Berg' }, { given: 'John', family: 'Smith', suffix: 'Jr.' }, { literal: 'Barnes and Noble' }]
 */
export function parseNames(value: string): NameList {
  const people: Person[] = [];
  let others = false;
  for (const raw of splitTopLevel(value.replace(/\s+/g, ' '), isAnd)) {
    const name = raw.trim();
    if (!name) continue;
    if (name.toLowerCase() === 'others') { others = true; continue; }
    people.push(parseName(name));
  }
  return { people, others };
}

export { familyName, fullName, shortAuthors } from './people';
