import type * as Engine from '../engine';

let load: (() => typeof Engine) | undefined;
let loaded: typeof Engine | undefined;

/**
 * Says how to load the engine: the entry of each host calls this at activation (a `require` on
 * the desktop; in a browser, evaluating the bundle's text, read at activation).
 */
export function useEngine(loader: () => typeof Engine): void {
  load = loader;
  loaded = undefined;
}

/**
 * The search engine, schemas and citation formats (dist/engine.js), loaded on first use
 * rather than at activation: they are most of the extension's code, and none of it is
 * needed to register views, commands and providers.
 */
export function engine(): typeof Engine {
  if (!load) throw new Error('the engine loader was not set (useEngine is called at activation)');
  loaded ??= load();
  return loaded;
}
