import vscode = require('vscode');
import type { GroupBy, SortBy } from '../../core/browse/browse';
import { escapeMarkdown } from '../../core/browse/describe';
import { excerpt } from '../../core/util/text';
import { markdownCode } from '../common/markdown';
import { Commands, Settings } from '../ids';
import type { Library, PaperRow, TreeOptions } from '../library/library';
import type { BibliographyNode, DailyNode, DailySource, FileNode, GroupNode, NoteNode, PaperNode, TreeNode } from '../common/treeNodes';
import type { ReadingList } from '../common/readingList';
import type { PaperStore } from '../library/store';
import { Disposable } from '../util/dispose';

const TOOLTIP_ABSTRACT = 400;
const FILTER_STATE_KEY = 'papers.filter';

/** A paper as a tree row, the same in the papers view and the reading list (its tooltip comes when asked). */
export function paperTreeItem(node: PaperNode, starred: boolean): vscode.TreeItem {
  const { row } = node;
  const item = new vscode.TreeItem(row.title, vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.description = node.upvotes === undefined ? row.description : `▲ ${node.upvotes} · ${row.description}`;
  item.iconPath = new vscode.ThemeIcon(starred ? 'star-full' : 'file-text');
  // "entry": it has an entry in the user's bibliography, which "Go to Entry" opens.
  item.contextValue = `${starred ? 'paper starred' : 'paper'}${row.entries.length ? ' entry' : ''}`;
  item.command = { command: Commands.openPaper, title: 'Open Paper Details', arguments: [row.id] };
  item.accessibilityInformation = { label: `${row.title}, ${row.description}${starred ? ', in reading list' : ''}` };
  return item;
}

/** A row's tooltip: title, key and metadata, the abstract's start. Its text is escaped, never interpreted. */
async function rowTooltip(library: Library | undefined, row: PaperRow): Promise<vscode.MarkdownString> {
  const [full] = library ? await library.rows([row.id], TOOLTIP_ABSTRACT) : [];
  const text = full?.excerpt ? `\n\n${escapeMarkdown(excerpt(full.excerpt, TOOLTIP_ABSTRACT))}` : '';
  return new vscode.MarkdownString(`**${escapeMarkdown(row.title)}**\n\n${markdownCode(row.key)}${row.meta ? ` · ${escapeMarkdown(row.meta)}` : ''}${text}`);
}

export function treeSettings(): { sortBy: SortBy; groupBy: GroupBy } {
  const config = vscode.workspace.getConfiguration(Settings.section);
  return { sortBy: config.get<SortBy>(Settings.sortBy, 'upvotes'), groupBy: config.get<GroupBy>(Settings.groupBy, 'topic') };
}

/** The filter the view shows, and what it found. */
interface Filter {
  query: string;
  count: number;
  /** Why nothing matches, when a field filter matches no paper ("no topic matches …"). */
  problems: string[];
}

/**
 * The Papers view: the user's bibliography files, then groups (topics, organisations or
 * source pages) with their counts, papers under them. Implements getParent so that `reveal`
 * works for any paper.
 */
export class PapersTreeProvider extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  private readonly changed = this.register(new vscode.EventEmitter<TreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private roots: Promise<(GroupNode | BibliographyNode | DailyNode)[]> | undefined;
  private filter: Filter | undefined;
  private filterQuery: string | undefined;

  constructor(
    private readonly store: PaperStore,
    private readonly readingList: ReadingList,
    private readonly workspaceState: vscode.Memento,
    /** The Daily Papers node's papers (the web feature's), when it is there. */
    private readonly daily?: DailySource,
  ) {
    super();
    this.filterQuery = workspaceState.get<string>(FILTER_STATE_KEY);
    this.register(store.onDidChange(() => this.refresh()));
    // The names indexed behind the papers change only what a filter finds.
    this.register(store.onDidIndexNames(() => { if (this.filterQuery !== undefined) this.refresh(); }));
    this.register(readingList.onDidChange(() => this.refresh()));
    this.register(vscode.workspace.onDidChangeConfiguration(e => {
      if (e.affectsConfiguration(`${Settings.section}.tree`) || (this.daily && e.affectsConfiguration(`${Settings.section}.web`))) this.refresh();
    }));
    if (daily) this.register(daily.onDidChange(() => this.refresh()));
  }

  /** The Daily Papers node, when it is shown. */
  async findDaily(): Promise<DailyNode | undefined> {
    return (await this.build()).find((n): n is DailyNode => n.kind === 'daily');
  }

  /** The filter saved in this workspace, applied when the view first loads. */
  get savedFilter(): string | undefined {
    return this.workspaceState.get<string>(FILTER_STATE_KEY);
  }

  get activeFilter(): Readonly<Filter> | undefined {
    return this.filterQuery === undefined ? undefined : this.filter ?? { query: this.filterQuery, count: 0, problems: [] };
  }

  refresh(): void {
    this.roots = undefined;
    this.changed.fire(undefined);
  }

  private options(): TreeOptions {
    return { ...treeSettings(), filter: this.filterQuery };
  }

  /**
   * Shows only the papers matching `query`: the same search and filters as everywhere
   * else, keeping the papers that have every word. Returns how many match.
   */
  async setFilter(query: string): Promise<number> {
    this.filterQuery = query;
    await this.workspaceState.update(FILTER_STATE_KEY, query);
    this.refresh();
    await this.build();
    return this.filter?.count ?? 0;
  }

  async clearFilter(): Promise<void> {
    this.filterQuery = undefined;
    this.filter = undefined;
    await this.workspaceState.update(FILTER_STATE_KEY, undefined);
    this.refresh();
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    if (node.kind === 'paper') return paperTreeItem(node, this.readingList.has(node.row.id));
    if (node.kind === 'bibliography') {
      const entries = node.children.reduce((n, f) => n + f.file.count, 0);
      const item = new vscode.TreeItem('Bibliography', vscode.TreeItemCollapsibleState.Expanded);
      item.id = node.id;
      item.description = `${node.children.length} ${node.children.length === 1 ? 'file' : 'files'} · ${entries} ${entries === 1 ? 'entry' : 'entries'}`;
      item.tooltip = 'Your own bibliography files: those your documents name and those in papers.bibliography.files';
      item.iconPath = new vscode.ThemeIcon('library');
      item.contextValue = 'bibliography';
      return item;
    }
    if (node.kind === 'daily') {
      const item = new vscode.TreeItem('Daily Papers', vscode.TreeItemCollapsibleState.Collapsed);
      item.id = node.id;
      item.description = this.daily?.description;
      item.tooltip = this.daily?.tooltip;
      item.iconPath = new vscode.ThemeIcon('calendar');
      item.contextValue = 'daily';
      return item;
    }
    if (node.kind === 'note') {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
      item.id = node.id;
      item.iconPath = new vscode.ThemeIcon('info');
      item.contextValue = 'note';
      return item;
    }
    if (node.kind === 'file') {
      const { file } = node;
      const slash = file.file.lastIndexOf('/');
      const item = new vscode.TreeItem(file.file.slice(slash + 1), vscode.TreeItemCollapsibleState.Collapsed);
      item.id = node.id;
      const folder = slash > 0 ? `${file.file.slice(0, slash)} · ` : '';
      item.description = `${folder}${file.count} ${file.count === 1 ? 'entry' : 'entries'}`;
      item.tooltip = `${file.file}: ${file.count} entries${file.problems ? `, ${file.problems} problem(s) (see the Problems panel)` : ''}`;
      item.resourceUri = vscode.Uri.parse(file.uri);
      item.iconPath = new vscode.ThemeIcon(file.errors ? 'warning' : 'book');
      item.contextValue = 'bibliographyFile';
      return item;
    }
    const item = new vscode.TreeItem(node.group.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    item.description = node.group.description ? `${node.group.count} · ${node.group.description}` : `${node.group.count}`;
    item.tooltip = `${node.group.label}: ${node.group.count} ${node.group.count === 1 ? 'paper' : 'papers'}`;
    item.contextValue = 'group';
    item.iconPath = new vscode.ThemeIcon(node.id.startsWith('topic:') ? 'tag' : node.id.startsWith('org:') ? 'organization' : 'file');
    return item;
  }

  /** The tooltip of a paper row, asked for when the pointer rests on it. */
  async resolveTreeItem(item: vscode.TreeItem, node: TreeNode): Promise<vscode.TreeItem> {
    if (node.kind === 'paper' && !item.tooltip) item.tooltip = await rowTooltip(await this.store.library(), node.row);
    return item;
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) return this.build();
    if (node.kind === 'paper' || node.kind === 'note') return [];
    if (node.kind === 'bibliography') return node.children;
    if (node.kind === 'daily') return this.dailyChildren(node);
    return this.childrenOf(node);
  }

  private async dailyChildren(node: DailyNode): Promise<(PaperNode | NoteNode)[]> {
    if (node.children) return node.children;
    const shown = await this.daily?.rows();
    if (!shown) return [];
    const notes: NoteNode[] = shown.note ? [{ kind: 'note', id: 'daily/note', label: shown.note, parent: node }] : [];
    node.children = [...notes, ...shown.rows.map(({ row, upvotes }): PaperNode => ({ kind: 'paper', id: `daily/${row.id}`, row, parent: node, upvotes }))];
    return node.children;
  }

  private async childrenOf(node: GroupNode | FileNode): Promise<PaperNode[]> {
    if (node.children) return node.children;
    const library = await this.store.library();
    const rows = library ? await library.children(node.id, this.options()) : [];
    node.children = rows.map(row => ({ kind: 'paper', id: `${node.id}/${row.id}`, row, parent: node }));
    return node.children;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.kind === 'paper' || node.kind === 'file' || node.kind === 'note' ? node.parent : undefined;
  }

  /** The row of a paper: under `groupId` if given and present, else under its first group, else its bibliography file. */
  async findPaper(paperId: string, groupId?: string): Promise<PaperNode | undefined> {
    const roots = await this.build();
    const library = await this.store.library();
    const containerId = library && await library.locate(paperId, this.options(), groupId);
    if (!containerId) return undefined;
    const containers: (GroupNode | FileNode)[] = roots.flatMap((r): (GroupNode | FileNode)[] => (r.kind === 'bibliography' ? r.children : r.kind === 'group' ? [r] : []));
    const container = containers.find(c => c.id === containerId);
    return container && (await this.childrenOf(container)).find(c => c.row.id === paperId);
  }

  async findGroup(groupId: string): Promise<GroupNode | undefined> {
    return (await this.build()).find((g): g is GroupNode => g.kind === 'group' && g.id === groupId);
  }

  private build(): Promise<(GroupNode | BibliographyNode | DailyNode)[]> {
    this.roots ??= this.top();
    return this.roots;
  }

  private async top(): Promise<(GroupNode | BibliographyNode | DailyNode)[]> {
    const library = await this.store.library();
    if (!library) return [];
    const top = await library.treeTop(this.options());
    this.filter = top.filter;
    const groups: GroupNode[] = top.groups.map(group => ({ kind: 'group', id: group.id, group }));
    const daily: DailyNode[] = this.daily?.enabled ? [{ kind: 'daily', id: 'daily' }] : [];
    if (!top.files.length) return [...daily, ...groups];
    const root: BibliographyNode = { kind: 'bibliography', id: 'bibliography', children: [] };
    root.children = top.files.map(file => ({ kind: 'file', id: file.id, file, parent: root }));
    return [root, ...daily, ...groups];
  }
}

/** The Reading List view: starred papers, newest first. */
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
