import vscode = require('vscode');

const STORAGE_KEY = 'papers.readingList';

/**
 * The papers a user starred, kept in global state so the list follows them across
 * workspaces and reloads. Stores paper ids, newest first.
 */
export class ReadingList implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  ids(): string[] {
    return this.state.get<string[]>(STORAGE_KEY, []);
  }

  has(id: string): boolean {
    return this.ids().includes(id);
  }

  async add(id: string): Promise<void> {
    if (this.has(id)) return;
    await this.state.update(STORAGE_KEY, [id, ...this.ids()]);
    this.changed.fire();
  }

  async remove(id: string): Promise<void> {
    if (!this.has(id)) return;
    await this.state.update(STORAGE_KEY, this.ids().filter(x => x !== id));
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
