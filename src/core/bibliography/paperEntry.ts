// Bibliography entries for one paper, honest about what the corpus knows: a title, and only
// where the page printed them an organisation, a year, an author COUNT and a listing date.
// No author names and no arXiv ids exist in the corpus, so no corpus entry carries them; a paper
// from the user's bibliography or fetched from the web (src/core/web) is written from its `reference`.
import * as z from '../util/zod';
import { isCodeLink } from '../corpus/links';
import type { Paper } from '../model/paper';
import { encodeLatex } from './latex/encode';
import { cslItemOf } from './csl/item';
import { referenceBibtex } from './bibtex/write';
import { fullName } from './people';
import { yearOf } from '../model/reference';

/**
 * What an entry needs from a paper: the corpus record fits, so does a hand-made one in tests.
 * A paper from the user's bibliography carries its `reference`, which is written instead.
 */
export type CitablePaper = Pick<Paper, 'key' | 'title' | 'authorsCount' | 'organization' | 'date' | 'year' | 'links' | 'reference'>;

/** `bibtex`: `@misc`, which every BibTeX style knows. `biblatex`: `@online`, for biblatex + biber. */
export type BibFlavour = 'bibtex' | 'biblatex';

/** Where the corpus comes from, named in every entry so a reader can tell how little is known. */
export const CORPUS_SOURCE = 'Hugging Face Daily Papers';

// Hosts whose pages are artefacts of a paper (models, data, videos), not its home.
const ARTEFACT_HOSTS = /^(?:www\.)?(?:huggingface\.co|youtube\.com|youtu\.be|vimeo\.com|twitter\.com|x\.com)$/i;

