// The style engine's bundle (dist/styles.js, shipped as dist/styles.js.lz): citeproc-js, the
// bundled styles and locales, and what formats the library's papers with them. It is large, so
// nothing loads it at activation or with the engine's first answer: the engine worker loads it on
// first need (src/platform/styleEngine.ts) and calls what this exports.
import { bundledLocale, bundledStyle } from './core/styles/bundled';
import { StyleEngine, type StyleSource } from './core/styles/engine';
import { BUNDLED_STYLES, type BundledStyleId } from './core/styles/resolve';

const isBundledStyle = (id: string): id is BundledStyleId => BUNDLED_STYLES.some(s => s.id === id);

export { BUNDLED_LOCALES, bundledLocale, bundledStyle } from './core/styles/bundled';
export { StyleEngine, type CslItem, type Formatted, type StyleSource } from './core/styles/engine';
export { bibFileItems, paperCslItem } from './core/styles/items';
export type { OutputForm } from './core/styles/output';
export { StyleError, type StyleInfo } from './core/styles/styleXml';

/**
 * The engine for a bundled style (by id) or a writer's .csl file (its XML and name), in `locale`
 * (the style's own default, else `fallbackLocale`, else en-US, when not given or not shipped). Throws `StyleError`, with
 * the file and line, for a file that is not a CSL style: the caller then uses the default (APA).
 *
 * @example createStyleEngine('ieee').reference(item, 'text') === '[1] A. Vaswani et al., …'
 */
export function createStyleEngine(style: BundledStyleId | StyleSource, locale?: string, fallbackLocale?: string): StyleEngine {
  return StyleEngine.create(typeof style === 'string' ? bundledStyle(style) : style, { locale, fallbackLocale, locales: bundledLocale, styles: id => (isBundledStyle(id) ? bundledStyle(id) : undefined) });
}
