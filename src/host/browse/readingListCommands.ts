// Starring papers: the Reading List's two commands.
import vscode = require('vscode');
import { resolvePaper, type PaperArgument } from '../common/resolve';
import { Commands } from '../ids';
import type { Command } from '../util/commands';
import { UserError } from '../util/errors';
import type { BrowseParts } from './parts';

export class AddToReadingListCommand implements Command {
  readonly id = Commands.addToReadingList;
  constructor(private readonly parts: BrowseParts) {}

  async execute(arg?: PaperArgument): Promise<void> {
    const paper = await resolvePaper(this.parts, arg, 'Add to Reading List');
    if (paper) await this.parts.readingList.add(paper.id);
  }
}

/** From the palette: a pick of the starred papers; from a row or the details view: that paper. */
export class RemoveFromReadingListCommand implements Command {
  readonly id = Commands.removeFromReadingList;
  constructor(private readonly parts: BrowseParts) {}

  async execute(arg?: PaperArgument): Promise<void> {
    const { store, readingList } = this.parts;
    const library = await store.require();
    if (arg === undefined) {
      const starred = await library.rows(readingList.ids());
      if (!starred.length) throw new UserError('The reading list is empty. Star a paper to add it.');
      const choice = await vscode.window.showQuickPick(starred.map(row => ({ label: row.title, description: row.key, row })), { title: 'Remove from Reading List' });
      if (choice) await readingList.remove(choice.row.id);
      return;
    }
    const paper = await resolvePaper(this.parts, arg, 'Remove from Reading List');
    if (paper) await readingList.remove(paper.id);
  }
}
