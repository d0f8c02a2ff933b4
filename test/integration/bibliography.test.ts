// The writer's own bibliography in the real extension host: the sample workspace's
// references.bib, and files the tests write next to it.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as vscode from 'vscode';
import type { FileNode, BibliographyNode, PaperNode } from '../../src/host/common/treeNodes';
import { activate, at, closeAllEditors, hoverText, open, setSetting, waitFor, workspaceUri, writeText } from './helpers';

type Api = Awaited<ReturnType<typeof activate>>;

const dir = (...path: string[]) => workspaceUri('bib-tests', ...path);
const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));

async function complete(editor: vscode.TextEditor, position: vscode.Position): Promise<vscode.CompletionItem[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, position);
  return list.items.filter(i => typeof i.label === 'object' && i.kind === vscode.CompletionItemKind.Reference)
    .sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
}

const keyOf = (item: vscode.CompletionItem) => (item.label as vscode.CompletionItemLabel).description;

/** The keys of the sample workspace's references.bib, sorted. */
const sampleKeys = async () => [...(await read(workspaceUri('references.bib'))).matchAll(/^@\w+\{([^,\s]+),/gm)].map(m => m[1]).sort();

suite('Your bibliography (the sample workspace)', () => {
  let api: Api;

  suiteSetup(async () => {
    api = await activate();
    await vscode.workspace.fs.createDirectory(dir());
  });
  suiteTeardown(closeAllEditors);

  // The first test of the first suite: the window is as VS Code opened it.
  test('in a fresh window, with no document open, the Papers view has the Bibliography node with references.bib\'s entries', async () => {
    const opened = vscode.workspace.textDocuments.filter(d => d.uri.scheme === 'file').map(d => d.uri.path);
    assert.deepEqual(opened, [], 'no document is open');
    const file = await waitFor('references.bib under the Bibliography node', async () => {
      const [root] = await api.testing.tree.getChildren();
      if (root?.kind !== 'bibliography') return undefined;
      return (await api.testing.tree.getChildren(root) as FileNode[]).find(f => f.file.file === 'references.bib');
    }, 30000);
    const shown = (await api.testing.tree.getChildren(file) as PaperNode[]).map(e => e.row.key);
    assert.deepEqual(shown.sort(), await sampleKeys());
    assert.equal(vscode.workspace.textDocuments.filter(d => d.uri.scheme === 'file').length, 0, 'still no document open');
  });

  test('hover on [@russell2020aima, ch. 2] in notes.md shows the entry: title, authors, year, venue, Go to Entry', async () => {
    const editor = await open(workspaceUri('notes.md'));
    await api.testing.settled();
    const text = await hoverText(editor, at(editor, 'russell2020aima', 3));
    assert.match(text, /Artificial Intelligence: A Modern Approach/);
    assert.match(text, /Russell &amp; Norvig/);
    assert.match(text, /Pearson/);
    assert.match(text, /2020/);
    assert.match(text, /command:papers\.goToEntry/);
    assert.match(text, /references\\\.bib:1/);
  });

  test('completion inside [@ and \\cite{ offers the document\'s own entries first', async () => {
    const md = await open(dir('complete.md'), '---\nbibliography: ../references.bib\n---\n\nAs argued [@rus].\n');
    await api.testing.settled();
    const mdItems = await complete(md, at(md, '[@rus', 5));
    assert.equal(keyOf(mdItems[0]), 'russell2020aima');
    assert.match(String(mdItems[0].detail), /references\.bib/);
    assert.equal(mdItems[0].insertText, 'russell2020aima');

    const tex = await open(workspaceUri('paper.tex'));
    const texItems = await complete(tex, at(tex, '\\cite{russell2020aima}', 6));
    const own = await sampleKeys();
    assert.deepEqual(texItems.slice(0, own.length).map(keyOf).sort(), own, 'with nothing typed, own entries come first');
    assert.ok(texItems.length > own.length, 'then the other papers');
  });

  test('searching by author: "norvig" and "russell modern" find the entry', async () => {
    assert.equal((await api.search('norvig', { limit: 1 }))[0]?.key, 'russell2020aima');
    assert.equal((await api.search('russell modern', { limit: 1 }))[0]?.key, 'russell2020aima');
    assert.equal((await api.search('russell2020aima', { limit: 1 }))[0]?.key, 'russell2020aima', 'an exact key comes first');
  });

  test('Reload Papers keeps the bibliography: its entries are read again and still found', async () => {
    await vscode.commands.executeCommand('papers.reloadCorpus');
    await api.testing.settled();
    assert.equal((await api.getPaper('russell2020aima'))?.title, 'Artificial Intelligence: A Modern Approach');
    assert.equal((await api.search('norvig', { limit: 1 }))[0]?.key, 'russell2020aima');
  });

  test('a new session on the same bibliography takes the library from the cache, and an edit is read again', async () => {
    // The first read was cached once its full text was in (settled waits for the cache to be written).
    await api.testing.settled();
    await vscode.commands.executeCommand('papers.reloadCorpus');
    await api.testing.settled();
    const restored = api.testing.bibliographies();
    assert.equal(restored?.fromCache, true, 'the library came from the cache, the file not read');
    assert.ok(restored?.files.some(f => f.keys.includes('russell2020aima')), 'the file\'s entries as it was read');
    assert.equal((await api.getPaper('russell2020aima'))?.title, 'Artificial Intelligence: A Modern Approach');
    assert.equal((await api.search('norvig', { limit: 1 }))[0]?.key, 'russell2020aima');
    // An edit changes the file's time: read and indexed again, and the new entry answers.
    const bib = workspaceUri('references.bib');
    const before = await read(bib);
    try {
      await vscode.workspace.fs.writeFile(bib, new TextEncoder().encode(`${before}\n@book{cachetest2026,\n  title = {An Unmistakable Cache Monograph},\n  author = {Quastler, Wilhelmina},\n  year = {2026},\n}\n`));
      const edited = await api.testing.reloadBibliographies();
      assert.equal(edited?.fromCache, false);
      assert.equal((await api.search('quastler', { limit: 1 }))[0]?.key, 'cachetest2026');
    } finally {
      await vscode.workspace.fs.writeFile(bib, new TextEncoder().encode(before));
      await api.testing.reloadBibliographies();
    }
    assert.equal(await api.getPaper('cachetest2026'), undefined);
  });

  test('go to definition on a key jumps to its line in references.bib', async () => {
    const editor = await open(workspaceUri('draft.typ'));
    const locations = await vscode.commands.executeCommand<vscode.LocationLink[]>('vscode.executeDefinitionProvider', editor.document.uri, at(editor, '@russell2020aima', 4));
    assert.equal(locations.length, 1);
    assert.equal(locations[0].targetUri.toString(), workspaceUri('references.bib').toString());
    assert.equal(locations[0].targetRange.start.line, 0);
    const bib = await vscode.workspace.openTextDocument(workspaceUri('references.bib'));
    assert.equal(bib.getText(locations[0].targetSelectionRange ?? locations[0].targetRange), 'russell2020aima');
  });

  test('Go to Entry opens the file at the entry, the key selected', async () => {
    await vscode.commands.executeCommand('papers.goToEntry', 'russell2020aima');
    const editor = await waitFor('references.bib to be the active editor', () => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.toString() === workspaceUri('references.bib').toString() && active;
    });
    assert.equal(editor.document.getText(editor.selection), 'russell2020aima');
  });

  test('citing a paper whose key the bibliography already has appends nothing', async () => {
    const before = await read(workspaceUri('references.bib'));
    const editor = await open(dir('cite.md'), '---\nbibliography: ../references.bib\n---\n\nSee .\n');
    editor.selection = new vscode.Selection(at(editor, 'See .', 4), at(editor, 'See .', 4));
    const result = await vscode.commands.executeCommand<{ bibliography?: string }>('papers.insertCitation', 'russell2020aima');
    assert.equal(editor.document.getText(), '---\nbibliography: ../references.bib\n---\n\nSee [@russell2020aima].\n');
    assert.equal(result?.bibliography, 'unchanged');
    assert.equal(await read(workspaceUri('references.bib')), before);
  });

  test('the Papers view has a Bibliography node, one node per file, its entries with authors and year', async () => {
    await api.testing.settled();
    const [root] = await api.testing.tree.getChildren();
    assert.equal(root.kind, 'bibliography');
    const files = await api.testing.tree.getChildren(root) as FileNode[];
    const file = files.find(f => f.file.file === 'references.bib');
    assert.ok(file, `references.bib is listed (${files.map(f => f.file.file).join(', ')})`);
    const entries = await api.testing.tree.getChildren(file) as PaperNode[];
    const russell = entries.find(e => e.row.key === 'russell2020aima');
    assert.ok(russell);
    const item = api.testing.tree.getTreeItem(russell);
    assert.equal(item.label, 'Artificial Intelligence: A Modern Approach');
    assert.equal(item.description, 'russell2020aima · Russell & Norvig 2020');
    assert.match(String(item.contextValue), /entry/);
    assert.equal(api.testing.tree.getParent(russell), file);
    assert.equal(api.testing.tree.getParent(file), root as BibliographyNode);
    assert.equal((await api.testing.tree.findPaper(russell.row.id))?.id, russell.id, 'reveal finds it');
  });

  test('an edited .bib is seen after saving: a new entry completes, and how long that took', async () => {
    const uri = workspaceUri('references.bib');
    const original = await read(uri);
    try {
      const editor = await open(uri);
      await editor.edit(b => b.insert(editor.document.positionAt(editor.document.getText().length), '\n@article{lecun2015deep,\n  author = {LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey},\n  title = {Deep Learning},\n  journal = {Nature},\n  year = {2015}\n}\n'));
      const saved = Date.now();
      await editor.document.save();
      const md = await open(dir('after-save.md'), '---\nbibliography: ../references.bib\n---\n\n[@lecun]\n');
      const items = await waitFor('lecun2015deep in completion', async () => {
        const found = await complete(md, at(md, '[@lecun', 7));
        return keyOf(found[0] ?? new vscode.CompletionItem('')) === 'lecun2015deep' && found;
      }, 5000);
      console.log(`      [timing] saved .bib → entry in completion: ${Date.now() - saved} ms`);
      assert.match(String(items[0].detail), /LeCun et al\. · Nature · 2015/);
      assert.ok(Date.now() - saved < 3000);
    } finally {
      await writeText(uri, original);
      await api.testing.reloadBibliographies();
    }
  });

  test('a broken entry is a warning at its line, and the other entries still complete', async () => {
    const uri = dir('broken.bib');
    await writeText(uri, '@book{good1, title = {First Good Book}, author = {Doe, Jane}, year = 2001}\n\n@article{bad,\n  title = {Unclosed {brace},\n  year = 2020\n\n@book{good2, title = {Second Good Book}, year = 2002}\n');
    const md = await open(dir('broken.md'), '---\nbibliography: broken.bib\n---\n\n[@good]\n');
    await api.testing.settled();
    const report = await waitFor('broken.bib to be read', () => api.testing.bibliographies()?.files.find(f => f.file === 'bib-tests/broken.bib'));
    assert.deepEqual(report.keys, ['good1', 'good2']);
    const diagnostics = await waitFor('a diagnostic on broken.bib', () => { const d = vscode.languages.getDiagnostics(uri); return d.length > 0 && d; });
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0].range.start.line, 3, 'on the line of the unclosed value');
    assert.equal(diagnostics[0].severity, vscode.DiagnosticSeverity.Error);
    assert.match(diagnostics[0].message, /field "title" of entry "bad" is not closed/);
    const items = await complete(md, at(md, '[@good', 6));
    assert.deepEqual(items.slice(0, 2).map(keyOf).sort(), ['good1', 'good2']);
  });

  test('a CSL-JSON bibliography in a Markdown file: hover and completion', async () => {
    await writeText(dir('zotero.json'), JSON.stringify([
      { id: 'hinton2006fast', type: 'article-journal', title: 'A Fast Learning Algorithm for Deep Belief Nets', author: [{ family: 'Hinton', given: 'Geoffrey E.' }, { family: 'Osindero', given: 'Simon' }], issued: { 'date-parts': [[2006]] }, 'container-title': 'Neural Computation', DOI: '10.1162/neco.2006.18.7.1527' },
    ], null, 2));
    const md = await open(dir('csl.md'), '---\nbibliography: zotero.json\n---\n\nBelief nets [@hinton2006fast] and [@hint].\n');
    await api.testing.settled();
    const text = await waitFor('the hover of hinton2006fast', async () => {
      const value = await hoverText(md, at(md, 'hinton2006fast', 3));
      return value.includes('Deep Belief Nets') && value;
    });
    assert.match(text, /Hinton &amp; Osindero · Neural Computation · 2006/);
    assert.match(text, /bib\\-tests\/zotero\\\.json:2/);
    const items = await complete(md, at(md, '[@hint]', 6));
    assert.equal(keyOf(items[0]), 'hinton2006fast');
  });

  test('a CSL-YAML bibliography and a front matter\'s own references in a Markdown file: hover, and only the unknown key warned of', async () => {
    await writeText(dir('refs.yaml'), [
      'references:', '- id: yamlEntry2023', '  type: article-journal', '  title: A Reference Read From YAML',
      '  author:', '  - family: Quillfeather', '    given: Ada', '  container-title: Journal of Plain Text', '  issued:', '    date-parts:', '    - [2023]', '',
    ].join('\n'));
    const md = await open(dir('yaml.md'), [
      '---', 'bibliography: refs.yaml', 'references:', '- id: inline2024', '  title: An Inline Reference', '---', '',
      'Read [@yamlEntry2023], inline [@inline2024], unknown [@nowhereKey2099].', '',
    ].join('\n'));
    await api.testing.settled();
    const text = await waitFor('the hover of yamlEntry2023', async () => {
      const value = await hoverText(md, at(md, 'yamlEntry2023', 3));
      return value.includes('A Reference Read From YAML') && value;
    });
    assert.match(text, /Quillfeather · Journal of Plain Text · 2023/);
    assert.match(text, /bib\\-tests\/refs\\\.yaml:2/);
    // The front matter's own references are read where citations are checked (js-yaml compiled there on first use).
    const warned = await waitFor('the unknown key warned of', () => {
      const d = vscode.languages.getDiagnostics(md.document.uri).filter(x => x.source === 'Papers');
      return d.length > 0 && d;
    }, 15000);
    assert.deepEqual(warned.map(d => md.document.getText(d.range)), ['nowhereKey2099']);
  });

  test('papers.bibliography.files adds files by glob; a file over the size limit is skipped with a message naming it and the setting', async () => {
    await vscode.workspace.fs.createDirectory(dir('extra'));
    await writeText(dir('extra', 'a.bib'), '@misc{globbedEntry, title = {Found by a glob}}\n');
    await writeText(dir('extra', 'big.bib'), `@misc{tooBig, title = {Big}, note = {${'x'.repeat(1024 * 1024 + 10)}}}\n`);
    await setSetting('bibliography.maxFileSize', 1, vscode.ConfigurationTarget.Workspace);
    await setSetting('bibliography.files', ['bib-tests/extra/*.bib'], vscode.ConfigurationTarget.Workspace);
    try {
      const paper = await waitFor('the globbed entry', async () => { await api.testing.settled(); return api.getPaper('globbedEntry'); });
      assert.equal(paper.title, 'Found by a glob');
      assert.equal(await api.getPaper('tooBig'), undefined);
      const diagnostics = vscode.languages.getDiagnostics(dir('extra', 'big.bib'));
      assert.match(diagnostics[0]?.message ?? '', /bib-tests\/extra\/big\.bib is 1\.0 MB, more than papers\.bibliography\.maxFileSize \(1 MB\)/);
    } finally {
      await setSetting('bibliography.files', undefined, vscode.ConfigurationTarget.Workspace);
      await setSetting('bibliography.maxFileSize', undefined, vscode.ConfigurationTarget.Workspace);
      await api.testing.settled();
    }
  });

  test('a file replaced by rename (as Zotero writes it) is reloaded once', async () => {
    const uri = dir('auto.bib');
    await writeText(uri, '@misc{autoOne, title = {Before the export}}\n');
    await open(dir('auto.md'), '---\nbibliography: auto.bib\n---\n\n[@autoOne]\n');
    await waitFor('autoOne', async () => { await api.testing.settled(); return api.getPaper('autoOne'); });
    const temp = dir('auto.bib.tmp');
    await writeText(temp, '@misc{autoTwo, title = {After the export}}\n');
    await vscode.workspace.fs.rename(temp, uri, { overwrite: true });
    const paper = await waitFor('autoTwo after the rename', async () => { await api.testing.settled(); return api.getPaper('autoTwo'); }, 10000);
    assert.equal(paper.title, 'After the export');
    assert.equal(await api.getPaper('autoOne'), undefined);
  });

  test('a hover on a citation on screen needs no round trip to the engine; one scrolled to is asked for ahead; an edit is seen', async () => {
    const bib = dir('screen.bib');
    const entry = (key: string, title: string) => `@article{${key},\n  author = {Lovelace, Ada},\n  title = {${title}},\n  journal = {Notes},\n  year = {1843}\n}\n`;
    await writeText(bib, entry('screenTop', 'Cited at the top') + entry('screenFar', 'Cited far below'));
    const filler = Array.from({ length: 400 }, (_, i) => `Line ${i} of a long chapter.`).join('\n');
    const editor = await open(dir('screen.tex'), `\\documentclass{article}\n\\addbibresource{screen.bib}\n\\begin{document}\nSee~\\cite{screenTop}.\n${filler}\nLater~\\cite{screenFar}.\n\\end{document}\n`);
    // (Not by asking for screenTop, which would have it known already.)
    await waitFor('screen.bib read', async () => { await api.testing.settled(); return api.testing.bibliographies()?.files.some(f => f.keys.includes('screenTop')); });
    await api.testing.onScreenSettled();
    const asked = () => api.testing.engineAsked('rowsByKey');
    let before = asked();
    assert.match(await hoverText(editor, at(editor, 'screenTop', 2)), /Cited at the top/);
    assert.equal(asked(), before, 'the hover on screen asked the engine again');

    // Below the screen: not asked for until it is scrolled to.
    const far = at(editor, 'screenFar', 2);
    assert.ok(!editor.visibleRanges.some(r => r.contains(far)), 'screenFar is off screen');
    before = asked();
    editor.revealRange(new vscode.Range(far, far), vscode.TextEditorRevealType.InCenter);
    await waitFor('the papers scrolled to asked for', () => asked() > before);
    await api.testing.onScreenSettled();
    before = asked();
    assert.match(await hoverText(editor, far), /Cited far below/);
    assert.equal(asked(), before, 'the hover scrolled to asked the engine again');

    // The file changes: the next hover shows the entry as it is now.
    await writeText(bib, entry('screenTop', 'Cited at the top') + entry('screenFar', 'Retitled after saving'));
    await api.testing.reloadBibliographies();
    await waitFor('the new title in the hover', async () => /Retitled after saving/.test(await hoverText(editor, far)));
  });

  test('a change the file watcher misses (inotify limits, a network drive) is still seen within seconds', async () => {
    const uri = dir('unwatched.bib');
    await writeText(uri, '@misc{unwatchedOne, title = {Seen by the watcher}}\n');
    await open(dir('unwatched.md'), '---\nbibliography: unwatched.bib\n---\n\n[@unwatchedOne]\n');
    await waitFor('unwatchedOne', async () => { await api.testing.settled(); return api.getPaper('unwatchedOne'); });
    api.testing.dropWatcherEvents(true);
    try {
      const written = Date.now();
      await writeText(uri, '@misc{unwatchedTwo, title = {Seen by the poll alone}}\n');
      const paper = await waitFor('unwatchedTwo with no watcher event', async () => { await api.testing.settled(); return api.getPaper('unwatchedTwo'); }, 10000);
      console.log(`      [timing] written with no watcher event → entry in the library: ${Date.now() - written} ms`);
      assert.equal(paper.title, 'Seen by the poll alone');
      assert.equal(await api.getPaper('unwatchedOne'), undefined);
    } finally {
      api.testing.dropWatcherEvents(false);
    }
  });

  test('a pipe named as a bibliography is a problem naming it, never read: the other bibliography still completes, nothing hangs', async () => {
    const pipe = dir('pipe.bib');
    execFileSync('mkfifo', [pipe.fsPath]);
    try {
      await writeText(dir('beside.bib'), '@misc{besidePipe2024, title = {Read Beside a Pipe}, author = {Doe, Jane}, year = 2024}\n');
      // A read of the pipe would wait for a writer for ever, holding the engine worker (or the host) and this test with it.
      const tex = await open(dir('pipe.tex'), '\\documentclass{article}\n\\usepackage{biblatex}\n\\addbibresource{pipe.bib}\n\\addbibresource{beside.bib}\n\\begin{document}\nSee \\cite{beside}.\n\\end{document}\n');
      const problems = await waitFor('a problem on pipe.bib', () => { const d = vscode.languages.getDiagnostics(pipe); return d.length > 0 && d; });
      assert.match(problems[0].message, /^bib-tests\/pipe\.bib is not a regular file \(a pipe, socket or device\), so it was not read/);
      const items = await waitFor('besidePipe2024 in completion', async () => {
        const found = await complete(tex, at(tex, '\\cite{beside', 12));
        return keyOf(found[0] ?? new vscode.CompletionItem('')) === 'besidePipe2024' && found;
      });
      assert.match(String(items[0].detail), /beside\.bib/);
    } finally {
      await vscode.workspace.fs.delete(pipe);
    }
  });
});
