// The cite feature: completion, hover, Go to Definition, Rename and Find All References on
// citation keys (the last two on an entry's key in a bibliography file too, whose entries say how
// often they are cited), the papers' pages,
// and the commands that cite (Insert Citation, Copy BibTeX, Copy Citation Key).
import vscode = require('vscode');
import { CITING_SELECTOR } from '../common/documentCitations';
import { registerCommands } from '../util/commands';
import { CopyBibtexCommand, CopyKeyCommand, InsertCitationCommand } from './commands';
import { CitationCompletion } from './completion';
import { CitedLens } from './citedLens';
import { CitationDefinition } from './definition';
import { CitationHover } from './hover';
import { CitationReferences } from './references';
import { CitationRename } from './rename';
import { registerPaperPages } from './paperPages';
import type { CiteParts } from './parts';

export type { CiteParts } from './parts';
export { CitationRename } from './rename';
export { keysCitedInProject } from './projectCitations';

/** "cited 4 times in 3 files" above each entry of an open bibliography file. */
function registerCitedLens(bibliographies: CiteParts['bibliographies']): vscode.Disposable {
  const lens = new CitedLens(bibliographies);
  return vscode.Disposable.from(lens, vscode.languages.registerCodeLensProvider(BIBLIOGRAPHY_SELECTOR, lens));
}

/** Bibliography files, whose entries' keys can be renamed and looked up (whatever language VS Code gives them). */
const BIBLIOGRAPHY_SELECTOR: vscode.DocumentSelector = [{ pattern: '**/*.{bib,bibtex,json,yaml,yml}' }];

export function registerCite(parts: CiteParts, rename: CitationRename): vscode.Disposable {
  const { store, bibliographies, details, styles, log } = parts;
  const keys = [...(CITING_SELECTOR as vscode.DocumentFilter[]), ...(BIBLIOGRAPHY_SELECTOR as vscode.DocumentFilter[])];
  return vscode.Disposable.from(
    vscode.languages.registerCompletionItemProvider(CITING_SELECTOR, new CitationCompletion(bibliographies, styles), ...CitationCompletion.triggers),
    vscode.languages.registerHoverProvider(CITING_SELECTOR, new CitationHover(bibliographies, styles, parts.notes)),
    vscode.languages.registerDefinitionProvider(CITING_SELECTOR, new CitationDefinition(bibliographies)),
    vscode.languages.registerRenameProvider(keys, rename),
    vscode.languages.registerReferenceProvider(keys, new CitationReferences(bibliographies)),
    registerCitedLens(bibliographies),
    registerPaperPages(store, details),
    registerCommands(log, [new InsertCitationCommand(parts), new CopyBibtexCommand(parts), new CopyKeyCommand(parts)]),
  );
}
