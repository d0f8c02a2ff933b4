// Bibliography health in the real extension host: the Problems of citing documents and of
// bibliography files, the quick fixes, and Add Missing Entries, as a writer meets them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activate, closeAllEditors, open, setSetting, waitFor, workspaceUri, writeText } from './helpers';

type Api = Awaited<ReturnType<typeof activate>>;

const dir = (...path: string[]) => workspaceUri('health-tests', ...path);
const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter(d => d.source === 'Papers');

const REFS = `@book{russell2020aima,
  author    = {Russell, Stuart and Norvig, Peter},
  title     = {Artificial Intelligence: A Modern Approach},
  publisher = {Pearson},
  year      = {2020}
}

@article{lecun1998gradient,
  author  = {LeCun, Yann and Bottou, L{\\'e}on},
  title   = {Gradient-Based Learning Applied to Document Recognition},
  journal = {Proceedings of the IEEE},
  year    = {1998}
}
`;

/** The diagnostics of a document once `ready` says they are there. */
function diagnosticsOf(uri: vscode.Uri, what: string, ready: (d: vscode.Diagnostic[]) => boolean): Promise<vscode.Diagnostic[]> {
  return waitFor(what, () => { const d = ours(uri); return ready(d) && d; }, 15000);
}

/**
 * Resolves once the diagnostics events of what was set so far have fired: VS Code fires them 50 ms
 * after a set, on a timer of this thread started at the set, and a longer timer started now runs after it.
 */
const afterChangeEvents = () => new Promise(resolve => setTimeout(resolve, 200));

async function fixesAt(uri: vscode.Uri, range: vscode.Range): Promise<vscode.CodeAction[]> {
  return vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range, vscode.CodeActionKind.QuickFix.value);
}

