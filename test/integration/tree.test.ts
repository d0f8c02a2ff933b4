import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Paper } from '../../src/core/model/paper';
import { compareText } from '../../src/core/util/text';
import type { GroupNode, PaperNode, TreeNode } from '../../src/host/common/treeNodes';
import { activate, setSetting, waitFor } from './helpers';

type Api = Awaited<ReturnType<typeof activate>>;

/** The groups of corpus papers (topics, organisations, source pages), below the Bibliography node. */
async function roots(api: Api): Promise<GroupNode[]> {
  return (await api.testing.tree.getChildren()).filter((n): n is GroupNode => n.kind === 'group');
}

/** Every paper row: under the groups, and under the Bibliography node's files. */
async function everyPaperNode(api: Api): Promise<PaperNode[]> {
  const nodes: PaperNode[] = [];
  const walk = async (node?: TreeNode): Promise<void> => {
    for (const child of await api.testing.tree.getChildren(node)) {
      if (child.kind === 'paper') nodes.push(child);
      else await walk(child);
    }
  };
  await walk();
  return nodes;
}

/** The paper rows under a group, as the view asks for them when the group opens. */
async function childrenOf(api: Api, group: GroupNode): Promise<PaperNode[]> {
  return (await api.testing.tree.getChildren(group)) as PaperNode[];
}

function items(api: Api, nodes: TreeNode[]): vscode.TreeItem[] {
  return nodes.map(n => api.testing.tree.getTreeItem(n));
}

