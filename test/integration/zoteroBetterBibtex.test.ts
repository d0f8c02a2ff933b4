// The Zotero library with Better BibTeX installed, in the real VS Code, against the Zotero stand-in
// on 127.0.0.1 with its Better BibTeX JSON-RPC stand-in (test/support/betterBibtexServer.ts: built
// from BBT's documentation and source, as no recording of it is public). With BBT, an item's key is
// BBT's, and citing it appends BBT's own export in the bibliography's flavour, verbatim; without
// it, keys and entries are Papers' own, and BBT is asked once a refresh.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CiteResult } from '../../src/host/common/insertCitation';
import type { ZoteroServer } from '../support/zoteroServer';
import type * as Bbt from '../support/betterBibtexServer';
import { activate, closeAllEditors, setSetting, waitFor, workspaceUri, writeText } from './helpers';
import { leaveZotero, openAtIn, readZotero, startZotero, supportModule } from './support/zotero';

type Api = Awaited<ReturnType<typeof activate>>;

const dir = (...path: string[]) => workspaceUri('zotero-bbt-tests', ...path);
const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));

/** The stand-in's module (Node's http): loaded when a test runs, so that the web stage, which skips these tests, can load this file. */
const bbt = () => supportModule<typeof Bbt>('betterBibtexServer');

/** Buck's paper: BBT's key, and the key Papers makes for it without BBT (the item gives none). */
const BBT_KEY = 'buckSherlockHolmesBabylon1980';
const OUR_KEY = 'rcreightonbuck1980sherlock';

const openAt = (name: string, text: string, needle: string) => openAtIn(dir(name), text, needle);

const offeredAt = async (editor: vscode.TextEditor) => {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, editor.selection.active);
  return list.items.filter(i => i.kind === vscode.CompletionItemKind.Reference).map(i => (i.label as vscode.CompletionItemLabel).description ?? String(i.insertText));
};

/** Cites BBT's key at "HERE" in a new document whose bibliography is `bibliography`; gives that bibliography's text after. */
async function citeInto(bibliography: string, before: string, document: string, text: string): Promise<string> {
  await writeText(dir(bibliography), before);
  await openAt(document, text, 'Holmes ');
  assert.equal((await vscode.commands.executeCommand<CiteResult>('papers.insertCitation', BBT_KEY))?.inserted, 1);
  return read(dir(bibliography));
}

