// What the browse feature is given by host/features/start.ts: the library, the views it owns, and the
// shared floor's pick, history and reading list.
import type vscode = require('vscode');
import type { Topic } from '../../core/corpus/topics';
import type { History } from '../common/history';
import type { PaperPicker } from '../common/pick';
import type { ReadingList } from '../common/readingList';
import type { TreeNode } from '../common/treeNodes';
import type { PaperStore } from '../library/store';
import type { DetailsPanel } from './details';
import type { PapersTreeProvider } from './tree';

export interface BrowseParts {
  store: PaperStore;
  picker: PaperPicker;
  details: DetailsPanel;
  readingList: ReadingList;
  history: History;
  tree: PapersTreeProvider;
  treeView: vscode.TreeView<TreeNode>;
  topics: readonly Topic[];
  log: vscode.LogOutputChannel;
}
