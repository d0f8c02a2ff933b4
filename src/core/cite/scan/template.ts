// Citations written with a user's own keys template (`<<a|b>>`), which no tool defines: matched
// as the template says, on one line.
import type { KeysTemplate } from '../forms';
import type { Citation, CitedKey } from './citation';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits a list such as `a, b,\n c` into keys with their offsets; `base` is the list's offset.
 * `separator` must have no capturing group of its own.
 */
function splitKeys(list: string, base: number, separator: RegExp, prefix = ''): CitedKey[] {
  const keys: CitedKey[] = [];
  let at = base;
  // With a capturing group, split keeps the separators: even pieces are keys, odd ones separators.
  list.split(new RegExp(`(${separator.source})`, separator.flags)).forEach((piece, i) => {
    if (i % 2 === 0) {
      let key = piece.trim();
      let start = at + piece.length - piece.trimStart().length;
      if (prefix && key.startsWith(prefix)) { key = key.slice(prefix.length); start += prefix.length; }
      if (key) keys.push({ key, start, end: start + key.length });
    }
    at += piece.length;
  });
  return keys;
}

/** Citations written with a user's own keys template, e.g. `<<a|b>>` from `{ before: '<<', separator: '|', after: '>>' }`. */
export function scanTemplate(text: string, template: KeysTemplate): Citation[] {
  // Without delimiters a template cannot tell a citation from prose.
  if (!template.before || !template.after) return [];
  const pattern = new RegExp(`${escapeRegExp(template.before)}((?:(?!${escapeRegExp(template.after)})[^\\n])*)${escapeRegExp(template.after)}`, 'g');
  const separator = new RegExp(`\\s*${escapeRegExp(template.separator.trim() || template.separator)}\\s*`);
  return [...text.matchAll(pattern)].map(m => {
    const listStart = m.index + template.before.length;
    return { syntax: 'custom', start: m.index, end: m.index + m[0].length, listStart, listEnd: listStart + m[1].length, keys: splitKeys(m[1], listStart, separator, template.keyPrefix), bracketed: true };
  });
}
