// The Papers view: the user's bibliography files, then Daily Papers, then groups (topics,
// organisations or source pages) with their counts, papers under them. When the library changes
// under it, only the nodes that changed are shown again: refreshing the whole view at that moment
// could drop a click the writer was making on a row.
import vscode = require('vscode');
import type { GroupBy, SortBy } from '../../core/browse/browse';
import type { ReadingList } from '../common/readingList';
import type { NeighbourKind } from '../../shared/protocol';
import type { ArtefactNode, ArtefactsNode, BibliographyNode, CollectionNode, DailyNode, DailySource, FileNode, GroupNode, NeighbourSource, NeighboursNode, NoteNode, PaperNode, TreeNode, ZoteroNode, ZoteroSource } from '../common/treeNodes';
import { Commands, Settings } from '../ids';
import type { TreeOptions } from '../library/library';
import type { PaperStore } from '../library/store';
import { Sequencer } from '../util/async';
import { Disposable } from '../util/dispose';
import { rowTooltip, treeItem } from './treeItems';
import type { Notes } from '../common/notes';

const FILTER_STATE_KEY = 'papers.filter';
/** A paper's sections of neighbours, in the details view's order (a list of its own: shared/protocol's holds zod, which the host's bundle leaves out). */
const SECTIONS: readonly NeighbourKind[] = ['references', 'citations', 'recommended'];

type TopNode = GroupNode | BibliographyNode | DailyNode | ZoteroNode;

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

/** What a row shows, to tell whether it changed. */
const shown = (value: unknown) => JSON.stringify(value);
const rowsShown = (nodes: readonly (PaperNode | NoteNode)[] | undefined) => shown(nodes?.map(n => (n.kind === 'paper' ? [n.row, n.upvotes] : n.label)));

/**
 * The Papers view's data. Implements getParent so that `reveal` works for any paper. VS Code
 * knows a node by the object given to it: nodes that stay are kept, and are told apart as changed.
 */
