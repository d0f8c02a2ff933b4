// The Zotero stand-in (test/support/zoteroServer.ts) as the desktop integration suites drive it:
// started in the extension host, Papers turned on to read it, and everything put back after.
import * as vscode from 'vscode';
import type { ZoteroServer } from '../../support/zoteroServer';
import { closeAllEditors, setSetting, waitFor, writeText, type activate } from '../helpers';

type Api = Awaited<ReturnType<typeof activate>>;

/** A module of test/support, compiled beside the tests (Node's http: required at run time, as the replay server is). */
export function supportModule<T>(name: string): T {
  const load = require as (id: string) => T;
  return load(`${__dirname.slice(0, __dirname.lastIndexOf('/out/test') + '/out/test'.length)}/support/${name}.js`);
}

/** The stand-in for Zotero, started in this process. */
export const startZotero = (pageSize?: number): Promise<ZoteroServer> => supportModule<typeof import('../../support/zoteroServer')>('zoteroServer').ZoteroServer.start(pageSize);

/** Turns Papers' Zotero library on, reading `zotero`, and waits until `key` is a paper of the library. */
export async function readZotero(api: Api, zotero: ZoteroServer, folder: vscode.Uri, key: string): Promise<void> {
  await vscode.workspace.fs.createDirectory(folder);
  await setSetting('zotero.url', zotero.url);
  await setSetting('zotero.enabled', true);
  await waitFor(`the Zotero items in the library (${key})`, async () => api.testing.zotero().items > 0 && (await api.getPaper(key)) !== undefined, 20000)
    .catch((error: Error) => { throw new Error(`${error.message}; Zotero: ${JSON.stringify(api.testing.zotero())}; asked: ${zotero.requests.join(' ')}`); });
}

/** Turns it off again, and waits until `key` has left the library; `folder` (the suite's documents) goes first. */
export async function leaveZotero(api: Api, zotero: ZoteroServer | undefined, folder: vscode.Uri, key: string): Promise<void> {
  // Saved before the folder goes: a document cited into holds the citation unsaved, and auto-save
  // (on in the web workbench) would write it after the folder was deleted.
  await vscode.workspace.saveAll(false);
  await closeAllEditors();
  // The bibliographies cited into go first: an item cited is the writer's entry there too.
  await vscode.workspace.fs.delete(folder, { recursive: true });
  await api.testing.reloadBibliographies();
  await setSetting('zotero.enabled', undefined);
  await setSetting('zotero.url', undefined);
  await waitFor('the Zotero items out of the library', async () => (await api.getPaper(key).catch(() => key)) === undefined, 20000);
  await zotero?.close();
  await api.testing.settled();
}

/** Writes a document, opens it, and puts the cursor after `needle`. */
export async function openAtIn(uri: vscode.Uri, text: string, needle: string): Promise<vscode.TextEditor> {
  await writeText(uri, text);
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  const at = editor.document.positionAt(text.indexOf(needle) + needle.length);
  editor.selection = new vscode.Selection(at, at);
  return editor;
}
