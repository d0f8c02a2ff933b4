// Rename a key (F2) and Find All References (Shift+F12) in the real extension host, as a writer
// uses them: on a multi-file LaTeX thesis opened at one chapter, and on a Quarto book with a
// CSL-YAML bibliography. The rename reaches every chapter and the entry, VS Code applies it as
// one edit and one undo in the editor reverts every file; the refusals say why.
import * as assert from 'node:assert/strict';
import { chmodSync } from 'node:fs';
import * as vscode from 'vscode';
import { activate, at, closeAllEditors, open, waitFor, workspaceUri, writeText } from './helpers';

type Api = Awaited<ReturnType<typeof activate>>;

const dir = (...path: string[]) => workspaceUri('rename-tests', ...path);
const textOf = async (uri: vscode.Uri) => (await vscode.workspace.openTextDocument(uri)).getText();

const BIB = `% The thesis's references.
@book{renKnuth1984,
  author    = {Knuth, Donald E.},
  title     = {The {\\TeX}book, not renKnuth1984},
  year      = {1984}
}

@article{renLamport1986,
  author  = {Lamport, Leslie},
  title   = {{\\LaTeX}},
  year    = {1986}
}
`;

const THESIS: Record<string, string> = {
  'main.tex': '\\documentclass{book}\n\\usepackage[backend=biber]{biblatex}\n\\addbibresource{refs.bib}\n\\begin{document}\n\\include{chapters/one}\n\\include{chapters/two}\n\\include{chapters/three}\n\\nocite{renKnuth1984}\n\\printbibliography\n\\end{document}\n',
  'chapters/one.tex': '\\chapter{One}\nAs \\textcite{renKnuth1984} shows, and \\cite{renLamport1986}.\n',
  'chapters/two.tex': '\\chapter{Two}\n% \\cite{renKnuth1984} in a comment is no citation\n\\begin{verbatim}\n\\cite{renKnuth1984}\n\\end{verbatim}\nSee \\parencite[p.~3]{renLamport1986, renKnuth1984}.\n',
  'chapters/three.tex': '\\chapter{Three}\nNothing cited here.\n',
  'refs.bib': BIB,
};

const YAML = `references:
- id: renVaswani2017
  type: article-journal
  title: Attention is all you need
  issued: 2017
- id: renHo2020
  type: article-journal
  title: Denoising diffusion
  issued: 2020
`;

const BOOK: Record<string, string> = {
  '_quarto.yml': 'project:\n  type: book\nbook:\n  chapters:\n    - index.qmd\n    - models.qmd\nbibliography: refs.yaml\n',
  'index.qmd': '# Preface\n\nTransformers [@renVaswani2017] and diffusion [@renHo2020].\n',
  'models.qmd': '# Models\n\nAs @renVaswani2017 says [see @renVaswani2017, p. 5].\n\n```\n[@renVaswani2017] in code\n```\n',
  'refs.yaml': YAML,
};

async function writeProject(folder: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) await writeText(dir(folder, ...path.split('/')), text);
}

