// A paper's neighbourhood in the real VS Code, against the replay server on 127.0.0.1: Semantic
// Scholar's real records (Turing's "Computing Machinery and Intelligence": its 14 references and
// 1,000 citations), recorded answers, and the Hub's made listings. The details view's sections
// fill in, page, cite a neighbour with a full entry, keep one; a refusal asks for a key and the
// key brings the answer; the cache answers when the server is down; Suggest Citations ranks what
// a document's cited papers share and remembers what the writer dismissed. In VS Code for the web
// the same tests ask the server from the browser (Semantic Scholar and the Hub allow it: CORS).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NeighbourhoodView } from '../../src/shared/protocol';
import type { Replay } from './support/replay';
import { dir, openAt, read, replayedWeb, type Api } from './support/web';
import { closeAllEditors, waitFor, writeText } from './helpers';

const TURING = '@article{turing1950, title = {Computing Machinery and Intelligence}, author = {Turing, Alan M.}, journal = {Mind}, year = {1950}, doi = {10.1093/mind/LIX.236.433}}\n';
const ATTENTION = '@misc{vaswani2017attention, title = {Attention Is All You Need}, author = {Vaswani, Ashish}, year = {2017}, eprint = {1706.03762}, archivePrefix = {arXiv}}\n';
const QUO_VADIS = '@misc{venkat2024quo, title = {Quo Vadis ChatGPT? From Large Language Models to Large Knowledge Models}, author = {Venkatasubramanian, V.}, year = {2024}, eprint = {2405.19561}, archivePrefix = {arXiv}}\n';
// Three papers that cite Turing; the replay's made links give them references and citations among real records.
const CITING = '@article{shen2024journey, title = {The Journey/DAO/TAO of Embodied Intelligence}, author = {Shen, Tianyu}, year = {2024}, doi = {10.1109/jas.2024.124407}}\n'
  + QUO_VADIS
  + '@article{hamarat2024dark, title = {The dark side of artificial intelligence: threats to tourism}, author = {Hamarat, Handan}, year = {2024}, doi = {10.1108/whatt-03-2024-0061}}\n';
const ESSAY = '---\nbibliography: turing.bib\n---\n\nAs [@turing1950] asked, and as \n';
const CHAPTER = '---\nbibliography: shared.bib\n---\n\nSee [@shen2024journey; @venkat2024quo; @hamarat2024dark].\n\nMore \n';

