// What the integration tests of papers from the web share: the folder they write in, the replay
// server's URLs in the settings, and leaving the library as it was.
import * as vscode from 'vscode';
import { startReplay, type Replay } from './replay';
import { activate, closeAllEditors, setSetting, waitFor, workspaceUri, writeText } from '../helpers';

export type Api = Awaited<ReturnType<typeof activate>>;

export const dir = (...parts: string[]) => workspaceUri('web-tests', ...parts);
export const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));

export async function openAt(name: string, text: string, offset: number): Promise<vscode.TextEditor> {
  const uri = dir(name);
  await writeText(uri, text);
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  const at = editor.document.positionAt(offset);
  editor.selection = new vscode.Selection(at, at);
  return editor;
}

/** Points the settings at the replay server. */
export async function useServer(server: Replay): Promise<void> {
  const urls = server.urls;
  await setSetting('web.huggingFaceUrl', urls.huggingFace);
  await setSetting('web.arxivUrl', urls.arxiv);
  await setSetting('web.crossrefUrl', urls.crossref);
  await setSetting('web.doiUrl', urls.doi);
  await setSetting('web.semanticScholarUrl', urls.semanticScholar);
  await vscode.workspace.fs.createDirectory(dir());
}

/**
 * Turns the network off, which takes the fetched papers out of the library, and removes the
 * bibliographies the tests cited into (the suites after these count the papers); then sets
 * every setting back. `keys`: a paper only fetched, and one cited into a bibliography.
 */
export async function leave(api: Api, server: Replay | undefined, keys: string[]): Promise<void> {
  await closeAllEditors();
  // The bibliographies go first: a kept paper cited into one is listed as its entry (not as a paper
  // from the web) until the entry leaves.
  await vscode.workspace.fs.delete(dir(), { recursive: true });
  await api.testing.reloadBibliographies();
  await api.testing.settled();
  // Kept papers would come back when the network is turned on again: removed as a user removes them.
  for (const paper of await api.papers()) {
    if (paper.web) await vscode.commands.executeCommand('papers.removePaper', paper.id);
  }
  await setSetting('web.enabled', false);
  // (The engine worker may stop meanwhile, when no files of the user's are left: then it is asked again.)
  for (const key of keys) await waitFor(`${key} to leave the library`, async () => (await api.getPaper(key).catch(() => key)) === undefined);
  for (const name of ['web.huggingFaceUrl', 'web.arxivUrl', 'web.crossrefUrl', 'web.doiUrl', 'web.semanticScholarUrl', 'web.enabled']) await setSetting(name, undefined);
  await server?.close();
  // A key leaves before the library is joined and indexed again: the suites after these compare rankings.
  await api.testing.settled();
}


/**
 * The hooks of a suite of papers from the web: the extension, and the replay server in the
 * settings (`ready` is handed both once they are); each test starts with the server as it was;
 * at the end the library is left as it was (`keys`: papers the suite brought in, waited out).
 */
export function replayedWeb(keys: readonly string[], ready: (parts: { api: Api; server: Replay }) => void): void {
  let api: Api | undefined;
  let server: Replay | undefined;
  suiteSetup(async () => {
    api = await activate();
    server = await startReplay();
    await useServer(server);
    ready({ api, server });
  });
  suiteTeardown(() => (api ? leave(api, server, [...keys]) : undefined));
  teardown(() => server?.reset());
}
