// The engine bundle as the extension ships it: dist/engine.js, plain. It shipped as LZMA (like
// the data files) until issue 40: decoding it took 70-80 ms of the host's CPU in plain Node at
// every start, 125 ms in a window, all of it on the way to the first use; plain, it costs the
// VSIX 15 KB (zip's deflate, 121 KB, against LZMA's 106 KB). Evaluated on first use in the host
// (host/engine/load.ts) and as the engine worker's script.

/** Where the engine's shipped bytes are, beside the entries in dist/. */
export const ENGINE_SCRIPT = 'engine.js';

/** What follows the file's text in the engine's source: the name stack traces give it. */
export function sourceUrlLine(name: string): string {
  return `\n//# sourceURL=${name}`;
}

/**
 * The engine's source, on demand, from the bytes `read` gives (read once, on first use on the
 * desktop; at activation in a browser, whose reads are asynchronous); when they could not be read,
 * each use says so (the views and commands are registered all the same). `name` names the file
 * in that message and in stack traces; `what` says what it is (the features' bundle is read so too).
 */
export function engineSource(read: () => Uint8Array, name: string, what = 'the engine'): () => string {
  let source: string | undefined;
  let failure: unknown;
  return () => {
    if (source !== undefined) return source;
    if (failure === undefined) {
      try {
        source = `${new TextDecoder().decode(read())}${sourceUrlLine(name)}`;
        return source;
      } catch (error) {
        failure = error;
      }
    }
    throw new Error(`cannot read ${what} (${name}): ${failure instanceof Error ? failure.message : String(failure)}`);
  };
}
