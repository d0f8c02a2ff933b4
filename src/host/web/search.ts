// Search Papers beyond the library: Hugging Face's papers search, offered by the paper pick when
// the library has few matches (host/browse/pick.ts); a paper it finds joins the library when the
// user opens, cites or stars it.
import type { WebHit, WebSearch } from '../common/pick';
import type { FetchedPaper } from '../../core/web';
import { engine } from '../engine/load';
import { excerpt } from '../../core/util/text';
import { authorsLine } from './addPaper';
import { withProgress, type WebPapers } from './papers';

interface Hit extends WebHit { paper: FetchedPaper }

const DETAIL_LENGTH = 160;

export class HuggingFaceSearch implements WebSearch {
  readonly name = 'Hugging Face';

  constructor(private readonly web: WebPapers) {}

  get enabled(): boolean {
    return this.web.enabled;
  }

  async search(query: string, signal: AbortSignal): Promise<Hit[]> {
    const service = this.web.service();
    let found;
    try {
      found = await service.search(query, { signal });
    } catch (error) {
      // Said in the pick, where the papers would be.
      throw new Error(this.web.problem(error) ?? 'The search was cancelled.');
    }
    return found.papers.map(paper => ({
      paper,
      title: paper.title,
      description: [authorsLine(paper), paper.issued?.year, paper.arxivId && `arXiv:${paper.arxivId}`].filter(Boolean).join(' · '),
      detail: excerpt(paper.abstract ?? '', DETAIL_LENGTH),
    }));
  }

  async join(hit: WebHit): Promise<string | undefined> {
    const { paper } = hit as Hit;
    const keys = await withProgress('Papers: adding the paper…', () => this.web.keep([paper], new Date().toISOString()));
    return keys.get(engine().web.webPaperId(paper));
  }
}
