// Everything VS Code calls, registered at activation while the code that answers is not loaded
// yet (load.ts): the commands, the providers, the views' data and the panels' serializers. Each
// registration answers by asking the features (start.ts), made on the first call. What VS Code
// reads at registration (selectors, trigger characters, kinds, which optional methods a provider
// has) is known here without them (host/selectors.ts).
import vscode = require('vscode');
import type { TreeNode } from '../common/treeNodes';
import { Commands, DETAILS_VIEW_TYPE, REFERENCES_VIEW_TYPE, Views } from '../ids';
import {
  BIBLIOGRAPHY_SELECTOR, CITING_SELECTOR, COMPLETION_TRIGGERS, FIXES_METADATA, KEY_SELECTOR, PAPER_SCHEME, PASTE_CITATION, PASTE_ENTRY, pasteMetadata,
} from '../selectors';
import { registerCommandsAhead } from '../util/commands';
import type { LazyFeatures } from './load';
import type { Features } from './start';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Method<T> = { [K in keyof T]-?: NonNullable<T[K]> extends (...args: any[]) => unknown ? K : never }[keyof T] & string;

/**
 * An object with `methods`, each calling the same method of what `of` picks from the features;
 * the first call waits for them to be made (every method VS Code calls here may answer later).
 * VS Code reads which optional methods a provider has when it is registered, so they are listed
 * rather than found.
 */
function ask<T>(features: LazyFeatures, of: (features: Features) => T, methods: readonly Method<T>[]): T {
  const stand: Record<string, unknown> = {};
  for (const name of methods) {
    const call = (made: Features, args: unknown[]) => (of(made) as Record<string, (...a: unknown[]) => unknown>)[name](...args);
    stand[name] = (...args: unknown[]) => {
      const made = features.loaded;
      return made ? call(made, args) : features.made().then(made => call(made, args));
    };
  }
  return stand as T;
}

/** An event of what `of` picks from the features, relayed from the moment they are made. */
function relay<E>(features: LazyFeatures, owned: vscode.Disposable[], of: (features: Features) => vscode.Event<E>): vscode.Event<E> {
  const emitter = new vscode.EventEmitter<E>();
  owned.push(emitter);
  features.onDidLoad(made => owned.push(of(made)(e => emitter.fire(e))));
  return emitter.event;
}

export interface Registered extends vscode.Disposable {
  /** The Papers view: the features' tree answers it, and they are handed it to reveal and title it. */
  treeView: vscode.TreeView<TreeNode>;
}

export function registerAhead(features: LazyFeatures): Registered {
  const owned: vscode.Disposable[] = [];
  const tree: vscode.TreeDataProvider<TreeNode> = {
    ...ask(features, f => f.tree as vscode.TreeDataProvider<TreeNode>, ['getTreeItem', 'resolveTreeItem', 'getChildren', 'getParent']),
    onDidChangeTreeData: relay(features, owned, f => f.tree.onDidChangeTreeData),
  };
  const treeView = vscode.window.createTreeView<TreeNode>(Views.papers, { treeDataProvider: tree, showCollapseAll: true, canSelectMany: true });
  const readingList: vscode.TreeDataProvider<TreeNode> = {
    ...ask(features, f => f.readingList as vscode.TreeDataProvider<TreeNode>, ['getTreeItem', 'resolveTreeItem', 'getChildren', 'getParent']),
    onDidChangeTreeData: relay(features, owned, f => f.readingList.onDidChangeTreeData),
  };
  const lens: vscode.CodeLensProvider = {
    ...ask(features, f => f.cite.lens as vscode.CodeLensProvider, ['provideCodeLenses', 'resolveCodeLens']),
    onDidChangeCodeLenses: relay(features, owned, f => f.cite.lens.onDidChangeCodeLenses),
  };
  const paste = ask(features, f => f.paste as vscode.DocumentPasteEditProvider, ['provideDocumentPasteEdits', 'resolveDocumentPasteEdit']);
  owned.push(
    treeView,
    vscode.window.createTreeView(Views.readingList, { treeDataProvider: readingList }),
    registerCommandsAhead(Object.values(Commands), () => features.made()),
    vscode.languages.registerCompletionItemProvider(CITING_SELECTOR, ask(features, f => f.cite.completion, ['provideCompletionItems', 'resolveCompletionItem']), ...COMPLETION_TRIGGERS),
    vscode.languages.registerHoverProvider(CITING_SELECTOR, ask(features, f => f.cite.hover, ['provideHover'])),
    vscode.languages.registerDefinitionProvider(CITING_SELECTOR, ask(features, f => f.cite.definition, ['provideDefinition'])),
    vscode.languages.registerRenameProvider(KEY_SELECTOR, ask(features, f => f.cite.rename, ['provideRenameEdits', 'prepareRename'])),
    vscode.languages.registerReferenceProvider(KEY_SELECTOR, ask(features, f => f.cite.references, ['provideReferences'])),
    vscode.languages.registerCodeLensProvider(BIBLIOGRAPHY_SELECTOR, lens),
    vscode.workspace.registerTextDocumentContentProvider(PAPER_SCHEME, ask(features, f => f.cite.pages, ['provideTextDocumentContent'])),
    vscode.languages.registerCodeActionsProvider(CITING_SELECTOR, ask(features, f => f.fixes, ['provideCodeActions']), FIXES_METADATA),
    vscode.languages.registerDocumentPasteEditProvider(CITING_SELECTOR, paste, pasteMetadata(PASTE_CITATION)),
    vscode.languages.registerDocumentPasteEditProvider({ language: 'bibtex' }, paste, pasteMetadata(PASTE_ENTRY)),
    vscode.window.registerWebviewPanelSerializer(DETAILS_VIEW_TYPE, ask(features, f => f.details, ['deserializeWebviewPanel'])),
    vscode.window.registerWebviewPanelSerializer(REFERENCES_VIEW_TYPE, ask(features, f => f.references, ['deserializeWebviewPanel'])),
  );
  return { treeView, dispose: () => vscode.Disposable.from(...owned).dispose() };
}
