// The engine worker's channel to the host: a Web Worker's own scope in a browser, the thread's
// parent port on the desktop. One engine bundle runs as both, so the channel is found as it
// starts rather than chosen by the build.
import type { Request, Response } from '../engine/protocol';
import { ENGINE_WORKER } from './worker';

/** What this bundle uses of a Web Worker's global scope (the engine is compiled without the DOM's types). */
interface WebWorkerScope {
  importScripts?: unknown;
  name?: string;
  postMessage(message: unknown, transfer?: unknown[]): void;
  addEventListener(type: string, listener: (event: { data?: unknown; message?: string; reason?: unknown }) => void): void;
  close(): void;
}

/**
 * Ends this Web Worker. Its host learns of a worker's end from nothing else: no event reaches
 * the page when a worker closes, and VS Code's nested-worker polyfill in the web extension host
 * passes on no error events either.
 */
export function stopWebWorker(reason: string): void {
  const scope = globalThis as unknown as WebWorkerScope;
  scope.postMessage({ stopped: reason } satisfies Response);
  scope.close();
}

export interface Port {
  post(message: Response, transfer?: ArrayBuffer[]): void;
  listen(handle: (message: Request & { id: number }) => void): void;
}

/**
 * The channel to the host when this bundle runs as the engine worker: the Web Worker's own
 * scope, or (`node`: the caller knows it is in a Node worker thread) the thread's parent port;
 * undefined when it was loaded some other way (required by the extension host, or imported by a test).
 */
export function enginePort(node: boolean): Port | undefined {
  const scope = globalThis as unknown as WebWorkerScope;
  if (typeof scope.importScripts === 'function') {
    // VS Code for the web names a worker an extension starts "<its own worker's name> -> <name>".
    if (scope.name !== ENGINE_WORKER && !scope.name?.endsWith(` -> ${ENGINE_WORKER}`)) return undefined;
    // An uncaught error ends a Node worker thread, and the host starts a new one; a Web Worker
    // would go on in an unknown state, so it stops too, and says so (see stopWebWorker).
    scope.addEventListener('error', e => stopWebWorker(`uncaught error: ${e.message ?? 'unknown'}`));
    scope.addEventListener('unhandledrejection', e => stopWebWorker(`unhandled rejection: ${e.reason instanceof Error ? e.reason.message : String(e.reason)}`));
    return {
      post: (message, transfer) => scope.postMessage(message, transfer ?? []),
      listen: handle => scope.addEventListener('message', e => handle(e.data as Request & { id: number })),
    };
  }
  // Asking Node whether this is a worker thread loads worker_threads, 6 ms of the extension host's
  // first run of the engine: the desktop worker's first script says so instead (platform/worker.node.ts).
  if (!node || typeof require !== 'function') return undefined;
  // A Node worker thread (this branch never runs in a browser, where `require` does not exist).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const threads = require('node:worker_threads') as typeof import('node:worker_threads');
  // The engine bundle as the worker's script (`workerData` is the name), or compiled by the desktop's first script (it is an object).
  const data = threads.workerData as unknown;
  const named = data === ENGINE_WORKER || (typeof data === 'object' && data !== null && (data as { engine?: unknown }).engine === ENGINE_WORKER);
  if (threads.isMainThread || !named || !threads.parentPort) return undefined;
  const parent = threads.parentPort;
  yieldToHost();
  return {
    post: (message, transfer) => parent.postMessage(message, transfer ?? []),
    listen: handle => parent.on('message', handle),
  };
}

/**
 * Lowers this worker thread's scheduling priority (Linux: a thread has its own nice value), so
 * that on a machine with few cores the extension host, which every extension shares, always
 * gets the processor first while the engine reads and indexes.
 */
function yieldToHost(): void {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { readlinkSync } = require('node:fs') as typeof import('node:fs');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { setPriority } = require('node:os') as typeof import('node:os');
    const thread = /task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1];
    if (thread) setPriority(Number(thread), 10);
  } catch {
    // Not Linux, or not allowed: the worker runs at the host's priority, which is fine.
  }
}
