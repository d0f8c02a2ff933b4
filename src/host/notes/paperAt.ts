// The paper a note or PDF command acts on: its argument (a tree row, a hover link, the details
// view), else from the palette the paper cited under the cursor, else the focused details view's,
// else the one the writer picks.
import vscode = require('vscode');
import type { Paper } from '../../core/model/paper';
import { rowAt } from '../common/documentCitations';
import { resolvePaper, type PaperArgument } from '../common/resolve';
import type { NotesParts } from './parts';

export async function paperFor(parts: NotesParts, arg: PaperArgument, title: string): Promise<Paper | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (arg === undefined && !parts.details.focused && editor) {
    const at = await rowAt(editor.document, editor.selection.active, parts.bibliographies);
    const paper = at && await (await parts.store.require()).paper(at.row.id);
    if (paper) return paper;
  }
  return resolvePaper(parts, arg, title);
}
