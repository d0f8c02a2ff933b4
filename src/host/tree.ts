import * as vscode from 'vscode';
import { groupPapers, type GroupBy, type PaperGroup, type SortBy } from '../core/browse/browse';
import { shortDescription } from '../core/browse/describe';
import type { PaperLibrary } from '../core/search/library';
import type { Paper } from '../core/corpus/paper';
import type { Topic } from '../core/corpus/topics';
import { paperMarkdown } from './markdown';
import { Commands, Settings } from './ids';
import type { ReadingList } from './readingList';
import type { PaperStore } from './store';

// The model is not the view: plain nodes here, mapped to TreeItems in getTreeItem.
export interface GroupNode { kind: 'group'; id: string; group: PaperGroup; children: PaperNode[] }
export interface PaperNode { kind: 'paper'; id: string; paper: Paper; parent?: GroupNode }
export type TreeNode = GroupNode | PaperNode;

const TOOLTIP_ABSTRACT = 400;
const FILTER_STATE_KEY = 'papers.filter';

/** A paper as a tree row, the same in the papers view and the reading list. */
export function paperTreeItem(node: PaperNode, starred: boolean): vscode.TreeItem {
  const { paper } = node;
  const item = new vscode.TreeItem(paper.title, vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.description = shortDescription(paper);
  item.tooltip = paperMarkdown(paper, TOOLTIP_ABSTRACT);
  item.iconPath = new vscode.ThemeIcon(starred ? 'star-full' : 'file-text');
  item.contextValue = starred ? 'paper starred' : 'paper';
  item.command = { command: Commands.openPaper, title: 'Open Paper Details', arguments: [paper.id] };
  item.accessibilityInformation = { label: `${paper.title}, ${shortDescription(paper)}${starred ? ', in reading list' : ''}` };
  return item;
}

function filterOf(library: PaperLibrary, query: string): Filter {
  const { hits, problems } = library.query(query, { allWords: true });
  return { query, ids: new Set(hits.map(h => h.paper.id)), problems: problems.map(p => p.message) };
}

export function treeSettings(): { sortBy: SortBy; groupBy: GroupBy } {
  const config = vscode.workspace.getConfiguration(Settings.section);
  return { sortBy: config.get<SortBy>(Settings.sortBy, 'upvotes'), groupBy: config.get<GroupBy>(Settings.groupBy, 'topic') };
}

interface Filter {
  query: string;
  ids: Set<string>;
  /** Why nothing matches, when a field filter matches no paper ("no topic matches …"). */
  problems: string[];
}

/**
 * The Papers view: groups (topics, organisations or source pages) with their counts,
 * papers under them. Implements getParent so that `reveal` works for any paper.
 */
export class PapersTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private roots: GroupNode[] | undefined;
  private filter: Filter | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly store: PaperStore,
    private readonly readingList: ReadingList,
    private readonly topics: readonly Topic[],
    private readonly workspaceState: vscode.Memento,
  ) {
    this.subscriptions.push(
      store.onDidChange(() => this.refresh()),
      readingList.onDidChange(() => this.refresh()),
      vscode.workspace.onDidChangeConfiguration(e => {
        if (e.affectsConfiguration(`${Settings.section}.tree`)) this.refresh();
      }),
    );
  }

  /** The filter saved in this workspace, applied when the view first loads. */
  get savedFilter(): string | undefined {
    return this.workspaceState.get<string>(FILTER_STATE_KEY);
  }

  get activeFilter(): Readonly<Filter> | undefined {
    return this.filter;
  }

  refresh(): void {
    this.roots = undefined;
    this.changed.fire(undefined);
  }

  /**
   * Shows only the papers matching `query`: the same search and filters as everywhere
   * else, keeping the papers that have every word. Returns how many match.
   */
  async setFilter(query: string): Promise<number> {
    this.filter = filterOf(await this.store.require(), query);
    await this.workspaceState.update(FILTER_STATE_KEY, query);
    this.refresh();
    return this.filter.ids.size;
  }

  async clearFilter(): Promise<void> {
    this.filter = undefined;
    await this.workspaceState.update(FILTER_STATE_KEY, undefined);
    this.refresh();
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    if (node.kind === 'paper') return paperTreeItem(node, this.readingList.has(node.paper.id));
    const item = new vscode.TreeItem(node.group.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    item.description = node.group.description ? `${node.children.length} · ${node.group.description}` : `${node.children.length}`;
    item.tooltip = `${node.group.label}: ${node.children.length} ${node.children.length === 1 ? 'paper' : 'papers'}`;
    item.contextValue = 'group';
    item.iconPath = new vscode.ThemeIcon(node.id.startsWith('topic:') ? 'tag' : node.id.startsWith('org:') ? 'organization' : 'file');
    return item;
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (node) return node.kind === 'group' ? node.children : [];
    return this.build();
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.kind === 'paper' ? node.parent : undefined;
  }

  /** The row of a paper: under `groupId` if given and present, else under its first group. */
  async findPaper(paperId: string, groupId?: string): Promise<PaperNode | undefined> {
    const roots = await this.build();
    const groups = groupId ? [...roots.filter(g => g.id === groupId), ...roots] : roots;
    for (const group of groups) {
      const found = group.children.find(c => c.paper.id === paperId);
      if (found) return found;
    }
    return undefined;
  }

  async findGroup(groupId: string): Promise<GroupNode | undefined> {
    return (await this.build()).find(g => g.id === groupId);
  }

  private async build(): Promise<GroupNode[]> {
    if (this.roots) return this.roots;
    const library = await this.store.library();
    if (!library) return [];
    if (this.filter === undefined && this.savedFilter) {
      // Restore the filter the user left on; re-run it against the current papers.
      this.filter = filterOf(library, this.savedFilter);
    }
    const { sortBy, groupBy } = treeSettings();
    const filter = this.filter;
    const papers = filter ? library.papers.filter(p => filter.ids.has(p.id)) : library.papers;
    this.roots = groupPapers(papers, groupBy, this.topics, sortBy).map(group => {
      const node: GroupNode = { kind: 'group', id: group.id, group, children: [] };
      node.children = group.papers.map(paper => ({ kind: 'paper', id: `${group.id}/${paper.id}`, paper, parent: node }));
      return node;
    });
    return this.roots;
  }

  dispose(): void {
    this.changed.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}

/** The Reading List view: starred papers, newest first. */
export class ReadingListProvider implements vscode.TreeDataProvider<PaperNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly store: PaperStore, private readonly readingList: ReadingList) {
    this.subscriptions = [readingList.onDidChange(() => this.changed.fire()), store.onDidChange(() => this.changed.fire())];
  }

  getTreeItem(node: PaperNode): vscode.TreeItem {
    return paperTreeItem(node, true);
  }

  async getChildren(node?: PaperNode): Promise<PaperNode[]> {
    if (node) return [];
    const library = await this.store.library();
    if (!library) return [];
    return this.readingList.ids().flatMap(id => {
      const paper = library.get(id);
      return paper ? [{ kind: 'paper' as const, id: `reading/${id}`, paper }] : [];
    });
  }

  getParent(): undefined {
    return undefined;
  }

  dispose(): void {
    this.changed.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
