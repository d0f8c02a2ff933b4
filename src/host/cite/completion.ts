// Completion of citation keys inside `\cite{`, after `[@` or `@`, and in `:cite:`: the document's
// own bibliography entries first (citing them adds nothing to any file), then the other papers,
// in our search's order, not VS Code's. The item in focus shows the reference formatted in the
// document's style (resolved one at a time, once the engine worker has built the style).
import vscode = require('vscode');
import { escapeMarkdown } from '../../core/browse/describe';
import type { Bibliographies } from '../bibliography/bibliographies';
import { engine } from '../engine/load';
import type { PaperRow } from '../library/library';
import type { CitationStyles } from '../common/citationStyles';
import { providerTimes } from '../util/probes';
import { CARD_EXCERPT } from '../common/documentCitations';

const COMPLETIONS = 30;
/** With nothing typed yet, this many of the document's own entries (newest first) lead the list. */
const OWN_UNTYPED = 100;

export class CitationCompletion implements vscode.CompletionItemProvider {
  /** The document and key of each item given, for its formatted reference when it is resolved. */
  private readonly cited = new WeakMap<vscode.CompletionItem, { doc: vscode.TextDocument; key: string; excerpt: string }>();

  constructor(private readonly bibliographies: Bibliographies, private readonly styles?: CitationStyles) {}

  async resolveCompletionItem(item: vscode.CompletionItem, token: vscode.CancellationToken): Promise<vscode.CompletionItem> {
    const cited = this.cited.get(item);
    const library = cited && this.styles && await this.bibliographies.library();
    const formatted = library && !token.isCancellationRequested && await this.styles!.referenceIfBuilt(library, cited.doc, cited.key, 'markdown');
    if (formatted) {
      const excerpt = cited.excerpt ? `\n\n${escapeMarkdown(cited.excerpt)}` : '';
      item.documentation = new vscode.MarkdownString(`${formatted}${excerpt}\n\n*${engine().styles.styleCredit('markdown')}*`);
    }
    return item;
  }

  async provideCompletionItems(doc: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.CompletionList | undefined> {
    const started = performance.now();
    try {
      return await this.complete(doc, position, token);
    } finally {
      providerTimes.record('completion', performance.now() - started);
    }
  }

  private async complete(doc: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.CompletionList | undefined> {
    const context = engine().cite.completionContextAt(doc.getText(), doc.offsetAt(position), doc.languageId);
    if (!context) return undefined;
    const papers = await this.bibliographies.library();
    if (!papers || token.isCancellationRequested) return undefined;
    const own = [...(await this.bibliographies.filesOf(doc))];
    const ownSet = new Set(own);
    let ranked: PaperRow[];
    if (context.prefix) {
      const [first, rest] = await Promise.all([
        own.length ? papers.query(context.prefix, { limit: COMPLETIONS, inFiles: own, excerpt: CARD_EXCERPT }) : { rows: [] },
        papers.query(context.prefix, { limit: COMPLETIONS, notInFiles: own, excerpt: CARD_EXCERPT }),
      ]);
      ranked = [...first.rows, ...rest.rows];
    } else {
      ranked = await papers.suggestions(own, OWN_UNTYPED, COMPLETIONS, CARD_EXCERPT);
    }
    if (token.isCancellationRequested) return undefined;
    const range = new vscode.Range(doc.positionAt(context.start), doc.positionAt(context.end));
    const items = ranked.map((row, rank) => {
      const item = new vscode.CompletionItem({ label: row.title, description: row.key }, vscode.CompletionItemKind.Reference);
      item.insertText = row.key;
      item.range = range;
      const where = row.entries.find(e => ownSet.has(e.uri))?.file ?? 'added to the bibliography when cited';
      item.detail = [row.key, row.meta, where].filter(Boolean).join(' · ');
      item.documentation = new vscode.MarkdownString(escapeMarkdown(row.excerpt));
      this.cited.set(item, { doc, key: row.key, excerpt: row.excerpt });
      // Our ranking, not VS Code's: every item matches what was typed equally well, so sortText decides.
      item.filterText = `${context.prefix} ${row.key}`;
      item.sortText = String(rank).padStart(4, '0');
      return item;
    });
    // Ask again on every keystroke: the next word may rank other papers first.
    return new vscode.CompletionList(items, true);
  }
}
