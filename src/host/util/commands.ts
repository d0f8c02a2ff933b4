// Commands as small named units (an id and what it does), as VS Code's markdown extension has them
// (commandManager.ts), registered here with their bodies guarded: a failure becomes a message that
// says what to do rather than an error in the developer tools.
import vscode = require('vscode');
import { Commands } from '../ids';
import { PapersUnavailableError, UserError } from './errors';
import { warningsShown } from './probes';

/** Runs a command body, turning failures into messages that say what to do. */
export function guarded<A extends unknown[]>(log: vscode.LogOutputChannel, body: (...args: A) => unknown): (...args: A) => Promise<unknown> {
  return async (...args: A) => {
    try {
      return await body(...args);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof UserError) {
        warningsShown.push(message);
        void vscode.window.showWarningMessage(message);
      } else if (error instanceof PapersUnavailableError) {
        void vscode.window.showErrorMessage(message, 'Show Log', 'Reload Papers').then(choice => {
          if (choice === 'Show Log') log.show();
          if (choice === 'Reload Papers') void vscode.commands.executeCommand(Commands.reloadCorpus);
        });
      } else {
        log.error(error instanceof Error ? error.stack ?? message : message);
        void vscode.window.showErrorMessage(`Papers: ${message}`);
      }
      return undefined;
    }
  };
}

/** A command of ours: its id (one of `Commands`) and what it does with the arguments it is given. */
export interface Command {
  readonly id: string;
  // The arguments come from VS Code (a tree row, a URI) or a caller: each command checks its own.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  execute(...args: any[]): unknown;
}

/** What `registerCommands` gave for the ids registered ahead (`registerCommandsAhead`). */
const ahead = new Map<string, ((...args: unknown[]) => unknown) | undefined>();

/**
 * Registers `ids` with VS Code before the code that runs them is loaded (at activation): the first
 * call waits for `load`, which makes the features, whose `registerCommands` gives each id its body.
 */
export function registerCommandsAhead(ids: readonly string[], load: () => Promise<unknown>): vscode.Disposable {
  for (const id of ids) ahead.set(id, ahead.get(id));
  return vscode.Disposable.from(
    ...ids.map(id => vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      if (!ahead.get(id)) {
        try {
          await load();
        } catch {
          // Said by `load` (the log and a message), once.
          return undefined;
        }
      }
      const body = ahead.get(id);
      if (!body) throw new Error(`Papers has no command ${id}`);
      return body(...args);
    })),
    { dispose: () => { for (const id of ids) ahead.delete(id); } },
  );
}

/** Registers commands, their bodies guarded; disposing the answer unregisters them all. */
export function registerCommands(log: vscode.LogOutputChannel, commands: readonly Command[]): vscode.Disposable {
  return vscode.Disposable.from(...commands.map(command => {
    const body = guarded(log, (...args: unknown[]) => command.execute(...args));
    if (!ahead.has(command.id)) return vscode.commands.registerCommand(command.id, body);
    ahead.set(command.id, body);
    return { dispose: () => { if (ahead.get(command.id) === body) ahead.set(command.id, undefined); } };
  }));
}
