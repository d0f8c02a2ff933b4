// Writing a document's bibliography the way the extension will: the file the document names,
// the flavour it wants, and only appends, starting from an empty file.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryFlavourFor, planBibliographyAppend } from '../../src/core/cite/append';
import { findBibliographies } from '../../src/core/cite/sources';
import type { CitablePaper } from '../../src/core/bibliography/paperEntry';

/**
 * Appends every paper to the empty bibliography that `document` names, in chunks of
 * 1, 2, 3… papers so that many appends follow each other, and writes it into `dir`.
 * Returns the file's name and text.
 */
export function writeBibliography(dir: string, document: string, languageId: string, papers: readonly CitablePaper[]): { path: string; text: string } {
  const refs = findBibliographies(document, languageId);
  assert.equal(refs.length, 1, 'the test document names one bibliography');
  const path = refs[0].path;
  const flavour = entryFlavourFor(document, languageId);
  let text = '';
  for (let at = 0, size = 1; at < papers.length; at += size, size++) {
    const chunk = papers.slice(at, at + size);
    const plan = planBibliographyAppend(path, text, chunk, flavour);
    assert.ok(plan, `no writer for ${path}`);
    assert.equal(plan.status, 'append', JSON.stringify(plan.problems));
    assert.deepEqual(plan.added, chunk.map(p => p.key));
    assert.ok(plan.edit);
    text = text.slice(0, plan.edit.start) + plan.edit.newText + text.slice(plan.edit.end);
  }
  assert.equal(planBibliographyAppend(path, text, papers, flavour)?.status, 'unchanged', 'a second pass must find every entry present');
  writeFileSync(join(dir, path), text);
  return { path, text };
}
