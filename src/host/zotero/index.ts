// The Zotero feature: the writer's Zotero library joins the Papers library while
// `papers.zotero.enabled` is on. Nothing is asked at activation while it is off; on, Zotero is
// asked once the window has settled, again on focus (at most every 30 s) and on Refresh Zotero Library.
import vscode = require('vscode');
import { Commands, Settings } from '../ids';
import { registerCommands } from '../util/commands';
import { registerEntryExport } from '../bibliography/append';
import type { ZoteroLibrary } from './library';
import type { ZoteroPrompt } from './prompt';

export { ZoteroLibrary } from './library';
export { ZoteroPrompt } from './prompt';
export { ZoteroDetails } from './details';

class RefreshZoteroCommand {
  readonly id = Commands.refreshZotero;
  constructor(private readonly zotero: ZoteroLibrary) {}
  async execute(): Promise<void> {
    if (!this.zotero.enabled) {
      const choice = await vscode.window.showInformationMessage('Papers does not read your Zotero library: papers.zotero.enabled is off.', 'Turn On');
      if (choice) await vscode.workspace.getConfiguration(Settings.section).update(Settings.zoteroEnabled, true, vscode.ConfigurationTarget.Global);
      return;
    }
    const state = await this.zotero.refresh('command');
    if (!state.problem) void vscode.window.setStatusBarMessage(`Papers: ${state.items} items read from Zotero`, 5000);
  }
}

/** How long after activation an enabled Zotero is first asked (the window settles first). */
const FIRST_ASK_MS = 2000;
/** How long after activation a Zotero not yet read is looked for, to offer it (once; see prompt.ts). */
const LOOK_AFTER_MS = 20_000;

export function registerZotero(zotero: ZoteroLibrary, prompt: ZoteroPrompt, log: vscode.LogOutputChannel): vscode.Disposable {
  const first = setTimeout(() => void zotero.refresh('setting'), FIRST_ASK_MS);
  const look = setTimeout(() => void prompt.run().catch(error => log.warn(`Could not look for Zotero: ${(error as Error).message}`)), LOOK_AFTER_MS);
  return vscode.Disposable.from(
    { dispose: () => { clearTimeout(first); clearTimeout(look); } },
    vscode.window.onDidChangeWindowState(state => { if (state.focused) void zotero.refresh('focus'); }),
    vscode.workspace.onDidChangeConfiguration(e => {
      const enabled = e.affectsConfiguration(`${Settings.section}.${Settings.zoteroEnabled}`);
      if (!enabled && !e.affectsConfiguration(`${Settings.section}.${Settings.zoteroUrl}`)) return;
      if (zotero.enabled) void zotero.refresh('setting');
      else if (enabled) void zotero.clear().catch(error => log.warn(`Could not take Zotero's items out of the library: ${(error as Error).message}`));
    }),
    registerCommands(log, [new RefreshZoteroCommand(zotero)]),
    // Citing a Zotero item appends Better BibTeX's own export of it, when it is there.
    registerEntryExport(zotero.betterBibtex),
  );
}
