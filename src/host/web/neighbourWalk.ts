// The Papers view's walk through papers' neighbourhoods: a paper with an id in Semantic Scholar's
// graph (or a bundled one, found there by its title) opens into what it cites, what cites it and
// what to read next, and each of those papers opens in turn (a neighbour that is a bundled paper by
// its title joins as that paper, shown once with its key). Fetched when a section is opened, never before; each page cached for the day
// like the details view's (Neighbourhoods.page). Every paper the walk showed joins the library as
// one batch, beside the papers' topics, so that each opens, stars and cites like any paper.
import type { Artefact, FetchedPaper } from '../../core/web';
import type { NeighbourKind } from '../../shared/protocol';
import type { PaperRow } from '../library/library';
import type { NeighbourRows, NeighbourSource } from '../common/treeNodes';
import { engine } from '../engine/load';
import type { Neighbourhoods } from './neighbourhood';

export class NeighbourWalk implements NeighbourSource {
  /** Every paper the walk has shown, by `webPaperId`: the batch it joins the library as. */
  readonly #papers = new Map<string, FetchedPaper>();
  readonly #fetched = new Date().toISOString();
  /** The look-ups by title under way or done, so that a paper's three sections ask once. */
  readonly #titles = new Map<string, Promise<string | undefined>>();

  constructor(private readonly neighbourhoods: Neighbourhoods) {}

  get enabled(): boolean {
    return this.neighbourhoods.web.enabled;
  }

  async page(paper: Pick<PaperRow, 'scholarId' | 'title'>, section: NeighbourKind, offset: number): Promise<NeighbourRows> {
    const { web, log } = this.neighbourhoods;
    let answer;
    let scholarId = paper.scholarId;
    try {
      // A paper with no id (a bundled one) is found by its title, once for its three sections.
      scholarId ??= await this.#byTitle(paper.title);
      if (!scholarId) return { rows: [], note: 'Semantic Scholar has no paper of exactly this title' };
      answer = await this.neighbourhoods.page(section, scholarId, offset);
    } catch (error) {
      const problem = this.neighbourhoods.problem(error);
      log.warn(`The ${section} of ${scholarId ?? `"${paper.title}"`}: ${problem?.message ?? 'cancelled'}`);
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

  /** The graph's id of a paper found by its title; a failed look-up is asked again when next opened. */
  #byTitle(title: string): Promise<string | undefined> {
    let found = this.#titles.get(title);
    if (!found) {
      found = this.neighbourhoods.byTitle(title);
      this.#titles.set(title, found);
      found.catch(() => this.#titles.delete(title));
    }
    return found;
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
