// The commands of the Daily Papers node: show a period, step a day, pick one, sort.
import vscode = require('vscode');
import { Commands } from '../ids';
import type { Command } from '../util/commands';
import { UserError } from '../util/errors';
import type { DailyRows } from '../common/treeNodes';
import { periodFromText, type DailySort } from './daily';
import type { WebParts } from './parts';

const PERIOD_PROMPT = 'A date (2025-01-15), a week (2025-W03) or a month (2025-01)';

type DailyParts = Pick<WebParts, 'daily' | 'revealDaily'>;

/** From the palette (or again): the period asked for, or the site's most recent day afresh. */
export class ShowDailyPapersCommand implements Command {
  readonly id = Commands.showDailyPapers;
  constructor(private readonly parts: DailyParts) {}

  async execute(text?: unknown): Promise<DailyRows | undefined> {
    const { daily } = this.parts;
    if (!daily.enabled) throw new UserError('Papers does not use the network: papers.web.enabled is off. Turn it on to see Daily Papers.');
    const period = typeof text === 'string' ? periodFromText(text) : undefined;
    if (typeof text === 'string' && !period) throw new UserError(`"${text}" is not a date, a week or a month. ${PERIOD_PROMPT}.`);
    await daily.show(period);
    await this.parts.revealDaily();
    return daily.rows();
  }
}

export class StepDayCommand implements Command {
  constructor(readonly id: string, private readonly parts: DailyParts, private readonly steps: number) {}

  async execute(): Promise<DailyRows | undefined> {
    await this.parts.daily.step(this.steps);
    return this.parts.daily.rows();
  }
}

export class PickDayCommand implements Command {
  readonly id = Commands.pickDay;
  constructor(private readonly parts: DailyParts) {}

  async execute(): Promise<DailyRows | undefined> {
    const { daily } = this.parts;
    const text = await vscode.window.showInputBox({
      title: 'Daily Papers', prompt: PERIOD_PROMPT, value: daily.period?.value ?? '', ignoreFocusOut: true,
      validateInput: value => (!value.trim() || periodFromText(value) ? undefined : `Not a date, a week or a month. ${PERIOD_PROMPT}.`),
    });
    const period = text && periodFromText(text);
    if (!period) return undefined;
    await daily.show(period);
    await this.parts.revealDaily();
    return daily.rows();
  }
}

export class SortDailyPapersCommand implements Command {
  readonly id = Commands.sortDailyPapers;
  constructor(private readonly parts: DailyParts) {}

  async execute(sort?: DailySort): Promise<DailyRows | undefined> {
    const { daily } = this.parts;
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
  }
}

export const dailyCommands = (parts: DailyParts): Command[] => [
  new ShowDailyPapersCommand(parts),
  new StepDayCommand(Commands.previousDay, parts, -1),
  new StepDayCommand(Commands.nextDay, parts, 1),
  new PickDayCommand(parts),
  new SortDailyPapersCommand(parts),
];
