// A fresh profile in a folder the writer has not trusted (Restricted Mode): Papers runs
// (package.json: untrustedWorkspaces "limited"), searches and cites, and reads no file that a folder
// setting names (papers.corpus.files here: mine.txt, a saved page of one paper).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activate, EXTENSION_ID, waitFor, workspaceUri, writeText } from '../helpers';

suite('Restricted Mode (an untrusted folder)', () => {
  test('the folder is not trusted, and Papers is active there', async () => {
    assert.equal(vscode.workspace.isTrusted, false);
    const api = await activate();
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID)?.isActive);
    assert.equal((await api.search('tau bench', { limit: 1 }))[0]?.key, 'tau2Bench');
  });

  test('a fresh install: Search Papers with nothing typed says what to type, not an empty list', async () => {
    const api = await activate();
    void vscode.commands.executeCommand('papers.searchPapers');
    const pick = await waitFor('the paper pick', () => api.testing.pick());
    const rows = await waitFor('the hint', () => pick.items.length > 0 && pick.items);
    assert.deepEqual(rows.map(r => [r.label, r.row]), [['$(search) Type words of a title or abstract, an author or a key', undefined]]);
    assert.match(String(rows[0].detail), /topic:robot/);
    pick.value = 'tau bench';
    await waitFor('rows for tau bench', () => pick.items[0]?.row?.key === 'tau2Bench');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  test('a folder setting that names a file to read is not used: only the bundled papers are loaded', async () => {
    const api = await activate();
    await api.testing.settled();
    // The folder's .vscode/settings.json names mine.txt; Restricted Mode hides that value.
    assert.deepEqual(vscode.workspace.getConfiguration('papers').get('corpus.files'), [], 'the setting comes from the user only');
    const papers = await api.papers();
    assert.ok(!papers.some(p => p.title === 'Quantum Widgets: A First Look'), 'no paper of mine.txt');
    // Beside them, the entries of the workspace's own references.bib (the default bibliography, read as in a trusted folder).
    const own = papers.filter(p => p.id.startsWith('@'));
    assert.ok(own.some(p => p.key === 'russell2020aima'), 'the default bibliography is read');
    assert.equal(papers.length - own.length, 390, 'the bundled papers');
  });

  test('citing works: completion in a LaTeX document offers papers', async () => {
    const uri = workspaceUri('restricted.tex');
    await writeText(uri, 'See \\cite{tau2}.\n');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const items = await waitFor('completion items', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, doc.positionAt(14));
      return list.items.length > 0 && list.items;
    });
    assert.equal(items[0].insertText, 'tau2Bench');
  });
});
