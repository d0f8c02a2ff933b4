// The web entry (package.json "browser"), for VS Code for the web, whose extension host is a Web
// Worker: bundled into one file (dist/host.js) that imports nothing but 'vscode'. It holds all
// the host code, and the desktop entry (src/extension.ts) runs the same file with Node's platform.
import * as vscode from 'vscode';
import type * as Engine from './engine';
import { activateWith } from './host/activate';
import type { PapersApi } from './host/api';
import { useEngine } from './host/engine';
import { evaluateEngine } from './platform/engine.web';
import { startEngineWorker } from './platform/worker.web';

export { activateWith } from './host/activate';
export { useEngine } from './host/engine';

export async function activate(context: vscode.ExtensionContext): Promise<PapersApi> {
  // The engine bundle is read now (it cannot be required later) and evaluated on first use.
  let script: Uint8Array | undefined;
  let failure: unknown;
  try {
    script = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(context.extensionUri, 'dist', 'engine.js'));
  } catch (error) {
    failure = error;
  }
  const unreadable = () => new Error(`cannot read the engine (dist/engine.js): ${failure instanceof Error ? failure.message : String(failure)}`);
  useEngine(() => {
    if (!script) throw unreadable();
    return evaluateEngine<typeof Engine>(script);
  });
  return activateWith(context, {
    startEngineWorker: () => {
      if (!script) throw unreadable();
      return startEngineWorker(script);
    },
  });
}

export function deactivate(): void {}
