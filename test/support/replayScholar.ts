// What the replay server answers for Semantic Scholar (/s2) and the Hugging Face Hub's listings
// (/hf/api/models|datasets|spaces). Semantic Scholar: the recorded cassettes of
// danielnsilva/semanticscholar (test/fixtures/scholarly-apis/semanticscholar, MIT), matched by
// method, path and query with `fields` left out (the recordings asked for fewer fields than Papers
// does: their answers hold what they were asked for), and the whole record of Turing's "Computing
// Machinery and Intelligence" (`Paper.json`, every field, its 14 references and 1,000 citations),
// served a page at a time as the API pages them. For the suggestions, which no recording covers,
// `made/links.json` gives a few of Turing's citing papers references and citations among the real
// records (made by hand, and said so there); recommendations for a list no recording asked for are
// Turing's resolved references (made: `recommendFor`). The title match (`search/match`) has no
// recording either: `made/titles.json` gives the made answers, each a made record whose references are
// real records (and whose citations, where it gives them, are made records). The Hub's listings have no public recording: made in
// the documented shape, in test/fixtures/huggingface/hub.*.json.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as yaml from 'js-yaml';
import type { Answer } from './replayServer';

interface ScholarRecord { paperId: string | null; externalIds?: Record<string, unknown> | null; title?: string; references?: ScholarRecord[]; citations?: ScholarRecord[]; [field: string]: unknown }

const JSON_TYPE = { 'content-type': 'application/json' };
const json = (status: number, body: unknown): Answer => ({ status, headers: JSON_TYPE, body: JSON.stringify(body) });

/** A request's JSON body, or the answer the API gives to one it cannot read. */
function jsonBody<T extends object>(body: string): T | Answer {
  try {
    return JSON.parse(body) as T;
  } catch {
    return json(400, { error: 'Unacceptable JSON body' });
  }
}

/** A query without the parameters the replay does not match on (`fields`, unless `withFields`). */
function matchedQuery(search: string, withFields: boolean): string {
  const query = new URLSearchParams(search);
  for (const name of withFields ? ['from'] : ['fields', 'from']) query.delete(name);
  query.sort();
  return query.toString();
}

/** A paper id as the recordings name it: `DOI:` dropped (the API takes a DOI bare too), lower case. */
const bareId = (id: string) => decodeURIComponent(id).replace(/^doi:/i, '').toLowerCase();

export class ScholarReplay {
  private readonly recordings = new Map<string, Answer>();
  private readonly turing: ScholarRecord;
  /** Every record Paper.json holds (Turing's, its references', its citations'), by each of its names. */
  private readonly records = new Map<string, ScholarRecord>();
  private readonly links: Record<string, { references: string[]; citations: string[] }>;
  /** The made title matches (made/titles.json): by the query, the made record with its references resolved. */
  private readonly matches = new Map<string, ScholarRecord>();

  constructor(folder: string) {
    for (const file of readdirSync(folder).filter(f => f.endsWith('.yaml'))) {
      const cassette = yaml.load(readFileSync(join(folder, file), 'utf8')) as {
        interactions: { request: { method: string; uri: string; body?: string }; response: { status?: { code: number }; status_code?: number; body?: { string: string }; content?: string } }[];
      };
      for (const { request, response } of cassette.interactions) {
        const url = new URL(request.uri);
        const status = response.status?.code ?? response.status_code ?? 200;
        // An answer is matched whatever fields were asked, but a refusal of the fields asked only for those.
        this.recordings.set(this.key(request.method, url.pathname, url.search, request.body, status !== 200), { status, headers: JSON_TYPE, body: response.body?.string ?? response.content ?? '' });
      }
    }
    this.turing = JSON.parse(readFileSync(join(folder, 'Paper.json'), 'utf8')) as ScholarRecord;
    for (const record of [this.turing, ...this.turing.references ?? [], ...this.turing.citations ?? []]) {
      for (const name of namesOf(record)) if (!this.records.has(name)) this.records.set(name, record);
    }
    const made = join(folder, 'made', 'links.json');
    this.links = existsSync(made) ? (JSON.parse(readFileSync(made, 'utf8')) as { links: ScholarReplay['links'] }).links : {};
    const titles = join(folder, 'made', 'titles.json');
    const { matches } = existsSync(titles) ? JSON.parse(readFileSync(titles, 'utf8')) as { matches: { query: string; record: ScholarRecord; references: string[]; citedBy?: ScholarRecord[] }[] } : { matches: [] };
    for (const { query, record, references, citedBy } of matches) {
      const made = { ...record, references: references.map(id => this.records.get(`s2:${id}`)).filter((r): r is ScholarRecord => !!r).map(withoutLists), citations: citedBy ?? [] };
      this.matches.set(titleOf(query), made);
      this.records.set(`s2:${record.paperId}`, made);
    }
  }

