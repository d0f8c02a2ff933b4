// The styles and locales the extension ships (src/data/styles/, CC BY-SA 3.0, credited in its
// README), as text in the style engine's bundle: only dist/styles.js carries them.
import apa from '../../data/styles/apa.csl';
import ieee from '../../data/styles/ieee.csl';
import chicagoAuthorDate from '../../data/styles/chicago-author-date.csl';
import vancouver from '../../data/styles/vancouver.csl';
import nature from '../../data/styles/nature.csl';
import daDK from '../../data/styles/locales/locales-da-DK.xml';
import deDE from '../../data/styles/locales/locales-de-DE.xml';
import enGB from '../../data/styles/locales/locales-en-GB.xml';
import enUS from '../../data/styles/locales/locales-en-US.xml';
import esES from '../../data/styles/locales/locales-es-ES.xml';
import frFR from '../../data/styles/locales/locales-fr-FR.xml';
import itIT from '../../data/styles/locales/locales-it-IT.xml';
import jaJP from '../../data/styles/locales/locales-ja-JP.xml';
import koKR from '../../data/styles/locales/locales-ko-KR.xml';
import nlNL from '../../data/styles/locales/locales-nl-NL.xml';
import plPL from '../../data/styles/locales/locales-pl-PL.xml';
import ptBR from '../../data/styles/locales/locales-pt-BR.xml';
import ptPT from '../../data/styles/locales/locales-pt-PT.xml';
import ruRU from '../../data/styles/locales/locales-ru-RU.xml';
import svSE from '../../data/styles/locales/locales-sv-SE.xml';
import trTR from '../../data/styles/locales/locales-tr-TR.xml';
import zhCN from '../../data/styles/locales/locales-zh-CN.xml';
import type { StyleSource } from './engine';
import type { BundledStyleId } from './resolve';

const STYLES: Record<BundledStyleId, string> = { apa, ieee, 'chicago-author-date': chicagoAuthorDate, vancouver, nature };

const LOCALES: Record<string, string> = {
  'da-DK': daDK, 'de-DE': deDE, 'en-GB': enGB, 'en-US': enUS, 'es-ES': esES, 'fr-FR': frFR, 'it-IT': itIT, 'ja-JP': jaJP,
  'ko-KR': koKR, 'nl-NL': nlNL, 'pl-PL': plPL, 'pt-BR': ptBR, 'pt-PT': ptPT, 'ru-RU': ruRU, 'sv-SE': svSE, 'tr-TR': trTR, 'zh-CN': zhCN,
};

/** The locales shipped, by tag. */
export const BUNDLED_LOCALES = Object.keys(LOCALES);

/** A bundled style, named as its file is in messages. */
export function bundledStyle(id: BundledStyleId): StyleSource {
  return { xml: STYLES[id], file: `${id}.csl` };
}

/**
 * A shipped locale's XML for a tag as styles and documents write it: exactly (`de-DE`), by its
 * language (`de`, `de-AT` → `de-DE`; `en` → `en-US`), or none.
 *
 * @example bundledLocale('pt')?.includes('xml:lang="pt-PT"')
 */
export function bundledLocale(tag: string): string | undefined {
  const wanted = tag.replace('_', '-');
  const exact = BUNDLED_LOCALES.find(t => t.toLowerCase() === wanted.toLowerCase());
  if (exact) return LOCALES[exact];
  const language = wanted.split('-')[0].toLowerCase();
  const preferred: Record<string, string> = { en: 'en-US', pt: 'pt-PT' };
  const fallback = preferred[language] ?? BUNDLED_LOCALES.find(t => t.split('-')[0].toLowerCase() === language);
  return fallback ? LOCALES[fallback] : undefined;
}
