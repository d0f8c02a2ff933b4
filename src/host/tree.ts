import * as vscode from 'vscode';
import { groupPapers, sortEntries, type GroupBy, type PaperGroup, type SortBy } from '../core/browse/browse';
import { isBibliographyOnly } from '../core/bibliography/ids';
import { shortDescription } from '../core/browse/describe';
import type { PaperLibrary } from '../core/search/library';
import type { Paper } from '../core/corpus/paper';
import type { Topic } from '../core/corpus/topics';
import { paperMarkdown } from './markdown';
import { Commands, Settings } from './ids';
import type { ReadingList } from './readingList';
import type { BibliographyFileReport, PaperStore } from './store';

// The model is not the view: plain nodes here, mapped to TreeItems in getTreeItem.
export interface GroupNode { kind: 'group'; id: string; group: PaperGroup; children: PaperNode[] }
/** "Bibliography": the user's own bibliography files, above the groups of papers. */
export interface BibliographyNode { kind: 'bibliography'; id: string; children: FileNode[] }
/** A bibliography file: its entries (those the filter keeps), made into rows and sorted when first expanded. */
export interface FileNode { kind: 'file'; id: string; file: BibliographyFileReport; papers: Paper[]; children?: PaperNode[]; parent: BibliographyNode }
export interface PaperNode { kind: 'paper'; id: string; paper: Paper; parent?: GroupNode | FileNode }
export type TreeNode = GroupNode | BibliographyNode | FileNode | PaperNode;

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
  // "entry": it has an entry in the user's bibliography, which "Go to Entry" opens.
  item.contextValue = `${starred ? 'paper starred' : 'paper'}${paper.entries?.length ? ' entry' : ''}`;
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
  private roots: (GroupNode | BibliographyNode)[] | undefined;
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
    if (node.kind === 'bibliography') {
      const entries = node.children.reduce((n, f) => n + f.papers.length, 0);
      const item = new vscode.TreeItem('Bibliography', vscode.TreeItemCollapsibleState.Expanded);
      item.id = node.id;
      item.description = `${node.children.length} ${node.children.length === 1 ? 'file' : 'files'} · ${entries} ${entries === 1 ? 'entry' : 'entries'}`;
      item.tooltip = 'Your own bibliography files: those your documents name and those in papers.bibliography.files';
      item.iconPath = new vscode.ThemeIcon('library');
      item.contextValue = 'bibliography';
      return item;
    }
    if (node.kind === 'file') {
      const uri = vscode.Uri.parse(node.file.uri);
      const slash = node.file.file.lastIndexOf('/');
      const item = new vscode.TreeItem(node.file.file.slice(slash + 1), vscode.TreeItemCollapsibleState.Collapsed);
      item.id = node.id;
      const folder = slash > 0 ? `${node.file.file.slice(0, slash)} · ` : '';
      item.description = `${folder}${node.papers.length} ${node.papers.length === 1 ? 'entry' : 'entries'}`;
      const problems = node.file.problems.length;
      item.tooltip = `${node.file.file}: ${node.papers.length} entries${problems ? `, ${problems} problem(s) (see the Problems panel)` : ''}`;
      item.resourceUri = uri;
      item.iconPath = new vscode.ThemeIcon(node.file.problems.some(p => p.severity === 'error') ? 'warning' : 'book');
      item.contextValue = 'bibliographyFile';
      return item;
    }
    const item = new vscode.TreeItem(node.group.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    item.description = node.group.description ? `${node.children.length} · ${node.group.description}` : `${node.children.length}`;
    item.tooltip = `${node.group.label}: ${node.children.length} ${node.children.length === 1 ? 'paper' : 'papers'}`;
    item.contextValue = 'group';
    item.iconPath = new vscode.ThemeIcon(node.id.startsWith('topic:') ? 'tag' : node.id.startsWith('org:') ? 'organization' : 'file');
    return item;
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) return this.build();
    if (node.kind === 'file') return this.entriesOf(node);
    return node.kind === 'paper' ? [] : node.children;
  }

  /** The rows of a bibliography file, sorted once, when it is first expanded (or searched for a reveal). */
  private entriesOf(node: FileNode): PaperNode[] {
    node.children ??= sortEntries(node.papers, treeSettings().sortBy).map(paper => ({ kind: 'paper', id: `${node.id}/${paper.id}`, paper, parent: node }));
    return node.children;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.kind === 'paper' || node.kind === 'file' ? node.parent : undefined;
  }

  /** The row of a paper: under `groupId` if given and present, else under its first group, else its bibliography file. */
  async findPaper(paperId: string, groupId?: string): Promise<PaperNode | undefined> {
    const roots = await this.build();
    const groupsFirst: (GroupNode | FileNode)[] = roots.filter((r): r is GroupNode => r.kind === 'group');
    const ordered = [...groupsFirst, ...roots.flatMap(r => (r.kind === 'bibliography' ? r.children : []))];
    const groups = groupId ? [...ordered.filter(g => g.id === groupId), ...ordered] : ordered;
    for (const group of groups) {
      if (group.kind === 'file' && !group.papers.some(p => p.id === paperId)) continue;
      const found = (group.kind === 'file' ? this.entriesOf(group) : group.children).find(c => c.paper.id === paperId);
      if (found) return found;
    }
    return undefined;
  }

  async findGroup(groupId: string): Promise<GroupNode | undefined> {
    return (await this.build()).find((g): g is GroupNode => g.kind === 'group' && g.id === groupId);
  }

  private async build(): Promise<(GroupNode | BibliographyNode)[]> {
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
    // Papers only a bibliography has are listed under its file, not among the corpus's topics.
    const corpus = papers.filter(p => !isBibliographyOnly(p));
    const groups: GroupNode[] = groupPapers(corpus, groupBy, this.topics, sortBy).map(group => {
      const node: GroupNode = { kind: 'group', id: group.id, group, children: [] };
      node.children = group.papers.map(paper => ({ kind: 'paper', id: `${group.id}/${paper.id}`, paper, parent: node }));
      return node;
    });
    this.roots = [...this.bibliographyRoot(library, filter), ...groups];
    return this.roots;
  }

  /** The "Bibliography" node: one node per file read, holding its entries (those the filter keeps). */
  private bibliographyRoot(library: PaperLibrary, filter: Filter | undefined): BibliographyNode[] {
    const files = this.store.bibliographies.filter(f => f.keys.length);
    if (!files.length) return [];
    const root: BibliographyNode = { kind: 'bibliography', id: 'bibliography', children: [] };
    root.children = files.map(file => {
      const seen = new Set<string>();
      const papers = file.keys.flatMap(key => {
        const paper = library.get(key);
        if (!paper || seen.has(paper.id) || (filter && !filter.ids.has(paper.id))) return [];
        seen.add(paper.id);
        return [paper];
      });
      return { kind: 'file', id: `bibliography:${file.uri}`, file, papers, parent: root };
    });
    root.children = root.children.filter(f => f.papers.length || !filter);
    return root.children.length ? [root] : [];
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
