// Hover on a citation key: the key at the cursor (documentCitations.ts, scanned on the host), one
// wait for the library, the paper, and a card of it. Unknown keys give nothing and raise nothing.
import vscode = require('vscode');
import { escapeMarkdown } from '../../core/browse/describe';
import type { Paper } from '../../core/model/paper';
import type { Bibliographies } from '../bibliography/bibliographies';
import { paperMarkdown } from '../browse/markdown';
import { Commands } from '../ids';
import { providerTimes } from '../util/probes';
import { paperAt } from './documentCitations';

/** How much of the abstract a card shows. */
export const CARD_EXCERPT = 500;

function commandLink(title: string, command: string, arg: string): string {
  return `[${title}](command:${command}?${encodeURIComponent(JSON.stringify([arg]))})`;
}

/** Hover card: the paper, and links to its entry in the user's bibliography, its details and its BibTeX. */
export function paperHover(paper: Paper): vscode.MarkdownString {
  const md = paperMarkdown(paper, CARD_EXCERPT);
  md.isTrusted = { enabledCommands: [Commands.openPaper, Commands.copyBibtex, Commands.goToEntry] };
  const links = [commandLink('Open Details', Commands.openPaper, paper.id), commandLink('Copy BibTeX', Commands.copyBibtex, paper.id)];
  const [entry] = paper.entries ?? [];
  if (entry) links.unshift(commandLink('Go to Entry', Commands.goToEntry, paper.id));
  md.appendMarkdown(`\n\n${links.join(' · ')}${entry ? ` · ${escapeMarkdown(`${entry.file}:${entry.line}`)}` : ''}`);
  return md;
}

export class CitationHover implements vscode.HoverProvider {
  constructor(private readonly bibliographies: Bibliographies) {}

  async provideHover(doc: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const started = performance.now();
    const at = await paperAt(doc, position, this.bibliographies);
    const result = at && new vscode.Hover(paperHover(at.paper), at.range);
    providerTimes.record('hover', performance.now() - started);
    return result;
  }
}
