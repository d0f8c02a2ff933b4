// A document's citations, scanned once per version of it. Hover, Go to Definition and the
// papers fetched for what is on screen each need them: scanning a long document is work every
// hover paid again while the text had not changed.
import vscode = require('vscode');
import type { Citation, KeyAt } from '../../core/cite/scan';
import type { Paper } from '../../core/model/paper';
import type { Bibliographies } from '../bibliography/bibliographies';
import { engine } from '../engine/load';

interface Scanned {
  version: number;
  languageId: string;
  citations: readonly Citation[];
}

// Keyed by the document object, which the extension host keeps while the document is open.
const scanned = new WeakMap<vscode.TextDocument, Scanned>();

/** Every citation of `doc` in its language's syntax (`citationsOfLanguage`), as of its current version. */
export function citationsOf(doc: vscode.TextDocument): readonly Citation[] {
  const known = scanned.get(doc);
  if (known && known.version === doc.version && known.languageId === doc.languageId) return known.citations;
  const citations = engine().citationsOfLanguage(doc.getText(), doc.languageId);
  scanned.set(doc, { version: doc.version, languageId: doc.languageId, citations });
  return citations;
}

/** The citation key at `position`, if any. */
export function keyAt(doc: vscode.TextDocument, position: vscode.Position): KeyAt | undefined {
  return engine().keyAtIn(citationsOf(doc), doc.offsetAt(position));
}

/**
 * The paper cited at `position` and the key's range: the key is scanned here, where the document
 * is; then one wait, for the library with every bibliography known now (`Bibliographies.library`).
 */
export async function paperAt(doc: vscode.TextDocument, position: vscode.Position, bibliographies: Bibliographies): Promise<{ paper: Paper; range: vscode.Range } | undefined> {
  const found = keyAt(doc, position);
  if (!found) return undefined;
  const paper = await (await bibliographies.library())?.paper(found.key);
  return paper && { paper, range: new vscode.Range(doc.positionAt(found.start), doc.positionAt(found.end)) };
}
