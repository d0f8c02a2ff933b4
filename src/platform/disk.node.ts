// The local disk through Node's fs (platform/disk.ts says why), for the desktop entry.
import { readFile, stat } from 'node:fs/promises';
import type { LocalDisk } from './disk';
import { inflateRaw } from './inflate.node';

export const nodeDisk: LocalDisk = {
  async stat(path) {
    const s = await stat(path);
    // Whole milliseconds, as VS Code's own file service gives them.
    return { size: s.size, mtime: Math.trunc(s.mtimeMs), isFile: s.isFile(), isDirectory: s.isDirectory(), locked: (s.mode & 0o200) === 0 };
  },
  readFile: path => readFile(path),
  inflateRaw,
};
