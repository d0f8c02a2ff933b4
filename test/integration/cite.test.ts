import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CiteResult } from '../../src/host/common/insertCitation';
import { activate, closeAllEditors, setSetting, waitFor, workspaceUri, writeText } from './helpers';

type Api = Awaited<ReturnType<typeof activate>>;

const dir = (...path: string[]) => workspaceUri('cite-tests', ...path);
const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));

/** Opens `name` with `text`, and puts a cursor at every "|" (which is removed). */
async function openWithCursors(name: string, text: string): Promise<vscode.TextEditor> {
  const uri = dir(name);
  await writeText(uri, text.replace(/\|/g, ''));
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc);
  const offsets: number[] = [];
  for (let i = 0, removed = 0; i < text.length; i++) if (text[i] === '|') offsets.push(i - removed++);
  editor.selections = offsets.map(o => new vscode.Selection(doc.positionAt(o), doc.positionAt(o)));
  return editor;
}

async function cite(key: string): Promise<CiteResult | undefined> {
  return vscode.commands.executeCommand<CiteResult>('papers.insertCitation', key);
}

async function undo(editor: vscode.TextEditor): Promise<void> {
  await vscode.window.showTextDocument(editor.document);
  await vscode.commands.executeCommand('undo');
}

suite('Insert Citation', () => {
  suiteSetup(async () => {
    await activate();
    await vscode.workspace.fs.createDirectory(dir());
    await setSetting('bibliography.update', false, vscode.ConfigurationTarget.Workspace);
  });

  suiteTeardown(async () => {
    await setSetting('bibliography.update', undefined, vscode.ConfigurationTarget.Workspace);
    await setSetting('citation.latexCommand', undefined);
    await closeAllEditors();
  });

  test('LaTeX: every cursor gets \\cite{key}, and one undo takes it all back', async () => {
    const before = 'One |claim.\nAnother |claim.\n';
    const editor = await openWithCursors('one.tex', before);
    const result = await cite('ReAct2022');
    assert.equal(result?.inserted, 2);
    assert.equal(editor.document.getText(), 'One \\cite{ReAct2022}claim.\nAnother \\cite{ReAct2022}claim.\n');
    await undo(editor);
    assert.equal(editor.document.getText(), before.replace(/\|/g, ''));
  });

  test('LaTeX: inside an existing citation the key joins it, and is never added twice', async () => {
    const editor = await openWithCursors('join.tex', 'See \\citep[p.~3]{TULU3,OLMo2Furious|} and \\cite{ReAct2022|}.\n');
    await cite('tau2Bench');
    assert.equal(editor.document.getText(), 'See \\citep[p.~3]{TULU3,OLMo2Furious,tau2Bench} and \\cite{ReAct2022,tau2Bench}.\n');
    editor.selection = new vscode.Selection(editor.document.positionAt(40), editor.document.positionAt(40));
    const again = await cite('tau2Bench');
    assert.deepEqual(again?.present, ['tau2Bench']);
    assert.equal(editor.document.getText(), 'See \\citep[p.~3]{TULU3,OLMo2Furious,tau2Bench} and \\cite{ReAct2022,tau2Bench}.\n');
  });

  test('LaTeX: the command is configurable', async () => {
    await setSetting('citation.latexCommand', 'citep');
    const editor = await openWithCursors('citep.tex', 'Text |.\n');
    await cite('VerlTool');
    assert.equal(editor.document.getText(), 'Text \\citep{VerlTool}.\n');
    await setSetting('citation.latexCommand', undefined);
  });

  test('Markdown: [@key] at several cursors, joining [@a|] into [@a; @key], selected text replaced', async () => {
    const editor = await openWithCursors('notes.md', '# Notes\n\nAs shown |here [@ReAct2022|].\n');
    const doc = editor.document;
    const start = doc.positionAt(doc.getText().indexOf('here'));
    editor.selections = [new vscode.Selection(start, start.translate(0, 4)), editor.selections[1]];
    await cite('TULU3');
    assert.equal(doc.getText(), '# Notes\n\nAs shown [@TULU3] [@ReAct2022; @TULU3].\n');
    await undo(editor);
    assert.equal(doc.getText(), '# Notes\n\nAs shown here [@ReAct2022].\n');
  });

  test('Typst: @key', async () => {
    const editor = await openWithCursors('draft.typ', 'As in |, and |.\n');
    assert.equal(editor.document.languageId, 'typst');
    await cite('OSWorld');
    assert.equal(editor.document.getText(), 'As in @OSWorld, and @OSWorld.\n');
  });

  test('plain text gets a readable reference: title, organisation, year, link', async () => {
    const editor = await openWithCursors('notes.txt', 'Read: |\n');
    await cite('VerlTool');
    const text = editor.document.getText();
    assert.match(text, /^Read: VerlTool: Towards Holistic Agentic Reinforcement Learning with Tool Use\..*TIGER-Lab.*https:\/\/github\.com\/TIGER-AI-Lab\/verl-tool/s);
    assert.doesNotMatch(text, /\\cite|\[@/);
  });

  test('a .bib document gets the whole entry, once', async () => {
    const editor = await openWithCursors('extra.bib', '|');
    await cite('ReAct2022');
    assert.match(editor.document.getText(), /^@misc\{ReAct2022,\n {2}title = \{\{ReAct: Synergizing/);
    const length = editor.document.getText().length;
    await cite('ReAct2022');
    assert.equal(editor.document.getText().length, length);
  });

  test('no editor: a message, and nothing changes', async () => {
    await closeAllEditors();
    const result = await cite('ReAct2022');
    assert.equal(result, undefined);
  });

  test('a read-only document: a message, and nothing changes', async () => {
    await vscode.workspace.getConfiguration('files').update('readonlyInclude', { '**/cite-tests/locked/**': true }, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.fs.createDirectory(dir('locked'));
    const editor = await openWithCursors('locked/paper.tex', 'Locked |text.\n');
    const result = await cite('ReAct2022');
    assert.equal(result, undefined);
    assert.equal(editor.document.getText(), 'Locked text.\n');
    await vscode.workspace.getConfiguration('files').update('readonlyInclude', undefined, vscode.ConfigurationTarget.Workspace);
  });

  test('an unknown key: a message, and nothing changes', async () => {
    const editor = await openWithCursors('unknown.tex', 'Text |.\n');
    const result = await cite('NoSuchPaper1999');
    assert.equal(result, undefined);
    assert.equal(editor.document.getText(), 'Text .\n');
  });
});

suite('Keeping the bibliography in step', () => {
  suiteSetup(async () => {
    await activate();
    await vscode.workspace.fs.createDirectory(dir('bib'));
  });

  suiteTeardown(closeAllEditors);

  test('citing twice appends each entry once, to the file \\bibliography names', async () => {
    const bib = dir('bib', 'refs.bib');
    const mine = '@book{knuth1984,\n  title = {The {\\TeX}book},\n  year = 1984\n}';
    await writeText(bib, mine);
    await openWithCursors('bib/paper.tex', '\\documentclass{article}\n\\begin{document}\nText |.\n\\bibliography{refs}\n\\end{document}\n');
    const first = await cite('ReAct2022');
    assert.equal(first?.bibliography, 'append');
    const second = await cite('ReAct2022');
    assert.equal(second?.bibliography, 'unchanged');
    const text = await read(bib);
    assert.ok(text.startsWith(mine), 'what was there is untouched');
    assert.equal(text.match(/@misc\{ReAct2022,/g)?.length, 1);
    await cite('TULU3');
    const after = await read(bib);
    assert.ok(after.startsWith(text), 'entries are only ever appended');
    assert.match(after, /@misc\{TULU3,/);
  });

  test('Markdown front matter names the bibliography; biblatex documents get @online', async () => {
    const bib = dir('bib', 'notes.bib');
    await writeText(bib, '');
    await openWithCursors('bib/notes.md', '---\ntitle: Notes\nbibliography: notes.bib\n---\n\nText |.\n');
    await cite('VerlTool');
    assert.match(await read(bib), /^@misc\{VerlTool,/);
    const bl = dir('bib', 'bl.bib');
    await writeText(bl, '');
    await openWithCursors('bib/bl.tex', '\\usepackage{biblatex}\n\\addbibresource{bl.bib}\nText |.\n');
    await cite('VerlTool');
    assert.match(await read(bl), /^@online\{VerlTool,/);
  });

  test('an entry with the same key but other content: a warning, and nothing is written', async () => {
    const bib = dir('bib', 'conflict.bib');
    const mine = '@misc{ReAct2022,\n  title = {Something else entirely}\n}\n';
    await writeText(bib, mine);
    const editor = await openWithCursors('bib/conflict.tex', '\\bibliography{conflict}\nText |.\n');
    const result = await cite('ReAct2022');
    assert.equal(result?.bibliography, 'conflict');
    assert.equal(await read(bib), mine);
    assert.match(editor.document.getText(), /\\cite\{ReAct2022\}/, 'the citation itself is still inserted');
  });

  test('a malformed bibliography: a warning, and the file is not touched', async () => {
    const bib = dir('bib', 'broken.bib');
    const broken = '@misc{first,\n  title = {Unclosed\n';
    await writeText(bib, broken);
    await openWithCursors('bib/broken.tex', '\\bibliography{broken}\nText |.\n');
    const result = await cite('ReAct2022');
    assert.equal(result?.bibliography, 'malformed');
    assert.equal(await read(bib), broken);
  });

  test('with no bibliography named, the default file is created at the workspace root', async () => {
    const fallback = workspaceUri('references-test.bib');
    await setSetting('bibliography.defaultFile', 'references-test.bib', vscode.ConfigurationTarget.Workspace);
    await openWithCursors('bib/plain.md', 'No front matter here |.\n');
    const result = await cite('TULU3');
    assert.equal(result?.bibliography, 'created');
    assert.match(await waitFor('the default bibliography', async () => { try { return await read(fallback); } catch { return undefined; } }), /^@misc\{TULU3,/);
    await setSetting('bibliography.defaultFile', undefined, vscode.ConfigurationTarget.Workspace);
  });
});

suite('Completion, hover and go to definition of keys', () => {
  let api: Api;

  suiteSetup(async () => { api = await activate(); });
  suiteTeardown(closeAllEditors);

  async function complete(editor: vscode.TextEditor): Promise<vscode.CompletionItem[]> {
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, editor.selection.active);
    return list.items.filter(i => typeof i.label === 'object' && i.kind === vscode.CompletionItemKind.Reference);
  }

  test('inside \\cite{…} (also after a comma), items follow our search ranking', async () => {
    const editor = await openWithCursors('complete.tex', 'See \\cite{ReAct2022, tau2|}.\n');
    const items = await complete(editor);
    const expected = (await api.search('tau2', { limit: 30 })).map(p => p.key);
    assert.ok(items.length > 0);
    assert.equal((items[0].label as vscode.CompletionItemLabel).description, 'tau2Bench');
    const sorted = [...items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
    assert.deepEqual(sorted.map(i => i.insertText), expected.slice(0, sorted.length));
    const first = sorted[0];
    assert.match(String((first.label as vscode.CompletionItemLabel).label), /τ\^2-Bench/);
    assert.match(String(first.detail), /^tau2Bench/);
    assert.ok(first.documentation instanceof vscode.MarkdownString);
  });

  test('after [@ in Markdown, but not inside an e-mail address', async () => {
    const editor = await openWithCursors('complete.md', 'As in [@verl|].\n');
    const items = await complete(editor);
    assert.equal(items[0]?.insertText, 'VerlTool');
    const mail = await openWithCursors('mail.md', 'Write to me@verl|.\n');
    assert.deepEqual(await complete(mail), []);
  });

  test('hover on a key in a multi-line citation shows the paper; unknown keys show nothing', async () => {
    const editor = await openWithCursors('hover.tex', 'See \\cite[p.~3]{TULU3,\n   ReAct|2022, NoSuchKey}.\n');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, editor.selection.active);
    const text = hovers.flatMap(h => h.contents).map(c => (c instanceof vscode.MarkdownString ? c.value : String(c))).join('\n');
    assert.match(text, /ReAct: Synergizing Reasoning and Acting in Language Models/);
    assert.match(text, /command:papers\.openPaper/);
    assert.match(text, /command:papers\.copyBibtex/);
    const unknown = editor.document.positionAt(editor.document.getText().indexOf('NoSuchKey') + 2);
    const none = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, unknown);
    assert.ok(!none.flatMap(h => h.contents).some(c => (c instanceof vscode.MarkdownString ? c.value : String(c)).includes('NoSuchKey')));
  });

  test('go to definition on the key of a bundled paper (not in a bibliography) opens its details', async () => {
    await api.testing.settled();
    // Earlier tests cite papers into the workspace's bibliography; their keys lead to the entry instead.
    const paper = (await api.papers()).find(p => !p.entries && p.key.length > 6)!;
    const editor = await openWithCursors('definition.md', `As in [@${paper.key.slice(0, 3)}|${paper.key.slice(3)}].\n`);
    const locations = await vscode.commands.executeCommand<vscode.LocationLink[]>('vscode.executeDefinitionProvider', editor.document.uri, editor.selection.active);
    assert.equal(locations.length, 1);
    await vscode.commands.executeCommand('editor.action.revealDefinition');
    await waitFor(`the details panel of ${paper.key}`, () => api.testing.details().snapshot?.id === paper.id);
    const unknown = await openWithCursors('unknown-def.md', 'As in [@Nope|Nope].\n');
    const none = await vscode.commands.executeCommand<vscode.LocationLink[]>('vscode.executeDefinitionProvider', unknown.document.uri, unknown.selection.active);
    assert.deepEqual(none, []);
  });
});
