// Papers: Open Note: the paper's note, made from the template the first time and opened as it is
// every time after. The note is the writer's: Papers creates it once and never writes it again.
import vscode = require('vscode');
import type { Paper } from '../../core/model/paper';
import { noteSettings, workspaceRoot } from '../common/notes';
import { engine } from '../engine/load';
import { Commands } from '../ids';
import type { PaperArgument } from '../common/resolve';
import type { Command } from '../util/commands';
import { exists } from '../util/disk';
import { UserError } from '../util/errors';
import { paperFor } from './paperAt';
import type { NotesParts } from './parts';

export class OpenNoteCommand implements Command {
  readonly id = Commands.openNote;
  constructor(private readonly parts: NotesParts) {}

  async execute(arg?: PaperArgument): Promise<vscode.Uri | undefined> {
    const paper = await paperFor(this.parts, arg, 'Open Note');
    if (!paper) return undefined;
    const { notes } = this.parts;
    await notes.ready();
    const uri = notes.uriOf(paper.key);
    if (!(uri instanceof vscode.Uri)) throw new UserError(uri.problem);
    if (!await exists(uri)) {
      const text = await this.noteText(paper, uri);
      // Checked again just before: a note made meanwhile (another window, a sync) is never overwritten.
      if (await exists(uri)) throw new UserError(`The note ${vscode.workspace.asRelativePath(uri)} appeared while Papers was making it: it was left as it is. Open Note again to open it.`);
      await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
      await notes.added(paper.key, uri);
    }
    await vscode.window.showTextDocument(uri, { preview: false });
    return uri;
  }

  /** The new note's text: the template (the writer's, else the default) filled with the paper's fields. */
  private async noteText(paper: Paper, uri: vscode.Uri): Promise<string> {
    const { notes } = engine();
    const template = await this.template();
    const unknown = notes.unknownFields(template.text);
    if (unknown.length) void vscode.window.showWarningMessage(`Papers: the note template ${template.name} has fields Papers does not know, left as written: ${unknown.map(f => `\${${f}}`).join(', ')}.`);
    const language = engine().cite.languageOfPath(uri.path) ?? 'markdown';
    const citation = engine().cite.citationText([paper], engine().cite.templateFor(language, this.parts.citationSettings.get()));
    const reference = template.text.includes('${reference}') ? await this.reference(paper, language) : '';
    return notes.fillTemplate(template.text, notes.noteValues(paper, { citation, reference }));
  }

  private async template(): Promise<{ text: string; name: string }> {
    const { template } = noteSettings();
    if (!template) return { text: engine().notes.DEFAULT_NOTE_TEMPLATE, name: 'default' };
    const root = workspaceRoot();
    const uri = root && (/^(?:\/|[A-Za-z]:)/.test(template) ? vscode.Uri.file(template) : vscode.Uri.joinPath(root, template));
    try {
      if (!uri) throw new Error('no folder is open');
      return { text: new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)), name: template };
    } catch {
      throw new UserError(`Papers could not read the note template papers.notes.template names: ${uri ? uri.fsPath : template}. Fix the setting or clear it for the default template.`);
    }
  }

  /** The reference in the style of the document the writer is in (else the setting's), as Markdown for a Markdown note. */
  private async reference(paper: Paper, language: string): Promise<string> {
    const { styles, store, log } = this.parts;
    const library = await store.library();
    if (!styles || !library) return '';
    try {
      const editor = vscode.window.activeTextEditor;
      const style = await styles.styleOf(editor?.document);
      const answer = await styles.format(library, style, [paper.key], language === 'markdown' || language === 'quarto' || language === 'rmd' ? 'markdown' : 'text', 'reference');
      return answer.entries[0]?.text ?? '';
    } catch (error) {
      log.warn(`Could not format the reference of ${paper.key} for its note: ${error instanceof Error ? error.message : String(error)}`);
      return '';
    }
  }
}
