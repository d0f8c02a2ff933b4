// Adding keys to the citation the cursor is already in, rather than writing a second one
// next to it: `\cite{a,b|}` + key → `\cite{a,b,key}`.
import type { CitationSyntax, KeysTemplate } from './forms';
import { findCitations, scanTemplate, type Citation } from './scan';

/** One edit to apply: replace `[start, end)` of the document with `newText`. */
export interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

export type JoinResult =
  /** The cursor is in no citation of the template's form: insert a new citation instead. */
  | { inside: false }
  /** The cursor is in a citation: apply `edit` (null when every key is already there). */
  | { inside: true; edit: TextEdit | null; added: string[]; present: string[]; citation: Citation };

/**
 * Which scanner recognises citations written with a template: the built-in syntaxes by
 * their shape (so `\citep{` also joins `\cite[p.~3]{…}`), anything else by the template itself.
 *
 * @example templateSyntax({ before: '\\citet{', keyPrefix: '', separator: ',', after: '}' }) === 'latex'
 */
export function templateSyntax(template: KeysTemplate): CitationSyntax | 'custom' {
  const { before, keyPrefix, after } = template;
  if (/^\\[A-Za-z]*[cC]ite[A-Za-z]*\*?(?:\[[^\]]*\])*\{$/.test(before) && after === '}' && !keyPrefix) return 'latex';
  if (keyPrefix === '@' && before.endsWith('[') && after.startsWith(']')) return 'pandoc';
  if (keyPrefix === '@' && before === '' && after === '') return 'typst';
  if (/^:(?:foot)?cite(?::[a-z]+)?:`$/.test(before) && after === '`' && !keyPrefix) return 'rst';
  return 'custom';
}

/** Keys compare without case: BibTeX treats "ReAct" and "react" as one entry. */
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Joins `keys` into the citation around `offset`, if there is one of the template's form.
 * New keys go after the last key (or the last locator, as in `[see @a, p. 3]`), written
 * with the template's separator and key prefix; keys already cited are not added again.
 * A cursor right after `{`, right before `}` or anywhere between counts as inside.
 *
 * @example joinCitation('\\cite{a,b}', 9, ['k'], tpl) → { inside: true, edit: { start: 9, end: 9, newText: ',k' }, added: ['k'], present: [] }
 * @example joinCitation('[@a]', 3, ['k'], mdTpl).edit → { start: 3, end: 3, newText: '; @k' }
 */
export function joinCitation(text: string, offset: number, keys: readonly string[], template: KeysTemplate): JoinResult {
  const syntax = templateSyntax(template);
  const citations = syntax === 'custom' ? scanTemplate(text, template) : findCitations(text, syntax);
  // A bare "@a" in Markdown is a citation, but not one of the "[@…]" form to join.
  const citation = citations.find(c => (c.bracketed || syntax !== 'pandoc') && offset >= c.listStart && offset <= c.listEnd);
  if (!citation) return { inside: false };
  const present: string[] = [];
  const added: string[] = [];
  for (const key of keys) {
    if (citation.keys.some(k => same(k.key, key)) || added.some(k => same(k, key))) present.push(key);
    else added.push(key);
  }
  if (!added.length) return { inside: true, edit: null, added, present, citation };
  const list = text.slice(citation.listStart, citation.listEnd);
  const at = citation.listStart + list.trimEnd().length;
  const lead = list.trim() ? template.separator : '';
  const newText = lead + added.map(k => template.keyPrefix + k).join(template.separator);
  return { inside: true, edit: { start: at, end: at, newText }, added, present, citation };
}
