// The health feature's registrations: the quick fixes on a citing document and their commands.
// The checks themselves (citationDiagnostics, unusedEntries, bibliographyProblems) are made by
// host/activate.ts, which starts them once the papers are first loaded.
import vscode = require('vscode');
import { CITING_SELECTOR } from '../common/documentCitations';
import { registerCommands } from '../util/commands';
import { CitationFixes } from './citationFixes';
import { AddMissingEntriesCommand, SearchForKeyCommand } from './commands';
import type { HealthParts } from './parts';

export type { HealthParts } from './parts';

export function registerHealth(parts: HealthParts): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.languages.registerCodeActionsProvider(CITING_SELECTOR, new CitationFixes(parts.store, parts.bibliographies, parts.checker), CitationFixes.metadata),
    registerCommands(parts.log, [new AddMissingEntriesCommand(parts), new SearchForKeyCommand(parts)]),
  );
}
