// Rename Symbol (F2) on a citation key, or on an entry's key in a bibliography file: the key
// changes in every citation of the documents that cite it from that bibliography and in the
// entry that defines it, as one workspace edit (VS Code's rename preview shows it, one undo
// reverts it). The one place Papers changes an existing entry, and only its key. The edits and
// refusals are core/rename's; this reads the files and asks the library.
import vscode = require('vscode');
import type { Paper } from '../../core/model/paper';
import type { Bibliographies } from '../bibliography/bibliographies';
import { updateBibliography } from '../bibliography/append';
import { engine, engineLoaded } from '../engine/load';
import * as disk from '../util/disk';
import { isReadOnlyUri } from '../util/readOnly';
import { definitionsOf, filesCiting, keyUnder, positionsIn, textOf, type KeyUnder } from './projectCitations';

/** What the last offer to copy a bundled paper's entry did, for the tests. */
export interface CopiedEntry { key: string; status: string }

export class CitationRename implements vscode.RenameProvider {
  constructor(private readonly bibliographies: Bibliographies, private readonly log: vscode.LogOutputChannel) {}

  async prepareRename(doc: vscode.TextDocument, position: vscode.Position): Promise<{ range: vscode.Range; placeholder: string }> {
    const under = await this.under(doc, position);
    const defined = await definitionsOf(under.key, this.bibliographies);
    // A bundled paper is refused once the new key is known: the refusal offers its entry under that key.
    const refusal = defined && !defined.bundled && engine().rename.renameRefusal(under.key, { files: defined.entries.map(e => e.file), bundled: false });
    if (refusal) throw new Error(refusal);
    return { range: under.range, placeholder: under.key };
  }

  async provideRenameEdits(doc: vscode.TextDocument, position: vscode.Position, newName: string): Promise<vscode.WorkspaceEdit> {
    const under = await this.under(doc, position);
    const { key } = under;
    const { renameRefusal, takenRefusal, planRename } = engine().rename;
    const newKey = newName.trim();
    if (newKey === key) return new vscode.WorkspaceEdit();
    const defined = await definitionsOf(key, this.bibliographies);
    if (!defined) throw new Error('The library could not be loaded, so the key was not renamed (see the Papers log).');
    const refusal = renameRefusal(key, { files: defined.entries.map(e => e.file), bundled: defined.bundled });
    if (refusal) {
      if (defined.bundled && !defined.entries.length) this.offerCopy(doc, key, newKey);
      throw new Error(refusal);
    }
    const taken = await definitionsOf(newKey, this.bibliographies);
    const takenBy = taken && takenRefusal(newKey, { files: taken.entries.map(e => e.file), bundled: taken.bundled });
    if (takenBy) throw new Error(takenBy);
    const [entry] = defined.entries;
    const bibliography = vscode.Uri.parse(entry.uri);
    const format = engine().bibliography.bibliographyFormat(bibliography.path);
    if (!format) throw new Error(`${entry.file} is not a bibliography Papers can rename keys in (a .bib, CSL-JSON or YAML file).`);
    const [files, defining] = await Promise.all([filesCiting(key, [bibliography], this.bibliographies), textOf(bibliography)]);
    const plan = planRename(key, newKey, files, { uri: entry.uri, file: entry.file, text: defining.text, format, line: entry.line });
    if ('refusal' in plan) throw new Error(plan.refusal);
    const texts = new Map<string, { text: string; doc?: vscode.TextDocument }>(files.map(f => [f.uri, f]));
    texts.set(entry.uri, defining);
    const touched = [...new Set(plan.edits.map(e => e.uri))].map(uri => vscode.Uri.parse(uri));
    const readOnly = await firstReadOnly(touched);
    if (readOnly) throw new Error(`${vscode.workspace.asRelativePath(readOnly, false)} is read-only, so ${key} was not renamed anywhere. Make it writable and rename again.`);
    const edit = new vscode.WorkspaceEdit();
    const metadata: vscode.WorkspaceEditEntryMetadata = { label: `Rename ${key} to ${newKey}`, needsConfirmation: false };
    for (const uri of touched) {
      const file = texts.get(uri.toString())!;
      const at = positionsIn(file.text, file.doc);
      for (const e of plan.edits.filter(x => x.uri === uri.toString())) edit.replace(uri, new vscode.Range(at(e.start), at(e.end)), e.newText, metadata);
    }
    this.log.info(`Rename ${key} → ${newKey}: ${plan.citations} citations and the entry in ${entry.file}, ${plan.files} files.`);
    return edit;
  }

  private async under(doc: vscode.TextDocument, position: vscode.Position): Promise<KeyUnder> {
    await engineLoaded();
    const under = keyUnder(doc, position, this.bibliographies);
    if (!under) throw new Error('Papers renames citation keys: put the cursor on a key in a citation, or on the key of an entry in your bibliography.');
    return under;
  }

  /**
   * A bundled paper's key is refused; the writer may copy its entry into the document's
   * bibliography under the new key instead (appended, as citing does), then cite that.
   */
  private offerCopy(doc: vscode.TextDocument, key: string, newKey: string): void {
    const action = `Copy Its Entry as ${newKey}`;
    void vscode.window.showInformationMessage(`Papers: ${key} is a bundled paper. Copy its entry into your bibliography under the key ${newKey}?`, action).then(choice => {
      if (choice === action) void this.copyEntryAs(doc, key, newKey);
    });
  }

  /** Appends a bundled paper's entry under `newKey` to the bibliography `doc` cites from (what the offer's button does). */
  async copyEntryAs(doc: vscode.TextDocument, key: string, newKey: string): Promise<CopiedEntry | undefined> {
    const paper = await (await this.bibliographies.library())?.paper(key);
    if (!paper) return undefined;
    const copy: Paper = { ...paper, key: newKey };
    const status = await updateBibliography(doc, [copy], this.log, await this.bibliographies.sourcesOf(doc));
    return { key: newKey, status };
  }
}

/** The first file that cannot be written: a read-only scheme or file system, or a file marked read-only. */
async function firstReadOnly(uris: readonly vscode.Uri[]): Promise<vscode.Uri | undefined> {
  const stats = await Promise.all(uris.map(async uri => {
    if (isReadOnlyUri(uri)) return true;
    // A read-only file system's file, or on the desktop a file without write permission (which VS Code shows locked).
    const stat = await disk.stat(uri).catch(() => undefined);
    return ((stat?.permissions ?? 0) & vscode.FilePermission.Readonly) !== 0;
  }));
  return uris[stats.indexOf(true)];
}
