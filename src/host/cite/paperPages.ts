// The read-only page of a paper that Go to Definition lands on for a bundled paper (`papers-paper:/<key>.md`),
// which peek and Ctrl+hover preview show too; when that page becomes the active editor, it gives
// way to the details panel.
import vscode = require('vscode');
import { metadataLine } from '../../core/browse/describe';
import type { Paper } from '../../core/model/paper';
import type { DetailsView } from '../common/resolve';
import type { PaperStore } from '../library/store';
import { PAPER_SCHEME } from '../selectors';

export const paperUri = (paper: Pick<Paper, 'key'>) => vscode.Uri.from({ scheme: PAPER_SCHEME, path: `/${paper.key}.md` });

const keyOf = (uri: vscode.Uri) => uri.path.replace(/^\//, '').replace(/\.md$/, '');

/** The paper as a short Markdown page. */
function paperPage(paper: Paper): string {
  const lines = [`# ${paper.title}`, '', `Key: \`${paper.key}\``];
  const meta = metadataLine(paper);
  if (meta) lines.push('', meta);
  lines.push('', paper.abstract);
  if (paper.links.length) lines.push('', ...paper.links.map(l => `- <${l}>`));
  return `${lines.join('\n')}\n`;
}

/** The pages' content (registered for PAPER_SCHEME at activation). */
export function paperPages(store: PaperStore): vscode.TextDocumentContentProvider {
  return {
    async provideTextDocumentContent(uri) {
      const paper = await (await store.library())?.paper(keyOf(uri));
      return paper ? paperPage(paper) : 'No paper has this key.';
    },
  };
}

/** A page that becomes the active editor gives way to the details panel. */
export function handOffPaperPages(store: PaperStore, details: DetailsView): vscode.Disposable {
  return vscode.window.onDidChangeActiveTextEditor(async editor => {
    if (editor?.document.uri.scheme !== PAPER_SCHEME) return;
    const paper = await (await store.library())?.paper(keyOf(editor.document.uri));
    if (!paper) return;
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    if (tab?.input instanceof vscode.TabInputText && tab.input.uri.toString() === editor.document.uri.toString()) {
      await vscode.window.tabGroups.close(tab);
    }
    await details.show(paper);
  });
}
