import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activate, at, closeAllEditors, EXTENSION_ID, hoverText, open, setSetting, waitFor, workspaceUri, writeText } from './helpers';
import { startReplay, type Replay } from './support/replay';

const dir = (...path: string[]) => workspaceUri('styles-tests', ...path);
// Markdown, its specials escaped ("\\&").
const APA = /Russell, S\., \\& Norvig, P\. \(2020\)/;
const IEEE = /S\. Russell and P\. Norvig/;
const ELSEVIER_HARVARD = /Russell, S\., Norvig, P\., 2020\. Artificial intelligence: A modern approach/;
const CREDIT = /Citations by CSL \(citeproc-js\)\]\(https:\/\/citationstyles\.org\/\)/;

/** Writes a file of this suite's folder and opens it. */
const openFile = (name: string, text: string) => open(dir(name), text);

/** The hover's Markdown on the key `key` of the editor's document. */
const hoverOn = (editor: vscode.TextEditor, key: string) => hoverText(editor, at(editor, key, 2));

/** Hovers until the card shows a formatted reference matching `form` (the first hover starts building the style). */
function hoverUntil(editor: vscode.TextEditor, form: RegExp): Promise<string> {
  return waitFor(`a hover formatted as ${form}`, async () => {
    const text = await hoverOn(editor, 'russell2020aima');
    return form.test(text) && text;
  }, 30000);
}

const CITING = (front: string) => `---\nbibliography: ../references.bib\n${front}---\n\nAs in [@russell2020aima].\n`;

