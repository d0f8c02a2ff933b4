// The fix for an undefined key that is near no known key (`\cite{nosuchkey2099}`): what a writer
// does next is look for the paper they meant. Search Papers opens with the key's words typed, and
// the paper picked replaces the key (one undo step) and joins the bibliography as Insert Citation's do.
import vscode = require('vscode');
import type { Bibliographies } from '../bibliography/bibliographies';
import { updateBibliography } from '../bibliography/append';
import { pickPapers } from '../browse/pick';
import type { PaperStore } from '../library/store';

/** The words a key is made of: `vaswani2017attention` → `vaswani 2017 attention`, `ReAct_2022` → `React 2022`. */
export function keyWords(key: string): string {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/(\d+)/g, ' $1 ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** What Search the Library for a key did, for the tests. */
export interface SearchForKeyResult {
  key?: string;
  bibliography?: Awaited<ReturnType<typeof updateBibliography>>;
}

export async function searchForKey(
  store: PaperStore, bibliographies: Bibliographies, log: vscode.LogOutputChannel, uri: vscode.Uri, range: vscode.Range, key: string,
): Promise<SearchForKeyResult | undefined> {
  const picked = await pickPapers(store, { title: `Replace ${key} with the paper you meant`, placeholder: 'Search Papers by title, author, topic or key', initialQuery: keyWords(key) });
  const paper = picked?.papers[0];
  if (!paper) return undefined;
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
