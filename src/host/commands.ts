import vscode = require('vscode');
import type { GroupBy, SortBy } from '../core/browse/browse';
import { isWebLink } from '../core/corpus/links';
import type { Paper } from '../core/model/paper';
import type { Topic } from '../core/corpus/topics';
import type { Bibliographies } from './bibliography/bibliographies';
import { addMissingEntries } from './health/citationFixes';
import type { CitationDiagnostics } from './health/citationDiagnostics';
import { openEntry } from './bibliography/openEntry';
import { insertCitation, type CitationSettingsReader, type EditorTracker } from './cite/insert';
import type { DetailsPanel } from './browse/details';
import { engine } from './engine/load';
import type { History } from './browse/history';
import { Commands, ContextKeys, Settings } from './ids';
import { pickPapers } from './browse/pick';
import type { ReadingList } from './browse/readingList';
import { PapersUnavailableError, type PaperStore } from './library/store';
import { treeSettings, type PapersTreeProvider, type TreeNode } from './browse/tree';

export interface CommandContext {
  store: PaperStore;
  readingList: ReadingList;
  details: DetailsPanel;
  tree: PapersTreeProvider;
  treeView: vscode.TreeView<TreeNode>;
  topics: readonly Topic[];
  history: History;
  editors: EditorTracker;
  citationSettings: CitationSettingsReader;
  bibliographies: Bibliographies;
  checker: CitationDiagnostics;
  log: vscode.LogOutputChannel;
}

/** What a command may be given: a tree row, a paper, a paper id or key, or nothing (palette). */
export type PaperArgument = TreeNode | Paper | string | undefined;

const PLACEHOLDER = 'Type words of a title, an abstract, a key or an organisation (topic:, org:, year:, has:code, upvotes>N)';

/** Shown to the user as is: the message already says what to do. */
export class UserError extends Error {}

/**
 * Resolves a command's argument to papers. From the palette there is no argument: the
 * paper of the focused details panel if there is one (so keyboard users can act on what
 * they read), else the user picks papers by typing, exactly as in "Search Papers".
 */
export async function resolvePapers(
  { store, details }: Pick<CommandContext, 'store' | 'details'>, arg: PaperArgument, title: string, canPickMany = false,
): Promise<Paper[] | undefined> {
  if (arg === undefined && details.focused) return [details.focused];
  if (arg === undefined) return (await pickPapers(store, { title, placeholder: PLACEHOLDER, canPickMany }))?.papers;
  const library = await store.require();
  const byKey = async (key: string) => {
    const paper = await library.paper(key);
    if (!paper) throw new UserError(`No paper has the id or key "${key}".`);
    return [paper];
  };
  if (typeof arg === 'string') return byKey(arg);
  if ('kind' in arg) return arg.kind === 'paper' ? byKey(arg.row.id) : undefined;
  return [arg];
}

async function resolvePaper(ctx: Pick<CommandContext, 'store' | 'details'>, arg: PaperArgument, title: string): Promise<Paper | undefined> {
  return (await resolvePapers(ctx, arg, title))?.[0];
}

/** Runs a command body, turning failures into messages that say what to do. */
export function guarded<A extends unknown[]>(log: vscode.LogOutputChannel, body: (...args: A) => unknown): (...args: A) => Promise<unknown> {
  return async (...args: A) => {
    try {
      return await body(...args);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof UserError) {
        void vscode.window.showWarningMessage(message);
      } else if (error instanceof PapersUnavailableError) {
        void vscode.window.showErrorMessage(message, 'Show Log', 'Reload Papers').then(choice => {
          if (choice === 'Show Log') log.show();
          if (choice === 'Reload Papers') void vscode.commands.executeCommand(Commands.reloadCorpus);
        });
      } else {
        log.error(error instanceof Error ? error.stack ?? message : message);
        void vscode.window.showErrorMessage(`Papers: ${message}`);
      }
      return undefined;
    }
  };
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
export function showFilterMessage(ctx: Pick<CommandContext, 'tree' | 'treeView'>, matches?: number): void {
  const filter = ctx.tree.activeFilter;
  void vscode.commands.executeCommand('setContext', ContextKeys.filterActive, !!filter);
  if (!filter) {
    ctx.treeView.message = undefined;
    return;
  }
  const count = matches ?? filter.count;
  ctx.treeView.message = count
    ? `Filtered by "${filter.query}": ${count} ${count === 1 ? 'paper' : 'papers'}. Clear the filter to see all.`
    : `No paper matches "${filter.query}"${filter.problems.length ? ` (${filter.problems.join('; ')})` : ''}. Clear the filter to see all papers.`;
}

