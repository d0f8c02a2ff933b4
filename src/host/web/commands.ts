// The commands that bring a paper from the web, or take it out again: Add Paper, its quick fix for
// an undefined key, Look Up, Remove from Library.
import vscode = require('vscode');
import type { PaperArgument } from '../common/resolve';
import { Commands } from '../ids';
import type { Command } from '../util/commands';
import { addPaper, addPaperForKey, type AddAction } from './addPaper';
import { lookUpPaper } from './lookUp';
import type { AddParts } from './parts';
import { removePaper } from './remove';

export class AddPaperCommand implements Command {
  readonly id = Commands.addPaper;
  constructor(private readonly parts: AddParts) {}

  execute(text?: unknown, action?: AddAction) {
    return addPaper(this.parts, typeof text === 'string' ? text : undefined, action);
  }
}

/** The quick fix "Add a Paper by arXiv Id or DOI for …": `text`, from a caller that showed the paper already (a test). */
export class AddPaperForKeyCommand implements Command {
  readonly id = Commands.addPaperForKey;
  constructor(private readonly parts: AddParts) {}

  execute(uri: unknown, range: unknown, key: unknown, text?: unknown) {
    if (!(uri instanceof vscode.Uri && range instanceof vscode.Range && typeof key === 'string')) return undefined;
    return addPaperForKey(this.parts, uri, range, key, typeof text === 'string' ? text : undefined);
  }
}

export class RemovePaperCommand implements Command {
  readonly id = Commands.removePaper;
  constructor(private readonly parts: AddParts) {}

  execute(arg?: PaperArgument) {
    return removePaper(this.parts, arg);
  }
}

/** Look Up Paper; `confirmed`: a caller that showed the paper already (a test). */
export class LookUpPaperCommand implements Command {
  readonly id = Commands.lookUpPaper;
  constructor(private readonly parts: AddParts) {}

  execute(arg?: PaperArgument, confirmed?: unknown) {
    return lookUpPaper(this.parts, arg, confirmed === true);
  }
}
