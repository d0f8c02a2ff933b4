import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Paper } from '../../src/core/model/paper';
import { activate, closeAllEditors, waitFor } from './helpers';

type Api = Awaited<ReturnType<typeof activate>>;

function detailsTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap(g => g.tabs)
    .filter(t => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('papers.details'));
}

async function snapshotOf(api: Api, paper: Paper) {
  return waitFor(`the details snapshot of ${paper.key}`, () => {
    const { snapshot } = api.testing.details();
    return snapshot?.id === paper.id && snapshot;
  });
}

suite('Paper details panel', () => {
  let api: Api;
  let papers: readonly Paper[];

  suiteSetup(async () => {
    api = await activate();
    papers = await api.papers();
    await closeAllEditors();
  });

  suiteTeardown(closeAllEditors);

  test('opening a paper sends the webview a snapshot of it, once the webview is ready', async () => {
    const paper = papers.find(p => p.key === 'VerlTool')!;
    await vscode.commands.executeCommand('papers.openPaper', paper.key);
    const snapshot = await snapshotOf(api, paper);
    assert.equal(snapshot.title, paper.title);
    assert.equal(snapshot.abstract, paper.abstract);
    assert.equal(snapshot.key, 'VerlTool');
    assert.deepEqual(snapshot.organization, { handle: 'TIGER-Lab', name: 'TIGER-Lab' });
    assert.equal(snapshot.upvotes, 4);
    assert.equal(snapshot.date, 'Aug 31');
    assert.deepEqual(snapshot.links.map(l => l.url), paper.links);
    assert.deepEqual(snapshot.links.map(l => l.label), paper.links.map(url => url.replace(/^https:\/\//, '').replace(/\/$/, '')), 'each shown as written, without https://');
    assert.equal(snapshot.arxivId, null, 'the saved pages name no arXiv id');
    assert.equal(snapshot.kept, false);
    assert.deepEqual(snapshot.topics.map(t => t.id), paper.topics);
    assert.ok(snapshot.topics.every(t => t.label && t.label !== t.id));
    assert.equal(snapshot.starred, false);
    assert.ok(snapshot.sources.every(s => /^seeds\/.+\.txt:\d+$/.test(s)));
  });

  test('related papers: five, never the paper itself, each a real paper', async () => {
    const paper = papers.find(p => p.key === 'UIR1')!;
    await vscode.commands.executeCommand('papers.openPaper', paper.id);
    const snapshot = await snapshotOf(api, paper);
    assert.equal(snapshot.related.length, 5);
    assert.ok(!snapshot.related.some(r => r.id === paper.id));
    for (const r of snapshot.related) assert.equal((await api.getPaper(r.id))?.key, r.key);
    const related = await Promise.all(snapshot.related.map(r => api.getPaper(r.id)));
    assert.ok(related.filter(p => p?.topics.includes('computer-use')).length >= 3, 'a GUI-agent paper relates mostly to GUI agents');
  });

  test('one panel is reused for every paper', async () => {
    await vscode.commands.executeCommand('papers.openPaper', papers[0].id);
    await vscode.commands.executeCommand('papers.openPaper', papers[1].id);
    await snapshotOf(api, papers[1]);
    assert.equal(detailsTabs().length, 1);
    assert.equal(detailsTabs()[0].label, papers[1].title.length > 40 ? detailsTabs()[0].label : papers[1].title);
  });

  test('starring from a command updates the open panel', async () => {
    const paper = papers[1];
    await vscode.commands.executeCommand('papers.addToReadingList', paper.id);
    await waitFor('the snapshot to show the star', () => api.testing.details().snapshot?.starred === true);
    await vscode.commands.executeCommand('papers.removeFromReadingList', paper.id);
    await waitFor('the snapshot to show no star', () => api.testing.details().snapshot?.starred === false);
  });

  test('an unknown paper gives a message and opens nothing new', async () => {
    await closeAllEditors();
    await vscode.commands.executeCommand('papers.openPaper', 'NoSuchKey1999');
    assert.equal(detailsTabs().length, 0);
  });
});
