// The features' composition root (the entry of dist/features.js, src/features.ts): what activation
// does not need is made here, on first use (host/features/load.ts). Activation (host/activate.ts)
// made the library and registered everything VS Code calls (host/features/stubs.ts); here the
// features are made, wired to each other and to the library, and their commands registered.
import vscode = require('vscode');
import type { Bibliographies } from '../bibliography/bibliographies';
import { registerBrowse, revealDaily } from '../browse';
import { DetailsPanel } from '../browse/details';
import { ReadingListProvider } from '../browse/readingListView';
import { TOPICS } from '../browse/topics';
import { PapersTreeProvider } from '../browse/tree';
import { citeProviders, CitationRename, keysCitedInProject, registerCite, type CiteProviders } from '../cite';
import { CitedOnScreen } from '../cite/citedOnScreen';
import { CitationSettingsReader } from '../common/citationSettings';
import { CitationStyles } from '../common/citationStyles';
import type { EditorTracker } from '../common/editors';
import { History } from '../common/history';
import { Notes } from '../common/notes';
import { PaperPicker } from '../common/pick';
import { ReadingList } from '../common/readingList';
import type { TreeNode } from '../common/treeNodes';
import type { EngineClient } from '../engine/client';
import { registerHealth } from '../health';
import { BibliographyProblems } from '../health/bibliographyProblems';
import { CitationDiagnostics } from '../health/citationDiagnostics';
import { CitationFixes } from '../health/citationFixes';
import { UnusedEntries } from '../health/unusedEntries';
import { registerLibrary } from '../library';
import type { PaperStore } from '../library/store';
import type { UserCorpora } from '../library/userCorpora';
import { registerNotes } from '../notes';
import { ChooseStyleCommand, ReferencesPreview, registerStyles } from '../styles';
import { createTestHooks, type PapersTestHooks } from '../testing';
import { DailyPapers, HuggingFaceSearch, NeighbourWalk, Neighbourhoods, PaperPasteProvider, registerWeb, Suggestions, WebPapers } from '../web';
import { registerZotero, ZoteroDetails, ZoteroLibrary, ZoteroPrompt } from '../zotero';

/** What activation made and hands to the features. */
export interface Core {
  context: vscode.ExtensionContext;
  /** Whether the extension host is a browser's (vscode.dev): no local disk, no arXiv, no Zotero. */
  inBrowser: boolean;
  log: vscode.LogOutputChannel;
  engineClient: EngineClient;
  store: PaperStore;
  userCorpora: UserCorpora;
  bibliographies: Bibliographies;
  editors: EditorTracker;
  /** The Papers view, made at activation with a provider that asks the features' (`Features.tree`). */
  treeView: vscode.TreeView<TreeNode>;
  /** When activation began, on this host's clock, for the tests. */
  activatedAt: number;
}

/** The features, made: what the registrations of activation call, and what the tests inspect. */
export interface Features extends vscode.Disposable {
  tree: PapersTreeProvider;
  readingList: ReadingListProvider;
  cite: CiteProviders;
  fixes: CitationFixes;
  paste: PaperPasteProvider;
  details: DetailsPanel;
  references: ReferencesPreview;
  /** Present only under test (ExtensionMode.Test). */
  testing?: PapersTestHooks;
}

export function startFeatures(core: Core): Features {
  const { context, inBrowser, log, engineClient, store, userCorpora, bibliographies, editors, treeView } = core;
  const subscriptions: vscode.Disposable[] = [];
  const bibliographyProblems = new BibliographyProblems(bibliographies, log);
  const checker = new CitationDiagnostics(bibliographies);
  const unusedEntries = new UnusedEntries(bibliographies);
  const readingList = new ReadingList(context.globalState);
  const history = new History(context.globalState);
  const citationSettings = new CitationSettingsReader(log);
  const styles = new CitationStyles(context.extensionUri, engineClient, log, context.globalStorageUri);
  subscriptions.push(bibliographyProblems, checker, unusedEntries, readingList, citationSettings, styles, store.whenLoaded(() => {
    checker.start();
    unusedEntries.start();
  }));
  // The features stand side by side: what one needs of another is handed to it here. The web
  // feature's papers are made first: the pick searches the web with them, the details view says
  // whether a paper was kept from it, and the Papers view shows Daily Papers and papers' neighbours from them.
  // In a browser's extension host (vscode.dev) arXiv cannot be asked.
  const web = new WebPapers(context.globalStorageUri, store, log, inBrowser);
  const daily = new DailyPapers(web, store, log);
  const notes = new Notes(log);
  const picker = new PaperPicker(store, new HuggingFaceSearch(web), notes);
  const neighbourhoods = new Neighbourhoods(web, store, context.secrets, editors, log, doc => keysCitedInProject(doc, bibliographies));
  // The writer's Zotero library, read only while papers.zotero.enabled is on (and never in a browser: localhost is not the writer's computer there).
  const zotero = new ZoteroLibrary(store, context.globalState, log, inBrowser);
  const zoteroPrompt = new ZoteroPrompt(zotero, context.globalState, inBrowser);
  const zoteroDetails = new ZoteroDetails(zotero, log);
  const tree = new PapersTreeProvider(store, readingList, context.workspaceState, daily, new NeighbourWalk(neighbourhoods), zotero, notes);
  const readingListProvider = new ReadingListProvider(store, readingList);
  const suggestions = new Suggestions(neighbourhoods, context.workspaceState);
  const details = new DetailsPanel(context.extensionUri, store, readingList, history, TOPICS, log, styles, web, neighbourhoods, notes, zoteroDetails);
  const onScreen = new CitedOnScreen(store);
  const references = new ReferencesPreview(context.extensionUri, styles, bibliographies, log);
  const chooseStyle = new ChooseStyleCommand(styles, bibliographies);
  const parts = { store, picker, bibliographies, details, readingList, history, editors, citationSettings, styles, notes, log };
  const rename = new CitationRename(bibliographies, log);
  const cite = citeProviders(parts, rename);
  const webParts = { ...parts, web, daily, neighbourhoods, suggestions, revealDaily: () => revealDaily({ tree, treeView }) };
  subscriptions.push(
    daily, neighbourhoods, zotero, notes, tree, readingListProvider, details, onScreen, references,
    registerLibrary(store, log, () => bibliographies.reload()),
    registerBrowse({ ...parts, tree, treeView, topics: TOPICS }, daily),
    registerCite(parts, cite),
    registerStyles({ store, styles, references, chooseStyle, log }),
    registerHealth({ ...parts, checker }),
    registerWeb(webParts),
    registerZotero(zotero, zoteroPrompt, log),
    registerNotes({ ...parts, web: inBrowser }),
    // The notes are read once the papers are first needed, as the user's other files are.
    store.whenLoading(() => void notes.ready()),
  );
  const features: Features = {
    tree, readingList: readingListProvider, cite, details, references,
    fixes: new CitationFixes(store, bibliographies, checker),
    paste: new PaperPasteProvider(webParts),
    dispose: () => vscode.Disposable.from(...subscriptions.reverse()).dispose(),
  };
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    features.testing = createTestHooks({ store, engineClient, userCorpora, bibliographies, checker, unusedEntries, tree, treeView, readingList: readingListProvider, details, onScreen, references, picker, activatedAt: core.activatedAt, suggestions, chooseStyle, zotero, zoteroPrompt, zoteroDetails, notes, rename,
      webNextSession: () => new WebPapers(context.globalStorageUri, store, log, inBrowser).restore(),
    });
  }
  return features;
}
