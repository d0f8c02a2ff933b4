// Which citation style a document is formatted in, as pandoc and Quarto decide it: the document's
// own `csl:` (its front matter), else its Quarto project's (`_quarto.yml`), else the setting
// `papers.citation.style` (a bundled style's id, or a path to a .csl file), else APA. Pure: the host
// reads the files and the setting, and then reads the .csl file this names, if any.

import { latexLanguage } from './language';

/** The styles the extension ships (src/data/styles/), by id. */
export const BUNDLED_STYLES = [
  { id: 'apa', title: 'American Psychological Association 7th edition' },
  { id: 'ieee', title: 'IEEE' },
  { id: 'chicago-author-date', title: 'Chicago Manual of Style 17th edition (author-date)' },
  { id: 'vancouver', title: 'Vancouver' },
  { id: 'nature', title: 'Nature' },
] as const;

export type BundledStyleId = (typeof BUNDLED_STYLES)[number]['id'];

export const DEFAULT_STYLE: BundledStyleId = 'apa';

/** Where the style in force was named. */
export type StyleOrigin = 'document' | 'project' | 'setting' | 'default';

export interface StyleInForce {
  origin: StyleOrigin;
  /** The bundled style to use: named by its id, or by a file name that is one's (`ieee.csl`) when no such file is found. */
  bundled?: BundledStyleId;
  /** A .csl file named: as written, relative to the document (`document`), the project (`project`) or the workspace (`setting`). */
  path?: string;
  /** The locale the document or project asks for (`lang:`, or a LaTeX document's babel or polyglossia language), if any. */
  locale?: string;
}

/** What `styleInForce` reads; each is optional. */
export interface StyleSources {
  /** The document's text (its front matter is read). */
  document?: string;
  /** The text of the document's Quarto project file, `_quarto.yml`. */
  project?: string;
  /** The setting `papers.citation.style`. */
  setting?: string;
}

/**
 * A bundled style's id from what a writer wrote: `apa`, `IEEE`, `ieee.csl`, a zotero.org style URL.
 *
 * @example bundledStyleId('styles/ieee.csl') === 'ieee'
 */
export function bundledStyleId(value: string): BundledStyleId | undefined {
  const name = value.trim().replace(/^.*[/\\]/, '').replace(/\.csl$/i, '').toLowerCase();
  return BUNDLED_STYLES.find(s => s.id === name)?.id;
}

/** The YAML front matter at the start of a document ("---" … "---" or "..."), or undefined. */
function frontMatter(text: string): string | undefined {
  const m = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  return m?.[1];
}

/** A key's scalar value in YAML, at any depth (Quarto also takes `csl:` under a format): the first found. */
function yamlValue(yaml: string, key: string): string | undefined {
  const m = new RegExp(`^[ \\t]*${key}[ \\t]*:[ \\t]*(.+?)[ \\t]*$`, 'm').exec(yaml);
  if (!m) return undefined;
  let value = m[1].replace(/[ \t]+#.*$/, '');
  if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
  return value.trim() || undefined;
}

function named(origin: StyleOrigin, value: string, locale: string | undefined): StyleInForce {
  const bundled = bundledStyleId(value);
  const isFile = /\.csl$/i.test(value) || /[/\\]/.test(value);
  return { origin, ...(bundled ? { bundled } : {}), ...(isFile || !bundled ? { path: value } : {}), ...(locale ? { locale } : {}) };
}

/**
 * The style in force for a document. A value that is both a bundled style's name and a file
 * (`csl: ieee.csl`) gives both: the host uses the file when it exists, else the bundled style.
 *
 * @example styleInForce({ document: '---\ncsl: ieee.csl\n---\n' }) → { origin: 'document', bundled: 'ieee', path: 'ieee.csl' }
 * @example styleInForce({ setting: 'chicago-author-date' }) → { origin: 'setting', bundled: 'chicago-author-date' }
 * @example styleInForce({}) → { origin: 'default', bundled: 'apa' }
 */
export function styleInForce(sources: StyleSources): StyleInForce {
  const front = sources.document === undefined ? undefined : frontMatter(sources.document);
  const locale = (front && yamlValue(front, 'lang')) ?? (sources.project && yamlValue(sources.project, 'lang'))
    ?? (sources.document === undefined ? undefined : latexLanguage(sources.document));
  const own = front && yamlValue(front, 'csl');
  if (own) return named('document', own, locale);
  const project = sources.project && yamlValue(sources.project, 'csl');
  if (project) return named('project', project, locale);
  const setting = sources.setting?.trim();
  if (setting) return named('setting', setting, locale);
  return { origin: 'default', bundled: DEFAULT_STYLE, ...(locale ? { locale } : {}) };
}

/**
 * The short id of a dependent style's parent (`<link rel="independent-parent" href="…/ieee"/>`),
 * read without parsing the style, so that the host can find the parent before the style engine
 * reads both; undefined for an independent style.
 *
 * @example independentParent('<link href="http://www.zotero.org/styles/ieee" rel="independent-parent"/>') === 'ieee'
 */
export function independentParent(xml: string): string | undefined {
  const link = /<link\b[^>]*\brel\s*=\s*["']independent-parent["'][^>]*>/.exec(xml)?.[0];
  const href = link && /\bhref\s*=\s*["']([^"']+)["']/.exec(link)?.[1];
  return href ? styleIdOf(href) || undefined : undefined;
}

/**
 * The short id of a style from its id or URL, as the CSL repository names its files (`ieee.csl`).
 *
 * @example styleIdOf('http://www.zotero.org/styles/ieee') === 'ieee'
 */
export function styleIdOf(href: string): string {
  return href.trim().replace(/[?#].*$/, '').replace(/\/+$/, '').replace(/^.*\//, '').replace(/\.csl$/i, '').toLowerCase();
}

/**
 * The parent a host must find for a dependent style (beside it, in the workspace, fetched): its id
 * when the style is dependent and its parent is not bundled (the style engine has those) and names
 * a file safely; else undefined.
 *
 * @example parentToFind('<link href="http://www.zotero.org/styles/ieee" rel="independent-parent"/>') === undefined
 */
export function parentToFind(xml: string): string | undefined {
  const id = independentParent(xml);
  return id && !BUNDLED_STYLES.some(s => s.id === id) && /^[\w.-]+$/.test(id) ? id : undefined;
}
