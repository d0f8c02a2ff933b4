// Which of a user's files may be read: one rule for the command line, the extension host and the
// engine worker. Only a regular file of a sane size is read: a pipe (FIFO) blocks a read for ever,
// a device such as /dev/zero (or a link to one) grows until memory runs out, and a folder is no file.

export const MB = 2 ** 20;

/** The default limit of papers.bibliography.maxFileSize and papers.documents.maxFileSize, in bytes. */
export const MOST_BYTES = 50 * MB;

/** What a look at a file (a stat) says of it, on any host. */
export interface FileKind {
  isFile: boolean;
  isDirectory: boolean;
  size: number;
}

/** Why a file is not read: what it is (`folder`, `special`: a pipe, socket or device) or its `size`, and the words for it. */
export interface Refusal {
  reason: 'folder' | 'special' | 'size';
  message: string;
}

/** What a Node stat (`fs.Stats`, on the command line and in the engine worker) says of a file. */
export function kindOfStats(stat: { isFile(): boolean; isDirectory(): boolean; size: number }): FileKind {
  return { isFile: stat.isFile(), isDirectory: stat.isDirectory(), size: stat.size };
}

/**
 * Why a file must not be read, or undefined when it may be (a regular file of at most `maxBytes`).
 *
 * @example refusal({ isFile: false, isDirectory: false, size: 0 })?.message === 'is not a regular file (a pipe, socket or device)'
 */
export function refusal(kind: FileKind, maxBytes = MOST_BYTES): Refusal | undefined {
  if (kind.isDirectory) return { reason: 'folder', message: 'is a folder' };
  if (!kind.isFile) return { reason: 'special', message: 'is not a regular file (a pipe, socket or device)' };
  if (kind.size > maxBytes) return { reason: 'size', message: `is larger than ${+(maxBytes / MB).toFixed(1)} MB` };
  return undefined;
}

/** Why a file could not be looked at, from the error of a stat or a read: a loop of links is named as one. */
export function readError(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'ELOOP') return 'ELOOP: a loop of symbolic links';
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}
