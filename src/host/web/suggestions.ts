// Papers: Suggest Citations for This Document, and Papers: Recommend Papers Like the Reading List.
// Suggest Citations: the papers the document cites that have an arXiv
// id or DOI are asked of Semantic Scholar in one batch (their references and the papers citing
// them); the papers they point to that the document does not cite are ranked by how many of its
// papers point to each (core/web/suggest.ts) and offered in a quick pick, each with its reason:
// cite it at the cursor, open its details, or dismiss it (remembered for this document).
import vscode = require('vscode');
import type { Neighbour, Suggestion } from '../../core/web';
import type { PaperRow } from '../../engine/protocol';
import { CITING_LANGUAGES } from '../../core/cite/languages';
import { citationsOf } from '../common/documentCitations';
import { engine } from '../engine/load';
import { Commands } from '../ids';
import { UserError } from '../util/errors';
import type { Neighbourhoods } from './neighbourhood';
import { scholarIdOf } from './neighbourhood';
import { withProgress } from './papers';

const DISMISSED = 'papers.dismissedSuggestions';

interface SuggestionItem extends vscode.QuickPickItem {
  suggestion: Suggestion;
  row: PaperRow;
}

interface RecommendedItem extends vscode.QuickPickItem {
  row: PaperRow;
  neighbour: Neighbour;
}

const CITE: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('quote'), tooltip: 'Insert a citation of it into the editor you were last in' };
const DISMISS: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('close'), tooltip: 'Dismiss: do not suggest it again for this document' };
const NOT_LIKE: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('thumbsdown'), tooltip: 'Not like this: take it out and ask again with it as an example of what not to recommend' };
const DETAILS: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('info'), tooltip: 'Open its details' };

export class Suggestions {
  /** The pick shown last (for tests). */
  pick: vscode.QuickPick<SuggestionItem> | undefined;
  /** The recommendations for the Reading List, while shown (for tests). */
  recommended: vscode.QuickPick<RecommendedItem> | undefined;
  /** What the recommendations shown were asked for: the positive papers, and those the writer said were not like them. */
  private recommendedSession: { positive: string[]; negative: string[]; what: string } | undefined;
  /** The day of the cached recommendations shown, when the service could not be asked. */
  private cachedOn: string | undefined;

  constructor(private readonly neighbourhoods: Neighbourhoods, private readonly state: vscode.Memento) {}

  dismissed(doc: vscode.Uri): Set<string> {
    return new Set(this.state.get<Record<string, string[]>>(DISMISSED, {})[doc.toString()] ?? []);
  }

  async dismiss(doc: vscode.Uri, id: string): Promise<void> {
    const all = this.state.get<Record<string, string[]>>(DISMISSED, {});
    await this.state.update(DISMISSED, { ...all, [doc.toString()]: [...new Set([...(all[doc.toString()] ?? []), id])] });
  }

