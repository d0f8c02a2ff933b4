// Quick fixes for an undefined key, and Add Missing Entries.
import vscode = require('vscode');
import type { Paper } from '../../core/model/paper';
import type { Bibliographies } from '../bibliography/bibliographies';
import { updateBibliography } from '../bibliography/append';
import { CitationCodes, type CitationDiagnostics } from './citationDiagnostics';
import { CITING_LANGUAGES } from '../../core/cite/languages';
import { itemRefOfPaperId } from '../../core/zotero/ref';
import { engine } from '../engine/load';
import { Commands, Settings } from '../ids';
import type { PaperStore } from '../library/store';

/** What Add Missing Entries did, for the tests and the message. */
export interface AddMissingResult {
  added: string[];
  /** Undefined keys that are no paper Papers knows. */
  unknown: string[];
  status?: Awaited<ReturnType<typeof updateBibliography>>;
}

/**
 * Quick fixes for an undefined key: add the paper it names to the document's bibliography
 * (a bundled paper, an entry of another bibliography in the workspace, or an item of the writer's
 * Zotero library), change it to a
 * defined key it nearly is, search the library for the paper it meant, or add every missing
 * entry at once. A change replaces only the
 * key; an addition only appends to the bibliography; each is one undo step.
 */
export class CitationFixes implements vscode.CodeActionProvider {
  constructor(private readonly store: PaperStore, private readonly bibliographies: Bibliographies, private readonly checker: CitationDiagnostics) {}

  async provideCodeActions(doc: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): Promise<vscode.CodeAction[]> {
    const ours = context.diagnostics.filter(d => d.source === 'Papers' && d.code === CitationCodes.undefinedKey);
    if (!ours.length) return [];
    const sources = await this.bibliographies.sourcesOf(doc);
    // A fix adds only to a file the citations come from already: a named one, or the default file once it exists.
    const found = sources.target;
    const target = typeof found === 'object' && sources.files.some(file => file.toString() === found.uri.toString()) ? found : undefined;
    const keys = ours.map(d => doc.getText(d.range));
    // A library that cannot answer now (the search engine restarting) leaves the other fixes.
    const papers = await known(this.store, keys).catch(() => new Map<string, Paper>());
    const defined: string[] = [];
    for (const file of sources.files) {
      const fileKeys = this.bibliographies.keysOf(file);
      if (typeof fileKeys !== 'string') defined.push(...fileKeys);
    }
    const actions: vscode.CodeAction[] = [];
    ours.forEach((diagnostic, i) => {
      const key = keys[i];
      const paper = papers.get(key);
      if (paper && target) {
        const from = paper.entries?.find(e => e.uri !== target.uri.toString())?.file;
        // An item of the writer's Zotero library that no bibliography has: its entry is made as citing it makes it.
        const zotero = itemRefOfPaperId(paper.id) !== undefined;
        const title = zotero ? `Add from Zotero to ${target.path}${ours.length > 1 ? `: ${key}` : ''}` : `Add ${key} to ${target.path}${from ? ` (from ${from})` : ''}`;
        const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
        action.diagnostics = [diagnostic];
        action.isPreferred = true;
        action.command = { command: Commands.addMissingEntries, title: action.title, arguments: [doc.uri, [key]] };
        actions.push(action);
      }
      engine().health.nearMisses(key, defined).forEach((near, n) => {
        const action = new vscode.CodeAction(`Change to ${near}`, vscode.CodeActionKind.QuickFix);
        action.diagnostics = [diagnostic];
        action.edit = new vscode.WorkspaceEdit();
        action.edit.replace(doc.uri, diagnostic.range, near);
        if (!paper && n === 0) action.isPreferred = true;
        actions.push(action);
      });
      if (!paper) {
        const action = new vscode.CodeAction(`Search the Library for "${key}"…`, vscode.CodeActionKind.QuickFix);
        action.diagnostics = [diagnostic];
        action.command = { command: Commands.searchForKey, title: action.title, arguments: [doc.uri, diagnostic.range, key] };
        actions.push(action);
        if (vscode.workspace.getConfiguration(Settings.section).get<boolean>(Settings.webEnabled, true)) {
          const add = new vscode.CodeAction(`Add a Paper by arXiv Id or DOI for "${key}"…`, vscode.CodeActionKind.QuickFix);
          add.diagnostics = [diagnostic];
          add.command = { command: Commands.addPaperForKey, title: add.title, arguments: [doc.uri, diagnostic.range, key] };
          actions.push(add);
        }
      }
    });
    const missing = new Set(this.checker.resultOf(doc)?.problems.filter(p => p.code === CitationCodes.undefinedKey).map(p => p.key!));
    if (target && missing.size > 1) {
      const action = new vscode.CodeAction(`Add All Missing Entries to ${target.path}`, vscode.CodeActionKind.QuickFix);
      action.command = { command: Commands.addMissingEntries, title: action.title, arguments: [doc.uri] };
      actions.push(action);
    }
    return actions;
  }
}

/** The papers the library knows under exactly these keys. */
async function known(store: PaperStore, keys: readonly string[]): Promise<Map<string, Paper>> {
  const library = await store.library();
  const found = new Map<string, Paper>();
  if (!library) return found;
  const papers = await library.papers(keys);
  keys.forEach((key, i) => {
    const paper = papers[i];
    if (paper?.key === key) found.set(key, paper);
  });
  return found;
}

/**
 * "Add Missing Entries to the Bibliography": appends, in one edit, an entry for every key of the
 * document that its bibliographies lack and Papers knows (or for `only` of them), and says
 * which keys are no paper Papers knows.
 */
export async function addMissingEntries(
  store: PaperStore, bibliographies: Bibliographies, checker: CitationDiagnostics, log: vscode.LogOutputChannel, uri?: vscode.Uri, only?: readonly string[],
): Promise<AddMissingResult | undefined> {
  const doc = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (!doc || !CITING_LANGUAGES.includes(doc.languageId)) {
    void vscode.window.showInformationMessage('Add Missing Entries works on a LaTeX, Markdown, Quarto, R Markdown, Typst or reStructuredText document: open one first.');
    return undefined;
  }
  await bibliographies.settled();
  const result = checker.resultOf(doc) ?? (await checker.check(doc));
  if (!result) return undefined;
  if (result.problems.some(p => p.code === CitationCodes.noBibliography)) {
    void vscode.window.showWarningMessage(result.problems[0].message);
    return { added: [], unknown: [] };
  }
  const wanted = [...new Set(result.problems.filter(p => p.code === CitationCodes.undefinedKey).map(p => p.key!))].filter(k => !only || only.includes(k));
  if (!wanted.length) {
    vscode.window.setStatusBarMessage('$(check) Every key this document cites is in its bibliography', 4000);
    return { added: [], unknown: [] };
  }
  const papers = await known(store, wanted);
  const unknown = wanted.filter(k => !papers.has(k));
  const unknownNote = unknown.length ? `${unknown.length === 1 ? 'This key is' : 'These keys are'} no paper Papers knows: ${unknown.join(', ')}.` : '';
  if (!papers.size) {
    void vscode.window.showWarningMessage(`Nothing was added. ${unknownNote} Search Papers can find the paper you meant.`);
    return { added: [], unknown };
  }
  const status = await updateBibliography(doc, [...papers.values()], log, result.sources);
  const added = ['append', 'created'].includes(status) ? [...papers.keys()] : [];
  if (added.length && unknown.length) void vscode.window.showWarningMessage(`Added ${added.join(', ')}. ${unknownNote}`);
  return { added, unknown, status };
}
