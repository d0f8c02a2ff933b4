// The engine worker. The engine bundle (dist/engine.js, one classic script) is what the
// extension host loads for the bundled papers, and, started as a worker, what holds a large
// library: a Node worker thread on the desktop, a Web Worker in a browser. Started so, it holds
// the library (engine/service.ts) and answers the host's requests (engine/protocol.ts), so
// that reading, indexing and searching a large library never hold up the extension host.
import { memoryShelf } from '../core/corpus/shelf';
import { lzmaDecode } from '../core/util/lzma';
import { libraryText, splitLibrary } from '../core/corpus/shippedFiles';
import { ENGINE_WORKER } from '../platform/worker';
import { fileShelf, readBytes, writeParts } from './files';
import { pause } from '../core/util/pause';
import type { UserInput } from './input';
import { CACHE_PARTS, isQuestion, type CachedBytes, type InputReport, type Request, type Response } from './protocol';
import { LibraryService } from './service';
import type { CachedLibrary } from './snapshot';
import { decodeText } from '../core/util/decode';
import { format, styleEngine } from './styles';

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
function stopWebWorker(reason: string): void {
  const scope = globalThis as unknown as WebWorkerScope;
  scope.postMessage({ stopped: reason } satisfies Response);
  scope.close();
}

interface Port {
  post(message: Response, transfer?: ArrayBuffer[]): void;
  listen(handle: (message: Request & { id: number }) => void): void;
}

/**
 * The channel to the host when this bundle runs as the engine worker: the Web Worker's own
 * scope, or (`node`: the caller knows it is in a Node worker thread) the thread's parent port;
 * undefined when it was loaded some other way (required by the extension host, or imported by a test).
 */