suite('A paper\'s neighbourhood (Semantic Scholar and the Hub, replayed)', () => {
  let api: Api;
  let server: Replay;

  replayedWeb([], parts => ({ api, server } = parts));
  suiteSetup(async () => {
    await writeText(dir('turing.bib'), TURING + ATTENTION + QUO_VADIS);
    // A document names turing.bib from the start (the first test's essay, as it writes it), so that
    // every test finds Turing's paper in the library whichever runs first (a grepped run too): in a
    // browser the workspace is not searched for bibliographies, only documents' own are read.
    await openAt('essay.md', ESSAY, 0);
    await waitFor('turing.bib read', async () => (await api.getPaper('turing1950'))?.doi !== undefined);
    await closeAllEditors();
  });
  suiteTeardown(() => vscode.commands.executeCommand('papers.clearSemanticScholarKey'));

  async function neighbourhoodOf(key: string, ready: (view: NeighbourhoodView) => boolean, what: string): Promise<NeighbourhoodView> {
    const paper = await waitFor(`${key} in the library`, () => api.getPaper(key));
    await vscode.commands.executeCommand('papers.openPaper', paper.id);
    return waitFor(what, () => {
      const view = api.testing.details().neighbourhood;
      return view?.id === paper.id && ready(view) && view;
    }, 20000).catch(error => { throw new Error(`${(error as Error).message}: the view was ${JSON.stringify(api.testing.details().neighbourhood).slice(0, 1500)}`); });
  }
  const section = (view: NeighbourhoodView, kind: string) => view.sections.find(s => s.kind === kind)!;

  test('a paper\'s details show what it cites and what cites it, page by page; a neighbour is cited with a full entry', async () => {
    const editor = await openAt('essay.md', ESSAY, 65);
    await waitFor('turing.bib read', async () => (await api.getPaper('turing1950'))?.doi !== undefined);
    const view = await neighbourhoodOf('turing1950', v => v.sections.length === 3 && v.sections.every(s => s.state === 'ready') && v.summary !== null, 'References, Cited by, Recommended and the summary');
    assert.equal(view.unavailable, null);
    assert.deepEqual([view.summary!.citations, view.summary!.influential], [10059, 530]);
    assert.match(view.summary!.tldr!, /Gallup poll/);
    const references = section(view, 'references');
    assert.deepEqual([references.items.length, references.more], [14, false]);
    const computable = references.items.find(n => n.title.startsWith('On Computable Numbers'))!;
    assert.deepEqual([computable.authors, computable.year, computable.inLibrary, computable.cited], ['A. Turing', 1937, false, false]);
    const citations = section(view, 'citations');
    assert.deepEqual([citations.items.length, citations.more], [100, true]);
    assert.deepEqual([section(view, 'recommended').items.length, section(view, 'recommended').state], [0, 'ready'], 'no recommendations is an answer');
    assert.equal(view.artefacts, null, 'a paper without an arXiv id has no Hub section');
    // Show More: the next page joins the first.
    await api.testing.detailsMessage({ type: 'moreNeighbours', id: view.id, kind: 'citations' });
    const more = await waitFor('the second page of citations', () => {
      const next = api.testing.details().neighbourhood;
      return next && section(next, 'citations').items.length === 200 && next;
    }, 20000);
    assert.equal(section(more, 'citations').more, true);
    // Cite: the key goes in at the cursor, the entry appended to the document's bibliography has the authors and the DOI.
    await api.testing.detailsMessage({ type: 'insertCitation', id: computable.id });
    await waitFor('the citation in the essay', () => editor.document.getText().includes(`[@${computable.key}]`), 20000);
    const bib = await waitFor('the entry appended', async () => { const text = await read(dir('turing.bib')); return text.includes(computable.key) && text; });
    assert.ok(bib.startsWith(TURING + ATTENTION + QUO_VADIS), 'the bibliography is only appended to');
    assert.match(bib, /author\s*= \{Turing, A\.\}/);
    assert.match(bib, /doi\s*= \{10\.2307\/2268810\}/i);
    // Now it is the writer's: shown once, with their key, and marked cited.
    await vscode.window.showTextDocument(editor.document);
    const after = await neighbourhoodOf('turing1950', v => section(v, 'references')?.items.some(n => n.title.startsWith('On Computable Numbers') && n.inLibrary && n.cited) === true, 'the cited neighbour marked');
    assert.equal(section(after, 'references').items.filter(n => n.title.startsWith('On Computable Numbers')).length, 1);
    await closeAllEditors();
  });

  test('a neighbour added to the library stays when another paper is shown', async () => {
    const view = await neighbourhoodOf('turing1950', v => section(v, 'citations')?.state === 'ready', 'Turing\'s citations');
    const quo = section(view, 'citations').items.find(n => n.title.startsWith('"Turing Tests"'))!;
    await api.testing.detailsMessage({ type: 'keepPaper', id: quo.id });
    await neighbourhoodOf('vaswani2017attention', v => v.artefacts?.state === 'ready', 'another paper');
    const kept = await waitFor('the kept paper in the library', () => api.getPaper(quo.key));
    assert.deepEqual([kept.arxivId, kept.web?.source], ['2405.13352', 'semanticscholar']);
    await vscode.commands.executeCommand('papers.removePaper', kept.id);
  });

  test('an arXiv paper\'s models, datasets and Spaces on the Hub; a paper the graph does not know says so', async () => {
    const view = await neighbourhoodOf('vaswani2017attention', v => v.artefacts?.state === 'ready' && v.sections.every(s => s.state !== 'loading'), 'the Hub section');
    assert.deepEqual(view.artefacts!.items.map(a => [a.kind, a.id]), [
      ['models', 'papers-test/transformer-base'], ['models', 'papers-test/transformer-big'], ['datasets', 'papers-test/wmt14-en-de'], ['spaces', 'papers-test/attention-visualised'],
    ]);
    assert.equal(view.artefacts!.items[0].downloads, 120345);
    assert.equal(section(view, 'references').state, 'error');
    assert.match(section(view, 'references').message!, /Semantic Scholar does not know the paper arXiv:1706\.03762/);
  });

  test('refused for want of a key: the section offers one, and the key (kept secret, sent only to Semantic Scholar) brings the answer', async () => {
    await server.failTimes(100, 429, '0');
    const refused = await neighbourhoodOf('venkat2024quo', v => section(v, 'references')?.state === 'error', 'the refusal');
    assert.equal(section(refused, 'references').askKey, true);
    assert.match(section(refused, 'references').message!, /429 \(too many requests\).*set one/);
    await server.reset();
    assert.equal(await vscode.commands.executeCommand('papers.setSemanticScholarKey', 'test-key-0123456789'), true);
    // Every refused section asks again: all of them answered before the test ends, and the Hub's
    // listings (refused too, retried after a wait: a browser cannot read Retry-After unless the
    // service exposes it) settled, so that nothing of this paper is still asked in the next test.
    const answered = await waitFor('the answers after the key', () => {
      const view = api.testing.details().neighbourhood;
      return view && view.sections.every(s => s.state === 'ready') && view.artefacts?.state !== 'loading' && view;
    }, 20000);
    assert.deepEqual(section(answered, 'references').items, [], 'the graph lists no references for it');
    assert.ok(await server.requestCount() > 0);
    const settings = JSON.stringify(vscode.workspace.getConfiguration('papers'));
    assert.ok(!settings.includes('test-key-0123456789'), 'the key is not in the settings');
  });

  test('the server down: what was asked today is answered from the cache, without asking', async () => {
    await server.down();
    const view = await neighbourhoodOf('turing1950', v => v.sections.length === 3 && v.sections.every(s => s.state === 'ready') && v.summary !== null, 'Turing from the cache');
    assert.deepEqual([section(view, 'references').items.length, section(view, 'citations').items.length], [14, 100]);
    assert.deepEqual(await server.requests(), []);
  });

  /** A chapter citing three papers that cite Turing, from shared.bib: its papers in the library. */
  async function sharedChapter(): Promise<vscode.TextEditor> {
    await writeText(dir('shared.bib'), CITING);
    const editor = await openAt('chapter.md', CHAPTER, 98);
    await waitFor('shared.bib read', async () => (await api.getPaper('hamarat2024dark'))?.doi !== undefined);
    return editor;
  }

  test('Suggest Citations: what the document\'s papers share ranks first, with its reason; a dismissed one stays dismissed', async () => {
    const editor = await sharedChapter();
    const ranked = api.testing.engineAsked('suggest');
    await vscode.commands.executeCommand('papers.suggestCitations');
    const pick = await waitFor('the suggestions', () => { const p = api.testing.suggestionPick(); return p && p.items.length > 0 && p; }, 20000);
    assert.equal(api.testing.engineAsked('suggest'), ranked + 1, 'ranked in the engine worker, off the extension host');
    assert.deepEqual(pick.items.map(i => [i.label.slice(0, 25), i.description]), [
      ['Computing Machinery and I', 'cited by 3 of your 3 references'],
      ['An Unsolvable Problem of ', 'cited by 2 of your 3 references'],
      ['The Personification of Ch', 'cites 2 of your 3 references'],
    ]);
    await api.testing.dismissSuggestion(editor.document.uri, pick.items[1]);
    assert.equal(pick.items.length, 2);
    pick.hide();
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('papers.suggestCitations');
    const again = await waitFor('the suggestions again', () => { const p = api.testing.suggestionPick(); return p && p.items.length > 0 && p; }, 20000);
    assert.deepEqual(again.items.map(i => i.label.slice(0, 20)), ['Computing Machinery ', 'The Personification '], 'the dismissed one stays dismissed');
    // Enter cites the first at the cursor, under the key the library has it by (the sample
    // workspace's references.bib has Turing's paper too, as turing1950computing: shown once, with one of them).
    const key = again.items[0].detail!.split(' · ').at(-1)!;
    assert.match(key, /^turing1950(?:computing)?$/);
    again.selectedItems = [again.items[0]];
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await waitFor('the citation of Turing', () => editor.document.getText().includes(`More [@${key}]`), 20000);
    await closeAllEditors();
  });

  test('Recommend Papers Like the Reading List: Semantic Scholar\'s papers like the starred ones; Enter opens one', async () => {
    const turing = await waitFor('turing1950 in the library', () => api.getPaper('turing1950'));
    await vscode.commands.executeCommand('papers.addToReadingList', turing.id);
    try {
      await vscode.commands.executeCommand('papers.recommendForReadingList');
      const pick = await waitFor('the recommendations', () => { const p = api.testing.recommendedPick(); return p && p.items.length > 0 && p; }, 20000);
      assert.match(pick.title ?? '', /^Papers like the 1 of the Reading List/);
      const labels = pick.items.map(i => i.label);
      assert.ok(labels.some(l => l.startsWith('On Computable Numbers')), labels.join('; '));
      assert.ok(!labels.includes('Computing Machinery and Intelligence'), 'not the starred paper itself');
      pick.selectedItems = [pick.items.find(i => i.label.startsWith('An Unsolvable Problem'))!];
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await waitFor('its details', () => api.testing.details().snapshot?.title === 'An Unsolvable Problem of Elementary Number Theory', 20000);
    } finally {
      await vscode.commands.executeCommand('papers.removeFromReadingList', turing.id);
      await closeAllEditors();
    }
  });

  test('the Papers view walks from a paper to what it cites and what cites it, two levels down; Show more pages them', async () => {
    const { tree, treeView } = api.testing;
    const turing = await waitFor('turing1950 in the library', () => api.getPaper('turing1950'));
    const node = await waitFor('its row in the view', () => tree.findPaper(turing.id));
    assert.equal(tree.getTreeItem(node).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed, 'a paper with a DOI opens');
    const bundled = (await tree.getChildren((await tree.getChildren()).find(n => n.kind === 'group')))[0];
    assert.equal(tree.getTreeItem(bundled).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed, 'a bundled paper (no id) too: it is found by its title');
    // Opened as the writer opens it: VS Code asks for the children of what it expands.
    await treeView.reveal(node, { expand: true, focus: false, select: false });
    const sections = await tree.getChildren(node);
    assert.deepEqual(sections.map(s => tree.getTreeItem(s).label), ['References', 'Cited by', 'Recommended']);
    const [references, citations] = sections;
    await treeView.reveal(references, { expand: true, focus: false, select: false });
    const cited = await waitFor('Turing\'s references', async () => { const rows = await tree.getChildren(references); return rows.length === 14 && rows; }, 20000);
    const computable = cited.find(n => n.kind === 'paper' && n.row.title.startsWith('On Computable Numbers'));
    assert.ok(computable?.kind === 'paper', cited.map(n => tree.getTreeItem(n).label).join('; '));
    assert.equal(tree.getTreeItem(references).description, '14');
    // Two levels down: the neighbour (it has a DOI) opens in turn, and its own references are asked for.
    assert.equal(tree.getTreeItem(computable).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    await treeView.reveal(computable, { expand: true, focus: false, select: false });
    const [itsReferences] = await tree.getChildren(computable);
    const before = await server.requestCount();
    await treeView.reveal(itsReferences, { expand: true, focus: false, select: false });
    const below = await waitFor('its references', async () => { const rows = await tree.getChildren(itsReferences); return rows.length > 0 && rows; }, 20000);
    assert.deepEqual(below.map(n => tree.getTreeItem(n).label), ['Semantic Scholar lists none']);
    assert.ok(await server.requestCount() > before, 'asked when opened');
    // A neighbour is a paper like the others: its row opens its details.
    const command = tree.getTreeItem(computable).command!;
    await vscode.commands.executeCommand(command.command, ...command.arguments ?? []);
    await waitFor('its details', () => api.testing.details().snapshot?.title.startsWith('On Computable Numbers'), 20000);
    // Cited by: a page of 100, then Show more… brings the next.
    await treeView.reveal(citations, { expand: true, focus: false, select: false });
    const first = await waitFor('the first page of citations', async () => { const rows = await tree.getChildren(citations); return rows.length > 0 && rows; }, 20000);
    assert.equal(first.filter(n => n.kind === 'paper').length, 100);
    const more = first[first.length - 1];
    assert.equal(tree.getTreeItem(more).label, 'Show more…');
    const show = tree.getTreeItem(more).command!;
    await vscode.commands.executeCommand(show.command, ...show.arguments ?? []);
    const second = await tree.getChildren(citations);
    assert.equal(second.filter(n => n.kind === 'paper').length, 200);
    assert.equal(second[0], first[0], 'the rows shown before are the same nodes (one opened under them stays open)');
    assert.equal(tree.getTreeItem(citations).description, '200+');
    await closeAllEditors();
  });
  test('a neighbour another document of the project cites is marked "cited in the project", in the details view, the walk and the suggestions', async () => {
    // chapter.md, of another project (shared.bib), which Suggest Citations writes too: whichever test ran before.
    await sharedChapter();
    await closeAllEditors();
    // The appendix (on the disk, never opened) takes its citations from the introduction's bibliography.
    await writeText(dir('appendix.md'), '---\nbibliography: turing.bib\n---\n\nAs [@venkat2024quo] says.\n');
    await openAt('intro.md', '---\nbibliography: turing.bib\n---\n\nAs [@turing1950] asked.\n', 40);
    const view = await neighbourhoodOf('turing1950', v => section(v, 'citations')?.items.some(n => n.key === 'venkat2024quo' && n.citedInProject) === true, 'Quo Vadis marked cited in the project');
    const quo = section(view, 'citations').items.find(n => n.key === 'venkat2024quo')!;
    assert.deepEqual([quo.inLibrary, quo.cited, quo.citedInProject], [true, false, true]);
    // Cited by chapter.md, whose bibliography is shared.bib: another project.
    const journey = section(view, 'citations').items.find(n => n.title.startsWith('The Journey/DAO/TAO'))!;
    assert.deepEqual([journey.key, journey.cited, journey.citedInProject], ['shen2024journey', false, false]);
    // The walk marks its row the same way.
    const { tree, treeView } = api.testing;
    const node = await waitFor('Turing\'s row', async () => { const paper = await api.getPaper('turing1950'); return paper && tree.findPaper(paper.id); });
    await treeView.reveal(node, { expand: true, focus: false, select: false });
    const citations = (await tree.getChildren(node))[1];
    await treeView.reveal(citations, { expand: true, focus: false, select: false });
    const rows = await waitFor('Turing\'s citations in the walk', async () => { const r = await tree.getChildren(citations); return r.length > 1 && r; }, 20000);
    const row = (key: string) => tree.getTreeItem(rows.find(n => n.kind === 'paper' && n.row.key === key)!);
    assert.match(String(row('venkat2024quo').description), /^✓ cited in the project · /);
    assert.doesNotMatch(String(row('shen2024journey').description), /cited/);
    await closeAllEditors();
    // Suggestions: one another chapter of the project cites is said so.
    const draft = await openAt('draft.md', '---\nbibliography: shared.bib\n---\n\nSee [@shen2024journey; @venkat2024quo; @hamarat2024dark].\n', 60);
    const suggested = async () => {
      await vscode.window.showTextDocument(draft.document);
      await vscode.commands.executeCommand('papers.suggestCitations');
      const pick = await waitFor('the suggestions', () => { const p = api.testing.suggestionPick(); return p && p.items.length > 0 && p; }, 20000);
      const church = pick.items.find(i => i.label.startsWith('An Unsolvable Problem'))!;
      pick.hide();
      return church;
    };
    const before = await suggested();
    assert.equal(before.description, 'cited by 2 of your 3 references');
    await writeText(dir('afterword.md'), `---\nbibliography: shared.bib\n---\n\nAs [@${before.detail!.split(' · ').at(-1)!}] showed.\n`);
    assert.equal((await suggested()).description, 'cited by 2 of your 3 references · ✓ cited in the project');
    await closeAllEditors();
  });
  test('Recommend Papers Like These: the papers selected in the Papers view; "Not like this" asks again without one, remembering it', async () => {
    const { tree } = api.testing;
    const turing = await waitFor('Turing\'s row', async () => { const paper = await api.getPaper('turing1950'); return paper && tree.findPaper(paper.id); });
    const bundled = (await tree.getChildren((await tree.getChildren()).find(n => n.kind === 'group'))).slice(0, 2);
    // As VS Code runs a row's menu command: the row, then every row selected.
    await vscode.commands.executeCommand('papers.recommendLikeThese', turing, [turing, ...bundled]);
    const pick = await waitFor('the recommendations', () => { const p = api.testing.recommendedPick(); return p && p.items.length > 0 && p; }, 20000);
    assert.equal(pick.title, 'Papers like the 1 selected (2 of 3 have no arXiv id or DOI: left out)');
    const titles = () => pick.items.map(i => i.label.slice(0, 20));
    const first = titles();
    assert.ok(first.includes('On Computable Number') && first.includes('An Unsolvable Proble'), first.join('; '));
    const asked = await server.requestCount();
    await api.testing.notLikeThis(pick.items.find(i => i.label.startsWith('On Computable'))!);
    assert.ok(await server.requestCount() > asked, 'asked again');
    assert.deepEqual(titles(), first.filter(t => t !== 'On Computable Number'));
    // Asked again with both as negative examples: the first is not recommended again.
    await api.testing.notLikeThis(pick.items.find(i => i.label.startsWith('An Unsolvable'))!);
    assert.deepEqual(titles(), first.filter(t => t !== 'On Computable Number' && t !== 'An Unsolvable Proble'));
    assert.equal(pick.busy, false);
    // Enter opens the details of the one chosen.
    pick.selectedItems = [pick.items[0]];
    const chosen = pick.items[0].label;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await waitFor('its details', () => api.testing.details().snapshot?.title === chosen, 20000);
    await closeAllEditors();
  });
  test('the walk opens an arXiv paper into its models, datasets and Spaces on the Hub, each opening its page', async () => {
    const { tree, treeView } = api.testing;
    const node = await waitFor('Attention\'s row', async () => { const paper = await api.getPaper('vaswani2017attention'); return paper && tree.findPaper(paper.id); });
    await treeView.reveal(node, { expand: true, focus: false, select: false });
    const sections = await tree.getChildren(node);
    assert.deepEqual(sections.map(s => tree.getTreeItem(s).label), ['References', 'Cited by', 'Recommended', 'On Hugging Face']);
    const hub = sections[3];
    await treeView.reveal(hub, { expand: true, focus: false, select: false });
    const rows = await waitFor('the Hub\'s repositories', async () => { const r = await tree.getChildren(hub); return r.length > 0 && r; }, 20000);
    assert.deepEqual(rows.map(r => [tree.getTreeItem(r).label, tree.getTreeItem(r).description]), [
      ['papers-test/transformer-base', 'model · ↓ 120,345 · ♥ 210'], ['papers-test/transformer-big', 'model · ↓ 4,521 · ♥ 17'],
      ['papers-test/wmt14-en-de', 'dataset · ↓ 9,876 · ♥ 44'], ['papers-test/attention-visualised', 'Space · ♥ 310'],
    ]);
    assert.equal(tree.getTreeItem(hub).description, '4');
    // A click opens its page on the Hub in the browser; the command opens nothing else.
    const command = tree.getTreeItem(rows[2]).command!;
    assert.deepEqual([command.command, command.arguments], ['papers.openOnHub', [`${server.urls.huggingFace}/datasets/papers-test/wmt14-en-de`]]);
    assert.equal(await vscode.commands.executeCommand('papers.openOnHub', 'https://example.com/papers-test/transformer-base'), false);
    // A paper with a DOI and no arXiv id has no Hub node.
    const turing = await waitFor('Turing\'s row', async () => { const paper = await api.getPaper('turing1950'); return paper && tree.findPaper(paper.id); });
    assert.deepEqual((await tree.getChildren(turing)).map(s => tree.getTreeItem(s).label), ['References', 'Cited by', 'Recommended']);
  });
  test('a bundled paper (no id) is found on Semantic Scholar by its title, and only by the same title', async () => {
    const papers = await api.papers();
    const alpha = papers.find(p => p.title === 'AlphaBlock: Embodied Finetuning for Vision-Language Reasoning in Robot Manipulation')!;
    assert.deepEqual([alpha.doi, alpha.arxivId, alpha.web], [undefined, undefined, undefined], 'a bundled paper has no id');
    const view = await neighbourhoodOf(alpha.key, v => v.sections.length === 3 && v.sections.every(s => s.state === 'ready') && v.summary !== null, 'AlphaBlock found by its title');
    assert.deepEqual([view.unavailable, view.found, view.summary!.citations], [null, 'Found on Semantic Scholar by its title', 42]);
    assert.deepEqual(section(view, 'references').items.map(n => n.title.slice(0, 20)), ['On Computable Number', 'An Unsolvable Proble']);
    assert.equal((await server.requests()).filter(r => r.includes('/search/match')).length, 1);
    // The service's best match has another title: not taken.
    const openAgi = papers.find(p => p.title === 'OpenAGI: When LLM Meets Domain Experts')!;
    const refused = await neighbourhoodOf(openAgi.key, v => v.unavailable !== null, 'OpenAGI not taken');
    assert.match(refused.unavailable!, /^Semantic Scholar has no paper of exactly this title\. .*Look Up Authors/);
    assert.deepEqual([refused.found, refused.sections], [null, []]);
    // Asked again (the view opened again): the day's cache answers.
    await neighbourhoodOf(alpha.key, v => v.found !== null && v.sections.every(s => s.state === 'ready'), 'AlphaBlock again');
    assert.equal((await server.requests()).filter(r => r.includes('/search/match')).length, 2, 'one question for each title, once');
    await closeAllEditors();
  });

  test('the walk finds a bundled paper by its title; a neighbour that is a bundled paper shows once, as that paper with its key', async () => {
    const { tree, treeView } = api.testing;
    const expand = (node: Parameters<typeof treeView.reveal>[0]) => treeView.reveal(node, { expand: true, focus: false, select: false });
    const papers = await api.papers();
    const alpha = papers.find(p => p.title.startsWith('AlphaBlock: Embodied'))!;
    const actJepa = papers.find(p => p.title.startsWith('ACT-JEPA: Joint-Embedding'))!;
    const node = await waitFor('AlphaBlock\'s row', () => tree.findPaper(alpha.id));
    assert.equal(tree.getTreeItem(node).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed, 'a bundled paper (no id) opens');
    await expand(node);
    const [references, citations] = await tree.getChildren(node);
    await expand(references);
    const cited = await waitFor('AlphaBlock\'s references', async () => { const rows = await tree.getChildren(references); return rows.length > 0 && rows; }, 20000);
    assert.deepEqual(cited.map(n => String(tree.getTreeItem(n).label).slice(0, 20)), ['On Computable Number', 'An Unsolvable Proble']);
    await expand(citations);
    const citing = await waitFor('what cites AlphaBlock', async () => { const rows = await tree.getChildren(citations); return rows.length > 0 && rows; }, 20000);
    // The graph lists ACT-JEPA with no arXiv id or DOI: it is the bundled paper of that title, shown once, with its key.
    assert.deepEqual(citing.map(n => (n.kind === 'paper' ? [n.row.id, n.row.key] : tree.getTreeItem(n).label)), [[actJepa.id, actJepa.key]]);
    assert.ok(!(await api.papers()).some(p => p.id !== actJepa.id && p.title === actJepa.title), 'no second paper of its title joined the library');
    // It opens in turn, found by its title: its three sections ask the graph once; it has no paper of exactly that title.
    const [act] = citing;
    assert.equal(tree.getTreeItem(act).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    await expand(act);
    const sections = await tree.getChildren(act);
    const asked = (await server.requests()).filter(r => r.includes('/search/match')).length;
    await Promise.all(sections.map(expand));
    const notes = await Promise.all(sections.map(section => waitFor('ACT-JEPA\'s sections', async () => { const rows = await tree.getChildren(section); return rows.length > 0 && rows; }, 20000)));
    assert.deepEqual(notes.map(rows => rows.map(n => tree.getTreeItem(n).label)), Array(3).fill(['Semantic Scholar has no paper of exactly this title']));
    assert.equal((await server.requests()).filter(r => r.includes('/search/match')).length, asked + 1, 'one question for its title');
    await closeAllEditors();
  });
});
