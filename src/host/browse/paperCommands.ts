// The commands on a paper: search, open its details, its related papers, its links, its entry.
import vscode = require('vscode');
import { isWebLink } from '../../core/corpus/links';
import type { Paper } from '../../core/model/paper';
import { openEntry } from '../bibliography/openEntry';
import { PLACEHOLDER, resolvePaper, type PaperArgument } from '../common/resolve';
import { Commands, Settings } from '../ids';
import type { Command } from '../util/commands';
import { UserError } from '../util/errors';
import type { BrowseParts } from './parts';

/** Search Papers: the pick with its buttons; Enter does what `papers.search.enterAction` says. */
export class SearchPapersCommand implements Command {
  readonly id = Commands.searchPapers;
  constructor(private readonly parts: BrowseParts) {}

  async execute(query?: string): Promise<void> {
    const { picker, details, history } = this.parts;
    const picked = await picker.pick({ title: 'Search Papers', placeholder: PLACEHOLDER, initialQuery: query, buttons: true, history });
    if (!picked) return;
    const enter = vscode.workspace.getConfiguration(Settings.section).get<string>(Settings.enterAction, 'openDetails');
    const action = picked.action ?? (enter === 'insertCitation' ? 'insertCitation' : 'openDetails');
    const [paper] = picked.papers;
    if (action === 'openDetails') await details.show(paper);
    else await vscode.commands.executeCommand(action === 'insertCitation' ? Commands.insertCitation : Commands.copyBibtex, paper.id);
  }
}

export class OpenPaperCommand implements Command {
  readonly id = Commands.openPaper;
  constructor(private readonly parts: BrowseParts) {}

  async execute(arg?: PaperArgument): Promise<void> {
    const paper = await resolvePaper(this.parts, arg, 'Open Paper Details');
    if (paper) await this.parts.details.show(paper);
  }
}

export class ShowRelatedPapersCommand implements Command {
  readonly id = Commands.showRelatedPapers;
  constructor(private readonly parts: BrowseParts) {}

  async execute(arg?: PaperArgument): Promise<void> {
    const paper = await resolvePaper(this.parts, arg, 'Show Related Papers');
    if (!paper) return;
    const library = await this.parts.store.require();
    const related = await library.related(paper.id);
    const choice = await vscode.window.showQuickPick(related.map(row => ({ label: row.title, description: row.key, row })), {
      title: `Papers related to ${paper.key}`, matchOnDescription: true,
    });
    const chosen = choice && await library.paper(choice.row.id);
    if (chosen) await this.parts.details.show(chosen);
  }
}

export class OpenLinkCommand implements Command {
  readonly id = Commands.openLink;
  constructor(private readonly parts: BrowseParts) {}

  async execute(arg?: PaperArgument): Promise<void> {
    const paper = await resolvePaper(this.parts, arg, 'Open a Link of a Paper');
    if (!paper) return;
    if (!paper.links.length) throw new UserError(`"${paper.title}" gives no link in its abstract.`);
    const url = paper.links.length === 1 ? paper.links[0]
      : await vscode.window.showQuickPick(paper.links, { title: `Links of ${paper.key}` });
    if (url && isWebLink(url)) await vscode.env.openExternal(vscode.Uri.parse(url, true));
  }
}

/** Go to Entry: a paper's entry in the writer's bibliography, or a bibliography file of the view. */
export class GoToEntryCommand implements Command {
  readonly id = Commands.goToEntry;
  constructor(private readonly parts: BrowseParts) {}

  async execute(arg?: PaperArgument): Promise<void> {
    if (arg && typeof arg === 'object' && 'kind' in arg && arg.kind === 'file') {
      await vscode.window.showTextDocument(vscode.Uri.parse(arg.file.uri));
      return;
    }
    let paper: Paper | undefined;
    if (arg === undefined && !this.parts.details.focused) {
      const picked = await this.parts.picker.pick({ title: 'Go to Entry', placeholder: 'Type words of a title, an author, a venue or a key of your bibliography', withEntry: true });
      paper = picked?.papers[0];
    } else {
      paper = await resolvePaper(this.parts, arg, 'Go to Entry');
    }
    if (!paper) return;
    const [location] = paper.entries ?? [];
    if (!location) throw new UserError(`"${paper.key}" is not in your bibliography files: it is one of the bundled papers. Cite it to add it to your bibliography.`);
    await openEntry(location);
  }
}
