// The browse feature's commands: search, open, the reading list, the Papers view's filter, sort,
// group and reveal, related papers, links, and Go to Entry.
import vscode = require('vscode');
import type { GroupBy, SortBy } from '../../core/browse/browse';
import { isWebLink } from '../../core/corpus/links';
import type { Paper } from '../../core/model/paper';
import type { Topic } from '../../core/corpus/topics';
import { openEntry } from '../bibliography/openEntry';
import { Commands, ContextKeys, Settings } from '../ids';
import type { PaperStore } from '../library/store';
import { registerCommand } from '../util/commands';
import { UserError } from '../util/errors';
import type { DetailsPanel } from './details';
import type { History } from './history';
import { pickPapers } from './pick';
import type { ReadingList } from './readingList';
import { PLACEHOLDER, resolvePaper, type PaperArgument } from './resolve';
import { treeSettings, type PapersTreeProvider, type TreeNode } from './tree';

export interface BrowseParts {
  store: PaperStore;
  details: DetailsPanel;
  readingList: ReadingList;
  history: History;
  tree: PapersTreeProvider;
  treeView: vscode.TreeView<TreeNode>;
  topics: readonly Topic[];
  log: vscode.LogOutputChannel;
}

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

export function registerBrowse(parts: BrowseParts): vscode.Disposable[] {
  const { store, readingList, details, tree, treeView, history, log } = parts;
  const register = <A extends unknown[]>(id: string, body: (...args: A) => unknown) => registerCommand(log, id, body);

  /** Shows `found()` in the tree, clearing a filter that hides it (the user asked for it). */
  const revealing = async <T>(found: () => Promise<T | undefined>): Promise<T | undefined> => {
    let node = await found();
    if (!node && tree.activeFilter) {
      await tree.clearFilter();
      showFilterMessage(parts);
      node = await found();
    }
    return node;
  };

  return [
    tree.onDidChangeTreeData(() => showFilterMessage(parts)),
    register(Commands.searchPapers, async (query?: string) => {
      const picked = await pickPapers(store, { title: 'Search Papers', placeholder: PLACEHOLDER, initialQuery: query, buttons: true, history });
      if (!picked) return;
      const enter = vscode.workspace.getConfiguration(Settings.section).get<string>(Settings.enterAction, 'openDetails');
      const action = picked.action ?? (enter === 'insertCitation' ? 'insertCitation' : 'openDetails');
      const [paper] = picked.papers;
      if (action === 'openDetails') await details.show(paper);
      else await vscode.commands.executeCommand(action === 'insertCitation' ? Commands.insertCitation : Commands.copyBibtex, paper.id);
    }),
    register(Commands.openPaper, async (arg?: PaperArgument) => {
      const paper = await resolvePaper(parts, arg, 'Open Paper Details');
      if (paper) await details.show(paper);
    }),
    register(Commands.addToReadingList, async (arg?: PaperArgument) => {
      const paper = await resolvePaper(parts, arg, 'Add to Reading List');
      if (paper) await readingList.add(paper.id);
    }),
    register(Commands.removeFromReadingList, async (arg?: PaperArgument) => {
      const library = await store.require();
      if (arg === undefined) {
        const starred = await library.rows(readingList.ids());
        if (!starred.length) throw new UserError('The reading list is empty. Star a paper to add it.');
        const choice = await vscode.window.showQuickPick(starred.map(row => ({ label: row.title, description: row.key, row })), { title: 'Remove from Reading List' });
        if (choice) await readingList.remove(choice.row.id);
        return;
      }
      const paper = await resolvePaper(parts, arg, 'Remove from Reading List');
      if (paper) await readingList.remove(paper.id);
    }),
    register(Commands.filterPapers, async (query?: string) => {
      const value = query ?? await vscode.window.showInputBox({
        title: 'Filter Papers',
        prompt: 'Show only papers matching these words (same search as Search Papers)',
        value: tree.activeFilter?.query ?? '',
        placeHolder: 'e.g. gui agents, tool use, grpo',
      });
      if (value === undefined) return;
      if (!value.trim()) {
        await tree.clearFilter();
        showFilterMessage(parts);
        return;
      }
      const matches = await tree.setFilter(value.trim());
      showFilterMessage(parts, matches);
      return matches;
    }),
    register(Commands.clearFilter, async () => {
      await tree.clearFilter();
      showFilterMessage(parts);
    }),
    register(Commands.sortPapers, async (by?: SortBy) => {
      const current = treeSettings().sortBy;
      const value = by ?? (await vscode.window.showQuickPick(SORTS.map(s => ({ ...s, picked: s.value === current, label: `${s.value === current ? '$(check) ' : ''}${s.label}` })), { title: 'Sort Papers By' }))?.value;
      if (value) await updateTreeSetting(Settings.sortBy, value);
    }),
    register(Commands.groupPapers, async (by?: GroupBy) => {
      const current = treeSettings().groupBy;
      // Daily Papers is a node of its own beside the groups (src/host/web): choosing it opens it.
      const daily = vscode.workspace.getConfiguration(Settings.section).get<boolean>(Settings.webEnabled, true)
        ? [{ value: 'daily' as const, label: 'Daily Papers', description: 'the papers of a day on Hugging Face, beside the groups' }] : [];
      const value = by ?? (await vscode.window.showQuickPick([...GROUPS, ...daily].map(g => ({ ...g, label: `${g.value === current ? '$(check) ' : ''}${g.label}` })), { title: 'Group Papers By' }))?.value;
      if (value === 'daily') await vscode.commands.executeCommand(Commands.showDailyPapers);
      else if (value) await updateTreeSetting(Settings.groupBy, value);
    }),
    register(Commands.revealPaper, async (arg?: PaperArgument) => {
      const paper = await resolvePaper(parts, arg, 'Reveal Paper in the Papers View');
      if (!paper) return;
      const node = await revealing(() => tree.findPaper(paper.id));
      if (node) await treeView.reveal(node, { select: true, focus: true, expand: true });
    }),
    register(Commands.revealTopic, async (id?: string) => {
      const topicId = id ?? (await vscode.window.showQuickPick(parts.topics.map(t => ({ label: t.label, detail: t.description, id: t.id })), { title: 'Reveal Topic in the Papers View' }))?.id;
      if (!topicId) return;
      if (treeSettings().groupBy !== 'topic') await updateTreeSetting(Settings.groupBy, 'topic');
      const group = await revealing(() => tree.findGroup(`topic:${topicId}`));
      if (!group) throw new UserError(`No topic "${topicId}" in the Papers view.`);
      await treeView.reveal(group, { select: true, focus: true, expand: true });
    }),
    register(Commands.showRelatedPapers, async (arg?: PaperArgument) => {
      const paper = await resolvePaper(parts, arg, 'Show Related Papers');
      if (!paper) return;
      const library = await store.require();
      const related = await library.related(paper.id);
      const choice = await vscode.window.showQuickPick(related.map(row => ({ label: row.title, description: row.key, row })), {
        title: `Papers related to ${paper.key}`, matchOnDescription: true,
      });
      const chosen = choice && await library.paper(choice.row.id);
      if (chosen) await details.show(chosen);
    }),
    register(Commands.openLink, async (arg?: PaperArgument) => {
      const paper = await resolvePaper(parts, arg, 'Open a Link of a Paper');
      if (!paper) return;
      if (!paper.links.length) throw new UserError(`"${paper.title}" gives no link in its abstract.`);
      const url = paper.links.length === 1 ? paper.links[0]
        : await vscode.window.showQuickPick(paper.links, { title: `Links of ${paper.key}` });
      if (url && isWebLink(url)) await vscode.env.openExternal(vscode.Uri.parse(url, true));
    }),
    register(Commands.goToEntry, async (arg?: PaperArgument) => {
      if (arg && typeof arg === 'object' && 'kind' in arg && arg.kind === 'file') {
        await vscode.window.showTextDocument(vscode.Uri.parse(arg.file.uri));
        return;
      }
      let paper: Paper | undefined;
      if (arg === undefined && !details.focused) {
        const picked = await pickPapers(store, { title: 'Go to Entry', placeholder: 'Type words of a title, an author, a venue or a key of your bibliography', withEntry: true });
        paper = picked?.papers[0];
      } else {
        paper = await resolvePaper(parts, arg, 'Go to Entry');
      }
      if (!paper) return;
      const [location] = paper.entries ?? [];
      if (!location) throw new UserError(`"${paper.key}" is not in your bibliography files: it is one of the bundled papers. Cite it to add it to your bibliography.`);
      await openEntry(location);
    }),
  ];
}
