// The Papers view's title-bar commands: filter, sort and group it, and reveal a paper or a topic in it.
import vscode = require('vscode');
import type { GroupBy, SortBy } from '../../core/browse/browse';
import { resolvePaper, type PaperArgument } from '../common/resolve';
import type { NeighboursNode } from '../common/treeNodes';
import { Commands, ContextKeys, Settings } from '../ids';
import type { Command } from '../util/commands';
import { UserError } from '../util/errors';
import type { BrowseParts } from './parts';
import { treeSettings } from './tree';

const SORTS: { value: SortBy; label: string; description: string }[] = [
  { value: 'upvotes', label: 'Upvotes', description: 'most upvoted first' },
  { value: 'date', label: 'Date', description: 'newest first' },
  { value: 'title', label: 'Title', description: 'A to Z' },
];
const GROUPS: { value: GroupBy; label: string; description: string }[] = [
  { value: 'topic', label: 'Topic', description: 'a paper appears under each of its topics' },
  { value: 'organization', label: 'Organisation', description: 'as printed on the page' },
  { value: 'source', label: 'Source page', description: 'the saved page each paper came from' },
];

async function updateTreeSetting(name: string, value: string): Promise<void> {
  await vscode.workspace.getConfiguration(Settings.section).update(name, value, vscode.ConfigurationTarget.Global);
}

/** Keeps the view's message in step with the filter, so the user always sees why rows are missing. */
export function showFilterMessage({ tree, treeView }: Pick<BrowseParts, 'tree' | 'treeView'>, matches?: number): void {
  const filter = tree.activeFilter;
  void vscode.commands.executeCommand('setContext', ContextKeys.filterActive, !!filter);
  if (!filter) {
    treeView.message = undefined;
    return;
  }
  const count = matches ?? filter.count;
  treeView.message = count
    ? `Filtered by "${filter.query}": ${count} ${count === 1 ? 'paper' : 'papers'}. Clear the filter to see all.`
    : `No paper matches "${filter.query}"${filter.problems.length ? ` (${filter.problems.join('; ')})` : ''}. Clear the filter to see all papers.`;
}

/** Shows `found()` in the tree, clearing a filter that hides it (the user asked for it). */
async function revealing<T>(parts: BrowseParts, found: () => Promise<T | undefined>): Promise<T | undefined> {
  let node = await found();
  if (!node && parts.tree.activeFilter) {
    await parts.tree.clearFilter();
    showFilterMessage(parts);
    node = await found();
  }
  return node;
}

export class FilterPapersCommand implements Command {
  readonly id = Commands.filterPapers;
  constructor(private readonly parts: BrowseParts) {}

  async execute(query?: string): Promise<number | undefined> {
    const { tree } = this.parts;
    const value = query ?? await vscode.window.showInputBox({
      title: 'Filter Papers',
      prompt: 'Show only papers matching these words (same search as Search Papers)',
      value: tree.activeFilter?.query ?? '',
      placeHolder: 'e.g. gui agents, tool use, grpo',
    });
    if (value === undefined) return undefined;
    if (!value.trim()) {
      await tree.clearFilter();
      showFilterMessage(this.parts);
      return undefined;
    }
    const matches = await tree.setFilter(value.trim());
    showFilterMessage(this.parts, matches);
    return matches;
  }
}

export class ClearFilterCommand implements Command {
  readonly id = Commands.clearFilter;
  constructor(private readonly parts: BrowseParts) {}

  async execute(): Promise<void> {
    await this.parts.tree.clearFilter();
    showFilterMessage(this.parts);
  }
}

export class SortPapersCommand implements Command {
  readonly id = Commands.sortPapers;

  async execute(by?: SortBy): Promise<void> {
    const current = treeSettings().sortBy;
    const value = by ?? (await vscode.window.showQuickPick(SORTS.map(s => ({ ...s, picked: s.value === current, label: `${s.value === current ? '$(check) ' : ''}${s.label}` })), { title: 'Sort Papers By' }))?.value;
    if (value) await updateTreeSetting(Settings.sortBy, value);
  }
}

export class GroupPapersCommand implements Command {
  readonly id = Commands.groupPapers;

  async execute(by?: GroupBy): Promise<void> {
    const current = treeSettings().groupBy;
    // Daily Papers is a node of its own beside the groups (src/host/web): choosing it opens it.
    const daily = vscode.workspace.getConfiguration(Settings.section).get<boolean>(Settings.webEnabled, true)
      ? [{ value: 'daily' as const, label: 'Daily Papers', description: 'the papers of a day on Hugging Face, beside the groups' }] : [];
    const value = by ?? (await vscode.window.showQuickPick([...GROUPS, ...daily].map(g => ({ ...g, label: `${g.value === current ? '$(check) ' : ''}${g.label}` })), { title: 'Group Papers By' }))?.value;
    if (value === 'daily') await vscode.commands.executeCommand(Commands.showDailyPapers);
    else if (value) await updateTreeSetting(Settings.groupBy, value);
  }
}

export class RevealPaperCommand implements Command {
  readonly id = Commands.revealPaper;
  constructor(private readonly parts: BrowseParts) {}

  async execute(arg?: PaperArgument): Promise<void> {
    const paper = await resolvePaper(this.parts, arg, 'Reveal Paper in the Papers View');
    if (!paper) return;
    const node = await revealing(this.parts, () => this.parts.tree.findPaper(paper.id));
    if (node) await this.parts.treeView.reveal(node, { select: true, focus: true, expand: true });
  }
}

export class RevealTopicCommand implements Command {
  readonly id = Commands.revealTopic;
  constructor(private readonly parts: BrowseParts) {}

  async execute(id?: string): Promise<void> {
    const topicId = id ?? (await vscode.window.showQuickPick(this.parts.topics.map(t => ({ label: t.label, detail: t.description, id: t.id })), { title: 'Reveal Topic in the Papers View' }))?.id;
    if (!topicId) return;
    if (treeSettings().groupBy !== 'topic') await updateTreeSetting(Settings.groupBy, 'topic');
    const group = await revealing(this.parts, () => this.parts.tree.findGroup(`topic:${topicId}`));
    if (!group) throw new UserError(`No topic "${topicId}" in the Papers view.`);
    await this.parts.treeView.reveal(group, { select: true, focus: true, expand: true });
  }
}

/** "Show more…" and "try again" under a paper's neighbours in the view (not in the palette: it needs the node). */
export class MoreNeighboursCommand implements Command {
  readonly id = Commands.moreNeighbours;
  constructor(private readonly parts: BrowseParts) {}

  async execute(node?: NeighboursNode): Promise<void> {
    if (node?.kind === 'neighbours') await this.parts.tree.moreNeighbours(node);
  }
}
