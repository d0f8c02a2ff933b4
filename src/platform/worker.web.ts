// The engine worker in a browser: a Web Worker running the engine's source (dist/engine.js,
// host/engine/script.ts), which the web entry read at activation. A worker's script must come
// from the page's own origin, and the extension's files come from elsewhere (a CDN on
// vscode.dev, the test server here), so the worker starts from a Blob URL of the source. In VS Code for the web the extension host is itself
// a worker; its `Worker` is VS Code's wrapper, which starts a classic worker that runs our script
// with importScripts (the engine bundle is a classic script for that reason) and renames it
// "ExtensionHostWorker -> papers-engine" (engine/serve.ts knows).
import { ENGINE_WORKER, type EngineWorker } from './worker';

/** What this file uses of a browser's Worker (the host code is compiled without the DOM's types). */
interface WebWorker {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  terminate(): void;
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: { data?: unknown; message?: string }) => void): void;
}
declare const Worker: new (url: string, options: { name: string }) => WebWorker;

export function startEngineWorker(source: string): EngineWorker {
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const worker = new Worker(url, { name: ENGINE_WORKER });
  let exited = false;
  const exitListeners: ((reason: string) => void)[] = [];
  const end = () => {
    exited = true;
    worker.terminate();
    URL.revokeObjectURL(url);
  };
  const exit = (reason: string) => {
    if (exited) return;
    end();
    for (const listener of exitListeners) listener(reason);
  };
  // A script that fails to load or throws at the top. (Where VS Code has to emulate nested
  // workers, no errors reach here; the worker's own stop notice, engine/serve.ts, still does.)
  worker.addEventListener('error', event => exit(event.message ?? 'the worker failed'));
  worker.addEventListener('messageerror', () => exit('a message from the worker could not be read'));
  return {
    post: (message, transfer) => worker.postMessage(message, transfer ?? []),
    onMessage: listener => worker.addEventListener('message', event => listener(event.data)),
    onExit: listener => exitListeners.push(listener),
    terminate: async () => end(),
  };
}
