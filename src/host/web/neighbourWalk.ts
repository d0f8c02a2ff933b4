// The Papers view's walk through papers' neighbourhoods: a paper with an id in Semantic Scholar's
// graph opens into what it cites, what cites it and what to read next, and each of those papers
// opens in turn. Fetched when a section is opened, never before; each page cached for the day
// like the details view's (Neighbourhoods.page). Every paper the walk showed joins the library as
// one batch, beside the papers' topics, so that each opens, stars and cites like any paper.
import type { Artefact, FetchedPaper } from '../../core/web';
import type { NeighbourKind } from '../../shared/protocol';
import type { NeighbourRows, NeighbourSource } from '../common/treeNodes';
import { engine } from '../engine/load';
import type { Neighbourhoods } from './neighbourhood';

export class NeighbourWalk implements NeighbourSource {
  /** Every paper the walk has shown, by `webPaperId`: the batch it joins the library as. */
  readonly #papers = new Map<string, FetchedPaper>();
  readonly #fetched = new Date().toISOString();

  constructor(private readonly neighbourhoods: Neighbourhoods) {}

  get enabled(): boolean {
    return this.neighbourhoods.web.enabled;
  }

  async page(scholarId: string, section: NeighbourKind, offset: number): Promise<NeighbourRows> {
    const { web, log } = this.neighbourhoods;
    let answer;
    try {
      answer = await this.neighbourhoods.page(section, scholarId, offset);
    } catch (error) {
      const problem = this.neighbourhoods.problem(error);
      log.warn(`The ${section} of ${scholarId}: ${problem?.message ?? 'cancelled'}`);
      throw new Error(problem?.message ?? 'Cancelled');
    }
    const { webPaperId } = engine().web;
    const papers = answer.value.neighbours.map(n => n.paper);
    for (const paper of papers) this.#papers.set(webPaperId(paper), paper);
    const keys = await web.join('walk', [...this.#papers.values()], this.#fetched, { topics: false });
    const rows = await web.rowsOf(papers, keys);
    // The rows are marked by the keys cited (citedIn): read now, as the rows are shown.
    await this.neighbourhoods.citedKeys();
    return {
      rows: papers.flatMap(paper => rows.get(webPaperId(paper)) ?? []),
      next: answer.value.next,
      note: this.neighbourhoods.cacheNote(answer),
    };
  }

  async artefacts(arxivId: string): Promise<{ artefacts: Artefact[]; note?: string }> {
    try {
      const answer = await this.neighbourhoods.artefacts(arxivId);
      return { artefacts: answer.value.artefacts, note: this.neighbourhoods.cacheNote(answer) ?? answer.value.errors[0] };
    } catch (error) {
      const problem = this.neighbourhoods.web.problem(error);
      this.neighbourhoods.log.warn(`The Hub's repositories of arXiv:${arxivId}: ${problem ?? 'cancelled'}`);
      throw new Error(problem ?? 'Cancelled');
    }
  }

  citedIn(key: string): 'here' | 'project' | undefined {
    return this.neighbourhoods.citedIn(key);
  }
}
