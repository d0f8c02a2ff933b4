// The composition root both entries share (src/extension.ts on the desktop, src/extension.browser.ts
// in a browser): construct, register, push to context.subscriptions. No logic here; what differs
// between the two hosts comes in as a `Platform`.
import vscode = require('vscode');
import type { LocalDisk } from '../platform/disk';
import type { EngineWorker } from '../platform/worker';
import { pause } from '../core/util/pause';
import { createApi, type PapersApi } from './api';
import { Bibliographies } from './bibliography/bibliographies';
import { LatexProject } from './bibliography/latexProject';
import { registerBrowse, revealDaily } from './browse';
import { DetailsPanel } from './browse/details';
import { TOPICS } from './browse/topics';
import { ReadingListProvider } from './browse/readingListView';
import { PapersTreeProvider } from './browse/tree';
import { CitationRename, keysCitedInProject, registerCite } from './cite';
import { CitedOnScreen } from './cite/citedOnScreen';
import { CitationSettingsReader } from './common/citationSettings';
import { CitationStyles } from './common/citationStyles';
import { EditorTracker } from './common/editors';
import { History } from './common/history';
import { PaperPicker } from './common/pick';
import { ReadingList } from './common/readingList';
import type { TreeNode } from './common/treeNodes';
import { EngineClient } from './engine/client';
import { BibliographyProblems } from './health/bibliographyProblems';
import { CitationDiagnostics } from './health/citationDiagnostics';
import { registerHealth } from './health';
import { UnusedEntries } from './health/unusedEntries';
import { ContextKeys, Views } from './ids';
import { registerLibrary } from './library';
import { IndexCache } from './library/indexCache';
import { PaperStore } from './library/store';
import { UserCorpora } from './library/userCorpora';
import { ChooseStyleCommand, ReferencesPreview, registerStyles } from './styles';
import { createTestHooks } from './testing';
import { useLocalDisk } from './util/disk';
import { DailyPapers, HuggingFaceSearch, NeighbourWalk, Neighbourhoods, registerWeb, Suggestions, WebPapers } from './web';
import { registerZotero, ZoteroDetails, ZoteroLibrary, ZoteroPrompt } from './zotero';
import { Notes } from './common/notes';
import { registerNotes } from './notes';

/** What the entry of each host provides. */
export interface Platform {
  /** Starts the engine worker on the extension's engine bundle (dist/engine.js). */
  startEngineWorker(): EngineWorker;
  /**
   * Whether the engine worker reads files by their path (a Node worker thread can; a Web Worker
   * has no file system, so the host sends a file's bytes and keeps the cache). Known without starting it.
   */
  engineReadsFiles?: boolean;
  /** The local disk, where the host has one (the desktop): `file:` URIs are read through it. */
  disk?: LocalDisk;
}

/** How long after activation the library starts loading by itself. */
const WARM_UP_MS = 1500;

