// What the user opened and cited lately: what an empty search starts from.
import vscode = require('vscode');

const STORAGE_KEY = 'papers.history';
const LIMIT = 20;

export type HistoryKind = 'opened' | 'cited';
interface Entry { id: string; kind: HistoryKind }

/**
 * Papers the user recently opened or cited, newest first, so that an empty search
 * starts from what they were just working with. Kept in global state.
 */
export class History {
  constructor(private readonly state: vscode.Memento) {}

  entries(): Entry[] {
    return this.state.get<Entry[]>(STORAGE_KEY, []);
  }

  async record(id: string, kind: HistoryKind): Promise<void> {
    const rest = this.entries().filter(e => e.id !== id);
    await this.state.update(STORAGE_KEY, [{ id, kind }, ...rest].slice(0, LIMIT));
  }
}
