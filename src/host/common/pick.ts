// The paper pick: our search at every keystroke, shown in our order, with the web's papers offered
// where the library has few matches.
import vscode = require('vscode');
import type { Library, PaperRow } from '../library/library';
import type { Paper } from '../../core/model/paper';
import { hasFilters } from '../../core/search/query';
import type { History } from './history';
import type { PaperStore } from '../library/store';
import type { Notes } from './notes';

/** What an item button asks for; the command that opened the pick carries it out. */
export type PaperAction = 'insertCitation' | 'openDetails' | 'copyBibtex';

interface PaperItem extends vscode.QuickPickItem {
  row?: PaperRow;
  /** "Search Hugging Face for '…'": the words to search the web for. */
  webQuery?: string;
  /** A paper the web found, not yet in the library. */
  hit?: WebHit;
}

/** A paper found beyond the library, as the pick shows it. */
export interface WebHit { title: string; description: string; detail: string }

/** Papers from beyond the library, offered when it has no match: the web feature's (host/web), handed to the picker by host/features/start.ts. */
export interface WebSearch {
  readonly enabled: boolean;
  /** What the search is called in the pick ("Hugging Face"). */
  readonly name: string;
  search(query: string, signal: AbortSignal): Promise<WebHit[]>;
  /** Brings a paper the web found into the library: its key there. */
  join(hit: WebHit): Promise<string | undefined>;
}

const RESULTS = 50;
/** Fewer papers with every word typed than this, and Search Papers offers to search the web too. */
const FEW_MATCHES = 5;
const DETAIL_LENGTH = 160;
/** How long after the list is replaced a focus the window reports may be that of the list before. */
const ECHO_MS = 1500;

const BUTTONS: (vscode.QuickInputButton & { action: PaperAction })[] = [
  { iconPath: new vscode.ThemeIcon('quote'), tooltip: 'Insert Citation', action: 'insertCitation' },
  { iconPath: new vscode.ThemeIcon('open-preview'), tooltip: 'Open Paper Details', action: 'openDetails' },
  { iconPath: new vscode.ThemeIcon('copy'), tooltip: 'Copy BibTeX', action: 'copyBibtex' },
];

/** A paper as a quick pick row: title, then key · authors · venue · date, then the abstract's start. */
function paperItem(row: PaperRow, withButtons: boolean): PaperItem {
  return {
    label: row.title,
    description: row.meta ? `${row.key} · ${row.meta}` : row.key,
    detail: row.excerpt,
    // We rank; VS Code must show every row we give it, in our order.
    alwaysShow: true,
    buttons: withButtons ? BUTTONS : undefined,
    row,
  };
}

/** What an empty box shows before anything was opened or cited. */
const EMPTY_HINT: PaperItem = {
  label: '$(search) Type words of a title or abstract, an author or a key',
  detail: 'Filters combine with words: topic:robot, org:apple, year:2024, has:code',
  alwaysShow: true,
};

export interface PickOptions {
  title: string;
  placeholder: string;
  /** Text to search for at once, e.g. the editor's selection. */
  initialQuery?: string;
  canPickMany?: boolean;
  /** Show insert / open / copy buttons on each row. */
  buttons?: boolean;
  /** Recently opened and cited papers, shown while the query is empty. */
  history?: History;
  /** Only the papers with an entry in the user's bibliography ("Go to Entry"). */
  withEntry?: boolean;
}

export interface PickResult {
  papers: Paper[];
  /** Set when the user pressed an item button rather than Enter. */
  action?: PaperAction;
}

async function historyItems(library: Library, history: History, withButtons: boolean, withEntry: boolean): Promise<PaperItem[]> {
  const items: PaperItem[] = [];
  for (const kind of ['opened', 'cited'] as const) {
    const rows = (await library.rows(history.entries().filter(e => e.kind === kind).map(e => e.id), DETAIL_LENGTH)).filter(r => !withEntry || r.entries.length);
    if (!rows.length) continue;
    items.push({ label: kind === 'opened' ? 'recently opened' : 'recently cited', kind: vscode.QuickPickItemKind.Separator });
    items.push(...rows.map(r => paperItem(r, withButtons)));
  }
  return items;
}

