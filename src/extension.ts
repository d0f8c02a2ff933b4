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
import { compileEngine, engineVersion } from './platform/engine.node';
import { startEngineWorker } from './platform/worker.node';

export type { PapersApi } from './host/api';

/** How long after the engine is first used its code cache is written. */
const CODE_CACHE_AFTER_MS = 5_000;

export function activate(context: vscode.ExtensionContext): ReturnType<typeof Host.activateWith> {
  // Resolved next to dist/extension.js at run time; the build keeps it out of this bundle.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const host = require('./host.js') as typeof Host;
  // The engine ships compressed (host/engineScript.ts): read now (80 KB), decoded meanwhile.
  const file = join(context.extensionPath, 'dist', host.ENGINE_SCRIPT);
  let packed: Uint8Array | undefined;
  const source = host.engineSource(() => (packed = readFileSync(file)), file);
  // Compiled from V8's code cache of an earlier session; this session's is written a few seconds
  // after the first use, once the functions the host uses at start are compiled too. Its source,
  // compiling it and running it are a step each (host/engine.ts).
  const folder = context.globalStorageUri.scheme === 'file' ? context.globalStorageUri.fsPath : undefined;
  host.useEngine(function* () {
    const text = source();
    yield;
    const compiled = compileEngine<typeof Engine>(text, engineVersion(packed!), folder, file);
    yield;
    const exports = compiled.run(require);
    if (!compiled.fromCache) setTimeout(() => void compiled.save(), CODE_CACHE_AFTER_MS).unref();
    return exports;
  }, source.decoded);
  return host.activateWith(context, { startEngineWorker: () => startEngineWorker(source()), engineDecoded: source.decoded, disk: nodeDisk });
}

export function deactivate(): void {}
