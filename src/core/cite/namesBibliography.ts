// A quick look at a document, before the engine is loaded: does it seem to name a bibliography?
// Kept apart from bibliography.ts so that the extension host's own bundle takes only this.

/**
 * `\bibliography{`, `\addbibresource{` (and biblatex's global and section forms), a YAML
 * `bibliography:` key, Typst's `#bibliography(`, reST's `.. bibliography::`. Wherever
 * `findBibliographies` finds a file this is true (a unit test checks it); it may also be true
 * where none is found (a commented-out command, a key outside a front matter).
 */
const NAMES_BIBLIOGRAPHY = /\\(?:bibliography|addbibresource|addglobalbib|addsectionbib)\s*[[{]|^bibliography[ \t]*:|#bibliography[ \t]*\(|^[ \t]*\.\.[ \t]+bibliography::/m;

/** Whether a document seems to name a bibliography (a hint: `findBibliographies` decides). */
export function seemsToNameBibliography(text: string): boolean {
  return NAMES_BIBLIOGRAPHY.test(text);
}
