// Formatted references: once the library is loading, the style of a citing document shown is built
// in the engine worker in the background, so that the first hover after it can show the formatted
// reference; and the command Papers: Show References (references.ts). The style of each document
// and formatting in it (common/citationStyles.ts) are on the shared floor: hover, completion and the
// details view format too.
import vscode = require('vscode');
import { CITING_LANGUAGES } from '../../core/cite/languages';
import type { CitationStyles } from '../common/citationStyles';
import { Commands } from '../ids';
import type { PaperStore } from '../library/store';
import { registerCommands, type Command } from '../util/commands';
import type { ReferencesPreview } from './references';
import { ChooseStyleCommand } from './choose';

export { ReferencesPreview } from './references';
export { ChooseStyleCommand } from './choose';

export interface StylesParts {
  store: PaperStore;
  styles: CitationStyles;
  references: ReferencesPreview;
  /** Papers: Choose Citation Style… (made by activate, whose test hooks see its pick). */
  chooseStyle: ChooseStyleCommand;
  log: vscode.LogOutputChannel;
}

export class ShowReferencesCommand implements Command {
  readonly id = Commands.showReferences;
  constructor(private readonly references: ReferencesPreview) {}

  execute(): Promise<void> {
    return this.references.show(vscode.window.activeTextEditor?.document);
  }
}

export function registerStyles({ store, styles, references, chooseStyle, log }: StylesParts): vscode.Disposable {
  const citing = new Set(CITING_LANGUAGES);
  const warm = (editor: vscode.TextEditor | undefined) => {
    // Not before the library is loading: nothing of the styles at activation.
    if (!editor || !citing.has(editor.document.languageId) || !store.loaded) return;
    void styles.styleOf(editor.document).then(style => styles.warm(style));
  };
  return vscode.Disposable.from(
    vscode.window.onDidChangeActiveTextEditor(warm),
    store.onDidLoadBundled(() => warm(vscode.window.activeTextEditor)),
    registerCommands(log, [new ShowReferencesCommand(references), chooseStyle]),
  );
}
