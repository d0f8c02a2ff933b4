// Reading files in the engine worker itself, on the desktop, where it is a Node worker thread:
// a large corpus file or cached library is then read off the extension host's thread (the
// host would otherwise hold the bytes, and be held up gathering them), and the cached abstracts
// stay in their file until a paper is shown. In a browser the host reads and sends the bytes.
import { SHELF_HEADER, shelfHeadLength, type ShelfSource } from '../core/corpus/shelf';
import { kindOfStats, refusal } from '../core/util/readableFiles';

type Fs = typeof import('node:fs');

/** Node's fs, required when first needed: this bundle also runs in browsers, where it never is. */
function fs(): Fs {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('node:fs') as Fs;
}

/**
 * A file's bytes, if it is a regular file (core/util/files.ts): the host looked at it before naming
 * it, but it may have been replaced since by a pipe, which would hold this worker for ever, or a
 * link to a device. Opened without blocking (a pipe's open waits for a writer otherwise), then
 * looked at through the same descriptor. Its size the host checked against its setting.
 */
export function readBytes(path: string): Uint8Array {
  const { openSync, fstatSync, readFileSync, closeSync, constants } = fs();
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stat = fstatSync(fd);
    const refused = refusal(kindOfStats(stat), Infinity);
    if (refused) throw new Error(`${path} ${refused.message}`);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes the parts of a cached library to their paths, each to a temporary file first and then
 * renamed, in the order given (the cache reads an entry only once its last part is there).
 */
export function writeParts(parts: readonly [path: string, bytes: Uint8Array][]): void {
  const { writeFileSync, renameSync } = fs();
  for (const [path, bytes] of parts) {
    writeFileSync(`${path}.tmp`, bytes);
    renameSync(`${path}.tmp`, path);
  }
}

/** The shelf open now, whose file stays open while its papers may be shown. */
let open: { path: string; fd: number } | undefined;

/**
 * A shelf of papers read from its file: the head at once, each abstract from the file when it
 * is asked for. The file stays open (on Linux and macOS it can still be read if the cache is
 * pruned meanwhile); opening another shelf closes it.
 */
export function fileShelf(path: string): ShelfSource {
  const { openSync, readSync, closeSync } = fs();
  const fd = openSync(path, 'r');
  try {
    const first = new Uint8Array(SHELF_HEADER);
    readSync(fd, first, 0, SHELF_HEADER, 0);
    const headLength = shelfHeadLength(first);
    const head = new Uint8Array(headLength);
    if (readSync(fd, head, 0, headLength, 0) !== headLength) throw new Error('the cached papers are cut short');
    if (open) closeSync(open.fd);
    open = { path, fd };
    const decoder = new TextDecoder();
    return {
      head,
      abstract(start, end) {
        const bytes = new Uint8Array(end - start);
        try {
          readSync(fd, bytes, 0, bytes.length, headLength + start);
        } catch {
          // The file was closed for a newer library: a paper of the old one has no abstract to show.
          return '';
        }
        return decoder.decode(bytes);
      },
    };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}
