// One name of a .bib name list as the CSL name pandoc makes of it: biblatex's reading of "First von
// Last", "von Last, First" and "von Last, Jr, First" (a multi-word family name stays whole, and the
// "von" is a dropping particle), a braced name as a literal, then citeproc's own look for particles
// ("van Gogh" as a family name gives the particle "van"). bibtex/names.ts reads names for the library.
import { stringifyAll, type Inline } from '../latex/inlines';

type Word = Inline[];
export type CslName = Record<string, string>;

const UPPER = /[\p{Lu}\p{Lt}]/u;
const DIGIT = /\p{Nd}/u;

/** biblatex's test for a capitalised word: its first letter outside braces is upper case. */
function capitalised(word: Word): boolean {
  for (const x of word) {
    if (x.kind !== 'text') continue;
    for (const c of x.text) {
      if (UPPER.test(c)) return true;
      if (!DIGIT.test(c)) return false;
    }
  }
  return true;
}

/** "J.G." as "J. G.", so that initials written together read as initials written apart. */
const spaceInitials = (text: string) => text.replace(/(?<=^|\.)(\p{Lu})\.(?=\p{Lu}(?:\.|$))/gu, '$1. ');

/** The name's parts between commas, each a list of words (split at spaces and non-breaking spaces). */
function commaParts(name: Inline[]): Word[][] {
  const parts: Word[][] = [[]];
  let word: Word = [];
  const endWord = () => { if (word.length) parts[parts.length - 1].push(word); word = []; };
  for (const x of name) {
    if (x.kind === 'space') { endWord(); continue; }
    if (x.kind !== 'text') { word.push(x); continue; }
    const pieces = spaceInitials(x.text).split(/([,\u00A0 ])/);
    for (const piece of pieces) {
      if (piece === ',') { endWord(); parts.push([]); } else if (piece === '\u00A0' || piece === ' ') endWord();
      else if (piece) word.push({ kind: 'text', text: piece });
    }
  }
  endWord();
  return parts;
}

const unwords = (words: Word[]) => words.map(stringifyAll).join(' ');
const PARTICLE_PUNCTUATION = /['’\-\u2013.]/;
const particleWord = (word: string) => [...word].every(c => /\p{Ll}/u.test(c) || PARTICLE_PUNCTUATION.test(c));
const apostrophes = (text: string) => text.replace(/'/g, '’');

/** citeproc's reading of particles in a family name ("van Gogh", "d’Alembert") and after a given name. */
function extractParticles(name: CslName): CslName {
  if (!name.suffix && name.given?.includes(',')) {
    const at = name.given.indexOf(',');
    const [given, rest] = [name.given.slice(0, at), name.given.slice(at)];
    if (given) Object.assign(name, rest.startsWith(',!') ? { given, suffix: rest.slice(2).trim() } : { given, suffix: rest.slice(1).trim() });
  }
  if (!name['dropping-particle'] && name.given) {
    const words = name.given.split(/\s+/).filter(Boolean);
    const at = words.findIndex(particleWord);
    if (at > 0 && words.slice(at).every(particleWord)) Object.assign(name, { given: words.slice(0, at).join(' '), 'dropping-particle': words.slice(at).join(' ') });
  }
  if (!name['non-dropping-particle'] && name.family) {
    const words = name.family.split(/\s+/).filter(Boolean);
    let at = 0;
    while (at < words.length && particleWord(words[at])) at++;
    if (at === 0) {
      const pieces = name.family.split(PARTICLE_PUNCTUATION);
      if (pieces.length === 2 && particleWord(pieces[0])) {
        const mark = name.family[pieces[0].length];
        Object.assign(name, { family: pieces[1], 'non-dropping-particle': pieces[0] + mark });
      }
    } else if (at < words.length) Object.assign(name, { family: words.slice(at).join(' '), 'non-dropping-particle': words.slice(0, at).join(' ') });
  }
  return name;
}

/**
 * One name, as its inlines, as pandoc's CSL name.
 *
 * @example bibtexPerson(parseLatex('Ludwig van Beethoven')) → { given: 'Ludwig', 'dropping-particle': 'van', family: 'Beethoven' }
 */
export function bibtexPerson(inlines: Inline[]): CslName {
  if (inlines.length === 1 && inlines[0].kind === 'text' && inlines[0].text === 'others') return { literal: 'others' };
  if (inlines.length === 1 && inlines[0].kind === 'group') return { literal: apostrophes(stringifyAll(inlines[0].content)) };
  const parts = commaParts(inlines);
  let first: Word[] = [];
  let vonLast: Word[] = [];
  let junior: Word[] = [];
  if (parts.length === 1) {
    const words = parts[0];
    let caps = 0;
    while (caps < words.length && capitalised(words[caps])) caps++;
    if (caps === words.length && caps > 0) { first = words.slice(0, -1); vonLast = words.slice(-1); } else { first = words.slice(0, caps); vonLast = words.slice(caps); }
  } else if (parts.length === 2) {
    [vonLast, first] = parts;
  } else if (parts.length > 2) {
    [vonLast, junior, first] = parts;
  }
  let at = vonLast.findIndex(capitalised);
  if (at < 0) at = Math.max(0, vonLast.length - 1);
  const name: CslName = {};
  const family = unwords(vonLast.slice(at));
  const given = unwords(first);
  const particle = unwords(vonLast.slice(0, at));
  const suffix = unwords(junior);
  if (family) name.family = apostrophes(family);
  if (given) name.given = apostrophes(given);
  if (particle) name['dropping-particle'] = apostrophes(particle);
  if (suffix) name.suffix = apostrophes(suffix);
  return extractParticles(name);
}
