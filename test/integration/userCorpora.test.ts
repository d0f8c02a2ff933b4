import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activate, setSetting, waitFor, workspaceUri, writeText } from './helpers';

type Api = Awaited<ReturnType<typeof activate>>;

const page = (...entries: string[]) => `new\n\nDaily Papers\n\nbyAK and the research community\n\nNov 1\n\n${entries.join('\n\n')}`;
const entry = (title: string, upvotes: number) => `${title}\n\nAn abstract about ${title.toLowerCase()} for the user corpus test.\n\n  • 3 authors\n·\nMar 3, 2025 ${upvotes}`;

async function waitForPaper(api: Api, title: string) {
  return waitFor(`"${title}" to be loaded`, async () => {
    await api.testing.settled();
    return (await api.papers()).find(p => p.title === title);
  }, 15000);
}

async function waitForNoPaper(api: Api, title: string) {
  await waitFor(`"${title}" to be gone`, async () => {
    await api.testing.settled();
    return !(await api.papers()).some(p => p.title === title);
  }, 15000);
}

suite('User corpus files (papers.corpus.files)', () => {
  let api: Api;
  let bundledCount: number;
  const file = workspaceUri('corpora', 'mine.txt');

  suiteSetup(async () => {
    api = await activate();
    await api.testing.settled();
    // The corpus papers only: the workspace's bibliography entries come and go with the documents.
    bundledCount = (await api.papers()).filter(p => !p.id.startsWith('@')).length;
    await vscode.workspace.fs.createDirectory(workspaceUri('corpora'));
    await writeText(file, page(entry('Quantum Widgets: A First Look', 7)));
  });

  suiteTeardown(async () => {
    await setSetting('corpus.files', undefined, vscode.ConfigurationTarget.Workspace);
    await api.testing.settled();
  });

  test('a file named in the setting joins the bundled papers, with a key and its source', async () => {
    await setSetting('corpus.files', ['corpora/mine.txt'], vscode.ConfigurationTarget.Workspace);
    const paper = await waitForPaper(api, 'Quantum Widgets: A First Look');
    assert.equal((await api.papers()).filter(p => !p.id.startsWith('@')).length, bundledCount + 1);
    assert.equal(paper.key, 'QuantumWidgets2025');
    assert.deepEqual(paper.sources, [{ file: 'corpora/mine.txt', line: 9 }]);
    assert.equal((await api.search('quantum widgets', { limit: 1 }))[0]?.id, paper.id, 'it is searchable');
    assert.equal((await api.getPaper('QuantumWidgets2025'))?.id, paper.id);
  });

  test('the index of an unchanged file is reused from the cache after a reload', async () => {
    await waitFor('the first load to report', () => api.testing.userCorpora()?.added === 1);
    assert.equal(api.testing.userCorpora()?.fromCache, false);
    await vscode.commands.executeCommand('papers.reloadCorpus');
    await waitFor('the reload to use the cached index', async () => {
      await api.testing.settled();
      return api.testing.userCorpora()?.fromCache === true;
    }, 15000);
    await waitForPaper(api, 'Quantum Widgets: A First Look');
  });

  test('an edit reloads the file once, and the tree shows the new paper', async () => {
    await writeText(file, page(entry('Quantum Widgets: A First Look', 7), entry('Quantum Gadgets: Second Thoughts', 9)));
    await waitForPaper(api, 'Quantum Gadgets: Second Thoughts');
    const groups = (await api.testing.tree.getChildren()).filter(g => g.kind === 'group');
    const shown = (await Promise.all(groups.map(g => api.testing.tree.getChildren(g)))).flat();
    assert.ok(shown.some(n => n.kind === 'paper' && n.row.title === 'Quantum Gadgets: Second Thoughts'));
  });

  test('a replace by rename is seen', async () => {
    const temp = workspaceUri('corpora', 'mine.txt.tmp');
    await writeText(temp, page(entry('Replaced Paper: By Rename', 1)));
    await vscode.workspace.fs.rename(temp, file, { overwrite: true });
    await waitForPaper(api, 'Replaced Paper: By Rename');
    await waitForNoPaper(api, 'Quantum Gadgets: Second Thoughts');
  });

  test('a burst of writes leads to one settled state with the last content', async () => {
    for (let i = 0; i < 5; i++) await writeText(file, page(entry(`Burst Paper Number ${i}`, i)));
    await waitForPaper(api, 'Burst Paper Number 4');
    const burst = (await api.papers()).filter(p => p.title.startsWith('Burst Paper'));
    assert.deepEqual(burst.map(p => p.title), ['Burst Paper Number 4']);
  });

  test('a broken entry is skipped and the valid papers still load; a missing file loses nothing', async () => {
    await writeText(file, page(entry('Still Valid: Paper', 2), 'Broken Entry Without Abstract'));
    await waitForPaper(api, 'Still Valid: Paper');
    const broken = await waitFor('the problem report', () => api.testing.userCorpora()?.problems.find(p => p.file === 'corpora/mine.txt'));
    assert.deepEqual(broken, { file: 'corpora/mine.txt', line: 17, message: 'paper "Broken Entry Without Abstract" has no abstract' });
    await setSetting('corpus.files', ['corpora/mine.txt', 'corpora/missing.txt'], vscode.ConfigurationTarget.Workspace);
    await api.testing.settled();
    await waitForPaper(api, 'Still Valid: Paper');
    assert.equal((await api.papers()).filter(p => !p.id.startsWith('@')).length, bundledCount + 1);
    const missing = await waitFor('the missing file to be reported', () => api.testing.userCorpora()?.problems.find(p => p.file === 'corpora/missing.txt'));
    assert.match(missing.message, /not found/);
  });

  test('a JSON corpus in the corpus.json shape loads too', async () => {
    const bundled = (await api.papers())[0];
    const json = workspaceUri('corpora', 'mine.json');
    await writeText(json, JSON.stringify({ papers: [{ ...bundled, id: 'json-only-paper', key: 'JsonOnly2024', title: 'Json Only Paper', sources: [{ file: 'x', line: 1 }] }] }, null, 2));
    await setSetting('corpus.files', ['corpora/mine.json'], vscode.ConfigurationTarget.Workspace);
    const paper = await waitForPaper(api, 'Json Only Paper');
    assert.equal(paper.key, 'JsonOnly2024');
    await waitForNoPaper(api, 'Still Valid: Paper');
  });
});
