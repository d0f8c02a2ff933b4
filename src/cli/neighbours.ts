// `papers refs`, `cited-by`, `recommend` and `suggest`: a paper's neighbourhood from Semantic
// Scholar (PAPERS_S2_URL, a key in PAPERS_S2_KEY), one line a paper or JSON; and what a project's
// documents do not cite that the papers they cite point to, with the reason.
import { parseArgs } from 'node:util';
import { resolve, sep } from 'node:path';
import { UsageError } from './commandLine';
import { print, printJson, warn } from './output';
import { nodeFiles } from './check';
import { fullName } from '../core/bibliography/people';
import { bibliographyFormat, readBibliographies } from '../core/bibliography/read';
import { languageOfPath } from '../core/cite/languages';
import { checkDocuments } from '../core/health';
import { HttpClient, idsOfWork, NeighbourService, PUBLIC_SCHOLAR_URL, PUBLIC_URLS, namesOf, parsePaperId, scholarId, scholarIdOfWork, suggest, WebError, type Neighbour, type WorkIds } from '../core/web';
import type { Reference } from '../core/model/reference';

const MAX_LIMIT = 1000;

function service(): NeighbourService {
  const env = process.env;
  return new NeighbourService(new HttpClient({ fetch: (url, init) => fetch(url, init) }), {
    semanticScholar: env.PAPERS_S2_URL?.trim().replace(/\/+$/, '') || PUBLIC_SCHOLAR_URL,
    huggingFace: env.PAPERS_HF_URL?.trim().replace(/\/+$/, '') || PUBLIC_URLS.huggingFace,
  }, env.PAPERS_S2_KEY?.trim() || undefined);
}

function options(argv: string[], command: string) {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean' }, limit: { type: 'string' } } });
  let limit: number | undefined;
  if (values.limit !== undefined) {
    limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw new UsageError(`--limit must be a whole number from 1 to ${MAX_LIMIT} (got "${values.limit}")`);
  }
  if (!positionals.length) throw new UsageError(`${command} takes ${command === 'suggest' ? 'one or more documents' : 'an arXiv id, a DOI or a link'}`);
  return { json: values.json === true, limit, positionals };
}

function idOf(text: string): string {
  const id = parsePaperId(text);
  if (!id) throw new UsageError(`"${text}" is not an arXiv id, a DOI or a link to a paper`);
  return scholarId(id);
}

/** A neighbour as JSON: what the graph says, authors as names. */
function jsonOf(n: Neighbour, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const p = n.paper;
  return {
    title: p.title, authors: p.authors.map(fullName), year: p.issued?.year, venue: p.venue, doi: p.doi, arxivId: p.arxivId,
    citations: n.citations, influential: n.influential, scholarId: n.scholarId, url: p.links.abstract, ...extra,
  };
}

/** One line a neighbour: citations, year, title, authors, its id (tab-separated, for cut and sort). */
function lineOf(n: Neighbour, extra: string[] = []): string {
  const p = n.paper;
  const id = p.arxivId ? `arXiv:${p.arxivId}` : p.doi ? `DOI:${p.doi}` : '';
  return [n.citations ?? '', p.issued?.year ?? '', p.title, p.authors.map(fullName).join(', '), id, ...extra].join('\t').trimEnd();
}

async function asking<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof WebError)) throw error;
    // A refusal for want of a key says how to give one.
    throw new Error(error.status === 429 ? `${error.message} (a key in PAPERS_S2_KEY lets you ask more often)` : error.message);
  }
}

/** `refs ID` and `cited-by ID`: a page of what it cites or what cites it (the first 100, or --limit). */
export async function neighbours(argv: string[], kind: 'references' | 'citations'): Promise<void> {
  const command = kind === 'references' ? 'refs' : 'cited-by';
  const { json, limit, positionals } = options(argv, command);
  if (positionals.length !== 1) throw new UsageError(`${command} takes one arXiv id, DOI or link`);
  const id = idOf(positionals[0]);
  const page = await asking(() => service().page(id, kind, 0, { limit: limit ?? 100 }));
  if (json) printJson(page.neighbours.map(n => jsonOf(n)), 2);
  else for (const n of page.neighbours) print(lineOf(n, n.influential ? ['influential'] : []));
  if (page.next !== undefined) warn(`papers: the first ${page.neighbours.length}; --limit asks for up to ${MAX_LIMIT}`);
}

/** `recommend ID…`: papers like the one given, or like all those given. */
export async function recommend(argv: string[]): Promise<void> {
  const { json, limit, positionals } = options(argv, 'recommend');
  const ids = positionals.map(idOf);
  const page = await asking(() => (ids.length === 1 ? service().recommended(ids[0], { limit: limit ?? 20 }) : service().recommendedFor(ids, [], { limit: limit ?? 20 })));
  if (json) printJson(page.neighbours.map(n => jsonOf(n)), 2);
  else for (const n of page.neighbours) print(lineOf(n));
}

const toSlashes = (path: string) => path.split(sep).join('/');

/** An entry as a work the graph knows by its ids: an `eprint` is among its links (its arXiv page). */
const workOf = (ref: Reference): WorkIds => ({ arxivId: ref.arxiv?.id, doi: ref.doi, links: [ref.url, ...ref.links ?? []] });

/** `suggest FILE…`: the papers the documents' cited papers point to that they do not cite, best first, with why. */
export async function suggestFor(argv: string[]): Promise<void> {
  const { json, limit, positionals } = options(argv, 'suggest');
  for (const file of positionals) {
    if (!languageOfPath(file)) throw new UsageError(`suggest reads .tex, .md, .qmd, .Rmd, .typ and .rst documents, not ${file}`);
  }
  const documents = await checkDocuments(positionals.map(f => toSlashes(resolve(f))), nodeFiles);
  const keys = new Set(documents.flatMap(d => d.citations.map(c => c.key)));
  const bibliographies = [...new Set(documents.flatMap(d => d.bibliographies))].filter(path => bibliographyFormat(path));
  const inputs = bibliographies.flatMap(path => {
    const text = nodeFiles.read(path);
    return text === undefined ? [] : [{ uri: path, file: path, text }];
  });
  const cited = (await readBibliographies(inputs)).flatMap(b => b.references).filter(ref => keys.has(ref.key));
  const ids = [...new Set(cited.map(ref => scholarIdOfWork(workOf(ref))).filter((id): id is string => !!id))];
  if (!ids.length) throw new Error(`none of the ${keys.size} papers cited has an arXiv id or DOI, which Semantic Scholar knows papers by`);
  const linked = (await asking(() => service().linked(ids))).filter(l => l !== undefined);
  const names = new Set([...cited.flatMap(ref => namesOf({ title: ref.title ?? '', ...idsOfWork(workOf(ref)) })), ...linked.map(l => `s2:${l.scholarId}`)]);
  const ranked = suggest(linked, { cited: names, limit: limit ?? 20 });
  if (json) printJson(ranked.map(s => jsonOf(s.neighbour, { citedBy: s.citedBy, cites: s.cites, reason: s.reason })), 2);
  else for (const s of ranked) print(lineOf(s.neighbour, [s.reason]));
  if (!ranked.length) warn(`papers: nothing to suggest: no paper is pointed to by more than one of the ${linked.length} cited papers Semantic Scholar knows`);
}
