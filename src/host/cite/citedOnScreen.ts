// Asks the engine worker ahead for the rows of the papers cited on screen, so that hovering one of them, or
// Go to Definition on it, answers at once. Without this every hover was a round trip to the
// worker: quick as a rule, but slow when the window or the worker was busy (and a second
// while the worker indexes or caches a large library).
import vscode = require('vscode');
import { CARD_EXCERPT, citationsOf } from '../common/documentCitations';
import { CITING_LANGUAGES } from '../../core/cite/languages';
import { engineLoaded } from '../engine/load';
import { RemoteLibrary } from '../library/library';
import type { PaperStore } from '../library/store';
import { Delayer, Sequencer } from '../util/async';
import { Disposable } from '../util/dispose';

/** How long the screen stays still before its papers are asked for (scrolling fires many events). */
const QUIET_MS = 100;
/** At most this many papers an ask: a screen holds far fewer, and each costs the host a check of its answer. */
const MOST = 100;

export class CitedOnScreen extends Disposable {
  private readonly soon = this.register(new Delayer(QUIET_MS));
  private readonly asks = new Sequencer();

  constructor(private readonly store: PaperStore) {
    super();
    const soon = () => this.later();
    const onScreen = (doc: vscode.TextDocument) => vscode.window.visibleTextEditors.some(e => e.document === doc);
    this.register(vscode.window.onDidChangeVisibleTextEditors(soon));
    this.register(vscode.window.onDidChangeTextEditorVisibleRanges(soon));
    this.register(vscode.workspace.onDidChangeTextDocument(e => { if (e.contentChanges.length && onScreen(e.document)) soon(); }));
    // A new library knows none of them (the papers may have changed).
    this.register(store.onDidChange(soon));
  }

  /** Resolves once the papers on screen were asked for (for the tests). */
  async settled(): Promise<void> {
    while (this.soon.isTriggered) await new Promise(resolve => setTimeout(resolve, QUIET_MS));
    await this.asks.current;
  }

  private later(): void {
    this.soon.trigger(() => void this.asks.queue(() => this.ask()).catch(() => undefined));
  }

  private async ask(): Promise<void> {
    // In the extension host (only the bundled papers) a paper is at hand anyway. A worker with the
    // bundled papers alone is about to take the user's files: asking it now would make it decode the
    // bundled papers first (work done before the keys answer), which a library taken
    // from the cache does not need.
    const library = this.store.loaded;
    if (!(library instanceof RemoteLibrary) || library.bundledOnly) return;
    await engineLoaded();
    const keys = new Set<string>();
    for (const editor of vscode.window.visibleTextEditors) {
      const doc = editor.document;
      if (!CITING_LANGUAGES.includes(doc.languageId)) continue;
      const citations = citationsOf(doc);
      for (const range of editor.visibleRanges) {
        const from = doc.offsetAt(range.start);
        const to = doc.offsetAt(range.end);
        for (const citation of citations) {
          if (citation.end < from || citation.start > to) continue;
          for (const { key } of citation.keys) if (!library.knowsRow(key, CARD_EXCERPT)) keys.add(key);
        }
      }
    }
    if (keys.size) await library.rowsByKey([...keys].slice(0, MOST), CARD_EXCERPT);
  }
}
