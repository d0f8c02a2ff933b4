// The styles of the CSL styles repository by name: its list (id, title, format, fields, and for a
// dependent style its parent), so that `csl: ieee-access`, `csl: "Nature Communications"` or
// papers.citation.style name any of its 10,000 styles, and Choose Citation Style can search them
// offline. The list ships as src/data/styles/repository.tsv, made by scripts/csl-style-list.mjs
// from a snapshot of the repository; a style itself is fetched only when it is asked for.
//
// A row: id, title, citation format, fields (comma-separated), parent (a dependent style's). The id
// is left empty when it is the title's slug (`styleSlug`), as it is for most: the list is a third
// smaller in the VSIX for it.

export interface RepositoryStyle {
  /** The style's short id, its file's name in the repository (`ieee-access`). */
  id: string;
  title: string;
  /** Its citation format: author-date, numeric, note, label or author. */
  format: string;
  /** The fields it is for (`engineering`, `medicine`, …). */
  fields: string[];
  /** A dependent style's parent's id: the dependent style lives under `dependent/` in the repository. */
  parent?: string;
}

/**
 * The id the CSL repository's names follow from a title, when they do (most do).
 *
 * @example styleSlug('Acta Histochemica') === 'acta-histochemica'
 * @example styleSlug('Trends in Ecology & Evolution') === 'trends-in-ecology-and-evolution'
 */
export function styleSlug(title: string): string {
  return title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** A row of the list, as the list script writes it (`readStyleList` reads it back). */
export function styleListRow(style: RepositoryStyle): string {
  const clean = (text: string) => text.replace(/[\t\r\n]+/g, ' ').trim();
  return [style.id === styleSlug(style.title) ? '' : style.id, clean(style.title), style.format, style.fields.join(','), style.parent ?? ''].join('\t');
}

/** The list from its text: one style a line; `#` lines are comments (the list's source). */
export function readStyleList(text: string): RepositoryStyle[] {
  const styles: RepositoryStyle[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [id, title = '', format = '', fields = '', parent = ''] = line.replace(/\r$/, '').split('\t');
    if (!title) continue;
    styles.push({ id: id || styleSlug(title), title, format, fields: fields ? fields.split(',') : [], ...(parent ? { parent } : {}) });
  }
  return styles;
}

/** What a writer wrote, as a name to look up: an id (`ieee-access`), a title, or a style's URL at zotero.org or the repository. */
function nameOf(value: string): string {
  const text = value.trim();
  return /^https?:\/\//i.test(text) ? text.replace(/[?#].*$/, '').replace(/\/+$/, '').replace(/^.*\//, '').replace(/\.csl$/i, '') : text;
}

const folded = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * A finder of the repository's style a writer names: by its id (any case), its id and `.csl`, its
 * title (any case and spacing), or its URL; undefined when none has that name. Built once for a
 * list (a lookup is then a map's).
 *
 * @example styleFinder(list)('Nature Communications')?.id === 'nature-communications'
 * @example styleFinder(list)('https://www.zotero.org/styles/ieee-access')?.id === 'ieee-access'
 */
export function styleFinder(list: readonly RepositoryStyle[]): (value: string) => RepositoryStyle | undefined {
  const byId = new Map(list.map(s => [s.id, s]));
  const byTitle = new Map<string, RepositoryStyle>();
  for (const style of list) if (!byTitle.has(folded(style.title))) byTitle.set(folded(style.title), style);
  return value => {
    const name = folded(nameOf(value));
    return name ? byId.get(name.replace(/\.csl$/, '')) ?? byTitle.get(name) : undefined;
  };
}

/** The repository's files as raw.githubusercontent.com serves them: the base `repositoryStyleUrl` takes unless a mirror is named. */
export const CSL_STYLES_URL = 'https://raw.githubusercontent.com/citation-style-language/styles/master';

/** How long one style's fetch may take before it is given up. */
const FETCH_MS = 15_000;

/**
 * A style's XML fetched from `url` (the extension's and the command line's fetch alike); throws,
 * saying why: the repository's status, a timeout, an answer that is not a CSL style.
 */
export async function fetchStyleXml(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_MS) });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
  const xml = await response.text();
  if (!/<style\b/.test(xml)) throw new Error('the answer is not a CSL style');
  return xml;
}

/**
 * Where the repository keeps a style, under `base` (raw.githubusercontent.com's copy of it, or a
 * mirror laid out the same way): dependent styles in `dependent/`.
 *
 * @example repositoryStyleUrl('https://example.org/csl', { id: 'ieee-access', parent: 'ieee', … }) === 'https://example.org/csl/dependent/ieee-access.csl'
 */
export function repositoryStyleUrl(base: string, style: Pick<RepositoryStyle, 'id' | 'parent'>): string {
  return `${base.replace(/\/+$/, '')}/${style.parent ? 'dependent/' : ''}${style.id}.csl`;
}

/** The style's row read from its own XML (`<info>`): what the list script records for each file. */
export function repositoryStyleOf(id: string, xml: string): RepositoryStyle | undefined {
  const info = /<info>([\s\S]*?)<\/info>/.exec(xml)?.[1];
  const title = info && /<title>([^<]*)<\/title>/.exec(info)?.[1]?.trim();
  if (!info || !title) return undefined;
  const link = /<link\b[^>]*\brel\s*=\s*["']independent-parent["'][^>]*>/.exec(info)?.[0];
  const parent = link && /\bhref\s*=\s*["'][^"']*?\/([^"'/]+)["']/.exec(link)?.[1];
  return {
    id,
    title: unescapeXml(title),
    format: /\bcitation-format\s*=\s*["']([^"']+)["']/.exec(info)?.[1] ?? '',
    fields: [...info.matchAll(/<category\b[^>]*\bfield\s*=\s*["']([^"']+)["']/g)].map(m => m[1]),
    ...(parent ? { parent } : {}),
  };
}

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);/gi, (_, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (e[0] !== '#') return named[e.toLowerCase()];
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}
