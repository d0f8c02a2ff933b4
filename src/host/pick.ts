import * as vscode from 'vscode';
import { metadataLine } from '../core/browse/describe';
import type { PaperLibrary } from '../core/search/library';
import type { Paper } from '../core/corpus/paper';
import { excerpt } from '../core/util/text';
import type { History } from './history';
import type { PaperStore } from './store';

/** What an item button asks for; the command that opened the pick carries it out. */
export type PaperAction = 'insertCitation' | 'openDetails' | 'copyBibtex';

interface PaperItem extends vscode.QuickPickItem {
  paper?: Paper;
}

const RESULTS = 50;
const DETAIL_LENGTH = 160;

const BUTTONS: (vscode.QuickInputButton & { action: PaperAction })[] = [
  { iconPath: new vscode.ThemeIcon('quote'), tooltip: 'Insert Citation', action: 'insertCitation' },
  { iconPath: new vscode.ThemeIcon('open-preview'), tooltip: 'Open Paper Details', action: 'openDetails' },
  { iconPath: new vscode.ThemeIcon('copy'), tooltip: 'Copy BibTeX', action: 'copyBibtex' },
];

/** A paper as a quick pick row: title, then key · organisation · date, then the abstract's start. */
function paperItem(paper: Paper, withButtons: boolean): PaperItem {
  const meta = metadataLine(paper);
  return {
    label: paper.title,
    description: meta ? `${paper.key} · ${meta}` : paper.key,
    detail: excerpt(paper.abstract, DETAIL_LENGTH),
    // We rank; VS Code must show every row we give it, in our order.
    alwaysShow: true,
    buttons: withButtons ? BUTTONS : undefined,
    paper,
  };
}

let open: vscode.QuickPick<PaperItem> | undefined;

/** The paper pick on screen, if any: for the integration tests, which type into it. */
export function openPick(): vscode.QuickPick<vscode.QuickPickItem & { paper?: Paper }> | undefined {
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
  /** Only the papers this keeps (e.g. those with an entry in the user's bibliography). */
  only?: (paper: Paper) => boolean;
}

export interface PickResult {
  papers: Paper[];
  /** Set when the user pressed an item button rather than Enter. */
  action?: PaperAction;
}

function historyItems(library: PaperLibrary, history: History, withButtons: boolean): PaperItem[] {
  const items: PaperItem[] = [];
  for (const kind of ['opened', 'cited'] as const) {
    const papers = history.entries().filter(e => e.kind === kind).flatMap(e => library.get(e.id) ?? []);
    if (!papers.length) continue;
    items.push({ label: kind === 'opened' ? 'recently opened' : 'recently cited', kind: vscode.QuickPickItemKind.Separator });
    items.push(...papers.map(p => paperItem(p, withButtons)));
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
  const update = (query: string) => {
    if (!query.trim()) {
      const recent = options.history ? historyItems(library, options.history, withButtons) : [];
      pick.items = options.only ? recent.filter(i => !i.paper || options.only!(i.paper)) : recent;
      return;
    }
    const only = options.only;
    const { hits, problems } = library.query(query, { limit: RESULTS, filter: only && (id => { const p = library.get(id); return !!p && only(p); }) });
    // A filter that matches nothing says so, in the list where the papers would be.
    const notes: PaperItem[] = problems.map(p => ({ label: `$(warning) ${p.message}`, alwaysShow: true }));
    pick.items = [...notes, ...hits.map(h => paperItem(h.paper, withButtons))];
    // With several allowed, VS Code focuses no row; focus the best one so Enter takes it.
    if (pick.canSelectMany) pick.activeItems = pick.items.filter(i => i.paper).slice(0, 1);
  };
  pick.value = options.initialQuery ?? '';
  update(pick.value);
  return new Promise(resolve => {
    let result: PickResult | undefined;
    const done = (papers: Paper[], action?: PaperAction) => {
      result = { papers, action };
      pick.hide();
    };
    // The user's corpus files may still be loading when the pick opens: show their papers when they arrive.
    const reload = store.onDidChange(async () => {
      library = await store.require();
      update(pick.value);
    });
    pick.onDidChangeValue(update);
    pick.onDidAccept(() => {
      const items = pick.canSelectMany && pick.selectedItems.length ? pick.selectedItems : pick.activeItems.slice(0, 1);
      const papers = items.flatMap(i => i.paper ?? []);
      if (papers.length) done(papers);
    });
    pick.onDidTriggerItemButton(e => {
      const action = (e.button as (typeof BUTTONS)[number]).action;
      if (e.item.paper) done([e.item.paper], action);
    });
    pick.onDidHide(() => {
      if (open === pick) open = undefined;
      reload.dispose();
      pick.dispose();
      resolve(result);
    });
    open = pick;
    pick.show();
  });
}