suite('Formatted references', () => {
  suiteSetup(async () => {
    await activate();
    await vscode.workspace.fs.createDirectory(dir());
  });

  suiteTeardown(async () => {
    await setSetting('citation.style', undefined);
    await setSetting('citation.locale', undefined);
    await closeAllEditors();
  });

  test('hover shows the reference in APA, then in IEEE once the setting says so, with the credit line', async () => {
    const editor = await openFile('hover.md', CITING(''));
    const apa = await hoverUntil(editor, APA);
    assert.match(apa, /Artificial Intelligence: A Modern Approach/, 'today\'s card follows');
    assert.match(apa, /command:papers\.goToEntry/);
    assert.match(apa, CREDIT);
    assert.ok(apa.indexOf('Norvig, P.') < apa.indexOf('**Artificial'), 'the formatted reference comes first');
    await setSetting('citation.style', 'ieee');
    await hoverUntil(editor, IEEE);
    await setSetting('citation.style', undefined);
    await hoverUntil(editor, APA);
  });

  test('papers.citation.locale gives IEEE the writer\'s language, and a document\'s lang: wins over it', async () => {
    const editor = await openFile('locale.md', CITING('csl: ieee\n'));
    await hoverUntil(editor, IEEE);
    await setSetting('citation.locale', 'fi-FI');
    await hoverUntil(editor, /S\. Russell ja P\. Norvig/);
    const german = await openFile('lang.md', CITING('csl: ieee\nlang: de-AT\n'));
    await hoverUntil(german, /S\. Russell und P\. Norvig/);
    await setSetting('citation.locale', undefined);
    await hoverUntil(editor, IEEE);
  });

  test('the completion item in focus shows the formatted reference in its documentation', async () => {
    const editor = await openFile('complete.md', CITING('').replace('[@russell2020aima]', '[@russell2020'));
    const at = editor.document.positionAt(editor.document.getText().indexOf('[@russell2020') + '[@russell2020'.length);
    const documentation = await waitFor('a formatted reference in the documentation', async () => {
      // The first item resolved, as VS Code resolves the one in focus.
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, at, undefined, 1);
      const first = list.items.find(i => i.insertText === 'russell2020aima');
      const doc = first?.documentation;
      const text = doc instanceof vscode.MarkdownString ? doc.value : String(doc ?? '');
      return APA.test(text) && text;
    }, 30000);
    assert.match(documentation, CREDIT);
  });

  test('a document whose front matter names csl: ieee.csl, a file beside it, is formatted in it, and again when it changes', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const ieee = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extension.extensionUri, 'src', 'data', 'styles', 'ieee.csl'));
    await vscode.workspace.fs.writeFile(dir('ieee.csl'), ieee);
    const editor = await openFile('own.md', CITING('csl: ieee.csl\n'));
    await hoverUntil(editor, IEEE);
    // The file, not the bundled IEEE of the same name: broken, it gives a problem and APA.
    await writeText(dir('ieee.csl'), new TextDecoder().decode(ieee).replace('<bibliography', '<bibliography <'));
    await hoverUntil(editor, APA);
    await waitFor('a problem on ieee.csl', () => vscode.languages.getDiagnostics(dir('ieee.csl')).length > 0);
  });

  test('a .csl that is not a style: a problem on it with its line, and APA is used', async () => {
    await writeText(dir('broken.csl'), '<?xml version="1.0"?>\n<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text">\n  <info><title>Broken</title>\n</style>\n');
    const editor = await openFile('broken.md', CITING('csl: broken.csl\n'));
    await hoverUntil(editor, APA);
    const problems = await waitFor('a problem on broken.csl', () => {
      const found = vscode.languages.getDiagnostics(dir('broken.csl'));
      return found.length > 0 && found;
    });
    assert.equal(problems[0].range.start.line, 3, 'line 4, where the unclosed <info> ends');
    assert.match(problems[0].message, /APA/);
  });

  test('Insert Citation into a .txt writes the reference formatted in the style in force', async () => {
    const editor = await openFile('notes.txt', 'Read: ');
    const end = () => { editor.selection = new vscode.Selection(editor.document.positionAt(editor.document.getText().length), editor.document.positionAt(editor.document.getText().length)); };
    end();
    await vscode.commands.executeCommand('papers.insertCitation', 'ReAct2022');
    assert.equal(editor.document.getText(), 'Read: ReAct: Synergizing Reasoning and Acting in Language Models. (2022). https://react-lm.github.io');
    await setSetting('citation.style', 'ieee');
    end();
    await vscode.commands.executeCommand('papers.insertCitation', 'ReAct2022');
    assert.match(editor.document.getText(), /\.io\[1\] “ReAct: Synergizing Reasoning and Acting in Language Models\.” 2022\. \[Online\]\. Available: https:\/\/react-lm\.github\.io$/);
    await setSetting('citation.style', undefined);
  });

  test('the details view shows the reference formatted, as HTML the view builds as nodes, with the credit', async () => {
    const api = await activate();
    await vscode.commands.executeCommand('papers.openPaper', 'russell2020aima');
    const reference = await waitFor('the formatted reference in the details view', () => api.testing.details().reference?.html.includes('Norvig') && api.testing.details().reference, 30000);
    assert.match(reference.html, /^Russell, S\., &amp; Norvig, P\. \(2020\)\. <i>Artificial intelligence: A modern approach<\/i>/);
    assert.equal(reference.credit, 'Citations by CSL (citeproc-js), https://citationstyles.org/');
    assert.deepEqual(reference.styles.slice(1).map(s => s.id), ['apa', 'ieee', 'chicago-author-date', 'vancouver', 'nature']);
  });

  test('Show References previews the sample .tex and .md: the entries in the style\'s order, the citations, and an update as a citation is typed', async () => {
    const api = await activate();
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(workspaceUri('paper.tex')));
    await vscode.commands.executeCommand('papers.showReferences');
    const texView = await waitFor('the references of paper.tex', () => api.testing.references()?.document === 'paper.tex' && api.testing.references(), 30000);
    assert.deepEqual(texView.entries.map(e => e.key), ['russell2020aima']);
    assert.match(texView.entries[0].html, /^Russell, S\., &amp; Norvig, P\. \(2020\)\. <i>Artificial intelligence: A modern approach<\/i>/);
    assert.deepEqual(texView.citations.map(c => c.html), ['(Russell &amp; Norvig, 2020)']);
    assert.equal(texView.credit, 'Citations by CSL (citeproc-js), https://citationstyles.org/');

    // It follows the active document, and formats again as a citation is typed.
    const md = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(workspaceUri('notes.md')));
    await waitFor('the references of notes.md', () => api.testing.references()?.document === 'notes.md', 30000);
    const end = md.document.positionAt(md.document.getText().length);
    await md.edit(edit => edit.insert(end, '\nAnd acting [@ReAct2022].\n'));
    const apa = await waitFor('the typed citation in the preview', () => (api.testing.references()?.entries.length === 2) && api.testing.references(), 30000);
    assert.deepEqual(apa.entries.map(e => e.key), ['ReAct2022', 'russell2020aima'], 'APA: by author, then title');
    await setSetting('citation.style', 'ieee');
    const ieee = await waitFor('the preview in IEEE', () => api.testing.references()?.style === 'IEEE' && api.testing.references(), 30000);
    assert.deepEqual(ieee.entries.map(e => e.key), ['russell2020aima', 'ReAct2022'], 'IEEE: in the order cited');
    assert.deepEqual(ieee.citations.map(c => c.html), ['[1]', '[2]']);
    await setSetting('citation.style', undefined);
    await vscode.commands.executeCommand('undo');
  });
});

