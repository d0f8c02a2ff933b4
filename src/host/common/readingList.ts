// The Reading List: the papers a user starred (browse shows and changes it; the web feature keeps a
// starred paper of a day).
import vscode = require('vscode');
import { Disposable } from '../util/dispose';

const STORAGE_KEY = 'papers.readingList';

/**
 * The papers a user starred, kept in global state so the list follows them across
 * workspaces and reloads. Stores paper ids, newest first.
 */
export class ReadingList extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {
    super();
  }

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
}
