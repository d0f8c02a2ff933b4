// Where Insert Citation writes when the focus is elsewhere (the details panel, a quick pick).
import vscode = require('vscode');
import { Disposable } from '../util/dispose';

/**
 * Remembers the last text editor the user was in, so that "Insert Citation" from the
 * details panel (which takes the focus) still knows where to write.
 */
export class EditorTracker extends Disposable {
  private last: vscode.TextEditor | undefined = vscode.window.activeTextEditor;

  constructor() {
    super();
    this.register(vscode.window.onDidChangeActiveTextEditor(editor => { if (editor) this.last = editor; }));
  }

  /** The document of the text editor the user was last in, if it is still open. */
  get lastDocument(): vscode.TextDocument | undefined {
    const doc = (vscode.window.activeTextEditor ?? this.last)?.document;
    return doc && !doc.isClosed ? doc : undefined;
  }

  /** The active editor, or the last one if the user still has it open (visible, or in a tab behind the panel). */
  async target(): Promise<vscode.TextEditor | undefined> {
    const active = vscode.window.activeTextEditor;
    if (active) return active;
    const last = this.last;
    if (!last || last.document.isClosed) return undefined;
    if (vscode.window.visibleTextEditors.includes(last)) return last;
    const uri = last.document.uri.toString();
    const tabbed = vscode.window.tabGroups.all.some(g => g.tabs.some(t => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri));
    return tabbed ? vscode.window.showTextDocument(last.document, { viewColumn: last.viewColumn, preserveFocus: false }) : undefined;
  }
}
