// The web entry (package.json "browser"), for VS Code for the web, whose extension host is a Web
// Worker: bundled into one file (dist/host.js) that imports nothing but 'vscode'. It holds all
// the host code, and the desktop entry (src/extension.ts) runs the same file with Node's platform.
import vscode = require('vscode');
import type * as Engine from './engine';
import { activateWith } from './host/activate';
import type { PapersApi } from './host/api';
import { useEngine } from './host/engine/load';
import { ENGINE_SCRIPT, engineSource } from './host/engine/script';
import { compileEngineBody } from './platform/engine.web';
import { startEngineWorker } from './platform/worker.web';

export { activateWith } from './host/activate';
export { useEngine } from './host/engine/load';
export { ENGINE_SCRIPT, engineSource, sourceUrlLine } from './host/engine/script';

export async function activate(context: vscode.ExtensionContext): Promise<PapersApi> {
  // The engine is read now (a browser's reads are asynchronous; it cannot be required later) and
  // evaluated on first use: its source, compiled, run, a step each (host/engine/load.ts).
  const read = await Promise.resolve(vscode.workspace.fs.readFile(vscode.Uri.joinPath(context.extensionUri, 'dist', ENGINE_SCRIPT))).then(bytes => bytes, (error: unknown) => error);
  const source = engineSource(() => {
    if (read instanceof Uint8Array) return read;
    throw read;
  }, `dist/${ENGINE_SCRIPT}`);
  useEngine({ source, compile: text => compileEngineBody<typeof Engine>(text) });
  return activateWith(context, { startEngineWorker: () => startEngineWorker(source()) });
}

export function deactivate(): void {}
