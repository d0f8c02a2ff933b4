// Insert Citation: cites papers at every cursor, in the form the document's language expects
// (in a document with no citation syntax, the references formatted in its citation style), in
// one undoable edit, then keeps the document's bibliography in step (append only).
import vscode = require('vscode');
import type { CitationSettings } from '../../core/cite';
import type { Paper } from '../../core/model/paper';
import type { Bibliographies } from '../bibliography/bibliographies';
import { updateBibliography } from '../bibliography/append';
import { engine } from '../engine/load';
import { isReadOnlyUri } from '../util/readOnly';

const isReadOnly = (doc: vscode.TextDocument): boolean => isReadOnlyUri(doc.uri);

/** Offers the clipboard when there is nowhere to write, so the user loses nothing. Does not wait for an answer. */
function offerCopy(message: string, papers: readonly Paper[]): void {
  void vscode.window.showWarningMessage(message, 'Copy Citation Key', 'Copy BibTeX').then(async choice => {
    if (choice === 'Copy Citation Key') await vscode.env.clipboard.writeText(papers.map(p => p.key).join(','));
    if (choice === 'Copy BibTeX') await vscode.env.clipboard.writeText(papers.map(p => engine().bibliography.bibtexEntry(p)).join('\n'));
  });
}

export interface CiteResult {
  /** Cursors that got a citation (or joined one). */
  inserted: number;
  /** Keys that were already cited where a cursor was. */
  present: string[];
  /** What happened to the bibliography. */
  bibliography?: Awaited<ReturnType<typeof updateBibliography>>;
}

/** The papers' references formatted in the document's citation style, one a line; undefined when they cannot be. */
export type FormatReferences = (doc: vscode.TextDocument, papers: readonly Paper[]) => Promise<string | undefined>;

/**
 * Cites `papers` at every cursor of the editor: joins a citation the cursor is in, or
 * writes a new one in the form of the document's language (replacing selected text); where
 * that form is the plain reference, `formatReferences` writes it in the document's style.
 * All cursors change in one edit, so one undo takes the whole insertion back. Then the
 * document's bibliography gets the entries it lacks.
 */
export async function insertCitation(
  editor: vscode.TextEditor | undefined, papers: readonly Paper[], settings: CitationSettings, log: vscode.LogOutputChannel, bibliographies?: Bibliographies,
  formatReferences?: FormatReferences,
): Promise<CiteResult | undefined> {
  if (!editor) {
    offerCopy('There is no open editor to insert the citation into. Open a document and try again, or copy it instead.', papers);
    return undefined;
  }
  const doc = editor.document;
  const name = doc.isUntitled ? doc.uri.path : doc.uri.path.slice(doc.uri.path.lastIndexOf('/') + 1);
  if (isReadOnly(doc)) {
    offerCopy(`"${name}" is read-only, so the citation was not inserted. Make it writable, or copy the citation instead.`, papers);
    return undefined;
  }
  const { citationEdit, templateFor } = engine().cite;
  const { parseBib } = engine().bibliography;
  const template = templateFor(doc.languageId, settings);
  const text = doc.getText();
  let pending = papers;
  if (doc.languageId === 'bibtex') {
    // A .bib file gets whole entries; one it already has is not added twice.
    const have = new Set(parseBib(text).entries.map(e => e.key.toLowerCase()));
    pending = papers.filter(p => !have.has(p.key.toLowerCase()));
    if (!pending.length) {
      void vscode.window.showInformationMessage(`"${name}" already has ${papers.map(p => p.key).join(', ')}.`);
      return { inserted: 0, present: papers.map(p => p.key) };
    }
  }
  // Formatted in the document's style, else (no style engine, or it failed) the plain reference.
  const formatted = 'entry' in template && template.entry === 'plain' ? await formatReferences?.(doc, pending).catch((error: unknown) => {
    log.warn(`Could not format the references to insert: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }) : undefined;
  const present = new Set<string>();
  const edits: { range: vscode.Range; text: string }[] = [];
  // Bottom-up, and never two edits over the same text: cursors in one citation join it once.
  const selections = [...editor.selections].sort((a, b) => doc.offsetAt(b.start) - doc.offsetAt(a.start));
  for (const selection of selections) {
    const result = citationEdit(text, doc.offsetAt(selection.start), pending, template, doc.offsetAt(selection.end));
    result.present.forEach(k => present.add(k));
    if (!result.edit) continue;
    const range = new vscode.Range(doc.positionAt(result.edit.start), doc.positionAt(result.edit.end));
    const clash = edits.some(e => e.range.isEqual(range) || e.range.intersection(range)?.isEmpty === false);
    if (clash) continue;
    edits.push({ range, text: formatted ?? result.edit.newText });
  }
  if (edits.length) {
    const version = doc.version;
    const applied = await editor.edit(builder => { for (const e of edits) builder.replace(e.range, e.text); });
    // A read-only editor (files.readonlyInclude, file permissions) drops the edit yet reports success.
    if (!applied || doc.version === version) {
      offerCopy(`"${name}" could not be edited (is it read-only?), so the citation was not inserted. Copy it instead?`, papers);
      return undefined;
    }
  } else if (present.size) {
    vscode.window.setStatusBarMessage(`$(info) Already cited here: ${[...present].join(', ')}`, 4000);
  }
  const sources = bibliographies && doc.languageId !== 'bibtex' ? await bibliographies.sourcesOf(doc) : undefined;
  const bibliography = await updateBibliography(doc, papers, log, sources);
  return { inserted: edits.length, present: [...present], bibliography };
}

