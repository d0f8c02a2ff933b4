// Hover on a citation key: the key at the cursor (documentCitations.ts, scanned on the host), one
// wait for the library, the paper's row, and a card of it, led by the reference formatted in the
// document's citation style once the engine worker has built it (never waiting for citeproc-js:
// until then, and if it is slow to answer, the card alone). Unknown keys give nothing and raise nothing.
import vscode = require('vscode');
import { escapeMarkdown } from '../../core/browse/describe';
import { itemRefOfPaperId } from '../../core/zotero/ref';
import type { PaperRow } from '../../engine/protocol';
import type { Bibliographies } from '../bibliography/bibliographies';
import { markdownCode } from '../common/markdown';
import { engine } from '../engine/load';
import { Commands } from '../ids';
import type { CitationStyles } from '../common/citationStyles';
import type { Notes } from '../common/notes';
import { providerTimes } from '../util/probes';
import { rowAt } from '../common/documentCitations';

function commandLink(title: string, command: string, arg: string): string {
  return `[${title}](command:${command}?${encodeURIComponent(JSON.stringify([arg]))})`;
}

/**
 * Hover card: the formatted reference when there is one (Markdown the style engine made, its text
 * escaped), bold title, key and what is known besides, the abstract's start (row text is escaped,
 * never interpreted), then links to its entry in the user's bibliography, its details and its
 * BibTeX, and the style engine's credit after a formatted reference.
 */
export function hoverCard(row: PaperRow, formatted?: string, noted = false): vscode.MarkdownString {
  const abstract = row.excerpt ? `\n\n${escapeMarkdown(row.excerpt)}` : '';
  const reference = formatted ? `${formatted}\n\n---\n\n` : '';
  // An item of the writer's Zotero library: no bibliography of theirs has it (their entry would be the paper).
  const zotero = itemRefOfPaperId(row.id) ? '\n\n*From your Zotero library: not yet in the bibliography.*' : '';
  const md = new vscode.MarkdownString(`${reference}**${escapeMarkdown(row.title)}**\n\n${markdownCode(row.key)}${row.meta ? ` · ${escapeMarkdown(row.meta)}` : ''}${zotero}${abstract}`);
  md.isTrusted = { enabledCommands: [Commands.openPaper, Commands.copyBibtex, Commands.goToEntry, Commands.openNote, Commands.openPdf] };
  const links = [commandLink('Open Details', Commands.openPaper, row.id), commandLink('Copy BibTeX', Commands.copyBibtex, row.id),
    commandLink(noted ? '✎ Open Note' : 'Create Note', Commands.openNote, row.id), commandLink('Open PDF', Commands.openPdf, row.id)];
  const [entry] = row.entries;
  if (entry) links.unshift(commandLink('Go to Entry', Commands.goToEntry, row.id));
  md.appendMarkdown(`\n\n${links.join(' · ')}${entry ? ` · ${escapeMarkdown(`${entry.file}:${entry.line}`)}` : ''}`);
  if (formatted) md.appendMarkdown(`\n\n*${engine().styles.styleCredit('markdown')}*`);
  return md;
}

export class CitationHover implements vscode.HoverProvider {
  constructor(private readonly bibliographies: Bibliographies, private readonly styles?: CitationStyles, private readonly notes?: Pick<Notes, 'has'>) {}

  async provideHover(doc: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const started = performance.now();
    const at = await rowAt(doc, position, this.bibliographies);
    const library = at && this.styles && await this.bibliographies.library();
    const formatted = library && await this.styles!.referenceIfBuilt(library, doc, at.row.key, 'markdown');
    const result = at && new vscode.Hover(hoverCard(at.row, formatted, this.notes?.has(at.row.key)), at.range);
    providerTimes.record('hover', performance.now() - started);
    return result;
  }
}
