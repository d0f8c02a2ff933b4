// The extension shell in a real extension host: activation, the manifest's commands, the API.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PapersApi } from '../../src/extension';

const EXTENSION_ID = 'paperslab.papers-vscode';

interface ManifestCommand { command: string }

suite('Extension shell (real extension host)', () => {
  let extension: vscode.Extension<PapersApi>;
  let api: PapersApi;

  suiteSetup(async () => {
    const found = vscode.extensions.getExtension<PapersApi>(EXTENSION_ID);
    assert.ok(found, `${EXTENSION_ID} is not loaded in this extension host`);
    extension = found;
    api = await extension.activate();
  });

  test('activates and returns the API', () => {
    assert.ok(extension.isActive);
    for (const method of ['search', 'getPaper', 'papers'] as const) assert.equal(typeof api[method], 'function', method);
  });

  test('every command in the manifest is registered', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const manifest: ManifestCommand[] = extension.packageJSON.contributes.commands;
    assert.ok(manifest.length > 0);
    assert.deepEqual(manifest.map(c => c.command).filter(id => !registered.has(id)), []);
  });

  test('every registered papers.* command is in the manifest', async () => {
    const { commands, views } = extension.packageJSON.contributes as { commands: ManifestCommand[]; views: Record<string, { id: string }[]> };
    const manifest = new Set(commands.map(c => c.command));
    // VS Code itself registers <view id>.focus, .resetViewLocation, … for every contributed view.
    const viewIds = Object.values(views).flat().map(view => `${view.id}.`);
    const ours = (await vscode.commands.getCommands(true))
      .filter(id => id.startsWith('papers.') && !viewIds.some(prefix => id.startsWith(prefix)));
    assert.ok(ours.length > 0);
    assert.deepEqual(ours.filter(id => !manifest.has(id)), []);
  });

  test('papers() returns every bundled paper, in corpus order', async () => {
    // Read through VS Code, as on the web there is no file system but the workbench's.
    const corpusFile = vscode.Uri.joinPath(extension.extensionUri, 'dist', 'corpus.json');
    const corpus: { papers: { id: string }[] } = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(corpusFile)));
    await api.testing!.settled();
    const papers = await api.papers();
    // The five seed pages hold 454 entries, 390 of them distinct papers; entries of the
    // workspace's own bibliography that the corpus does not have come after them.
    assert.deepEqual(papers.slice(0, 390).map(p => p.id), corpus.papers.map(p => p.id));
    assert.ok(papers.slice(390).every(p => p.id.startsWith('@') && p.entries?.length), 'the rest are bibliography entries');
    assert.ok(papers.some(p => p.key === 'russell2020aima'), 'references.bib of the sample workspace is read');
  });

  test("search('tau bench') ranks the τ²-Bench paper first and honours the limit", async () => {
    const hits = await api.search('tau bench', { limit: 3 });
    assert.ok(hits.length > 0 && hits.length <= 3, `${hits.length} hits`);
    assert.match(hits[0].title, /^τ\^2-Bench: Evaluating Conversational Agents/);
    assert.equal((await api.search('agents', { limit: 2 })).length, 2);
  });

  test('getPaper finds a paper by citation key and by id', async () => {
    const [tau] = await api.search('tau bench', { limit: 1 });
    assert.equal((await api.getPaper(tau.key))?.id, tau.id);
    assert.equal((await api.getPaper(tau.id))?.key, tau.key);
    assert.equal(await api.getPaper('no-such-paper'), undefined);
  });

  test('runs in a copy of the fixture workspace', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'a workspace folder is open');
    const names = (await vscode.workspace.fs.readDirectory(folder.uri)).map(([name]) => name);
    for (const name of ['paper.tex', 'notes.md', 'references.bib']) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
    const fixture = vscode.Uri.joinPath(extension.extensionUri, 'test', 'fixtures', 'workspace');
    assert.notEqual(folder.uri.with({ path: folder.uri.path.replace(/\/$/, '') }).toString(), fixture.toString(), 'tests must not edit the checked-in fixture');
  });
});
