// Raw deflate, decoded by what the platform has natively: the shipped library (dist/library.deflate,
// core/corpus/shippedFiles.ts) is decoded so on the desktop (Node's zlib, platform/inflate.node.ts) and in
// a browser (DecompressionStream, here). Native decoding runs beside the JavaScript thread: the
// extension host is not held while a megabyte is decoded, which the LZMA decoder written in
// JavaScript (core/util/lzma.ts) held it for 40-80 ms on the way to the first use.

/** `bytes` (raw deflate) decoded by the browser's DecompressionStream (also Node's, a slower stream). */
export async function inflateRawWithStreams(bytes: Uint8Array): Promise<Uint8Array> {
  const Stream = (globalThis as { DecompressionStream?: new (format: string) => TransformStream<Uint8Array, Uint8Array> }).DecompressionStream;
  if (!Stream) throw new Error('this host cannot decode deflate (no DecompressionStream)');
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new Stream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