suite('Bibliography health: diagnostics and quick fixes', () => {
  let api: Api;
  let bundledKey: string;
  let otherBundledKey: string;

  suiteSetup(async () => {
    api = await activate();
    await vscode.workspace.fs.createDirectory(dir());
    await api.testing.settled();
    [bundledKey, otherBundledKey] = (await api.search('agent', { limit: 2 })).map(p => p.key);
  });
  suiteTeardown(async () => {
    await closeAllEditors();
    await setSetting('diagnostics.unusedEntries', undefined);
  });

  test('an undefined key is a warning on the key that names the file; a commented-out \\cite is not checked', async () => {
    await writeText(dir('refs.bib'), REFS);
    const text = '\\documentclass{article}\n\\addbibresource{refs.bib}\n\\begin{document}\n% old draft: \\cite{Ghost1999}\nSee \\cite{russell2020aima, Nobody2099}.\n\\end{document}\n';
    const editor = await open(dir('undefined.tex'), text);
    const [warning, ...rest] = await diagnosticsOf(editor.document.uri, 'a warning on Nobody2099', d => d.length > 0);
    assert.deepEqual(rest, []);
    assert.equal(warning.message, 'Nobody2099 is not in health-tests/refs.bib');
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(warning.code, 'undefined-key');
    assert.equal(editor.document.getText(warning.range), 'Nobody2099', 'the range is the key, nothing more');
    assert.ok(!ours(editor.document.uri).some(d => d.message.includes('Ghost1999')), 'a \\cite in a comment is not a citation');
  });

  test('the quick fix adds a known paper to the bibliography, only appending, as one undo step; the warning goes', async () => {
    const before = await read(dir('refs.bib'));
    const editor = await open(dir('add.tex'), `\\documentclass{article}\n\\addbibresource{refs.bib}\n\\begin{document}\nAs in \\cite{${bundledKey}}.\n\\end{document}\n`);
    const [warning] = await diagnosticsOf(editor.document.uri, `a warning on ${bundledKey}`, d => d.length === 1);
    const fixes = await fixesAt(editor.document.uri, warning.range);
    const add = fixes.find(f => f.title === `Add ${bundledKey} to health-tests/refs.bib`);
    assert.ok(add?.command, `the fixes offered: ${fixes.map(f => f.title).join(' | ')}`);
    assert.equal(add.isPreferred, true);
    const docBefore = editor.document.getText();
    await vscode.commands.executeCommand(add.command.command, ...(add.command.arguments ?? []));
    const after = await read(dir('refs.bib'));
    assert.ok(after.startsWith(before), 'the user\'s entries are untouched: only appended to');
    assert.match(after.slice(before.length), new RegExp(`^\\s*@\\w+\\{${bundledKey},`));
    assert.equal(editor.document.getText(), docBefore, 'the document itself is not changed');
    await diagnosticsOf(editor.document.uri, 'the warning to go once the entry is in', d => d.length === 0);

    // One undo in the bibliography takes the whole addition back.
    const bib = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(dir('refs.bib')));
    await vscode.commands.executeCommand('undo');
    assert.equal(bib.document.getText(), before);
    await bib.document.save();
  });

  test('a near miss: "Change to russell2020aima" replaces the key and nothing else, as one undo step', async () => {
    const text = '\\documentclass{article}\n\\addbibresource{refs.bib}\n\\begin{document}\nSee \\cite[ch.~2]{russel2020aima}, also \\cite{LeCun1998gradient}.\n\\end{document}\n';
    const editor = await open(dir('near.tex'), text);
    const warnings = await diagnosticsOf(editor.document.uri, 'two warnings', d => d.length === 2);
    const [typo, casing] = warnings.sort((a, b) => a.range.start.character - b.range.start.character);
    assert.match(casing.message, /it has lecun1998gradient \(keys are case-sensitive\)/);
    const change = (await fixesAt(editor.document.uri, typo.range)).find(f => f.title === 'Change to russell2020aima');
    assert.ok(change?.edit, 'a change is offered');
    assert.ok(await vscode.workspace.applyEdit(change.edit));
    assert.equal(editor.document.getText(), text.replace('russel2020aima', 'russell2020aima'));
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), text);
    const caseFix = (await fixesAt(editor.document.uri, casing.range)).find(f => f.title === 'Change to lecun1998gradient');
    assert.equal(caseFix?.isPreferred, true, 'a key that differs only in case is the preferred fix');
  });

  test('a key near no known key: "Search the Library" opens Search Papers with its words, and the paper picked replaces it and joins the bibliography', async () => {
    await writeText(dir('search.bib'), REFS);
    const text = '\\documentclass{article}\n\\addbibresource{search.bib}\n\\begin{document}\nSee \\cite[p.~2]{nosuchkey2099} and \\cite{russell2020aima}.\n\\end{document}\n';
    const editor = await open(dir('search.tex'), text);
    const [warning] = await diagnosticsOf(editor.document.uri, 'a warning on nosuchkey2099', d => d.length === 1);
    const fixes = await fixesAt(editor.document.uri, warning.range);
    assert.ok(!fixes.some(f => f.title.startsWith('Change to')), 'no near miss');
    const search = fixes.find(f => f.title === 'Search the Library for "nosuchkey2099"…');
    assert.ok(search?.command, `the fixes offered: ${fixes.map(f => f.title).join(' | ')}`);
    const done = vscode.commands.executeCommand<{ key?: string } | undefined>(search.command.command, ...(search.command.arguments ?? []));
    const pick = await waitFor('the paper pick', () => api.testing.pick());
    assert.equal(pick.value, 'nosuchkey 2099', 'the key\'s words are typed');
    pick.value = 'tau bench';
    // Enter takes the focused row: wait until VS Code has focused the first of the new rows.
    await waitFor('tau2Bench focused', () => pick.value === 'tau bench' && pick.items[0]?.row?.key === 'tau2Bench' && pick.activeItems[0]?.row?.key === 'tau2Bench');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    assert.equal((await done)?.key, 'tau2Bench');
    assert.equal(editor.document.getText(), text.replace('nosuchkey2099', 'tau2Bench'), 'only the key is replaced');
    assert.match((await read(dir('search.bib'))).slice(REFS.length), /^\s*@\w+\{tau2Bench,/);
    await diagnosticsOf(editor.document.uri, 'the warning to go', d => d.length === 0);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), text, 'one undo step');
  });

  test('while the bibliography is read again (a fix appended to it, an export wrote it), the other key keeps its warning and its fixes', async () => {
    await writeText(dir('again.bib'), REFS);
    const editor = await open(dir('again.tex'), `\\documentclass{article}\n\\addbibresource{again.bib}\n\\begin{document}\n\\cite{russel2020aima} and \\cite{${bundledKey}}.\n\\end{document}\n`);
    const uri = editor.document.uri;
    const warnings = await diagnosticsOf(uri, 'two warnings', d => d.length === 2);
    const typo = warnings.find(d => editor.document.getText(d.range) === 'russel2020aima')!;
    const add = (await fixesAt(uri, warnings.find(d => d !== typo)!.range)).find(f => f.title.startsWith(`Add ${bundledKey}`));
    assert.ok(add?.command);
    // Each time a document's diagnostics are set, VS Code asks for its code actions again and
    // drops a quick fix menu the writer has asked for meanwhile: only a real change may set them.
    const changes: string[] = [];
    const listener = vscode.languages.onDidChangeDiagnostics(e => {
      if (e.uris.some(u => u.toString() === uri.toString())) changes.push(ours(uri).map(d => editor.document.getText(d.range)).join(' '));
    });
    try {
      await vscode.commands.executeCommand(add.command.command, ...(add.command.arguments ?? []));
      // Asked for again and again while the file is read again, as a writer pressing Ctrl+. would.
      let settled = false;
      const done = api.testing.settled().then(() => { settled = true; });
      const answers: string[][] = [];
      while (!settled || answers.length < 3) {
        answers.push((await fixesAt(uri, typo.range)).map(f => f.title));
        await new Promise(resolve => setTimeout(resolve, 20));
      }
      await done;
      const without = answers.filter(titles => !titles.includes('Change to russell2020aima'));
      assert.deepEqual(without, [], `of ${answers.length} answers, these lacked "Change to russell2020aima"`);
      await diagnosticsOf(uri, `the warning on ${bundledKey} to go`, d => d.length === 1);
      await afterChangeEvents();
      assert.deepEqual(changes, ['russel2020aima'], 'the diagnostics were set once, when the added key\'s warning went');

      // Another entry written to the file (as Zotero's export would): the document is checked again, and its warning stays as it was.
      changes.length = 0;
      const checked = api.testing.nextCheck(uri);
      await writeText(dir('again.bib'), `${await read(dir('again.bib'))}\n@misc{another2024, title = {Another}}\n`);
      await checked;
      await afterChangeEvents();
      assert.deepEqual(changes, [], 'the same warning is not set again when the file is read again');
      assert.ok((await fixesAt(uri, typo.range)).some(f => f.title === 'Change to russell2020aima'));
    } finally {
      listener.dispose();
    }
  });

  test('Add Missing Entries adds every known paper at once and names the keys Papers does not know', async () => {
    const before = await read(dir('refs.bib'));
    const editor = await open(dir('all.md'), `---\nbibliography: refs.bib\n---\n\nSee [@${bundledKey}; @${otherBundledKey}] and [@Unknown2024].\n`);
    await diagnosticsOf(editor.document.uri, 'three warnings', d => d.length === 3);
    const result = await vscode.commands.executeCommand<{ added: string[]; unknown: string[] }>('papers.addMissingEntries');
    assert.deepEqual(result.added.sort(), [bundledKey, otherBundledKey].sort());
    assert.deepEqual(result.unknown, ['Unknown2024']);
    const after = await read(dir('refs.bib'));
    assert.ok(after.startsWith(before));
    const [left] = await diagnosticsOf(editor.document.uri, 'one warning left', d => d.length === 1);
    assert.match(left.message, /^Unknown2024 is not in /);
  });

  test('a duplicate key in a .bib is an error, pointing at the first entry', async () => {
    await writeText(dir('dup.bib'), '@misc{twice, title = {First}}\n\n@misc{twice, title = {Second}}\n');
    await open(dir('dup.tex'), '\\documentclass{article}\n\\addbibresource{dup.bib}\n\\cite{twice}\n');
    const [error] = await diagnosticsOf(dir('dup.bib'), 'the duplicate key error', d => d.some(x => x.code === 'duplicate-key'));
    assert.equal(error.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(error.range.start.line, 2);
    assert.equal(error.relatedInformation?.[0].location.uri.toString(), dir('dup.bib').toString());
    assert.equal(error.relatedInformation?.[0].location.range.start.line, 0);
  });

  test('a document that cites but names no bibliography gets one warning that says what to add', async () => {
    const editor = await open(dir('none.tex'), '\\documentclass{article}\n\\usepackage{biblatex}\n\\begin{document}\n\\cite{a} \\cite{b}\n\\end{document}\n');
    const [warning, ...rest] = await diagnosticsOf(editor.document.uri, 'the no-bibliography warning', d => d.length > 0);
    assert.deepEqual(rest, []);
    assert.equal(warning.code, 'no-bibliography');
    assert.match(warning.message, /^This document cites 2 keys but names no bibliography: add \\addbibresource\{references\.bib\} to the preamble\.$/);
  });

  test('a chapter brought in by \\input uses its main file\'s bibliography', async () => {
    await writeText(dir('book', 'main.tex'), '\\documentclass{book}\n\\begin{document}\n\\input{chapters/one}\n\\bibliography{../refs}\n\\end{document}\n');
    await vscode.workspace.fs.createDirectory(dir('book', 'chapters'));
    const editor = await open(dir('book', 'chapters', 'one.tex'), '\\chapter{One}\nAs \\cite{russell2020aima} and \\cite{Ghost2001} show.\n');
    const [warning, ...rest] = await diagnosticsOf(editor.document.uri, 'a warning on Ghost2001 only', d => d.length > 0 && d[0].code === 'undefined-key');
    assert.deepEqual(rest, []);
    assert.equal(warning.message, 'Ghost2001 is not in health-tests/refs.bib');
  });

  test('a main file written while the file watcher misses it is found at the next keystroke in the chapter', async () => {
    await vscode.workspace.fs.createDirectory(dir('thesis', 'chapters'));
    const editor = await open(dir('thesis', 'chapters', 'two.tex'), '\\chapter{Two}\nAs \\cite{russell2020aima} and \\cite{Ghost2002} show.\n');
    await diagnosticsOf(editor.document.uri, 'the no-bibliography warning', d => d.length > 0 && d[0].code === 'no-bibliography');
    // Saving the chapter would make every .tex file read again: the keystroke alone must do it.
    const files = vscode.workspace.getConfiguration('files');
    await files.update('autoSave', 'off', vscode.ConfigurationTarget.Workspace);
    api.testing.dropWatcherEvents(true);
    // A look at the workspace that opening the chapter started is over by now (at most one a
    // second): what finds the main file must be the keystroke.
    await new Promise(resolve => setTimeout(resolve, 1500));
    try {
      await writeText(dir('thesis', 'main.tex'), '\\documentclass{book}\n\\begin{document}\n\\include{chapters/two}\n\\bibliography{../refs}\n\\end{document}\n');
      await editor.edit(b => b.insert(new vscode.Position(2, 0), 'More.\n'));
      const [warning, ...rest] = await diagnosticsOf(editor.document.uri, 'a warning on Ghost2002 only', d => d.length > 0 && d[0].code === 'undefined-key');
      assert.deepEqual(rest, []);
      assert.equal(warning.message, 'Ghost2002 is not in health-tests/refs.bib');
    } finally {
      api.testing.dropWatcherEvents(false);
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await files.update('autoSave', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('entries no document uses are faded hints, off with \\nocite{*} and with the setting', async () => {
    await writeText(dir('unused.bib'), '@misc{used, title = {U}}\n\n@misc{spare, title = {S}}\n');
    const doc = await open(dir('unused.tex'), '\\documentclass{article}\n\\addbibresource{unused.bib}\n\\cite{used}\n');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(dir('unused.bib')));
    const hints = await diagnosticsOf(dir('unused.bib'), 'a hint on spare', d => d.some(x => x.code === 'unused-entry'));
    const hint = hints.find(x => x.code === 'unused-entry')!;
    assert.equal(hint.severity, vscode.DiagnosticSeverity.Hint);
    assert.deepEqual(hint.tags, [vscode.DiagnosticTag.Unnecessary]);
    assert.equal(hint.range.start.line, 2);
    assert.match(hint.message, /^spare is not cited by any document that uses health-tests\/unused\.bib$/);

    // The citing document is edited (not saved) while the bibliography is in front.
    const edit = (change: (e: vscode.WorkspaceEdit) => void) => { const e = new vscode.WorkspaceEdit(); change(e); return vscode.workspace.applyEdit(e); };
    await edit(e => e.insert(doc.document.uri, new vscode.Position(3, 0), '\\nocite{*}\n'));
    await diagnosticsOf(dir('unused.bib'), 'no hint with \\nocite{*}', d => !d.some(x => x.code === 'unused-entry'));
    await edit(e => e.delete(doc.document.uri, new vscode.Range(3, 0, 4, 0)));
    await diagnosticsOf(dir('unused.bib'), 'the hint back', d => d.some(x => x.code === 'unused-entry'));
    await setSetting('diagnostics.unusedEntries', false);
    await diagnosticsOf(dir('unused.bib'), 'no hint with the setting off', d => !d.some(x => x.code === 'unused-entry'));
    await vscode.window.showTextDocument(doc.document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