suite('Zotero library with Better BibTeX', () => {
  let api: Api;
  let zotero: ZoteroServer;
  let betterBibtex: Bbt.BetterBibtexStandIn;

  suiteSetup(async () => {
    api = await activate();
    zotero = await startZotero();
    betterBibtex = new (bbt().BetterBibtexStandIn)();
    zotero.betterBibtex = betterBibtex;
    await readZotero(api, zotero, dir(), BBT_KEY);
  });

  suiteTeardown(() => leaveZotero(api, zotero, dir(), OUR_KEY));

  /**
   * Takes a bibliography cited into away: the entry there was the writer's (which wins over Zotero's
   * item), so the item is Zotero's again for the next flavour.
   */
  const forget = async (bibliography: string) => {
    // Saved first: the citing document holds the citation unsaved, and VS Code's auto-save (on in
    // the web workbench) would otherwise write into the suite's folder after the test went on (CI
    // once logged a save of paper.md after the folder was gone, and a deleted refs.json's entry
    // was back in the library in the next test).
    await vscode.workspace.saveAll(false);
    await closeAllEditors();
    await vscode.workspace.fs.delete(dir(bibliography));
    await waitFor('the item Zotero\'s again', async () => {
      const paper = await api.getPaper(BBT_KEY);
      return paper?.sources[0]?.file.startsWith('zotero://') && !paper.entries?.some(e => e.file.endsWith(bibliography));
    }, 20000);
  };

  test('completion offers Better BibTeX\'s key, and citing appends its own export in the bibliography\'s flavour, verbatim', async () => {
    assert.ok(betterBibtex.asked.length && !betterBibtex.asked.some(m => m !== 'item.citationkey'), `the keys of the items read: ${betterBibtex.asked.join(', ')}`);
    assert.equal(await api.getPaper(OUR_KEY), undefined, 'the key our rules would make is not used');
    await writeText(dir('bibtex.bib'), '');
    const tex = '\\documentclass{article}\n\\begin{document}\nHolmes \\cite{Babylon}.\n\\bibliography{bibtex}\n\\end{document}\n';
    const editor = await openAt('bibtex.tex', tex, '\\cite{Babylon');
    const offered = await offeredAt(editor);
    assert.ok(offered.includes(BBT_KEY), `offered: ${offered.slice(0, 10).join(', ')}`);
    assert.ok(!offered.includes(OUR_KEY));

    await forget('bibtex.bib');

    // BibTeX: Better BibTeX's export.
    const before = '@book{doyle1887study,\n  title = {A Study in Scarlet},\n  year = {1887}\n}\n';
    const bib = await citeInto('bibtex.bib', before, 'cite.tex', tex.replace('\\cite{Babylon}', 'HERE'));
    assert.ok(bib.startsWith(before), 'appended, never rewritten');
    assert.equal(bib.slice(before.length).trim(), bbt().BUCK_EXPORTS['Better BibTeX'].trim(), 'BBT\'s text, as BBT wrote it');
    // Cited again once the library has read the entry written (as a writer citing it later finds it):
    // nothing is asked of Better BibTeX, nothing written.
    await waitFor('the entry written read into the library', async () => (await api.getPaper(BBT_KEY))?.entries?.some(e => e.file.endsWith('bibtex.bib')) === true, 20000);
    await vscode.commands.executeCommand('papers.insertCitation', BBT_KEY);
    assert.equal(await read(dir('bibtex.bib')), bib, 'cited again: the entry is there already');
    await forget('bibtex.bib');

    // biblatex: Better BibLaTeX's export.
    const biblatex = await citeInto('biblatex.bib', '', 'biblatex.tex', '\\documentclass{article}\n\\usepackage{biblatex}\n\\addbibresource{biblatex.bib}\n\\begin{document}\nHolmes HERE.\n\\printbibliography\n\\end{document}\n');
    assert.equal(biblatex.trim(), bbt().BUCK_EXPORTS['Better BibLaTeX'].trim());
    await forget('biblatex.bib');

    // CSL-JSON: Better CSL JSON's item.
    const items = JSON.parse(await citeInto('refs.json', '[]\n', 'paper.md', '---\nbibliography: refs.json\n---\n\nHolmes HERE.\n')) as unknown[];
    assert.deepEqual(items, JSON.parse(bbt().BUCK_EXPORTS['Better CSL JSON']) as unknown[]);
    await forget('refs.json');
    assert.deepEqual(betterBibtex.asked.filter(m => m === 'item.export').length, 3, `one export a bibliography written: ${betterBibtex.asked.join(', ')}`);
    await closeAllEditors();
  });

  test('without Better BibTeX (404 on its path), keys and entries are Papers\' own, and it is asked once a refresh', async () => {
    const plain = await startZotero();
    try {
      await setSetting('zotero.url', plain.url);
      await waitFor('the items under Papers\' keys', () => api.getPaper(OUR_KEY), 20000)
        .catch(async (error: Error) => { throw new Error(`${error.message}: Babylon is ${JSON.stringify((await api.search('Sherlock Holmes in Babylon', { limit: 2 })).map(p => [p.key, p.id]))}; Zotero ${JSON.stringify(api.testing.zotero('PQKBRC33'))}`); });
      assert.equal(await api.getPaper(BBT_KEY), undefined);
      await writeText(dir('plain.bib'), '');
      await openAt('plain.tex', '\\documentclass{article}\n\\begin{document}\nHolmes HERE.\n\\bibliography{plain}\n\\end{document}\n', 'Holmes ');
      assert.equal((await vscode.commands.executeCommand<CiteResult>('papers.insertCitation', OUR_KEY))?.inserted, 1);
      const added = await read(dir('plain.bib'));
      assert.match(added, new RegExp(`^@article\\{${OUR_KEY},`));
      assert.match(added, /journal\s*= \{The American Mathematical Monthly\}/);
      // An item added in Zotero: the next refresh reads it, and asks for Better BibTeX once more.
      plain.add('NEWITEM2', 'The Final Problem Revisited', '');
      await vscode.commands.executeCommand('papers.refreshZotero');
      await waitFor('the new item', async () => (await api.search('Final Problem Revisited', { limit: 1 }))[0]?.title === 'The Final Problem Revisited');
      assert.equal(plain.requests.filter(r => r === '/better-bibtex/json-rpc').length, 2, `asked: ${plain.requests.join(' ')}`);
    } finally {
      await setSetting('zotero.url', zotero.url);
      await plain.close();
      await closeAllEditors();
    }
  });
});
