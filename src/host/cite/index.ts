// The cite feature: completion, hover, Go to Definition, Rename and Find All References on
// citation keys (the last two on an entry's key in a bibliography file too, whose entries say how
// often they are cited), the papers' pages,
// and the commands that cite (Insert Citation, Copy BibTeX, Copy Citation Key). The providers are
// registered at activation (host/features/stubs.ts, with host/selectors.ts); they are made here.
import vscode = require('vscode');
import { registerCommands } from '../util/commands';
import { CopyBibtexCommand, CopyKeyCommand, InsertCitationCommand } from './commands';
import { CitationCompletion } from './completion';
import { CitedLens } from './citedLens';
import { CitationDefinition } from './definition';
import { CitationHover } from './hover';
import { CitationReferences } from './references';
import type { CitationRename } from './rename';
import { handOffPaperPages, paperPages } from './paperPages';
import type { CiteParts } from './parts';

export type { CiteParts } from './parts';
export { CitationRename } from './rename';
export { keysCitedInProject } from './projectCitations';

/** What VS Code asks about citations and keys. */
export interface CiteProviders {
  completion: CitationCompletion;
  hover: CitationHover;
  definition: CitationDefinition;
  rename: CitationRename;
  references: CitationReferences;
  /** "cited 4 times in 3 files" above each entry of an open bibliography file. */
  lens: CitedLens;
  pages: vscode.TextDocumentContentProvider;
}

export function citeProviders(parts: CiteParts, rename: CitationRename): CiteProviders {
  const { bibliographies, styles } = parts;
  return {
    completion: new CitationCompletion(bibliographies, styles),
    hover: new CitationHover(bibliographies, styles, parts.notes),
    definition: new CitationDefinition(bibliographies),
    rename,
    references: new CitationReferences(bibliographies),
    lens: new CitedLens(bibliographies),
    pages: paperPages(parts.store),
  };
}

export function registerCite(parts: CiteParts, providers: CiteProviders): vscode.Disposable {
  const { store, details, log } = parts;
  return vscode.Disposable.from(
    providers.lens,
    handOffPaperPages(store, details),
    registerCommands(log, [new InsertCitationCommand(parts), new CopyBibtexCommand(parts), new CopyKeyCommand(parts)]),
  );
}
