// The library as the extension runs it: this thread stands for the extension host, and the
// engine bundle (dist/engine.js) runs in a worker thread, as on the desktop. First the corpus
// file is read and indexed from scratch and the library cached (a first session, or a change
// to the file); then a fresh worker starts from the cache (every later window), and searches
// are timed as the host sees them: the round trip, zod's check of the answer included.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { LIBRARY_FILE, shippedName, splitLibrary } from '../core/corpus/shippedFiles';
import { inflateRaw } from '../platform/inflate.node';
import { CACHE_PARTS, RESULT_SCHEMAS, ResponseSchema, type Request, type RequestType } from '../engine/protocol';
import { ENGINE_WORKER } from '../platform/worker';
import type { RankingQuery } from './queries';

const PARTS = CACHE_PARTS;

export interface EngineMeasurement {
  papers: number;
  /** First session: from starting the worker until every name is searchable, and until the full text is indexed and the library cached. */
  coldSearchableMs: number;
  coldCachedMs: number;
  /** The cached library on disk (papers, compact index, report). */
  cacheBytes: number;
  /** Later sessions: from starting the worker (with the cache read by the host) until the first results arrive. */
  firstSearchMs: number;
  /** The longest the host's event loop was held up: reading and indexing, loading from the cache, searching. */
  hostBlockMaxMs: { cold: number; warm: number; search: number };
  /** Growth of the host's heap with the library loaded (after a full GC). */
  hostHeapMB: number;
  /** The engine worker's heap and buffers, after a full GC there. */
  engineHeapMB: number;
  engineBuffersMB: number;
  /** Round trip of typed queries (ms). */
  queries: number;
  p50: number;
  p95: number;
  p99: number;
  /** Slowest keystroke of the typed queries, and the three slowest with what was typed. */
  maxMs: number;
  slowest: { query: string; ms: number }[];
  ranking: { queries: number; first: number } | null;
}

/** The host's side of the protocol: numbered requests, answers checked with the schemas, progress passed on. */
export class Engine {
  private next = 1;
  private readonly waiting = new Map<number, { type: RequestType; resolve(value: unknown): void; reject(error: Error): void; onProgress?(fraction: number): void }>();
  private readonly worker: Worker;

  constructor(dist: string) {
    // As platform/worker.node.ts starts it (gc() is exposed to it: the flag is the process's).
    this.worker = new Worker(join(dist, 'engine.js'), { workerData: ENGINE_WORKER, resourceLimits: { maxOldGenerationSizeMb: 4096 } });
    this.worker.on('message', (message: unknown) => {
      const response = ResponseSchema.parse(message);
      if ('stopped' in response) return;
      const waiting = this.waiting.get(response.id);
      if (!waiting) return;
      if ('progress' in response) {
        waiting.onProgress?.(response.progress);
        return;
      }
      this.waiting.delete(response.id);
      if (!response.ok) waiting.reject(new Error(response.error));
      else waiting.resolve(RESULT_SCHEMAS[waiting.type].parse(response.result));
    });
  }

  request<T = unknown>(request: Request, transfer: ArrayBuffer[] = [], onProgress?: (fraction: number) => void): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { type: request.type, resolve: value => resolve(value as T), reject, onProgress });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

/** The longest gap of a 1 ms timer on this thread, and the event loop's own maximum delay. */
export function blockMonitor(): { stop(): number } {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let longest = 0;
  let last = performance.now();
  const tick = setInterval(() => { const now = performance.now(); longest = Math.max(longest, now - last - 1); last = now; }, 1);
  delay.enable();
  return {
    stop() {
      clearInterval(tick);
      delay.disable();
      return Math.max(longest, delay.max / 1e6);
    },
  };
}

/** The bytes' own ArrayBuffer when they fill it (a file as read), else a copy: what can be transferred (as the host's store does). */
const bufferOf = (bytes: Uint8Array) => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
  ? bytes.buffer as ArrayBuffer
  : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** The bundled papers as the host gives them to the worker: the shipped library, decoded by zlib as the host's store does. */
async function bundledBytes(dist: string): Promise<{ corpus: ArrayBuffer; names: ArrayBuffer; text: ArrayBuffer }> {
  const { corpus, names, text } = splitLibrary(await inflateRaw(await readFile(join(dist, shippedName(LIBRARY_FILE)))));
  return { corpus: bufferOf(corpus), names: bufferOf(names), text: bufferOf(text) };
}

