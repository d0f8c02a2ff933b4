// `papers format`: a bibliography formatted in a citation style, from the command line, by the same
// style engine as the editor's (core/styles): the given keys (or every entry of the files) in the
// style's order, one reference a paragraph, as text, HTML or Markdown. The style engine is not in
// dist/cli.js: it is dist/styles.js, the bundle the extension's engine worker loads, read here
// only when this command runs, so that every other command starts without it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from './commandLine';
import { warn } from './output';
import { readRegularFile } from './readRegularFile';
import { fetchStyle, findStyle } from './cslRepository';
import { REFERENCE_FORMS } from './usage';
import { parseBib } from '../core/bibliography/bibtex/parse';
import { bibliographyFormat, readBibliographies } from '../core/bibliography/read';
import { formatProblem } from '../core/model/paper';
import { BUNDLED_STYLES, bundledStyleId, parentToFind, type BundledStyleId } from '../core/styles/resolve';
import { bibFileItems, paperCslItem } from '../core/styles/items';
import type { CslItem, StyleSource } from '../core/styles/engine';
import type { OutputForm } from '../core/styles/output';
import { runStyles, type StylesModule } from '../platform/styleEngine';

export interface FormatOptions {
  corpus: readonly string[];
  style?: string;
  locale?: string;
  format?: string;
  keys: readonly string[];
}

/** The CSL items of the bibliography files, in file order, the first of a key winning. */
async function itemsOf(files: readonly string[]): Promise<Map<string, CslItem>> {
  const items = new Map<string, CslItem>();
  const texts = files.map(file => {
    if (!bibliographyFormat(file)) throw new UsageError(`format reads bibliographies (.bib, .json, .yaml, .yml), not ${file}`);
    const read = readRegularFile(file);
    if ('error' in read) throw new Error(`${file}: cannot be read (${read.error})`);
    return { uri: file, file, text: read.text };
  });
  // .bib files as one, as BibTeX reads a document's: parents and macros found across them.
  const bib = texts.filter(t => bibliographyFormat(t.file) === 'bibtex');
  const entries = bib.flatMap(t => parseBib(t.text).entries);
  const converted = new Map(bibFileItems(entries).map(item => [item.id, item]));
  for (const read of await readBibliographies(texts)) {
    for (const problem of read.problems) warn(`${problem.severity}: ${formatProblem({ file: read.file, line: problem.line, message: problem.message })}`);
    for (const ref of read.references) {
      if (items.has(ref.key)) continue;
      const item = read.format === 'bibtex' ? converted.get(ref.key) : undefined;
      items.set(ref.key, item ?? paperCslItem({ key: ref.key, title: ref.title ?? ref.key, authorsCount: null, organization: null, date: null, year: null, links: [], reference: ref }));
    }
  }
  return items;
}

/** The style engine's bundle, built beside this file (dist/styles.js; esbuild.mjs). */
function loadStyleEngine(): StylesModule {
  const file = join(__dirname, 'styles.js');
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`the style engine cannot be read: ${file}, which the build (npm run build) writes beside dist/cli.js`);
  }
  return runStyles(source, file);
}

/**
 * The style named on the command line: a bundled style's id, a .csl file's XML, else a style of the
 * CSL repository by its id or title (fetched once, then kept).
 */
async function styleOf(style: string | undefined): Promise<BundledStyleId | StyleSource> {
  if (style === undefined) return 'apa';
  const bundled = bundledStyleId(style);
  if (bundled && !/\.csl$/i.test(style)) return bundled;
  if (!/\.csl$/i.test(style)) {
    const named = findStyle(style);
    if (!named) throw new UsageError(`unknown style "${style}": one of ${BUNDLED_STYLES.map(s => s.id).join(', ')}, a .csl file, or the id or title of a style of the CSL repository`);
    return withParent(await fetchStyle(named));
  }
  const read = readRegularFile(style);
  if ('text' in read) return withParent({ xml: read.text, file: style });
  if (bundled) return bundled;
  throw new UsageError(`${style}: cannot be read (${read.error})`);
}

/**
 * A dependent style with its parent's .csl when the parent is not bundled (the style engine has
 * those): from beside it, else from the CSL repository (kept, else fetched). Without one, the style
 * engine says which parent is missing, at its line.
 */
async function withParent(style: StyleSource): Promise<StyleSource> {
  const id = parentToFind(style.xml);
  if (!id) return style;
  const file = join(dirname(style.file), `${id}.csl`);
  const read = readRegularFile(file);
  if ('text' in read) return { ...style, parent: { xml: read.text, file } };
  try {
    return { ...style, parent: await fetchStyle({ id }) };
  } catch (error) {
    warn(`warning: ${error instanceof Error ? error.message : String(error)}`);
    return style;
  }
}

/**
 * The formatted bibliography, paragraphs separated by a blank line. Usage errors (an unknown
 * style, a .csl that cannot be read or is not a style) are `UsageError`s; a key not found is an
 * `Error` (exit 1).
 */
export async function formatCommand(options: FormatOptions): Promise<string> {
  if (!options.corpus.length) throw new UsageError('format needs one or more --corpus bibliography files');
  const form = (options.format ?? 'text') as OutputForm;
  if (!(REFERENCE_FORMS as readonly string[]).includes(form)) throw new UsageError(`--format must be one of ${REFERENCE_FORMS.join(', ')} (got "${options.format}")`);
  if (options.locale !== undefined && !/^[a-z]{2,3}(?:-[A-Z]{2})?$/.test(options.locale)) throw new UsageError(`--locale takes a tag such as en-US or de-DE (got "${options.locale}")`);
  const style = await styleOf(options.style);
  const styles = loadStyleEngine();
  let engine;
  try {
    engine = styles.createStyleEngine(style, options.locale);
  } catch (error) {
    // The bundle's own class: the one in core/styles is another copy.
    if (error instanceof styles.StyleError) throw new UsageError(error.message);
    throw error;
  }
  const items = await itemsOf(options.corpus);
  const missing = options.keys.filter(k => !items.has(k));
  if (missing.length) throw new Error(`no entry with key ${missing.map(k => `"${k}"`).join(', ')} in ${options.corpus.join(', ')}`);
  const wanted = options.keys.length ? [...new Set(options.keys)].map(k => items.get(k)!) : [...items.values()];
  const entries = engine.bibliography(wanted, form);
  for (const entry of entries) if (entry.error) warn(`warning: "${entry.key}" cannot be formatted: ${entry.error}`);
  return entries.filter(entry => !entry.error).map(entry => entry.text).join('\n\n');
}
