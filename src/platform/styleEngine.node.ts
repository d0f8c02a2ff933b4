// The style engine for a Node worker thread (and the command line's tests): its shipped bytes read
// from dist/, then loaded as on the web (styleEngine.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadStyles, STYLES_SCRIPT, type StylesModule } from './styleEngine';

/** The style engine from `dist` (the folder of the extension's entries). */
export function loadStylesFrom(dist: string): StylesModule {
  const file = join(dist, STYLES_SCRIPT);
  return loadStyles(readFileSync(file), file);
}
