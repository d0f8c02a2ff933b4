// The writer's Zotero group libraries and My Publications in the real VS Code, against the stand-in
// for Zotero's local API (test/support/zoteroServer.ts): a group whose record is the recorded
// `/users/N/groups` answer, holding recorded items given as the group's, one of them under the same
// item key as one of the writer's own (Zotero's keys are unique within one library only); a second
// group that answers an error. Its items are searched, completed, cited and opened like the
// writer's own, and the Papers view shows My Publications and the group with its collection.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CiteResult } from '../../src/host/common/insertCitation';
import type { CollectionNode, PaperNode, TreeNode, ZoteroNode } from '../../src/host/common/treeNodes';
import type { GroupStandIn, ZoteroServer } from '../support/zoteroServer';
import { activate, closeAllEditors, waitFor, workspaceUri, writeText } from './helpers';
import { leaveZotero, openAtIn, readZotero, startZotero, supportModule } from './support/zotero';

type Api = Awaited<ReturnType<typeof activate>>;

const dir = (...path: string[]) => workspaceUri('zotero-groups-tests', ...path);
const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
const server = () => supportModule<typeof import('../support/zoteroServer')>('zoteroServer');

/** The recorded group's id (smart_cities). */
const GROUP = 169947;
/** "Sherlock Holmes in Babylon", the writer's own item (PQKBRC33), in My Publications here. */
const BUCK = 'rcreightonbuck1980sherlock';

type Item = Record<string, unknown> & { data: Record<string, unknown> };

/** A recorded item made another: its key, title, first author, year, collections and citation key (none: a key is made). */
function made(model: Item, key: string, title: string, author: string, year: string, collections: string[], citationKey?: string): Item {
  return {
    ...model, key, version: 1, meta: { parsedDate: year },
    data: { ...model.data, key, version: 1, title, date: year, collections, creators: [{ creatorType: 'author', firstName: 'Ada', lastName: author }], extra: '', ...(citationKey ? { citationKey } : {}) },
  };
}

