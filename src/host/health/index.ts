// The health feature's commands. The checks themselves (citationDiagnostics, unusedEntries,
// bibliographyProblems) and the quick fixes (citationFixes, registered at activation by
// host/features/stubs.ts) are made by host/features/start.ts, which starts the checks once the
// papers are first loaded.
import type vscode = require('vscode');
import { registerCommands } from '../util/commands';
import { AddMissingEntriesCommand, SearchForKeyCommand } from './commands';
import type { HealthParts } from './parts';

export type { HealthParts } from './parts';

export function registerHealth(parts: HealthParts): vscode.Disposable {
  return registerCommands(parts.log, [new AddMissingEntriesCommand(parts), new SearchForKeyCommand(parts)]);
}