  private key(method: string, path: string, search: string, body = '', withFields = false): string {
    const id = /^\/graph\/v1\/paper\/(.+?)(\/(?:references|citations))?$/.exec(path) ?? /^(\/recommendations\/v1\/papers\/forpaper\/)(.+)$/.exec(path);
    const normal = id ? path.replace(id[path.startsWith('/graph') ? 1 : 2], bareId(id[path.startsWith('/graph') ? 1 : 2])) : path;
    return `${method.toUpperCase()} ${normal}?${matchedQuery(search, withFields)} ${body ? JSON.stringify(JSON.parse(body)) : ''}`;
  }

  answer(method: string, path: string, search: string, body: string): Answer | undefined {
    const query = new URLSearchParams(search);
    if (method === 'GET' && path === '/graph/v1/paper/search/match') {
      // The service matches loosely: here, a query with the same letters and digits.
      const match = this.matches.get(titleOf(query.get('query') ?? ''));
      return match ? json(200, { data: [withoutLists(match)] }) : json(404, { error: 'Title match not found' });
    }
    const graph = /^\/graph\/v1\/paper\/(.+?)(?:\/(references|citations))?$/.exec(path);
    const record = graph && method === 'GET' ? this.records.get(nameOf(graph[1])) : undefined;
    // Turing's whole record answers for him with every field (a recording of it holds only the title).
    if (record === this.turing && !new URLSearchParams(search).get('fields')?.includes('unknown')) return this.fromRecords(record, graph![2], query);
    let recorded: Answer | undefined;
    try {
      recorded = this.recordings.get(this.key(method, path, search, body, true)) ?? this.recordings.get(this.key(method, path, search, body));
    } catch {
      return json(400, { error: 'Unacceptable JSON body' });
    }
    if (recorded) return recorded;
    if (method === 'POST' && path === '/graph/v1/paper/batch') return this.batch(body);
    if (method === 'POST' && path === '/recommendations/v1/papers/') return this.recommendFor(body);
    if (!graph || method !== 'GET') return undefined;
    return this.fromRecords(record, graph[2], query, graph[1]);
  }

