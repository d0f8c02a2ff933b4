// The web entry (package.json "browser"), for VS Code for the web, whose extension host is a Web
// Worker: bundled into one file (dist/host.js) that imports nothing but 'vscode'. It holds the host
// code activation runs, and the desktop entry (src/extension.ts) runs the same file with Node's
// platform; the features' code (dist/features.js) is loaded on first use.
import vscode = require('vscode');
import type * as Engine from './engine';
import type * as FeaturesBundle from './features';
import { activateWith } from './host/activate';
import type { PapersApi } from './host/api';
import { useEngine } from './host/engine/load';
import { ENGINE_SCRIPT, engineSource } from './host/engine/script';
import type { FeaturesLoader } from './host/features/load';
import { FEATURES_SCRIPT } from './host/features/script';
import { compileEngineBody } from './platform/engine.web';
import { startEngineWorker } from './platform/worker.web';
// Last: every module it names is loaded by the imports above, in their order.
import hostModules from 'papers:host-modules';

export { activateWith } from './host/activate';
export { useEngine } from './host/engine/load';
export { ENGINE_SCRIPT, engineSource, sourceUrlLine } from './host/engine/script';
export { FEATURES_SCRIPT } from './host/features/script';

/** The features' loader of a host (`loader`), with the modules of this bundle it takes. */
export function featuresOf(loader: FeaturesLoader) {
  return { loader, modules: hostModules };
}

export async function activate(context: vscode.ExtensionContext): Promise<PapersApi> {
  // The engine and the features are read now (a browser's reads are asynchronous; they cannot be
  // required later) and evaluated on first use: the engine's source, compiled, run, a step each (host/engine/load.ts).
  const read = (name: string) => Promise.resolve(vscode.workspace.fs.readFile(vscode.Uri.joinPath(context.extensionUri, 'dist', name))).then(bytes => bytes, (error: unknown) => error);
  const [engineBytes, featureBytes] = await Promise.all([read(ENGINE_SCRIPT), read(FEATURES_SCRIPT)]);
  const sourceOf = (bytes: unknown, name: string, what?: string) => engineSource(() => {
    if (bytes instanceof Uint8Array) return bytes;
    throw bytes;
  }, `dist/${name}`, what);
  const source = sourceOf(engineBytes, ENGINE_SCRIPT);
  useEngine({ source, compile: text => compileEngineBody<typeof Engine>(text) });
  const features = featuresOf({ source: sourceOf(featureBytes, FEATURES_SCRIPT, 'the features'), compile: text => compileEngineBody<typeof FeaturesBundle>(text) });
  return activateWith(context, { startEngineWorker: () => startEngineWorker(source()), features });
}

export function deactivate(): void {}
