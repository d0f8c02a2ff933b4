// The browse feature: the Papers view's commands (search, open, the reading list, filter, sort,
// group and reveal, related papers, links, Go to Entry, more of a paper's neighbours) and what keeps the view's message and its
// Daily Papers node in step. The view and the details panel are made by host/features/start.ts.
import vscode = require('vscode');
import type { DailySource } from '../common/treeNodes';
import { registerCommands } from '../util/commands';
import { GoToEntryCommand, OpenLinkCommand, OpenPaperCommand, SearchPapersCommand, ShowRelatedPapersCommand } from './paperCommands';
import type { BrowseParts } from './parts';
import { AddToReadingListCommand, RemoveFromReadingListCommand } from './readingListCommands';
import { ClearFilterCommand, FilterPapersCommand, GroupPapersCommand, MoreNeighboursCommand, RevealPaperCommand, RevealTopicCommand, showFilterMessage, SortPapersCommand } from './viewCommands';

export type { BrowseParts } from './parts';

export function registerBrowse(parts: BrowseParts, daily?: DailySource): vscode.Disposable {
  return vscode.Disposable.from(
    parts.tree.onDidChangeTreeData(() => showFilterMessage(parts)),
    // Daily Papers fetches once the user opens its node, never before.
    parts.treeView.onDidExpandElement(e => { if (e.element.kind === 'daily') void daily?.open(); }),
    registerCommands(parts.log, [
      new SearchPapersCommand(parts),
      new OpenPaperCommand(parts),
      new AddToReadingListCommand(parts),
      new RemoveFromReadingListCommand(parts),
      new FilterPapersCommand(parts),
      new ClearFilterCommand(parts),
      new SortPapersCommand(),
      new GroupPapersCommand(),
      new RevealPaperCommand(parts),
      new RevealTopicCommand(parts),
      new ShowRelatedPapersCommand(parts),
      new OpenLinkCommand(parts),
      new GoToEntryCommand(parts),
      new MoreNeighboursCommand(parts),
    ]),
  );
}

/** Opens Daily Papers in the view once its papers are in (what the web feature's Show Daily Papers asks for). */
export async function revealDaily({ tree, treeView }: Pick<BrowseParts, 'tree' | 'treeView'>): Promise<void> {
  const node = await tree.findDaily();
  if (node) await treeView.reveal(node, { expand: true, focus: false, select: false });
}
