import vscode = require('vscode');
import { escapeMarkdown, metadataLine } from '../../core/browse/describe';
import type { PaperRow } from '../library/library';
import { engine } from '../engine/load';
import { keyAt } from './documentCitations';
import { paperMarkdown } from '../browse/markdown';
import type { Paper } from '../../core/model/paper';
import type { DetailsPanel } from '../browse/details';
import type { Bibliographies } from '../bibliography/bibliographies';
import { entryRange } from '../bibliography/openEntry';
import { Commands } from '../ids';
import { CITING_LANGUAGES } from '../../core/cite/languages';
import type { PaperStore } from '../library/store';

export const CITING_SELECTOR: vscode.DocumentSelector = CITING_LANGUAGES.map(language => ({ language }));

/** The read-only documents go-to-definition points at: `papers-paper:/<key>.md`. */
export const PAPER_SCHEME = 'papers-paper';

const COMPLETIONS = 30;
/** With nothing typed yet, this many of the document's own entries (newest first) lead the list. */
const OWN_UNTYPED = 100;
const DOC_LENGTH = 500;

function commandLink(title: string, command: string, arg: string): string {
  return `[${title}](command:${command}?${encodeURIComponent(JSON.stringify([arg]))})`;
}

/** Hover card: the paper, and links to its entry in the user's bibliography, its details and its BibTeX. */
export function paperHover(paper: Paper): vscode.MarkdownString {
  const md = paperMarkdown(paper, DOC_LENGTH);
  md.isTrusted = { enabledCommands: [Commands.openPaper, Commands.copyBibtex, Commands.goToEntry] };
  const links = [commandLink('Open Details', Commands.openPaper, paper.id), commandLink('Copy BibTeX', Commands.copyBibtex, paper.id)];
  const [entry] = paper.entries ?? [];
  if (entry) links.unshift(commandLink('Go to Entry', Commands.goToEntry, paper.id));
  md.appendMarkdown(`\n\n${links.join(' · ')}${entry ? ` · ${escapeMarkdown(`${entry.file}:${entry.line}`)}` : ''}`);
  return md;
}

/** The paper as a short Markdown page, shown by go-to-definition's peek and hover preview. */
function paperPage(paper: Paper): string {
  const lines = [`# ${paper.title}`, '', `Key: \`${paper.key}\``];
  const meta = metadataLine(paper);
  if (meta) lines.push('', meta);
  lines.push('', paper.abstract);
  if (paper.links.length) lines.push('', ...paper.links.map(l => `- <${l}>`));
  return `${lines.join('\n')}\n`;
}

export const paperUri = (paper: Paper) => vscode.Uri.from({ scheme: PAPER_SCHEME, path: `/${paper.key}.md` });

/**
 * Completion, hover and go-to-definition for citation keys in LaTeX, Markdown, Quarto,
 * R Markdown, Typst and reStructuredText. Unknown keys give nothing and raise nothing.
 */
/** How long the providers themselves took (ms), the latest first: the bench reports them beside VS Code's round trip. */
export const providerTimes = {
  hover: [] as number[],
  completion: [] as number[],
  record(kind: 'hover' | 'completion', ms: number): void {
    const list = this[kind];
    list.unshift(ms);
    if (list.length > 200) list.length = 200;
  },
};

