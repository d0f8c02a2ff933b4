// Go to Definition on a citation key: an entry of the user's bibliography opens at its line in the
// .bib, JSON or YAML file; a bundled paper opens its read-only page (paperPages.ts).
import vscode = require('vscode');
import type { Bibliographies } from '../bibliography/bibliographies';
import { entryRange } from '../bibliography/openEntry';
import { rowAt } from '../common/documentCitations';
import { paperUri } from './paperPages';

export class CitationDefinition implements vscode.DefinitionProvider {
  constructor(private readonly bibliographies: Bibliographies) {}

  async provideDefinition(doc: vscode.TextDocument, position: vscode.Position): Promise<vscode.LocationLink[] | undefined> {
    const at = await rowAt(doc, position, this.bibliographies);
    if (!at) return undefined;
    const [entry] = at.row.entries;
    if (entry) {
      const target = await vscode.workspace.openTextDocument(vscode.Uri.parse(entry.uri));
      const range = entryRange(target, { line: entry.line, key: at.row.key });
      return [{ originSelectionRange: at.range, targetUri: target.uri, targetRange: range, targetSelectionRange: range }];
    }
    return [{ originSelectionRange: at.range, targetUri: paperUri(at.row), targetRange: new vscode.Range(0, 0, 0, 0) }];
  }
}
