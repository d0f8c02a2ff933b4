// Loading the features' code (dist/features.js) in the extension host, on first use: what VS Code
// calls was registered at activation (stubs.ts), and the first call, or the library's first load
// (by itself 1.5 s after activation), makes the features (start.ts). Compiling the features' 150 KB at
// activation, before any code cache exists, was most of a first session's activation (issue 40).
import vscode = require('vscode');
import { pause } from '../../core/util/pause';
import type * as FeaturesBundle from '../../features';
import { disposeAll } from '../util/dispose';
import type { Core, Features } from './start';

/**
 * How a host loads the features' bundle: its source (read on demand), and compiling it, which
 * gives what runs its top-level code with the `require` it is handed (on the desktop, compiled with
 * Node's `vm` and a code cache; in a browser, with `new Function`).
 */
export interface FeaturesLoader {
  source(): string;
  compile(source: string): (require: (id: string) => unknown) => typeof FeaturesBundle;
}

/** The modules of the host bundle that the features bundle takes from it, by path (esbuild.mjs, `hostModules`). */
export type HostModules = Record<string, unknown>;

/** The features, made on first need. */
export class LazyFeatures implements vscode.Disposable {
  #features: Features | undefined;
  #failure: Error | undefined;
  /** The bundle compiled, not yet run (`made` compiles in one task and runs in the next). */
  #compiled: ReturnType<FeaturesLoader['compile']> | undefined;
  #making: Promise<Features> | undefined;
  #loaded: ((features: Features) => void)[] = [];

  constructor(
    private readonly loader: FeaturesLoader,
    private readonly modules: HostModules,
    private readonly core: () => Core,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** The features if they are made already: unlike `get`, this never loads them. */
  get loaded(): Features | undefined {
    return this.#features;
  }

  /**
   * The features, loaded and made now if they are not yet. If they cannot be (their file cannot be
   * read), every call throws that: the log and one message say it.
   */
  get(): Features {
    if (this.#features) return this.#features;
    if (this.#failure) throw this.#failure;
    const started = performance.now();
    try {
      const require = (id: string) => {
        if (id === 'vscode') return vscode;
        if (id === 'papers:host') return this.modules;
        throw new Error(`the features bundle asked for '${id}'`);
      };
      this.#features = this.#compile()(require).startFeatures(this.core());
    } catch (error) {
      this.#failed(error);
    }
    this.log.info(`Made the views and commands in ${Math.round(performance.now() - started)} ms`);
    for (const then of this.#loaded.splice(0)) then(this.#features);
    return this.#features;
  }

  #compile(): ReturnType<FeaturesLoader['compile']> {
    return (this.#compiled ??= this.loader.compile(this.loader.source()));
  }

  #failed(error: unknown): never {
    const message = error instanceof Error ? error.message : String(error);
    this.#failure = new Error(`Papers could not load its views and commands: ${message}`);
    this.log.error(error instanceof Error ? error.stack ?? message : message);
    void vscode.window.showErrorMessage(this.#failure.message);
    throw this.#failure;
  }

  /**
   * The features, made a step per task unless something made them by then: the bundle read and
   * compiled in one, run and the features made in the next (in one piece, longer than the host
   * may be held while a window loads). What VS Code calls first waits for this.
   */
  made(): Promise<Features> {
    if (this.#features) return Promise.resolve(this.#features);
    return (this.#making ??= (async () => {
      await pause();
      if (!this.#features && !this.#failure) {
        try {
          this.#compile();
        } catch (error) {
          this.#failed(error);
        }
        await pause();
      }
      return this.get();
    })());
  }

  /** Makes the features soon (`made`), unless something made them by then. */
  soon(): void {
    this.made().catch(() => {
      // Said by `get` (the log and a message), once.
    });
  }

  /** Runs `then` once the features are made: now, if they are. */
  onDidLoad(then: (features: Features) => void): void {
    if (this.#features) then(this.#features);
    else this.#loaded.push(then);
  }

  dispose(): void {
    this.#loaded = [];
    if (this.#features) disposeAll([this.#features]);
  }
}