/** What an item stands for, the same across answers: a paper, the offer to search the web, or a paper the web found. */
function identity(item: PaperItem): string | undefined {
  if (item.row) return `paper:${item.row.id}`;
  if (item.webQuery !== undefined) return `web:${item.webQuery}`;
  if (item.hit) return `hit:${item.hit.title}`;
  return undefined;
}

/**
 * The paper pick: Search Papers, Insert Citation and every command that asks which paper. One
 * for the window, made by host/features/start.ts with the web's search when the web feature is there.
 */
export class PaperPicker {
  private shown: vscode.QuickPick<PaperItem> | undefined;

  constructor(private readonly store: PaperStore, private readonly webSearch?: WebSearch, private readonly notes?: Notes) {}

  /** The pick on screen, if any: for the integration tests, which type into it. */
  get open(): vscode.QuickPick<vscode.QuickPickItem & { row?: PaperRow }> | undefined {
    return this.shown;
  }

  /**
   * Lets the user find papers by typing: every keystroke runs our search, and VS Code
   * shows our ranking as is. Resolves to the chosen papers (with several allowed, Enter
   * with nothing ticked takes the focused paper), or undefined if dismissed.
   */
  pick(options: PickOptions): Promise<PickResult | undefined> {
    return pickPapers(this.store, this.webSearch, this.notes, options, pick => { this.shown = pick; }, pick => { if (this.shown === pick) this.shown = undefined; });
  }
}

