// The corpus as the extension ships it (in dist/library.deflate, core/corpus/shippedFiles.ts): one array per field instead of one
// object per paper, and no ids where the id is the slug of the title (every id the build gives
// is; merged papers keep the first one). A field's values side by side compress better than
// interleaved with the others: LZMA leaves 178 KB of the corpus instead of 190 KB, in a VSIX
// with a 400 KB budget. dist/corpus.json stays in rows, the shape CorpusSchema validates and
// users' corpus files have; `fromColumns` gives that shape back before anything validates it.
import { slugify } from '../util/text';

const FORMAT = 'papers-columns 1';

export interface CorpusColumns {
  format: typeof FORMAT;
  count: number;
  /** Each field of the papers (but `id`), one value per paper in corpus order. */
  fields: Record<string, unknown[]>;
  /** The ids that are not the slugs of their titles, by position. */
  ids: Record<string, string>;
}

/** The columns of a corpus whose papers all have the same fields. Throws for any other. */
export function toColumns(corpus: { papers: readonly Record<string, unknown>[] }): CorpusColumns {
  const names = Object.keys(corpus.papers[0] ?? {}).filter(name => name !== 'id');
  const fields: Record<string, unknown[]> = Object.fromEntries(names.map(name => [name, []]));
  const ids: Record<string, string> = {};
  corpus.papers.forEach((paper, i) => {
    if (Object.keys(paper).length !== names.length + 1 || !names.every(name => name in paper)) throw new Error(`paper ${i} does not have the fields of the first`);
    for (const name of names) fields[name].push(paper[name]);
    if (typeof paper.title !== 'string' || slugify(paper.title) !== paper.id) ids[i] = String(paper.id);
  });
  return { format: FORMAT, count: corpus.papers.length, fields, ids };
}

/**
 * The corpus in rows (`{ papers: [...] }`) when `json` is in columns; anything else as it is,
 * for the validation that follows to judge. Throws for columns that do not line up.
 */
export function fromColumns(json: unknown): unknown {
  if (!json || typeof json !== 'object' || (json as { format?: unknown }).format !== FORMAT) return json;
  const { count, fields, ids } = json as CorpusColumns;
  const columns = Object.entries(fields ?? {});
  if (!Number.isInteger(count) || count < 0 || !ids || typeof ids !== 'object') throw new Error('corpus columns: no count or ids');
  for (const [name, values] of columns) {
    if (!Array.isArray(values) || values.length !== count) throw new Error(`corpus columns: ${name} does not have ${count} values`);
  }
  const papers: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const paper: Record<string, unknown> = { id: undefined };
    for (const [name, values] of columns) paper[name] = values[i];
    paper.id = ids[i] ?? (typeof paper.title === 'string' ? slugify(paper.title) : undefined);
    papers.push(paper);
  }
  return { papers };
}