  /** Ranks what the document is missing and shows it; resolves once the pick is shown (or there is nothing to show). */
  async run(): Promise<void> {
    const { web, store, editors } = this.neighbourhoods;
    const doc = editors.lastDocument;
    if (!doc || !CITING_LANGUAGES.includes(doc.languageId)) {
      throw new UserError('Open a LaTeX, Markdown, Quarto, R Markdown, Typst or reStructuredText document to have citations suggested for it.');
    }
    const keys = [...new Set(citationsOf(doc).flatMap(c => c.keys.map(k => k.key)))];
    const library = await store.library();
    if (!library) throw new UserError('The papers are not loaded yet; try again in a moment.');
    const papers = (await library.papers(keys)).filter(p => p !== undefined);
    const ids = [...new Set(papers.map(scholarIdOf).filter((id): id is string => !!id))];
    if (!ids.length) {
      throw new UserError(keys.length
        ? `None of the ${keys.length} papers this document cites has an arXiv id or DOI, which Semantic Scholar knows papers by. Add them with Papers: Add Paper…, or add the ids to their entries.`
        : 'This document cites no paper yet: suggestions come from what its citations cite and what cites them.');
    }
    const service = await this.neighbourhoods.service();
    const asked = await withProgress(`Papers: asking Semantic Scholar what the ${ids.length} cited ${ids.length === 1 ? 'paper points' : 'papers point'} to…`,
      signal => web.cache.linked(ids, () => service.linked(ids, { signal })))
      .catch((error: unknown) => {
        const problem = web.problem(error);
        if (problem === undefined) return undefined;
        const refused = [429, 403].includes((error as { status?: number }).status ?? 0);
        throw new UserError(`Papers could not suggest citations: ${problem}${refused ? '. Semantic Scholar limits how often it answers without an API key: run Papers: Set Semantic Scholar API Key… to ask more often.' : ''}`);
      });
    if (!asked) return;
    const linked = asked.value.filter(l => l !== undefined);
    const { suggestionsAt, namesOf } = engine().web;
    const cited = new Set([...papers.flatMap(p => namesOf({ title: p.title, ...engine().web.idsOfWork(engine().web.workOfPaper(p)) })), ...linked.map(l => `s2:${l.scholarId}`)]);
    const suggestions = suggestionsAt(linked, await store.rankSuggestions(linked, cited, this.dismissed(doc.uri)));
    if (!suggestions.length) {
      void vscode.window.showInformationMessage(`Papers found nothing to suggest: no paper is pointed to by more than one of the ${linked.length} cited papers Semantic Scholar knows${asked.error ? ` (shown from the cache of ${asked.fetched.slice(0, 10)})` : ''}.`);
      return;
    }
    const suggested = suggestions.map(s => s.neighbour.paper);
    const rows = await web.rowsOf(suggested, await web.join('suggestions', suggested, asked.fetched, { topics: false }));
    // One the writer has and cites in another document of the project is said so.
    const { project } = await this.neighbourhoods.citedKeys();
    const items = suggestions.flatMap((suggestion): SuggestionItem[] => {
      const row = rows.get(engine().web.webPaperId(suggestion.neighbour.paper));
      if (!row) return [];
      const { paper } = suggestion.neighbour;
      const detail = [paper.authors.map(a => a.family ?? a.literal).filter(Boolean).slice(0, 3).join(', ') + (paper.authors.length > 3 ? ' et al.' : ''), paper.issued?.year, paper.venue, row.key].filter(Boolean).join(' · ');
      const description = project.has(row.key) ? `${suggestion.reason} · ✓ cited in the project` : suggestion.reason;
      return [{ label: paper.title, description, detail, suggestion, row, buttons: [DETAILS, DISMISS] }];
    });
    this.show(doc, items, linked.length, asked.error ? asked.fetched : undefined);
  }

  /**
   * Papers like some of the library's (the Reading List, a selection in the Papers view):
   * Semantic Scholar's recommendations for a set of papers (`POST /recommendations/v1/papers/`),
   * in a pick: Enter opens one's details, a button cites it, another ("Not like this") takes it
   * out and asks again with it as a negative example (remembered while the pick is shown).
   * `what`: the papers as the title names them ("the Reading List", "these").
   */
  async recommend(ids: readonly string[], what: 'the Reading List' | 'these' = 'the Reading List'): Promise<void> {
    const { store } = this.neighbourhoods;
    const library = await store.library();
    if (!library) throw new UserError('The papers are not loaded yet; try again in a moment.');
    const papers = (await library.papers(ids)).filter(p => p !== undefined);
    const named = papers.map(scholarIdOf);
    const positive = [...new Set(named.filter((id): id is string => !!id))];
    if (!positive.length) {
      throw new UserError(!ids.length
        ? 'The Reading List is empty: star papers (Add to Reading List) to have papers like them recommended.'
        : `None of the ${ids.length} papers ${what === 'these' ? 'selected' : 'of the Reading List'} has an arXiv id or DOI, which Semantic Scholar knows papers by: ${what === 'these' ? 'select' : 'star'} papers fetched from the web or entries with ids.`);
    }
    const without = named.filter(id => !id).length;
    const leftOut = without ? ` (${without} of ${named.length} ${without === 1 ? 'has' : 'have'} no arXiv id or DOI: left out)` : '';
    const session = { positive, negative: [] as string[], what: `Papers like the ${positive.length} ${what === 'these' ? 'selected' : 'of the Reading List'}${leftOut}` };
    const items = await this.recommendedItems(session, true);
    if (!items) return;
    if (!items.length) {
      void vscode.window.showInformationMessage(`Semantic Scholar has no recommendations for ${what === 'these' ? 'the papers selected' : 'the papers of the Reading List'}.`);
      return;
    }
    this.recommended?.dispose();
    const pick = vscode.window.createQuickPick<RecommendedItem>();
    this.recommended = pick;
    this.recommendedSession = session;
    pick.title = session.what + (this.cachedOn ? ` (offline: from the cache of ${this.cachedOn})` : '');
    pick.placeholder = 'From Semantic Scholar\'s recommendations: Enter opens the details, a button cites, another asks again without one';
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    pick.items = items;
    pick.onDidTriggerItemButton(e => {
      if (e.button === NOT_LIKE) return void this.notLikeThis(e.item);
      pick.hide();
      void vscode.commands.executeCommand(Commands.insertCitation, e.item.row.id);
    });
    pick.onDidAccept(() => {
      const [chosen] = pick.selectedItems;
      pick.hide();
      if (chosen) void vscode.commands.executeCommand(Commands.openPaper, chosen.row.id);
    });
    pick.onDidHide(() => { if (this.recommended === pick) this.recommended = undefined; pick.dispose(); });
    pick.show();
  }

