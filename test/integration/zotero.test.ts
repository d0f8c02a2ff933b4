// The writer's Zotero library in the real VS Code, against a stand-in for Zotero's local API on
// 127.0.0.1 that answers with the recorded items of Zotero's Web API (test/support/zoteroServer.ts):
// never the internet, never a real Zotero. Turned on, its items are searched, completed inside
// \cite{}, hovered and cited like the writer's own entries, and citing one appends its entry; a
// Zotero that is not running, not open to other applications or too old is told once. The Papers
// view shows its collections, nested as Zotero nests them, with their works.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CiteResult } from '../../src/host/common/insertCitation';
import type { CollectionNode, NoteNode, PaperNode, TreeNode, ZoteroNode } from '../../src/host/common/treeNodes';
import type { ZoteroServer } from '../support/zoteroServer';
import { activate, closeAllEditors, hoverText, setSetting, waitFor, workspaceUri, writeText } from './helpers';
import { leaveZotero, openAtIn, readZotero, startZotero, supportModule } from './support/zotero';

type Api = Awaited<ReturnType<typeof activate>>;

const dir = (...path: string[]) => workspaceUri('zotero-tests', ...path);
const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));

const openAt = (name: string, text: string, needle: string) => openAtIn(dir(name), text, needle);

/** The recorded attachment of Zotero's Web API. */
const recordedAttachment = () => supportModule<typeof import('../support/zoteroServer')>('zoteroServer').recordedAttachment() as { key: string; links: Record<string, unknown>; data: Record<string, unknown> };

/** "Sherlock Holmes in Babylon" (R. Creighton Buck, 1980): its key made by our rules, as Zotero gives it none. */
const BUCK = 'rcreightonbuck1980sherlock';

