// The health feature's commands: Add Missing Entries, and the fix that searches the library for
// the paper an undefined key meant.
import vscode = require('vscode');
import { replaceKey, type ReplacedKey } from '../common/replaceKey';
import { Commands } from '../ids';
import type { Command } from '../util/commands';
import { addMissingEntries, type AddMissingResult } from './citationFixes';
import type { HealthParts } from './parts';

export class AddMissingEntriesCommand implements Command {
  readonly id = Commands.addMissingEntries;
  constructor(private readonly parts: HealthParts) {}

  execute(uri?: unknown, keys?: unknown): Promise<AddMissingResult | undefined> {
    const { store, bibliographies, checker, log } = this.parts;
    return addMissingEntries(store, bibliographies, checker, log, uri instanceof vscode.Uri ? uri : undefined, Array.isArray(keys) ? keys : undefined);
  }
}

/** The words a key is made of: `vaswani2017attention` → `vaswani 2017 attention`, `ReAct_2022` → `React 2022`. */
export function keyWords(key: string): string {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/(\d+)/g, ' $1 ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The fix for an undefined key that is near no known key (`\cite{nosuchkey2099}`): what a writer
 * does next is look for the paper they meant. Search Papers opens with the key's words typed, and
 * the paper picked replaces the key (one undo step) and joins the bibliography as Insert Citation's do.
 */
export class SearchForKeyCommand implements Command {
  readonly id = Commands.searchForKey;
  constructor(private readonly parts: HealthParts) {}

  async execute(uri: unknown, range: unknown, key: unknown): Promise<ReplacedKey | undefined> {
    if (!(uri instanceof vscode.Uri && range instanceof vscode.Range && typeof key === 'string')) return undefined;
    const { picker, bibliographies, log } = this.parts;
    const picked = await picker.pick({ title: `Replace ${key} with the paper you meant`, placeholder: 'Search Papers by title, author, topic or key', initialQuery: keyWords(key) });
    const paper = picked?.papers[0];
    return paper && replaceKey(bibliographies, log, uri, range, key, paper);
  }
}