suite('Papers: Choose Citation Style…', () => {
  suiteSetup(async () => {
    await activate();
    await vscode.workspace.fs.createDirectory(dir());
  });
  suiteTeardown(async () => {
    await setSetting('citation.style', undefined);
    // Where the command writes it.
    await setSetting('citation.style', undefined, vscode.ConfigurationTarget.Workspace);
    await closeAllEditors();
  });

  /**
   * A pick's changes reach the window in a timer of 0 ms the extension host sets when they are made:
   * a timer set after it runs after it, so a command sent then finds the focus where it was put.
   */
  const sent = () => new Promise(resolve => setTimeout(resolve, 0));

  /** Runs the command, waits for its pick (the style list, then where to write) and accepts the item `which` names. */
  async function choose(api: Awaited<ReturnType<typeof activate>>, which: (item: vscode.QuickPickItem & { value: string }) => boolean, preview?: RegExp): Promise<string | undefined> {
    const pick = await waitFor('the style pick', () => api.testing.stylePick()?.title === 'Choose Citation Style' && api.testing.stylePick(), 30000);
    const item = pick.items.find(which);
    assert.ok(item, `among ${pick.items.map(i => i.label).join(', ')}`);
    // Each style is shown on the writer's own entries.
    const detail = preview && await waitFor(`a preview matching ${preview}`, () => { const d = pick.items.find(which)?.detail; return !pick.busy && d && preview.test(d) && d; }, 30000)
      .catch((error: unknown) => { throw new Error(`${String(error)}; shown: ${pick.items.find(which)?.detail}`); });
    pick.activeItems = [item];
    await sent();
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    return detail || undefined;
  }

  async function where(api: Awaited<ReturnType<typeof activate>>, value: 'document' | 'workspace'): Promise<void> {
    const pick = await waitFor('the pick of where to write', () => api.testing.stylePick()?.title?.startsWith('Use ') && api.testing.stylePick(), 30000);
    pick.activeItems = [pick.items.find(i => i.value === value)!];
    await sent();
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  }

  test('the styles are previewed on the document\'s own entries; the choice goes into its front matter as one undo step, or into the workspace setting', async () => {
    const api = await activate();
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const ieee = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extension.extensionUri, 'src', 'data', 'styles', 'ieee.csl')));
    await writeText(dir('journal.csl'), ieee.replace(/<title>[^<]*<\/title>/, '<title>The Journal of Tests</title>'));
    const text = CITING('title: Choosing\n');
    const editor = await open(dir('choose.md'), text);
    await vscode.window.showTextDocument(editor.document);
    // The document's bibliography read (its entries are what the styles are previewed on).
    await hoverUntil(editor, APA);

    let done = vscode.commands.executeCommand('papers.chooseCitationStyle');
    const preview = await choose(api, i => i.value === 'ieee', /S\. Russell and P\. Norvig, Artificial intelligence: A modern approach/);
    assert.match(preview!, /^\[1\] .*·\s+\[2\] /, 'two of the writer\'s entries, numbered as IEEE numbers them');
    await where(api, 'document');
    await done;
    assert.equal(editor.document.getText(), text.replace('title: Choosing\n', 'title: Choosing\ncsl: ieee\n'), 'csl: joins the front matter, nothing else changes');
    await hoverUntil(editor, IEEE);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), text, 'one undo step');

    done = vscode.commands.executeCommand('papers.chooseCitationStyle');
    await choose(api, i => i.label === 'The Journal of Tests', /S\. Russell and P\. Norvig/);
    await where(api, 'workspace');
    await done;
    assert.equal(vscode.workspace.getConfiguration('papers').get('citation.style'), 'styles-tests/journal.csl');
    await hoverUntil(editor, IEEE);
  });

  test('the CSL repository\'s styles are in the pick; one highlighted is fetched and previewed, and chosen goes into the front matter as its zotero.org address', async () => {
    const api = await activate();
    const server = await startReplay();
    try {
      // The test before chose a style for the workspace.
      await setSetting('citation.style', undefined, vscode.ConfigurationTarget.Workspace);
      await setSetting('web.cslStylesUrl', server.urls.cslStyles);
      const text = CITING('title: From the repository\n');
      const editor = await open(dir('repository.md'), text);
      await vscode.window.showTextDocument(editor.document);
      await hoverUntil(editor, APA);
      const done = vscode.commands.executeCommand('papers.chooseCitationStyle');
      const pick = await waitFor('the style pick, its bundled styles previewed', () => api.testing.stylePick()?.title === 'Choose Citation Style' && !api.testing.stylePick()?.busy && api.testing.stylePick(), 30000);
      const styles = pick.items.filter(i => i.kind !== vscode.QuickPickItemKind.Separator);
      assert.ok(styles.length > 10000, `the repository's styles too (${styles.length})`);
      const access = styles.find(i => i.value === 'ieee-access')!;
      assert.equal(access.label, 'IEEE Access');
      assert.match(access.description!, /^ieee-access · numeric · engineering, communications · after ieee$/, 'searched by id, format and field');
      assert.equal(access.detail, undefined, 'not fetched before it is highlighted');
      pick.activeItems = [access];
      const detail = await waitFor('IEEE Access previewed', () => { const d = pick.items.find(i => i.value === 'ieee-access')?.detail; return d && /S\. Russell and P\. Norvig/.test(d) && d; }, 30000);
      assert.match(detail, /^\[1\] /);
      assert.equal(pick.activeItems[0]?.value, 'ieee-access', 'still highlighted once its preview shows');
      await sent();
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await where(api, 'document');
      await done;
      assert.equal(editor.document.getText(), text.replace('title: From the repository\n', 'title: From the repository\ncsl: "https://www.zotero.org/styles/ieee-access"\n'));
      await hoverUntil(editor, IEEE);
    } finally {
      await setSetting('web.cslStylesUrl', undefined);
      await server.close();
    }
  });
});

