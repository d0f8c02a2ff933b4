// Looking at files: `file:` URIs through the platform's local disk where it has one (the
// desktop: platform/disk.ts says why), everything else through vscode.workspace.fs. Errors
// are VS Code's either way (a missing file is `FileSystemError.FileNotFound`).
import vscode = require('vscode');
import type { LocalDisk } from '../../platform/disk';
import { decodeText } from '../../core/util/decode';

let local: LocalDisk | undefined;

/** Set once by the entry of a host that has a local disk. */
export function useLocalDisk(disk: LocalDisk | undefined): void {
  local = disk;
}

function fileSystemError(error: unknown, uri: vscode.Uri): Error {
  const code = (error as { code?: unknown })?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return vscode.FileSystemError.FileNotFound(uri);
  if (code === 'EISDIR') return vscode.FileSystemError.FileIsADirectory(uri);
  if (code === 'EACCES' || code === 'EPERM') return vscode.FileSystemError.NoPermissions(uri);
  return error instanceof Error ? error : new Error(String(error));
}

export async function stat(uri: vscode.Uri): Promise<vscode.FileStat> {
  if (!local || uri.scheme !== 'file') return vscode.workspace.fs.stat(uri);
  try {
    const s = await local.stat(uri.fsPath);
    const type = s.isFile ? vscode.FileType.File : s.isDirectory ? vscode.FileType.Directory : vscode.FileType.Unknown;
    return { type, size: s.size, mtime: s.mtime, ctime: s.mtime };
  } catch (error) {
    throw fileSystemError(error, uri);
  }
}

export async function readFile(uri: vscode.Uri): Promise<Uint8Array> {
  if (!local || uri.scheme !== 'file') return vscode.workspace.fs.readFile(uri);
  try {
    return await local.readFile(uri.fsPath);
  } catch (error) {
    throw fileSystemError(error, uri);
  }
}

/** Whether a file (or folder) exists. */
export async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** A file's bytes, from the disk (what the tools will read); undefined if it cannot be read. */
export async function readBytes(uri: vscode.Uri): Promise<Uint8Array | undefined> {
  try {
    return await readFile(uri);
  } catch {
    return undefined;
  }
}

/** A small file's text (a _quarto.yml), from the disk; undefined if it cannot be read. */
export async function readText(uri: vscode.Uri): Promise<string | undefined> {
  const bytes = await readBytes(uri);
  return bytes && decodeText(bytes);
}

/** The text of an open document, as the editor holds it. */
export function openText(uri: vscode.Uri): string | undefined {
  return vscode.workspace.textDocuments.find(d => d.uri.toString() === uri.toString())?.getText();
}
