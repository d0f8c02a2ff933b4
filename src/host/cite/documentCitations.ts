// A document's citations, scanned once per version of it. Hover, Go to Definition and the
// papers fetched for what is on screen each need them: scanning a 5,000-line document takes
// 1.5 ms, which every hover paid again while the text had not changed.
import type * as vscode from 'vscode';
import type { Citation, KeyAt } from '../../core/cite/scan';
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
