// The notes feature: Open Note (a note per paper, made from a template the first time) and Open PDF
// (the file an entry attaches, or an open-access link). The notes themselves are read by
// common/notes.ts, which the tree, the details view and the hover read for their mark.
import type vscode = require('vscode');
import { registerCommands } from '../util/commands';
import { OpenNoteCommand } from './openNote';
import { OpenPdfCommand } from './openPdf';
import type { NotesParts } from './parts';

export type { NotesParts } from './parts';

export function registerNotes(parts: NotesParts): vscode.Disposable {
  return registerCommands(parts.log, [new OpenNoteCommand(parts), new OpenPdfCommand(parts)]);
}
