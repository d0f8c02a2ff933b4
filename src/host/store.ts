import * as vscode from 'vscode';
import { PaperLibrary } from '../core/library';
import { firstIssue } from '../core/zod';
import { ContextKeys } from './ids';

export type LoadState = 'loading' | 'ready' | 'failed' | 'empty';

/** Shown when a command needs the papers and they could not be loaded. */
export class PapersUnavailableError extends Error {}

/**
 * Owns the corpus and its index. Nothing is read at activation: the build output is
 * loaded the first time a feature asks for it, once, and shared by every feature.
 * A failure is logged to the "Papers" output channel and shown in the view's welcome
 * content through the `papers.state` context key, never thrown at the user unhandled.
 */
export class PaperStore implements vscode.Disposable {
  private loading: Promise<PaperLibrary | undefined> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the papers were (re)loaded, so views and pickers refresh. */
  readonly onDidChange = this.changed.event;
  private current: LoadState = 'loading';
  private failure: string | undefined;

  constructor(private readonly extensionUri: vscode.Uri, private readonly log: vscode.LogOutputChannel) {}

  get state(): LoadState { return this.current; }

  /** The papers, loaded on first use; undefined when loading failed (already reported). */
  library(): Promise<PaperLibrary | undefined> {
    this.loading ??= this.load();
    return this.loading;
  }

  /** For commands: the papers, or an error whose message tells the user what to do. */
  async require(): Promise<PaperLibrary> {
    const library = await this.library();
    if (!library) throw new PapersUnavailableError(`The papers could not be loaded: ${this.failure}. See the "Papers" output for details.`);
    return library;
  }

  /** Loads again from disk, for the "Reload Papers" command and after a failure. */
  async reload(): Promise<PaperLibrary | undefined> {
    this.loading = undefined;
    const library = await this.library();
    this.changed.fire();
    return library;
  }

  private async load(): Promise<PaperLibrary | undefined> {
    const started = performance.now();
    this.setState('loading');
    try {
      const [corpus, index] = await Promise.all([this.read('corpus.json'), this.read('index.json')]);
      const library = PaperLibrary.fromJSON(corpus, index);
      this.log.info(`Loaded ${library.papers.length} papers and their index in ${(performance.now() - started).toFixed(1)} ms`);
      this.setState(library.papers.length ? 'ready' : 'empty');
      return library;
    } catch (error) {
      this.failure = describe(error);
      this.log.error(`Could not load the papers: ${this.failure}`);
      this.setState('failed');
      return undefined;
    }
  }

  private async read(name: string): Promise<string> {
    const uri = vscode.Uri.joinPath(this.extensionUri, 'dist', name);
    try {
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch (error) {
      throw new Error(`cannot read ${uri.fsPath}: ${describe(error)} (run "npm run build")`);
    }
  }

  private setState(state: LoadState): void {
    this.current = state;
    void vscode.commands.executeCommand('setContext', ContextKeys.state, state);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** A one-line reason for an error, including zod's issue paths for a corrupt corpus. */
export function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'issues' in error && Array.isArray(error.issues)) {
    return `the corpus is invalid: ${firstIssue(error as { issues: [] })}`;
  }
  return error instanceof Error ? error.message : String(error);
}
