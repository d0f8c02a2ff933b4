// Papers from the web in the real VS Code, as a user meets them, against the replay server on
// 127.0.0.1 (recorded arXiv, Crossref and doi.org answers; made Hugging Face ones): never the
// internet. Add Paper by arXiv id and by DOI cites the paper with a full entry, or adds it to the
// library; a server that is down, answers 429 first, or sends a malformed body is met as a user
// would meet it. In VS Code for the web the same tests ask the server from the browser, which
// reaches only the services that let a web page ask them (support/replay.ts).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Paper } from '../../src/core/model/paper';
import type { Replay } from './support/replay';
import { dir, openAt, read, replayedWeb, type Api } from './support/web';
import type { WebHit } from '../../src/host/common/pick';
import { closeAllEditors, setSetting, waitFor, writeText } from './helpers';
const addPaper = (text: string, action?: 'cite' | 'bibliography' | 'library') => vscode.commands.executeCommand<Paper | undefined>('papers.addPaper', text, action);

suite('Papers from the web: Add Paper', () => {
  let api: Api;
  let server: Replay;

  replayedWeb(['sadasivan2012methylphenidate', 'stanley2016heat'], parts => ({ api, server } = parts));

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
    await server.failTimes(1, 429, '0');
    const paper = await addPaper('arxiv.org/abs/1707.08567', 'library');
    assert.ok(paper, 'fetched after the retry');
    assert.equal(paper.arxivId, '1707.08567');
  });

  test('added papers stay for the next session, with nothing fetched, until Remove from Library in the details view takes one out', async () => {
    const key = 'sadasivan2012methylphenidate';
    const requests = await server.requestCount();
    assert.ok(await api.testing.webNextSession() >= 3, 'the papers added so far, read from the global storage');
    assert.equal(await server.requestCount(), requests, 'nothing fetched');
    const paper = await api.getPaper(key);
    assert.ok(paper?.authors?.length, 'back with its authors');
    await vscode.commands.executeCommand('papers.openPaper', key);
    const snapshot = await waitFor('the details of the kept paper', () => {
      const shown = api.testing.details().snapshot;
      return shown?.key === key ? shown : undefined;
    });
    assert.equal(snapshot.kept, true, 'offers Remove from Library');
    assert.equal(snapshot.canLookUp, false, 'has its authors: nothing to look up');
    assert.ok(snapshot.links.some(l => l.label === 'Abstract page' && l.url.startsWith('https://')), 'its links, each named');
    assert.equal(await vscode.commands.executeCommand('papers.removePaper', key), true);
    assert.equal(await api.getPaper(key), undefined, 'out of the library');
    await waitFor('the details view to say it is no longer kept', () => api.testing.details().snapshot?.kept === false || undefined);
    await api.testing.webNextSession();
    assert.equal(await api.getPaper(key), undefined, 'and not back in the next session');
    // (The papers cited are in the user's bibliography now; the one only added stays kept.)
    assert.ok((await api.papers()).some(p => p.arxivId === '1707.08567' && p.web), 'the others stay');
  });

  test('a server that is down, or sends a malformed body: nothing is added, nothing thrown; a paper fetched before still comes from the cache', async () => {
    await server.down();
    assert.equal(await addPaper('2104.12255', 'library'), undefined, 'down: a message, no paper');
    const cached = await addPaper('1605.08386', 'library');
    assert.equal(cached?.key, 'stanley2016heat', 'fetched before: from the cache, offline');
    await server.reset();
    await server.malformed();
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
    // Enter opens its details, which take the focus: a quick pick opened before they do would lose it.
    await waitFor('its details', () => api.testing.details().snapshot?.key === 'liu2024kan');
  });

  test('Search Papers with many weak matches but few with every word offers Hugging Face after them; with many strong ones, not', async () => {
    // (The pick of the test before closes once its paper joined the library; the library settles
    // after the join, and a change meanwhile would give the pick new items under the test.)
    await waitFor('no paper pick open', () => (api.testing.pick() ? undefined : true));
    // The details of that paper too: in VS Code for the web their webview can take the focus once
    // it has loaded, seconds later, and a quick pick closes when it loses the focus.
    await closeAllEditors();
    await api.testing.settled();
    void vscode.commands.executeCommand('papers.searchPapers');
    const pick = await waitFor('the paper pick', () => api.testing.pick());
    type Item = vscode.QuickPickItem & { webQuery?: string; hit?: WebHit };
    const rows = () => pick.items.filter(i => (i as { row?: unknown }).row).length;
    pick.value = 'attention is all you need';
    const offer = await waitFor('the offer after the weak matches', () => (rows() >= 10 ? (pick.items as readonly Item[]).find(i => i.webQuery) : undefined), 20000)
      .catch((error: Error) => { throw new Error(`${error.message}; the pick is ${api.testing.pick() === pick ? 'open' : 'closed'} and shows for "${pick.value}" (busy: ${pick.busy}): ${pick.items.map(i => i.label).join(' | ')}`); });
    assert.equal(pick.items.at(-1), offer, 'the offer is the last item');
    // The library changes under the list (a bibliography joins it, with a paper this query finds
    // first): the rows change, and the offer stays last.
    const rowKeys = () => pick.items.flatMap(i => (i as { row?: { key: string } }).row?.key ?? []);
    try {
      await writeText(dir('attention.bib'), '@misc{attentionAgain2031, title = {Attention Is All You Need, Once More}, year = 2031}\n');
      await setSetting('bibliography.files', ['web-tests/attention.bib'], vscode.ConfigurationTarget.Workspace);
      await waitFor('the new entry in the library', async () => { await api.testing.settled(); return api.getPaper('attentionAgain2031'); }, 20000);
      await waitFor('the new entry among the rows', () => rowKeys().includes('attentionAgain2031'), 10000)
        .catch((error: Error) => { throw new Error(`${error.message}; the pick is ${api.testing.pick() === pick ? 'open' : 'closed'} and shows (busy: ${pick.busy}): ${pick.items.map(i => i.label).join(' | ')}`); });
      assert.ok((pick.items.at(-1) as Item).webQuery, 'the offer is still the last item');
      // The offer focused, as the arrow keys would, and the user stays there a moment: a focus the
      // window reports within 1.5 s of the list changing may be that of the list before (pick.ts).
      await waitFor('the offer focused', async () => {
        const shown = (pick.items as readonly Item[]).find(i => i.webQuery);
        if (!shown) return undefined;
        pick.activeItems = [shown];
        await new Promise(r => setTimeout(r, 1600));
        pick.activeItems = [shown];
        await new Promise(r => setTimeout(r, 200));
        return pick.activeItems[0] === shown && pick.items.includes(shown) ? shown : undefined;
      });
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      const found = await waitFor('the paper Hugging Face found', () => (pick.items as readonly Item[]).find(i => i.hit))
        .catch((error: Error) => { throw new Error(`${error.message}; the pick is ${api.testing.pick() ? 'open' : 'closed'} and shows (busy: ${pick.busy}, focus on "${pick.activeItems[0]?.label}"): ${pick.items.map(i => i.label).join(' | ')}`); });
      assert.equal(found.label, 'Attention Is All You Need');
      // (In VS Code for the web the window first reports the list's first row focused, then the paper.)
      await waitFor('Enter on the offer to leave the focus on the first paper found', () => pick.activeItems[0] === found, 5000)
        .catch((error: Error) => { throw new Error(`${error.message}; it is on "${pick.activeItems[0]?.label}"`); });
      assert.ok(rowKeys().includes('attentionAgain2031'), 'the library\'s papers stay above');
    } finally {
      await setSetting('bibliography.files', undefined, vscode.ConfigurationTarget.Workspace);
    }
    pick.value = 'diffusion';
    await waitFor('the library\'s matches for diffusion', () => (rows() >= 10 && !(pick.items as readonly Item[]).some(i => i.hit) ? true : undefined));
    assert.ok(!(pick.items as readonly Item[]).some(i => i.webQuery), 'thirty papers about diffusion: no offer');
    pick.hide();
  });

  test('a bundled paper looked up on Hugging Face: confirmed, it cites with its authors and arXiv id under the key it had', async () => {
    const before = await api.getPaper('MultiSWEBench');
    assert.ok(before && !before.authors, 'bundled, without authors');
    await vscode.commands.executeCommand('papers.openPaper', 'MultiSWEBench');
    const shown = await waitFor('its details', () => (api.testing.details().snapshot?.key === 'MultiSWEBench' ? api.testing.details().snapshot : undefined));
    assert.equal(shown.canLookUp, true, 'the details view offers Look Up Authors');
    assert.equal(shown.arxivId, null);
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
    await vscode.commands.executeCommand('papers.openPaper', 'MultiSWEBench');
    const after = await waitFor('its details with the arXiv id', () => (api.testing.details().snapshot?.arxivId ? api.testing.details().snapshot : undefined));
    assert.equal(after.arxivId, '2504.02605');
    assert.equal(after.canLookUp, false, 'looked up already');
    assert.equal(after.kept, true, 'kept for the next session');
  });

  test('with papers.web.enabled off, nothing is asked of the network', async () => {
    const kept = (await api.papers()).filter(p => p.web).map(p => p.key);
    await setSetting('web.enabled', false);
    try {
      const before = await server.requestCount();
      await Promise.resolve(addPaper('2104.12255', 'library')).catch(() => undefined);
      assert.equal(await server.requestCount(), before, 'no request');
    } finally {
      await setSetting('web.enabled', undefined);
      // Turned on again, the kept papers come back from storage: wait for them, so that the
      // suite's teardown finds (and removes) every one, rather than one that comes back later.
      for (const key of kept) await waitFor(`${key} back in the library`, async () => (await api.getPaper(key))?.key === key);
    }
  });

  test('an undefined key near no known key: "Add a Paper by arXiv Id or DOI" fetches the paper meant, which replaces the key and joins the bibliography', async () => {
    const refs = '@book{eisenberg1969water,\n  author = {Eisenberg, David and Kauzmann, Walter},\n  title = {The Structure and Properties of Water},\n  year = {1969}\n}\n';
    await writeText(dir('fix.bib'), refs);
    const text = '\\documentclass{article}\n\\addbibresource{fix.bib}\n\\begin{document}\nWater \\cite{waterpaper1970}.\n\\end{document}\n';
    const editor = await openAt('fix.tex', text, 0);
    const uri = editor.document.uri;
    const warning = await waitFor('the warning on the undefined key', () => vscode.languages.getDiagnostics(uri).find(d => editor.document.getText(d.range) === 'waterpaper1970'));
    const fixes = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, warning.range, vscode.CodeActionKind.QuickFix.value);
    const add = fixes.find(f => f.title === 'Add a Paper by arXiv Id or DOI for "waterpaper1970"…');
    assert.ok(add?.command, `the fixes offered: ${fixes.map(f => f.title).join(' | ')}`);
    // The identifier the writer would type in the box the fix opens.
    const done = await vscode.commands.executeCommand<{ key?: string } | undefined>(add.command.command, ...(add.command.arguments ?? []), 'https://doi.org/10.1126/science.169.3946.635');
    assert.equal(done?.key, 'frank1970structure');
    assert.equal(editor.document.getText(), text.replace('waterpaper1970', 'frank1970structure'), 'only the key is replaced');
    const bib = await read(dir('fix.bib'));
    assert.ok(bib.startsWith(refs), 'appended, never rewritten');
    assert.match(bib.slice(refs.length), /@\w+\{frank1970structure,/);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), text, 'one undo step');
  });
});
