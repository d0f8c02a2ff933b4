// How each node of the Papers view and the Reading List looks: the model is not the view (nodes
// are plain data, common/treeNodes.ts), as VS Code's references view maps its model in getTreeItem.
import vscode = require('vscode');
import { escapeMarkdown } from '../../core/browse/describe';
import { excerpt } from '../../core/util/text';
import { markdownCode } from '../common/markdown';
import type { DailySource, NeighboursNode, PaperNode, TreeNode, ZoteroSource } from '../common/treeNodes';
import { engine } from '../engine/load';
import { Commands } from '../ids';
import type { Library, PaperRow } from '../library/library';

const TOOLTIP_ABSTRACT = 400;
/** How a neighbour the writer cites is marked in the walk. */
export const CITED_MARKS = { here: 'cited here', project: 'cited in the project' } as const;
/** How a paper with a note of the writer's is marked in the tree. */
export const NOTE_MARK = '✎ note';

/** A paper as a tree row, the same in the papers view and the reading list (its tooltip comes when asked). */
export function paperTreeItem(node: PaperNode, starred: boolean, walkable = false, noted = false, cited?: 'here' | 'project'): vscode.TreeItem {
  const { row } = node;
  const item = new vscode.TreeItem(row.title, walkable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  const upvoted = node.upvotes === undefined ? row.description : `▲ ${node.upvotes} · ${row.description}`;
  const description = cited ? `✓ ${CITED_MARKS[cited]} · ${upvoted}` : upvoted;
  // The writer's note on it: a mark in words, as the row's description is words.
  item.description = noted ? `${NOTE_MARK} · ${description}` : description;
  item.iconPath = new vscode.ThemeIcon(starred ? 'star-full' : 'file-text');
  // "entry": it has an entry in the user's bibliography, which "Go to Entry" opens.
  item.contextValue = `${starred ? 'paper starred' : 'paper'}${row.entries.length ? ' entry' : ''}${noted ? ' noted' : ''}`;
  item.command = { command: Commands.openPaper, title: 'Open Paper Details', arguments: [row.id] };
  item.accessibilityInformation = { label: `${row.title}, ${row.description}${starred ? ', in reading list' : ''}${noted ? ', has a note' : ''}` };
  return item;
}

/** A row's tooltip: title, key and metadata, the abstract's start. Its text is escaped, never interpreted. */
export async function rowTooltip(library: Library | undefined, row: PaperRow): Promise<vscode.MarkdownString> {
  const [full] = library ? await library.rows([row.id], TOOLTIP_ABSTRACT) : [];
  const text = full?.excerpt ? `\n\n${escapeMarkdown(excerpt(full.excerpt, TOOLTIP_ABSTRACT))}` : '';
  return new vscode.MarkdownString(`**${escapeMarkdown(row.title)}**\n\n${markdownCode(row.key)}${row.meta ? ` · ${escapeMarkdown(row.meta)}` : ''}${text}`);
}

const SECTIONS: Record<NeighboursNode['section'], { label: string; tooltip: string; icon: string }> = {
  references: { label: 'References', tooltip: 'The papers it cites (Semantic Scholar)', icon: 'arrow-small-left' },
  citations: { label: 'Cited by', tooltip: 'The papers that cite it (Semantic Scholar)', icon: 'arrow-small-right' },
  recommended: { label: 'Recommended', tooltip: 'What to read next, by Semantic Scholar\'s recommendations', icon: 'sparkle' },
};

const ARTEFACT_KINDS = { models: { label: 'model', icon: 'symbol-class' }, datasets: { label: 'dataset', icon: 'database' }, spaces: { label: 'Space', icon: 'rocket' } } as const;

/** What the Daily Papers and Zotero nodes say of themselves. */
export interface TreeSources {
  daily?: Pick<DailySource, 'description' | 'tooltip'>;
  zotero?: Pick<ZoteroSource, 'description' | 'tooltip'>;
  /** How a neighbour in the walk is marked cited (the walk's). */
  cited?: (key: string) => 'here' | 'project' | undefined;
}

/** A node that says of itself what its source says (Daily Papers, Zotero); its id is its context value. */
function sourceItem(id: string, label: string, icon: string, source?: Pick<DailySource, 'description' | 'tooltip'>): vscode.TreeItem {
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = id;
  item.description = source?.description;
  item.tooltip = source?.tooltip;
  item.iconPath = new vscode.ThemeIcon(icon);
  item.contextValue = id;
  return item;
}

/** A node as the view shows it; `walkable`: whether a paper opens into its neighbours; `noted`: whether a key has a note. */
export function treeItem(node: TreeNode, starred: (id: string) => boolean, sources: TreeSources = {}, walkable = false, noted?: (key: string) => boolean): vscode.TreeItem {
  if (node.kind === 'paper') return paperTreeItem(node, starred(node.row.id), walkable, noted?.(node.row.key), node.parent?.kind === 'neighbours' ? sources.cited?.(node.row.key) : undefined);
  if (node.kind === 'zotero') return sourceItem(node.id, 'Zotero', 'library', sources.zotero);
  if (node.kind === 'collection') {
    const { collection } = node;
    // From the engine (loaded: it made the collections), so that zod stays out of the host's bundle.
    const count = engine().zotero.collectionCount(collection);
    const empty = !collection.items.length && !collection.collections.length;
    const item = new vscode.TreeItem(collection.name, empty ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    item.description = `${count}`;
    item.tooltip = `${collection.name}: ${count} ${count === 1 ? 'item' : 'items'}${collection.collections.length ? `, with ${collection.collections.length} sub-collection(s)` : ''} (Zotero)`;
    item.iconPath = new vscode.ThemeIcon(node.icon ?? 'folder');
    item.contextValue = 'zoteroCollection';
    return item;
  }
  if (node.kind === 'neighbours') {
    const section = SECTIONS[node.section];
    const item = new vscode.TreeItem(section.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    item.description = node.papers ? `${node.papers.length}${node.next !== undefined ? '+' : ''}` : undefined;
    item.tooltip = section.tooltip;
    item.iconPath = new vscode.ThemeIcon(section.icon);
    item.contextValue = 'neighbours';
    return item;
  }
  if (node.kind === 'artefacts') {
    const item = new vscode.TreeItem('On Hugging Face', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    item.description = node.count === undefined ? undefined : `${node.count}`;
    item.tooltip = 'The models, datasets and Spaces on the Hugging Face Hub whose cards cite it';
    item.iconPath = new vscode.ThemeIcon('package');
    item.contextValue = 'artefacts';
    return item;
  }
  if (node.kind === 'artefact') {
    const { artefact } = node;
    const item = new vscode.TreeItem(artefact.id, vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    const counts = [artefact.downloads === undefined ? '' : `↓ ${artefact.downloads.toLocaleString('en')}`, artefact.likes === undefined ? '' : `♥ ${artefact.likes.toLocaleString('en')}`];
    item.description = [ARTEFACT_KINDS[artefact.kind].label, ...counts].filter(Boolean).join(' · ');
    item.tooltip = `${artefact.url}: open it in the browser`;
    item.iconPath = new vscode.ThemeIcon(ARTEFACT_KINDS[artefact.kind].icon);
    item.contextValue = 'artefact';
    item.command = { command: Commands.openOnHub, title: 'Open on Hugging Face', arguments: [artefact.url] };
    return item;
  }
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
  if (node.kind === 'daily') return sourceItem(node.id, 'Daily Papers', 'calendar', sources.daily);
  if (node.kind === 'note') {
    const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    item.iconPath = new vscode.ThemeIcon(node.icon ?? (node.command ? 'arrow-left' : 'info'));
    item.contextValue = 'note';
    item.command = node.command;
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