  /** A paper of Paper.json, or a page of Turing's references or citations. */
  private fromRecords(record: ScholarRecord | undefined, list: string | undefined, query: URLSearchParams, id = ''): Answer {
    if (!record) return json(404, { error: `Paper with id ${decodeURIComponent(id)} not found` });
    if (!list) return json(200, withoutLists(record));
    // Turing's record and the made ones have lists; the records nested in Turing's have none.
    const all = (list === 'references' ? record.references : record.citations) ?? [];
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 100);
    const data = all.slice(offset, offset + limit).map(paper => (list === 'references' ? { isInfluential: false, citedPaper: withoutLists(paper) } : { isInfluential: false, citingPaper: withoutLists(paper) }));
    return json(200, { offset, ...(offset + limit < all.length ? { next: offset + limit } : {}), data });
  }

  /**
   * Recommendations for a list no recording asked for (MADE, not recorded): for positive papers
   * that Paper.json holds, the real records of Turing's resolved references stand in for what the
   * service would recommend, less the positives themselves and the negative examples; for others, none.
   */
  private recommendFor(body: string): Answer {
    const asked = jsonBody<{ positivePaperIds: string[]; negativePaperIds?: string[] }>(body);
    if ('status' in asked) return asked;
    const records = (ids: string[] = []) => ids.map(id => this.records.get(nameOf(id))).filter((r): r is ScholarRecord => !!r);
    const known = records(asked.positivePaperIds);
    if (!known.length) return json(200, { recommendedPapers: [] });
    const unlike = records(asked.negativePaperIds);
    const recommended = (this.turing.references ?? []).filter(r => r.paperId && !known.includes(r) && !unlike.includes(r)).map(withoutLists);
    return json(200, { recommendedPapers: recommended });
  }

  /** A batch: each id's record with the references and citations the made links give it; null for an id not known. */
  private batch(body: string): Answer {
    const asked = jsonBody<{ ids: string[] }>(body);
    if ('status' in asked) return asked;
    const { ids } = asked;
    if (!Array.isArray(ids) || ids.length > 500) return json(400, { error: 'ids must be a list of at most 500' });
    return json(200, ids.map(id => {
      const record = this.records.get(nameOf(id));
      if (!record) return null;
      const links = this.links[record.paperId ?? ''] ?? { references: [], citations: [] };
      const resolve = (list: string[]) => list.map(paperId => this.records.get(`s2:${paperId}`)).filter((r): r is ScholarRecord => !!r).map(withoutLists);
      return { paperId: record.paperId, title: record.title, references: resolve(links.references), citations: resolve(links.citations) };
    }));
  }
}

/** A title by its letters and digits alone, in lower case. */
const titleOf = (title: string) => title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** A record as it is nested in an answer: without the lists and the embedding Paper.json adds. */
function withoutLists({ references: _r, citations: _c, embedding: _e, ...record }: ScholarRecord): ScholarRecord {
  return record;
}

/** The names the API knows a paper by, as `nameOf` reads an id. */
function namesOf(record: ScholarRecord): string[] {
  const ids = record.externalIds ?? {};
  return [
    record.paperId && `s2:${record.paperId}`,
    typeof ids.DOI === 'string' && `doi:${ids.DOI.toLowerCase()}`,
    typeof ids.ArXiv === 'string' && `arxiv:${ids.ArXiv.toLowerCase()}`,
    ids.CorpusId !== undefined && `corpusid:${String(ids.CorpusId)}`,
  ].filter((n): n is string => !!n);
}

/** An id as the API takes it (`DOI:…`, `arXiv:…`, `CorpusId:…`, a bare DOI, the 40-hex id) as a name of `namesOf`. */
function nameOf(id: string): string {
  const text = decodeURIComponent(id);
  const prefixed = /^(doi|arxiv|corpusid):(.+)$/i.exec(text);
  if (prefixed) return `${prefixed[1].toLowerCase()}:${prefixed[2].toLowerCase()}`;
  if (/^[0-9a-f]{40}$/i.test(text)) return `s2:${text.toLowerCase()}`;
  return `doi:${text.toLowerCase()}`;
}

/** The made Hub listing for `/api/{models,datasets,spaces}?filter=arxiv:ID`: [] where none was made, as the Hub answers. */
export function hubAnswer(folder: string, path: string, search: string): Answer | undefined {
  const kind = /^\/api\/(models|datasets|spaces)$/.exec(path)?.[1];
  const filter = new URLSearchParams(search).get('filter');
  if (!kind || !filter?.startsWith('arxiv:')) return undefined;
  const file = join(folder, `hub.${kind}.${filter.slice('arxiv:'.length).replace(/\//g, '_')}.json`);
  return json(200, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { body: unknown }).body : []);
}
