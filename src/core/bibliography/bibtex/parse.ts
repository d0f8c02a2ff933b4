// The one reader of .bib files in the project: what the user's library shows, what the
// bibliography checks report, and what an append must not break all come from here.
//
// It reads as biber does, which is also what BibTeX accepts: text between entries is a
// comment, and so is a "%" outside a value (where a word starts, between entries); `@string` macros (the month names are
// predefined) and "#" concatenation are expanded; `@comment{…}` is skipped whole, whatever
// it holds; entries may be written `@type{…}` or `@type(…)`. Values keep their LaTeX
// (decoding it is `latex/text.ts`'s job). It never throws: a problem is reported with its
// line, and reading resumes at the next entry, so one bad entry never hides the others.
import { eachInSlices } from '../../util/pause';
import { BibReader, STEPS_PER_CHECK, type BibEntry, type BibReadOptions, type ParsedBibWithStrings } from './reader';

export type { BibEntry, BibProblem, BibReadOptions, ParsedBib, ParsedBibWithStrings } from './reader';
export { MAX_VALUE_CHARS, MONTH_STRINGS } from './reader';

/**
 * Parses a .bib file: its entries with keys, lines and fields, and what is wrong with it
 * (an entry that is not closed, an entry without a key, a key given twice, a macro that is
 * not defined…). Never throws; after a problem it resumes at the next entry.
 *
 * @example parseBib('@misc{a,\n  title = {A}}\n').entries[0] → { type: 'misc', key: 'a', line: 1, fields: { title: 'A' }, … }
 * @example parseBib('@string{acl = "ACL"}\n@misc{b, booktitle = "Proc. " # acl}').entries[0].fields.booktitle === 'Proc. ACL'
 */
export function parseBib(text: string, options: BibReadOptions = {}): ParsedBibWithStrings {
  const reader = new BibReader(text, options);
  while (reader.step()) { /* one item at a time */ }
  return { entries: reader.entries, problems: reader.problems, strings: reader.strings };
}

/**
 * `parseBib` without holding the thread: it reads for at most `sliceMs` at a time, then
 * pauses so that timers, input and other work run. A 3 MB library takes a few slices.
 */
export async function parseBibAsync(text: string, options: BibReadOptions & { sliceMs?: number } = {}): Promise<ParsedBibWithStrings> {
  const reader = new BibReader(text, options);
  await eachInSlices(steps(reader), () => undefined, { budgetMs: options.sliceMs, every: STEPS_PER_CHECK });
  return { entries: reader.entries, problems: reader.problems, strings: reader.strings };
}

/** The reader's items, one a step (what it reads is in the reader). */
function* steps(reader: BibReader): Generator<void> {
  while (reader.step()) yield;
}

/**
 * Whether `offset` of a `.bib` text lies outside every entry: where a new entry may be written
 * (a link pasted there becomes one). Only the text from the last line that starts an entry
 * before `offset` to the next one after it is read, so a paste into a large library costs what
 * one entry costs. An entry there that does not close (it would swallow what follows) counts as
 * around `offset`.
 *
 * @example outsideEntries('@misc{a, title = {A}}\n\n', 23) === true
 * @example outsideEntries('@misc{a, title = {A}}\n', 10) === false
 */
export function outsideEntries(text: string, offset: number): boolean {
  let start = 0;
  for (let at = offset; at > 0 && (at = text.lastIndexOf('@', at - 1)) >= 0;) {
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    if (/^[ \t]*$/.test(text.slice(lineStart, at))) { start = lineStart; break; }
  }
  const next = /^[ \t]*@/gm;
  next.lastIndex = offset;
  const end = next.exec(text)?.index ?? text.length;
  const { entries, problems } = parseBib(text.slice(start, end));
  if (problems.some(p => p.severity === 'error')) return false;
  const at = offset - start;
  return !entries.some(e => e.start < at && at < e.end);
}

/** Collapses whitespace so that entries compare as BibTeX reads them: re-indented text is the same entry. */
export const squashBib = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * True when two entries say the same thing: same type and key (BibTeX ignores their case),
 * same fields whatever their order, values equal up to whitespace.
 *
 * @example sameBibEntry(parseBib('@misc{a, title={A  B}}').entries[0], parseBib('@MISC{a,\n title = {A B},\n}').entries[0]) === true
 */
export function sameBibEntry(a: BibEntry, b: BibEntry): boolean {
  if (a.type !== b.type || a.key.toLowerCase() !== b.key.toLowerCase()) return false;
  const names = Object.keys(a.fields);
  if (names.length !== Object.keys(b.fields).length) return false;
  return names.every(n => n in b.fields && squashBib(a.fields[n]) === squashBib(b.fields[n]));
}