export function registerCommands(ctx: CommandContext): vscode.Disposable[] {
  const { store, readingList, details, tree, treeView, history, log } = ctx;
  const register = <A extends unknown[]>(id: string, body: (...args: A) => unknown) =>
    vscode.commands.registerCommand(id, guarded(log, body));

  const revealPaper = async (paper: Paper, groupId?: string) => {
    let node = await tree.findPaper(paper.id, groupId);
    if (!node && tree.activeFilter) {
      // Hidden by the filter: the user asked for this paper, so show everything again.
      await tree.clearFilter();
      showFilterMessage(ctx);
      node = await tree.findPaper(paper.id, groupId);
    }
    if (node) await treeView.reveal(node, { select: true, focus: true, expand: true });
  };

  return [
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
      const paper = await resolvePaper(ctx, arg, 'Open Paper Details');
      if (paper) await details.show(paper);
    }),
    register(Commands.insertCitation, async (arg?: PaperArgument) => {
      const editor = await ctx.editors.target();
      let papers: Paper[] | undefined;
      if (arg === undefined && !details.focused) {
        // From the palette: search, starting from the selected words if there are some.
        const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : '';
        const initialQuery = selected.length <= 80 && !selected.includes('\n') ? selected : '';
        const picked = await pickPapers(store, { title: 'Insert Citation', placeholder: `${PLACEHOLDER}. Space ticks several papers.`, initialQuery, canPickMany: true, history });
        papers = picked?.papers;
      } else {
        papers = await resolvePapers(ctx, arg, 'Insert Citation', true);
      }
      if (!papers?.length) return undefined;
      const result = await insertCitation(editor, papers, ctx.citationSettings.get(), log, ctx.bibliographies);
      if (result) for (const p of papers) void history.record(p.id, 'cited');
      return result;
    }),
    register(Commands.addMissingEntries, (uri?: vscode.Uri, keys?: string[]) =>
      addMissingEntries(store, ctx.bibliographies, ctx.checker, log, uri instanceof vscode.Uri ? uri : undefined, Array.isArray(keys) ? keys : undefined)),
    register(Commands.copyBibtex, async (arg?: PaperArgument) => {
      const paper = await resolvePaper(ctx, arg, 'Copy BibTeX');
      if (!paper) return;
      await vscode.env.clipboard.writeText(engine().bibtexEntry(paper));
      vscode.window.setStatusBarMessage(`$(check) Copied the BibTeX entry of ${paper.key}`, 3000);
    }),
    register(Commands.copyKey, async (arg?: PaperArgument) => {
      const paper = await resolvePaper(ctx, arg, 'Copy Citation Key');
      if (!paper) return;
      await vscode.env.clipboard.writeText(paper.key);
      vscode.window.setStatusBarMessage(`$(check) Copied citation key ${paper.key}`, 3000);
    }),
    register(Commands.addToReadingList, async (arg?: PaperArgument) => {
      const paper = await resolvePaper(ctx, arg, 'Add to Reading List');
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
      const paper = await resolvePaper(ctx, arg, 'Remove from Reading List');
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
        showFilterMessage(ctx);
        return;
      }
      const matches = await tree.setFilter(value.trim());
      showFilterMessage(ctx, matches);
      return matches;
    }),
    register(Commands.clearFilter, async () => {
      await tree.clearFilter();
      showFilterMessage(ctx);
    }),
    register(Commands.sortPapers, async (by?: SortBy) => {
      const current = treeSettings().sortBy;
      const value = by ?? (await vscode.window.showQuickPick(SORTS.map(s => ({ ...s, picked: s.value === current, label: `${s.value === current ? '$(check) ' : ''}${s.label}` })), { title: 'Sort Papers By' }))?.value;
      if (value) await updateTreeSetting(Settings.sortBy, value);
    }),
    register(Commands.groupPapers, async (by?: GroupBy) => {
      const current = treeSettings().groupBy;
      const value = by ?? (await vscode.window.showQuickPick(GROUPS.map(g => ({ ...g, label: `${g.value === current ? '$(check) ' : ''}${g.label}` })), { title: 'Group Papers By' }))?.value;
      if (value) await updateTreeSetting(Settings.groupBy, value);
    }),
    register(Commands.revealPaper, async (arg?: PaperArgument) => {
      const paper = await resolvePaper(ctx, arg, 'Reveal Paper in the Papers View');
      if (paper) await revealPaper(paper);
    }),
    register(Commands.revealTopic, async (id?: string) => {
      const topicId = id ?? (await vscode.window.showQuickPick(ctx.topics.map(t => ({ label: t.label, detail: t.description, id: t.id })), { title: 'Reveal Topic in the Papers View' }))?.id;
      if (!topicId) return;
      if (treeSettings().groupBy !== 'topic') await updateTreeSetting(Settings.groupBy, 'topic');
      let group = await tree.findGroup(`topic:${topicId}`);
      if (!group && tree.activeFilter) {
        await tree.clearFilter();
        showFilterMessage(ctx);
        group = await tree.findGroup(`topic:${topicId}`);
      }
      if (!group) throw new UserError(`No topic "${topicId}" in the Papers view.`);
      await treeView.reveal(group, { select: true, focus: true, expand: true });
    }),
    register(Commands.showRelatedPapers, async (arg?: PaperArgument) => {
      const paper = await resolvePaper(ctx, arg, 'Show Related Papers');
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
      const paper = await resolvePaper(ctx, arg, 'Open a Link of a Paper');
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
        paper = await resolvePaper(ctx, arg, 'Go to Entry');
      }
      if (!paper) return;
      const [location] = paper.entries ?? [];
      if (!location) throw new UserError(`"${paper.key}" is not in your bibliography files: it is one of the bundled papers. Cite it to add it to your bibliography.`);
      await openEntry(location);
    }),
    register(Commands.showLog, () => log.show()),
    register(Commands.reloadCorpus, async () => {
      const library = await store.reload();
      if (library) {
        await ctx.bibliographies.reload();
        vscode.window.setStatusBarMessage(`$(check) Loaded ${(await store.require()).size} papers`, 3000);
      } else {
        await store.require();
      }
    }),
  ];
}
