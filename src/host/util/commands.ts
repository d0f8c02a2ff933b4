// Registering a command: its body runs guarded, so that a failure becomes a message that says what
// to do rather than an error in the developer tools.
import vscode = require('vscode');
import { Commands } from '../ids';
import { PapersUnavailableError, UserError } from './errors';

/** Runs a command body, turning failures into messages that say what to do. */
export function guarded<A extends unknown[]>(log: vscode.LogOutputChannel, body: (...args: A) => unknown): (...args: A) => Promise<unknown> {
  return async (...args: A) => {
    try {
      return await body(...args);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof UserError) {
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

/** A command of ours, its body guarded. */
export function registerCommand<A extends unknown[]>(log: vscode.LogOutputChannel, id: string, body: (...args: A) => unknown): vscode.Disposable {
  return vscode.commands.registerCommand(id, guarded(log, body));
}
