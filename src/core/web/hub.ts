// The Hugging Face Hub's models, datasets and Spaces made from a paper: the Hub tags a repository
// `arxiv:ID` when its card links the paper, so `/api/models?filter=arxiv:ID` (and `/api/datasets`,
// `/api/spaces`) lists them. Read with zod in the shape the Hub documents (`id`, `downloads`,
// `likes`); an item without an id is left out.
import * as z from '../util/zod';
import { ReadError } from './record';

export type ArtefactKind = 'models' | 'datasets' | 'spaces';

export const ARTEFACT_KINDS: readonly ArtefactKind[] = ['models', 'datasets', 'spaces'];

export interface Artefact {
  kind: ArtefactKind;
  /** The repository: `owner/name`. */
  id: string;
  /** Its page on the Hub. */
  url: string;
  downloads?: number;
  likes?: number;
}

const ItemSchema = z.lazySchema(() => z.object({
  id: z.string().check(z.regex(/^[\w.-]+(?:\/[\w.-]+)?$/)),
  downloads: z.optional(z.nullable(z.number())),
  likes: z.optional(z.nullable(z.number())),
}));

/** How many of each kind are asked for, most downloaded (Spaces: most liked) first. */
export const ARTEFACT_LIMIT = 20;

/** Where the Hub lists the repositories of a kind that cite an arXiv paper. */
export function artefactsUrl(base: string, kind: ArtefactKind, arxivId: string): string {
  const sort = kind === 'spaces' ? 'likes' : 'downloads';
  return `${base}/api/${kind}?${new URLSearchParams({ filter: `arxiv:${arxivId}`, sort, direction: '-1', limit: String(ARTEFACT_LIMIT) })}`;
}

/** A repository's page: `https://huggingface.co/owner/name`, `…/datasets/owner/name`, `…/spaces/owner/name`. */
export function artefactPage(site: string, kind: ArtefactKind, id: string): string {
  return `${site}/${kind === 'models' ? '' : `${kind}/`}${id}`;
}

/** A Hub listing. `site` is where the pages are (the public site, or a mirror's). */
export function readArtefacts(json: unknown, kind: ArtefactKind, site: string): Artefact[] {
  if (!Array.isArray(json)) throw new ReadError(`not a list of ${kind}`);
  return json.flatMap((item): Artefact[] => {
    const parsed = ItemSchema.safeParse(item);
    if (!parsed.success) return [];
    const { id, downloads, likes } = parsed.data;
    const artefact: Artefact = { kind, id, url: artefactPage(site, kind, id) };
    if (typeof downloads === 'number') artefact.downloads = downloads;
    if (typeof likes === 'number') artefact.likes = likes;
    return [artefact];
  });
}
