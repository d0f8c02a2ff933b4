// Replacing an undefined key with the paper the writer meant, found in the library (health's
// Search the Library) or added by its identifier (web's Add a Paper for a key): the key goes in as
// one undo step, only where the old key still is, and the paper joins the document's bibliography.
import vscode = require('vscode');
import type { Paper } from '../../core/model/paper';
import type { Bibliographies } from '../bibliography/bibliographies';
import { updateBibliography } from '../bibliography/append';

/** What replacing a key did, for the tests. */
export interface ReplacedKey {
  key?: string;
  bibliography?: Awaited<ReturnType<typeof updateBibliography>>;
}

/**
 * Replaces an undefined key with a paper's (one undo step) and appends the paper to the
 * document's bibliography.
 */
export async function replaceKey(
  bibliographies: Bibliographies, log: vscode.LogOutputChannel, uri: vscode.Uri, range: vscode.Range, key: string, paper: Paper,
): Promise<ReplacedKey | undefined> {
  const doc = await vscode.workspace.openTextDocument(uri);
  // The document may have changed while the pick was open: replace the key only where it still is.
  if (doc.getText(range) !== key) {
    void vscode.window.showWarningMessage(`Papers: ${key} is no longer where it was; the citation was left as it is.`);
    return undefined;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, range, paper.key);
  if (!(await vscode.workspace.applyEdit(edit))) return undefined;
  const sources = await bibliographies.sourcesOf(doc);
  return { key: paper.key, bibliography: await updateBibliography(doc, [paper], log, sources) };
}
