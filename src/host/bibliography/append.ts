// Appending a document's new entries to its bibliography: one insertion at the end of the file the
// source finder names (sources.ts, `target`), never rewriting what is there.
import vscode = require('vscode');
import * as disk from '../util/disk';
import type { AppendPlan } from '../../core/cite';
import type { BibFlavour } from '../../core/bibliography/paperEntry';
import type { Paper } from '../../core/model/paper';
import type { AppendTarget, DocumentSources } from './sources';
import { engine } from '../engine/load';
import { Settings } from '../ids';

/** Line and character of an offset, for a file we read but VS Code has not opened. */
function positionAt(text: string, offset: number): vscode.Position {
  const lines = text.slice(0, offset).split(/\r\n|\r|\n/);
  return new vscode.Position(lines.length - 1, lines[lines.length - 1].length);
}

async function read(uri: vscode.Uri): Promise<{ text: string; open?: vscode.TextDocument } | 'missing'> {
  const open = vscode.workspace.textDocuments.find(d => d.uri.toString() === uri.toString());
  if (open) return { text: open.getText(), open };
  try {
    return { text: new TextDecoder().decode(await disk.readUserFile(uri, disk.sizeLimit(Settings.maxBibliographySize))) };
  } catch (error) {
    if (disk.isFileNotFound(error)) return 'missing';
    throw error;
  }
}

function offerToOpen(message: string, uri: vscode.Uri, line?: number): void {
  void vscode.window.showWarningMessage(message, 'Open Bibliography').then(async choice => {
    if (!choice) return;
    const editor = await vscode.window.showTextDocument(uri);
    if (line) {
      const at = new vscode.Position(line - 1, 0);
      editor.selection = new vscode.Selection(at, at);
      editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenter);
    }
  });
}

/**
 * Where a paper's entry can come from other than Papers' own conversion: Better BibTeX's export of
 * a Zotero item (src/host/zotero). Given the papers to append, it gives them back with the entry to write.
 */
export interface EntryExport {
  entries(papers: readonly Paper[], kind: 'bib' | 'csl-json', flavour: BibFlavour): Promise<readonly Paper[]>;
}

const entryExports = new Set<EntryExport>();

/** Lets `source` give the entries appended from now on, until disposed. */
export function registerEntryExport(source: EntryExport): vscode.Disposable {
  entryExports.add(source);
  return new vscode.Disposable(() => entryExports.delete(source));
}

/**
 * Keeps the document's bibliography in step after citing `papers`: appends the entries
 * it lacks as one undoable workspace edit, and never rewrites, reorders or reformats what
 * is there. A conflicting entry, a malformed or unreadable file gives a warning and the
 * file is left as it was. Returns the outcome for tests and the caller's status message.
 */
