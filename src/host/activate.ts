// The composition root both entries share (src/extension.ts on the desktop, src/extension.browser.ts
// in a browser): construct, register, push to context.subscriptions. No logic here; what differs
// between the two hosts comes in as a `Platform`. Activation makes the library and registers what
// VS Code calls (features/stubs.ts); the features themselves (features/start.ts, dist/features.js)
// are made on the first call, or once the library has loaded.
import vscode = require('vscode');
import type { LocalDisk } from '../platform/disk';
import type { EngineWorker } from '../platform/worker';
import { pause } from '../core/util/pause';
import { createApi, type PapersApi } from './api';
import { Bibliographies } from './bibliography/bibliographies';
import { LatexProject } from './bibliography/latexProject';
import { EditorTracker } from './common/editors';
import { EngineClient } from './engine/client';
import { LazyFeatures, type FeaturesLoader, type HostModules } from './features/load';
import { registerAhead } from './features/stubs';
import { ContextKeys } from './ids';
import { IndexCache } from './library/indexCache';
import { PaperStore } from './library/store';
import { UserCorpora } from './library/userCorpora';
import { useLocalDisk } from './util/disk';

/** What the entry of each host provides. */
export interface Platform {
  /** Starts the engine worker on the extension's engine bundle (dist/engine.js). */
  startEngineWorker(): EngineWorker;
  /**
   * Whether the engine worker reads files by their path (a Node worker thread can; a Web Worker
   * has no file system, so the host sends a file's bytes and keeps the cache). Known without starting it.
   */
  engineReadsFiles?: boolean;
  /** The local disk, where the host has one (the desktop): `file:` URIs are read through it. */
  disk?: LocalDisk;
  /** How the features' bundle (dist/features.js) is loaded, and the modules it takes from this one. */
  features: { loader: FeaturesLoader; modules: HostModules };
}

/** How long after activation the library starts loading by itself (the features are made once it is in). */
const WARM_UP_MS = 1500;

export async function activateWith(context: vscode.ExtensionContext, platform: Platform): Promise<PapersApi> {
  const activatedAt = performance.now();
  useLocalDisk(platform.disk);
  const log = vscode.window.createOutputChannel('Papers', { log: true });
  const engineClient = new EngineClient(() => platform.startEngineWorker(), log, platform.engineReadsFiles);
  const store = new PaperStore(context.extensionUri, new IndexCache(context.globalStorageUri, log), engineClient, log, context.workspaceState);
  const userCorpora = new UserCorpora(store, log);
  const latex = new LatexProject();
  const bibliographies = new Bibliographies(store, latex, log);
  const editors = new EditorTracker();
  void vscode.commands.executeCommand('setContext', ContextKeys.state, 'loading');
  // The features are made the first time VS Code asks them anything, or the library first loads.
  const features = new LazyFeatures(platform.features.loader, platform.features.modules, () => ({
    context, inBrowser: !platform.disk, log, engineClient, store, userCorpora, bibliographies, editors, treeView: registered.treeView, activatedAt,
  }), log);
  context.subscriptions.push(
    log, engineClient, store, userCorpora, latex, bibliographies, editors, features,
    // The user's corpus files and bibliographies join once the papers are first needed, not at
    // activation; they are found and read while the bundled papers load.
    store.onWillLoadBundled(() => {
      void userCorpora.start();
      void bibliographies.start();
    }),
    // Once the papers are in, the features are made (unless a first call made them already): made
    // while the papers load, they held the host's thread from the library (a first papers() 30-60 ms
    // later in the bench's windows). The papers fetched from the web and Zotero's then join, as updates.
    store.onDidLoadBundled(() => features.soon()),
    // The engine worker was restarted: it needs the user's files again, read afresh.
    store.onDidLoseInput(() => { void userCorpora.load(); void bibliographies.reload(true); }),
  );
  // What VS Code calls (views, providers, commands) is registered in a task of its own, once the
  // parts above are wired: in one piece, activation held the extension host too long while a window loaded.
  await pause();
  const registered = registerAhead(features);
  context.subscriptions.push(registered);
  // A writer who opened a LaTeX or Markdown file will cite soon: load the library (and then make the
  // features) once the window has settled, so that the first \cite{ completes at once. A workspace
  // whose documents named bibliographies last time starts at once: their keys are what its
  // hovers, completions and checks need, and the engine worker (not this thread) does the reading.
  const warmUp = setTimeout(() => void store.library(), store.hadUserFiles ? 0 : WARM_UP_MS);
  context.subscriptions.push({ dispose: () => clearTimeout(warmUp) });
  const api = createApi(store);
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    // The tests inspect the features: asking for them makes them.
    Object.defineProperty(api, 'testing', { enumerable: true, get: () => features.get().testing });
    api.featuresMade = () => features.loaded !== undefined;
  }
  return api;
}
