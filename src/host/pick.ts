import * as vscode from 'vscode';
import { metadataLine } from '../core/describe';
import type { PaperLibrary } from '../core/library';
import type { Paper } from '../core/paper';
import { excerpt } from '../core/text';

export interface PaperItem extends vscode.QuickPickItem {
  paper: Paper;
}

const RESULTS = 50;
const DETAIL_LENGTH = 160;

/** A paper as a quick pick row: title, then key · organisation · date, then the abstract's start. */
export function paperItem(paper: Paper): PaperItem {
  const meta = metadataLine(paper);
  return {
    label: paper.title,
    description: meta ? `${paper.key} · ${meta}` : paper.key,
    detail: excerpt(paper.abstract, DETAIL_LENGTH),
    // We rank; VS Code must show every row we give it, in our order.
    alwaysShow: true,
    paper,
  };
}

export interface PickOptions {
  title: string;
  placeholder: string;
  /** Text to search for at once, e.g. the editor's selection. */
  initialQuery?: string;
  canPickMany?: boolean;
}

/**
 * Lets the user find papers by typing: every keystroke runs our search, and VS Code
 * shows our ranking as is. Resolves to the chosen papers (with several allowed, Enter
 * with nothing ticked takes the focused paper), or undefined if dismissed.
 */
export function pickPapers(library: PaperLibrary, options: PickOptions): Promise<Paper[] | undefined> {
  const pick = vscode.window.createQuickPick<PaperItem>();
  // Not in the 1.90 typings, but honoured by VS Code: keep our order instead of re-sorting by label match.
  (pick as { sortByLabel?: boolean }).sortByLabel = false;
  pick.matchOnDescription = false;
  pick.matchOnDetail = false;
  pick.title = options.title;
  pick.placeholder = options.placeholder;
  pick.canSelectMany = options.canPickMany ?? false;
  const update = (query: string) => {
    const hits = query.trim() ? library.search(query, { limit: RESULTS }).map(h => h.paper) : [];
    pick.items = hits.map(paperItem);
  };
  pick.value = options.initialQuery ?? '';
  update(pick.value);
  return new Promise(resolve => {
    let chosen: Paper[] | undefined;
    pick.onDidChangeValue(update);
    pick.onDidAccept(() => {
      const items = pick.canSelectMany && pick.selectedItems.length ? pick.selectedItems : pick.activeItems.slice(0, 1);
      if (!items.length) return;
      chosen = items.map(i => i.paper);
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(chosen);
    });
    pick.show();
  });
}
