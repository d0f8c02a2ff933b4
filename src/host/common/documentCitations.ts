// The documents that cite, the citations of an open document and the key at the cursor, from its scan of this version
// (util/documentScan.ts), and the paper a key names.
import vscode = require('vscode');
import type { Citation, KeyAt } from '../../core/cite/scan';
import type { PaperRow } from '../../engine/protocol';
import type { Bibliographies } from '../bibliography/bibliographies';
import { engine } from '../engine/load';
import { scanOf } from '../util/documentScan';

/** How much of the abstract a card shows (hover; the rows asked ahead for the screen are of this length). */
export const CARD_EXCERPT = 500;

/** Every citation of `doc` in its language's syntax (`citationsOfLanguage`), as of its current version. */
export function citationsOf(doc: vscode.TextDocument): readonly Citation[] {
  return scanOf(doc).citations;
}

/** The keys `doc` cites (each once, in order), and whether it cites every entry (`\nocite{*}`, `@*`). */
export function citedKeysOf(doc: vscode.TextDocument): { keys: Set<string>; all: boolean } {
  return engine().health.citedKeys(citationsOf(doc));
}

/** The citation key at `position`, if any. */
export function keyAt(doc: vscode.TextDocument, position: vscode.Position): KeyAt | undefined {
  return engine().cite.keyAtIn(citationsOf(doc), doc.offsetAt(position));
}

/**
 * The row of the paper cited at `position` (all a hover card or Go to Definition shows, never the
 * whole paper), and the key's range: the key is scanned here, where the document is; then one
 * wait, for the library with every bibliography known now (`Bibliographies.library`).
 */
export async function rowAt(doc: vscode.TextDocument, position: vscode.Position, bibliographies: Bibliographies): Promise<{ row: PaperRow; range: vscode.Range } | undefined> {
  const found = keyAt(doc, position);
  if (!found) return undefined;
  const [row] = (await (await bibliographies.library())?.rowsByKey([found.key], CARD_EXCERPT)) ?? [];
  return row && { row, range: new vscode.Range(doc.positionAt(found.start), doc.positionAt(found.end)) };
}
