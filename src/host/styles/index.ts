// Formatted references: the citation style of each document (styles.ts) and, once the library is
// loading, its engine built in the engine worker in the background when a citing document is
// shown, so that the first hover after it can show the formatted reference; and the command
// Papers: Show References (references.ts).
import vscode = require('vscode');
import { CITING_LANGUAGES } from '../../core/cite/languages';
import { Commands } from '../ids';
import type { PaperStore } from '../library/store';
import { registerCommand } from '../util/commands';
import type { ReferencesPreview } from './references';
import type { CitationStyles } from './styles';

export { CitationStyles } from './styles';
export { ReferencesPreview } from './references';

export interface StylesParts {
  store: PaperStore;
  styles: CitationStyles;
  references: ReferencesPreview;
  log: vscode.LogOutputChannel;
}

export function registerStyles(parts: StylesParts): vscode.Disposable[] {
  const { store, styles, references, log } = parts;
  const citing = new Set(CITING_LANGUAGES);
  const warm = (editor: vscode.TextEditor | undefined) => {
    // Not before the library is loading: nothing of the styles at activation.
    if (!editor || !citing.has(editor.document.languageId) || !store.loaded) return;
    void styles.styleOf(editor.document).then(style => styles.warm(style));
  };
  return [
    vscode.window.onDidChangeActiveTextEditor(warm),
    store.onDidLoadBundled(() => warm(vscode.window.activeTextEditor)),
    registerCommand(log, Commands.showReferences, () => references.show(vscode.window.activeTextEditor?.document)),
  ];
}
