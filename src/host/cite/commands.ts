// The commands that cite: Insert Citation, Copy BibTeX, Copy Citation Key.
import vscode = require('vscode');
import type { Paper } from '../../core/model/paper';
import { insertCitation, type CiteResult } from '../common/insertCitation';
import { PLACEHOLDER, resolvePaper, resolvePapers, type PaperArgument } from '../common/resolve';
import { engine } from '../engine/load';
import { Commands } from '../ids';
import type { Command } from '../util/commands';
import type { CiteParts } from './parts';

/** Insert Citation: at every cursor of the editor the user was last in, the papers of the argument or of the pick. */
export class InsertCitationCommand implements Command {
  readonly id = Commands.insertCitation;
  constructor(private readonly parts: CiteParts) {}

  async execute(arg?: PaperArgument): Promise<CiteResult | undefined> {
    const { store, picker, bibliographies, details, history, editors, citationSettings, styles, log } = this.parts;
    const editor = await editors.target();
    let papers: Paper[] | undefined;
    if (arg === undefined && !details.focused) {
      // From the palette: search, starting from the selected words if there are some.
      const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : '';
      const initialQuery = selected.length <= 80 && !selected.includes('\n') ? selected : '';
      const picked = await picker.pick({ title: 'Insert Citation', placeholder: `${PLACEHOLDER}. Space ticks several papers.`, initialQuery, canPickMany: true, history });
      papers = picked?.papers;
    } else {
      papers = await resolvePapers(this.parts, arg, 'Insert Citation', true);
    }
    if (!papers?.length) return undefined;
    const result = await insertCitation(editor, papers, citationSettings.get(), log, bibliographies, styles && (async (doc, cited) => {
      const library = await store.library();
      const answer = library && await styles.format(library, await styles.styleOf(doc), cited.map(p => p.key), 'text', 'reference');
      return answer && !answer.missing.length && !answer.entries.some(e => e.error) ? answer.entries.map(e => e.text).join('\n') : undefined;
    }));
    if (result) for (const p of papers) void history.record(p.id, 'cited');
    return result;
  }
}

export class CopyBibtexCommand implements Command {
  readonly id = Commands.copyBibtex;
  constructor(private readonly parts: CiteParts) {}

  async execute(arg?: PaperArgument): Promise<void> {
    const paper = await resolvePaper(this.parts, arg, 'Copy BibTeX');
    if (!paper) return;
    await vscode.env.clipboard.writeText(engine().bibliography.bibtexEntry(paper));
    vscode.window.setStatusBarMessage(`$(check) Copied the BibTeX entry of ${paper.key}`, 3000);
  }
}

export class CopyKeyCommand implements Command {
  readonly id = Commands.copyKey;
  constructor(private readonly parts: CiteParts) {}

  async execute(arg?: PaperArgument): Promise<void> {
    const paper = await resolvePaper(this.parts, arg, 'Copy Citation Key');
    if (!paper) return;
    await vscode.env.clipboard.writeText(paper.key);
    vscode.window.setStatusBarMessage(`$(check) Copied citation key ${paper.key}`, 3000);
  }
}
