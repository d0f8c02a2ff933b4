// Which documents cite, and how: the one table of VS Code language ids and file extensions that
// the scanners, the citation forms, the checks and the host's providers all read. A leaf with no
// imports, so the host takes it without loading the engine.

/** The citation syntaxes the scanners know; `custom` is any other keys template. */
export type CitationSyntax = 'latex' | 'pandoc' | 'typst' | 'rst';

export const SYNTAX_OF_LANGUAGE: Record<string, CitationSyntax> = {
  latex: 'latex', tex: 'latex', 'latex-expl3': 'latex', doctex: 'latex',
  markdown: 'pandoc', quarto: 'pandoc', rmd: 'pandoc',
  typst: 'typst',
  restructuredtext: 'rst',
};

/**
 * The citation syntax of a VS Code language id, or null for languages with none
 * (plain text, code, a .bib file).
 *
 * @example syntaxOfLanguage('quarto') === 'pandoc'; syntaxOfLanguage('python') === null
 */
export function syntaxOfLanguage(languageId: string): CitationSyntax | null {
  return SYNTAX_OF_LANGUAGE[languageId] ?? null;
}

/** Every language whose documents cite papers by key (VS Code language ids). */
export const CITING_LANGUAGES: readonly string[] = Object.keys(SYNTAX_OF_LANGUAGE);

/** VS Code's language id for a document, by its extension. */
const LANGUAGES: Record<string, string> = {
  tex: 'latex', ltx: 'latex', latex: 'latex', md: 'markdown', markdown: 'markdown', qmd: 'quarto', rmd: 'rmd', typ: 'typst', rst: 'restructuredtext',
};

/** The extensions of citing documents (lower case, without the dot). */
export const DOCUMENT_EXTENSIONS: readonly string[] = Object.keys(LANGUAGES);

/**
 * The language of a citing document by its file name, as VS Code would open it; undefined for
 * a file that cites nothing.
 *
 * @example languageOfPath('notes/chapter.qmd') === 'quarto'
 */
export function languageOfPath(path: string): string | undefined {
  const ext = /\.([A-Za-z]+)$/.exec(path)?.[1].toLowerCase();
  return ext ? LANGUAGES[ext] : undefined;
}
