// Pasting a link to a paper: inside a citation (`\cite{|}`, `[@|]`, `@|` in Typst) an arXiv,
// DOI or Hugging Face link pastes as the paper's key, the paper joining the library and its entry
// appended to the document's bibliography; between the entries of a .bib file it pastes as the
// paper's BibTeX entry. A link anywhere else pastes as text: the providers offer nothing there.
// The paper is fetched only when the paste is applied (resolve), cancellable by VS Code's own
// paste progress.
import vscode = require('vscode');
import type { Paper } from '../../core/model/paper';
import type { PaperId } from '../../core/web';
import { updateBibliography } from '../bibliography/append';
import { engine } from '../engine/load';
import { PASTE_CITATION as CITATION, PASTE_ENTRY as ENTRY } from '../selectors';
import { keepFetched } from './addPaper';
import type { AddParts } from './parts';
import type { Asking } from './papers';

/** Longer than any link to a paper: a paste this long is text. */
const MAX_LINK = 500;

class PaperPasteEdit extends vscode.DocumentPasteEdit {
  constructor(
    readonly document: vscode.TextDocument, readonly offset: number, readonly id: PaperId, readonly text: string,
    title: string, kind: vscode.DocumentDropOrPasteEditKind,
  ) {
    super('', title, kind);
  }
}

/** The identifier a paste holds, if the whole paste is one link or id. */
async function pastedId(dataTransfer: vscode.DataTransfer): Promise<{ id: PaperId; text: string } | undefined> {
  const text = (await dataTransfer.get('text/plain')?.asString())?.trim();
  if (!text || text.length > MAX_LINK || /\s/.test(text)) return undefined;
  const id = engine().web.parsePaperId(text);
  return id && { id, text };
}

export class PaperPasteProvider implements vscode.DocumentPasteEditProvider<PaperPasteEdit> {
  static readonly kinds = [CITATION, ENTRY];

  constructor(private readonly parts: AddParts) {}

  async provideDocumentPasteEdits(document: vscode.TextDocument, ranges: readonly vscode.Range[], dataTransfer: vscode.DataTransfer, _context: vscode.DocumentPasteEditContext, token: vscode.CancellationToken): Promise<PaperPasteEdit[] | undefined> {
    if (!this.parts.web.enabled || ranges.length !== 1) return undefined;
    const pasted = await pastedId(dataTransfer);
    if (!pasted || token.isCancellationRequested) return undefined;
    const offset = document.offsetAt(ranges[0].start);
    if (document.languageId === 'bibtex') {
      return engine().bibliography.outsideEntries(document.getText(), offset) ? [new PaperPasteEdit(document, offset, pasted.id, pasted.text, 'Paste as BibTeX Entry', ENTRY)] : undefined;
    }
    const context = engine().cite.completionContextAt(document.getText(), offset, document.languageId);
    return context ? [new PaperPasteEdit(document, offset, pasted.id, pasted.text, 'Paste as Citation', CITATION)] : undefined;
  }

  /** Fetches the paper (or takes it from the cache), keeps it in the library, and fills in what the paste writes. */
  async resolveDocumentPasteEdit(edit: PaperPasteEdit, token: vscode.CancellationToken): Promise<PaperPasteEdit> {
    const paper = await this.fetch(edit, token);
    if (!paper) {
      // Nothing to write but what was pasted: the link as text.
      edit.insertText = edit.text;
      return edit;
    }
    if (edit.kind.value === ENTRY.value) {
      edit.insertText = this.entryText(edit, paper);
      return edit;
    }
    edit.insertText = paper.key;
    const { bibliographies, log } = this.parts;
    await updateBibliography(edit.document, [paper], log, await bibliographies.sourcesOf(edit.document));
    return edit;
  }

  /**
   * The entry a paste into a .bib file writes, set apart by blank lines; nothing when the file has
   * the paper already (under its key, or as the entry it joined), as every append of ours does.
   */
  private entryText(edit: PaperPasteEdit, paper: Paper): string {
    const { bibtexEntry, parseBib } = engine().bibliography;
    const { pastedEntry } = engine().cite;
    const text = edit.document.getText();
    const key = paper.key.toLowerCase();
    const here = paper.entries?.find(e => e.uri === edit.document.uri.toString())?.key
      ?? parseBib(text).entries.find(e => e.key.toLowerCase() === key)?.key;
    if (here !== undefined) {
      const name = edit.document.uri.path.slice(edit.document.uri.path.lastIndexOf('/') + 1);
      void vscode.window.showInformationMessage(`Papers: ${name} has this paper already (${here}), so nothing was added.`);
      return '';
    }
    return pastedEntry(text, edit.offset, bibtexEntry(paper));
  }

  private async fetch(edit: PaperPasteEdit, token: vscode.CancellationToken): Promise<Paper | undefined> {
    const { web, log } = this.parts;
    // VS Code shows the paste's progress and its cancel: the request follows its token.
    const asking: Asking = (_title, work) => {
      const controller = new AbortController();
      const cancelled = token.onCancellationRequested(() => controller.abort());
      return work(controller.signal).finally(() => cancelled.dispose());
    };
    try {
      const paper = await keepFetched(this.parts, await web.paper(edit.id, asking));
      if (paper) log.info(`Pasted ${paper.key} (${edit.text}) from the web`);
      return paper;
    } catch (error) {
      const problem = web.problem(error);
      if (problem) void vscode.window.showErrorMessage(`Papers could not fetch ${edit.text}: ${problem}. It was pasted as text.`);
      return undefined;
    }
  }
}
