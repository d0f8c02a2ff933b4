import vscode = require('vscode');
import type { Library, PaperRow } from '../library/library';
import type { Paper } from '../../core/model/paper';
import type { History } from './history';
import type { PaperStore } from '../library/store';

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

/** Papers from beyond the library, offered when it has no match: given by the web feature (src/host/web), which this floor cannot import. */
export interface WebSearch {
  readonly enabled: boolean;
  /** What the search is called in the pick ("Hugging Face"). */
  readonly name: string;
  search(query: string, signal: AbortSignal): Promise<WebHit[]>;
  /** Brings a paper the web found into the library: its key there. */
  join(hit: WebHit): Promise<string | undefined>;
}

let webSearch: WebSearch | undefined;

/** Lets the paper pick search beyond the library. */
export function useWebSearch(search: WebSearch): vscode.Disposable {
  webSearch = search;
  return new vscode.Disposable(() => { if (webSearch === search) webSearch = undefined; });
}

const RESULTS = 50;
const DETAIL_LENGTH = 160;

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

let open: vscode.QuickPick<PaperItem> | undefined;

/** The paper pick on screen, if any: for the integration tests, which type into it. */
export function openPick(): vscode.QuickPick<vscode.QuickPickItem & { row?: PaperRow }> | undefined {
  return open;
}

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

/**
 * Lets the user find papers by typing: every keystroke runs our search, and VS Code
 * shows our ranking as is. Resolves to the chosen papers (with several allowed, Enter
 * with nothing ticked takes the focused paper), or undefined if dismissed.
 */
export async function pickPapers(store: PaperStore, options: PickOptions): Promise<PickResult | undefined> {
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
        const { rows, problems } = await library.query(query, { limit: RESULTS, withEntry, excerpt: DETAIL_LENGTH });
        // A filter that matches nothing says so, in the list where the papers would be.
        const notes: PaperItem[] = problems.map(p => ({ label: `$(warning) ${p}`, alwaysShow: true }));
        items = [...notes, ...rows.map(r => paperItem(r, withButtons))];
        // Only where the library has nothing: a list of its matches stays exactly its ranking.
        if (webSearch?.enabled && !rows.length && !withEntry) {
          items.push({ label: `$(globe) Search ${webSearch.name} for '${query.trim()}'`, alwaysShow: true, webQuery: query.trim() });
        }
      }
      if (store.engine === 'restarting') items.unshift({ label: '$(sync~spin) Search is restarting: the bundled papers only, until your files are read again', alwaysShow: true });
      // A newer question, or a box that no longer holds this one (its change event is on its way): not shown.
      if (question !== asked || pick.value !== query) return;
      pick.items = items;
      // With several allowed, VS Code focuses no row; focus the best one so Enter takes it.
      if (pick.canSelectMany) pick.activeItems = pick.items.filter(i => i.row).slice(0, 1);
    } catch (error) {
      if (question !== asked || pick.value !== query) return;
      // The engine stopped while it was asked: say so where the papers would be; it restarts by itself.
      pick.items = [{ label: `$(sync~spin) Search is restarting (${error instanceof Error ? error.message : String(error)}); type again in a moment`, alwaysShow: true }];
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
      const joined = webSearch ? await Promise.all(hits.map(h => webSearch!.join(h))) : [];
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
      pick.items = [...kept, { label: `from ${search.name}`, kind: vscode.QuickPickItemKind.Separator }, ...found];
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
      const [active] = pick.activeItems;
      if (active?.webQuery) { void searchWeb(active.webQuery); return; }
      const items = pick.canSelectMany && pick.selectedItems.length ? pick.selectedItems : pick.activeItems.slice(0, 1);
      if (items.some(i => i.row || i.hit)) void done(items);
    });
    pick.onDidTriggerItemButton(e => {
      const action = (e.button as (typeof BUTTONS)[number]).action;
      if (e.item.row || e.item.hit) void done([e.item], action);
    });
    pick.onDidHide(() => {
      searching?.abort();
      if (open === pick) open = undefined;
      reload.dispose();
      indexed.dispose();
      pick.dispose();
      resolve(result);
    });
    open = pick;
    pick.show();
  });
}
