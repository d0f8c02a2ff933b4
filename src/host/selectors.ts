// Where and how each provider of ours is registered: the documents it serves and what VS Code
// asks of it up front (trigger characters, kinds). Activation registers every provider with these
// (host/features/stubs.ts) before the features' code is loaded; the providers read them too.
import vscode = require('vscode');
import { CITING_LANGUAGES } from '../core/cite/languages';

/** The documents whose citations Papers completes, hovers, checks and fixes. */
export const CITING_SELECTOR: vscode.DocumentSelector = CITING_LANGUAGES.map(language => ({ language }));

/** Bibliography files, whose entries' keys can be renamed and looked up (whatever language VS Code gives them). */
export const BIBLIOGRAPHY_SELECTOR: vscode.DocumentSelector = [{ pattern: '**/*.{bib,bibtex,json,yaml,yml}' }];

/** Where a citation key can be renamed or its citations found: the citing documents and the bibliographies. */
export const KEY_SELECTOR: vscode.DocumentSelector = [...(CITING_SELECTOR as vscode.DocumentFilter[]), ...(BIBLIOGRAPHY_SELECTOR as vscode.DocumentFilter[])];

/** What opens citation completion: a brace (`\cite{`), a comma between keys, an at sign (`[@`). */
export const COMPLETION_TRIGGERS = ['{', ',', '@'];

/** The quick fixes of the citation checks. */
export const FIXES_METADATA: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

/** A link or id pasted into a citation: the paper's key (and its entry appended). */
export const PASTE_CITATION = vscode.DocumentDropOrPasteEditKind.Empty.append('papers', 'citation');
/** A link or id pasted into a .bib file between entries: the paper's entry. */
export const PASTE_ENTRY = vscode.DocumentDropOrPasteEditKind.Empty.append('papers', 'bibtex');

export const pasteMetadata = (kind: vscode.DocumentDropOrPasteEditKind): vscode.DocumentPasteProviderMetadata => ({ providedPasteEditKinds: [kind], pasteMimeTypes: ['text/plain'] });

/** The read-only page of a paper that Go to Definition lands on (`papers-paper:/<key>.md`). */
export const PAPER_SCHEME = 'papers-paper';
