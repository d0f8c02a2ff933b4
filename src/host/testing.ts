// The hooks the integration tests read, present only under ExtensionMode.Test.
import type * as vscode from 'vscode';
import type { NeighbourhoodView, PaperView, ReferencesView, ReferenceView, ZoteroView } from '../shared/protocol';
import type { ReferencesPreview } from './styles/references';
import type { DetailsPanel } from './browse/details';
import type { PaperPicker } from './common/pick';
import type { BibliographyReport, EngineState, PaperStore, UserCorpusReport } from './library/store';
import type { EngineClient } from './engine/client';
import type { RequestType } from '../engine/protocol';
import type { UserCorpora } from './library/userCorpora';
import type { Bibliographies } from './bibliography/bibliographies';
import type { CitationDiagnostics } from './health/citationDiagnostics';
import type { UnusedEntries } from './health/unusedEntries';
import type { Suggestions } from './web/suggestions';
import type { ChooseStyleCommand } from './styles/choose';
import type { CitedOnScreen } from './cite/citedOnScreen';
import { openedFiles, providerTimes, warningsShown } from './util/probes';
import type { Notes } from './common/notes';
import type { CitationRename, CopiedEntry } from './cite/rename';
import { watcherEvents } from './util/fileWatch';
import type { ReadingListProvider } from './browse/readingListView';
import type { PapersTreeProvider } from './browse/tree';
import type { TreeNode } from './common/treeNodes';
import type { ZoteroLibrary } from './zotero/library';
import type { ZoteroPrompt } from './zotero/prompt';
import type { ZoteroDetails } from './zotero/details';

/**
 * Views and state that integration tests inspect, exposed on the API only when the
 * extension runs under test (ExtensionMode.Test). Tests call the same provider
 * methods VS Code calls, so what they see is what the view shows.
 */
export interface PapersTestHooks {
  /** When activation began, on this host's clock (`performance.now()`). */
  activatedAt: number;
  /** Resolves when the user's corpus files are merged and indexed. */
  settled(): Promise<void>;
  /** Caches now a bibliography's library that waits to be cached, and resolves once it is written. */
  cacheNow(): Promise<void>;
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
  pick(): PaperPicker['open'];
  /** The paper the details panel shows and the last snapshot it was sent. */
  details(): { paperId: string | undefined; snapshot: PaperView | undefined; reference?: ReferenceView; neighbourhood?: NeighbourhoodView; zotero?: ZoteroView };
  /** Sends the details view a message as its webview would (checked like one). */
  detailsMessage(message: unknown): Promise<void>;
  /** Sends the details view a message as its webview would, with VS Code's openExternal stood in for: resolves with the URIs it was handed. */
  detailsMessageOpening(message: unknown): Promise<string[]>;
  /** The pick of Papers: Choose Citation Style…, while it is shown. */
  stylePick(): vscode.QuickPick<vscode.QuickPickItem & { value: string }> | undefined;
  /** The Suggest Citations pick, while it is shown. */
  suggestionPick(): vscode.QuickPick<vscode.QuickPickItem> | undefined;
  /** The pick of Recommend Papers Like the Reading List, while it is shown. */
  recommendedPick(): vscode.QuickPick<vscode.QuickPickItem> | undefined;
  /** Does what the dismiss button of a suggestion does. */
  dismissSuggestion(doc: vscode.Uri, item: vscode.QuickPickItem): Promise<void>;
  /** Does what the "Not like this" button of a recommendation does. */
  notLikeThis(item: vscode.QuickPickItem): Promise<void>;
  /** Where searches run now: in the host, in the engine worker, or here again while it restarts. */
  engine(): EngineState;
  /** Whether the papers are loaded (on either side) this moment. */
  libraryLoaded(): boolean;
  /** Stops the engine worker the way a crash would, to check that search recovers. */
  crashEngine(): Promise<void>;
  /** How long each check of a document's citations took, latest first (ms). */
  checkTimes(): readonly number[];
  /** Resolves when the citations of this document were next checked and its diagnostics set. */
  nextCheck(uri: vscode.Uri): Promise<void>;
  /** Resolves once the faded unused entries are up to date. */
  unusedSettled(): Promise<void>;
  /** What the unused hints last heard and did (watcher events, listings, updates), oldest first. */
  unusedTrail(): readonly string[];
  /** Drops (true) or passes on the file watcher's events, to stand for a watcher that misses changes. */
  dropWatcherEvents(dropped: boolean): void;
  /** Resolves once the papers cited on screen were asked for ahead. */
  onScreenSettled(): Promise<void>;
  /** How many requests of this type were sent to the engine worker so far. */
  engineAsked(type: RequestType): number;
  /** The engine worker's memory (MB), when it runs. */
  engineMemory(): Promise<{ heapMB: number; externalMB: number; arrayBuffersMB: number } | undefined>;
  /** What the references view (Papers: Show References) last showed. */
  references(): ReferencesView | undefined;
  /** Starts the papers from the web afresh, as the next session does: the kept ones are read from the global storage. Answers how many. */
  webNextSession(): Promise<number>;
  /** The Zotero library: what it last read, and what the writer was told. */
  zotero(item?: string): { items: number; problem?: string; told: readonly string[]; key?: string; kept?: string };
  /** Reads the Zotero library as the window's focus would (at most every 30 s), and resolves once it is read or found out of reach. */
  zoteroFocus(): Promise<unknown>;
  /**
   * Looks for Zotero as the first-run prompt does (as if the writer had never been asked), the
   * writer answering `answer`; resolves with what it did and the questions asked.
   */
  zoteroPrompt(answer: string | undefined): Promise<{ result: string; asked: { message: string; choices: string[] }[] }>;
  /** What Open PDF handed over so far, oldest first: the URI, and whether to VS Code's editor or the system (browser). */
  openedFiles(): readonly { uri: string; via: 'editor' | 'external' | 'none' }[];
  /** Resolves once the notes folder was read again (after a note was changed by hand), with the keys that have notes. */
  notesRead(): Promise<number>;
  /** The warnings commands showed so far (their messages), oldest first. */
  warnings(): readonly string[];
  /** What the button of a refused rename of a bundled paper's key does: its entry copied under the new key. */
  copyEntryAs(doc: vscode.TextDocument, key: string, newKey: string): Promise<CopiedEntry | undefined>;
}

