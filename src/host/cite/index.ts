// The cite feature: completion, hover and Go to Definition on citation keys, the papers' pages,
// and the commands that cite (Insert Citation, Copy BibTeX, Copy Citation Key).
import vscode = require('vscode');
import { CITING_LANGUAGES } from '../../core/cite/languages';
import type { Paper } from '../../core/model/paper';
import type { Bibliographies } from '../bibliography/bibliographies';
import type { DetailsPanel } from '../browse/details';
import type { History } from '../browse/history';
import { pickPapers } from '../browse/pick';
import { PLACEHOLDER, resolvePaper, resolvePapers, type PaperArgument } from '../browse/resolve';
import { engine } from '../engine/load';
import { Commands } from '../ids';
import type { PaperStore } from '../library/store';
import type { CitationStyles } from '../styles/styles';
import { registerCommand } from '../util/commands';
import { CitationCompletion } from './completion';
import { CitationDefinition } from './definition';
import type { EditorTracker } from './editors';
import { CitationHover } from './hover';
import { insertCitation } from './insert';
import { registerPaperPages } from './paperPages';
import type { CitationSettingsReader } from './settings';

/** The documents whose citations Papers completes, hovers, checks and fixes. */
export const CITING_SELECTOR: vscode.DocumentSelector = CITING_LANGUAGES.map(language => ({ language }));

export interface CiteParts {
  store: PaperStore;
  bibliographies: Bibliographies;
  details: DetailsPanel;
  history: History;
  editors: EditorTracker;
  citationSettings: CitationSettingsReader;
  /** The citation styles: hover, completion and Insert Citation in plain text show formatted references. */
  styles?: CitationStyles;
  log: vscode.LogOutputChannel;
}

export function registerCite(parts: CiteParts): vscode.Disposable[] {
  const { store, bibliographies, details, history, editors, citationSettings, styles, log } = parts;
  const register = <A extends unknown[]>(id: string, body: (...args: A) => unknown) => registerCommand(log, id, body);
  return [
    vscode.languages.registerCompletionItemProvider(CITING_SELECTOR, new CitationCompletion(bibliographies, styles), ...CitationCompletion.triggers),
    vscode.languages.registerHoverProvider(CITING_SELECTOR, new CitationHover(bibliographies, styles)),
    vscode.languages.registerDefinitionProvider(CITING_SELECTOR, new CitationDefinition(bibliographies)),
    ...registerPaperPages(store, details),
    register(Commands.insertCitation, async (arg?: PaperArgument) => {
      const editor = await editors.target();
      let papers: Paper[] | undefined;
      if (arg === undefined && !details.focused) {
        // From the palette: search, starting from the selected words if there are some.
        const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : '';
        const initialQuery = selected.length <= 80 && !selected.includes('\n') ? selected : '';
        const picked = await pickPapers(store, { title: 'Insert Citation', placeholder: `${PLACEHOLDER}. Space ticks several papers.`, initialQuery, canPickMany: true, history });
        papers = picked?.papers;
      } else {
        papers = await resolvePapers(parts, arg, 'Insert Citation', true);
      }
      if (!papers?.length) return undefined;
      const result = await insertCitation(editor, papers, citationSettings.get(), log, bibliographies, styles && (async (doc, cited) => {
        const library = await store.library();
        const answer = library && await styles.format(library, await styles.styleOf(doc), cited.map(p => p.key), 'text', 'reference');
        return answer && !answer.missing.length && !answer.entries.some(e => e.error) ? answer.entries.map(e => e.text).join('\n') : undefined;
      }));
      if (result) for (const p of papers) void history.record(p.id, 'cited');
      return result;
    }),
    register(Commands.copyBibtex, async (arg?: PaperArgument) => {
      const paper = await resolvePaper(parts, arg, 'Copy BibTeX');
      if (!paper) return;
      await vscode.env.clipboard.writeText(engine().bibtexEntry(paper));
      vscode.window.setStatusBarMessage(`$(check) Copied the BibTeX entry of ${paper.key}`, 3000);
    }),
    register(Commands.copyKey, async (arg?: PaperArgument) => {
      const paper = await resolvePaper(parts, arg, 'Copy Citation Key');
      if (!paper) return;
      await vscode.env.clipboard.writeText(paper.key);
      vscode.window.setStatusBarMessage(`$(check) Copied citation key ${paper.key}`, 3000);
    }),
  ];
}