async function pickPapers(
  store: PaperStore, webSearch: WebSearch | undefined, noteSource: Notes | undefined, options: PickOptions,
  opened: (pick: vscode.QuickPick<PaperItem>) => void, closed: (pick: vscode.QuickPick<PaperItem>) => void,
): Promise<PickResult | undefined> {
  let library = await store.require();
  const pick = vscode.window.createQuickPick<PaperItem>();
  // Not in the 1.90 typings, but honoured by VS Code: keep our order instead of re-sorting by label match.
  (pick as { sortByLabel?: boolean }).sortByLabel = false;
  pick.matchOnDescription = false;
  pick.matchOnDetail = false;
  pick.title = options.title;
  pick.placeholder = options.placeholder;
  pick.canSelectMany = options.canPickMany ?? false;
  const withButtons = options.buttons ?? false;
  const withEntry = options.withEntry ?? false;
  // Answers come back in any order: only the latest question's answer is shown.
  let asked = 0;
  /** What the web search found for a query, shown under the library's papers while the query stays. */
  let fromWeb: { query: string; items: PaperItem[] } | undefined;
  /** What the list shows, as the user sees it (the same answer again is not shown again), and for which query. */
  let shown = { seen: '', query: '' };
  /**
   * Shows `items` for `query`. The same rows again (the library changed, not what this query
   * finds) leave the list as it is. New rows for the same query (a paper joined, two near-tied
   * papers swapped, the abstracts became searchable) keep the focus where the user moved it (a
   * paper, the offer to search the web, a paper the web found), and ticked papers stay ticked;
   * otherwise the focus is on `focus` or the first paper, so that Enter takes the best one.
   */
  const show = (items: PaperItem[], query: string, focus?: PaperItem): void => {
    const seen = items.map(i => [i.kind ?? '', i.label, i.description ?? '', i.detail ?? ''].join('\u0000')).join('\u0001');
    if (seen === shown.seen) return;
    // A focus reported just after the last replacement, other than ours, may be the old list's:
    // the focus is then where that replacement put it (ours, or VS Code's first row).
    const [current] = pick.activeItems;
    const real = current === unconfirmed ? replaced.focus : current;
    const focused = real && identity(real);
    const first = pick.items.find(i => identity(i));
    const moved = query === shown.query && focused && (!first || identity(first) !== focused) ? focused : undefined;
    const ticked = new Set(pick.selectedItems.flatMap(i => identity(i) ?? []));
    shown = { seen, query };
    pick.items = items;
    if (ticked.size) pick.selectedItems = items.filter(i => ticked.has(identity(i) ?? ''));
    // The first paper, else the offer to search the web (alone in the list), is focused here so
    // that Enter right after typing takes it: with several allowed VS Code focuses no row, and
    // with one it keeps the focus on an item of the old list that is in the new one (the offer,
    // focused while it was alone, stayed focused above the papers found after it, and Enter
    // searched the web).
    const active = (moved && items.find(i => identity(i) === moved)) || focus
      || items.find(i => i.row) || items.find(i => i.webQuery !== undefined);
    if (active) pick.activeItems = [active];
    replaced = { at: Date.now(), focus: active };
    unconfirmed = undefined;
  };
  /**
   * For a moment after the list is replaced, the window may still report the focus it had in the
   * list before, by position, which VS Code maps onto the new list: a row, or the offer to search
   * the web, that nobody moved to. Such a focus is not kept when the list is replaced again (seen
   * once: Enter then searched the web instead of opening the best paper).
   */
  let replaced: { at: number; focus: PaperItem | undefined } = { at: 0, focus: undefined };
  let unconfirmed: PaperItem | undefined;
  pick.onDidChangeActive(([item]) => {
    unconfirmed = Date.now() - replaced.at < ECHO_MS && item !== replaced.focus ? item : undefined;
  });
  const update = async (query: string) => {
    const question = ++asked;
    pick.busy = true;
    try {
      // The library the store holds now: it may have been replaced since the pick opened (the
      // worker taking over from the host, or giving the papers back), as the API's search sees it.
      library = await store.require();
      let items: PaperItem[];
      if (!query.trim()) {
        items = options.history ? await historyItems(library, options.history, withButtons, withEntry) : [];
        // A first search with nothing typed and nothing recent: say what to type rather than show an empty list.
        if (!items.length) items = [EMPTY_HINT];
      } else {
        // The writer's notes are searched too: a paper is found by what they wrote of it.
        const noted = noteSource?.forQuery(query);
        const { rows, problems } = await library.query(query, { limit: RESULTS, withEntry, excerpt: DETAIL_LENGTH, ...(noted ? { notes: noted } : {}) });
        // A filter that matches nothing says so, in the list where the papers would be.
        const notes: PaperItem[] = problems.map(p => ({ label: `$(warning) ${p}`, alwaysShow: true }));
        items = [...notes, ...rows.map(r => paperItem(r, withButtons))];
        // Where few papers have every word typed (a fuzzy search matches many weakly), after the
        // matches: the list keeps the library's ranking.
        if (webSearch?.enabled && !withEntry && !hasFilters(query) && (rows.length < FEW_MATCHES
          || (await library.query(query, { limit: FEW_MATCHES, allWords: true })).rows.length < FEW_MATCHES)) {
          items.push({ label: `$(globe) Search ${webSearch.name} for '${query.trim()}'`, alwaysShow: true, webQuery: query.trim() });
        }
      }
      // The library changed under the web's papers (a paper joined it): they stay below.
      if (fromWeb && fromWeb.query === query.trim()) items = [...items.filter(i => !i.webQuery), ...fromWeb.items];
      if (store.engine === 'restarting') items.unshift({ label: '$(sync~spin) Search is restarting: the bundled papers only, until your files are read again', alwaysShow: true });
      // A newer question, or a box that no longer holds this one (its change event is on its way): not shown.
      if (question !== asked || pick.value !== query) return;
      show(items, query);
    } catch (error) {
      if (question !== asked || pick.value !== query) return;
      // The engine stopped while it was asked: say so where the papers would be; it restarts by itself.
      show([{ label: `$(sync~spin) Search is restarting (${error instanceof Error ? error.message : String(error)}); type again in a moment`, alwaysShow: true }], query);
    } finally {
      if (question === asked) pick.busy = false;
    }
  };
  pick.value = options.initialQuery ?? '';
  void update(pick.value);
  return new Promise(resolve => {
    let result: PickResult | undefined;
    const done = async (items: readonly PaperItem[], action?: PaperAction) => {
      // A paper the web found joins the library first.
      const hits = items.flatMap(i => (i.hit ? [i.hit] : []));
      if (hits.length) pick.busy = true;
      const joined = webSearch ? await Promise.all(hits.map(h => webSearch.join(h))) : [];
      const ids = [...items.flatMap(i => (i.row ? [i.row.id] : [])), ...joined.filter((k): k is string => !!k)];
      // The whole papers, for what the command does with them (cite, copy, open).
      const papers = (await (await store.require()).papers(ids)).filter((p): p is Paper => p !== undefined);
      result = { papers, action };
      pick.hide();
    };
    let searching: AbortController | undefined;
    /** Searches the web, and shows what it found below the library's papers, marked as from the web. */
    const searchWeb = async (query: string) => {
      const search = webSearch;
      if (!search) return;
      searching?.abort();
      const controller = new AbortController();
      searching = controller;
      const kept = pick.items.filter(i => !i.webQuery);
      pick.busy = true;
      let found: PaperItem[];
      try {
        const hits = await search.search(query, controller.signal);
        found = hits.length
          ? hits.map(hit => ({ label: hit.title, description: `$(globe) from ${search.name} · ${hit.description}`, detail: hit.detail, alwaysShow: true, buttons: withButtons ? BUTTONS : undefined, hit }))
          : [{ label: `$(info) ${search.name} has no paper for '${query}'`, alwaysShow: true }];
      } catch (error) {
        if (controller.signal.aborted) return;
        found = [{ label: `$(warning) ${error instanceof Error ? error.message : String(error)}`, alwaysShow: true }];
      } finally {
        if (searching === controller) pick.busy = false;
      }
      if (pick.value.trim() !== query) return;
      fromWeb = { query, items: [{ label: `from ${search.name}`, kind: vscode.QuickPickItemKind.Separator }, ...found] };
      // Enter on the offer asked for these papers: the focus goes to the first of them.
      show([...kept, ...fromWeb.items], query, found.find(i => i.hit));
    };
    // The user's files may still be loading when the pick opens: show their papers when they arrive.
    const reload = store.onDidChange(async () => {
      library = await store.require();
      void update(pick.value);
    });
    // Rows found while the names were still being indexed may miss papers found by name: ask again.
    const indexed = store.onDidIndexNames(() => void update(pick.value));
    pick.onDidChangeValue(value => void update(value));
    pick.onDidAccept(() => {
      // With several allowed, the focus VS Code reports can lag a replacement of the list: then
      // Enter takes the row focused here, the one the user sees highlighted.
      // A focus the window reported just after the list was replaced, other than ours, is the old
      // list's (`unconfirmed`): the row the user sees highlighted is ours. (Enter right after typing
      // ran the offer to search the web, focused in the list before, over the paper shown focused.)
      const ours = replaced.focus && pick.items.includes(replaced.focus) ? replaced.focus : undefined;
      const reported = pick.activeItems[0];
      const active = (reported && reported !== unconfirmed ? reported : undefined) ?? ours ?? reported;
      const offer = [active, ...pick.selectedItems].find(i => i?.webQuery !== undefined)?.webQuery;
      if (offer !== undefined) { void searchWeb(offer); return; }
      const items = pick.canSelectMany && pick.selectedItems.length ? pick.selectedItems : active ? [active] : [];
      if (items.some(i => i.row || i.hit)) void done(items);
    });
    // With several allowed, a click ticks the row it is on: on the offer to search the web, the
    // click asks for that search (the offer is no paper to cite), and the tick is taken back.
    pick.onDidChangeSelection(selected => {
      const offer = selected.find(i => i.webQuery !== undefined);
      if (offer?.webQuery === undefined || !pick.canSelectMany) return;
      pick.selectedItems = selected.filter(i => i !== offer);
      void searchWeb(offer.webQuery);
    });
    pick.onDidTriggerItemButton(e => {
      const action = (e.button as (typeof BUTTONS)[number]).action;
      if (e.item.row || e.item.hit) void done([e.item], action);
    });
    pick.onDidHide(() => {
      searching?.abort();
      closed(pick);
      reload.dispose();
      indexed.dispose();
      pick.dispose();
      resolve(result);
    });
    opened(pick);
    pick.show();
  });
}
