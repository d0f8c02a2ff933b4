// Find All References (Shift+F12) on a citation key, or on an entry's key in a bibliography file:
// every citation of it in the documents that cite it from the bibliography that defines it, and
// the entry itself (VS Code's "include declaration").
import vscode = require('vscode');
import type { Bibliographies } from '../bibliography/bibliographies';
import { engine, engineLoaded } from '../engine/load';
import { definitionsOf, filesCiting, keyUnder, positionsIn, textOf } from './projectCitations';

/** Where a key is cited and defined. */
export interface KeyPlaces {
  citations: vscode.Location[];
  entries: vscode.Location[];
}

/**
 * Every citation of `key` and each entry that defines it: the documents that cite it from its
 * bibliographies (a bundled paper's key, which no bibliography defines: every document that cites it).
 */
export async function placesOf(key: string, bibliographies: Bibliographies): Promise<KeyPlaces> {
  await engineLoaded();
  const defined = await definitionsOf(key, bibliographies);
  const using = (defined?.entries ?? []).map(e => vscode.Uri.parse(e.uri));
  const files = await filesCiting(key, using, bibliographies);
  const { citationsOfKey, findEntryKey } = engine().rename;
  const citations: vscode.Location[] = [];
  for (const file of files) {
    const at = positionsIn(file.text, file.doc);
    for (const spot of citationsOfKey(key, [file])) citations.push(new vscode.Location(file.fileUri, new vscode.Range(at(spot.start), at(spot.end))));
  }
  const entries: vscode.Location[] = [];
  for (const [i, uri] of using.entries()) {
    const format = engine().bibliography.bibliographyFormat(uri.path);
    const read = await textOf(uri).catch(() => undefined);
    const found = read && format && findEntryKey(read.text, key, format, defined!.entries[i].line);
    if (!read || !found) continue;
    const at = positionsIn(read.text, read.doc);
    entries.push(new vscode.Location(uri, new vscode.Range(at(found.start), at(found.end))));
  }
  return { citations, entries };
}

export class CitationReferences implements vscode.ReferenceProvider {
  constructor(private readonly bibliographies: Bibliographies) {}

  async provideReferences(doc: vscode.TextDocument, position: vscode.Position, context: vscode.ReferenceContext): Promise<vscode.Location[] | undefined> {
    await engineLoaded();
    const under = keyUnder(doc, position, this.bibliographies);
    if (!under) return undefined;
    const { citations, entries } = await placesOf(under.key, this.bibliographies);
    return context.includeDeclaration ? [...entries, ...citations] : citations;
  }
}
