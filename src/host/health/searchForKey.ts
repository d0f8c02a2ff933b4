// The fix for an undefined key that is near no known key (`\cite{nosuchkey2099}`): what a writer
// does next is look for the paper they meant. Search Papers opens with the key's words typed, and
// the paper picked replaces the key (one undo step) and joins the bibliography as Insert Citation's do.
import vscode = require('vscode');
import type { Bibliographies } from '../bibliography/bibliographies';
import { pickPapers } from '../browse/pick';
import { replaceKey, type ReplacedKey } from '../cite/replaceKey';
import type { PaperStore } from '../library/store';

/** The words a key is made of: `vaswani2017attention` → `vaswani 2017 attention`, `ReAct_2022` → `React 2022`. */
export function keyWords(key: string): string {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/(\d+)/g, ' $1 ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export async function searchForKey(
  store: PaperStore, bibliographies: Bibliographies, log: vscode.LogOutputChannel, uri: vscode.Uri, range: vscode.Range, key: string,
): Promise<ReplacedKey | undefined> {
  const picked = await pickPapers(store, { title: `Replace ${key} with the paper you meant`, placeholder: 'Search Papers by title, author, topic or key', initialQuery: keyWords(key) });
  const paper = picked?.papers[0];
  return paper && replaceKey(bibliographies, log, uri, range, key, paper);
}
