import * as vscode from 'vscode';

const KEEP = 3;

/**
 * Serialized indexes of user corpora, kept between sessions in the extension's global
 * storage. A cache entry is named by a hash of everything the index depends on, so an
 * unchanged file reuses its index and any change builds a new one.
 */
export class IndexCache {
  constructor(private readonly dir: vscode.Uri, private readonly log: vscode.LogOutputChannel) {}

  /** A hex SHA-256 of the parts, with Web Crypto so that a web build can share this code. */
  static async hash(parts: readonly string[]): Promise<string> {
    const data = new TextEncoder().encode(parts.map(p => `${p.length}:${p}`).join('\n'));
    const digest = await crypto.subtle.digest('SHA-256', data);
    return [...new Uint8Array(digest)].map(b => b.toString(16).padStart(2, '0')).join('');
  }

  async get(hash: string): Promise<string | undefined> {
    try {
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(this.uri(hash)));
    } catch {
      return undefined;
    }
  }

  async put(hash: string, json: string): Promise<void> {
    try {
      await vscode.workspace.fs.createDirectory(this.dir);
      await vscode.workspace.fs.writeFile(this.uri(hash), new TextEncoder().encode(json));
      await this.prune(hash);
    } catch (error) {
      // A cache that cannot be written only costs time next session.
      this.log.warn(`Could not cache the search index: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private uri(hash: string): vscode.Uri {
    return vscode.Uri.joinPath(this.dir, `index-${hash}.json`);
  }

  /** Keeps the few most recent entries: a user switching between two corpora keeps both fast. */
  private async prune(keep: string): Promise<void> {
    const entries = await vscode.workspace.fs.readDirectory(this.dir);
    const stats = await Promise.all(entries
      .filter(([name]) => /^index-[0-9a-f]+\.json$/.test(name) && name !== `index-${keep}.json`)
      .map(async ([name]) => ({ name, mtime: (await vscode.workspace.fs.stat(vscode.Uri.joinPath(this.dir, name))).mtime })));
    for (const old of stats.sort((a, b) => b.mtime - a.mtime).slice(KEEP - 1)) {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(this.dir, old.name));
    }
  }
}
