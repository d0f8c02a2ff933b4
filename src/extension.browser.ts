// The web entry (package.json "browser"), for VS Code for the web, whose extension host is a Web
// Worker: bundled into one file (dist/host.js) that imports nothing but 'vscode'. It holds all
// the host code, and the desktop entry (src/extension.ts) runs the same file with Node's platform.
import * as vscode from 'vscode';
import type * as Engine from './engine';
import { activateWith } from './host/activate';
import type { PapersApi } from './host/api';
import { useEngine } from './host/engine';
import { ENGINE_SCRIPT, EngineScript } from './host/engineScript';
import { evaluateEngine } from './platform/engine.web';
import { startEngineWorker } from './platform/worker.web';

export { activateWith } from './host/activate';
export { useEngine } from './host/engine';
export { ENGINE_SCRIPT, EngineScript } from './host/engineScript';
export { evaluateEngine } from './platform/engine.web';

export async function activate(context: vscode.ExtensionContext): Promise<PapersApi> {
  // The engine is read now (it cannot be required later), decoded meanwhile, evaluated on first use.
  let script: EngineScript | undefined;
  let failure: unknown;
  try {
    script = new EngineScript(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(context.extensionUri, 'dist', ENGINE_SCRIPT)), 'papers-engine.js');
  } catch (error) {
    failure = error;
  }
  const source = () => {
    if (!script) throw new Error(`cannot read the engine (dist/${ENGINE_SCRIPT}): ${failure instanceof Error ? failure.message : String(failure)}`);
    return script.text();
  };
  useEngine(() => evaluateEngine<typeof Engine>(source()));
  return activateWith(context, { startEngineWorker: () => startEngineWorker(source()) });
}

export function deactivate(): void {}
