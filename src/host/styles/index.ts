// Formatted references: once the library is loading, the style of a citing document shown is built
// in the engine worker in the background, and the references of the keys it cites are formatted
// ahead there, so that a hover on any of them shows the formatted reference at once; and the command Papers: Show References (references.ts). The style of each document
// and formatting in it (common/citationStyles.ts) are on the shared floor: hover, completion and the
// details view format too.
import vscode = require('vscode');
import { CITING_LANGUAGES } from '../../core/cite/languages';
import type { CitationStyles } from '../common/citationStyles';
import { engineLoaded } from '../engine/load';
import { Commands } from '../ids';
import { citedKeysOf } from '../common/documentCitations';
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
    // Its cited keys' references are formatted ahead, so that a hover on any answers from what the worker keeps.
    const doc = editor.document;
    void Promise.all([styles.styleOf(doc), engineLoaded()]).then(([style]) => styles.warm(style, [...citedKeysOf(doc).keys]));
  };
  return vscode.Disposable.from(
    vscode.window.onDidChangeActiveTextEditor(warm),
    store.onDidLoadBundled(() => warm(vscode.window.activeTextEditor)),
    registerCommands(log, [new ShowReferencesCommand(references), chooseStyle]),
  );
}
