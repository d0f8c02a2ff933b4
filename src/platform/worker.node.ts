// The engine worker on the desktop: a Node worker thread running the engine's source
// (dist/engine.js.lz, host/engineScript.ts; evaluated, so it needs no file of its own). Its heap is its own and capped, so a library too large for it costs the
// worker, never the extension host that every extension shares.
import { Worker } from 'node:worker_threads';
import { ENGINE_WORKER, type EngineWorker } from './worker';

/** The worker's old-generation heap cap (MB): far above what 100,000 papers need, far below a crash of the host. */
const HEAP_LIMIT_MB = 2048;

export function startEngineWorker(source: string): EngineWorker {
  const worker = new Worker(source, { eval: true, workerData: ENGINE_WORKER, resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB } });
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
    readsFiles: true,
  };
}