export async function activateWith(context: vscode.ExtensionContext, platform: Platform): Promise<PapersApi> {
  const activatedAt = performance.now();
  useLocalDisk(platform.disk);
  const log = vscode.window.createOutputChannel('Papers', { log: true });
  const engineClient = new EngineClient(() => platform.startEngineWorker(), log, platform.engineReadsFiles);
  const store = new PaperStore(context.extensionUri, new IndexCache(context.globalStorageUri, log), engineClient, log, context.workspaceState);
  const userCorpora = new UserCorpora(store, log);
  const latex = new LatexProject();
  const bibliographies = new Bibliographies(store, latex, log);
  const bibliographyProblems = new BibliographyProblems(bibliographies, log);
  const checker = new CitationDiagnostics(bibliographies);
  const unusedEntries = new UnusedEntries(bibliographies);
  const readingList = new ReadingList(context.globalState);
  const history = new History(context.globalState);
  const editors = new EditorTracker();
  const citationSettings = new CitationSettingsReader(log);
  const styles = new CitationStyles(context.extensionUri, engineClient, log, context.globalStorageUri);
  void vscode.commands.executeCommand('setContext', ContextKeys.state, 'loading');
  context.subscriptions.push(
    log, engineClient, store, userCorpora, latex, bibliographies, bibliographyProblems, checker, unusedEntries, readingList, editors, citationSettings, styles,
    // The user's corpus files and bibliographies join once the papers are first needed, not at
    // activation; they are found and read while the bundled papers load.
    store.onWillLoadBundled(() => {
      void userCorpora.start();
      void bibliographies.start();
    }),
    store.onDidLoadBundled(() => {
      checker.start();
      unusedEntries.start();
    }),
    // The engine worker was restarted: it needs the user's files again, read afresh.
    store.onDidLoseInput(() => { void userCorpora.load(); void bibliographies.reload(true); }),
  );
  // What VS Code calls (views, providers, commands) is registered in a task of its own, once the
  // parts above are wired: in one piece, activation held the extension host too long while a window loaded.
  await pause();
  // The features stand side by side: what one needs of another is handed to it here. The web
  // feature's papers are made first: the pick searches the web with them, the details view says
  // whether a paper was kept from it, and the Papers view shows Daily Papers and papers' neighbours from them.
  // Without a local disk the extension host is a browser's (vscode.dev), where arXiv cannot be asked.
  const web = new WebPapers(context.globalStorageUri, store, log, !platform.disk);
  const daily = new DailyPapers(web, store, log);
  const notes = new Notes(log);
  const picker = new PaperPicker(store, new HuggingFaceSearch(web), notes);
  const neighbourhoods = new Neighbourhoods(web, store, context.secrets, editors, log, doc => keysCitedInProject(doc, bibliographies));
  // The writer's Zotero library, read only while papers.zotero.enabled is on (and never in a browser: localhost is not the writer's computer there).
  const zotero = new ZoteroLibrary(store, context.globalState, log, !platform.disk);
  const zoteroPrompt = new ZoteroPrompt(zotero, context.globalState, !platform.disk);
  const zoteroDetails = new ZoteroDetails(zotero, log);
  const tree = new PapersTreeProvider(store, readingList, context.workspaceState, daily, new NeighbourWalk(neighbourhoods), zotero, notes);
  const treeView = vscode.window.createTreeView<TreeNode>(Views.papers, { treeDataProvider: tree, showCollapseAll: true, canSelectMany: true });
  const readingListProvider = new ReadingListProvider(store, readingList);
  const readingListView = vscode.window.createTreeView(Views.readingList, { treeDataProvider: readingListProvider });
  const suggestions = new Suggestions(neighbourhoods, context.workspaceState);
  const details = new DetailsPanel(context.extensionUri, store, readingList, history, TOPICS, log, styles, web, neighbourhoods, notes, zoteroDetails);
  const onScreen = new CitedOnScreen(store);
  const references = new ReferencesPreview(context.extensionUri, styles, bibliographies, log);
  const chooseStyle = new ChooseStyleCommand(styles, bibliographies);
  const parts = { store, picker, bibliographies, details, readingList, history, editors, citationSettings, styles, notes, log };
  const rename = new CitationRename(bibliographies, log);
  context.subscriptions.push(
    daily, neighbourhoods, zotero, notes, tree, treeView, readingListProvider, readingListView, details, onScreen, references,
    registerLibrary(store, log, () => bibliographies.reload()),
    registerBrowse({ ...parts, tree, treeView, topics: TOPICS }, daily),
    registerCite(parts, rename),
    registerStyles({ store, styles, references, chooseStyle, log }),
    registerHealth({ ...parts, checker }),
    registerWeb({ ...parts, web, daily, neighbourhoods, suggestions, revealDaily: () => revealDaily({ tree, treeView }) }),
    registerZotero(zotero, zoteroPrompt, log),
    registerNotes({ ...parts, web: !platform.disk }),
    // The notes are read once the papers are first needed, as the user's other files are.
    store.onWillLoadBundled(() => void notes.ready()),
  );
  // A writer who opened a LaTeX or Markdown file will cite soon: load the library once the
  // window has settled, so that the first \cite{ completes at once. A workspace whose documents
  // named bibliographies last time starts at once: their keys are what its hovers, completions
  // and checks need, and the engine worker (not this thread) does the reading.
  const warmUp = setTimeout(() => void store.library(), store.hadUserFiles ? 0 : WARM_UP_MS);
  context.subscriptions.push({ dispose: () => clearTimeout(warmUp) });
  const api = createApi(store);
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    api.testing = createTestHooks({ store, engineClient, userCorpora, bibliographies, checker, unusedEntries, tree, treeView, readingList: readingListProvider, details, onScreen, references, picker, activatedAt, suggestions, chooseStyle, zotero, zoteroPrompt, zoteroDetails, notes, rename,
      webNextSession: () => new WebPapers(context.globalStorageUri, store, log, !platform.disk).restore(),
    });
  }
  return api;
}
