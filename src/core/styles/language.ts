// The language a LaTeX document is written in, as pandoc's LaTeX reader sets `lang` from it: babel's
// main language (`\usepackage[english,ngerman]{babel}`: the last option, or `main=`), else
// polyglossia's (`\setdefaultlanguage{german}`, `\setmainlanguage[variant=british]{english}`). It
// decides the locale of references as a Markdown document's `lang:` does.

/** babel's and polyglossia's language names, as BCP 47 tags the CSL locales are named by. */
const LANGUAGES: Record<string, string> = {
  afrikaans: 'af-ZA', american: 'en-US', arabic: 'ar', australian: 'en-AU', austrian: 'de-AT', naustrian: 'de-AT',
  bahasa: 'id-ID', bahasai: 'id-ID', indonesian: 'id-ID', basque: 'eu', brazil: 'pt-BR', brazilian: 'pt-BR', british: 'en-GB',
  bulgarian: 'bg-BG', canadian: 'en-CA', canadien: 'fr-CA', acadian: 'fr-CA', catalan: 'ca-AD', chinese: 'zh-CN',
  croatian: 'hr-HR', czech: 'cs-CZ', danish: 'da-DK', dutch: 'nl-NL', english: 'en-US', estonian: 'et-EE', farsi: 'fa-IR',
  persian: 'fa-IR', finnish: 'fi-FI', french: 'fr-FR', francais: 'fr-FR', german: 'de-DE', ngerman: 'de-DE', greek: 'el-GR',
  hebrew: 'he-IL', hindi: 'hi-IN', hungarian: 'hu-HU', magyar: 'hu-HU', icelandic: 'is-IS', italian: 'it-IT',
  japanese: 'ja-JP', khmer: 'km-KH', korean: 'ko-KR', latin: 'la', latvian: 'lv-LV', lithuanian: 'lt-LT', mexican: 'es-MX',
  mongolian: 'mn-MN', newzealand: 'en-NZ', norsk: 'nb-NO', norwegian: 'nb-NO', bokmal: 'nb-NO', nynorsk: 'nn-NO',
  polish: 'pl-PL', portuges: 'pt-PT', portuguese: 'pt-PT', romanian: 'ro-RO', russian: 'ru-RU', serbian: 'sr-RS',
  slovak: 'sk-SK', slovene: 'sl-SI', slovenian: 'sl-SI', spanish: 'es-ES', swedish: 'sv-SE', swissgerman: 'de-CH',
  nswissgerman: 'de-CH', thai: 'th-TH', turkish: 'tr-TR', uken: 'uk-UA', ukrainian: 'uk-UA', ukenglish: 'en-GB',
  usenglish: 'en-US', vietnamese: 'vi-VN', welsh: 'cy-GB',
};

/** polyglossia's variants of a language (`variant=british`). */
const VARIANTS: Record<string, string> = { british: 'en-GB', uk: 'en-GB', american: 'en-US', us: 'en-US', austrian: 'de-AT', swiss: 'de-CH', brazilian: 'pt-BR' };

/**
 * The main language of a LaTeX document's preamble as a tag (`de-DE`), or undefined when it names none.
 *
 * @example latexLanguage('\\documentclass{article}\n\\usepackage[english,ngerman]{babel}') === 'de-DE'
 */
export function latexLanguage(text: string): string | undefined {
  const end = text.indexOf('\\begin{document}');
  // Comments are not the document's: `% \usepackage[french]{babel}` is a line turned off.
  const preamble = (end < 0 ? text : text.slice(0, end)).replace(/(^|[^\\])%.*$/gm, '$1');
  const babel = [...preamble.matchAll(/\\usepackage\s*\[([^\]]*)\]\s*\{([^}]*)\}/g)].filter(m => m[2].split(',').some(p => p.trim() === 'babel')).pop();
  if (babel) {
    const options = babel[1].split(',').map(o => o.trim()).filter(Boolean);
    const main = options.find(o => /^main\s*=/.test(o))?.replace(/^main\s*=\s*/, '');
    const names = main ? [main] : options.filter(o => !o.includes('=')).reverse();
    const tag = names.map(n => LANGUAGES[n.toLowerCase()]).find(Boolean);
    if (tag) return tag;
  }
  const poly = /\\set(?:default|main)language\s*(?:\[([^\]]*)\])?\s*\{([^}]*)\}/.exec(preamble);
  if (poly) {
    const variant = /variant\s*=\s*(\w+)/.exec(poly[1] ?? '')?.[1]?.toLowerCase();
    return (variant && VARIANTS[variant]) || LANGUAGES[poly[2].trim().toLowerCase()];
  }
  return undefined;
}