/** 0 = project page, 1 = GitHub repository, 2 = an artefact such as a model card or a video. */
function linkRank(url: string): number {
  if (isCodeLink(url)) return 1;
  const host = /^https?:\/\/([^/?#]+)/i.exec(url)?.[1] ?? '';
  if (host.toLowerCase() === 'github.com' || ARTEFACT_HOSTS.test(host)) return 2;
  return 0;
}

/**
 * The one link worth a `url` field, from the links the abstract gives. A project page
 * (`*.github.io`, `sites.google.com/…`, a lab's own site) comes first because it is the
 * paper's home: it links the PDF, the code and the videos. A GitHub repository comes next:
 * stable, and what readers of an agents paper most often want. Model cards, data sets and
 * videos come last. Among equals the first one the abstract mentions wins, since abstracts
 * name their own page before anything they build on. Null when the abstract gives none.
 *
 * @example bestLink({ links: ['https://huggingface.co/d/x', 'https://github.com/a/b'] }) === 'https://github.com/a/b'
 */
export function bestLink(paper: Pick<Paper, 'links'>): string | null {
  let best: string | null = null;
  for (const url of paper.links) if (best === null || linkRank(url) < linkRank(best)) best = url;
  return best;
}

/**
 * The note every entry carries: the author count where the page printed one (names are
 * not in the corpus) and where the paper was listed, with the date as the page printed it.
 *
 * @example paperNote({ authorsCount: 12, date: 'Nov 3, 2024' }) === '12 authors; listed on Hugging Face Daily Papers, Nov 3, 2024'
 * @example paperNote({ authorsCount: null, date: null }) === 'Listed on Hugging Face Daily Papers'
 */
export function paperNote(paper: Pick<Paper, 'authorsCount' | 'date'>): string {
  const listed = `listed on ${CORPUS_SOURCE}${paper.date ? `, ${paper.date}` : ''}`;
  if (paper.authorsCount === null) return listed.charAt(0).toUpperCase() + listed.slice(1);
  return `${paper.authorsCount} ${paper.authorsCount === 1 ? 'author' : 'authors'}; ${listed}`;
}

function bibFields(fields: [string, string | null][]): string {
  const present = fields.filter((f): f is [string, string] => f[1] !== null);
  const width = Math.max(...present.map(([name]) => name.length));
  return present.map(([name, value]) => `  ${name.padEnd(width)} = {${value}},\n`).join('');
}

/** The words of a title a reader would use as its name: the part before a colon when short, else its first words. */
function shortTitle(title: string): string {
  const head = title.split(/:| -- |\?/)[0].trim();
  const words = (head && head.split(/\s+/).length <= 5 ? head : title).split(/\s+/);
  return words.slice(0, 5).join(' ');
}

/**
 * A BibTeX `@misc` or biblatex `@online` entry, pure ASCII. The title is braced whole so
 * that styles keep its capitals ("ReAct", "GUI", "TÜLU"). The organisation goes where the
 * styles print it: `howpublished` for `@misc` (BibTeX styles print no organisation there),
 * `organization` for `@online`, braced so that a name with " and " is not split into two.
 * The url is written raw: biblatex reads it verbatim and BibTeX styles wrap it in `\url`.
 * `@misc` also gets BibTeX's `key` field, which exists for entries without authors: styles
 * sort and label by it (plain and plainnat warn "need author or key" without it). biber sorts
 * such entries by title by itself.
 *
 * @example bibtexEntry(paper) → '@misc{TULU3,\n  title = {{T{\\"U}LU 3: …}},\n  …\n}\n'
 */
export function bibtexEntry(paper: CitablePaper, flavour: BibFlavour = 'bibtex'): string {
  // The user's own entry, as they wrote it (or from what their CSL or Hayagriva entry says).
  if (paper.reference) return referenceBibtex({ ...paper.reference, key: paper.key }, flavour);
  const org = paper.organization ? encodeLatex(paper.organization.name) : null;
  const type = flavour === 'biblatex' ? 'online' : 'misc';
  return `@${type}{${paper.key},\n${bibFields([
    ['title', `{${encodeLatex(paper.title)}}`],
    ['key', flavour === 'bibtex' ? encodeLatex(shortTitle(paper.title)) : null],
    flavour === 'biblatex' ? ['organization', org && `{${org}}`] : ['howpublished', org],
    ['year', paper.year === null ? null : String(paper.year)],
    ['url', bestLink(paper)],
    ['note', encodeLatex(paperNote(paper))],
  ])}}\n`;
}

/** The CSL-JSON items this code writes: a strict subset of CSL-JSON, plain Unicode. */
const text = () => z.string().check(z.minLength(1));

export const CslItemSchema = z.lazySchema(() => z.strictObject({
  id: text(),
  // "article": CSL's type for a paper that is not (known to be) in a journal or proceedings.
  type: z.literal('article'),
  title: text(),
  publisher: z.optional(text()),
  issued: z.optional(z.strictObject({ 'date-parts': z.tuple([z.tuple([z.int()])]) })),
  URL: z.optional(z.string().check(z.regex(/^https?:\/\/\S+$/))),
  source: z.literal(CORPUS_SOURCE),
  note: text(),
}));

export type CslItem = z.infer<typeof CslItemSchema>;

/**
 * A CSL-JSON item for pandoc's citeproc, Zotero and friends. Text stays plain Unicode;
 * fields the page did not print are left out, never filled with guesses.
 *
 * @example cslItem(paper) → { id: 'TULU3', type: 'article', title: 'TÜLU 3: …', source: 'Hugging Face Daily Papers', note: '…' }
 */
export function cslItem(paper: CitablePaper): CslItem {
  const url = bestLink(paper);
  return {
    id: paper.key,
    type: 'article',
    title: paper.title,
    ...(paper.organization ? { publisher: paper.organization.name } : {}),
    ...(paper.year !== null ? { issued: { 'date-parts': [[paper.year]] as [[number]] } } : {}),
    ...(url ? { URL: url } : {}),
    source: CORPUS_SOURCE,
    note: paperNote(paper),
  };
}

/**
 * The CSL-JSON item to write for a paper: its `reference` when the paper comes from the user's
 * bibliography or from the web (`cslItemOf`, with an arXiv preprint's number), else the corpus
 * item (`cslItem`).
 */
export function cslEntry(paper: CitablePaper): Record<string, unknown> {
  if (!paper.reference) return cslItem(paper);
  if (paper.reference.exportedItem) return paper.reference.exportedItem;
  const item = cslItemOf({ ...paper.reference, key: paper.key });
  // An arXiv preprint as Zotero writes one: its number is the arXiv id, its publisher arXiv.
  const arxiv = paper.reference.arxiv;
  if (arxiv && !paper.reference.containerTitle) Object.assign(item, { number: `arXiv:${arxiv.id}`, publisher: item.publisher ?? 'arXiv' });
  return item;
}

const sentence = (text: string) => (/[.?!]$/.test(text) ? text : `${text}.`);

/**
 * A reference a person can read anywhere (plain text, a code comment): title,
 * organisation and year where known, link, and the note.
 *
 * @example plainReference(ultraCua) === 'UltraCUA: A Foundation Model for Computer Use Agents with Hybrid Action. Apple. Listed on Hugging Face Daily Papers, Oct 20.'
 */
export function plainReference(paper: CitablePaper): string {
  const ref = paper.reference;
  if (ref) {
    // The user's entry: authors, title, venue and year, DOI or link, as a reference list has them.
    const authors = ref.author?.map(fullName).join(', ');
    const where = [ref.containerTitle ?? ref.publisher, yearOf(ref.issued) ?? undefined].filter(v => v !== undefined).join(', ');
    const link = ref.doi ? `https://doi.org/${ref.doi}` : ref.url;
    return [authors && sentence(`${authors}${ref.moreAuthors ? ' et al' : ''}`), sentence(ref.title ?? paper.title), where && sentence(where), link].filter(Boolean).join(' ');
  }
  const url = bestLink(paper);
  const published = [paper.organization?.name, paper.year ?? undefined].filter(v => v !== undefined).join(', ');
  return [sentence(paper.title), published && sentence(published), url, sentence(paperNote(paper))].filter(Boolean).join(' ');
}
