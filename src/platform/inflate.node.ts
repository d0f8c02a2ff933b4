// Raw deflate decoded by Node's zlib, in its thread pool (core/util/inflate.ts says why): for the
// desktop's extension host (platform/disk.node.ts) and the engine worker as a Node worker thread.
// zlib is required when first needed: the engine bundle also runs in browsers, where it never is.

export function inflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const zlib = require('node:zlib') as typeof import('node:zlib');
  return new Promise((resolve, reject) => zlib.inflateRaw(bytes, (error, result) => (error ? reject(error) : resolve(result))));
}
