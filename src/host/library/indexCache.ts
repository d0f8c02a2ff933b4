// The cache of libraries the engine worker built from the user's files, in the extension's global
// storage: a window opened again on unchanged files takes its library from here.
import vscode = require('vscode');
import * as disk from '../util/disk';

import { CACHE_PARTS as PARTS, type CachePart } from '../../engine/cacheParts';

/**
 * A cached library of corpus files (`LibraryService.snapshot`), as bytes: its papers, its index
 * in two parts (compact form), and what merging the files reported.
 */
export interface CachedIndex {
  papers: Uint8Array;
  names: Uint8Array;
  text: Uint8Array;
  meta: Uint8Array;
}

const KEEP = 3;

/**
 * Serialized indexes of user corpora, kept between sessions in the extension's global
 * storage. A cache entry is named by a hash of everything the index depends on, so an
 * unchanged file reuses its index and any change builds a new one.
 */
export class IndexCache {
  constructor(private readonly dir: vscode.Uri, private readonly log: vscode.LogOutputChannel) {}

  /**
   * A hex SHA-256 of the parts (each prefixed with its length, so that no two lists of parts
   * run together), with Web Crypto: off the extension host's thread, and shared by the web build.
   */
  static async hash(parts: readonly (string | Uint8Array)[]): Promise<string> {
    const encoder = new TextEncoder();
    const chunks = parts.flatMap(part => {
      const bytes = typeof part === 'string' ? encoder.encode(part) : part;
      return [encoder.encode(`${typeof part === 'string' ? 's' : 'b'}${bytes.length}:`), bytes];
    });
    const data = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) { data.set(chunk, at); at += chunk.length; }
    const digest = await crypto.subtle.digest('SHA-256', data);
    return [...new Uint8Array(digest)].map(b => b.toString(16).padStart(2, '0')).join('');
  }

  /**
   * The paths of every part of a cached library, for a worker that reads files itself; undefined
   * when one is missing, or when the cache is not on a local disk.
   */
  async locate(hash: string): Promise<Record<CachePart, string> | undefined> {
    if (this.dir.scheme !== 'file') return undefined;
    try {
      await Promise.all(PARTS.map(part => disk.stat(this.uri(hash, part))));
    } catch {
      return undefined;
    }
    return this.paths(hash);
  }

  /**
   * The paths every part of a cached library would have, unchecked, for a worker that reads
   * files itself and takes a missing one as no cached library; undefined when the cache is not on a local disk.
   */
  paths(hash: string): Record<CachePart, string> | undefined {
    if (this.dir.scheme !== 'file') return undefined;
    return Object.fromEntries(PARTS.map(part => [part, this.uri(hash, part).fsPath])) as Record<CachePart, string>;
  }

  /**
   * Where a worker that writes files itself should write the parts of a new entry (on a local
   * disk only; the folder is made); undefined otherwise.
   */
  async target(hash: string): Promise<Record<CachePart, string> | undefined> {
    if (this.dir.scheme !== 'file') return undefined;
    try {
      await vscode.workspace.fs.createDirectory(this.dir);
    } catch {
      return undefined;
    }
    return this.paths(hash);
  }

  /** Every part of a cached library, or undefined if one is missing. */
  async get(hash: string): Promise<CachedIndex | undefined> {
    try {
      const [meta, papers, text, names] = await Promise.all(PARTS.map(part => disk.readFile(this.uri(hash, part))));
      return { meta, papers, text, names };
    } catch {
      return undefined;
    }
  }

  async put(hash: string, parts: CachedIndex): Promise<void> {
    try {
      await vscode.workspace.fs.createDirectory(this.dir);
      // The names part last: get() reads them all, so a half-written entry is never used.
      for (const part of PARTS) await vscode.workspace.fs.writeFile(this.uri(hash, part), parts[part]);
      await this.prune(hash);
    } catch (error) {
      // A cache that cannot be written only costs time next session.
      this.log.warn(`Could not cache the search index: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private uri(hash: string, part: keyof CachedIndex): vscode.Uri {
    return vscode.Uri.joinPath(this.dir, `library-${hash}-${part}.bin`);
  }

  /** Keeps the few most recent entries: a user switching between two corpora keeps both fast. */
  async prune(keep: string): Promise<void> {
    const hashes = new Map<string, number>();
    for (const [name] of await vscode.workspace.fs.readDirectory(this.dir)) {
      // Entries of the MiniSearch JSON format of earlier versions go too.
      const old = /^index-[0-9a-f]+-(names|text|fingerprints)\.json$/.test(name);
      if (old) await vscode.workspace.fs.delete(vscode.Uri.joinPath(this.dir, name), { useTrash: false }).then(undefined, () => undefined);
      const hash = /^library-([0-9a-f]+)-names\.bin$/.exec(name)?.[1];
      if (!hash || hash === keep) continue;
      hashes.set(hash, (await disk.stat(vscode.Uri.joinPath(this.dir, name))).mtime);
    }
    for (const [old] of [...hashes].sort((a, b) => b[1] - a[1]).slice(KEEP - 1)) {
      for (const part of PARTS) await vscode.workspace.fs.delete(this.uri(old, part), { useTrash: false }).then(undefined, () => undefined);
    }
  }
}
