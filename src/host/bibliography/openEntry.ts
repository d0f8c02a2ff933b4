// Go to Entry: the user's bibliography file opened at an entry.
import vscode = require('vscode');
import type { EntryLocation } from '../../core/model/paper';

/**
 * Opens the user's bibliography file at an entry, with its key selected (or the cursor at
 * the entry's line, if the file changed since it was read).
 */
export async function openEntry(location: EntryLocation, options: { preview?: boolean; viewColumn?: vscode.ViewColumn } = {}): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(location.uri));
  return vscode.window.showTextDocument(doc, { ...options, selection: entryRange(doc, location) });
}

/** The range of an entry's key in an open document: on the entry's line, else at its start. */
export function entryRange(doc: vscode.TextDocument, location: Pick<EntryLocation, 'line' | 'key'>): vscode.Range {
  const line = Math.max(0, Math.min(location.line, doc.lineCount) - 1);
  const text = doc.lineAt(line).text;
  const column = text.indexOf(location.key);
  return column >= 0 ? new vscode.Range(line, column, line, column + location.key.length) : new vscode.Range(line, 0, line, 0);
}
