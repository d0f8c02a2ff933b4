// Name lists as BibTeX reads them: "and" separates names (outside braces), and each name is
// "First von Last", "von Last, First" or "von Last, Jr, First". A braced name is one unit:
// `{Barnes and Noble}` is an organisation, not two people.
import type { Person } from '../../model/reference';
import { latexToText } from '../latex/text';

export type { Person };

/** A name list's words at brace depth 0 (a brace group stays inside its word), with its commas as "," tokens. */
function tokens(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125) depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === 32 || c === 126 || (c >= 9 && c <= 13) || c === 44)) {
      if (start >= 0) { out.push(text.slice(start, i)); start = -1; }
      if (c === 44) out.push(',');
      continue;
    }
    if (start < 0) start = i;
  }
  if (start >= 0) out.push(text.slice(start));
  return out;
}

/**
 * Whether a word counts as lower case for BibTeX's "von" rule: its first letter at brace
 * depth 0 decides; a word that starts with a brace group decides by the first letter of a
 * special character (`{\"o}`), and is otherwise neither.
 */
function caseOf(word: string): 'lower' | 'upper' | 'none' {
  // Most words start with a plain letter, which decides.
  const first = word.charCodeAt(0);
  if (first >= 97 && first <= 122) return 'lower';
  if (first >= 65 && first <= 90) return 'upper';
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

// Most parts are one word or none: no joining, and nothing to decode for none.
const clean = (words: string[]) => (words.length > 1 ? latexToText(words.join(' ')) : words.length ? latexToText(words[0]) : '');

/**
 * A person from the parts a format gives, leaving out the empty ones; undefined when none is left.
 *
 * @example personOf({ given: 'Jan', particle: 'van der', family: 'Berg', suffix: '' }) → { given: 'Jan', particle: 'van der', family: 'Berg' }
 */
export function personOf(parts: { given?: string; particle?: string; family?: string; suffix?: string }): Person | undefined {
  // Written out rather than looped over the part names: a large library has tens of thousands of names.
  const out: Person = {};
  if (parts.given) out.given = parts.given;
  if (parts.particle) out.particle = parts.particle;
  if (parts.family) out.family = parts.family;
  if (parts.suffix) out.suffix = parts.suffix;
  return out.given || out.particle || out.family || out.suffix ? out : undefined;
}

function person(parts: { given: string[]; particle: string[]; family: string[]; suffix: string[] }): Person {
  return personOf({ given: clean(parts.given), particle: clean(parts.particle), family: clean(parts.family), suffix: clean(parts.suffix) }) ?? {};
}

/** One name, in any of BibTeX's three forms. */
export function parseName(raw: string): Person {
  return nameOf(tokens(raw.trim()), raw.trim());
}

/** A name from its tokens (`raw`: its text, to tell a name that is one brace group). */
function nameOf(words: string[], raw: string): Person {
  // A name that is one brace group is one unit: an organisation.
  if (raw.startsWith('{') && raw.endsWith('}') && balancedInside(raw)) return { literal: latexToText(raw) };
  const commas: string[][] = [[]];
  for (const word of words) {
    if (word === ',') commas.push([]);
    else commas[commas.length - 1].push(word);
  }
  if (commas.length === 1) {
    const all = commas[0];
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
  const head = commas[0];
  const given = commas[commas.length - 1];
  const suffix = commas.length > 2 ? commas.slice(1, -1).flat() : [];
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
  const all = tokens(value);
  let from = 0;
  const flush = (to: number) => {
    const words = all.slice(from, to);
    from = to + 1;
    if (!words.length) return;
    if (words.length === 1 && words[0].toLowerCase() === 'others') { others = true; return; }
    // The name's own text, to tell a name that is one brace group: rebuilt from its words, and
    // only when it could be one: most names are not, and joining the words of every name of a
    // large library showed in the reader's profile.
    const braced = words[0].startsWith('{') && words[words.length - 1].endsWith('}');
    people.push(nameOf(words, braced ? words.join(' ').replace(/ , /g, ', ') : ''));
  };
  for (let i = 0; i < all.length; i++) if (all[i].length === 3 && all[i].toLowerCase() === 'and') flush(i);
  flush(all.length);
  return { people, others };
}

export { familyName, fullName, shortAuthors } from '../people';
