// The commands that bring a paper from the web, or take it out again: Add Paper, its quick fix for
// an undefined key, Look Up, Remove from Library; Suggest Citations and the Semantic Scholar key.
import vscode = require('vscode');
import { resolvePapers, type PaperArgument } from '../common/resolve';
import { Commands } from '../ids';
import type { Command } from '../util/commands';
import { addPaper, addPaperForKey, type AddAction } from './addPaper';
import { lookUpPaper } from './lookUp';
import type { AddParts } from './parts';
import { removePaper } from './remove';
import type { Neighbourhoods } from './neighbourhood';
import type { WebPapers } from './papers';
import type { Suggestions } from './suggestions';
import type { ReadingList } from '../common/readingList';

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

/** Papers: Suggest Citations for This Document. */
export class SuggestCitationsCommand implements Command {
  readonly id = Commands.suggestCitations;
  constructor(private readonly suggestions: Suggestions) {}

  execute() {
    return this.suggestions.run();
  }
}

/** Papers: Set Semantic Scholar API Key…: kept in VS Code's secret storage, never in settings or logs. `key`: a caller's (a test). */
export class SetScholarKeyCommand implements Command {
  readonly id = Commands.setScholarKey;
  constructor(private readonly neighbourhoods: Neighbourhoods) {}

  async execute(key?: unknown) {
    const value = typeof key === 'string' ? key : await vscode.window.showInputBox({
      title: 'Semantic Scholar API Key',
      prompt: 'A key lets Papers ask Semantic Scholar more often (get one free at semanticscholar.org/product/api). It is kept in VS Code\'s secret storage and sent only to papers.web.semanticScholarUrl.',
      password: true,
      ignoreFocusOut: true,
      validateInput: text => (/^\S{8,200}$/.test(text.trim()) ? undefined : 'A key is one word of at least 8 characters.'),
    });
    if (!value?.trim()) return false;
    await this.neighbourhoods.setKey(value.trim());
    vscode.window.setStatusBarMessage('$(key) Papers keeps the Semantic Scholar API key in VS Code\'s secret storage', 4000);
    return true;
  }
}

export class ClearScholarKeyCommand implements Command {
  readonly id = Commands.clearScholarKey;
  constructor(private readonly neighbourhoods: Neighbourhoods) {}

  async execute() {
    await this.neighbourhoods.setKey(undefined);
    vscode.window.setStatusBarMessage('$(key) The Semantic Scholar API key was cleared', 4000);
  }
}

/** Papers: Recommend Papers Like the Reading List. */
export class RecommendForReadingListCommand implements Command {
  readonly id = Commands.recommendForReadingList;
  constructor(private readonly suggestions: Suggestions, private readonly readingList: ReadingList) {}

  execute() {
    return this.suggestions.recommend(this.readingList.ids());
  }
}

/**
 * Papers: Recommend Papers Like These: the papers selected in the Papers view (VS Code hands a
 * command of a row's menu the row, then every row selected), or, from the palette, those picked.
 */
export class RecommendLikeTheseCommand implements Command {
  readonly id = Commands.recommendLikeThese;
  constructor(private readonly parts: AddParts, private readonly suggestions: Suggestions) {}

  async execute(arg?: PaperArgument, selected?: unknown) {
    const rows = Array.isArray(selected) ? selected.flatMap((n: PaperArgument) => (!!n && typeof n === 'object' && 'kind' in n && n.kind === 'paper' ? [n.row.id] : [])) : [];
    const ids = rows.length ? rows : (await resolvePapers(this.parts, arg, 'Recommend Papers Like These', true))?.map(p => p.id);
    if (ids) await this.suggestions.recommend([...new Set(ids)], 'these');
  }
}

/** Opens a page of the Hub (a model, dataset or Space made from a paper, in the Papers view) in the browser: only a page of the Hub's. */
export class OpenOnHubCommand implements Command {
  readonly id = Commands.openOnHub;
  constructor(private readonly web: WebPapers) {}

  async execute(url?: unknown): Promise<boolean> {
    if (typeof url !== 'string' || !url.startsWith(`${this.web.service().urls.huggingFace}/`)) return false;
    return vscode.env.openExternal(vscode.Uri.parse(url, true));
  }
}
