// A fresh window, in which Papers has not run: activation makes the library and registers what
// VS Code calls, and the features' code (dist/features.js) is loaded by the first call that needs
// it, here a completion, which it then answers (src/host/features/load.ts).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PapersApi } from '../../../src/extension';
import { EXTENSION_ID } from '../helpers';

/** A paper's item shows its title, with its key beside it (the key is what it inserts). */
const keyOf = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? undefined : item.label.description);

suite('First use (a fresh window)', () => {
  test('activation makes no feature; the first \\cite{ completion makes them, and its items are the papers', async () => {
    const extension = vscode.extensions.getExtension<PapersApi>(EXTENSION_ID);
    assert.ok(extension);
    assert.equal(extension.isActive, false, 'nothing activated Papers before this test');
    const api = await extension.activate();
    assert.equal(api.featuresMade?.(), false, 'activation made the features');
    const doc = await vscode.workspace.openTextDocument({ language: 'latex', content: 'As shown by \\cite{tau' });
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, doc.positionAt(doc.getText().length));
    assert.equal(api.featuresMade?.(), true);
    assert.ok(list.items.some(item => keyOf(item) === 'tau2Bench'), `the items: ${list.items.slice(0, 5).map(keyOf).join(', ')}…`);
  });

  test('a command registered at activation runs the features\' own: Copy Citation Key of a paper', async () => {
    await vscode.env.clipboard.writeText('');
    const api = await extension().activate();
    const [paper] = await api.search('tau bench', { limit: 1 });
    await vscode.commands.executeCommand('papers.copyKey', paper);
    assert.equal(await vscode.env.clipboard.readText(), paper.key);
  });
});

function extension(): vscode.Extension<PapersApi> {
  const found = vscode.extensions.getExtension<PapersApi>(EXTENSION_ID);
  assert.ok(found);
  return found;
}
