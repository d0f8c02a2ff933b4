// The paper services, asked through the one HTTP client: a period's daily papers and the papers
// search from Hugging Face, a paper by arXiv id from arXiv (or from Hugging Face where a browser
// cannot ask arXiv), a paper by DOI from Crossref's works API, else through DOI content negotiation.
import { readArxivFeed, arxivQueryUrl } from './arxiv';
import { crossrefWorkUrl, CSL_JSON, doiUrl, readCrossrefWork, readCslWork } from './doi';
import { HttpClient, WebError, type RequestOptions } from './http';
import { dailyPapersUrl, hfPaperUrl, hfSearchUrl, readHfPaper, readHfPapers, type DailyOptions } from './huggingface';
import { paperIdText, type PaperId } from './identifiers';
import type { Period } from './period';
import { ReadError, type FetchedPaper } from './record';

/** Where each service is: the public ones, or mirrors and test servers. */
export interface WebUrls {
  huggingFace: string;
  arxiv: string;
  crossref: string;
  doi: string;
}

export const PUBLIC_URLS: WebUrls = {
  huggingFace: 'https://huggingface.co',
  arxiv: 'https://export.arxiv.org',
  crossref: 'https://api.crossref.org',
  doi: 'https://doi.org',
};

/**
 * The services' URLs from environment variables (`PAPERS_HF_URL`, `PAPERS_ARXIV_URL`,
 * `PAPERS_CROSSREF_URL`, `PAPERS_DOI_URL`), the public ones where unset.
 */
export function urlsFromEnvironment(env: Record<string, string | undefined>): WebUrls {
  const pick = (name: string, fallback: string) => env[name]?.trim() || fallback;
  return {
    huggingFace: pick('PAPERS_HF_URL', PUBLIC_URLS.huggingFace),
    arxiv: pick('PAPERS_ARXIV_URL', PUBLIC_URLS.arxiv),
    crossref: pick('PAPERS_CROSSREF_URL', PUBLIC_URLS.crossref),
    doi: pick('PAPERS_DOI_URL', PUBLIC_URLS.doi),
  };
}

export interface ServiceOptions {
  /**
   * `huggingface` where arXiv cannot be asked: export.arxiv.org sends no CORS header, so a
   * browser (vscode.dev) asks Hugging Face's papers API for arXiv ids instead.
   */
  arxivVia?: 'arxiv' | 'huggingface';
}

export interface DailyPapers {
  papers: FetchedPaper[];
  /** Items of the answer left out, with why. */
  problems: string[];
}

const NAMES = { huggingFace: 'Hugging Face', arxiv: 'arXiv', crossref: 'Crossref', doi: 'doi.org' } as const;

/**
 * The paper services. One instance serves the whole session; every call takes an AbortSignal.
 *
 * @example const service = new PaperService(new HttpClient({ fetch }), PUBLIC_URLS);
 *          const paper = await service.lookUp(parsePaperId('2401.12345')!, { signal });
 */
export class PaperService {
  constructor(private readonly client: HttpClient, readonly urls: WebUrls, private readonly options: ServiceOptions = {}) {}

  /** A period's daily papers (the most recent day's without one), in the site's order (`sort` aside). */
  async daily(period: Period | undefined, options: DailyOptions & { signal?: AbortSignal } = {}): Promise<DailyPapers> {
    const url = dailyPapersUrl(this.urls.huggingFace, period, options);
    return this.#readJson(url, { service: NAMES.huggingFace, signal: options.signal }, readHfPapers);
  }

  /** Hugging Face's papers search, best first. */
  async search(query: string, options: { signal?: AbortSignal } = {}): Promise<DailyPapers> {
    return this.#readJson(hfSearchUrl(this.urls.huggingFace, query), { service: NAMES.huggingFace, signal: options.signal }, readHfPapers);
  }

  /**
   * The paper an identifier names. Throws `WebError`: `not-found` when the service has no such
   * paper, `malformed` when its answer cannot be read, and the client's other kinds.
   */
  async lookUp(id: PaperId, options: { signal?: AbortSignal } = {}): Promise<FetchedPaper> {
    const { signal } = options;
    if (id.kind === 'arxiv') {
      const versioned = id.version ? `${id.id}v${id.version}` : id.id;
      if (this.options.arxivVia === 'huggingface') {
        const request = { service: NAMES.huggingFace, signal, notFound: `Hugging Face has no page for ${paperIdText(id)}` };
        return this.#readJson(hfPaperUrl(this.urls.huggingFace, id.id), request, readHfPaper);
      }
      const url = arxivQueryUrl(this.urls.arxiv, [versioned]);
      const [paper] = await this.#readXml(url, { service: NAMES.arxiv, signal }, readArxivFeed);
      if (!paper) throw new WebError('not-found', `arXiv has no paper ${paperIdText(id)}`, url);
      return paper;
    }
    // Crossref holds most DOIs and says most of them (abstract, links), and browsers may ask it;
    // content negotiation at doi.org answers for every agency (DataCite, mEDRA…) where Crossref has none.
    try {
      return await this.#readJson(crossrefWorkUrl(this.urls.crossref, id.doi), { service: NAMES.crossref, signal, notFound: 'no such DOI' }, readCrossrefWork);
    } catch (crossref) {
      if (!(crossref instanceof WebError) || crossref.kind === 'cancelled') throw crossref;
      try {
        return await this.#readJson(doiUrl(this.urls.doi, id.doi), { service: NAMES.doi, accept: CSL_JSON, signal, notFound: 'no such DOI' }, readCslWork);
      } catch (doi) {
        throw crossref.kind === 'not-found' ? doi : crossref;
      }
    }
  }

  async #readJson<T>(url: string, request: RequestOptions, reader: (json: unknown) => T): Promise<T> {
    const answer = await this.client.getJson(url, request);
    return reading(answer.url, () => reader(answer.json));
  }

  async #readXml<T>(url: string, request: RequestOptions, reader: (text: string) => T): Promise<T> {
    const answer = await this.client.getText(url, { accept: 'application/atom+xml', ...request });
    return reading(answer.url, () => reader(answer.text));
  }
}

/** Reads an answer; what the reader cannot read is a `malformed` WebError. */
export function reading<T>(url: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ReadError)) throw error;
    throw new WebError('malformed', `${new URL(url).host} sent an answer Papers cannot read: ${error.message}`, url);
  }
}
