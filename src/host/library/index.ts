// The library's commands: Reload Papers and Show Log.
import vscode = require('vscode');
import { Commands } from '../ids';
import { registerCommand } from '../util/commands';
import type { PaperStore } from './store';

/** `reloaded`: what else must be read again once the bundled papers are (the bibliographies). */
export function registerLibrary(store: PaperStore, log: vscode.LogOutputChannel, reloaded: () => Promise<unknown>): vscode.Disposable[] {
  return [
    registerCommand(log, Commands.showLog, () => log.show()),
    registerCommand(log, Commands.reloadCorpus, async () => {
      const library = await store.reload();
      if (library) {
        await reloaded();
        vscode.window.setStatusBarMessage(`$(check) Loaded ${(await store.require()).size} papers`, 3000);
      } else {
        await store.require();
      }
    }),
  ];
}
