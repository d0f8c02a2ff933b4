// What the command line's web commands (add, daily) share: the paper services over Node's fetch,
// at the URLs the environment names (PAPERS_HF_URL, PAPERS_ARXIV_URL, PAPERS_CROSSREF_URL, PAPERS_DOI_URL).
import { HttpClient, PaperService, urlsFromEnvironment } from '../core/web';

export function paperService(): PaperService {
  return new PaperService(new HttpClient({ fetch: (url, init) => fetch(url, init) }), urlsFromEnvironment(process.env));
}