export class PapersTreeProvider extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  private readonly changed = this.register(new vscode.EventEmitter<TreeNode | TreeNode[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private roots: Promise<TopNode[]> | undefined;
  private filter: Filter | undefined;
  private filterQuery: string | undefined;
  /** Updates one after another; one waiting to start stands for any asked meanwhile. */
  private readonly updates = new Sequencer();
  private updateWaiting = false;
  private starred: Set<string>;
  /** How often each node's papers were set aside to be read again: papers read before the last time are not kept. */
  private readonly forgotten = new WeakMap<TreeNode, number>();
  /** Each paper's sections of neighbours, made once (VS Code knows a node by its object). */
  private readonly sections = new WeakMap<PaperNode, (NeighboursNode | ArtefactsNode)[]>();
  /** The sections opened since the view was last shown whole: their papers' stars follow the reading list. */
  private readonly walked = new Set<NeighboursNode>();
  private readonly pages = new WeakMap<NeighboursNode, Promise<void>>();
  /** The Zotero collections whose papers are shown: their stars follow the reading list. */
  private readonly collectionsShown = new Set<CollectionNode>();

  constructor(
    private readonly store: PaperStore,
    private readonly readingList: ReadingList,
    private readonly workspaceState: vscode.Memento,
    /** The Daily Papers node's papers (the web feature's), when it is there. */
    private readonly daily?: DailySource,
    /** A paper's neighbours (the web feature's): a paper with an id in the graph opens into them. */
    private readonly neighbours?: NeighbourSource,
    /** The writer's Zotero library by collection (the Zotero feature's). */
    private readonly zotero?: ZoteroSource,
    /** The writer's notes: a paper with one is marked, and the filter finds papers by their words. */
    private readonly notes?: Notes,
  ) {
    super();
    this.filterQuery = workspaceState.get<string>(FILTER_STATE_KEY);
    this.starred = new Set(readingList.ids());
    this.register(store.onDidChange(() => this.update()));
    // The library's first load: the topics shown before it are checked against it.
    this.register(store.onDidLoadBundled(() => this.update()));
    // The names indexed behind the papers change only what a filter finds.
    this.register(store.onDidIndexNames(() => { if (this.filterQuery !== undefined) this.update(); }));
    this.register(readingList.onDidChange(() => void this.starsChanged()));
    this.register(vscode.workspace.onDidChangeConfiguration(e => {
      if (e.affectsConfiguration(`${Settings.section}.tree`) || (this.daily && e.affectsConfiguration(`${Settings.section}.web`))) this.refresh();
    }));
    if (daily) this.register(daily.onDidChange(() => void this.dailyChanged()));
    if (zotero) this.register(zotero.onDidChange(() => void this.zoteroChanged()));
    if (notes) this.register(notes.onDidChange(() => this.refresh()));
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

  /** Shows the whole view again: what the writer asked for (a filter, a sort, a grouping) changed. */
  refresh(): void {
    this.roots = undefined;
    this.walked.clear();
    this.changed.fire(undefined);
  }

  private options(): TreeOptions {
    const notes = this.filterQuery === undefined ? undefined : this.notes?.forQuery(this.filterQuery);
    return { ...treeSettings(), filter: this.filterQuery, ...(notes ? { notes } : {}) };
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
    return treeItem(node, id => this.readingList.has(id), { daily: this.daily, zotero: this.zotero, cited: this.neighbours && (key => this.neighbours!.citedIn(key)) }, node.kind === 'paper' && this.walkable(node), this.notes && (key => this.notes!.has(key)));
  }

  /** The tooltip of a paper row, asked for when the pointer rests on it. */
  async resolveTreeItem(item: vscode.TreeItem, node: TreeNode): Promise<vscode.TreeItem> {
    if (node.kind === 'paper' && !item.tooltip) item.tooltip = await rowTooltip(await this.store.library(), node.row);
    return item;
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) return this.build();
    if (node.kind === 'note') return [];
    if (node.kind === 'paper') return this.walkable(node) ? this.sectionsOf(node) : [];
    if (node.kind === 'neighbours') return this.neighbourRows(node);
    if (node.kind === 'artefacts') return this.artefactRows(node);
    if (node.kind === 'artefact') return [];
    if (node.kind === 'bibliography') return node.children;
    if (node.kind === 'daily') return this.dailyChildren(node);
    if (node.kind === 'zotero') return this.zoteroChildren(node);
    if (node.kind === 'collection') return this.collectionChildren(node);
    return this.childrenOf(node);
  }

  /**
   * The writer's own library as Zotero shows it (the top collections, then "Unfiled Items"), then
   * "My Publications" when they published any, then each group's library; what is wrong, above
   * them, when Zotero could not be read.
   */
  private zoteroChildren(node: ZoteroNode): (CollectionNode | NoteNode)[] {
    if (node.children) return node.children;
    const tree = this.zotero?.collections();
    const problem = this.zotero?.problem;
    const notes: NoteNode[] = problem
      ? [{ kind: 'note', id: 'zotero/problem', label: problem, parent: node, icon: 'warning', command: { command: Commands.refreshZotero, title: 'Refresh Zotero Library' } }]
      : tree ? [] : [{ kind: 'note', id: 'zotero/reading', label: 'Reading your Zotero library…', parent: node, icon: 'loading~spin' }];
    const collections = (tree?.collections ?? []).map((collection): CollectionNode => ({ kind: 'collection', id: `zotero/${collection.key}`, collection, parent: node }));
    if (tree?.unfiled.length) {
      collections.push({ kind: 'collection', id: 'zotero/unfiled', collection: { key: 'unfiled', name: 'Unfiled Items', collections: [], items: tree.unfiled }, parent: node, icon: 'inbox' });
    }
    const published = tree ? this.zotero!.publications() : [];
    if (published.length) {
      collections.push({ kind: 'collection', id: 'zotero/publications', collection: { key: 'publications', name: 'My Publications', collections: [], items: [...published] }, parent: node, icon: 'book' });
    }
    for (const group of tree ? this.zotero!.groups() : []) {
      const collection = { key: `groups/${group.id}`, name: group.name, collections: group.tree.collections, items: group.tree.unfiled };
      collections.push({ kind: 'collection', id: `zotero/groups/${group.id}`, collection, parent: node, icon: 'organization' });
    }
    if (tree && !problem && !collections.length) notes.push({ kind: 'note', id: 'zotero/empty', label: 'Your Zotero library has no items', parent: node });
    node.children = [...notes, ...collections];
    return node.children;
  }

  /** A collection's sub-collections, then its works by title, as rows of the library (under the keys it has them by). */
  private async collectionChildren(node: CollectionNode): Promise<(CollectionNode | PaperNode)[]> {
    if (node.children) return node.children;
    // By its path: a group's collection key may be one of the writer's own library too.
    const subs = node.collection.collections.map((collection): CollectionNode => ({ kind: 'collection', id: `${node.id}/${collection.key}`, collection, parent: node }));
    const keys = node.collection.items.flatMap(item => this.zotero?.keyOf(item) ?? []);
    const library = await this.store.library();
    const rows = library ? (await library.rowsByKey(keys)).filter(row => row !== undefined) : [];
    rows.sort((a, b) => a.title.localeCompare(b.title));
    const papers = [...new Map(rows.map(row => [row.id, row])).values()].map((row): PaperNode => ({ kind: 'paper', id: `${node.id}/${row.id}`, row, parent: node }));
    node.children = [...subs, ...papers];
    this.collectionsShown.add(node);
    return node.children;
  }

  /** Zotero was read again (or could not be, or was turned on or off): its node alone is shown again. */
  private async zoteroChanged(): Promise<void> {
    const roots = this.roots && await this.roots.catch(() => undefined);
    const node = roots?.find((n): n is ZoteroNode => n.kind === 'zotero');
    if (!roots) return;
    if (!node !== !this.zotero?.enabled) {
      this.refresh();
      return;
    }
    if (!node) return;
    node.children = undefined;
    this.collectionsShown.clear();
    this.changed.fire(node);
  }

  private async dailyChildren(node: DailyNode): Promise<(PaperNode | NoteNode)[]> {
    if (node.children) return node.children;
    const asked = this.forgotten.get(node);
    const rows = await this.dailyRows(node);
    // Not kept when the node's papers changed while they were read, nor before it was opened.
    if (rows && this.forgotten.get(node) === asked) node.children = rows;
    return rows ?? [];
  }

  /** Undefined until the writer opened the node. */
  private async dailyRows(node: DailyNode): Promise<(PaperNode | NoteNode)[] | undefined> {
    const rows = await this.daily?.rows();
    if (!rows) return undefined;
    const notes: NoteNode[] = rows.note ? [{ kind: 'note', id: 'daily/note', label: rows.note, parent: node }] : [];
    if (rows.offer) notes.push({ kind: 'note', id: 'daily/offer', label: rows.offer.title, parent: node, command: rows.offer });
    return [...notes, ...rows.rows.map(({ row, upvotes }): PaperNode => ({ kind: 'paper', id: `daily/${row.id}`, row, parent: node, upvotes }))];
  }

  private async childrenOf(node: GroupNode | FileNode): Promise<PaperNode[]> {
    if (node.children) return node.children;
    const asked = this.forgotten.get(node);
    const rows = await this.rowsOf(node);
    if (this.forgotten.get(node) === asked) node.children = rows;
    return rows;
  }

  /** Sets a node's papers aside, to be read again when VS Code next asks for them. */
  private forget(node: GroupNode | FileNode | DailyNode): void {
    node.children = undefined;
    this.forgotten.set(node, (this.forgotten.get(node) ?? 0) + 1);
  }

  private async rowsOf(node: GroupNode | FileNode): Promise<PaperNode[]> {
    const library = await this.store.library();
    const rows = library ? await library.children(node.id, this.options()) : [];
    return rows.map(row => ({ kind: 'paper', id: `${node.id}/${row.id}`, row, parent: node }));
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.kind === 'paper' || node.kind === 'file' || node.kind === 'note' || node.kind === 'neighbours' || node.kind === 'artefacts' || node.kind === 'artefact' || node.kind === 'collection' ? node.parent : undefined;
  }

  /** Whether a paper opens into its neighbours: it has an id in the graph (or is found by its title), and the network is on. */
  private walkable(node: PaperNode): boolean {
    return !!((node.row.scholarId || node.row.byTitle) && this.neighbours?.enabled);
  }

  private sectionsOf(node: PaperNode): (NeighboursNode | ArtefactsNode)[] {
    let sections = this.sections.get(node);
    if (!sections) {
      sections = SECTIONS.map((section): NeighboursNode => ({ kind: 'neighbours', id: `${node.id}/${section}`, section, parent: node }));
      // The Hub knows a paper by its arXiv id (the graph's id when the paper has one).
      const arxivId = /^arXiv:(.+)$/.exec(node.row.scholarId ?? '')?.[1];
      if (arxivId) sections.push({ kind: 'artefacts', id: `${node.id}/hub`, arxivId, parent: node });
      this.sections.set(node, sections);
    }
    return sections;
  }

  /** The Hub's models, datasets and Spaces made from the paper, fetched when the node is first opened (again after a failure). */
  private async artefactRows(node: ArtefactsNode): Promise<(ArtefactNode | NoteNode)[]> {
    if (node.children) return node.children;
    const note = (id: string, label: string, icon?: string): NoteNode => ({ kind: 'note', id: `${node.id}/${id}`, label, parent: node, ...(icon ? { icon } : {}) });
    try {
      const { artefacts, note: said } = await this.neighbours!.artefacts(node.arxivId);
      const rows = artefacts.map((artefact): ArtefactNode => ({ kind: 'artefact', id: `${node.id}/${artefact.kind}/${artefact.id}`, artefact, parent: node }));
      node.count = rows.length;
      node.children = [...said ? [note('note', said)] : [], ...rows.length ? rows : [note('none', 'No model, dataset or Space on the Hub cites it')]];
      return node.children;
    } catch (error) {
      // Not kept: opened again, it is asked again.
      return [note('failed', error instanceof Error ? error.message : String(error), 'warning')];
    }
  }

  /** A section's papers, its first page fetched when it is first opened (nothing is fetched before). */
  private async neighbourRows(node: NeighboursNode): Promise<(PaperNode | NoteNode)[]> {
    if (!node.children) await this.nextPage(node);
    return node.children ?? [];
  }

  /** The next page of a section's papers (its first again after a first page failed), shown under it. */
  async moreNeighbours(node: NeighboursNode): Promise<void> {
    await this.nextPage(node);
    this.changed.fire(node);
  }

  private nextPage(node: NeighboursNode): Promise<void> {
    let page = this.pages.get(node);
    if (page) return page;
    page = this.fetchPage(node).finally(() => this.pages.delete(node));
    this.pages.set(node, page);
    return page;
  }

  private async fetchPage(node: NeighboursNode): Promise<void> {
    const { row } = node.parent;
    if (!(row.scholarId || row.byTitle) || !this.neighbours) return;
    try {
      const page = await this.neighbours.page(row, node.section, node.papers ? node.next ?? 0 : 0);
      // A paper listed twice (two versions that joined as one) is shown once.
      const seen = new Set(node.papers?.map(row => row.id));
      node.papers = [...node.papers ?? [], ...page.rows.filter(row => !seen.has(row.id) && !!seen.add(row.id))];
      node.next = page.next;
      node.note = page.note;
      node.failed = false;
    } catch (error) {
      node.note = error instanceof Error ? error.message : String(error);
      node.failed = true;
    }
    node.children = this.shownNeighbours(node);
    this.walked.add(node);
  }

  private shownNeighbours(node: NeighboursNode): (PaperNode | NoteNode)[] {
    const more = (label: string, icon: string): NoteNode => ({
      kind: 'note', id: `${node.id}/${icon}`, label, parent: node, icon, command: { command: Commands.moreNeighbours, title: label, arguments: [node] },
    });
    // The rows shown before are kept as they are (a section opened under one stays open): only the new page's are made.
    const shown = new Map(node.children?.flatMap(child => (child.kind === 'paper' ? [[child.row.id, child] as const] : [])));
    const rows: (PaperNode | NoteNode)[] = (node.papers ?? []).map(row => shown.get(row.id) ?? { kind: 'paper', id: `${node.id}/${row.id}`, row, parent: node });
    if (node.failed) rows.push(more(`${node.note} (click to try again)`, 'refresh'));
    else if (node.note) rows.unshift({ kind: 'note', id: `${node.id}/note`, label: node.note, parent: node });
    if (node.next !== undefined && !node.failed) rows.push(more('Show more…', 'ellipsis'));
    if (!rows.length) rows.push({ kind: 'note', id: `${node.id}/none`, label: 'Semantic Scholar lists none', parent: node });
    return rows;
  }

  /** The row of a paper: under `groupId` if given and present, else under its first group, else its bibliography file. */
  async findPaper(paperId: string, groupId?: string): Promise<PaperNode | undefined> {
    const roots = await this.build();
    const library = await this.store.library();
    const containerId = library && await library.locate(paperId, this.options(), groupId);
    if (!containerId) return undefined;
    const container = containersOf(roots).find(c => c.id === containerId);
    return container && (await this.childrenOf(container)).find(c => c.row.id === paperId);
  }

  async findGroup(groupId: string): Promise<GroupNode | undefined> {
    return (await this.build()).find((g): g is GroupNode => g.kind === 'group' && g.id === groupId);
  }

  private build(): Promise<TopNode[]> {
    this.roots ??= this.top();
    return this.roots;
  }

  private async top(): Promise<TopNode[]> {
    const feeds: TopNode[] = [
      ...this.zotero?.enabled ? [{ kind: 'zotero', id: 'zotero' } as const] : [],
      ...this.daily?.enabled ? [{ kind: 'daily', id: 'daily' } as const] : [],
    ];
    const options = this.options();
    // Before the library has loaded, the default view (by topic, unfiltered) shows the bundled
    // papers' topics as the build counted them; the library, once in, changes what differs.
    if (!this.store.loaded && options.groupBy === 'topic' && options.filter === undefined) {
      const early = await this.store.bundledTopics();
      if (early && !this.store.loaded) {
        // Papers that cannot be loaded leave the view empty, where its welcome says why.
        void this.store.library().then(library => { if (!library) this.refresh(); });
        return [...feeds, ...early.map((group): GroupNode => ({ kind: 'group', id: group.id, group }))];
      }
    }
    const library = await this.store.library();
    if (!library) return [];
    const top = await library.treeTop(options);
    this.filter = top.filter;
    const groups: GroupNode[] = top.groups.map(group => ({ kind: 'group', id: group.id, group }));
    if (!top.files.length) return [...feeds, ...groups];
    const root: BibliographyNode = { kind: 'bibliography', id: 'bibliography', children: [] };
    root.children = top.files.map(file => ({ kind: 'file', id: file.id, file, parent: root }));
    return [root, ...feeds, ...groups];
  }

  /** The library changed: shows it again where it changed. */
  private update(): void {
    if (this.updateWaiting) return;
    this.updateWaiting = true;
    void this.updates.queue(async () => {
      this.updateWaiting = false;
      await this.showChanges();
    }).catch(() => this.refresh());
  }

  private async showChanges(): Promise<void> {
    const shownRoots = this.roots;
    const before = shownRoots && await shownRoots.catch(() => undefined);
    // Nothing shown yet, or a refresh since: VS Code asks for the top when it shows it.
    if (!before || shownRoots !== this.roots) {
      this.refresh();
      return;
    }
    const after = await this.top();
    if (shownRoots !== this.roots) return;
    if (shown(before.map(n => n.id)) !== shown(after.map(n => n.id))) {
      this.roots = Promise.resolve(after);
      this.changed.fire(undefined);
      return;
    }
    const changed: TreeNode[] = [];
    for (const [i, node] of before.entries()) changed.push(...await this.renew(node, after[i]));
    if (changed.length) this.changed.fire(changed);
  }

  /** Takes into `node` (shown) what `fresh` (the same node, read again) holds; answers the nodes to show again. */
  private async renew(node: TopNode, fresh: TopNode): Promise<TreeNode[]> {
    if (node.kind === 'group' && fresh.kind === 'group') {
      if (shown(node.group) !== shown(fresh.group)) {
        node.group = fresh.group;
        this.forget(node);
        return [node];
      }
      return (await this.rowsChanged(node)) ? [node] : [];
    }
    if (node.kind === 'bibliography' && fresh.kind === 'bibliography') {
      if (shown(node.children.map(f => f.file)) !== shown(fresh.children.map(f => f.file))) {
        node.children = fresh.children.map(f => ({ ...f, parent: node }));
        return [node];
      }
      const files: TreeNode[] = [];
      for (const file of node.children) if (await this.rowsChanged(file)) files.push(file);
      return files;
    }
    if (node.kind === 'daily' && node.children) {
      const rows = await this.dailyRows(node);
      if (rowsShown(rows) === rowsShown(node.children)) return [];
      this.forget(node);
      return [node];
    }
    return [];
  }

  /** Whether the papers under a node that was opened changed; if so, they are read again when it is shown. */
  private async rowsChanged(node: GroupNode | FileNode): Promise<boolean> {
    if (!node.children) return false;
    if (rowsShown(await this.rowsOf(node)) === rowsShown(node.children)) return false;
    this.forget(node);
    return true;
  }

  /** The Daily Papers node's papers changed (fetched, another day, another order): that node alone is shown again. */
  private async dailyChanged(): Promise<void> {
    const roots = this.roots && await this.roots.catch(() => undefined);
    const node = roots?.find((n): n is DailyNode => n.kind === 'daily');
    // Turned on or off: the top of the view changes.
    if (!node || !this.daily?.enabled) {
      this.refresh();
      return;
    }
    this.forget(node);
    this.changed.fire(node);
  }

  /** Papers starred or unstarred: their rows, where the view shows them, are shown again. */
  private async starsChanged(): Promise<void> {
    const now = new Set(this.readingList.ids());
    const changed = new Set([...now].filter(id => !this.starred.has(id)).concat([...this.starred].filter(id => !now.has(id))));
    this.starred = now;
    const roots = this.roots && await this.roots.catch(() => undefined);
    if (!roots || !changed.size) return;
    const rows = [...containersOf(roots), ...roots.filter((n): n is DailyNode => n.kind === 'daily'), ...this.walked, ...this.collectionsShown]
      .flatMap((c): readonly TreeNode[] => c.children ?? [])
      .filter((n): n is PaperNode => n.kind === 'paper' && changed.has(n.row.id));
    if (rows.length) this.changed.fire(rows);
  }
}

/** The nodes papers are listed under: the groups and the bibliography files. */
function containersOf(roots: readonly TopNode[]): (GroupNode | FileNode)[] {
  return roots.flatMap((r): (GroupNode | FileNode)[] => (r.kind === 'bibliography' ? r.children : r.kind === 'group' ? [r] : []));
}
