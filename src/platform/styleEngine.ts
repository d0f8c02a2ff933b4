// Loading the style engine (dist/styles.js.lz: citeproc-js, the bundled styles and locales) in the
// engine worker, on first need: never at activation, never with the engine's first answer. The
// same on both hosts: a Node worker thread reads the bytes from dist/ (styleEngine.node.ts); a Web
// Worker is sent them by the host, which reads the extension's file. The source is evaluated as a
// CommonJS function body, as the host evaluates the engine (engine.web.ts): a Web Worker started
// from a Blob URL cannot importScripts the extension's files, and text it was sent it can run.
import { lzmaDecode } from '../core/util/lzma';

/** What the style engine's bundle exports (src/styles.ts). */
export type StylesModule = typeof import('../styles');

/** The style engine's shipped file, beside the entries in dist/. */
export const STYLES_SCRIPT = 'styles.js.lz';

/**
 * The style engine from its shipped bytes (the LZMA copy, dist/styles.js.lz), decoded and run.
 * `name` names it in stack traces.
 *
 * @example const styles = loadStyles(bytes); styles.createStyleEngine('apa').reference(item, 'markdown')
 */
export function loadStyles(packed: Uint8Array, name = 'styles.js'): StylesModule {
  return runStyles(new TextDecoder().decode(lzmaDecode(packed)), name);
}

/** The style engine from its source (dist/styles.js), run as a CommonJS module. */
export function runStyles(source: string, name = 'styles.js'): StylesModule {
  const module: { exports: unknown } = { exports: {} };
  const body = new Function('module', 'exports', `${source}\n//# sourceURL=${name}`) as (module: unknown, exports: unknown) => void;
  body(module, module.exports);
  return module.exports as StylesModule;
}
