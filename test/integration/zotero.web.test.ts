// The Zotero library in VS Code for the web: localhost there is not the writer's computer, so
// Papers never asks Zotero, and says so once when the writer turns it on, and on the Papers view's Zotero node.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NoteNode, ZoteroNode } from '../../src/host/common/treeNodes';
import { activate, setSetting, waitFor } from './helpers';

suite('Zotero library in VS Code for the web', () => {
  test('turned on, Zotero is said to be out of reach from the web, once, and the library is as it was', async () => {
    const api = await activate();
    // Searched once the full text is indexed: the same search before and after compares like with like.
    await api.testing.settled();
    const papers = (await api.search('agents', { limit: 5 })).map(p => p.key);
    try {
      await setSetting('zotero.enabled', true);
      await waitFor('what the writer is told', () => (api.testing.zotero().problem === 'web' ? true : undefined));
      await vscode.commands.executeCommand('papers.refreshZotero');
      const { told, items } = api.testing.zotero();
      assert.equal(told.length, 1, told.join(' | '));
      assert.match(told[0], /not available in VS Code for the Web: Zotero runs on your computer/);
      assert.equal(items, 0);
      assert.deepEqual((await api.search('agents', { limit: 5 })).map(p => p.key), papers);
      const node = await waitFor('the Zotero node', async () => (await api.testing.tree.getChildren()).find((n): n is ZoteroNode => n.kind === 'zotero'));
      assert.equal(api.testing.tree.getTreeItem(node).description, 'not in the browser');
      const [note] = (await api.testing.tree.getChildren(node)) as NoteNode[];
      assert.equal(note.label, told[0]);
      await setSetting('zotero.enabled', undefined);
      assert.deepEqual(await api.testing.zoteroPrompt('Turn On'), { result: 'not asked', asked: [] }, 'never looked for from the browser');
    } finally {
      await setSetting('zotero.enabled', undefined);
    }
  });
});
