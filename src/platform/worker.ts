// How the host starts the engine worker: the one thing about it that differs between VS Code
// on the desktop (a Node worker thread) and in a browser (a Web Worker). The build picks the
// implementation: worker.node.ts or worker.web.ts.

/** What the host gives a worker it starts on the engine bundle (Node's workerData, a Web Worker's name), so that the bundle knows to serve. */
export const ENGINE_WORKER = 'papers-engine';

/** A running engine worker, as the host talks to it. */
export interface EngineWorker {
  post(message: unknown, transfer?: ArrayBuffer[]): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Called once when the worker stops for any reason: crashed, ran out of memory, or was ended. */
  onExit(listener: (reason: string) => void): void;
  terminate(): Promise<void>;
}