suite('Zotero group libraries', () => {
  let api: Api;
  let zotero: ZoteroServer;
  let group: GroupStandIn;
  let broken: GroupStandIn;

  suiteSetup(async () => {
    api = await activate();
    zotero = await startZotero();
    const model = zotero.items.find(i => i.key === 'X42A7DEE') as Item;
    const sensors = { ...server().recordedCollections()[0], key: 'SENS0001', data: { key: 'SENS0001', version: 1, name: 'Sensors', parentCollection: false, relations: {} } };
    // X42A7DEE is also the writer's own "Electron Microscopy and Analysis 1993": the group's is another work.
    group = new (server().GroupStandIn)(GROUP, 'smart_cities', [
      made(model, 'X42A7DEE', 'Urban Sensing with Street Lamps', 'Lovelace', '2019', ['SENS0001']),
      made(model, 'GRPSC001', 'Traffic Flow in Smart Cities', 'Okafor', '2021', ['SENS0001'], 'okafor2021traffic'),
      made(model, 'GRPSC002', 'Open Data Portals of Cities', 'Ng', '2020', [], 'ng2020portals'),
    ], [sensors]);
    broken = new (server().GroupStandIn)(4242, 'Broken lab', [made(model, 'BRKN0001', 'Lab Notebook Protocols', 'Byron', '2022', [], 'byron2022protocols')], []);
    broken.failing = true;
    zotero.groups = [group, broken];
    zotero.publications = ['PQKBRC33'];
    await readZotero(api, zotero, dir(), BUCK);
    await waitFor('the group\'s items in the library', () => api.testing.zotero(`${GROUP}/GRPSC002`).key, 20000);
  });

  suiteTeardown(() => leaveZotero(api, zotero, dir(), BUCK));

  const zoteroNode = async () => (await api.testing.tree.getChildren()).find((n): n is ZoteroNode => n.kind === 'zotero');
  const children = (node: TreeNode) => api.testing.tree.getChildren(node);
  const named = (nodes: readonly TreeNode[], name: string) => nodes.find((n): n is CollectionNode => n.kind === 'collection' && n.collection.name === name)!;
  const titles = (nodes: readonly TreeNode[]) => nodes.map(n => (n.kind === 'paper' ? n.row.title : n.kind === 'collection' ? `[${n.collection.name}]` : n.kind));

  test('the group is read beside the writer\'s library; a group that answers an error is told once, and the rest is read', async () => {
    assert.equal(api.testing.zotero().items, 23, 'twenty of the writer\'s, three of the group\'s');
    assert.ok(zotero.requests.some(r => r.startsWith(`/api/groups/${GROUP}/items/top?`)), 'the group\'s items asked of its own library');
    const told = api.testing.zotero().told.filter(m => m.includes('Broken lab'));
    assert.equal(told.length, 1, told.join(' | '));
    assert.match(told[0], /^Papers could not read the Zotero group "Broken lab": Zotero at .* \(HTTP 500\)\..* Your other Zotero libraries are read/);
    assert.equal(api.testing.zotero().problem, undefined, 'Zotero itself is fine');
    // One item key, two libraries: two papers, two keys.
    const own = api.testing.zotero('X42A7DEE').key!;
    const theirs = api.testing.zotero(`${GROUP}/X42A7DEE`).key!;
    assert.equal(theirs, 'lovelace2019urban', 'made by our rules, from the group\'s item');
    assert.notEqual(own, theirs);
    assert.equal(api.testing.zotero(`${GROUP}/X42A7DEE`).kept, theirs, 'kept for the group\'s item, by its group and key');
    assert.equal((await api.getPaper(theirs))?.id, `zotero-g${GROUP}-x42a7dee`);
    assert.match((await api.getPaper(own))?.title ?? '', /^Electron Microscopy and Analysis 1993/);
    const [best] = await api.search('Traffic Flow in Smart Cities', { limit: 1 });
    assert.equal(best?.key, 'okafor2021traffic');
  });

  test('the Zotero node shows My Publications and the group with its collection and items, after the writer\'s collections', async () => {
    const node = await waitFor('the Zotero node', zoteroNode);
    assert.equal(api.testing.tree.getTreeItem(node).description, '23 items · 15 collections · 1 group');
    const top = await children(node);
    assert.deepEqual(titles(top).slice(-3), ['[Zotero techy stuff]', '[My Publications]', '[smart_cities]'], 'the writer\'s collections, My Publications, then the group');
    const publications = named(top, 'My Publications');
    assert.equal((api.testing.tree.getTreeItem(publications).iconPath as vscode.ThemeIcon).id, 'book');
    assert.deepEqual(titles(await children(publications)), ['Sherlock Holmes in Babylon']);
    const lab = named(top, 'smart_cities');
    assert.equal(api.testing.tree.getTreeItem(lab).description, '3');
    assert.equal((api.testing.tree.getTreeItem(lab).iconPath as vscode.ThemeIcon).id, 'organization');
    const inGroup = await children(lab);
    assert.deepEqual(titles(inGroup), ['[Sensors]', 'Open Data Portals of Cities'], 'its collections, then its unfiled items');
    const sensors = named(inGroup, 'Sensors');
    assert.equal(sensors.id, `zotero/groups/${GROUP}/SENS0001`);
    const rows = (await children(sensors)) as PaperNode[];
    assert.deepEqual(titles(rows), ['Traffic Flow in Smart Cities', 'Urban Sensing with Street Lamps'], 'the group\'s X42A7DEE, not the writer\'s');
    assert.equal(api.testing.tree.getParent(rows[0]), sensors);
  });

  test('completing \\cite{ offers a group\'s item, and citing it appends its entry', async () => {
    const key = 'lovelace2019urban';
    const before = '@book{doyle1887study,\n  title = {A Study in Scarlet},\n  year = {1887}\n}\n';
    await writeText(dir('refs.bib'), before);
    const text = '\\documentclass{article}\n\\begin{document}\nSee \\cite{Urban}.\n\\bibliography{refs}\n\\end{document}\n';
    const editor = await openAtIn(dir('cite.tex'), text, '\\cite{Urban');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, editor.selection.active);
    const offered = list.items.filter(i => i.kind === vscode.CompletionItemKind.Reference).map(i => (i.label as vscode.CompletionItemLabel).description ?? i.insertText);
    assert.ok(offered.includes(key), `offered: ${offered.slice(0, 10).join(', ')}`);
    const at = editor.document.positionAt(text.indexOf('See ') + 4);
    editor.selection = new vscode.Selection(at, at);
    const result = await vscode.commands.executeCommand<CiteResult>('papers.insertCitation', key);
    assert.equal(result?.inserted, 1);
    assert.match(editor.document.getText(), new RegExp(`See \\\\cite\\{${key}\\}`));
    const bib = await read(dir('refs.bib'));
    assert.ok(bib.startsWith(before), 'appended, never rewritten');
    assert.match(bib.slice(before.length), new RegExp(`@book\\{${key},[\\s\\S]*title\\s*= \\{\\{?Urban Sensing with Street Lamps\\}?\\}`));
    await closeAllEditors();
  });

  test('a group item\'s details come from the group\'s library: Open PDF and Show in Zotero name the group', async () => {
    const attachment = server().recordedAttachment() as Item;
    group.children.GRPSC001 = [{ ...attachment, key: 'PDF00002', data: { ...attachment.data, key: 'PDF00002', contentType: 'application/pdf', parentItem: 'GRPSC001' } }];
    const id = `zotero-g${GROUP}-grpsc001`;
    await vscode.commands.executeCommand('papers.openPaper', id);
    const view = await waitFor('its Zotero details', () => { const z = api.testing.details().zotero; return z?.id === id && z.state !== 'loading' && z; });
    assert.equal(view.state, 'ready', view.message ?? '');
    assert.ok(zotero.requests.includes(`/api/groups/${GROUP}/items/GRPSC001/children?format=json`), 'its children asked of the group\'s library');
    assert.equal(view.fields.find(f => f.label === 'Author')?.value, 'Ada Okafor');
    const act = (action: string) => api.testing.detailsMessageOpening({ type: 'zotero', id, action });
    assert.deepEqual(await act('openPdf'), [`zotero://open-pdf/groups/${GROUP}/items/PDF00002`]);
    assert.deepEqual(await act('showInZotero'), [`zotero://select/groups/${GROUP}/items/GRPSC001`]);
    await closeAllEditors();
  });

  test('a group\'s item changed in Zotero appears after the next focus, asked of that group alone; the broken group, mended, is read then', async () => {
    group.retitle('GRPSC002', 'Open Data Portals of European Cities');
    broken.failing = false;
    const asked = zotero.requests.length;
    // The window gets focus (again, until Papers asks: at most every 3 s once Zotero was read).
    const paper = await waitFor('the retitled group item', async () => {
      await api.testing.zoteroFocus();
      const found = await api.getPaper('ng2020portals');
      return found?.title === 'Open Data Portals of European Cities' && found;
    }, 15000);
    assert.equal(paper.id, `zotero-g${GROUP}-grpsc002`);
    const since = zotero.requests.slice(asked);
    assert.ok(since.some(r => r.startsWith(`/api/groups/${GROUP}/items?`) && r.includes('itemKey=GRPSC002')), `the one changed item by its key: ${since.join(' ')}`);
    assert.ok(!since.some(r => r.startsWith(`/api/groups/${GROUP}/items/top?format=json`)), 'the group is not read whole again');
    assert.equal((await api.getPaper('byron2022protocols'))?.title, 'Lab Notebook Protocols', 'the group that failed is read now');
    assert.equal(api.testing.zotero().told.filter(m => m.includes('Broken lab')).length, 1, 'and was told of once');
    assert.equal(api.testing.zotero().items, 24);
  });
});