export function registerCiteProviders(store: PaperStore, bibliographies: Bibliographies, details: DetailsPanel): vscode.Disposable[] {
  /** The library once the user's bibliographies (being read, or reloading after a change) are in. */
  const library = async () => {
    if (!(await store.library())) return undefined;
    await bibliographies.settled();
    await store.merged();
    return store.library();
  };
  const paperAt = async (doc: vscode.TextDocument, position: vscode.Position) => {
    const found = keyAt(doc, position);
    if (!found) return undefined;
    const paper = await (await library())?.paper(found.key);
    return paper && { paper, range: new vscode.Range(doc.positionAt(found.start), doc.positionAt(found.end)) };
  };

  const completion: vscode.CompletionItemProvider = {
    async provideCompletionItems(doc, position, token) {
      const started = performance.now();
      try {
        return await complete(doc, position, token);
      } finally {
        providerTimes.record('completion', performance.now() - started);
      }
    },
  };

  async function complete(doc: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.CompletionList | undefined> {
    const context = engine().completionContextAt(doc.getText(), doc.offsetAt(position), doc.languageId);
    if (!context) return undefined;
    const papers = await library();
    if (!papers || token.isCancellationRequested) return undefined;
    // The document's own bibliography entries first: citing them adds nothing to any file.
    const own = [...(await bibliographies.filesOf(doc))];
    const ownSet = new Set(own);
    let ranked: PaperRow[];
    if (context.prefix) {
      const [first, rest] = await Promise.all([
        own.length ? papers.query(context.prefix, { limit: COMPLETIONS, inFiles: own, excerpt: DOC_LENGTH }) : { rows: [] },
        papers.query(context.prefix, { limit: COMPLETIONS, notInFiles: own, excerpt: DOC_LENGTH }),
      ]);
      ranked = [...first.rows, ...rest.rows];
    } else {
      ranked = await papers.suggestions(own, OWN_UNTYPED, COMPLETIONS, DOC_LENGTH);
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
      // Our ranking, not VS Code's: every item matches what was typed equally well, so sortText decides.
      item.filterText = `${context.prefix} ${row.key}`;
      item.sortText = String(rank).padStart(4, '0');
      return item;
    });
    // Ask again on every keystroke: the next word may rank other papers first.
    return new vscode.CompletionList(items, true);
  }

  const hover: vscode.HoverProvider = {
    async provideHover(doc, position) {
      const started = performance.now();
      const at = await paperAt(doc, position);
      const result = at && new vscode.Hover(paperHover(at.paper), at.range);
      providerTimes.record('hover', performance.now() - started);
      return result;
    },
  };

  // Go to definition lands on a read-only page of the paper (which peek and Ctrl+hover
  // preview too); when that page becomes the active editor, it gives way to the details panel.
  const definition: vscode.DefinitionProvider = {
    async provideDefinition(doc, position) {
      const at = await paperAt(doc, position);
      if (!at) return undefined;
      // An entry of the user's bibliography: its line in the .bib, JSON or YAML file.
      const [entry] = at.paper.entries ?? [];
      if (entry) {
        const target = await vscode.workspace.openTextDocument(vscode.Uri.parse(entry.uri));
        const range = entryRange(target, entry);
        return [{ originSelectionRange: at.range, targetUri: target.uri, targetRange: range, targetSelectionRange: range }];
      }
      return [{ originSelectionRange: at.range, targetUri: paperUri(at.paper), targetRange: new vscode.Range(0, 0, 0, 0) }];
    },
  };

  const pages: vscode.TextDocumentContentProvider = {
    async provideTextDocumentContent(uri) {
      const paper = await (await store.library())?.paper(uri.path.replace(/^\//, '').replace(/\.md$/, ''));
      return paper ? paperPage(paper) : 'No paper has this key.';
    },
  };

  const handOff = vscode.window.onDidChangeActiveTextEditor(async editor => {
    if (editor?.document.uri.scheme !== PAPER_SCHEME) return;
    const paper = await (await store.library())?.paper(editor.document.uri.path.replace(/^\//, '').replace(/\.md$/, ''));
    if (!paper) return;
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    if (tab?.input instanceof vscode.TabInputText && tab.input.uri.toString() === editor.document.uri.toString()) {
      await vscode.window.tabGroups.close(tab);
    }
    await details.show(paper);
  });

  return [
    vscode.languages.registerCompletionItemProvider(CITING_SELECTOR, completion, '{', ',', '@'),
    vscode.languages.registerHoverProvider(CITING_SELECTOR, hover),
    vscode.languages.registerDefinitionProvider(CITING_SELECTOR, definition),
    vscode.workspace.registerTextDocumentContentProvider(PAPER_SCHEME, pages),
    handOff,
  ];
}
