// The styles and locales the extension ships (src/data/styles/, CC BY-SA 3.0, credited in its
// README), as text in the style engine's bundle: only dist/styles.js carries them.
import apa from '../../data/styles/apa.csl';
import ieee from '../../data/styles/ieee.csl';
import chicagoAuthorDate from '../../data/styles/chicago-author-date.csl';
import vancouver from '../../data/styles/vancouver.csl';
import nature from '../../data/styles/nature.csl';
import { LOCALES } from './locales';
import type { StyleSource } from './engine';
import type { BundledStyleId } from './resolve';

const STYLES: Record<BundledStyleId, string> = { apa, ieee, 'chicago-author-date': chicagoAuthorDate, vancouver, nature };

/** The locales shipped, by tag. */
export const BUNDLED_LOCALES = Object.keys(LOCALES);

/** A bundled style, named as its file is in messages. */
export function bundledStyle(id: BundledStyleId): StyleSource {
  return { xml: STYLES[id], file: `${id}.csl` };
}

/**
 * A shipped locale's XML for a tag as styles and documents write it: exactly (`de-AT`), by its
 * language's primary dialect (`de`, `de-LU` → `de-DE`; `en` → `en-US`), or none.
 *
 * @example bundledLocale('pt')?.includes('xml:lang="pt-PT"')
 */
export function bundledLocale(tag: string): string | undefined {
  const wanted = tag.replace('_', '-');
  const exact = BUNDLED_LOCALES.find(t => t.toLowerCase() === wanted.toLowerCase());
  if (exact) return LOCALES[exact];
  const language = wanted.split('-')[0].toLowerCase();
  // A language's primary dialect, as the CSL locales repository names it (its locales.json).
  const preferred: Record<string, string> = { de: 'de-DE', en: 'en-US', es: 'es-ES', fr: 'fr-FR', pt: 'pt-PT', zh: 'zh-CN' };
  const fallback = preferred[language] ?? BUNDLED_LOCALES.find(t => t.split('-')[0].toLowerCase() === language);
  return fallback ? LOCALES[fallback] : undefined;
}