suite('Dependent styles (a journal\'s name over another style\'s rules)', () => {
  let server: Replay;
  /** A style of the CSL repository (test/fixtures/styles), written into this suite's folder. */
  const copyStyle = async (name: string) => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    await vscode.workspace.fs.writeFile(dir(name), await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extension.extensionUri, 'test', 'fixtures', 'styles', name)));
  };

  suiteSetup(async () => {
    await activate();
    await vscode.workspace.fs.createDirectory(dir());
    server = await startReplay();
  });

  suiteTeardown(async () => {
    await setSetting('web.cslStylesUrl', undefined);
    await setSetting('web.enabled', undefined);
    await closeAllEditors();
    await server.close();
  });

  test('csl: ieee-access.csl, a dependent style in the workspace, formats in its bundled parent\'s form (IEEE)', async () => {
    await copyStyle('ieee-access.csl');
    const editor = await openFile('access.md', CITING('csl: ieee-access.csl\n'));
    await hoverUntil(editor, IEEE);
    assert.deepEqual(vscode.languages.getDiagnostics(dir('ieee-access.csl')), []);
  });

  test('a parent not bundled: offline and nowhere, a problem at the line naming it and APA; fetched from the styles repository once the network is on, and kept', async () => {
    await setSetting('web.enabled', false);
    await setSetting('web.cslStylesUrl', server.urls.cslStyles);
    await copyStyle('acta-histochemica.csl');
    const editor = await openFile('histochemica.md', CITING('csl: acta-histochemica.csl\n'));
    await hoverUntil(editor, APA);
    const [problem] = await waitFor('a problem on acta-histochemica.csl', () => {
      const found = vscode.languages.getDiagnostics(dir('acta-histochemica.csl'));
      return found.length > 0 && found;
    });
    assert.equal(problem.range.start.line, 7, 'line 8, its <link rel="independent-parent">');
    assert.match(problem.message, /parent style "elsevier-harvard" was not found/);
    assert.equal(await server.requestCount(), 0, 'nothing asked with the network off');
    await setSetting('web.enabled', undefined);
    await hoverUntil(editor, ELSEVIER_HARVARD);
    assert.ok(await server.requestCount() > 0, 'the parent was fetched');
    await waitFor('the problem gone', () => vscode.languages.getDiagnostics(dir('acta-histochemica.csl')).length === 0);
    // Kept: with the repository down, another style of the same parent, never seen before, finds the copy fetched.
    await server.down();
    const asked = await server.requestCount();
    await vscode.workspace.fs.writeFile(dir('histochemica-again.csl'), await vscode.workspace.fs.readFile(dir('acta-histochemica.csl')));
    await hoverUntil(await openFile('again.md', CITING('csl: histochemica-again.csl\n')), ELSEVIER_HARVARD);
    assert.equal(await server.requestCount(), asked, 'not asked again');
    await server.reset();
  });
});

