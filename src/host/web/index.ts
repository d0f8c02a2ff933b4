// The web feature: papers fetched from Hugging Face, arXiv, Crossref and doi.org join the library:
// the Daily Papers node and its commands, and Add Paper. Nothing here fetches until the user asks.
import vscode = require('vscode');
import type { ReadingList } from '../browse/readingList';
import type { PaperArgument } from '../browse/resolve';
import type { PapersTreeProvider, TreeNode } from '../browse/tree';
import { Commands, Settings } from '../ids';
import { registerCommand } from '../util/commands';
import { UserError } from '../util/errors';
import { addPaper, addPaperForKey, type AddAction, type AddParts } from './addPaper';
import { useWebSearch } from '../browse/pick';
import { DailyPapers, periodFromText, type DailySort } from './daily';
import { lookUpPaper } from './lookUp';
import { registerPaste } from './paste';
import { removePaper } from './remove';
import { HuggingFaceSearch } from './search';

export { WebPapers } from './papers';

export interface WebParts extends AddParts {
  readingList: ReadingList;
  tree: PapersTreeProvider;
  treeView: vscode.TreeView<TreeNode>;
}

const PERIOD_PROMPT = 'A date (2025-01-15), a week (2025-W03) or a month (2025-01)';

export function registerWeb(parts: WebParts): vscode.Disposable[] {
  const { tree, treeView, log } = parts;
  const daily = new DailyPapers(parts.web, parts.store, log);
  const register = <A extends unknown[]>(id: string, body: (...args: A) => unknown) => registerCommand(log, id, body);
  /** Opens Daily Papers in the view once its papers are in. */
  const reveal = async () => {
    const node = await tree.findDaily();
    if (node) await treeView.reveal(node, { expand: true, focus: false, select: false });
  };
  const restoreKept = () => void parts.web.restore().catch(error => log.warn(`Could not bring back the papers kept from the web: ${(error as Error).message}`));
  // The papers kept in earlier sessions join the library from the global storage, after activation.
  const restore = setTimeout(restoreKept, 0);
  return [
    daily,
    { dispose: () => clearTimeout(restore) },
    parts.details.useWeb(parts.web),
    ...registerPaste(parts),
    // A paper of a day, starred, stays in the library after the day is closed and in the next session.
    parts.readingList.onDidChange(() => void parts.web.keepAmong(parts.readingList.ids()).catch(error => log.warn(`Could not keep a starred paper: ${(error as Error).message}`))),
    tree.setDaily(daily),
    useWebSearch(new HuggingFaceSearch(parts.web)),
    treeView.onDidExpandElement(e => { if (e.element.kind === 'daily') void daily.open(); }),
    // Turned off, the network is not used and what was fetched leaves the library (the cache keeps it).
    vscode.workspace.onDidChangeConfiguration(e => {
      if (!e.affectsConfiguration(`${Settings.section}.${Settings.webEnabled}`)) return;
      if (parts.web.enabled) return restoreKept();
      daily.reset();
      void parts.web.clear().catch(error => log.warn(`Could not take the fetched papers out of the library: ${(error as Error).message}`));
    }),
    register(Commands.addPaper, (text?: string, action?: AddAction) => addPaper(parts, typeof text === 'string' ? text : undefined, action)),
    // `confirmed`: a caller that showed the paper already (a test).
    register(Commands.addPaperForKey, (uri: unknown, range: unknown, key: unknown, text?: unknown) =>
      (uri instanceof vscode.Uri && range instanceof vscode.Range && typeof key === 'string' ? addPaperForKey(parts, uri, range, key, typeof text === 'string' ? text : undefined) : undefined)),
    register(Commands.removePaper, (arg?: PaperArgument) => removePaper(parts, arg)),
    register(Commands.lookUpPaper, (arg?: PaperArgument, confirmed?: boolean) => lookUpPaper(parts, arg, confirmed === true)),
    register(Commands.showDailyPapers, async (text?: string) => {
      if (!daily.enabled) throw new UserError('Papers does not use the network: papers.web.enabled is off. Turn it on to see Daily Papers.');
      const period = typeof text === 'string' ? periodFromText(text) : undefined;
      if (typeof text === 'string' && !period) throw new UserError(`"${text}" is not a date, a week or a month. ${PERIOD_PROMPT}.`);
      // From the palette (or again): the period asked for, or the site's most recent day afresh.
      await daily.show(period);
      await reveal();
      return daily.rows();
    }),
    register(Commands.previousDay, async () => { await daily.step(-1); return daily.rows(); }),
    register(Commands.nextDay, async () => { await daily.step(1); return daily.rows(); }),
    register(Commands.pickDay, async () => {
      const text = await vscode.window.showInputBox({
        title: 'Daily Papers', prompt: PERIOD_PROMPT, value: daily.period?.value ?? '', ignoreFocusOut: true,
        validateInput: value => (!value.trim() || periodFromText(value) ? undefined : `Not a date, a week or a month. ${PERIOD_PROMPT}.`),
      });
      const period = text && periodFromText(text);
      if (!period) return undefined;
      await daily.show(period);
      await reveal();
      return daily.rows();
    }),
    register(Commands.sortDailyPapers, async (sort?: DailySort) => {
      if (sort !== 'upvotes' && sort !== 'date') {
        const items: (vscode.QuickPickItem & { sort: DailySort })[] = [
          { sort: 'upvotes', label: 'Upvotes', description: 'as Hugging Face ranks them' },
          { sort: 'date', label: 'Date', description: 'newest first' },
        ];
        const picked = await vscode.window.showQuickPick(items.map(i => ({ ...i, picked: i.sort === daily.sort })), { title: 'Sort Daily Papers by' });
        if (!picked) return undefined;
        sort = picked.sort;
      }
      daily.sortBy(sort);
      return daily.rows();
    }),
  ];
}
