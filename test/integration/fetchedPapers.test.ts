// Papers from the web in the real VS Code, as a user meets them, against the replay server on
// 127.0.0.1 (recorded arXiv, Crossref and doi.org answers; made Hugging Face ones): never the
// internet. Add Paper by arXiv id and by DOI cites the paper with a full entry, or adds it to the
// library; a server that is down, answers 429 first, or sends a malformed body is met as a user
// would meet it.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Paper } from '../../src/core/model/paper';
import type { ReplayServer } from '../support/replayServer';
import type { DailyRows, PaperNode } from '../../src/host/browse/tree';
import type { WebHit } from '../../src/host/browse/pick';
import { activate, closeAllEditors, setSetting, waitFor, workspaceUri, writeText } from './helpers';

type Api = Awaited<ReturnType<typeof activate>>;

const dir = (...parts: string[]) => workspaceUri('web-tests', ...parts);
const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
const addPaper = (text: string, action?: 'cite' | 'bibliography' | 'library') => vscode.commands.executeCommand<Paper | undefined>('papers.addPaper', text, action);

/**
 * The replay server, required at run time: it is Node's (node:http), and the web stage's bundle
 * of these tests must not hold it (there the tests that need it are left out, notOnTheWeb.ts).
 */
function startServer(): Promise<ReplayServer> {
  const load = require as (id: string) => typeof import('../support/replayServer');
  return load(path.join(__dirname, '..', 'support', 'replayServer.js')).ReplayServer.start();
}

async function openAt(name: string, text: string, offset: number): Promise<vscode.TextEditor> {
  const uri = dir(name);
  await writeText(uri, text);
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  const at = editor.document.positionAt(offset);
  editor.selection = new vscode.Selection(at, at);
  return editor;
}

/** Points the settings at the replay server. */
async function useServer(server: ReplayServer): Promise<void> {
  const urls = server.urls;
  await setSetting('web.huggingFaceUrl', urls.huggingFace);
  await setSetting('web.arxivUrl', urls.arxiv);
  await setSetting('web.crossrefUrl', urls.crossref);
  await setSetting('web.doiUrl', urls.doi);
  await vscode.workspace.fs.createDirectory(dir());
}

/**
 * Turns the network off, which takes the fetched papers out of the library, and removes the
 * bibliographies the tests cited into (the suites after these count the papers); then sets
 * every setting back. `keys`: a paper only fetched, and one cited into a bibliography.
 */
async function leave(api: Api, server: ReplayServer | undefined, keys: string[]): Promise<void> {
  await closeAllEditors();
  await vscode.workspace.fs.delete(dir(), { recursive: true });
  await setSetting('web.enabled', false);
  // (The engine worker may stop meanwhile, when no files of the user's are left: then it is asked again.)
  for (const key of keys) await waitFor(`${key} to leave the library`, async () => (await api.getPaper(key).catch(() => key)) === undefined);
  for (const name of ['web.huggingFaceUrl', 'web.arxivUrl', 'web.crossrefUrl', 'web.doiUrl', 'web.enabled']) await setSetting(name, undefined);
  await server?.close();
  // A key leaves before the library is joined and indexed again: the suites after these compare rankings.
  await api.testing.settled();
}