suite('Papers view (tree)', () => {
  let api: Api;
  let papers: readonly Paper[];

  suiteSetup(async () => {
    api = await activate();
    await api.testing.settled();
    // The corpus papers: those only the workspace's bibliography has are under its file, not in these groups.
    papers = (await api.papers()).filter(p => !p.id.startsWith('@'));
    await setSetting('tree.groupBy', 'topic');
    await setSetting('tree.sortBy', 'upvotes');
    await vscode.commands.executeCommand('papers.clearFilter');
  });

  suiteTeardown(async () => {
    await setSetting('tree.groupBy', undefined);
    await setSetting('tree.sortBy', undefined);
    await vscode.commands.executeCommand('papers.clearFilter');
  });

  test('lists topics with their paper counts, matching the corpus', async () => {
    const groups = await roots(api);
    assert.ok(groups.length >= 10 && groups.length <= 16, `${groups.length} topics`);
    for (const [group, item] of groups.map((g, i) => [g, items(api, groups)[i]] as const)) {
      const topicId = group.id.replace(/^topic:/, '');
      const expected = papers.filter(p => p.topics.includes(topicId)).length;
      assert.equal((await childrenOf(api, group)).length, expected, `${group.group.label} has ${expected} papers`);
      assert.equal(group.group.count, expected);
      assert.equal(item.description, String(expected));
      assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    }
  });

  test('every paper is under each of its topics, with its key in the description', async () => {
    const groups = await roots(api);
    for (const paper of papers) {
      for (const topic of paper.topics) {
        const group = groups.find(g => g.id === `topic:${topic}`);
        assert.ok(group, `topic ${topic} is shown`);
        const node = (await childrenOf(api, group)).find(c => c.row.id === paper.id);
        assert.ok(node, `${paper.key} is under ${topic}`);
        assert.equal(api.testing.tree.getParent(node), group, 'getParent gives the group');
      }
    }
    const [first] = await childrenOf(api, (await roots(api))[0]);
    const item = api.testing.tree.getTreeItem(first);
    assert.equal(item.label, first.row.title);
    assert.ok(String(item.description).startsWith(first.row.key));
    const resolved = await api.testing.tree.resolveTreeItem(item, first);
    assert.ok(resolved.tooltip instanceof vscode.MarkdownString && resolved.tooltip.value.includes(first.row.key), 'the tooltip comes when asked');
    assert.deepEqual(item.command?.arguments, [first.row.id]);
  });

  test('sorting by upvotes, date and title, and the choice persists in settings', async () => {
    const byId = new Map(papers.map(p => [p.id, p]));
    const children = async () => (await childrenOf(api, (await roots(api))[0])).map(c => byId.get(c.row.id)!);
    await vscode.commands.executeCommand('papers.sortPapers', 'title');
    let list = await waitFor('sorted by title', async () => {
      const l = await children();
      return l.every((p, i) => i === 0 || compareText(l[i - 1].title, p.title) <= 0) && l;
    });
    assert.equal(vscode.workspace.getConfiguration('papers').get('tree.sortBy'), 'title');
    await vscode.commands.executeCommand('papers.sortPapers', 'upvotes');
    list = await waitFor('sorted by upvotes', async () => {
      const l = await children();
      return l.every((p, i) => i === 0 || (l[i - 1].upvotes ?? -1) >= (p.upvotes ?? -1)) && l;
    });
    assert.ok(list.length > 1);
    await vscode.commands.executeCommand('papers.sortPapers', 'date');
    await waitFor('sorted by date', async () => vscode.workspace.getConfiguration('papers').get('tree.sortBy') === 'date');
  });

  test('grouping by organisation and by source page', async () => {
    await vscode.commands.executeCommand('papers.groupPapers', 'organization');
    const byOrg = await waitFor('grouped by organisation', async () => { const g = await roots(api); return g[0]?.id.startsWith('org:') && g; });
    assert.equal(byOrg.at(-1)!.group.label, 'No organisation');
    assert.equal(byOrg.reduce((n, g) => n + g.group.count, 0), papers.length, 'each paper once');
    const apple = byOrg.find(g => g.id === 'org:apple');
    assert.ok(apple && (await childrenOf(api, apple)).length === papers.filter(p => p.organization?.handle === 'apple').length);

    await vscode.commands.executeCommand('papers.groupPapers', 'source');
    const bySource = await waitFor('grouped by source page', async () => { const g = await roots(api); return g[0]?.id.startsWith('source:') && g; });
    assert.equal(bySource.length, 5);
    assert.ok(bySource.every(g => /^00[0-4]_[0-9a-f]+\.txt$/.test(g.group.label)));
    assert.equal(vscode.workspace.getConfiguration('papers').get('tree.groupBy'), 'source');
    await vscode.commands.executeCommand('papers.groupPapers', 'topic');
    await waitFor('grouped by topic', async () => (await roots(api))[0]?.id.startsWith('topic:'));
  });

  test('the filter shows only matching papers, says so, and clears', async () => {
    const matches = await vscode.commands.executeCommand<number>('papers.filterPapers', 'tool calling');
    assert.ok(matches && matches > 0);
    const expected = new Set((await api.search('tool calling', { limit: 1000, allWords: true })).map(p => p.id));
    assert.ok(expected.size < (await api.search('tool calling', { limit: 1000 })).length, 'papers with only one of the words are left out');
    const shown = new Set((await everyPaperNode(api)).map(c => c.row.id));
    assert.deepEqual([...shown].sort(), [...expected].sort());
    assert.match(api.testing.treeView.message ?? '', /Filtered by "tool calling"/);

    const none = await vscode.commands.executeCommand<number>('papers.filterPapers', 'zzqxv wwkkj');
    assert.equal(none, 0);
    assert.deepEqual(await roots(api), []);
    assert.match(api.testing.treeView.message ?? '', /No paper matches "zzqxv wwkkj"/);

    await vscode.commands.executeCommand('papers.filterPapers', 'agents topic:nonsense');
    assert.match(api.testing.treeView.message ?? '', /No paper matches "agents topic:nonsense" \(no topic matches "nonsense"\)/);
    await vscode.commands.executeCommand('papers.filterPapers', 'topic:tool-use year:2024');
    const byId = new Map(papers.map(p => [p.id, p]));
    const filtered = (await everyPaperNode(api)).map(c => byId.get(c.row.id)!);
    assert.ok(filtered.length > 0 && filtered.every(p => p.topics.includes('tool-use') && p.year === 2024));

    await vscode.commands.executeCommand('papers.clearFilter');
    assert.equal(api.testing.treeView.message, undefined);
    const groups = await roots(api);
    const counts = groups.map(g => `${g.id}=${g.group.count}/${papers.filter(p => p.topics.includes(g.id.slice(6))).length}`);
    assert.equal(groups.reduce((n, g) => n + g.group.count, 0), papers.reduce((n, p) => n + p.topics.length, 0), counts.join(' '));
  });

  test('reveal selects any paper in the tree, even one hidden by a filter', async () => {
    const target = papers.find(p => p.key === 'tau2Bench')!;
    await vscode.commands.executeCommand('papers.filterPapers', 'robot manipulation');
    await vscode.commands.executeCommand('papers.revealPaper', target.key);
    const selected = await waitFor('the revealed paper is selected', () => api.testing.treeView.selection[0] as PaperNode | undefined);
    assert.equal(selected.kind, 'paper');
    assert.equal(selected.row.id, target.id);
    assert.equal(api.testing.tree.activeFilter, undefined, 'the filter that hid it was cleared');
  });

  test('reveal a topic expands and selects its group', async () => {
    await vscode.commands.executeCommand('papers.revealTopic', 'tool-use');
    const selected = await waitFor('the topic is selected', () => api.testing.treeView.selection[0] as GroupNode | undefined);
    assert.equal(selected.id, 'topic:tool-use');
  });

  test('the reading list: star, see it in its own view, unstar', async () => {
    const [a, b] = papers;
    await vscode.commands.executeCommand('papers.addToReadingList', a.id);
    await vscode.commands.executeCommand('papers.addToReadingList', b.key);
    const listed = (await api.testing.readingList.getChildren()) as PaperNode[];
    assert.deepEqual(listed.map(n => n.row.id), [b.id, a.id], 'newest first');
    const row = (await everyPaperNode(api)).find(c => c.row.id === a.id)!;
    assert.equal(api.testing.tree.getTreeItem(row).contextValue, 'paper starred');
    await vscode.commands.executeCommand('papers.removeFromReadingList', a.id);
    await vscode.commands.executeCommand('papers.removeFromReadingList', b.id);
    assert.deepEqual(await api.testing.readingList.getChildren(), []);
    assert.equal(api.testing.tree.getTreeItem(row).contextValue, 'paper');
  });

  test('before the papers have loaded, the view shows the bundled papers\' topics with their counts, as the library does once in', async () => {
    const loaded = (await roots(api)).map(g => [g.id, g.group.label, g.group.count]);
    // Reload Papers sets the papers aside and reads them again from the disk: the view is asked for its top meanwhile.
    const reloading = Promise.resolve(vscode.commands.executeCommand('papers.reloadCorpus'));
    const deadline = Date.now() + 10_000;
    while (api.testing.libraryLoaded() && Date.now() < deadline) await new Promise(resolve => setTimeout(resolve, 1));
    assert.equal(api.testing.libraryLoaded(), false, 'the papers were set aside');
    api.testing.tree.refresh();
    const early = await roots(api);
    const before = !api.testing.libraryLoaded();
    await reloading;
    await api.testing.settled();
    assert.ok(before, 'the topics came before the library had loaded');
    assert.deepEqual(early.map(g => [g.id, g.group.label, g.group.count]), loaded, 'the same topics and counts');
    assert.deepEqual((await roots(api)).map(g => [g.id, g.group.label, g.group.count]), loaded);
  });
});
