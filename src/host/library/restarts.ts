// The engine worker stopped on its own (a crash, out of memory): it is started again once, with the
// user's files read afresh; a second stop leaves the bundled papers searched here, and says so once.
import vscode = require('vscode');
import type { LibraryStatus } from './loadState';

export class Restarts {
  private count = 0;

  constructor(private readonly status: LibraryStatus, private readonly log: vscode.LogOutputChannel) {}

  /** Whether the worker that stopped (`reason`) is to be started again. */
  again(reason: string): boolean {
    if (this.count >= 1) {
      this.status.setEngine('failed');
      void vscode.window.showWarningMessage(`Papers: the search engine stopped again (${reason}), so only the bundled papers can be searched. Reload the window to try again; the "Papers" output has the details.`, 'Show Log')
        .then(choice => { if (choice) this.log.show(); });
      return false;
    }
    this.count++;
    this.status.setEngine('restarting');
    this.log.warn('Restarting the search engine and giving it your files again.');
    return true;
  }
}
