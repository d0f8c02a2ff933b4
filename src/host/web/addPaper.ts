// Papers: Add Paper…: a paper by its arXiv id or link, DOI or doi.org link, or Hugging Face paper
// link, fetched (or taken from the cache), shown for the user to confirm, then cited, appended to
// the document's bibliography, or only added to the library.
import vscode = require('vscode');
import type { Paper } from '../../core/model/paper';
import type { Cached, FetchedPaper } from '../../core/web';
import { replaceKey, type ReplacedKey } from '../common/replaceKey';
import { updateBibliography } from '../bibliography/append';
import { insertCitation } from '../common/insertCitation';
import { engine } from '../engine/load';
import { UserError } from '../util/errors';
import type { AddParts } from './parts';
import { WebPapers } from './papers';

/** What to do with the paper: cite it at the cursor, add its entry to the document's bibliography, or only add it to the library. */
export type AddAction = 'cite' | 'bibliography' | 'library';

const PROMPT = 'An arXiv id or link (2401.12345, arxiv.org/abs/…), a DOI or doi.org link, or a Hugging Face paper link';

/** The names of a paper's authors for one line: the first three, then "et al.". */
export function authorsLine(paper: Pick<FetchedPaper, 'authors'>): string {
  const names = paper.authors.map(a => a.literal ?? [a.given, a.particle, a.family].filter(Boolean).join(' '));
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} et al.` : names.join(', ');
}

/** How long the clipboard may take to answer before the box is left as the user has it. */
const CLIPBOARD_MS = 150;

/**
 * What the clipboard holds, if it can be read at once and without asking: in a browser (vscode.dev,
 * code-server) VS Code asks the browser, which may refuse and make VS Code say so in a message the
 * user must close first, so there it is not read at all.
 */
async function clipboardNow(): Promise<string | undefined> {
  if (vscode.env.uiKind === vscode.UIKind.Web) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>(resolve => { timer = setTimeout(() => resolve(undefined), CLIPBOARD_MS); });
  const text = await Promise.race([Promise.resolve(vscode.env.clipboard.readText()).catch(() => undefined), late]).finally(() => clearTimeout(timer));
  return text?.trim();
}

/** Asks for the identifier at once, offering one the clipboard holds if it can be read at once. */
function askForId(title = 'Add Paper'): Promise<string | undefined> {
  const { parsePaperId } = engine().web;
  const box = vscode.window.createInputBox();
  Object.assign(box, { title, prompt: PROMPT, placeholder: '2401.12345', ignoreFocusOut: true });
  void clipboardNow().then(text => {
    if (text && text.length < 300 && !box.value && parsePaperId(text)) box.value = text;
  });
  return new Promise(resolve => {
    let answer: string | undefined;
    box.onDidChangeValue(text => { box.validationMessage = !text.trim() || parsePaperId(text) ? undefined : 'Not an arXiv id, a DOI or a link to a paper.'; });
    box.onDidAccept(() => {
      if (box.value.trim() && !parsePaperId(box.value)) return;
      answer = box.value;
      box.hide();
    });
    box.onDidHide(() => {
      box.dispose();
      resolve(answer);
    });
    box.show();
  });
}

/** Shows the paper (title, authors, year, venue) and asks what to do with it; undefined when dismissed. */
async function confirm(paper: FetchedPaper, editor: vscode.TextEditor | undefined): Promise<AddAction | undefined> {
  const about = [authorsLine(paper), paper.issued?.year, paper.venue ?? (paper.arxivId ? `arXiv:${paper.arxivId}` : undefined)].filter(Boolean).join(' · ');
  type Item = vscode.QuickPickItem & { action: AddAction };
  const items: Item[] = [];
  const name = editor && editor.document.uri.path.slice(editor.document.uri.path.lastIndexOf('/') + 1);
  if (editor) items.push({ action: 'cite', label: '$(quote) Cite It', description: `at the cursor in ${name}, and add its entry to the bibliography` });
  if (editor && engine().cite.syntaxOfLanguage(editor.document.languageId)) {
    items.push({ action: 'bibliography', label: '$(book) Add to the Bibliography', description: `of ${name}, without citing it` });
  }
  items.push({ action: 'library', label: '$(library) Add to the Library', description: 'to search, open and cite later' });
  // The title and the rest are fetched text: a quick pick shows them as text (codicons aside, which the label does not take from them).
  const picked = await vscode.window.showQuickPick(items, { title: `Add "${paper.title}"`, placeHolder: about || 'Add this paper?', ignoreFocusOut: true });
  return picked?.action;
}

/** The paper an identifier names, fetched or from the cache; undefined (and the user told why) when it could not be. */
async function fetchPaper({ web }: AddParts, text: string): Promise<Cached<FetchedPaper> | undefined> {
  const id = engine().web.parsePaperId(text);
  if (!id) throw new UserError(`"${text.trim()}" is not an arXiv id, a DOI or a link to a paper. ${PROMPT}.`);
  let cached;
  try {
    cached = await web.paper(id);
  } catch (error) {
    const problem = web.problem(error);
    if (problem) void vscode.window.showErrorMessage(`Papers could not fetch ${text.trim()}: ${problem}`);
    return undefined;
  }
  if (cached.error) void vscode.window.showWarningMessage(`Papers: ${web.problem(cached.error) ?? cached.error.message}. Showing the paper as fetched on ${cached.fetched.slice(0, 10)}.`);
  return cached;
}

/** Keeps a fetched paper in the library (for the sessions to come too); answers it as the library has it, if it joined. */
export async function keepFetched({ web, store }: AddParts, { value, fetched }: Cached<FetchedPaper>): Promise<Paper | undefined> {
  const key = WebPapers.keyOf(await web.keep([value], fetched), value);
  return key ? (await store.require()).paper(key) : undefined;
}

/** Keeps a fetched paper in the library; answers it as the library has it. */
async function keepPaper(parts: AddParts, cached: Cached<FetchedPaper>): Promise<Paper> {
  const paper = await keepFetched(parts, cached);
  if (!paper) throw new Error(`the fetched paper "${cached.value.title}" did not join the library`);
  return paper;
}

/**
 * The quick fix for an undefined key: the paper the writer meant, by its arXiv id or DOI (asked,
 * or `text`), replaces the key and joins the bibliography, as Search the Library's does.
 */
export async function addPaperForKey(parts: AddParts, uri: vscode.Uri, range: vscode.Range, key: string, text?: string): Promise<ReplacedKey | undefined> {
  text ??= await askForId(`The paper you meant by ${key}`);
  if (!text?.trim()) return undefined;
  const fetched = await fetchPaper(parts, text);
  if (!fetched) return undefined;
  const paper = await keepPaper(parts, fetched);
  parts.log.info(`Added ${paper.key} (${text.trim()}) for ${key}`);
  return replaceKey(parts.bibliographies, parts.log, uri, range, key, paper);
}

/**
 * Adds a paper by identifier. `text` and `action` come from a caller that knows them (a test, a
 * link); otherwise the user is asked. Answers the paper as the library has it, or undefined when
 * the user stopped (or cancelled the request).
 */
export async function addPaper(parts: AddParts, text?: string, action?: AddAction): Promise<Paper | undefined> {
  const { log } = parts;
  text ??= await askForId();
  if (!text?.trim()) return undefined;
  const fetched = await fetchPaper(parts, text);
  if (!fetched) return undefined;
  const editor = action === 'library' ? undefined : await parts.editors.target();
  action ??= await confirm(fetched.value, editor);
  if (!action) return undefined;
  const paper = await keepPaper(parts, fetched);
  log.info(`Added ${paper.key} (${text.trim()}) to the library`);
  if (action === 'cite') {
    await insertCitation(editor, [paper], parts.citationSettings.get(), log, parts.bibliographies);
  } else if (action === 'bibliography' && editor) {
    const status = await updateBibliography(editor.document, [paper], log, await parts.bibliographies.sourcesOf(editor.document));
    if (status === 'unchanged') vscode.window.setStatusBarMessage(`$(info) The bibliography has ${paper.key} already`, 4000);
  } else {
    void vscode.window.showInformationMessage(`Papers: added ${paper.key} to the library.`, 'Open Details').then(choice => {
      if (choice) void parts.details.show(paper);
    });
  }
  return paper;
}
