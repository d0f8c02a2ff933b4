// Only in VS Code for the web (a `.web.test.ts` file: test/integration/index.ts leaves it out on the
// desktop). A browser cannot ask arXiv (export.arxiv.org sends no CORS header), so arXiv ids are
// asked of Hugging Face's papers API, whose answers carry old-style ids (hep-ph/0301050) as they
// are: a writer adds such a paper as any other. On the desktop the same ids go to arXiv itself.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Paper } from '../../src/core/model/paper';
import { replayedWeb, type Api } from './support/web';

const addPaper = (text: string) => vscode.commands.executeCommand<Paper | undefined>('papers.addPaper', text, 'library');

suite('Papers from the web in a browser: old-style arXiv ids', () => {
  let api: Api;

  replayedWeb(['gouvea2003statistical', 'makaruk2005systematic'], parts => { api = parts.api; });

  test('Add Paper takes hep-ph/0301050v2 and a cs/0503050 link: each joins the library with its title, authors and id', async () => {
    assert.equal(vscode.env.uiKind, vscode.UIKind.Web, 'a test of the web build');
    const anarchy = await addPaper('hep-ph/0301050v2');
    assert.equal(anarchy?.arxivId, 'hep-ph/0301050', 'the id without its version');
    assert.equal(anarchy.key, 'gouvea2003statistical');
    assert.equal(anarchy.title, 'Statistical Test of Anarchy');
    assert.ok(anarchy.authors?.length, 'with its authors');
    const linked = await addPaper('https://arxiv.org/abs/cs/0503050');
    assert.equal(linked?.arxivId, 'cs/0503050');
    assert.equal(linked.key, 'makaruk2005systematic');
    for (const key of ['gouvea2003statistical', 'makaruk2005systematic']) {
      assert.equal((await api.getPaper(key))?.key, key, `${key} is found by its key like any paper`);
    }
  });
});
