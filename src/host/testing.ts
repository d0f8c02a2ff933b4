import type * as vscode from 'vscode';
import type { PaperView } from '../shared/protocol';
import type { DetailsPanel } from './details';
import { openPick } from './pick';
import type { BibliographyReport, PaperStore, UserCorpusReport } from './store';
import type { UserCorpora } from './userCorpora';
import type { Bibliographies } from './bibliographies';
import { providerTimes } from './citeProviders';
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
  /** What the last load of the user's corpus files did. */
  userCorpora(): UserCorpusReport | undefined;
  /** What the last load of the user's bibliographies did. */
  bibliographies(): BibliographyReport | undefined;
  /** How long the hover and completion providers themselves took, latest first (ms). */
  providerTimes(): { hover: readonly number[]; completion: readonly number[] };
  /** Reloads the bibliographies now (instead of waiting for a watcher) and resolves with what was read. */
  reloadBibliographies(): Promise<BibliographyReport | undefined>;
  /** The paper pick on screen (Search Papers, Insert Citation…), if any. */
  pick: typeof openPick;
  /** The paper the details panel shows and the last snapshot it was sent. */
  details(): { paperId: string | undefined; snapshot: PaperView | undefined };
}

export function createTestHooks(store: PaperStore, userCorpora: UserCorpora, bibliographies: Bibliographies, tree: PapersTreeProvider, treeView: vscode.TreeView<TreeNode>, readingList: ReadingListProvider, details: DetailsPanel): PapersTestHooks {
  return {
    settled: async () => { await store.library(); await bibliographies.settled(); await store.settled(); },
    tree,
    treeView,
    readingList,
    pick: openPick,
    userCorpora: () => userCorpora.lastReport,
    bibliographies: () => bibliographies.lastReport,
    reloadBibliographies: () => bibliographies.reload(),
    providerTimes: () => ({ hover: [...providerTimes.hover], completion: [...providerTimes.completion] }),
    details: () => ({ paperId: details.current?.id, snapshot: details.lastSnapshot }),
  };
}