/** The files an edit changes, relative to rename-tests/, sorted. */
function filesOf(edit: vscode.WorkspaceEdit): string[] {
  return edit.entries().map(([uri]) => vscode.workspace.asRelativePath(uri, false).replace(/^rename-tests\//, '')).sort();
}

async function renameAt(uri: vscode.Uri, position: vscode.Position, newKey: string): Promise<vscode.WorkspaceEdit> {
  return vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', uri, position, newKey);
}

async function refusal(uri: vscode.Uri, position: vscode.Position, newKey: string): Promise<string> {
  try {
    await renameAt(uri, position, newKey);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return assert.fail(`renaming to ${newKey} was not refused`);
}

/** Waits until the library knows `key` from the bibliography (hover needs the same). */
async function knows(api: Api, key: string): Promise<void> {
  await waitFor(`the library to know ${key}`, async () => {
    await api.testing.reloadBibliographies();
    return (await api.papers()).some(p => p.key === key && p.entries?.length);
  }, 30000);
}

suite('Rename a key (F2) and find every citation (Shift+F12)', () => {
  let api: Api;

  suiteSetup(async () => {
    api = await activate();
    await writeProject('thesis', THESIS);
    await writeProject('book', BOOK);
  });
  setup(closeAllEditors);
  suiteTeardown(async () => {
    await closeAllEditors();
    await vscode.workspace.fs.delete(dir(), { recursive: true, useTrash: false });
  });

  test('LaTeX: F2 in a chapter renames in every chapter, the \\nocite and the .bib entry; one undo restores every file', async () => {
    const editor = await open(dir('thesis', 'chapters', 'one.tex'));
    await knows(api, 'renKnuth1984');
    const position = at(editor, 'renKnuth1984', 3);
    const prepared = await vscode.commands.executeCommand<{ range: vscode.Range; placeholder: string }>('vscode.prepareRename', editor.document.uri, position);
    assert.equal(editor.document.getText(prepared.range), 'renKnuth1984', 'prepareRename gives the key\'s exact range');

    const edit = await renameAt(editor.document.uri, position, 'knuthTeXbook');
    assert.deepEqual(filesOf(edit), ['thesis/chapters/one.tex', 'thesis/chapters/two.tex', 'thesis/main.tex', 'thesis/refs.bib']);
    assert.ok(await vscode.workspace.applyEdit(edit, { isRefactoring: true }));
    const after = {
      main: THESIS['main.tex'].replace('\\nocite{renKnuth1984}', '\\nocite{knuthTeXbook}'),
      one: THESIS['chapters/one.tex'].replace('renKnuth1984', 'knuthTeXbook'),
      // The comment and the verbatim keep the old key: they are no citations.
      two: THESIS['chapters/two.tex'].replace('renLamport1986, renKnuth1984', 'renLamport1986, knuthTeXbook'),
      bib: BIB.replace('@book{renKnuth1984,', '@book{knuthTeXbook,'),
    };
    assert.equal(await textOf(dir('thesis', 'main.tex')), after.main);
    assert.equal(await textOf(dir('thesis', 'chapters', 'one.tex')), after.one);
    assert.equal(await textOf(dir('thesis', 'chapters', 'two.tex')), after.two);
    assert.equal(await textOf(dir('thesis', 'refs.bib')), after.bib, 'the entry\'s key only; the rest of the .bib byte for byte the same');

    // The writer presses Ctrl+Z in the chapter: every file is back.
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    await waitFor('every file restored', async () => (await textOf(dir('thesis', 'refs.bib'))) === BIB && (await textOf(dir('thesis', 'main.tex'))) === THESIS['main.tex']);
    assert.equal(await textOf(dir('thesis', 'chapters', 'one.tex')), THESIS['chapters/one.tex']);
    assert.equal(await textOf(dir('thesis', 'chapters', 'two.tex')), THESIS['chapters/two.tex']);
    await vscode.workspace.saveAll(false);
  });

  test('LaTeX: Shift+F12 lists every citation of the key in the project, and its entry', async () => {
    const editor = await open(dir('thesis', 'chapters', 'one.tex'));
    await knows(api, 'renKnuth1984');
    const locations = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', editor.document.uri, at(editor, 'renKnuth1984', 3));
    const places = await Promise.all(locations.map(async l => `${vscode.workspace.asRelativePath(l.uri, false).replace(/^rename-tests\//, '')}:${l.range.start.line + 1} ${(await vscode.workspace.openTextDocument(l.uri)).getText(l.range)}`));
    assert.deepEqual(places.sort(), [
      'thesis/chapters/one.tex:2 renKnuth1984',
      'thesis/chapters/two.tex:6 renKnuth1984',
      'thesis/main.tex:8 renKnuth1984',
      'thesis/refs.bib:2 renKnuth1984',
    ]);
  });

  test('LaTeX: F2 on the entry\'s key in the .bib renames its citations too', async () => {
    const bib = await open(dir('thesis', 'refs.bib'));
    await knows(api, 'renLamport1986');
    const position = at(bib, '{renLamport1986', 4);
    const prepared = await vscode.commands.executeCommand<{ range: vscode.Range }>('vscode.prepareRename', bib.document.uri, position);
    assert.equal(bib.document.getText(prepared.range), 'renLamport1986');
    const edit = await renameAt(bib.document.uri, position, 'lamportLaTeX');
    assert.deepEqual(filesOf(edit), ['thesis/chapters/one.tex', 'thesis/chapters/two.tex', 'thesis/refs.bib']);
    assert.ok(await vscode.workspace.applyEdit(edit, { isRefactoring: true }));
    assert.equal(bib.document.getText(), BIB.replace('@article{renLamport1986,', '@article{lamportLaTeX,'));
    await vscode.commands.executeCommand('undo');
    await waitFor('the .bib restored', () => bib.document.getText() === BIB);
    await waitFor('the chapter restored', async () => (await textOf(dir('thesis', 'chapters', 'one.tex'))) === THESIS['chapters/one.tex']);
    await vscode.workspace.saveAll(false);
  });

  test('a .bib entry says how often the project cites it, and opens the citations', async () => {
    await open(dir('thesis', 'chapters', 'one.tex'));
    await knows(api, 'renKnuth1984');
    const bib = await open(dir('thesis', 'refs.bib'));
    const lenses = await waitFor('a lens on each entry, resolved', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', bib.document.uri, 100);
      return found.length === 2 && found.every(l => l.command?.title.startsWith('cited')) && found;
    }, 20000);
    const byLine = new Map(lenses.map(l => [l.range.start.line + 1, l.command!]));
    assert.equal(byLine.get(2)?.title, 'cited 3 times in 3 files', 'two chapters and the \\nocite of the main file; not the comment, not the verbatim');
    assert.equal(byLine.get(8)?.title, 'cited 2 times in 2 files');
    const [uri, , places] = byLine.get(2)!.arguments as [vscode.Uri, vscode.Position, vscode.Location[]];
    assert.equal(uri.toString(), bib.document.uri.toString());
    assert.deepEqual(places.map(p => `${p.uri.path.split('/').pop()}:${p.range.start.line + 1}`).sort(), ['main.tex:8', 'one.tex:2', 'two.tex:6']);
  });

  test('a read-only chapter refuses the rename, naming it, and nothing changes', async () => {
    const two = dir('thesis', 'chapters', 'two.tex');
    const editor = await open(dir('thesis', 'chapters', 'one.tex'));
    await knows(api, 'renKnuth1984');
    chmodSync(two.fsPath, 0o444);
    try {
      assert.match(await refusal(editor.document.uri, at(editor, 'renKnuth1984', 3), 'knuthTeXbook'), /rename-tests\/thesis\/chapters\/two\.tex is read-only, so renKnuth1984 was not renamed anywhere/);
      assert.equal(editor.document.getText(), THESIS['chapters/one.tex']);
    } finally {
      chmodSync(two.fsPath, 0o644);
    }
  });

  test('Quarto: F2 in a chapter renames in every chapter and in the CSL-YAML entry, not in code; Shift+F12 lists them', async () => {
    const editor = await open(dir('book', 'models.qmd'));
    assert.equal(editor.document.languageId, 'quarto');
    await knows(api, 'renVaswani2017');
    const position = at(editor, '@renVaswani2017', 4);
    const locations = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', editor.document.uri, position);
    assert.deepEqual(locations.map(l => `${vscode.workspace.asRelativePath(l.uri, false).replace(/^rename-tests\//, '')}:${l.range.start.line + 1}`).sort(),
      ['book/index.qmd:3', 'book/models.qmd:3', 'book/models.qmd:3', 'book/refs.yaml:2']);

    const edit = await renameAt(editor.document.uri, position, 'vaswani2017attention:all');
    assert.deepEqual(filesOf(edit), ['book/index.qmd', 'book/models.qmd', 'book/refs.yaml']);
    assert.ok(await vscode.workspace.applyEdit(edit, { isRefactoring: true }));
    assert.equal(editor.document.getText(), BOOK['models.qmd'].replace('As @renVaswani2017 says [see @renVaswani2017', 'As @vaswani2017attention:all says [see @vaswani2017attention:all'));
    assert.equal(await textOf(dir('book', 'index.qmd')), BOOK['index.qmd'].replace('renVaswani2017', 'vaswani2017attention:all'));
    // A plain YAML scalar cannot hold "a:b" safely: the new key is written quoted.
    assert.equal(await textOf(dir('book', 'refs.yaml')), YAML.replace('id: renVaswani2017', 'id: "vaswani2017attention:all"'));
    await vscode.commands.executeCommand('undo');
    await waitFor('every file restored', async () => (await textOf(dir('book', 'refs.yaml'))) === YAML && (await textOf(dir('book', 'index.qmd'))) === BOOK['index.qmd']);
    assert.equal(editor.document.getText(), BOOK['models.qmd']);
    await vscode.workspace.saveAll(false);
  });

  test('refusals: a key already defined, one the syntax cannot read, a bundled paper\'s (its entry copied instead), no key under the cursor', async () => {
    const editor = await open(dir('thesis', 'chapters', 'one.tex'));
    await knows(api, 'renKnuth1984');
    const position = at(editor, 'renKnuth1984', 3);
    assert.match(await refusal(editor.document.uri, position, 'renLamport1986'), /renLamport1986 is already defined in rename-tests\/thesis\/refs\.bib/);
    assert.match(await refusal(editor.document.uri, position, 'knuth 1984'), /cannot contain spaces/);
    assert.match(await refusal(editor.document.uri, position, 'knuth{1984'), /cannot be a key in a \.bib file/);
    assert.match(await refusal(editor.document.uri, at(editor, 'shows', 1), 'x'), /put the cursor on a key/);

    await api.testing.settled();
    const paper = (await api.papers()).find(p => !p.entries && p.key.length > 6)!;
    const three = await open(dir('thesis', 'chapters', 'three.tex'), `\\chapter{Three}\nAs \\cite{${paper.key}} shows.\n`);
    const said = await refusal(three.document.uri, at(three, paper.key, 2), 'myOwnKey2024');
    assert.match(said, new RegExp(`${paper.key} is a bundled paper's key.*Copy its entry`));
    const copied = await api.testing.copyEntryAs(three.document, paper.key, 'myOwnKey2024');
    assert.equal(copied?.key, 'myOwnKey2024');
    const bib = await textOf(dir('thesis', 'refs.bib'));
    assert.match(bib, /@\w+\{myOwnKey2024,/, 'the entry is appended to the thesis\'s bibliography under the new key');
    assert.ok(bib.startsWith(BIB), 'what was there is untouched');
    await vscode.workspace.saveAll(false);
    await closeAllEditors();
    await writeText(dir('thesis', 'refs.bib'), BIB);
    await writeText(dir('thesis', 'chapters', 'three.tex'), THESIS['chapters/three.tex']);
  });

  test('a key defined in two bibliographies is refused, naming both', async () => {
    await writeText(dir('book', 'more.yaml'), 'references:\n- id: renHo2020\n  type: book\n  title: Another\n');
    await writeText(dir('book', '_quarto.yml'), BOOK['_quarto.yml'].replace('bibliography: refs.yaml', 'bibliography:\n  - refs.yaml\n  - more.yaml'));
    const editor = await open(dir('book', 'index.qmd'));
    await waitFor('the library to have two entries for renHo2020', async () => {
      await api.testing.reloadBibliographies();
      return (await api.papers()).some(p => p.key === 'renHo2020' && (p.entries?.length ?? 0) > 1);
    }, 30000);
    const position = at(editor, 'renHo2020', 2);
    const said = await vscode.commands.executeCommand('vscode.prepareRename', editor.document.uri, position).then(() => 'not refused', (e: unknown) => String(e));
    assert.match(said, /renHo2020 is defined in 2 bibliographies \(rename-tests\/book\/refs\.yaml and rename-tests\/book\/more\.yaml\)/);
    await writeText(dir('book', '_quarto.yml'), BOOK['_quarto.yml']);
  });
});
