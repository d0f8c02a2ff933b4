import type * as Engine from '../engine';

let loaded: typeof Engine | undefined;

/**
 * The search engine, schemas and citation formats (dist/engine.js), loaded on first use
 * rather than at activation: they are most of the extension's code, and none of it is
 * needed to register views, commands and providers.
 */
export function engine(): typeof Engine {
  // Resolved next to dist/extension.js at run time; the build keeps it out of this bundle.
  // A plain require: an import() would be bundled into this file, defeating the split.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./engine.js') as typeof Engine;
  return loaded;
}
