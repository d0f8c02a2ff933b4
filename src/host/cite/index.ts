// The cite feature: completion, hover and Go to Definition on citation keys, the papers' pages,
// and the commands that cite (Insert Citation, Copy BibTeX, Copy Citation Key).
import vscode = require('vscode');
import { CITING_SELECTOR } from '../common/documentCitations';
import { registerCommands } from '../util/commands';
import { CopyBibtexCommand, CopyKeyCommand, InsertCitationCommand } from './commands';
import { CitationCompletion } from './completion';
import { CitationDefinition } from './definition';
import { CitationHover } from './hover';
import { registerPaperPages } from './paperPages';
import type { CiteParts } from './parts';

export type { CiteParts } from './parts';

export function registerCite(parts: CiteParts): vscode.Disposable {
  const { store, bibliographies, details, styles, log } = parts;
  return vscode.Disposable.from(
    vscode.languages.registerCompletionItemProvider(CITING_SELECTOR, new CitationCompletion(bibliographies, styles), ...CitationCompletion.triggers),
    vscode.languages.registerHoverProvider(CITING_SELECTOR, new CitationHover(bibliographies, styles, parts.notes)),
    vscode.languages.registerDefinitionProvider(CITING_SELECTOR, new CitationDefinition(bibliographies)),
    registerPaperPages(store, details),
    registerCommands(log, [new InsertCitationCommand(parts), new CopyBibtexCommand(parts), new CopyKeyCommand(parts)]),
  );
}
