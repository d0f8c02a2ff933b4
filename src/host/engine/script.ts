// The engine bundle as the extension ships it: dist/engine.js.lz, LZMA like the data files. The
// engine is most of the extension's code, and compressed this way it is 82 KB in the VSIX
// instead of 91 KB zipped, in a VSIX with a 400 KB budget for both builds. Both entries read
// it at activation (a small read); it is decoded in slices in the background, and
// evaluated on first use in the host (host/engine/load.ts) and as the engine worker's script.
import { LZMA_STEP_BYTES, lzmaSteps } from '../../core/util/lzma';
import { inSlices, pause, runToEnd } from '../../core/util/pause';

/** Where the engine's shipped bytes are, beside the entries in dist/. */
export const ENGINE_SCRIPT = 'engine.js.lz';

export class EngineScript {
  private readonly steps: Generator<void, Uint8Array, void>;
  private source?: string;
  private failure?: unknown;
  /** Settles once the background decoding is done (or failed): `text()` then holds nothing up. */
  readonly decoded: Promise<void>;

  /** `packed`: the bytes of dist/engine.js.lz. Decoding starts at once, a slice at a time. */
  constructor(packed: Uint8Array, private readonly name: string) {
    this.steps = lzmaSteps(packed, LZMA_STEP_BYTES);
    this.decoded = this.decodeInSlices().catch((error: unknown) => { this.failure = error; }); // text() reports it
  }

  /**
   * The engine's source, with its name for stack traces. Finishes decoding now when the
   * background has not: the first use of the engine waits for nothing.
   */
  text(): string {
    if (this.source === undefined) {
      if (this.failure !== undefined) throw this.failure;
      this.finish(runToEnd(this.steps));
    }
    return this.source as string;
  }

  private async decodeInSlices(): Promise<void> {
    await pause();
    // Steps that `text()` took already are not taken again: it may finish the decoding at once.
    const bytes = await inSlices(this.steps, pause);
    if (this.source === undefined) this.finish(bytes);
  }

  private finish(bytes: Uint8Array): void {
    this.source = `${new TextDecoder().decode(bytes)}\n//# sourceURL=${this.name}`;
  }
}

/**
 * The engine's source, on demand, from the bytes `read` gives at activation; when they could not
 * be read, each use says so (the views and commands are registered all the same). `name`
 * names the file in that message and in stack traces.
 */
export interface EngineSource {
  (): string;
  /** Settles once the source is decoded in the background (or could not be). */
  decoded: Promise<void>;
}

export function engineSource(read: () => Uint8Array, name: string): EngineSource {
  let script: EngineScript | undefined;
  let failure: unknown;
  try {
    script = new EngineScript(read(), name);
  } catch (error) {
    failure = error;
  }
  const source = () => {
    if (!script) throw new Error(`cannot read the engine (${name}): ${failure instanceof Error ? failure.message : String(failure)}`);
    return script.text();
  };
  return Object.assign(source, { decoded: script?.decoded ?? Promise.resolve() });
}
