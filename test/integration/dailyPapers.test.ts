// Daily Papers in the real VS Code, against the replay server on 127.0.0.1 (made Hugging Face
// answers; never the internet): a day's papers in the tree, whole in the library, starred and
// kept, the days around it from the cache, a day with none, the server down or answering badly.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Replay } from './support/replay';
import { dir, openAt, read, replayedWeb, type Api } from './support/web';
import type { DailyRows, PaperNode } from '../../src/host/common/treeNodes';
import { waitFor, writeText } from './helpers';

suite('Papers from the web: Daily Papers', () => {
  let api: Api;
  let server: Replay;
  const show = (period?: string) => vscode.commands.executeCommand<DailyRows | undefined>('papers.showDailyPapers', period);

  replayedWeb(['guan2025rstar'], parts => ({ api, server } = parts));
  teardown(() => server.reset());

  test('nothing is fetched until Daily Papers is opened; a date\'s papers in the site\'s order, with upvotes, in the tree', async () => {
    assert.equal(await server.requestCount(), 0, 'activation and the other suites fetched nothing');
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

  test('a fetched paper\'s details: its arXiv id and its links named; starred, it stays for the next session', async () => {
    // (rStar-Math was cited into daily.bib above: it is the user's entry now. DeepSeek-R1 is only the day's.)
    const daily = (await api.testing.tree.findDaily())!;
    const node = ((await api.testing.tree.getChildren(daily)) as PaperNode[]).find(n => n.row.title.startsWith('DeepSeek-R1'));
    assert.ok(node, 'DeepSeek-R1 in the day');
    const id = node.row.id;
    await vscode.commands.executeCommand('papers.openPaper', id);
    const snapshot = await waitFor('its details', () => (api.testing.details().snapshot?.id === id ? api.testing.details().snapshot : undefined));
    assert.equal(snapshot.arxivId, '2501.12948');
    const labels = snapshot.links.map(l => l.label);
    for (const label of ['Abstract page', 'PDF', 'Discussion on Hugging Face']) assert.ok(labels.includes(label), `a link named "${label}": ${labels.join(', ')}`);
    assert.ok(snapshot.links.every(l => l.url.startsWith('https://')));
    assert.equal(snapshot.kept, false, 'a day\'s paper, not kept');
    await vscode.commands.executeCommand('papers.addToReadingList', id);
    await waitFor('the starred paper to be kept', () => api.testing.details().snapshot?.kept || undefined);
    await vscode.commands.executeCommand('papers.removeFromReadingList', id);
    assert.ok(await api.testing.webNextSession() >= 1);
    assert.equal((await api.getPaper(id))?.arxivId, '2501.12948', 'back in the next session without the day');
  });

  test('the previous day (none recorded: a message) and the next, back from the cache without a request', async () => {
    const before = await vscode.commands.executeCommand<DailyRows | undefined>('papers.previousDay');
    assert.equal(before?.rows.length, 0);
    assert.match(before?.note ?? '', /not|404|no /i, 'says why');
    const requests = await server.requestCount();
    const back = await vscode.commands.executeCommand<DailyRows | undefined>('papers.nextDay');
    assert.equal(back?.rows.length, 4);
    assert.equal(await server.requestCount(), requests, 'a day that is over is never fetched twice');
  });

  test('a day with no papers (a Saturday) says so in the tree and offers the day before that has some', async () => {
    const empty = await show('2025-01-18');
    assert.equal(empty?.rows.length, 0);
    assert.match(empty?.note ?? '', /no papers for 2025-01-18/);
    assert.equal(empty?.offer?.title, 'Show 2025-01-17 (1 paper)');
    const daily = (await api.testing.tree.findDaily())!;
    assert.match(String(api.testing.tree.getTreeItem(daily).description), /^2025-01-18 · no papers/);
    const [note, offer] = await api.testing.tree.getChildren(daily);
    assert.match(String(api.testing.tree.getTreeItem(note).label), /no papers for 2025-01-18/, 'said in the view');
    const item = api.testing.tree.getTreeItem(offer);
    assert.equal(item.label, 'Show 2025-01-17 (1 paper)');
    // A click on it runs its command, as VS Code does.
    const friday = await vscode.commands.executeCommand<DailyRows | undefined>(item.command!.command, ...(item.command!.arguments ?? []));
    assert.deepEqual(friday?.rows.map(r => r.row.title.slice(0, 10)), ['rStar-Math']);
    assert.match(String(api.testing.tree.getTreeItem((await api.testing.tree.findDaily())!).description), /^2025-01-17 · 1 paper/);
    await show('2025-01-15');
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
    await server.down();
    const offline = await show();
    assert.equal(offline?.rows.length, 4, 'what was fetched is not lost');
    assert.match(offline?.note ?? '', /^Offline .*2\d{3}-\d{2}-\d{2}/);
    // In a browser a request that never reached the service may be one the service refused to a web page (CORS): the note says so.
    const web = process.env.PAPERS_TEST_STAGE === 'web';
    assert.equal(/may not let a browser ask it/.test(offline?.note ?? ''), web, `the note in ${web ? 'a browser' : 'the desktop'}: ${offline?.note}`);
  });

  test('a malformed answer for a week: a message, nothing shown, nothing thrown', async () => {
    await server.malformed();
    const week = await show('2025-W03');
    assert.equal(week?.rows.length, 0);
    assert.match(week?.note ?? '', /cannot read|malformed|JSON/i);
  });
});
