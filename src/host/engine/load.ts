// Loading the engine bundle (dist/engine.js) in the extension host, on first use, a step per task.
import type * as Engine from '../../engine';
import { pause } from '../../core/util/pause';

/**
 * How a host loads the engine: its source (read on demand), and compiling it, which gives
 * what runs its top-level code. The three are steps (together more than the extension host may be
 * held at once while a window loads): `engineLoaded` takes them one per task; `engine()` runs what is left at once.
 */
export interface EngineLoader {
  source(): string;
  compile(source: string): () => typeof Engine;
}

function* stepsOf(loader: EngineLoader): Generator<void, typeof Engine, undefined> {
  const source = loader.source();
  yield;
  const run = loader.compile(source);
  yield;
  return run();
}

let load: EngineLoader | undefined;
let steps: Generator<void, typeof Engine, undefined> | undefined;
let loaded: typeof Engine | undefined;
let failure: { error: unknown } | undefined;
let soon: Promise<typeof Engine> | undefined;

/**
 * Says how to load the engine: the entry of each host calls this at activation (on the desktop,
 * compiled with Node's `vm` and a code cache; in a browser, with `new Function`).
 */
export function useEngine(loader: EngineLoader): void {
  load = loader;
  steps = undefined;
  loaded = undefined;
  failure = undefined;
  soon = undefined;
}

/** Takes the next step; true once the engine is loaded. A step that fails is the failure of every later call. */
function step(): boolean {
  if (loaded) return true;
  if (failure) throw failure.error;
  if (!load) throw new Error('the engine loader was not set (useEngine is called at activation)');
  try {
    steps ??= stepsOf(load);
    const next = steps.next();
    if (next.done) loaded = next.value;
  } catch (error) {
    failure = { error };
    throw error;
  }
  return loaded !== undefined;
}

/**
 * The search engine, schemas and citation formats (dist/engine.js), loaded on first use
 * rather than at activation: they are most of the extension's code, and none of it is
 * needed to register views, commands and providers. What `engineLoaded` has not done yet is done now.
 */
export function engine(): typeof Engine {
  while (!step()) { /* the rest at once: the caller cannot wait */ }
  return loaded!;
}

/** The engine, loaded a step per task (for code that can wait for it). */
export function engineLoaded(): Promise<typeof Engine> {
  soon ??= (async () => {
    while (!step()) await pause();
    // Its callers go on in a task of their own, not in the one that ran the last step.
    await pause();
    return loaded!;
  })();
  return soon;
}