  /** "Not like this": the item leaves the pick, and the recommendations are asked again with it as a negative example. */
  async notLikeThis(item: vscode.QuickPickItem): Promise<void> {
    const pick = this.recommended;
    const session = this.recommendedSession;
    const found = pick?.items.find(i => i === item);
    if (!pick || !session || !found) return;
    const id = found.neighbour.scholarId ?? engine().web.scholarIdOfWork({ arxivId: found.neighbour.paper.arxivId, doi: found.neighbour.paper.doi });
    pick.items = pick.items.filter(i => i !== found);
    if (!id) return;
    session.negative.push(id);
    pick.busy = true;
    try {
      const items = await this.recommendedItems(session, false).catch((error: unknown) => {
        void vscode.window.showWarningMessage(error instanceof Error ? error.message : String(error));
        return undefined;
      });
      if (items && this.recommended === pick) pick.items = items;
    } finally {
      pick.busy = false;
    }
  }

  /** The pick's items for the session's positive and negative papers; undefined when cancelled. */
  private async recommendedItems(session: { positive: string[]; negative: string[] }, progress: boolean): Promise<RecommendedItem[] | undefined> {
    const { web } = this.neighbourhoods;
    const service = await this.neighbourhoods.service();
    const { positive, negative } = session;
    const ask = (signal?: AbortSignal) => web.cache.recommendedFor(positive, () => service.recommendedFor(positive, negative, { signal, limit: 50 }), negative);
    const asked = await (progress ? withProgress(`Papers: asking Semantic Scholar for papers like the ${positive.length}…`, ask) : ask())
      .catch((error: unknown) => {
        const problem = web.problem(error);
        if (problem === undefined) return undefined;
        throw new UserError(`Papers could not ask for recommendations: ${problem}`);
      });
    if (!asked) return undefined;
    this.cachedOn = asked.error ? asked.fetched.slice(0, 10) : undefined;
    const { neighbours } = asked.value;
    const fetched = neighbours.map(n => n.paper);
    const rows = await web.rowsOf(fetched, await web.join('recommended', fetched, asked.fetched, { topics: false }));
    return neighbours.flatMap((neighbour): RecommendedItem[] => {
      const row = rows.get(engine().web.webPaperId(neighbour.paper));
      if (!row) return [];
      const { paper } = neighbour;
      const description = [paper.authors.map(a => a.family ?? a.literal).filter(Boolean).slice(0, 3).join(', ') + (paper.authors.length > 3 ? ' et al.' : ''), paper.issued?.year].filter(Boolean).join(' · ');
      const detail = [paper.venue, neighbour.citations === undefined ? undefined : `${neighbour.citations.toLocaleString('en')} citations`, row.key].filter(Boolean).join(' · ');
      return [{ label: paper.title, description, detail, row, neighbour, buttons: [CITE, NOT_LIKE] }];
    });
  }

  /** What the dismiss button of an item does: remembered for the document, and gone from the pick. */
  async dismissItem(doc: vscode.Uri, item: vscode.QuickPickItem): Promise<void> {
    const pick = this.pick;
    const found = pick?.items.find(i => i === item);
    if (!pick || !found) return;
    await this.dismiss(doc, found.suggestion.id);
    pick.items = pick.items.filter(i => i !== found);
  }

  private show(doc: vscode.TextDocument, items: SuggestionItem[], known: number, cachedOn: string | undefined): void {
    this.pick?.dispose();
    const pick = vscode.window.createQuickPick<SuggestionItem>();
    this.pick = pick;
    pick.title = `Suggested citations for ${vscode.workspace.asRelativePath(doc.uri, false)}${cachedOn ? ` (offline: from the cache of ${cachedOn.slice(0, 10)})` : ''}`;
    pick.placeholder = `From what its ${known} cited ${known === 1 ? 'paper cites and what cites it' : 'papers cite and what cites them'}: Enter cites one at the cursor`;
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    pick.items = items;
    pick.onDidTriggerItemButton(async e => {
      if (e.button === DETAILS) {
        void vscode.commands.executeCommand(Commands.openPaper, e.item.row.id);
        return;
      }
      await this.dismissItem(doc.uri, e.item);
    });
    pick.onDidAccept(() => {
      const [chosen] = pick.selectedItems;
      pick.hide();
      if (chosen) void vscode.commands.executeCommand(Commands.insertCitation, chosen.row.id);
    });
    pick.onDidHide(() => { if (this.pick === pick) this.pick = undefined; pick.dispose(); });
    pick.show();
  }
}
