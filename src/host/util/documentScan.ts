// A document's citations and the bibliographies it names, read once per version of it. Hover, Go
// to Definition, the checks of citations, where a document's citations are defined and the papers
// fetched for what is on screen each need them on a keystroke; a LaTeX document gives both in one
// pass (core/cite/document.ts), which each of them paid again while the text had not changed.
import type vscode = require('vscode');
import type { DocumentScan } from '../../core/cite/document';
import { engine } from '../engine/load';

interface Scanned {
  version: number;
  languageId: string;
  scan: DocumentScan;
}

// Keyed by the document object, which the extension host keeps while the document is open.
const scanned = new WeakMap<vscode.TextDocument, Scanned>();

/** `doc`'s citations and named bibliographies as of its current version. */
export function scanOf(doc: vscode.TextDocument): DocumentScan {
  const known = scanned.get(doc);
  if (known && known.version === doc.version && known.languageId === doc.languageId) return known.scan;
  const scan = engine().cite.scanDocument(doc.getText(), doc.languageId);
  scanned.set(doc, { version: doc.version, languageId: doc.languageId, scan });
  return scan;
}
