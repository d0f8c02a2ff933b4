// Shared by the integration tests: activation, the test hooks, and waiting for the
// extension's asynchronous work to land.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PapersApi } from '../../src/extension';
import type { PapersTestHooks } from '../../src/host/testing';

export const EXTENSION_ID = 'paperslab.papers-vscode';

export async function activate(): Promise<PapersApi & { testing: PapersTestHooks }> {
  const extension = vscode.extensions.getExtension<PapersApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is installed`);
  const api = await extension.activate();
  assert.ok(api.testing, 'the test hooks are present under ExtensionMode.Test');
  return api as PapersApi & { testing: PapersTestHooks };
}

/** Polls until `probe` returns a value that is not undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise(r => setTimeout(r, 50));
  }
}

/**
 * Makes a folder of the workspace and those above it, one at a time, each once VS Code's watcher
 * reported the one before. The watcher (inotify) watches a new folder only after it hears of it:
 * a subfolder made in that moment (`createDirectory` of a/b/c at once) is never watched, and
 * nothing later done in it is reported. A test that moves files in later needs it watched.
 */
export async function makeWatchedFolder(uri: vscode.Uri): Promise<void> {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  assert.ok(folder, `${uri.toString()} is in the workspace`);
  const missing: vscode.Uri[] = [];
  for (let at = uri; at.path.length > folder.uri.path.length; at = vscode.Uri.joinPath(at, '..')) {
    if (await Promise.resolve(vscode.workspace.fs.stat(at)).then(() => true, () => false)) break;
    missing.unshift(at);
  }
  for (const level of missing) {
    // A glob, not a RelativePattern: its events are the workspace watcher's, the one to wait for
    // (a RelativePattern would start a watcher of its own on the parent).
    const watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, true);
    try {
      const heard = new Promise<void>(resolve => watcher.onDidCreate(created => { if (created.path === level.path) resolve(); }));
      await vscode.workspace.fs.createDirectory(level);
      await Promise.race([heard, new Promise((_, reject) => setTimeout(() => reject(new Error(`the watcher did not report the new folder ${level.path}`)), 10000))]);
    } finally {
      watcher.dispose();
    }
  }
}

export async function setSetting(name: string, value: unknown, target = vscode.ConfigurationTarget.Global): Promise<void> {
  await vscode.workspace.getConfiguration('papers').update(name, value, target);
}

export function workspaceUri(...path: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workspace is open');
  return vscode.Uri.joinPath(folder.uri, ...path);
}

export async function writeText(uri: vscode.Uri, text: string): Promise<void> {
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
}

export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** Opens a document in an editor, writing `text` to it first if given. */
export async function open(uri: vscode.Uri, text?: string): Promise<vscode.TextEditor> {
  if (text !== undefined) await writeText(uri, text);
  return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
}

/** The position `offset` characters into the first `needle` of the editor's text. */
export function at(editor: vscode.TextEditor, needle: string, offset = 1): vscode.Position {
  const index = editor.document.getText().indexOf(needle);
  assert.ok(index >= 0, `"${needle}" is in ${editor.document.fileName}`);
  return editor.document.positionAt(index + offset);
}

/** The Markdown of every hover VS Code shows at `position`, as the user reads it. */
export async function hoverText(editor: vscode.TextEditor, position: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, position);
  return hovers.flatMap(h => h.contents).map(c => (c instanceof vscode.MarkdownString ? c.value : String(c))).join('\n');
}
