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

/** Registers commands, their bodies guarded; disposing the answer unregisters them all. */
export function registerCommands(log: vscode.LogOutputChannel, commands: readonly Command[]): vscode.Disposable {
  return vscode.Disposable.from(...commands.map(command => vscode.commands.registerCommand(command.id, guarded(log, (...args: unknown[]) => command.execute(...args)))));
}
