// The desktop entry (package.json "main"), for VS Code's Node extension host. The host code
// itself is in dist/host.js, the web build's single-file bundle, which this entry runs with
// Node's worker threads and `require`: one copy of the host code serves both builds, which is
// what keeps the VSIX with both under 400 KB (two copies would add 21 KB zipped).
import * as vscode from 'vscode';
import type * as Host from './extension.browser';
import type * as Engine from './engine';
import { startEngineWorker } from './platform/worker.node';

export type { PapersApi } from './host/api';

export function activate(context: vscode.ExtensionContext): ReturnType<typeof Host.activateWith> {
  // Resolved next to dist/extension.js at run time; the build keeps both out of this bundle.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const host = require('./host.js') as typeof Host;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  host.useEngine(() => require('./engine.js') as typeof Engine);
  const dist = vscode.Uri.joinPath(context.extensionUri, 'dist').fsPath;
  return host.activateWith(context, { startEngineWorker: () => startEngineWorker(dist) });
}

export function deactivate(): void {}
