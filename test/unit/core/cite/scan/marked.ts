// What the scanner's tests share: a text with its cursor marked, the key found there, the keys a
// syntax finds in a text.
import * as assert from 'node:assert/strict';
import { citationsOfLanguage, findCitations, findKeyAt, keyAtIn } from '../../../../../src/core/cite/scan';

/** The text without its "|" and the offset where the "|" was. */
export function cursor(marked: string): [string, number] {
  const at = marked.indexOf('|');
  assert.ok(at >= 0, 'no | in the text');
  return [marked.slice(0, at) + marked.slice(at + 1), at];
}

/** The key at the "|", checked to lie exactly at its range. */
export function keyAt(marked: string, languageId: string): string | undefined {
  const [text, offset] = cursor(marked);
  const found = findKeyAt(text, offset, languageId);
  if (found) assert.equal(text.slice(found.start, found.end), found.key);
  // The host looks among the document's citations, scanned once a version: the same answer.
  assert.deepEqual(keyAtIn(citationsOfLanguage(text, languageId), offset), found);
  return found?.key;
}

/** Every key of every citation, in the order of the text (what the tools are compared on). */
export const keysOf = (text: string, syntax: 'latex' | 'pandoc' | 'typst' | 'rst') =>
  findCitations(text, syntax).flatMap(c => c.keys).sort((a, b) => a.start - b.start).map(k => k.key);
