// Looking at files: `file:` URIs through the platform's local disk where it has one (the
// desktop: platform/disk.ts says why), everything else through vscode.workspace.fs. Errors
// are VS Code's either way (a missing file is `FileSystemError.FileNotFound`).
import vscode = require('vscode');
import type { LocalDisk } from '../../platform/disk';
import { decodeText } from '../../core/util/decode';
import { inflateRawWithStreams } from '../../core/util/inflate';
import { MB, refusal, type FileKind, type Refusal } from '../../core/util/readableFiles';
import { Settings } from '../ids';

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

/** Whether an error of these functions says the file does not exist. */
export const isFileNotFound = (error: unknown) => error instanceof vscode.FileSystemError && error.code === 'FileNotFound';

export async function stat(uri: vscode.Uri): Promise<vscode.FileStat> {
  if (!local || uri.scheme !== 'file') return vscode.workspace.fs.stat(uri);
  try {
    const s = await local.stat(uri.fsPath);
    const type = s.isFile ? vscode.FileType.File : s.isDirectory ? vscode.FileType.Directory : vscode.FileType.Unknown;
    return { type, size: s.size, mtime: s.mtime, ctime: s.mtime, permissions: s.locked ? vscode.FilePermission.Readonly : undefined };
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

/** Raw deflate decoded natively: by Node's zlib on the desktop, by the browser's DecompressionStream on the web. */
export function inflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  return local ? local.inflateRaw(bytes) : inflateRawWithStreams(bytes);
}

/** A user's file that is not read: a folder, a pipe or device, or larger than its limit (core/util/readableFiles.ts). */
export class UnreadableFile extends Error {
  constructor(readonly uri: vscode.Uri, readonly refusal: Refusal) {
    super(`${uri.scheme === 'file' ? uri.fsPath : uri.toString()} ${refusal.message}`);
  }
}

/** What a stat says of a file, in the words of core's rule. A link counts as what it points to. */
export function kindOf(stat: vscode.FileStat): FileKind {
  return { isFile: (stat.type & vscode.FileType.File) !== 0, isDirectory: (stat.type & vscode.FileType.Directory) !== 0, size: stat.size };
}

/** The limit a size setting (papers.bibliography.maxFileSize, papers.documents.maxFileSize) sets, in bytes. */
export function sizeLimit(setting: typeof Settings.maxBibliographySize | typeof Settings.maxDocumentSize): number {
  return vscode.workspace.getConfiguration(Settings.section).get<number>(setting, 50) * MB;
}

/**
 * A user's file's bytes (a document, a bibliography, a project file), read only if it is a regular
 * file of at most `maxBytes`; else an UnreadableFile. It is looked at first: reading a pipe would
 * hold the extension host for ever. The extension's own files are read with readFile.
 */
export async function readUserFile(uri: vscode.Uri, maxBytes = sizeLimit(Settings.maxDocumentSize)): Promise<Uint8Array> {
  const refused = refusal(kindOf(await stat(uri)), maxBytes);
  if (refused) throw new UnreadableFile(uri, refused);
  return readFile(uri);
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

/** A user's file's bytes, from the disk (what the tools will read); undefined if it cannot be read, or may not be (readUserFile). */
export async function readBytes(uri: vscode.Uri, maxBytes?: number): Promise<Uint8Array | undefined> {
  try {
    return await readUserFile(uri, maxBytes);
  } catch {
    return undefined;
  }
}

/** A small file's text (a _quarto.yml, a document), from the disk; undefined if it cannot be read, or may not be. */
export async function readText(uri: vscode.Uri): Promise<string | undefined> {
  const bytes = await readBytes(uri);
  return bytes && decodeText(bytes);
}

/** The text of an open document, as the editor holds it. */
export function openText(uri: vscode.Uri): string | undefined {
  return vscode.workspace.textDocuments.find(d => d.uri.toString() === uri.toString())?.getText();
}
