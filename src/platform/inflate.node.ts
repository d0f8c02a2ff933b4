// Raw deflate decoded by Node's zlib, in its thread pool (core/util/inflate.ts says why): for the
// desktop's extension host (platform/disk.node.ts) and the engine worker as a Node worker thread.
// zlib is required when first needed: the engine bundle also runs in browsers, where it never is.

/**
 * The output buffer zlib fills per trip to its thread pool. Its default (16 KB) made the shipped
 * library (300 KB in, 990 KB out) sixty-odd trips, each a callback and a write on the calling
 * thread: 38 ms of the extension host in a profile of a window's first use, and 8-20 ms in plain
 * Node against 2-4 ms for one trip. Deflate rarely gives more than four times its input (the
 * library gives 3.3); more only costs another trip.
 */
export function chunkSizeFor(bytes: Uint8Array): number {
  return Math.min(Math.max(bytes.byteLength * 4, 64 * 1024), 64 * 1024 * 1024);
}

export function inflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const zlib = require('node:zlib') as typeof import('node:zlib');
  return new Promise((resolve, reject) => zlib.inflateRaw(bytes, { chunkSize: chunkSizeFor(bytes) }, (error, result) => (error ? reject(error) : resolve(result))));
}
