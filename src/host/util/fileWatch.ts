// Watching a set of files the user named (corpus files, bibliographies): VS Code's watcher, and a
// look at each every two seconds for the changes it misses.
import vscode = require('vscode');
import * as disk from './disk';

/**
 * How often the watched files are looked at again. VS Code's file watcher can miss changes: on
 * Linux it stops when the inotify limits are reached (a large workspace, or a machine shared by
 * many containers), and network drives may send no events at all. A few stats every two seconds
 * cost nothing and bound how long a missed change goes unseen.
 */
export const POLL_MS = 2000;

/** Tests set `dropped` to stand for a watcher that sends nothing, so that only the poll sees changes. */
export const watcherEvents = { dropped: false };

/** What a file was when last looked at: its size and time, or missing. */
type Stamp = string;

async function stampOf(uri: vscode.Uri): Promise<Stamp> {
  try {
    const stat = await disk.stat(uri);
    return `${stat.size}:${stat.mtime}`;
  } catch {
    return 'missing';
  }
}

/**
 * Watches a set of files, each by itself (a save, a write, a create, a delete, a replace by
 * rename), and also looks at them every POLL_MS for what the watcher missed. Calls `onChange`
 * for either; the caller debounces, and compares what it read before reading again.
 */
export class FileWatch implements vscode.Disposable {
  private readonly files = new Map<string, { uri: vscode.Uri; watcher: vscode.Disposable; stamp: Promise<Stamp> }>();
  private readonly timer: ReturnType<typeof setInterval>;
  private polling = false;

  constructor(private readonly onChange: () => void, pollMs = POLL_MS) {
    this.timer = setInterval(() => void this.poll(), pollMs);
  }

  /** Watches exactly these files from now on. */
  set(uris: readonly vscode.Uri[]): void {
    const wanted = new Map(uris.map(uri => [uri.toString(), uri]));
    for (const [key, file] of this.files) {
      if (!wanted.has(key)) { file.watcher.dispose(); this.files.delete(key); }
    }
    for (const [key, uri] of wanted) {
      if (this.files.has(key)) continue;
      const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.joinPath(uri, '..'), name));
      const changed = () => { if (!watcherEvents.dropped) this.onChange(); };
      const watching = vscode.Disposable.from(watcher, watcher.onDidChange(changed), watcher.onDidCreate(changed), watcher.onDidDelete(changed));
      this.files.set(key, { uri, watcher: watching, stamp: stampOf(uri) });
    }
  }

  has(uri: vscode.Uri): boolean {
    return this.files.has(uri.toString());
  }

  private async poll(): Promise<void> {
    // A slow file system (a network drive, the web) must not pile up stats.
    if (this.polling || !this.files.size) return;
    this.polling = true;
    try {
      let changed = false;
      for (const file of [...this.files.values()]) {
        const before = await file.stamp;
        const now = await stampOf(file.uri);
        file.stamp = Promise.resolve(now);
        if (now !== before) changed = true;
      }
      if (changed) this.onChange();
    } finally {
      this.polling = false;
    }
  }

  dispose(): void {
    clearInterval(this.timer);
    for (const file of this.files.values()) file.watcher.dispose();
    this.files.clear();
  }
}
