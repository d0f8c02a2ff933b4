import { KEY_PATTERN } from '../model/paper';
import { toAscii } from '../util/text';

/** Ids to keys as shipped. A key in here never changes and is never given to another paper. */
export type KeyLock = Record<string, string>;

export interface KeyInput {
  id: string;
  title: string;
  year: number | null;
}

const MAX_SHORT_NAME_WORDS = 4;
const MAX_SHORT_NAME_LENGTH = 32;
const FALLBACK_WORDS = 3;
const FALLBACK_LENGTH = 24;
/** How many more title words two papers with the same key may take to tell them apart. */
const MAX_EXTRA_WORDS = 3;
const STOPWORDS = new Set([
  'a', 'an', 'the', 'of', 'for', 'and', 'or', 'in', 'on', 'to', 'with', 'via', 'by', 'from', 'at', 'as',
  'is', 'are', 'be', 'do', 'does', 'can', 'we', 'our', 'your', 'you', 'its', 'into', 'using', 'toward',
  'towards', 'how', 'what', 'why', 'when', 'which', 'through', 'beyond', 'than', 'more', 'not',
]);

/** Letters and digits of one word, accents and Greek spelled out: "TÜLU" → "TULU", "τ^2" → "tau2". */
const alnum = (word: string) => toAscii(word).replace(/[^A-Za-z0-9]/g, '');
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Words of a phrase, compounds split: "Vision-Language-Action Models" → 4 words. */
const wordsOf = (phrase: string) => phrase.split(/[\s\-/:?]+/).map(alnum).filter(Boolean);
const significant = (phrase: string) => phrase.split(/[\s\-/:?]+/).filter(w => alnum(w) && !STOPWORDS.has(w.toLowerCase())).map(alnum);

/** Joins words the way people write names: the first keeps its case, the rest start upper case. */
const joinWords = (words: string[]) => words.map((w, i) => (i === 0 ? w : capitalize(w))).join('');

// An HTML element in a title (`<img src=x onerror=…>`, `<b>`): a page shows the title with it as
// text, but a key made from it would read "img…". A script's or style's body goes with its tags.
const MARKUP = /<(script|style)\b[^<>]*>[\s\S]*?<\/\1\s*>|<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/gi;

/**
 * A title's words as a reader sees them, without the markup it holds: what keys are made from.
 *
 * @example titleText('<img src=x onerror=alert(1)>Robust Agents') === 'Robust Agents'
 */
export function titleText(title: string): string {
  return title.replace(MARKUP, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The short name a reader would use for a paper: the part before a colon or question
 * mark when it is short ("ReAct", "TÜLU 3"), an acronym given in brackets ("Task Memory
 * Engine (TME)" → "TME"), or else the first significant words of the title. `extra`
 * adds that many more words from the title, to tell apart papers that share a name.
 */
export function shortName(fullTitle: string, extra = 0): string {
  const title = titleText(fullTitle);
  const [head] = title.split(/:|\?| -- /);
  const rest = title.slice(head.length);
  const more = (words: string[]) => words.slice(0, extra).map(capitalize).join('');
  const acronym = /\(([A-Za-z][A-Za-z0-9-]{1,11})\)\s*$/.exec(head.trim())?.[1];
  if (acronym) return joinWords(wordsOf(acronym)) + more(significant(rest));
  const headWords = head.trim().split(/\s+/).filter(w => alnum(w));
  const joined = joinWords(headWords.flatMap(w => wordsOf(w)));
  if (headWords.length <= MAX_SHORT_NAME_WORDS && joined.length <= MAX_SHORT_NAME_LENGTH && /[A-Za-z]/.test(joined)) {
    return joined + more(significant(rest));
  }
  const words = significant(title).map(capitalize);
  let name = words[0] ?? '';
  let used = 1;
  while (used < Math.min(FALLBACK_WORDS, words.length) && (name + words[used]).length <= FALLBACK_LENGTH) name += words[used++];
  return name + words.slice(used, used + extra).join('');
}

/**
 * The key a paper would get if nothing else claimed it: its short name, without
 * leading digits (keys start with a letter), then the year where the page prints one.
 *
 * @example baseKey({ title: 'ReAct: Synergizing Reasoning and Acting', year: 2022 }) === 'ReAct2022'
 * @example baseKey({ title: 'TÜLU 3: Pushing Frontiers', year: null }) === 'TULU3'
 */
export function baseKey(paper: Pick<KeyInput, 'title' | 'year'>, extra = 0): string {
  const name = shortName(paper.title, extra).replace(/^[0-9]+/, '') || 'Paper';
  if (paper.year === null) return name;
  return /[0-9]$/.test(name) ? `${name}_${paper.year}` : `${name}${paper.year}`;
}

/**
 * Gives every paper a unique key. Locked keys are kept as they are. New papers get
 * their base key; papers whose base keys clash (with each other or with a key already
 * taken) all take one, two or three more title words until they differ, and only then
 * a `_2`, `_3`… suffix. Keys are compared without case because BibTeX treats "ReAct"
 * and "react" as one entry. `reserved` holds keys owned elsewhere (the bundled corpus,
 * for a user's corpus). Papers are visited in id order, so page order does not matter.
 */
export function assignKeys(papers: readonly KeyInput[], lock: KeyLock, reserved: Iterable<string> = []): Map<string, string> {
  const taken = new Set<string>();
  for (const key of reserved) taken.add(key.toLowerCase());
  for (const key of Object.values(lock)) taken.add(key.toLowerCase());
  const keys = new Map<string, string>();
  const groups = new Map<string, KeyInput[]>();
  for (const paper of [...papers].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const locked = lock[paper.id];
    if (locked !== undefined) { keys.set(paper.id, locked); continue; }
    const base = baseKey(paper).toLowerCase();
    groups.set(base, [...(groups.get(base) ?? []), paper]);
  }
  const give = (paper: KeyInput, key: string) => { keys.set(paper.id, key); taken.add(key.toLowerCase()); };
  for (const [base, group] of groups) {
    if (group.length === 1 && !taken.has(base)) { give(group[0], baseKey(group[0])); continue; }
    let resolved = false;
    for (let extra = 1; extra <= MAX_EXTRA_WORDS && !resolved; extra++) {
      const candidates = group.map(p => baseKey(p, extra));
      const lower = candidates.map(k => k.toLowerCase());
      if (new Set(lower).size === group.length && lower.every(k => !taken.has(k))) {
        group.forEach((p, i) => give(p, candidates[i]));
        resolved = true;
      }
    }
    if (resolved) continue;
    for (const paper of group) {
      const first = baseKey(paper);
      let key = first;
      for (let n = 2; taken.has(key.toLowerCase()); n++) key = `${first}_${n}`;
      give(paper, key);
    }
  }
  return keys;
}

/** Problems with a key lock itself: bad keys, or two ids sharing one key. */
export function checkLock(lock: KeyLock): string[] {
  const problems: string[] = [];
  const owners = new Map<string, string>();
  for (const [id, key] of Object.entries(lock)) {
    if (!KEY_PATTERN.test(key)) problems.push(`locked key "${key}" of ${id} is not a valid key`);
    const owner = owners.get(key.toLowerCase());
    if (owner) problems.push(`locked key "${key}" is given to both ${owner} and ${id}`);
    owners.set(key.toLowerCase(), id);
  }
  return problems;
}
