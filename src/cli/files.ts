// Reading the files a command names, or finds, without being hung or flooded by one that is no file.
import { readFileSync, statSync } from 'node:fs';

/** Files larger than this are not read: the default of papers.bibliography.maxFileSize. */
export const MOST_BYTES = 50 * 2 ** 20;

/**
 * A file's text, or why it cannot be read. Only a regular file of a sane size is read: a pipe
 * would block for ever, and /dev/zero (or a link to it) would grow until memory runs out.
 */
export function readRegularFile(path: string): { text: string } | { error: string } {
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) return { error: 'is a folder' };
    if (!stat.isFile()) return { error: 'is not a regular file (a pipe, socket or device)' };
    if (stat.size > MOST_BYTES) return { error: `is larger than ${MOST_BYTES / 2 ** 20} MB` };
    return { text: readFileSync(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { error: code === 'ELOOP' ? 'ELOOP: a loop of symbolic links' : code ?? (error as Error).message };
  }
}