suite('Styles of the CSL repository by name (csl: ieee-access, csl: "Nature Communications")', () => {
  let server: Replay;
  const VANCOUVER = /Russell S, Norvig P\. Artificial intelligence/;
  /** The problems Papers shows on a document of this suite. */
  const problemsOn = (name: string) => vscode.languages.getDiagnostics(dir(name)).filter(d => d.source === 'Papers');

  suiteSetup(async () => {
    await activate();
    await vscode.workspace.fs.createDirectory(dir());
    server = await startReplay();
    await setSetting('web.cslStylesUrl', server.urls.cslStyles);
  });

  suiteTeardown(async () => {
    await setSetting('citation.style', undefined);
    await setSetting('web.cslStylesUrl', undefined);
    await setSetting('web.enabled', undefined);
    await closeAllEditors();
    await server.close();
  });

  test('a dependent style named by its title, never seen, is fetched from the repository\'s dependent/ folder and formats in its parent\'s form', async () => {
    const asked = await server.requestCount();
    const editor = await openFile('by-title.md', CITING('csl: "Acta Otorrinolaringológica Española (Español)"\n'));
    await hoverUntil(editor, VANCOUVER);
    assert.ok(await server.requestCount() > asked, 'fetched');
    assert.deepEqual(problemsOn('by-title.md'), []);
  });

  test('by its id, a dependent style whose parent is not bundled: both fetched, and the setting takes a title too', async () => {
    const editor = await openFile('by-id.md', CITING('csl: acta-histochemica\n'));
    await hoverUntil(editor, ELSEVIER_HARVARD);
    const plain = await openFile('by-setting.md', CITING(''));
    await setSetting('citation.style', 'IEEE Access');
    await hoverUntil(plain, IEEE);
    await setSetting('citation.style', undefined);
    await hoverUntil(plain, APA);
  });

  test('offline and never fetched: APA, and a problem at the csl: line that names the style and why; a name that is no style says so', async () => {
    await setSetting('web.enabled', false);
    const asked = await server.requestCount();
    const editor = await openFile('offline.md', CITING('title: Offline\ncsl: nature-communications\n'));
    await hoverUntil(editor, APA);
    const [problem] = await waitFor('a problem at the csl: line', () => problemsOn('offline.md').length > 0 && problemsOn('offline.md'));
    assert.equal(problem.range.start.line, 3, 'the csl: line');
    assert.match(problem.message, /"nature-communications".*the CSL repository's "Nature Communications", but it has not been fetched yet and papers\.web\.enabled is off: references are formatted in APA/);
    assert.equal(await server.requestCount(), asked, 'nothing asked with the network off');
    // Online, the repository does not have it (the test server holds a few styles): the problem says what the repository answered.
    await setSetting('web.enabled', undefined);
    await waitFor('the problem saying the fetch failed', async () => {
      await hoverOn(editor, 'russell2020aima');
      return problemsOn('offline.md').some(d => /dependent\/nature-communications\.csl could not be fetched \(404/.test(d.message));
    }, 30000);

    const nothing = await openFile('nothing.md', CITING('csl: the-journal-of-nothing\n'));
    await hoverUntil(nothing, APA);
    const [none] = await waitFor('a problem on nothing.md', () => problemsOn('nothing.md').length > 0 && problemsOn('nothing.md'));
    assert.match(none.message, /"the-journal-of-nothing" .* is neither a \.csl file nor the id or title of a style of the CSL repository/);
    // Fixed, the problem goes.
    await writeText(dir('nothing.md'), CITING('csl: ieee\n'));
    await waitFor('the problem gone', async () => {
      await hoverOn(nothing, 'russell2020aima');
      return problemsOn('nothing.md').length === 0;
    });
  });
});