export interface TestedParts {
  store: PaperStore;
  engineClient: EngineClient;
  userCorpora: UserCorpora;
  bibliographies: Bibliographies;
  checker: CitationDiagnostics;
  unusedEntries: UnusedEntries;
  tree: PapersTreeProvider;
  treeView: vscode.TreeView<TreeNode>;
  readingList: ReadingListProvider;
  details: DetailsPanel;
  onScreen: CitedOnScreen;
  references: ReferencesPreview;
  picker: PaperPicker;
  activatedAt: number;
  webNextSession: () => Promise<number>;
  suggestions: Suggestions;
  chooseStyle: ChooseStyleCommand;
  zotero: ZoteroLibrary;
  zoteroPrompt: ZoteroPrompt;
  zoteroDetails: ZoteroDetails;
  notes: Notes;
  rename: CitationRename;
}

export function createTestHooks({ store, engineClient, userCorpora, bibliographies, checker, unusedEntries, tree, treeView, readingList, details, onScreen, references, picker, activatedAt, webNextSession, suggestions, chooseStyle, zotero, zoteroPrompt, zoteroDetails, notes, rename }: TestedParts): PapersTestHooks {
  return {
    openedFiles: () => [...openedFiles],
    warnings: () => [...warningsShown],
    notesRead: async () => { await notes.reread(); return notes.size; },
    copyEntryAs: (doc, key, newKey) => rename.copyEntryAs(doc, key, newKey),
    zotero: (item?: string) => ({ ...zotero.state, told: [...zotero.told], ...(item ? { key: zotero.keyOf(item), kept: zotero.keptKeyOf(item) } : {}) }),
    zoteroFocus: () => zotero.refresh('focus'),
    zoteroPrompt: async answer => {
      const asked: { message: string; choices: string[] }[] = [];
      const ask = zoteroPrompt.ask;
      zoteroPrompt.ask = async (message, ...choices) => { asked.push({ message, choices }); return answer; };
      try {
        await zoteroPrompt.forget();
        return { result: await zoteroPrompt.run(), asked };
      } finally {
        zoteroPrompt.ask = ask;
      }
    },
    webNextSession,
    references: () => references.lastView,
    onScreenSettled: () => onScreen.settled(),
    engineAsked: type => engineClient.asked.get(type) ?? 0,
    activatedAt,
    settled: async () => { await store.library(); await bibliographies.settled(); await store.settled(); },
    cacheNow: () => store.cacheNow(),
    tree,
    treeView,
    readingList,
    pick: () => picker.open,
    userCorpora: () => userCorpora.lastReport,
    bibliographies: () => bibliographies.lastReport,
    reloadBibliographies: () => bibliographies.reload(),
    providerTimes: () => ({ hover: [...providerTimes.hover], completion: [...providerTimes.completion] }),
    details: () => ({ paperId: details.current?.id, snapshot: details.lastSnapshot, reference: details.lastReference, neighbourhood: details.lastNeighbourhood, zotero: details.lastZotero }),
    detailsMessage: message => details.receive(message),
    detailsMessageOpening: async message => {
      const handed: string[] = [];
      const open = zoteroDetails.openExternal;
      zoteroDetails.openExternal = async uri => { handed.push(uri.toString(true)); return true; };
      try {
        await details.receive(message);
        return handed;
      } finally {
        zoteroDetails.openExternal = open;
      }
    },
    stylePick: () => chooseStyle.pick,
    suggestionPick: () => suggestions.pick,
    recommendedPick: () => suggestions.recommended,
    dismissSuggestion: (doc, item) => suggestions.dismissItem(doc, item),
    notLikeThis: item => suggestions.notLikeThis(item),
    engine: () => store.engine,
    libraryLoaded: () => store.loaded !== undefined,
    async crashEngine() {
      if (!engineClient.running) throw new Error('the engine worker is not running');
      const stopped = new Promise<void>(resolve => { const once = engineClient.onDidStop(() => { once.dispose(); resolve(); }); });
      void engineClient.request({ type: 'exit' }).catch(() => undefined);
      await stopped;
    },
    checkTimes: () => [...checker.times],
    unusedSettled: () => unusedEntries.settled(),
    unusedTrail: () => [...unusedEntries.trail],
    nextCheck: uri => new Promise<void>(resolve => {
      const listener = checker.onDidCheck(checked => {
        if (checked.toString() === uri.toString()) { listener.dispose(); resolve(); }
      });
    }),
    dropWatcherEvents: dropped => { watcherEvents.dropped = dropped; },
    engineMemory: async () => (engineClient.running ? engineClient.request({ type: 'memory' }) : undefined),
  };
}
