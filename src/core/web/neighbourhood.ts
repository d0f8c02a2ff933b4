// A paper's neighbourhood, asked of the services through the one HTTP client: what it cites and
// what cites it, a page at a time, its counts and summary, recommendations, the Hub's models,
// datasets and Spaces made from it, and the references and citations of many papers at once.
import { HttpClient, WebError, type RequestOptions } from './http';
import { ARTEFACT_KINDS, artefactsUrl, readArtefacts, type Artefact } from './hub';
import {
  batchUrl, LINK_FIELDS, listRecommendationsUrl, neighboursUrl, readLinkedBatch, readNeighbourPage, readRecommendations,
  readScholarPaper, readTitleMatch, recommendationsUrl, scholarPaperUrl, titleMatchUrl, type LinkedPaper, type Neighbour, type NeighbourPage,
} from './scholar';
import { reading } from './service';
import { titleKey } from './suggest';

export const PUBLIC_SCHOLAR_URL = 'https://api.semanticscholar.org';

/** How many neighbours a page holds (the API allows up to 1,000). */
export const PAGE_SIZE = 100;
/** The most ids one batch may ask for (the API's limit). */
export const BATCH_LIMIT = 500;

export interface NeighbourUrls {
  semanticScholar: string;
  /** The Hub's API, and where its pages are. */
  huggingFace: string;
}

const S2 = 'Semantic Scholar';

/**
 * The neighbourhood services. `apiKey` (Semantic Scholar's) is sent only to its address, in the
 * `x-api-key` header.
 *
 * @example await new NeighbourService(new HttpClient({ fetch }), urls).page('DOI:10.1093/mind/lix.236.433', 'references', 0)
 */
export class NeighbourService {
  constructor(private readonly client: HttpClient, readonly urls: NeighbourUrls, private readonly apiKey?: string) {}

  /** A page of the papers it cites (`references`) or that cite it (`citations`). */
  page(id: string, kind: 'references' | 'citations', offset: number, options: { signal?: AbortSignal; limit?: number } = {}): Promise<NeighbourPage> {
    const url = neighboursUrl(this.urls.semanticScholar, id, kind, offset, options.limit ?? PAGE_SIZE);
    return this.#s2(url, { signal: options.signal, notFound: `${S2} does not know the paper ${id}` }, json => readNeighbourPage(json, kind));
  }

  /** The paper's own record: its counts, summary and open-access PDF. */
  paper(id: string, options: { signal?: AbortSignal } = {}): Promise<Neighbour> {
    return this.#s2(scholarPaperUrl(this.urls.semanticScholar, id), { signal: options.signal, notFound: `${S2} does not know the paper ${id}` }, readScholarPaper);
  }

  /**
   * The paper the graph knows by `title` (for a paper with no id of its own): its best match,
   * taken only when the two titles are the same but for case, spacing and punctuation; undefined
   * when the graph has none.
   */
  async byTitle(title: string, options: { signal?: AbortSignal } = {}): Promise<Neighbour | undefined> {
    try {
      const found = await this.#s2(titleMatchUrl(this.urls.semanticScholar, title), { signal: options.signal }, readTitleMatch);
      return found && titleKey(found.paper.title) === titleKey(title) ? found : undefined;
    } catch (error) {
      if (error instanceof WebError && error.kind === 'not-found') return undefined;
      throw error;
    }
  }

  /** Papers like this one. */
  recommended(id: string, options: { signal?: AbortSignal; limit?: number } = {}): Promise<NeighbourPage> {
    const url = recommendationsUrl(this.urls.semanticScholar, id, options.limit ?? PAGE_SIZE);
    return this.#s2(url, { signal: options.signal, notFound: `${S2} has no recommendations for ${id}` }, readRecommendations);
  }

  /** Papers like the `positive` ones and unlike the `negative` ones. */
  recommendedFor(positive: readonly string[], negative: readonly string[] = [], options: { signal?: AbortSignal; limit?: number } = {}): Promise<NeighbourPage> {
    const url = listRecommendationsUrl(this.urls.semanticScholar, options.limit ?? PAGE_SIZE);
    return this.#s2(url, { signal: options.signal, json: { positivePaperIds: positive, negativePaperIds: negative } }, readRecommendations);
  }

  /** Each paper's references and citations, in the order asked (undefined for a paper the graph does not know). */
  async linked(ids: readonly string[], options: { signal?: AbortSignal } = {}): Promise<(LinkedPaper | undefined)[]> {
    const out: (LinkedPaper | undefined)[] = [];
    for (let at = 0; at < ids.length; at += BATCH_LIMIT) {
      const slice = ids.slice(at, at + BATCH_LIMIT);
      out.push(...await this.#s2(batchUrl(this.urls.semanticScholar, LINK_FIELDS), { signal: options.signal, json: { ids: slice } }, readLinkedBatch));
    }
    return out;
  }

  /** The Hub's models, datasets and Spaces that cite an arXiv paper; a kind that failed is given as its error. */
  async artefacts(arxivId: string, options: { signal?: AbortSignal } = {}): Promise<{ artefacts: Artefact[]; errors: WebError[] }> {
    const answers = await Promise.allSettled(ARTEFACT_KINDS.map(async kind => {
      const answer = await this.client.getJson(artefactsUrl(this.urls.huggingFace, kind, arxivId), { service: 'Hugging Face', signal: options.signal });
      return reading(answer.url, () => readArtefacts(answer.json, kind, this.urls.huggingFace));
    }));
    const artefacts: Artefact[] = [];
    const errors: WebError[] = [];
    for (const answer of answers) {
      if (answer.status === 'fulfilled') artefacts.push(...answer.value);
      else if (answer.reason instanceof WebError) errors.push(answer.reason);
      else throw answer.reason;
    }
    return { artefacts, errors };
  }

  async #s2<T>(url: string, request: RequestOptions, reader: (json: unknown) => T): Promise<T> {
    const headers = this.apiKey ? { 'x-api-key': this.apiKey } : undefined;
    const answer = await this.client.getJson(url, { service: S2, ...request, ...(headers ? { headers } : {}) });
    return reading(answer.url, () => reader(answer.json));
  }
}
