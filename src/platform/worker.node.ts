// The engine worker on the desktop: a Node worker thread running the engine's source
// (dist/engine.js, host/engine/script.ts; evaluated, so it needs no file of its own). Its heap is its own and capped, so a library too large for it costs the
// worker, never the extension host that every extension shares.
import { Worker } from 'node:worker_threads';
import { commonJsBody } from './codeCache.node';
import { ENGINE_WORKER, type EngineWorker } from './worker';

/** The worker's old-generation heap cap (MB): far above what 100,000 papers need, far below a crash of the host. */
const HEAP_LIMIT_MB = 2048;

/**
 * The worker's first script: it compiles the engine as the host does (the same function body,
 * `commonJsBody`, so that the host's code cache fits), with the cache the host wrote in an
 * earlier session if there is one (V8 passes over one that is missing or does not fit), and
 * then tells it to serve: the engine does not ask Node whether it runs in a worker thread,
 * which would cost the extension host the same question when it loads the engine.
 */
const BOOT = `
const { Script } = require('node:vm');
const { readFileSync } = require('node:fs');
const { body, filename, cache } = require('node:worker_threads').workerData;
let cachedData;
if (cache) try { cachedData = readFileSync(cache); } catch {}
const module = { exports: {} };
new Script(body, { filename, cachedData }).runInThisContext()(module, module.exports, require);
module.exports.serveIfWorker(true);
`;

/** `cache`: the engine's code cache (codeCache.node.ts) to try, and the engine's file name for stack traces. */
export function startEngineWorker(source: string, cache?: { file: string; filename: string }): EngineWorker {
  const resourceLimits = { maxOldGenerationSizeMb: HEAP_LIMIT_MB };
  const workerData = { engine: ENGINE_WORKER, body: commonJsBody(source), filename: cache?.filename ?? 'engine.js', cache: cache?.file };
  const worker = new Worker(BOOT, { eval: true, workerData, resourceLimits });
  let exited = false;
  const exitListeners: ((reason: string) => void)[] = [];
  const exit = (reason: string) => {
    if (exited) return;
    exited = true;
    for (const listener of exitListeners) listener(reason);
  };
  worker.on('error', error => exit(error instanceof Error ? error.message : String(error)));
  worker.on('exit', code => exit(`exit code ${code}`));
  return {
    post: (message, transfer) => worker.postMessage(message, transfer ?? []),
    onMessage: listener => worker.on('message', listener),
    onExit: listener => exitListeners.push(listener),
    terminate: async () => { exited = true; await worker.terminate(); },
  };
}
