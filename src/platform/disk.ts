// Reading local files. On the desktop the extension host runs beside the files of `file:` URIs,
// and Node's own file system answers at once; `vscode.workspace.fs` goes through VS Code's file
// service, a round trip that is slow in an idle window and far slower while the window
// loads (bench-bibliography, code-server; docs/performance.md): four of them in a row (the shipped papers,
// the project files, a bibliography's size and time) were most of the wait before a writer's
// library answered. In a browser there is no local disk: host/util/disk.ts uses vscode.workspace.fs.

/** What the host asks of a local file: its size, time (ms) and kind; its bytes. */
export interface LocalStat {
  size: number;
  mtime: number;
  isFile: boolean;
  isDirectory: boolean;
  /** No write permission for its owner (as VS Code's own disk reads a file's mode: it then shows the file locked). */
  locked?: boolean;
}

export interface LocalDisk {
  stat(path: string): Promise<LocalStat>;
  readFile(path: string): Promise<Uint8Array>;
  /** Raw deflate decoded (the shipped library): Node's zlib, in its thread pool. */
  inflateRaw(bytes: Uint8Array): Promise<Uint8Array>;
}
