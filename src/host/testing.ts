import type * as vscode from 'vscode';
import type { PaperView } from '../shared/protocol';
import type { DetailsPanel } from './details';
import { openPick } from './pick';
import type { PaperStore } from './store';
import type { PapersTreeProvider, ReadingListProvider, TreeNode } from './tree';

/**
 * Views and state that integration tests inspect, exposed on the API only when the
 * extension runs under test (ExtensionMode.Test). Tests call the same provider
 * methods VS Code calls, so what they see is what the view shows.
 */
export interface PapersTestHooks {
  /** Resolves when the user's corpus files are merged and indexed. */
  settled(): Promise<void>;
  tree: PapersTreeProvider;
  treeView: vscode.TreeView<TreeNode>;
  readingList: ReadingListProvider;
  /** The paper pick on screen (Search Papers, Insert Citation…), if any. */
  pick: typeof openPick;
  /** The paper the details panel shows and the last snapshot it was sent. */
  details(): { paperId: string | undefined; snapshot: PaperView | undefined };
}

export function createTestHooks(store: PaperStore, tree: PapersTreeProvider, treeView: vscode.TreeView<TreeNode>, readingList: ReadingListProvider, details: DetailsPanel): PapersTestHooks {
  return {
    settled: () => store.settled(),
    tree,
    treeView,
    readingList,
    pick: openPick,
    details: () => ({ paperId: details.current?.id, snapshot: details.lastSnapshot }),
  };
}