export async function updateBibliography(
  doc: vscode.TextDocument, papers: readonly Paper[], log: vscode.LogOutputChannel, sources: DocumentSources | undefined,
): Promise<AppendPlan['status'] | 'created' | 'skipped' | 'failed'> {
  const { bibliographyKind, entryFlavourFor, planBibliographyAppend, syntaxOfLanguage } = engine().cite;
  // A .bib file (no citation syntax) gets its entries where the cursor is, not appended.
  if (!syntaxOfLanguage(doc.languageId) || !sources) return 'skipped';
  if (!vscode.workspace.getConfiguration(Settings.section).get<boolean>(Settings.updateBibliography, true)) return 'skipped';
  // A chapter's main file, or a project, may name the file: then it is the one to keep in step.
  const { target } = sources;
  if (typeof target === 'string') {
    void vscode.window.showWarningMessage(`Papers: the bibliography was not updated. ${target}`);
    return 'failed';
  }
  const { uri, path } = target;
  // A paper whose entry is in this very file is there already, as the user wrote it.
  const missing = papers.filter(p => !p.entries?.some(e => e.uri === uri.toString()));
  if (!missing.length) return 'unchanged';
  papers = missing;
  // A chapter's project says whether biblatex is loaded (in the preamble of its main file, or a file that brings in).
  const projectBiblatex = sources?.latex?.biblatex;
  const flavour = projectBiblatex === undefined ? entryFlavourFor(doc.getText(), doc.languageId) : projectBiblatex ? 'biblatex' : 'bibtex';
  let existing: Awaited<ReturnType<typeof read>>;
  try {
    existing = await read(uri);
  } catch (error) {
    log.warn(`Could not read ${uri.fsPath}: ${error instanceof Error ? error.message : String(error)}`);
    offerToOpen(`Papers could not read the bibliography ${path}, so it was not changed. Check that it is readable.`, uri);
    return 'failed';
  }
  const kind = bibliographyKind(path);
  if (kind) for (const source of entryExports) papers = await source.entries(papers, kind, flavour);
  const plan = planBibliographyAppend(path, existing === 'missing' ? '' : existing.text, papers, flavour);
  if (!plan) {
    void vscode.window.showWarningMessage(`Papers can only add entries to .bib and CSL-JSON (.json) bibliographies, not to ${path}. Add the entries by hand (Copy BibTeX).`);
    return 'failed';
  }
  for (const p of plan.problems) log.warn(`${uri.fsPath}:${p.line}: ${p.message}`);
  if (plan.status === 'malformed') {
    const first = plan.problems.find(p => p.severity === 'error')!;
    offerToOpen(`Papers did not change ${path}: line ${first.line}: ${first.message}. Fix the file and cite again.`, uri, first.line);
    return plan.status;
  }
  if (plan.status === 'conflict') {
    const [c] = plan.conflicts;
    offerToOpen(`${path} already has an entry "${c.key}" (line ${c.line}) that differs from this paper's, so nothing was written. Rename or remove that entry, or compare with Copy BibTeX.`, uri, c.line);
    return plan.status;
  }
  if (plan.status === 'unchanged') return plan.status;
  return write(uri, path, target, existing, plan, log);
}

/** Writes the planned append as one workspace edit (creating the file), and saves it unless the writer had unsaved changes there. */
async function write(
  uri: vscode.Uri, path: string, target: AppendTarget, existing: Awaited<ReturnType<typeof read>>, plan: AppendPlan, log: vscode.LogOutputChannel,
): Promise<AppendPlan['status'] | 'created' | 'failed'> {

  const edit = new vscode.WorkspaceEdit();
  const metadata = { label: `Add ${plan.added.join(', ')} to ${path}`, needsConfirmation: false };
  if (existing === 'missing') {
    edit.createFile(uri, { ignoreIfExists: true, contents: new TextEncoder().encode(plan.edit!.newText.replace(/^\s+/, '')) }, metadata);
  } else {
    edit.insert(uri, existing.open ? existing.open.positionAt(plan.edit!.start) : positionAt(existing.text, plan.edit!.start), plan.edit!.newText, metadata);
  }
  const wasDirty = existing !== 'missing' && existing.open?.isDirty === true;
  if (!(await vscode.workspace.applyEdit(edit))) {
    offerToOpen(`Papers could not write to ${path}; it was not changed. Is it read-only?`, uri);
    return 'failed';
  }
  // Save what we appended, unless the user had unsaved changes of their own in that file.
  if (existing !== 'missing' && !wasDirty) {
    const saved = await (await vscode.workspace.openTextDocument(uri)).save();
    if (!saved) log.warn(`Could not save ${uri.fsPath} after adding ${plan.added.join(', ')}`);
  }
  log.info(`Added ${plan.added.join(', ')} to ${uri.fsPath}`);
  if (existing === 'missing') {
    void vscode.window.showInformationMessage(
      `Papers created ${path} for the papers you cite${target.named ? '' : ' (set papers.bibliography.defaultFile to use another file)'}.`,
      'Open Bibliography',
    ).then(choice => { if (choice) void vscode.window.showTextDocument(uri); });
    return 'created';
  }
  vscode.window.setStatusBarMessage(`$(check) Added ${plan.added.join(', ')} to ${path}`, 4000);
  return plan.status;
}
