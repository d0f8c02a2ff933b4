// The library's load state, as the Papers view's welcome content reads it (the context key
// `papers.state`), and where searches run, as Search Papers says while the engine restarts.
import vscode = require('vscode');
import { ContextKeys } from '../ids';

export type LoadState = 'loading' | 'ready' | 'failed' | 'empty';
/** Where searches run: here (bundled papers only), in the engine worker, or here again while it restarts. */
export type EngineState = 'local' | 'starting' | 'worker' | 'restarting' | 'failed';

export class LibraryStatus {
  state: LoadState = 'loading';
  engine: EngineState = 'local';
  /** Why the papers could not be loaded, once they could not. */
  failure: string | undefined;

  setState(state: LoadState): void {
    this.state = state;
    void vscode.commands.executeCommand('setContext', ContextKeys.state, state);
  }

  setEngine(state: EngineState): void {
    this.engine = state;
  }
}
