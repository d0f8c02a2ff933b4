// The desktop entry (package.json "main"), for VS Code's Node extension host. The host code
// itself is in dist/host.js, the web build's single-file bundle, which this entry runs with
// Node's worker threads and `require`: one copy of the host code serves both builds, which is
// what keeps the VSIX with both under 400 KB (two copies would add 21 KB zipped).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as vscode from 'vscode';
import type * as Host from './extension.browser';
import type * as Engine from './engine';
import type * as FeaturesBundle from './features';
import { nodeDisk } from './platform/disk.node';
import { cacheFile, codeVersion, compileCached, whenQuiet, type CompiledCode } from './platform/codeCache.node';
import { startEngineWorker } from './platform/worker.node';

export type { PapersApi } from './host/api';

/**
 * How long after activation (the host's code) and after the engine's first use their code caches
 * are written: then, once the extension host is quiet (`whenQuiet`), and at the latest 20 s after.
 */
const CODE_CACHE_AFTER_MS = 5_000;
const CODE_CACHE_LATEST_MS = 20_000;

/** Runs compiled code with `require`; when V8 had no cache of it, its cache is written once the host is quiet. */
function runCaching<T>(compiled: CompiledCode<T>, require: (id: string) => unknown): T {
  const exports = compiled.run(require);
  if (!compiled.fromCache) whenQuiet(() => void compiled.save(), CODE_CACHE_AFTER_MS, CODE_CACHE_LATEST_MS);
  return exports;
}

export function activate(context: vscode.ExtensionContext): ReturnType<typeof Host.activateWith> {
  const folder = context.globalStorageUri.scheme === 'file' ? context.globalStorageUri.fsPath : undefined;
  // The host's code (dist/host.js, beside this file; the build keeps it out of this bundle) is
  // compiled from V8's code cache too: compiling it was a visible part of activation in a profile.
  // Run with this file's `require`, through which VS Code gives this extension its 'vscode'.
  const hostFile = join(context.extensionPath, 'dist', 'host.js');
  const hostBytes = readFileSync(hostFile);
  const host = runCaching(compileCached<typeof Host>(hostBytes.toString('utf8'), codeVersion(hostBytes), folder, hostFile, 'host'), require);
  // The engine (host/engine/script.ts) is read on first use, compiled from V8's code cache of an
  // earlier session; this session's is written a few seconds after the first use, once the
  // functions the host uses at start are compiled too. Its source, compiling it and running it
  // are a step each (host/engine/load.ts).
  const file = join(context.extensionPath, 'dist', host.ENGINE_SCRIPT);
  let bytes: Uint8Array | undefined;
  const source = host.engineSource(() => (bytes = readFileSync(file)), file);
  let version: string | undefined;
  const engineVersion = () => (version ??= codeVersion(bytes!));
  host.useEngine({
    source,
    compile: text => {
      const compiled = compileCached<typeof Engine>(text, engineVersion(), folder, file);
      return () => runCaching(compiled, require);
    },
  });
  // The worker compiles the engine from the same cache (the host writes it; the worker only reads it).
  const workerCache = () => (folder && bytes ? { file: cacheFile(folder, engineVersion()), filename: file } : undefined);
  // The worker reads the engine's file itself (the source is read here first all the same: a file that cannot be read is said here).
  const startWorker = () => { source(); return startEngineWorker({ file, after: host.sourceUrlLine(file) }, workerCache()); };
  // The features (dist/features.js) are read and compiled on first use, from their own code cache.
  const featuresFile = join(context.extensionPath, 'dist', host.FEATURES_SCRIPT);
  let featureBytes: Uint8Array | undefined;
  const features = host.featuresOf({
    source: host.engineSource(() => (featureBytes = readFileSync(featuresFile)), featuresFile, 'the features'),
    compile: text => {
      const compiled = compileCached<typeof FeaturesBundle>(text, codeVersion(featureBytes!), folder, featuresFile, 'features');
      return featuresRequire => runCaching(compiled, featuresRequire);
    },
  });
  return host.activateWith(context, { startEngineWorker: startWorker, engineReadsFiles: true, disk: nodeDisk, features });
}

export function deactivate(): void {}