function port(node: boolean): Port | undefined {
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

// Bibliographies and corpus files as the writer's tools wrote them: UTF-8, or UTF-16 (core/util/decode).
const decode = (bytes: ArrayBuffer) => decodeText(new Uint8Array(bytes));

/** A bibliography file's text; one that went away since the host found it reads as empty, as on the host. */
function readText(path: string): string {
  try {
    return decodeText(readBytes(path));
  } catch {
    return '';
  }
}

let service: LibraryService | undefined;

function loaded(): LibraryService {
  if (!service) throw new Error('the engine has no library yet (load it first)');
  return service;
}

/**
 * A cached library as the service takes it. The bytes stay bytes: the compact index is views
 * onto them, and the abstracts are read from them (or from the file) when a paper is shown.
 * One that cannot be read is passed over: the service then asks for the corpus files.
 */
function cachedLibrary(cached: CachedBytes): CachedLibrary | undefined {
  try {
    if ('paths' in cached) {
      const { paths } = cached;
      return { key: cached.key, papers: fileShelf(paths.papers), names: readBytes(paths.names), text: readBytes(paths.text), meta: readBytes(paths.meta) };
    }
    const { bytes } = cached;
    return { key: cached.key, papers: memoryShelf(new Uint8Array(bytes.papers)), names: new Uint8Array(bytes.names), text: new Uint8Array(bytes.text), meta: new Uint8Array(bytes.meta) };
  } catch {
    return undefined;
  }
}

/** The last `setInput`'s report once every name is searchable (the answer to 'indexed'). */
let indexed: Promise<InputReport> | undefined;

/**
 * Gives the library the user's files and answers as soon as the papers answer by key, with a
 * report that says `indexing`; the host then asks 'indexed' for the rest.
 */
function setInput(input: UserInput): Promise<InputReport> {
  let ready!: (report: InputReport) => void;
  const early = new Promise<InputReport>(resolve => { ready = resolve; });
  const done = loaded().setInput({ ...input, papersReady: ready });
  indexed = done;
  return Promise.race([done, early]);
}

/**
 * Answers one request; bytes to transfer back are returned beside the result. The views'
 * questions are the service's to answer (`LibraryService.answer`: it waits for the join where
 * the request table says so); the rest is the worker's own.
 */
async function answer(request: Request, onProgress: (fraction: number) => void): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
  if (isQuestion(request)) return { result: await loaded().answer(request) };
  switch (request.type) {
    case 'load': {
      service = LibraryService.lazy(() => libraryText('library' in request ? splitLibrary(lzmaDecode(new Uint8Array(request.library))) : request));
      // The user's files, sent right behind, come first: a library taken whole from the cache
      // holds the bundled papers, which are then never decoded here (about 0.2 s of work, more while the window loads).
      await pause();
      return { result: service.size };
    }
    case 'setInput': {
      const cached = request.cached && cachedLibrary(request.cached);
      // A whole library from the cache stands for the bibliographies: they are read only if it cannot
      // (missing, as in a first session, or damaged), here and now rather than after a round trip to the host.
      const cacheStandsIn = cached !== undefined && cached.key === request.bibliographyKey && !request.corpus?.length;
      const bibliographies = (read: boolean) => request.bibliographies?.map(b => ({
        uri: b.uri, file: b.file, after: b.after,
        text: !read ? undefined : b.path !== undefined ? readText(b.path) : b.bytes ? decode(b.bytes) : undefined,
      }));
      const input: UserInput = {
        corpus: request.corpus?.map(f => ({ file: f.file, text: f.path !== undefined ? decodeText(readBytes(f.path)) : f.bytes && decode(f.bytes) })),
        bibliographies: bibliographies(!cacheStandsIn),
        cacheKey: request.cacheKey,
        bibliographyKey: request.bibliographyKey,
        cached,
        web: request.web,
      };
      const report = await setInput(input);
      const readable = request.bibliographies?.every(b => b.path !== undefined || b.bytes !== undefined);
      if (!report.needsFiles || !cacheStandsIn || !readable) return { result: report };
      return { result: await setInput({ ...input, bibliographies: bibliographies(true), cached: undefined }) };
    }
    case 'indexed':
      if (!indexed) throw new Error('no files were given to index');
      return { result: await indexed };
    case 'snapshot': {
      const snapshot = await loaded().snapshot(request.key);
      if (!snapshot) return { result: undefined };
      const { paths } = request;
      if (paths) {
        // On the desktop: written here, so that hundreds of MB never pass through the extension host.
        writeParts(CACHE_PARTS.map(part => [paths[part], snapshot[part]]));
        return { result: { key: snapshot.key, written: true } };
      }
      // Copies: this worker keeps searching the index's own bytes.
      const copy = (bytes: Uint8Array) => bytes.slice().buffer as ArrayBuffer;
      const parts = { key: snapshot.key, papers: copy(snapshot.papers), names: copy(snapshot.names), text: copy(snapshot.text), meta: copy(snapshot.meta) };
      return { result: parts, transfer: [parts.papers, parts.names, parts.text, parts.meta] };
    }
    case 'styleEngine':
      return { result: styleEngine(request) };
    case 'format':
      // By key, as soon as the keys answer (before the join of the user's entries, as a hover's row).
      return { result: await format(request, keys => loaded().papersWhenReady(keys), onProgress) };
    case 'settled':
      await loaded().settled();
      return { result: null };
    case 'exit': {
      // Stops the worker the way a crash would (tests check that the host recovers).
      const scope = globalThis as { process?: { exit(code: number): void } };
      if (scope.process) scope.process.exit(70); else stopWebWorker('asked to exit');
      return { result: null };
    }
    case 'memory': {
      // A full collection first when the worker was started with gc() exposed (the bench), so that the figure is what is held.
      (globalThis as { gc?: () => void }).gc?.();
      const memory = (globalThis as { process?: { memoryUsage(): { heapUsed: number; external: number; arrayBuffers: number } } }).process?.memoryUsage();
      const mb = (n: number | undefined) => (n ?? 0) / 2 ** 20;
      return { result: { heapMB: mb(memory?.heapUsed), externalMB: mb(memory?.external), arrayBuffersMB: mb(memory?.arrayBuffers) } };
    }
  }
}

/**
 * Starts answering the host, when this bundle runs as the engine worker; does nothing otherwise.
 * The bundle calls it as it loads (a Web Worker is known by its scope); a Node worker thread's
 * first script calls it with `node` once the bundle is loaded.
 */
export function serveIfWorker(node = false): void {
  const channel = port(node);
  channel?.listen(request => {
    const onProgress = (progress: number) => channel.post({ id: request.id, progress });
    answer(request, onProgress).then(
      ({ result, transfer }) => channel.post({ id: request.id, ok: true, result }, transfer),
      (error: unknown) => channel.post({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
