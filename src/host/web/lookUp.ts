// Look Up a bundled paper: the saved pages name no authors and no arXiv id, so citing one writes a
// bare entry. Its title is searched on Hugging Face; the paper found is shown for the user to
// confirm, and from then on the paper cites with its authors, arXiv id and DOI, under its own key.
import vscode = require('vscode');
import type { Paper } from '../../core/model/paper';
import { slugify } from '../../core/util/text';
import { resolvePaper, type PaperArgument } from '../common/resolve';
import { authorsLine } from './addPaper';
import type { AddParts } from './parts';
import { withProgress } from './papers';

/** Looks the paper up; answers it as the library has it afterwards, or undefined when nothing was found or the user declined. */
export async function lookUpPaper(parts: AddParts, arg: PaperArgument, confirmed = false): Promise<Paper | undefined> {
  const { web, store } = parts;
  const paper = await resolvePaper(parts, arg, 'Look Up Paper');
  if (!paper) return undefined;
  const service = web.service();
  let found;
  try {
    found = await withProgress(`Papers: looking up "${paper.title}" on Hugging Face…`, signal => service.search(paper.title, { signal }));
  } catch (error) {
    const problem = web.problem(error);
    if (problem) void vscode.window.showErrorMessage(`Papers could not look up "${paper.title}": ${problem}`);
    return undefined;
  }
  // The same title once folded: a near title is another paper.
  const match = found.papers.find(p => slugify(p.title) === slugify(paper.title));
  if (!match) {
    void vscode.window.showInformationMessage(`Hugging Face has no paper titled "${paper.title}".`);
    return undefined;
  }
  const about = [authorsLine(match), match.issued?.year, match.arxivId && `arXiv:${match.arxivId}`].filter(Boolean).join(' · ');
  if (!confirmed) {
    const use = await vscode.window.showInformationMessage(
      `Found "${match.title}" (${about}). Cite ${paper.key} with these authors and ids from now on?`, { modal: true }, 'Use It');
    if (use !== 'Use It') return undefined;
  }
  await web.keep([match], new Date().toISOString());
  return (await store.require()).paper(paper.key);
}
