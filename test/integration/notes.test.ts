// A note per paper and its PDF, as the writer meets them: Open Note makes the note from a template
// once and opens it as it is after; the tree, the hover and the details view mark it; search finds
// it by its words and by has:note; Open PDF hands over the file the entry attaches, or says where it looked.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PaperNode } from '../../src/host/common/treeNodes';
import { activate, at, closeAllEditors, hoverText, open, setSetting, waitFor, workspaceUri, writeText } from './helpers';

type Api = Awaited<ReturnType<typeof activate>>;
const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
const exists = (uri: vscode.Uri) => Promise.resolve(vscode.workspace.fs.stat(uri)).then(() => true, () => false);
// A browser's extension host has no Node: its Open PDF cannot hand a file to a system viewer.
const isWeb = typeof process === 'undefined' || !process.versions?.node;

suite('Notes and PDFs', () => {
  let api: Api;
  const folder = () => workspaceUri('notes-test');
  const bib = () => workspaceUri('pdf-tests', 'pdfs.bib');

  suiteSetup(async () => {
    api = await activate();
    await api.testing.settled();
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false }).then(undefined, () => undefined);
    await setSetting('notes.folder', 'notes-test/', vscode.ConfigurationTarget.Workspace);
    await writeText(workspaceUri('pdf-tests', 'files', 'Attached Paper.pdf'), '%PDF-1.4\n%%EOF\n');
    await writeText(bib(), [
      '@article{pdfAttached, title = {A Paper With Its PDF}, author = {Doe, Jane}, year = 2021,',
      '  file = {Full Text:files/Attached Paper.pdf:application/pdf}}',
      '@article{pdfMissing, title = {A Paper Whose PDF Moved}, year = 2020,',
      '  file = {:files/moved.pdf:PDF}}',
      '@article{pdfArxiv, title = {A Preprint}, year = 2017, eprint = {1706.03762}, archivePrefix = {arXiv}}',
      '',
    ].join('\n'));
    await setSetting('bibliography.files', ['pdf-tests/*.bib'], vscode.ConfigurationTarget.Workspace);
    await waitFor('the PDF entries', async () => (await api.testing.reloadBibliographies())?.files.some(f => f.file.endsWith('pdfs.bib')));
  });

  suiteTeardown(async () => {
    await closeAllEditors();
    await setSetting('notes.template', undefined, vscode.ConfigurationTarget.Workspace);
    await setSetting('notes.folder', undefined, vscode.ConfigurationTarget.Workspace);
    await setSetting('bibliography.files', undefined, vscode.ConfigurationTarget.Workspace);
    await api.testing.tree.clearFilter();
    for (const uri of [folder(), workspaceUri('pdf-tests'), workspaceUri('note-template.md')]) {
      await vscode.workspace.fs.delete(uri, { recursive: true, useTrash: false }).then(undefined, () => undefined);
    }
  });

  test('Open Note makes the note from the default template, opens it, and the second time opens it as the writer left it', async () => {
    const note = vscode.Uri.joinPath(folder(), 'russell2020aima.md');
    assert.equal(await exists(note), false);
    await vscode.commands.executeCommand('papers.openNote', 'russell2020aima');
    const text = await read(note);
    assert.match(text, /^# Artificial Intelligence: A Modern Approach\n\n\[@russell2020aima\]\n/);
    assert.match(text, /^- Authors: Stuart Russell, Peter Norvig$/m);
    assert.match(text, /^- Year: 2020$/m);
    assert.match(text, /\n## Notes\n/);
    assert.doesNotMatch(text, /DOI:/, 'no DOI in the entry: no DOI line');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), note.toString(), 'the note is open');
    // The writer's own words, then Open Note again: opened, never rewritten.
    const mine = `${text}\nSearch agents are discussed in chapter three: quokkafish.\n`;
    await writeText(note, mine);
    await closeAllEditors();
    await vscode.commands.executeCommand('papers.openNote', 'russell2020aima');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), note.toString());
    assert.equal(await read(note), mine);
  });

  test('a template of the writer\'s with every field', async () => {
    await writeText(workspaceUri('note-template.md'), [
      'key=${key}', 'title=${title}', 'authors=${authors}', 'year=${year}', 'venue=${venue}', 'doi=${doi}',
      'arxiv=${arxiv}', 'url=${url}', 'citation=${citation}', 'reference=${reference}', '> ${abstract}', 'end', '',
    ].join('\n'));
    await setSetting('notes.template', 'note-template.md', vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('papers.openNote', 'hochreiter1997long');
    const text = await read(vscode.Uri.joinPath(folder(), 'hochreiter1997long.md'));
    assert.match(text, /^key=hochreiter1997long$/m);
    assert.match(text, /^title=Long Short-Term Memory$/m);
    assert.match(text, /^authors=Sepp Hochreiter, Jürgen Schmidhuber$/m);
    assert.match(text, /^year=1997$/m);
    assert.match(text, /^venue=Neural Computation$/m);
    assert.match(text, /^doi=https:\/\/doi\.org\/10\.1162\/neco\.1997\.9\.8\.1735$/m);
    assert.match(text, /^citation=\[@hochreiter1997long\]$/m);
    assert.match(text, /^reference=Hochreiter, S\., \\& Schmidhuber, J\. \(1997\)\. Long short-term memory\. \*Neural Computation\*, \*9\*\(8\), 1735–1780\./m, `APA, the setting's default style: ${text}`);
    assert.doesNotMatch(text, /^(?:arxiv|url)=/m, 'fields the entry lacks leave their lines out');
    assert.doesNotMatch(text, /^> /m, 'no abstract: no quote');
    assert.match(text, /\nend\n$/);
  });

  test('the tree, the hover and the details view mark a paper with a note; search finds it by its note\'s words and by has:note', async () => {
    assert.equal(await api.testing.notesRead(), 2);
    const editor = await open(workspaceUri('notes.md'));
    const hover = await hoverText(editor, at(editor, 'russell2020aima'));
    assert.match(hover, /\[✎ Open Note\]\(command:papers\.openNote\?/);
    assert.match(hover, /\[Open PDF\]\(command:papers\.openPdf\?/);
    // From the palette, the paper cited under the cursor.
    const cursor = at(editor, 'russell2020aima');
    editor.selection = new vscode.Selection(cursor, cursor);
    await vscode.commands.executeCommand('papers.openNote');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), vscode.Uri.joinPath(folder(), 'russell2020aima.md').toString());
    await vscode.commands.executeCommand('papers.openPaper', 'russell2020aima');
    await waitFor('the details snapshot with its note', () => api.testing.details().snapshot?.key === 'russell2020aima' && api.testing.details().snapshot?.noted);
    await vscode.commands.executeCommand('papers.openPaper', 'sutton2018reinforcement');
    await waitFor('a paper without a note', () => api.testing.details().snapshot?.key === 'sutton2018reinforcement' && api.testing.details().snapshot?.noted === false);

    const { tree } = api.testing;
    assert.equal(await tree.setFilter('quokkafish'), 1, 'the word is only in the note');
    const rows = async () => {
      const found: PaperNode[] = [];
      const walk = async (nodes: readonly unknown[]) => {
        for (const node of nodes as { kind: string }[]) {
          if (node.kind === 'paper') found.push(node as PaperNode);
          else if (node.kind === 'bibliography' || node.kind === 'file' || node.kind === 'group') await walk(await tree.getChildren(node as never));
        }
      };
      await walk(await tree.getChildren());
      return found;
    };
    const [quokkafish] = await rows();
    assert.equal(quokkafish?.row.key, 'russell2020aima');
    const item = tree.getTreeItem(quokkafish);
    assert.match(String(item.description), /^✎ note · /);
    assert.match(item.contextValue ?? '', / noted$/);
    assert.equal(await tree.setFilter('has:note'), 2);
    assert.deepEqual(new Set((await rows()).map(r => r.row.key)), new Set(['russell2020aima', 'hochreiter1997long']));
    await tree.clearFilter();
  });

  test('Open PDF hands over the file the entry attaches, relative to the .bib; a moved file names the path tried; a preprint opens arXiv\'s PDF', async () => {
    const before = api.testing.openedFiles().length;
    await vscode.commands.executeCommand('papers.openPdf', 'pdfAttached');
    const warnings = api.testing.warnings();
    const [opened] = api.testing.openedFiles().slice(before);
    assert.ok(opened, `opened nothing; warnings: ${warnings.join(' | ')}`);
    const file = vscode.Uri.joinPath(bib(), '..', 'files', 'Attached Paper.pdf');
    assert.equal(opened.uri, file.toString());
    const viewer = vscode.extensions.all.some(e => JSON.stringify(e.packageJSON?.contributes?.customEditors ?? []).includes('.pdf'));
    if (viewer) assert.equal(opened.via, 'editor');
    else if (isWeb || vscode.env.remoteName) {
      // A browser or a remote window (code-server is one) has no system viewer on the writer's computer to hand the file to: it says so, naming the file.
      assert.equal(opened.via, 'none');
      const shown = file.scheme === 'file' ? file.fsPath : file.toString(true);
      assert.ok(api.testing.warnings().at(-1)?.includes(`cannot hand ${shown} to a PDF viewer`), `the message names the file: ${api.testing.warnings().at(-1)}`);
    } else assert.equal(opened.via, 'external');
    const told = api.testing.warnings().length;
    await vscode.commands.executeCommand('papers.openPdf', 'pdfMissing');
    const [missing] = api.testing.warnings().slice(told);
    assert.ok(missing?.includes(vscode.Uri.joinPath(bib(), '..', 'files', 'moved.pdf').fsPath), `the message names the path tried: ${missing}`);
    const count = api.testing.openedFiles().length;
    await vscode.commands.executeCommand('papers.openPdf', 'pdfArxiv');
    assert.deepEqual(api.testing.openedFiles().slice(count), [{ uri: 'https://arxiv.org/pdf/1706.03762', via: 'external' }]);
  });
});