suite('Papers from the web: Add Paper', () => {
  let api: Api;
  let server: ReplayServer;

  suiteSetup(async () => {
    api = await activate();
    server = await startServer();
    await useServer(server);
  });

  suiteTeardown(() => leave(api, server, ['sadasivan2012methylphenidate', 'stanley2016heat']));

  teardown(() => server.reset());

  test('by arXiv id, cited into a .tex: the key goes in, the entry appended has the authors and the eprint', async () => {
    await writeText(dir('refs.bib'), '');
    const editor = await openAt('paper.tex', '\\documentclass{article}\n\\begin{document}\nHeat \\cite{}.\n\\bibliography{refs}\n\\end{document}\n', 52);
    const paper = await addPaper('1605.08386', 'cite');
    assert.ok(paper, 'the paper joined the library');
    assert.equal(paper.key, 'stanley2016heat');
    assert.equal(paper.arxivId, '1605.08386');
    assert.match(editor.document.getText(), /Heat \\cite\{stanley2016heat\}\./);
    const bib = await read(dir('refs.bib'));
    assert.match(bib, /@misc\{stanley2016heat,/);
    assert.match(bib, /author\s*= \{Stanley, Caprice and Windisch, Tobias\}/);
    assert.match(bib, /eprint\s*= \{1605\.08386\}/);
    assert.match(bib, /archivePrefix\s*= \{arXiv\}/);
    assert.equal((await api.getPaper('stanley2016heat'))?.title, paper.title, 'searched and found by key like any paper');
  });

  test('by DOI link, cited into a .md: the key goes in, the CSL-JSON or BibTeX entry has the authors', async () => {
    await writeText(dir('md-refs.bib'), '');
    const editor = await openAt('notes.md', '---\nbibliography: md-refs.bib\n---\n\nWater.\n', 40);
    const paper = await addPaper('https://doi.org/10.1126/science.169.3946.635', 'cite');
    assert.equal(paper?.key, 'frank1970structure');
    assert.match(editor.document.getText(), /Water ?\[@frank1970structure\]\./);
    const bib = await read(dir('md-refs.bib'));
    assert.match(bib, /frank1970structure/);
    assert.match(bib, /Frank/);
    assert.match(bib, /10\.1126\/science\.169\.3946\.635/i);
  });

  test('only to the library: found by its words in Search Papers\' ranking', async () => {
    const paper = await addPaper('10.1371/journal.pone.0033693', 'library');
    assert.equal(paper?.key, 'sadasivan2012methylphenidate');
    const found = await api.getPaper('sadasivan2012methylphenidate');
    assert.ok(found?.authors?.length, 'with its authors');
    const [best] = await api.search(found.title, { limit: 1 });
    assert.equal(best?.key, 'sadasivan2012methylphenidate', 'the best match for its title');
  });

  test('a server that answers 429 first: retried after Retry-After, and the paper comes', async () => {
    server.failTimes(1, 429, '0');
    const paper = await addPaper('arxiv.org/abs/1707.08567', 'library');
    assert.ok(paper, 'fetched after the retry');
    assert.equal(paper.arxivId, '1707.08567');
  });

  test('a server that is down, or sends a malformed body: nothing is added, nothing thrown; a paper fetched before still comes from the cache', async () => {
    server.down();
    assert.equal(await addPaper('2104.12255', 'library'), undefined, 'down: a message, no paper');
    const cached = await addPaper('1605.08386', 'library');
    assert.equal(cached?.key, 'stanley2016heat', 'fetched before: from the cache, offline');
    server.reset();
    server.malformed();
    assert.equal(await addPaper('doi:10.1021/ja01577a030', 'library'), undefined, 'malformed: a message, no paper');
  });

  test('Search Papers with no match in the library offers Hugging Face; a paper found there joins the library when opened', async () => {
    void vscode.commands.executeCommand('papers.searchPapers');
    const pick = await waitFor('the paper pick', () => api.testing.pick());
    pick.value = 'kolmogorov';
    type Item = vscode.QuickPickItem & { webQuery?: string; hit?: WebHit };
    const offer = await waitFor('the offer to search the web', () => (pick.items as readonly Item[]).find(i => i.webQuery));
    assert.equal(offer.label, "$(globe) Search Hugging Face for 'kolmogorov'");
    assert.equal(pick.items.at(-1), offer, 'the last item');
    pick.activeItems = [offer];
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const found = await waitFor('the papers Hugging Face found', () => (pick.items as readonly Item[]).find(i => i.hit));
    assert.equal(found.label, 'KAN: Kolmogorov-Arnold Networks');
    assert.match(found.description ?? '', /from Hugging Face · Ziming Liu/);
    assert.equal(await api.getPaper('liu2024kan'), undefined, 'not in the library until it is taken');
    pick.activeItems = [found];
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const paper = await waitFor('the paper in the library', () => api.getPaper('liu2024kan'));
    assert.ok(paper.authors?.length, 'with its authors');
    assert.equal(paper.arxivId, '2404.19756');
  });

  test('a bundled paper looked up on Hugging Face: confirmed, it cites with its authors and arXiv id under the key it had', async () => {
    const before = await api.getPaper('MultiSWEBench');
    assert.ok(before && !before.authors, 'bundled, without authors');
    const paper = await vscode.commands.executeCommand<Paper | undefined>('papers.lookUpPaper', 'MultiSWEBench', true);
    assert.equal(paper?.key, 'MultiSWEBench', 'its key does not change');
    assert.equal(paper.arxivId, '2504.02605');
    assert.equal(paper.authors?.[0]?.family, 'Zan');
    const hits = await api.search('Multi-SWE-bench multilingual benchmark issue resolving', { limit: 50 });
    assert.equal(hits.filter(p => p.title === before.title).length, 1, 'shown once');
    await vscode.commands.executeCommand('papers.copyBibtex', 'MultiSWEBench');
    const entry = await vscode.env.clipboard.readText();
    assert.match(entry, /@misc\{MultiSWEBench,/);
    assert.match(entry, /author\s*= \{Zan, Daoguang and Huang, Zhirong/);
    assert.match(entry, /eprint\s*= \{2504\.02605\}/);
  });

  test('with papers.web.enabled off, nothing is asked of the network', async () => {
    await setSetting('web.enabled', false);
    try {
      const before = server.requests.length;
      await Promise.resolve(addPaper('2104.12255', 'library')).catch(() => undefined);
      assert.equal(server.requests.length, before, 'no request');
    } finally {
      await setSetting('web.enabled', undefined);
    }
  });
});

suite('Papers from the web: Daily Papers', () => {
  let api: Api;
  let server: ReplayServer;
  const show = (period?: string) => vscode.commands.executeCommand<DailyRows | undefined>('papers.showDailyPapers', period);

  suiteSetup(async () => {
    api = await activate();
    server = await startServer();
    await useServer(server);
  });

  suiteTeardown(() => leave(api, server, ['guan2025rstar']));
  teardown(() => server.reset());

  test('nothing is fetched until Daily Papers is opened; a date\'s papers in the site\'s order, with upvotes, in the tree', async () => {
    assert.equal(server.requests.length, 0, 'activation and the other suites fetched nothing');
    const shown = await show('2025-01-15');
    assert.ok(shown);
    assert.equal(shown.note, undefined);
    assert.deepEqual(shown.rows.map(r => r.upvotes), [278, 402, 12, undefined], 'the site\'s order, not ours');
    assert.match(shown.rows[0].row.title, /^rStar-Math/);
    const daily = await api.testing.tree.findDaily();
    assert.ok(daily, 'the Daily Papers node');
    assert.match(String(api.testing.tree.getTreeItem(daily).description), /^2025-01-15 · 4 papers/);
    const nodes = (await api.testing.tree.getChildren(daily)) as PaperNode[];
    assert.equal(nodes.length, 4, 'the item that is not an arXiv paper is left out');
    assert.match(String(api.testing.tree.getTreeItem(nodes[0]).description), /^▲ 278 · guan2025rstar · /);
  });

  test('a fetched paper is whole in the library: authors and links; cited into a .tex with authors and eprint', async () => {
    const paper = await api.getPaper('guan2025rstar');
    assert.ok(paper?.authors?.length, 'its authors');
    assert.equal(paper.arxivId, '2501.04519');
    assert.ok(paper.links.every(l => l.startsWith('https:')), 'only https: links');
    await writeText(dir('daily.bib'), '');
    const editor = await openAt('daily.tex', '\\documentclass{article}\n\\begin{document}\nMath \\cite{}.\n\\bibliography{daily}\n\\end{document}\n', 52);
    await vscode.commands.executeCommand('papers.insertCitation', 'guan2025rstar');
    assert.match(editor.document.getText(), /Math \\cite\{guan2025rstar\}\./);
    const bib = await read(dir('daily.bib'));
    assert.match(bib, /author\s*= \{Guan/);
    assert.match(bib, /eprint\s*= \{2501\.04519\}/);
    // Searchable once its names are indexed, which follows the join by a moment.
    const best = await waitFor('the paper found by its words', async () => (await api.search('rStar-Math small LLMs math reasoning', { limit: 1 }))[0]);
    assert.equal(best.key, 'guan2025rstar', 'searched with the library\'s ranking');
  });

  test('a hostile title is text: the tree shows it as it came', async () => {
    const daily = (await api.testing.tree.findDaily())!;
    const nodes = (await api.testing.tree.getChildren(daily)) as PaperNode[];
    const hostile = nodes.find(n => n.row.title.includes('<img'));
    assert.ok(hostile, 'the made paper with markup in its title');
    assert.equal(api.testing.tree.getTreeItem(hostile).label, hostile.row.title, 'the label is the text, never markup');
    const paper = await api.getPaper(hostile.row.id);
    assert.match(paper!.title, /<img src=x onerror=alert\(1\)>/);
  });

  test('the previous day (none recorded: a message) and the next, back from the cache without a request', async () => {
    const before = await vscode.commands.executeCommand<DailyRows | undefined>('papers.previousDay');
    assert.equal(before?.rows.length, 0);
    assert.match(before?.note ?? '', /not|404|no /i, 'says why');
    const requests = server.requests.length;
    const back = await vscode.commands.executeCommand<DailyRows | undefined>('papers.nextDay');
    assert.equal(back?.rows.length, 4);
    assert.equal(server.requests.length, requests, 'a day that is over is never fetched twice');
  });

  test('sorted by date, then by upvotes again', async () => {
    const byDate = await vscode.commands.executeCommand<DailyRows | undefined>('papers.sortDailyPapers', 'date');
    assert.equal(byDate?.rows.length, 4);
    const bySite = await vscode.commands.executeCommand<DailyRows | undefined>('papers.sortDailyPapers', 'upvotes');
    assert.deepEqual(bySite?.rows.map(r => r.upvotes), [278, 402, 12, undefined]);
  });

  test('the server down: the most recent day from the cache, with its date and why', async () => {
    const latest = await show();
    assert.equal(latest?.rows.length, 4);
    server.down();
    const offline = await show();
    assert.equal(offline?.rows.length, 4, 'what was fetched is not lost');
    assert.match(offline?.note ?? '', /^Offline .*2\d{3}-\d{2}-\d{2}/);
  });

  test('a malformed answer for a week: a message, nothing shown, nothing thrown', async () => {
    server.malformed();
    const week = await show('2025-W03');
    assert.equal(week?.rows.length, 0);
    assert.match(week?.note ?? '', /cannot read|malformed|JSON/i);
  });
});
