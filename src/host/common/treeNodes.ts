// The Papers view's nodes: plain data, mapped to TreeItems by host/browse/tree.ts. They live on the
// shared floor because other features hand them about: a command run on a row gets its node, and
// the web feature gives the Daily Papers node its papers.
import type vscode = require('vscode');
import type { Collection, CollectionTree } from '../../core/zotero/collections';
import type { Artefact } from '../../core/web/hub';
import type { NeighbourKind } from '../../shared/protocol';
import type { FileRow, GroupRow, PaperRow } from '../library/library';

// What a node holds is what the library's engine sent for it; children are asked for when a node opens.
export interface GroupNode { kind: 'group'; id: string; group: GroupRow; children?: PaperNode[] }
/** "Bibliography": the user's own bibliography files, above the groups of papers. */
export interface BibliographyNode { kind: 'bibliography'; id: string; children: FileNode[] }
export interface FileNode { kind: 'file'; id: string; file: FileRow; children?: PaperNode[]; parent: BibliographyNode }
export interface PaperNode { kind: 'paper'; id: string; row: PaperRow; parent?: GroupNode | FileNode | DailyNode | NeighboursNode | CollectionNode; upvotes?: number }
/** "Daily Papers": a period's papers from Hugging Face, fetched once the user opens it (src/host/web/daily.ts). */
export interface DailyNode { kind: 'daily'; id: 'daily'; children?: (PaperNode | NoteNode)[] }
/** A line of text under Daily Papers: what is being fetched, why the papers shown are not fresh, or what to show instead (`command`). */
export interface NoteNode { kind: 'note'; id: string; label: string; parent: DailyNode | NeighboursNode | ArtefactsNode | ZoteroNode; command?: vscode.Command; icon?: string }
/** "Zotero": the writer's Zotero library by collection, while papers.zotero.enabled is on (src/host/zotero). */
export interface ZoteroNode { kind: 'zotero'; id: 'zotero'; children?: (CollectionNode | NoteNode)[] }
/**
 * A Zotero collection, or a node shown as one: "Unfiled Items", "My Publications", a group's library
 * (its collections, then its unfiled items). `icon`: a folder's unless said.
 */
export interface CollectionNode { kind: 'collection'; id: string; collection: Collection; parent: ZoteroNode | CollectionNode; icon?: 'inbox' | 'book' | 'organization'; children?: (CollectionNode | PaperNode)[] }
/**
 * Under a paper with an id in Semantic Scholar's graph: what it cites, what cites it, or what to
 * read next, fetched when opened, a page at a time (`next`: the next page's offset). Its papers
 * open in turn, so that the writer walks several steps down the view.
 */
export interface NeighboursNode {
  kind: 'neighbours'; id: string; section: NeighbourKind; parent: PaperNode;
  children?: (PaperNode | NoteNode)[]; papers?: PaperRow[]; next?: number;
  /** What the last page said beside its papers (from the cache, of which day), or why it failed (`failed`). */
  note?: string; failed?: boolean;
}
/** "On Hugging Face": under a paper with an arXiv id, the Hub's models, datasets and Spaces made from it, fetched when opened. */
export interface ArtefactsNode { kind: 'artefacts'; id: string; arxivId: string; parent: PaperNode; children?: (ArtefactNode | NoteNode)[]; count?: number }
/** A model, dataset or Space on the Hub: opens its page in the browser. */
export interface ArtefactNode { kind: 'artefact'; id: string; artefact: Artefact; parent: ArtefactsNode }
export type TreeNode = GroupNode | BibliographyNode | FileNode | PaperNode | DailyNode | NoteNode | NeighboursNode | ArtefactsNode | ArtefactNode | ZoteroNode | CollectionNode;

/** What Daily Papers shows: the papers in order, with their upvotes, a note above them, and something else to show (a day that has papers). */
export interface DailyRows { rows: { row: PaperRow; upvotes?: number }[]; note?: string; offer?: vscode.Command }

/** What gives the Daily Papers node its papers: the web feature's, handed to the view by host/features/start.ts. */
export interface DailySource {
  readonly onDidChange: vscode.Event<void>;
  /** False when the user turned the network off: the node is not shown. */
  readonly enabled: boolean;
  readonly description: string;
  readonly tooltip: string;
  /** Undefined until the user opened the node: nothing is fetched before. */
  rows(): Promise<DailyRows | undefined>;
  /** The user opened the node: its papers are fetched (or taken from the cache). */
  open(): Promise<void>;
}


/** A page of a paper's neighbours, joined into the library: their rows, the next page's offset, and what went wrong or why they are not fresh. */
export interface NeighbourRows { rows: PaperRow[]; next?: number; note?: string }

/** What gives a paper's neighbours to the Papers view: the web feature's, handed to the view by host/features/start.ts. */
export interface NeighbourSource {
  /** False when the user turned the network off: papers do not open into their neighbours. */
  readonly enabled: boolean;
  /**
   * A page of a paper's neighbours, from `offset`: of the paper its `scholarId` names, or (`byTitle`) the one the
   * graph has of the same title, none found being said in `note`; rejects with what went wrong, said plainly.
   */
  page(paper: Pick<PaperRow, 'scholarId' | 'title'>, section: NeighbourKind, offset: number): Promise<NeighbourRows>;
  /** The Hub's models, datasets and Spaces made from an arXiv paper, and what went wrong with some or why they are not fresh; rejects with what went wrong. */
  artefacts(arxivId: string): Promise<{ artefacts: Artefact[]; note?: string }>;
  /** Whether a key is cited in the document the writer was last in, elsewhere in its project, or not (as last read). */
  citedIn(key: string): 'here' | 'project' | undefined;
}

/** What gives the Zotero node its collections: the Zotero feature's, handed to the view by host/features/start.ts. */
export interface ZoteroSource {
  readonly onDidChange: vscode.Event<unknown>;
  /** False while papers.zotero.enabled is off: the node is not shown. */
  readonly enabled: boolean;
  /** Items and collections read, or what is wrong, in a few words; the tooltip says it whole. */
  readonly description: string;
  readonly tooltip: string;
  /** Why the library could not be read, said whole (the message the writer was told), if it could not. */
  readonly problem: string | undefined;
  /** The collections as last read, with their items (`zoteroItemRef`); undefined before the first read. */
  collections(): CollectionTree | undefined;
  /** My Publications: the writer's own items they published (item keys). */
  publications(): readonly string[];
  /** The group libraries read, each with its collections. */
  groups(): { id: number; name: string; tree: CollectionTree }[];
  /** The library's key of a Zotero item (as the last join gave it). */
  keyOf(itemRef: string): string | undefined;
}
