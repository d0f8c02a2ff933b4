// Writing the engine worker's library to the index cache, behind everything else. A library of
// corpus files is written at once; a bibliography's once it has stayed the same a while, since
// making the snapshot holds the worker for a second or so, which a writer would feel as a slow
// hover or quick fix just after the file was read, and again after each save of it.
import type vscode = require('vscode');
import type { EngineClient } from '../engine/client';
import { describe } from '../util/errors';
import type { IndexCache } from './indexCache';

/** How long a bibliography's library stays the same before it is cached (ms). */
const CACHE_AFTER_MS = 15_000;

export class SnapshotWriter implements vscode.Disposable {
  /** The write under way (or the last one), settled, never rejecting. */
  private writing: Promise<unknown> = Promise.resolve();
  /** A bibliography's library waiting to be cached. */
  private later: { timer: ReturnType<typeof setTimeout>; write(): void } | undefined;

  constructor(private readonly client: EngineClient, private readonly cache: IndexCache, private readonly log: vscode.LogOutputChannel) {}

  /**
   * Caches the worker's library under `key`: now, or (`wait`: a bibliography's) once it has
   * stayed the same for CACHE_AFTER_MS. On the desktop the worker writes the files itself;
   * elsewhere the bytes come here to be written.
   */
  schedule(key: string, wait: boolean): void {
    this.cancel();
    const write = () => {
      this.later = undefined;
      // The worker stopped meanwhile (Reload Papers, no files left, a crash): its library went with it.
      if (!this.client.running) return;
      this.writing = (this.client.readsFiles ? this.cache.target(key) : Promise.resolve(undefined))
        .then(paths => this.client.request({ type: 'snapshot', key, paths }))
        .then(snapshot => {
          if (!snapshot) return undefined;
          if ('written' in snapshot) return this.cache.prune(snapshot.key);
          return this.cache.put(snapshot.key, {
            papers: new Uint8Array(snapshot.papers), names: new Uint8Array(snapshot.names), text: new Uint8Array(snapshot.text), meta: new Uint8Array(snapshot.meta),
          });
        })
        .catch(error => this.log.warn(`Could not cache the index of your files: ${describe(error)}`));
    };
    if (wait) this.later = { timer: setTimeout(write, CACHE_AFTER_MS), write };
    else write();
  }

  /** Forgets a library waiting to be cached (the files changed again). */
  cancel(): void {
    clearTimeout(this.later?.timer);
    this.later = undefined;
  }

  /** Resolves once the write under way, if any, is done. */
  settled(): Promise<unknown> {
    return this.writing;
  }

  /** Writes a library waiting to be cached now, and resolves once it is written. */
  async now(): Promise<void> {
    const later = this.later;
    clearTimeout(later?.timer);
    later?.write();
    await this.writing;
  }

  dispose(): void {
    this.cancel();
  }
}
