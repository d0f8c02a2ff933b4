import * as vscode from 'vscode';

const PARTS = ['names', 'text', 'fingerprints'] as const;

/** A cached index: its two parts (MiniSearch JSON) and what it holds of each paper (`LibraryIndex.toParts`), as bytes. */
export interface CachedIndex {
  names: Uint8Array;
  text: Uint8Array;
  fingerprints: Uint8Array;
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

  /** Both parts of a cached index, or undefined if either is missing. */
  async get(hash: string): Promise<CachedIndex | undefined> {
    try {
      const [names, text, fingerprints] = await Promise.all(PARTS.map(part => vscode.workspace.fs.readFile(this.uri(hash, part))));
      return { names, text, fingerprints };
    } catch {
      return undefined;
    }
  }

  async put(hash: string, parts: CachedIndex): Promise<void> {
    try {
      await vscode.workspace.fs.createDirectory(this.dir);
      // The names part last: get() reads all three, so a half-written entry is never used.
      await vscode.workspace.fs.writeFile(this.uri(hash, 'fingerprints'), parts.fingerprints);
      await vscode.workspace.fs.writeFile(this.uri(hash, 'text'), parts.text);
      await vscode.workspace.fs.writeFile(this.uri(hash, 'names'), parts.names);
      await this.prune(hash);
    } catch (error) {
      // A cache that cannot be written only costs time next session.
      this.log.warn(`Could not cache the search index: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private uri(hash: string, part: keyof CachedIndex): vscode.Uri {
    return vscode.Uri.joinPath(this.dir, `index-${hash}-${part}.json`);
  }

  /** Keeps the few most recent entries: a user switching between two corpora keeps both fast. */
  private async prune(keep: string): Promise<void> {
    const hashes = new Map<string, number>();
    for (const [name] of await vscode.workspace.fs.readDirectory(this.dir)) {
      const hash = /^index-([0-9a-f]+)-names\.json$/.exec(name)?.[1];
      if (!hash || hash === keep) continue;
      hashes.set(hash, (await vscode.workspace.fs.stat(vscode.Uri.joinPath(this.dir, name))).mtime);
    }
    for (const [old] of [...hashes].sort((a, b) => b[1] - a[1]).slice(KEEP - 1)) {
      for (const part of PARTS) await vscode.workspace.fs.delete(this.uri(old, part), { useTrash: false }).then(undefined, () => undefined);
    }
  }
}