/**
 * Measures `corpusFile` (the dist/corpus.json shape) through the engine worker: a first session
 * from the file, then a later one from the cache, with `queries` timed as typed and `ranking`
 * asked once each.
 */
export async function measureEngine(dist: string, corpusFile: string, scratch: string, queries: readonly string[], ranking: readonly RankingQuery[] = []): Promise<EngineMeasurement> {
  const cacheDir = join(scratch, 'cache');
  mkdirSync(cacheDir, { recursive: true });
  const file = { file: 'corpus.json' };

  // A first session: the worker reads the file (by its path, as on the desktop), merges, indexes, caches.
  const cold = blockMonitor();
  let started = performance.now();
  let engine = new Engine(dist);
  const bundled = await bundledBytes(dist);
  await engine.request({ type: 'load', ...bundled }, [bundled.corpus, bundled.names, bundled.text]);
  const report = await engine.request<{ papers: number }>({ type: 'setInput', corpus: [{ ...file, path: corpusFile }], cacheKey: 'bench' });
  const coldSearchableMs = performance.now() - started;
  // Written by the worker itself, as on the desktop.
  const paths = Object.fromEntries(PARTS.map(part => [part, join(cacheDir, part)])) as Record<(typeof PARTS)[number], string>;
  const snapshot = await engine.request<{ written?: true } | undefined>({ type: 'snapshot', key: 'bench', paths });
  if (!snapshot?.written) throw new Error('the engine made no snapshot of the corpus file');
  const coldCachedMs = performance.now() - started;
  const coldBlock = cold.stop();
  await engine.stop();
  const cacheBytes = PARTS.reduce((n, part) => n + statSync(paths[part]).size, 0);

  // A later session: a fresh worker, given the cache's paths (not the corpus file): it reads the
  // index and the papers itself, the abstracts only when a paper is shown.
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const warm = blockMonitor();
  started = performance.now();
  engine = new Engine(dist);
  const b = await bundledBytes(dist);
  await engine.request({ type: 'load', ...b }, [b.corpus, b.names, b.text]);
  const loadedAt = performance.now() - started;
  await engine.request({ type: 'setInput', corpus: [file], cacheKey: 'bench', cached: { key: 'bench', paths } });
  const inputAt = performance.now() - started;
  await engine.request({ type: 'query', text: queries[0] ?? 'agent', options: { limit: 50 } });
  const firstSearchMs = performance.now() - started;
  console.error(`[bench] from the cache: bundled papers loaded at ${loadedAt.toFixed(0)} ms, the cached library at ${inputAt.toFixed(0)} ms, first results at ${firstSearchMs.toFixed(0)} ms`);
  const warmBlock = warm.stop();

  // Searches as typed, timed where the host sees them.
  const search = blockMonitor();
  const times: number[] = [];
  const each: { query: string; ms: number }[] = [];
  for (const query of queries) {
    const t = performance.now();
    await engine.request({ type: 'query', text: query, options: { limit: 50 } });
    times.push(performance.now() - t);
    each.push({ query, ms: times[times.length - 1] });
  }
  let first = 0;
  for (const { id, query } of ranking) {
    const rows = await engine.request<{ rows: { id: string }[] }>({ type: 'query', text: query, options: { limit: 10 } });
    if (rows.rows[0]?.id === id) first++;
  }
  const searchBlock = search.stop();
  gc();
  const hostHeapMB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const memory = await engine.request<{ heapMB: number; externalMB: number }>({ type: 'memory' });
  await engine.stop();
  times.sort((a, b) => a - b);
  return {
    papers: report.papers, coldSearchableMs, coldCachedMs, cacheBytes, firstSearchMs,
    hostBlockMaxMs: { cold: coldBlock, warm: warmBlock, search: searchBlock },
    hostHeapMB, engineHeapMB: memory.heapMB, engineBuffersMB: memory.externalMB,
    queries: times.length, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), maxMs: times[times.length - 1],
    slowest: each.sort((a, b) => b.ms - a.ms).slice(0, 3),
    ranking: ranking.length ? { queries: ranking.length, first } : null,
  };
}

/** For a child process: reads the spec, measures, prints the measurement as JSON. */
export async function engineStep(specFile: string): Promise<EngineMeasurement> {
  const spec = JSON.parse(readFileSync(specFile, 'utf8')) as { dist: string; corpusFile: string; scratch: string; queries: string[]; ranking: RankingQuery[] };
  return measureEngine(spec.dist, spec.corpusFile, spec.scratch, spec.queries, spec.ranking);
}
