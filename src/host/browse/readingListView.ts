// The Reading List view: the starred papers, newest first.
import vscode = require('vscode');
import type { ReadingList } from '../common/readingList';
import type { PaperNode } from '../common/treeNodes';
import type { PaperStore } from '../library/store';
import { Disposable } from '../util/dispose';
import { paperTreeItem, rowTooltip } from './treeItems';

export class ReadingListProvider extends Disposable implements vscode.TreeDataProvider<PaperNode> {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly store: PaperStore, private readonly readingList: ReadingList) {
    super();
    this.register(readingList.onDidChange(() => this.changed.fire()));
    this.register(store.onDidChange(() => this.changed.fire()));
  }

  getTreeItem(node: PaperNode): vscode.TreeItem {
    return paperTreeItem(node, true);
  }

  async resolveTreeItem(item: vscode.TreeItem, node: PaperNode): Promise<vscode.TreeItem> {
    if (!item.tooltip) item.tooltip = await rowTooltip(await this.store.library(), node.row);
    return item;
  }

  async getChildren(node?: PaperNode): Promise<PaperNode[]> {
    if (node) return [];
    const library = await this.store.library();
    if (!library) return [];
    const rows = await library.rows(this.readingList.ids());
    return rows.map(row => ({ kind: 'paper' as const, id: `reading/${row.id}`, row }));
  }

  getParent(): undefined {
    return undefined;
  }
}
