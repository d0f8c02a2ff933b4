// The host's side of the engine worker: starting it, its requests and their checked answers.
import vscode = require('vscode');
import type { RequestOf, RequestType, ResultOf } from '../../engine/protocol';
import type { EngineWorker } from '../../platform/worker';
import { engine } from './load';
import { pause } from '../../core/util/pause';

/** The engine worker stopped (crashed, ran out of memory, or was ended) while a request waited. */
export class EngineStoppedError extends Error {}

/**
 * Talks to the engine worker: starts it when first asked, numbers each request, checks each
 * answer against the protocol's schemas (an answer that does not fit is an error, logged),
 * and fails every waiting request at once if the worker stops, so that nothing hangs.
 */
export class EngineClient implements vscode.Disposable {
  private worker: EngineWorker | undefined;
  private next = 1;
  /** Counts `stop` calls, so that a warm-up started before one does not start a worker after it. */
  private stops = 0;
  /** The worker once started (see `started`); undefined until asked for, and again after it stops. */
  private ready: Promise<EngineWorker> | undefined;
  private readonly pending = new Map<number, { type: RequestType; resolve(value: unknown): void; reject(error: Error): void; onProgress?(fraction: number): void }>();
  private readonly stopped = new vscode.EventEmitter<string>();
  /** Fires when the worker stops without being asked to (the reason). */
  readonly onDidStop = this.stopped.event;

  /**
   * `readsFiles`: whether the worker reads files by their path (a Node worker thread can, a Web
   * Worker cannot): then large files and cached libraries go to it as paths, not bytes.
   */
  constructor(
    private readonly start: () => EngineWorker, private readonly log: vscode.LogOutputChannel,
    readonly readsFiles = false,
  ) {}

  /**
   * Starts the worker ahead of the first request, so that it boots while the host gets that
   * request ready. Fails as starting it would.
   */
  async warmUp(): Promise<void> {
    await this.started();
  }

  /**
   * The worker, started in a task of its own (starting a worker holds the host 10 to 20 ms).
   * Every request goes through this one promise, so that requests are posted in the order they
   * were made.
   */
  private started(): Promise<EngineWorker> {
    if (this.ready) return this.ready;
    const stops = this.stops;
    const ready = (async () => {
      await pause();
      if (stops !== this.stops) throw new EngineStoppedError('the search engine was stopped');
      return this.ensure();
    })();
    this.ready = ready;
    // A start that failed is tried again by the next request.
    ready.catch(() => { if (this.ready === ready) this.ready = undefined; });
    return ready;
  }

  /** Whether the worker runs or is starting. */
  get running(): boolean {
    return this.worker !== undefined || this.ready !== undefined;
  }

  private ensure(): EngineWorker {
    if (this.worker) return this.worker;
    const started = performance.now();
    const worker = this.start();
    this.worker = worker;
    worker.onMessage(message => this.receive(worker, message));
    worker.onExit(reason => this.lost(worker, reason));
    this.log.info(`Search engine started in ${(performance.now() - started).toFixed(0)} ms`);
    return worker;
  }

  /** How many requests of each type were sent (for the tests: whether an answer needed the worker). */
  readonly asked = new Map<RequestType, number>();

  /**
   * Sends a request (its ArrayBuffers in `transfer` change hands) and resolves with its checked
   * answer; `onProgress` hears how far the worker is (0 to 1), for a request that says so (a long bibliography).
   */
  async request<T extends RequestType>(request: RequestOf<T>, transfer: ArrayBuffer[] = [], onProgress?: (fraction: number) => void): Promise<ResultOf<T>> {
    const worker = await this.started();
    this.asked.set(request.type, (this.asked.get(request.type) ?? 0) + 1);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { type: request.type, resolve: resolve as (value: unknown) => void, reject, onProgress });
      worker.post({ ...request, id }, transfer);
    });
  }

  /** The worker stopped without being asked to: every waiting request fails, and the store hears of it. */
  private lost(worker: EngineWorker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.ready = undefined;
    this.log.error(`The search engine stopped (${reason}).`);
    for (const [, waiting] of this.pending) waiting.reject(new EngineStoppedError(`the search engine stopped (${reason})`));
    this.pending.clear();
    this.stopped.fire(reason);
  }

  private receive(worker: EngineWorker, message: unknown): void {
    const { ResponseSchema, RESULT_SCHEMAS } = engine().protocol;
    const response = ResponseSchema.safeParse(message);
    if (!response.success) {
      this.log.warn(`Dropped a message from the search engine that is not an answer: ${JSON.stringify(message)?.slice(0, 200)}`);
      return;
    }
    if ('stopped' in response.data) {
      // A Web Worker that stopped by itself (it cannot be heard otherwise); make sure it is gone.
      void worker.terminate();
      this.lost(worker, response.data.stopped);
      return;
    }
    const waiting = this.pending.get(response.data.id);
    if (!waiting) return;
    if ('progress' in response.data) {
      waiting.onProgress?.(response.data.progress);
      return;
    }
    this.pending.delete(response.data.id);
    if (!response.data.ok) {
      waiting.reject(new Error(`the search engine could not answer "${waiting.type}": ${response.data.error}`));
      return;
    }
    const result = RESULT_SCHEMAS[waiting.type].safeParse(response.data.result);
    if (!result.success) {
      const issue = result.error.issues[0];
      this.log.error(`The search engine's answer to "${waiting.type}" does not fit the protocol: ${issue?.path.join('.')}: ${issue?.message}`);
      waiting.reject(new Error(`the search engine gave a malformed answer to "${waiting.type}"`));
      return;
    }
    waiting.resolve(result.data);
  }

  /** Ends the worker on purpose (nothing of the user's left to hold): no stop event. */
  async stop(): Promise<void> {
    this.stops++;
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    for (const [, waiting] of this.pending) waiting.reject(new EngineStoppedError('the search engine was stopped'));
    this.pending.clear();
    await worker?.terminate();
  }

  dispose(): void {
    void this.stop();
    this.stopped.dispose();
  }
}
