// The health feature's registrations: the quick fixes on a citing document, and Add Missing Entries.
import vscode = require('vscode');
import type { Bibliographies } from '../bibliography/bibliographies';
import { CITING_SELECTOR } from '../cite';
import { Commands } from '../ids';
import type { PaperStore } from '../library/store';
import { registerCommand } from '../util/commands';
import type { CitationDiagnostics } from './citationDiagnostics';
import { addMissingEntries, CitationFixes } from './citationFixes';
import { searchForKey } from './searchForKey';

export interface HealthParts {
  store: PaperStore;
  bibliographies: Bibliographies;
  checker: CitationDiagnostics;
  log: vscode.LogOutputChannel;
}

export function registerHealth({ store, bibliographies, checker, log }: HealthParts): vscode.Disposable[] {
  return [
    vscode.languages.registerCodeActionsProvider(CITING_SELECTOR, new CitationFixes(store, bibliographies, checker), CitationFixes.metadata),
    registerCommand(log, Commands.addMissingEntries, (uri?: vscode.Uri, keys?: string[]) =>
      addMissingEntries(store, bibliographies, checker, log, uri instanceof vscode.Uri ? uri : undefined, Array.isArray(keys) ? keys : undefined)),
    registerCommand(log, Commands.searchForKey, (uri: unknown, range: unknown, key: unknown) =>
      (uri instanceof vscode.Uri && range instanceof vscode.Range && typeof key === 'string' ? searchForKey(store, bibliographies, log, uri, range, key) : undefined)),
  ];
}