suite('Zotero library', () => {
  let api: Api;
  let zotero: ZoteroServer;

  suiteSetup(async () => {
    api = await activate();
    zotero = await startZotero();
    await readZotero(api, zotero, dir(), BUCK);
  });

  suiteTeardown(() => leaveZotero(api, zotero, dir(), BUCK));

  test('turned on, every item of the library is read, a page at a time, and searched with the library\'s ranking', async () => {
    assert.equal(api.testing.zotero().items, 20);
    const pages = zotero.requests.filter(r => r.startsWith('/api/users/0/items/top?'));
    assert.deepEqual(pages.map(p => new URL(p, 'http://x').searchParams.get('start')), ['0', '8', '16'], 'three pages of at most eight (Zotero may give fewer than asked), until Total-Results are read');
    assert.ok(pages.every(p => /format=json/.test(p) && /include=data%2Ccsljson|include=data,csljson/.test(p)));
    const [best] = await api.search('Sherlock Holmes in Babylon', { limit: 1 });
    assert.equal(best?.key, BUCK);
    const paper = await api.getPaper(BUCK);
    assert.equal(paper?.venue, 'The American Mathematical Monthly');
    assert.equal(paper?.doi, '10.2307/2321200');
  });

  const zoteroNode = async () => (await api.testing.tree.getChildren()).find((n): n is ZoteroNode => n.kind === 'zotero');
  const children = (node: TreeNode) => api.testing.tree.getChildren(node);
  const named = (nodes: readonly TreeNode[], name: string) => nodes.find((n): n is CollectionNode => n.kind === 'collection' && n.collection.name === name)!;

  test('the Papers view shows the Zotero library\'s collections, nested as in Zotero, each with its works; a row opens its details', async () => {
    const node = await waitFor('the Zotero node', zoteroNode);
    assert.equal(api.testing.tree.getTreeItem(node).description, '20 items · 15 collections');
    const top = await children(node);
    assert.deepEqual(top.map(n => (n.kind === 'collection' ? n.collection.name : n.kind)), [
      'Humanities', 'LoC', 'Newspapers', 'Non-English items', 'pubmed', 'R-intro', 'Sciences (miscellaneous)', 'Sherlock Holmes',
      'test collection', 'UK Library catalogs', 'US Library Catalogs', 'Zotero features', 'Zotero techy stuff',
    ], 'the top collections by name; every item is filed, so there is no Unfiled Items');
    const [films] = await children(named(top, 'Non-English items'));
    assert.equal(films.kind === 'collection' && films.collection.name, 'sherlock films');
    assert.deepEqual((await children(films)).map(n => n.kind === 'paper' && n.row.title), ['Sherlock Holmes'], 'the artwork filed in the sub-collection');
    const holmes = named(top, 'Sherlock Holmes');
    assert.equal(api.testing.tree.getTreeItem(holmes).description, '20');
    const rows = (await children(holmes)) as PaperNode[];
    assert.equal(rows.length, 20);
    const buck = rows.find(r => r.row.key === BUCK)!;
    assert.equal(buck.row.title, 'Sherlock Holmes in Babylon');
    assert.equal(api.testing.tree.getParent(buck), holmes, 'reveal finds its way up');
    const command = api.testing.tree.getTreeItem(buck).command!;
    await vscode.commands.executeCommand(command.command, ...command.arguments ?? []);
    await waitFor('its details', () => api.testing.details().snapshot?.title === 'Sherlock Holmes in Babylon');
    assert.equal(await api.testing.tree.getChildren(named(top, 'R-intro')).then(c => c.length), 0, 'an empty collection is shown, empty');
    await closeAllEditors();
  });

  test('completing \\cite{ offers a Zotero item, and its hover says what it is', async () => {
    const text = '\\documentclass{article}\n\\begin{document}\nSee \\cite{Babylon}.\n\\bibliography{refs}\n\\end{document}\n';
    await writeText(dir('refs.bib'), '');
    const editor = await openAt('complete.tex', text, '\\cite{Babylon');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, editor.selection.active);
    const offered = list.items.filter(i => i.kind === vscode.CompletionItemKind.Reference).map(i => (i.label as vscode.CompletionItemLabel).description ?? i.insertText);
    assert.ok(offered.includes(BUCK), `offered: ${offered.slice(0, 10).join(', ')}`);
    const hovered = await openAt('hover.tex', text.replace('Babylon', BUCK), `\\cite{${BUCK.slice(0, 4)}`);
    const hover = await hoverText(hovered, hovered.selection.active);
    assert.match(hover, /Sherlock Holmes in Babylon/);
  });

  test('citing a Zotero item puts its key in and appends its entry to the document\'s bibliography, once', async () => {
    const before = '@book{doyle1887study,\n  title = {A Study in Scarlet},\n  year = {1887}\n}\n';
    await writeText(dir('cite.bib'), before);
    const editor = await openAt('cite.tex', '\\documentclass{article}\n\\begin{document}\nHolmes HERE.\n\\bibliography{cite}\n\\end{document}\n', 'Holmes ');
    const result = await vscode.commands.executeCommand<CiteResult>('papers.insertCitation', BUCK);
    assert.equal(result?.inserted, 1);
    assert.match(editor.document.getText(), new RegExp(`Holmes \\\\cite\\{${BUCK}\\}HERE`));
    const bib = await read(dir('cite.bib'));
    assert.ok(bib.startsWith(before), 'appended, never rewritten');
    const added = bib.slice(before.length);
    assert.match(added, new RegExp(`@article\\{${BUCK},`));
    assert.match(added, /author\s*= \{R\. Creighton Buck\}|author\s*= \{\{R\. Creighton Buck\}\}|author\s*= \{Buck, R\. Creighton\}/);
    assert.match(added, /journal\s*= \{The American Mathematical Monthly\}/);
    assert.match(added, /doi\s*= \{10\.2307\/2321200\}/);
    await vscode.commands.executeCommand('papers.insertCitation', BUCK);
    assert.equal(await read(dir('cite.bib')), bib, 'cited again: the entry is there already');
  });

  /** Its notes and attachments as Zotero lists them: a note (the recordings have none: its shape is the Web API's, documented), the recorded snapshot, and a PDF. */
  function childrenOf(parent: string, pdf: { key: string; href: string }): Record<string, unknown>[] {
    const snapshot = { ...recordedAttachment(), key: 'SNAP0001' };
    snapshot.data = { ...snapshot.data, key: 'SNAP0001', parentItem: parent };
    const note = { ...snapshot, key: 'NOTE0001', links: {}, data: { key: 'NOTE0001', version: 2, itemType: 'note', parentItem: parent, tags: [],
      note: '<div data-schema-version="8"><h1>Reading notes</h1><p>Proceedings &amp; <b>Liverpool</b> &lt;1993&gt;</p><p><script>alert(1)</script>See <a href="https://example.org">chapter 3</a></p></div>' } };
    const file = { ...snapshot, key: pdf.key, links: { ...snapshot.links, enclosure: { href: pdf.href, type: 'application/pdf' } },
      data: { ...snapshot.data, key: pdf.key, contentType: 'application/pdf', linkMode: 'imported_file', filename: 'craven1993.pdf', title: 'Full Text PDF' } };
    return [note, snapshot, file];
  }

  test('the details of a Zotero item show its fields, tags and notes as text; Open PDF hands Zotero its PDF, Open PDF in VS Code opens the file, Show in Zotero selects it', async () => {
    const pdf = dir('storage', 'PDF00001', 'craven1993.pdf');
    await vscode.workspace.fs.writeFile(pdf, new TextEncoder().encode('%PDF-1.4\n%%EOF\n'));
    zotero.children.X42A7DEE = childrenOf('X42A7DEE', { key: 'PDF00001', href: pdf.toString() });
    const id = 'zotero-x42a7dee';
    await vscode.commands.executeCommand('papers.openPaper', id);
    const view = await waitFor('its Zotero details', () => { const z = api.testing.details().zotero; return z?.id === id && z.state !== 'loading' && z; });
    assert.equal(view.state, 'ready', view.message ?? '');
    assert.ok(zotero.requests.includes('/api/users/0/items/X42A7DEE/children?format=json'), 'its children asked of Zotero when the details opened');
    assert.deepEqual(view.tags, ['Analysis', 'Congresses', 'Electron microscopy', 'Materials', 'Microscopy']);
    assert.deepEqual(view.notes, ['Reading notes\nProceedings & Liverpool <1993>\nSee chapter 3'], 'the note as text: no markup, no script');
    const field = (label: string) => view.fields.find(f => f.label === label)?.value;
    assert.equal(field('Item Type'), 'Book');
    assert.equal(field('Author'), 'Institute of Physics (Great Britain)');
    assert.match(field('Contributors') ?? '', /^A\. J Craven; Institute of Physics/);
    assert.equal(field('Publisher'), 'Institute of Physics Pub');
    assert.equal(field('Place'), 'Bristol, UK');
    assert.equal(field('ISBN'), '0750303212');
    assert.equal(field('# of Pages'), '546');
    assert.equal(field('Date'), '1993');
    assert.deepEqual(view.pdf, { title: 'Full Text PDF', local: true });

    const act = (action: string) => api.testing.detailsMessageOpening({ type: 'zotero', id, action });
    assert.deepEqual(await act('openPdf'), ['zotero://open-pdf/library/items/PDF00001'], 'the PDF attachment, not the snapshot');
    assert.deepEqual(await api.testing.detailsMessageOpening({ type: 'openPdf', id }), ['zotero://open-pdf/library/items/PDF00001'], 'the paper\'s Open PDF opens it too');
    assert.deepEqual(await act('showInZotero'), ['zotero://select/library/items/X42A7DEE']);
    assert.deepEqual(await act('openPdfHere'), [], 'the file is opened in VS Code, not handed to the system');
    await waitFor('the PDF in an editor tab', () => vscode.window.tabGroups.all.flatMap(g => g.tabs).some(t => (t.input as { uri?: vscode.Uri } | undefined)?.uri?.toString() === pdf.toString()));
    assert.deepEqual(await api.testing.detailsMessageOpening({ type: 'zotero', id: 'zotero-z8n84qaj', action: 'showInZotero' }), [], 'only the item shown');
    await closeAllEditors();
  });

  test('a cited Zotero item, now an entry of the writer: its details still come from Zotero; an answer Papers cannot read is said, and Retry reads it again', async () => {
    const paper = (await api.getPaper(BUCK))!;
    assert.ok(!paper.id.startsWith('zotero-'), 'the writer\'s entry (appended when it was cited)');
    zotero.children.PQKBRC33 = [{ key: 'not a key', data: {} }];
    await vscode.commands.executeCommand('papers.openPaper', paper.id);
    const failed = await waitFor('the error', () => { const z = api.testing.details().zotero; return z?.id === paper.id && z.state === 'error' && z; });
    assert.match(failed.message ?? '', /^Could not read its notes and attachments\. Zotero at .* answered in a way Papers cannot read \(children: /);
    assert.equal(failed.fields.find(f => f.label === 'Publication')?.value, 'The American Mathematical Monthly', 'its own fields are shown all the same');
    // As the recording has it: the file on zotero.org, not on this computer; a PDF all the same.
    const attachment = recordedAttachment();
    zotero.children.PQKBRC33 = [{ ...attachment, data: { ...attachment.data, contentType: 'application/pdf', parentItem: 'PQKBRC33' } }];
    await api.testing.detailsMessage({ type: 'zotero', id: paper.id, action: 'retry' });
    const view = await waitFor('read again', () => { const z = api.testing.details().zotero; return z?.state === 'ready' && z; });
    assert.deepEqual(view.pdf, { title: '1641 Depositions', local: false }, 'no file here: only Zotero opens it');
    assert.deepEqual(view.notes, []);
    assert.deepEqual(await api.testing.detailsMessageOpening({ type: 'zotero', id: paper.id, action: 'openPdf' }), ['zotero://open-pdf/library/items/TM8QRS36']);
    const warned = api.testing.warnings().length;
    assert.deepEqual(await api.testing.detailsMessageOpening({ type: 'zotero', id: paper.id, action: 'openPdfHere' }), []);
    assert.deepEqual(api.testing.warnings().slice(warned), [`The PDF of ${BUCK} is not on this computer: open it in Zotero.`]);
    await closeAllEditors();
  });

  test('a cited key only Zotero has: the hover says so, and "Add from Zotero to references.bib" appends exactly its entry as one undo step; then nothing is offered', async () => {
    const key = (await api.getPaper('zotero-z8n84qaj'))!.key;
    const bib = dir('fix', 'references.bib');
    const before = '@book{doyle1887study,\n  title = {A Study in Scarlet},\n  year = {1887}\n}\n';
    await writeText(bib, before);
    const text = `\\documentclass{article}\n\\begin{document}\nAnnotated \\cite{${key}}.\n\\bibliography{references}\n\\end{document}\n`;
    await writeText(dir('fix', 'annotated.tex'), text);
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(dir('fix', 'annotated.tex')));
    const ours = () => vscode.languages.getDiagnostics(editor.document.uri).filter(d => d.source === 'Papers');
    const [missing] = await waitFor('the key not in the bibliography', () => { const d = ours(); return d.length === 1 && d; }, 15000);
    assert.equal(editor.document.getText(missing.range), key);
    const hover = await hoverText(editor, missing.range.start.translate(0, 1));
    assert.match(hover, /The Annotated Sherlock Holmes/);
    assert.match(hover, /Doyle/);
    assert.match(hover, /1992/);
    assert.match(hover, /From your Zotero library: not yet in the bibliography/);

    const fixesAt = (range: vscode.Range) => vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', editor.document.uri, range, vscode.CodeActionKind.QuickFix.value);
    const fixes = await fixesAt(missing.range);
    const add = fixes.find(f => f.title === 'Add from Zotero to zotero-tests/fix/references.bib');
    assert.ok(add?.command, `the fixes offered: ${fixes.map(f => f.title).join(' | ')}`);
    assert.equal(add.isPreferred, true);
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand('papers.copyBibtex', 'zotero-z8n84qaj');
    const entry = await vscode.env.clipboard.readText();
    assert.match(entry, new RegExp(`^@book\\{${key},`));
    await vscode.commands.executeCommand(add.command.command, ...(add.command.arguments ?? []));
    const after = await read(bib);
    assert.ok(after.startsWith(before), 'only appended to');
    assert.equal(after.slice(before.length).trim(), entry.trim(), 'exactly the item\'s entry');
    assert.equal(editor.document.getText(), text, 'the document is not changed');
    // One undo in the bibliography takes it all back; redone, it stays.
    const opened = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(bib));
    await vscode.commands.executeCommand('undo');
    assert.equal(opened.document.getText(), before);
    await vscode.commands.executeCommand('redo');
    assert.equal(opened.document.getText(), after);
    await opened.document.save();
    await waitFor('the warning gone', () => ours().length === 0, 15000);
    assert.deepEqual((await fixesAt(missing.range)).filter(f => f.title.startsWith('Add ')).map(f => f.title), [], 'a second time, nothing is offered');
    await vscode.commands.executeCommand('papers.addMissingEntries', editor.document.uri);
    assert.equal(await read(bib), after, 'nor added');
    await closeAllEditors();
  });

  test('an item added in Zotero joins on Refresh Zotero Library, under the key Better BibTeX gave it', async () => {
    zotero.add('NEWITEM1', 'Moriarty and the Dynamics of an Asteroid', 'moriarty1880asteroid');
    await vscode.commands.executeCommand('papers.refreshZotero');
    const paper = await waitFor('the new item in the library', () => api.getPaper('moriarty1880asteroid'))
      .catch((error: Error) => { throw new Error(`${error.message}; Zotero: ${JSON.stringify(api.testing.zotero())}; asked: ${zotero.requests.join(' ')}`); });
    assert.equal(paper.title, 'Moriarty and the Dynamics of an Asteroid');
    assert.equal(api.testing.zotero().items, 21);
    // The view shows it in the collection Zotero filed it in.
    const holmes = named(await children((await zoteroNode())!), 'Sherlock Holmes');
    assert.ok((await children(holmes)).some(n => n.kind === 'paper' && n.row.key === 'moriarty1880asteroid'));
  });

  test('what changed in Zotero since it was last read is all that is asked for: a retitled item keeps its key, a deleted one leaves; nothing changed costs one "not modified"', async () => {
    const titleOf = async (words: string) => (await api.search(words, { limit: 1 }))[0];
    const crime = await titleOf('Form and Ideology in Crime Fiction');
    assert.equal(crime?.title, 'Form and Ideology in Crime Fiction');
    assert.equal((await titleOf('Biostatistics Experimental Design Statistical Inference'))?.title, 'Biostatistics: Experimental Design and Statistical Inference');
    const asked = zotero.requests.length;
    zotero.retitle('ICK5M93W', 'Form and Ideology in Detective Fiction');
    zotero.remove('9AIAUW49');
    await vscode.commands.executeCommand('papers.refreshZotero');
    assert.deepEqual(zotero.requests.slice(asked).map(r => r.replace(/\?.*/, '') + (r.includes('itemKey=') ? ` ${new URL(r, 'http://x').searchParams.get('itemKey')}` : '')), [
      '/api/users/0/items/top', '/api/users/0/items ICK5M93W', '/api/users/0/collections', '/api/users/0/collections',
      '/api/users/0/publications/items/top', '/api/users/0/groups', '/better-bibtex/json-rpc',
    ], 'the versions, the one changed item by its key, the collections (two pages of at most eight), My Publications (the library changed), the groups (none here), and Better BibTeX once (not installed here: 404)');
    assert.equal(api.testing.zotero().items, 20);
    const detective = await waitFor('the new title searched', async () => { const found = await titleOf('Form and Ideology in Detective Fiction'); return found?.title === 'Form and Ideology in Detective Fiction' && found; });
    assert.equal(detective.key, crime.key, 'its key is the one it had');
    assert.notEqual((await titleOf('Biostatistics Experimental Design Statistical Inference'))?.title, 'Biostatistics: Experimental Design and Statistical Inference', 'the deleted item is no longer found');
    const node = (await zoteroNode())!;
    const shown = await children(node);
    const again = zotero.requests.length;
    await vscode.commands.executeCommand('papers.refreshZotero');
    assert.deepEqual(zotero.requests.slice(again), ['/api/users/0/items/top?format=versions', '/api/users/0/groups?format=json&limit=100&start=0'],
      'nothing changed: one question, answered 304, and the groups Zotero syncs (a group joined is read)');
    assert.equal(await children(node), shown, 'and the Zotero node is not drawn again');
    assert.equal(api.testing.zotero().problem, undefined);
  });

  test('a Zotero that does not let other applications in, or is too old, is told once each, and its items stay; focus soon after does not ask again', async () => {
    const told = api.testing.zotero().told.length;
    zotero.mode = 'not-enabled';
    await vscode.commands.executeCommand('papers.refreshZotero');
    await vscode.commands.executeCommand('papers.refreshZotero');
    const afterForbidden = api.testing.zotero().told.slice(told);
    assert.equal(afterForbidden.length, 1, `told: ${afterForbidden.join(' | ')}`);
    assert.match(afterForbidden[0], /Settings › Advanced, enable "Allow other applications on this computer to communicate with Zotero"/);
    // The Zotero node says it too, above the collections read before; a click asks again.
    const node = (await zoteroNode())!;
    assert.equal(api.testing.tree.getTreeItem(node).description, 'closed to other applications');
    const [note] = (await children(node)) as NoteNode[];
    assert.deepEqual([note.kind, note.label, note.command?.command], ['note', afterForbidden[0], 'papers.refreshZotero']);
    zotero.mode = 'too-old';
    await vscode.commands.executeCommand('papers.refreshZotero');
    const afterOld = api.testing.zotero().told.slice(told);
    assert.equal(afterOld.length, 2);
    assert.match(afterOld[1], /update to Zotero 7 or later/);
    assert.ok(await api.getPaper(BUCK), 'what was read before is still searched');
    zotero.mode = 'serving';
    await vscode.commands.executeCommand('papers.refreshZotero');
    assert.equal(api.testing.zotero().problem, undefined);
    // The window gets focus again at once: Zotero was asked a moment ago, so it is not asked again.
    const asked = zotero.requests.length;
    await api.testing.zoteroFocus();
    assert.equal(zotero.requests.length, asked, 'no request on a focus so soon after the last one');
  });

  test('a Zotero that is not running is told once, and the rest of Papers goes on', async () => {
    const told = api.testing.zotero().told.length;
    // Nothing listens where Zotero was: the connection is refused.
    const { url } = zotero;
    await zotero.close();
    await vscode.commands.executeCommand('papers.refreshZotero');
    assert.equal(api.testing.zotero().problem, 'not-running');
    const messages = api.testing.zotero().told.slice(told);
    assert.equal(messages.length, 1);
    assert.match(messages[0], new RegExp(`could not reach Zotero at ${url.replace(/[.]/g, '\\.')}: start Zotero`));
    await vscode.commands.executeCommand('papers.refreshZotero');
    assert.equal(api.testing.zotero().told.length, told + 1, 'not told again');
    // Search, completion and the rest go on: the bundled papers are there.
    assert.ok((await api.search('agents', { limit: 1 })).length);
    zotero = await startZotero();
    await setSetting('zotero.url', zotero.url);
    await waitFor('Zotero read again at its new address', () => (api.testing.zotero().problem === undefined ? true : undefined), 20000);
  });

  test('a library larger than what crosses to the engine at once is read whole, a chunk at a time: every item searched', async () => {
    // 2,500 items in pages of 100, as a large Zotero answers: five chunks of at most 500 (ZOTERO_CHUNK).
    const many = Array.from({ length: 2500 }, (_, i) => {
      const model = zotero.items[i % zotero.items.length] as { data: Record<string, unknown> };
      const key = `L${String(i).padStart(7, '0')}`;
      return { ...model, key, version: 1, data: { ...model.data, key, title: `Large library item number ${i}`, citationKey: `large${i}` } };
    });
    const large = await startZotero(100);
    try {
      large.items = many;
      await setSetting('zotero.url', large.url);
      await waitFor('the large library read', () => (api.testing.zotero().items === 2500 ? true : undefined), 60000)
        .catch((error: Error) => { throw new Error(`${error.message}; Zotero: ${JSON.stringify(api.testing.zotero())}`); });
      for (const i of [0, 999, 1000, 2499]) assert.equal((await api.getPaper(`large${i}`))?.title, `Large library item number ${i}`, `item ${i}`);
      const [before] = await api.search('Form and Ideology in Detective Fiction', { limit: 1 });
      assert.notEqual(before?.title, 'Form and Ideology in Detective Fiction', 'the library read before is replaced, not added to');
    } finally {
      await setSetting('zotero.url', zotero.url);
      await waitFor('the first Zotero read again', async () => (await api.getPaper(BUCK)) !== undefined, 30000);
      await large.close();
    }
  });

  test('a Zotero found listening while Papers does not read it: the writer is asked; Turn On reads it, Not Now leaves it off; nothing listening, nothing asked', async () => {
    const enabled = () => vscode.workspace.getConfiguration('papers').get<boolean>('zotero.enabled');
    try {
      await setSetting('zotero.enabled', false);
      await waitFor('Zotero\'s items out of the library', () => (api.testing.zotero().items === 0 ? true : undefined), 20000);
      const later = await api.testing.zoteroPrompt('Not Now');
      assert.equal(later.result, 'asked');
      assert.equal(later.asked.length, 1);
      assert.match(later.asked[0].message, /^Zotero is running on this computer\. Search and cite your Zotero library in Papers, without exporting it\?/);
      assert.deepEqual(later.asked[0].choices, ['Turn On', 'Not Now']);
      assert.equal(enabled(), false, 'Not Now leaves it off');
      const on = await api.testing.zoteroPrompt('Turn On');
      assert.equal(on.result, 'asked');
      assert.equal(enabled(), true);
      await waitFor('the library read once turned on', () => (api.testing.zotero().items > 0 ? true : undefined), 20000);
      assert.deepEqual(await api.testing.zoteroPrompt('Turn On'), { result: 'not asked', asked: [] }, 'on already: not asked');
      // Nothing listens there: nothing is asked.
      await setSetting('zotero.enabled', false);
      await setSetting('zotero.url', 'http://127.0.0.1:9');
      assert.deepEqual(await api.testing.zoteroPrompt('Turn On'), { result: 'not found', asked: [] });
      assert.equal(enabled(), false);
    } finally {
      await setSetting('zotero.url', zotero.url);
      await setSetting('zotero.enabled', true);
      await waitFor('Zotero read again', () => (api.testing.zotero().items > 0 && api.testing.zotero().problem === undefined ? true : undefined), 20000);
    }
  });
});
