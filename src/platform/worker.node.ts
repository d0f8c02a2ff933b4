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
 * which would cost the extension host the same question when it loads the engine. Given the
 * engine's file rather than its source, it reads the file itself: the host's thread then does not
 * copy 383 KB of source into the worker's data as it starts it (2.5 of the 5.7 ms a first worker
 * took it in plain Node; in a window's profile the start held the host 16 ms).
 */
const BOOT = `
const { Script } = require('node:vm');
const { readFileSync } = require('node:fs');
const { code, filename, cache } = require('node:worker_threads').workerData;
const body = code.body ?? code.head + new TextDecoder().decode(readFileSync(code.file)) + code.tail;
let cachedData;
if (cache) try { cachedData = readFileSync(cache); } catch {}
const module = { exports: {} };
new Script(body, { filename, cachedData }).runInThisContext()(module, module.exports, require);
module.exports.serveIfWorker(true);
`;

/**
 * The engine's code, as the host compiles it: its source, or its file and what the host's source
 * has after the file's text (`after`: the sourceURL line, host/engine/script.ts).
 */
export type EngineCode = { source: string } | { file: string; after: string };

/** The worker's part of `code`: the function body, or the file and what goes before and after its text. */
export function workerCode(code: EngineCode): { body: string } | { file: string; head: string; tail: string } {
  if ('source' in code) return { body: commonJsBody(code.source) };
  const mark = '\u0000';
  const [head, tail] = commonJsBody(mark).split(mark);
  return { file: code.file, head, tail: `${code.after}${tail}` };
}

/** `cache`: the engine's code cache (codeCache.node.ts) to try, and the engine's file name for stack traces. */
export function startEngineWorker(code: EngineCode, cache?: { file: string; filename: string }): EngineWorker {
  const resourceLimits = { maxOldGenerationSizeMb: HEAP_LIMIT_MB };
  const workerData = { engine: ENGINE_WORKER, code: workerCode(code), filename: cache?.filename ?? 'engine.js', cache: cache?.file };
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
