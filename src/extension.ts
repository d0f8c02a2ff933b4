// The desktop entry (package.json "main"), for VS Code's Node extension host. The host code
// itself is in dist/host.js, the web build's single-file bundle, which this entry runs with
// Node's worker threads and `require`: one copy of the host code serves both builds, which is
// what keeps the VSIX with both under 400 KB (two copies would add 21 KB zipped).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as vscode from 'vscode';
import type * as Host from './extension.browser';
import type * as Engine from './engine';
import { nodeDisk } from './platform/disk.node';
import { startEngineWorker } from './platform/worker.node';

export type { PapersApi } from './host/api';

export function activate(context: vscode.ExtensionContext): ReturnType<typeof Host.activateWith> {
  // Resolved next to dist/extension.js at run time; the build keeps it out of this bundle.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const host = require('./host.js') as typeof Host;
  // The engine ships compressed (host/engineScript.ts): read now (80 KB), decoded meanwhile.
  const file = join(context.extensionPath, 'dist', host.ENGINE_SCRIPT);
  const source = host.engineSource(() => readFileSync(file), file);
  host.useEngine(() => host.evaluateEngine<typeof Engine>(source(), require));
  return host.activateWith(context, { startEngineWorker: () => startEngineWorker(source()), engineDecoded: source.decoded, disk: nodeDisk });
}

export function deactivate(): void {}
