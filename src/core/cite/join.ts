// Adding keys to the citation the cursor is already in, rather than writing a second one
// next to it: `\cite{a,b|}` + key → `\cite{a,b,key}`.
import type { CitablePaper } from '../bibliography/paperEntry';
import { citationText, isKeysTemplate, type CitationTemplate, type KeysTemplate } from './forms';
import type { CitationSyntax } from './languages';
import { findCitationsNear, type Citation } from './scan';

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
  const citations = findCitationsNear(text, offset, syntax === 'custom' ? template : syntax);
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

/** What inserting papers at one cursor does. */
export interface CitationEdit {
  /** The edit to apply, or null when every key is already cited there. */
  edit: TextEdit | null;
  /** True when the keys joined a citation the cursor was in, false for a new citation or entry. */
  joined: boolean;
  /** Keys that were already in that citation. */
  present: string[];
}

/**
 * The one edit that cites `papers` at `offset` (the whole job of "insert citation" for one
 * cursor): join the citation the cursor is in, or else insert a new citation (or, for entry
 * templates, the entries) at the cursor, replacing the selection `[offset, selectionEnd)`.
 *
 * @example citationEdit('See \\cite{a}.', 10, [paperB], latexTpl).edit → { start: 11, end: 11, newText: ',B' }
 * @example citationEdit('See .', 4, [paperB], latexTpl).edit → { start: 4, end: 4, newText: '\\cite{B}' }
 */
export function citationEdit(text: string, offset: number, papers: readonly CitablePaper[], template: CitationTemplate, selectionEnd = offset): CitationEdit {
  if (isKeysTemplate(template) && selectionEnd === offset) {
    const joined = joinCitation(text, offset, papers.map(p => p.key), template);
    if (joined.inside) return { edit: joined.edit, joined: true, present: joined.present };
  }
  return { edit: { start: offset, end: selectionEnd, newText: citationText(papers, template) }, joined: false, present: [] };
}
