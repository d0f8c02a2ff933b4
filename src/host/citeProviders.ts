import * as vscode from 'vscode';
import { escapeMarkdown, metadataLine } from '../core/browse/describe';
import { engine } from './engine';
import { paperMarkdown } from './markdown';
import type { Paper } from '../core/corpus/paper';
import { excerpt } from '../core/util/text';
import type { DetailsPanel } from './details';
import { Commands } from './ids';
import type { PaperStore } from './store';

/** Every language whose documents cite papers by key (VS Code language ids). */
export const CITING_LANGUAGES = ['latex', 'tex', 'latex-expl3', 'doctex', 'markdown', 'quarto', 'rmd', 'typst', 'restructuredtext'];
const SELECTOR: vscode.DocumentSelector = CITING_LANGUAGES.map(language => ({ language }));

/** The read-only documents go-to-definition points at: `papers-paper:/<key>.md`. */
export const PAPER_SCHEME = 'papers-paper';

const COMPLETIONS = 30;
const DOC_LENGTH = 500;

function commandLink(title: string, command: string, arg: string): string {
  return `[${title}](command:${command}?${encodeURIComponent(JSON.stringify([arg]))})`;
}

/** Hover card: the paper, and links to open its details or copy its BibTeX entry. */
export function paperHover(paper: Paper): vscode.MarkdownString {
  const md = paperMarkdown(paper, DOC_LENGTH);
  md.isTrusted = { enabledCommands: [Commands.openPaper, Commands.copyBibtex] };
  md.appendMarkdown(`\n\n${commandLink('Open Details', Commands.openPaper, paper.id)} · ${commandLink('Copy BibTeX', Commands.copyBibtex, paper.id)}`);
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
export function registerCiteProviders(store: PaperStore, details: DetailsPanel): vscode.Disposable[] {
  const paperAt = async (doc: vscode.TextDocument, position: vscode.Position) => {
    const found = engine().findKeyAt(doc.getText(), doc.offsetAt(position), doc.languageId);
    if (!found) return undefined;
    const paper = (await store.library())?.get(found.key);
    return paper && { paper, range: new vscode.Range(doc.positionAt(found.start), doc.positionAt(found.end)) };
  };

  const completion: vscode.CompletionItemProvider = {
    async provideCompletionItems(doc, position) {
      const context = engine().completionContextAt(doc.getText(), doc.offsetAt(position), doc.languageId);
      if (!context) return undefined;
      const library = await store.library();
      if (!library) return undefined;
      const papers = context.prefix
        ? library.search(context.prefix, { limit: COMPLETIONS }).map(h => h.paper)
        : [...library.papers].sort((a, b) => (b.upvotes ?? -1) - (a.upvotes ?? -1)).slice(0, COMPLETIONS);
      const range = new vscode.Range(doc.positionAt(context.start), doc.positionAt(context.end));
      const items = papers.map((paper, rank) => {
        const item = new vscode.CompletionItem({ label: paper.title, description: paper.key }, vscode.CompletionItemKind.Reference);
        item.insertText = paper.key;
        item.range = range;
        item.detail = [paper.key, paper.organization?.name, paper.date].filter(Boolean).join(' · ');
        item.documentation = new vscode.MarkdownString(escapeMarkdown(excerpt(paper.abstract, DOC_LENGTH)));
        // Our ranking, not VS Code's: every item matches what was typed equally well, so sortText decides.
        item.filterText = `${context.prefix} ${paper.key}`;
        item.sortText = String(rank).padStart(4, '0');
        return item;
      });
      // Ask again on every keystroke: the next word may rank other papers first.
      return new vscode.CompletionList(items, true);
    },
  };

  const hover: vscode.HoverProvider = {
    async provideHover(doc, position) {
      const at = await paperAt(doc, position);
      return at && new vscode.Hover(paperHover(at.paper), at.range);
    },
  };

  // Go to definition lands on a read-only page of the paper (which peek and Ctrl+hover
  // preview too); when that page becomes the active editor, it gives way to the details panel.
  const definition: vscode.DefinitionProvider = {
    async provideDefinition(doc, position) {
      const at = await paperAt(doc, position);
      return at && [{ originSelectionRange: at.range, targetUri: paperUri(at.paper), targetRange: new vscode.Range(0, 0, 0, 0) }];
    },
  };

  const pages: vscode.TextDocumentContentProvider = {
    async provideTextDocumentContent(uri) {
      const paper = (await store.library())?.get(uri.path.replace(/^\//, '').replace(/\.md$/, ''));
      return paper ? paperPage(paper) : 'No paper has this key.';
    },
  };

  const handOff = vscode.window.onDidChangeActiveTextEditor(async editor => {
    if (editor?.document.uri.scheme !== PAPER_SCHEME) return;
    const paper = (await store.library())?.get(editor.document.uri.path.replace(/^\//, '').replace(/\.md$/, ''));
    if (!paper) return;
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    if (tab?.input instanceof vscode.TabInputText && tab.input.uri.toString() === editor.document.uri.toString()) {
      await vscode.window.tabGroups.close(tab);
    }
    await details.show(paper);
  });

  return [
    vscode.languages.registerCompletionItemProvider(SELECTOR, completion, '{', ',', '@'),
    vscode.languages.registerHoverProvider(SELECTOR, hover),
    vscode.languages.registerDefinitionProvider(SELECTOR, definition),
    vscode.workspace.registerTextDocumentContentProvider(PAPER_SCHEME, pages),
    handOff,
  ];
}
