// The engine worker. The engine bundle (dist/engine.js, one classic script) is what the
// extension host loads for the bundled papers, and, started as a worker, what holds a large
// library: a Node worker thread on the desktop, a Web Worker in a browser (the channel to the host
// is the platform's: platform/enginePort.ts). Started so, it holds the library (engine/service.ts)
// and answers the host's requests (engine/protocol.ts), so that reading, indexing and searching a
// large library never hold up the extension host.
import { memoryShelf } from '../core/corpus/shelf';
import { inflateRawWithStreams } from '../core/util/inflate';
import { libraryText, splitLibrary } from '../core/corpus/shippedFiles';
import { enginePort, stopWebWorker } from '../platform/enginePort';
import { fileShelf, readBytes, writeParts } from '../platform/engineFiles.node';
import { inflateRaw } from '../platform/inflate.node';
import { pause } from '../core/util/pause';
import type { UserInput } from './input';
import { CACHE_PARTS, isQuestion, type CachedBytes, type InputReport, type Request } from './protocol';
import { LibraryService } from './service';
import type { CachedLibrary } from './snapshot';
import { decodeText } from '../core/util/decode';
import { format, styleEngine } from './formatting';
import { suggestPlaces } from '../core/web/suggest';

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
/** Whether this worker is a Node worker thread (`serveIfWorker(true)`), which decodes with Node's zlib. */
let onNode = false;
/** The bundled papers being decoded: requests sent right behind 'load' wait for it. */
let loading: Promise<void> | undefined;

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
  if (loading && request.type !== 'load') await loading;
  if (isQuestion(request)) return { result: await loaded().answer(request) };
  switch (request.type) {
    case 'load': {
      // Decoded natively (a few milliseconds, beside this thread), parsed lazily: the user's files,
      // sent right behind, come first, and a library taken whole from the cache holds the bundled
      // papers, which are then never parsed here.
      const decoding = (async () => {
        const parts = 'library' in request ? splitLibrary(await (onNode ? inflateRaw : inflateRawWithStreams)(new Uint8Array(request.library))) : request;
        service = LibraryService.lazy(() => libraryText(parts));
      })();
      const settled = decoding.then(() => undefined, () => undefined);
      loading = settled;
      void settled.then(() => { if (loading === settled) loading = undefined; });
      await decoding;
      await pause();
      return { result: loaded().size };
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
        zotero: request.zotero,
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
      return { result: await styleEngine(request, keys => loaded().papersWhenReady(keys)) };
    case 'format':
      // By key, as soon as the keys answer (before the join of the user's entries, as a hover's row).
      return { result: await format(request, keys => loaded().papersWhenReady(keys), onProgress) };
    case 'suggest':
      // Needs no library: the links came with the request.
      return { result: suggestPlaces(request.links, { cited: new Set(request.cited), dismissed: new Set(request.dismissed), limit: request.limit }) };
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
  const channel = enginePort(node);
  onNode = node;
  channel?.listen(request => {
    const onProgress = (progress: number) => channel.post({ id: request.id, progress });
    answer(request, onProgress).then(
      ({ result, transfer }) => channel.post({ id: request.id, ok: true, result }, transfer),
      (error: unknown) => channel.post({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
