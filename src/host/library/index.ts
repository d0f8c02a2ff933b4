// The library's commands: Reload Papers and Show Log.
import vscode = require('vscode');
import { Commands } from '../ids';
import { registerCommands, type Command } from '../util/commands';
import type { PaperStore } from './store';

export class ShowLogCommand implements Command {
  readonly id = Commands.showLog;
  constructor(private readonly log: vscode.LogOutputChannel) {}

  execute(): void {
    this.log.show();
  }
}

/** Reload Papers: the bundled papers from disk, then `reloaded` (the bibliographies) read again. */
export class ReloadPapersCommand implements Command {
  readonly id = Commands.reloadCorpus;
  constructor(private readonly store: PaperStore, private readonly reloaded: () => Promise<unknown>) {}

  async execute(): Promise<void> {
    const library = await this.store.reload();
    if (library) {
      await this.reloaded();
      vscode.window.setStatusBarMessage(`$(check) Loaded ${(await this.store.require()).size} papers`, 3000);
    } else {
      await this.store.require();
    }
  }
}

/** `reloaded`: what else must be read again once the bundled papers are (the bibliographies). */
export function registerLibrary(store: PaperStore, log: vscode.LogOutputChannel, reloaded: () => Promise<unknown>): vscode.Disposable {
  return registerCommands(log, [new ShowLogCommand(log), new ReloadPapersCommand(store, reloaded)]);
}
