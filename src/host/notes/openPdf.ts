// Open PDF: the file the paper's entry attaches (its `file` field, as Zotero, JabRef, Better BibTeX
// and Mendeley write it, a path relative to the .bib), else an open-access PDF link the paper has
// (a fetched paper's, or arXiv's for an entry's eprint). VS Code shows it when a PDF viewer
// extension is installed; otherwise the system viewer (the browser, for a link) opens it.
import vscode = require('vscode');
import type { Paper } from '../../core/model/paper';
import type { AttachedFile } from '../../core/bibliography/files';
import { engine } from '../engine/load';
import { Commands } from '../ids';
import type { PaperArgument } from '../common/resolve';
import type { Command } from '../util/commands';
import { UserError } from '../util/errors';
import { openedFiles } from '../util/probes';
import { paperFor } from './paperAt';
import type { NotesParts } from './parts';

/** Whether an installed extension shows PDFs in an editor (LaTeX Workshop, vscode-pdf…). */
function hasPdfViewer(): boolean {
  return vscode.extensions.all.some(ext => {
    const editors = (ext.packageJSON as { contributes?: { customEditors?: { selector?: { filenamePattern?: string }[] }[] } })?.contributes?.customEditors ?? [];
    return editors.some(editor => editor.selector?.some(s => /\.pdf\b/i.test(s.filenamePattern ?? '')));
  });
}

/**
 * The one place a PDF is handed over: what the tests observe (util/probes.ts). A file goes to VS
 * Code when a PDF viewer extension is installed; else to the system viewer, which exists only in a
 * local window: in a browser (vscode.dev) or a remote window (SSH, a container, code-server) the
 * file is not on the writer's computer, and handing it over would open nothing, or navigate the page away.
 */
async function openPdf(uri: vscode.Uri, web: boolean): Promise<void> {
  const isLink = uri.scheme === 'http' || uri.scheme === 'https';
  if (!isLink && hasPdfViewer()) {
    openedFiles.push({ uri: uri.toString(), via: 'editor' });
    await vscode.commands.executeCommand('vscode.open', uri);
    return;
  }
  if (!isLink && (web || vscode.env.remoteName)) {
    openedFiles.push({ uri: uri.toString(), via: 'none' });
    const where = web ? 'in the browser' : `in a remote window (${vscode.env.remoteName})`;
    throw new UserError(`Papers cannot hand ${uri.scheme === 'file' ? uri.fsPath : uri.toString(true)} to a PDF viewer ${where}: install a PDF viewer extension to open it in VS Code.`);
  }
  openedFiles.push({ uri: uri.toString(), via: 'external' });
  // Not awaited: the system viewer (or the browser's prompt for a link) takes its time.
  void vscode.env.openExternal(uri);
}

export class OpenPdfCommand implements Command {
  readonly id = Commands.openPdf;
  constructor(private readonly parts: NotesParts) {}

  async execute(arg?: PaperArgument): Promise<vscode.Uri | undefined> {
    const paper = await paperFor(this.parts, arg, 'Open PDF');
    if (!paper) return undefined;
    const attached = this.attached(paper);
    if (attached) {
      const file = attached.files.length === 1 ? attached.files[0] : (await vscode.window.showQuickPick(
        attached.files.map(f => ({ label: f.description || f.path.replace(/^.*[\\/]/, ''), description: f.path, file: f })), { title: `PDFs of ${paper.key}` }))?.file;
      if (!file) return undefined;
      const uri = await this.find(file, attached.bib, paper);
      await openPdf(uri, this.parts.web);
      return uri;
    }
    const link = pdfLink(paper);
    if (!link) throw new UserError(`${paper.key} has no PDF: its entry has no file field, and Papers knows no open-access PDF link of it.`);
    const uri = vscode.Uri.parse(link, true);
    await openPdf(uri, this.parts.web);
    return uri;
  }

  /** The PDFs the paper's entry attaches, and the .bib they are relative to. */
  private attached(paper: Paper): { files: AttachedFile[]; bib: vscode.Uri } | undefined {
    const [entry] = paper.entries ?? [];
    const raw = paper.reference?.raw;
    if (!entry || !raw || entry.format !== 'bibtex') return undefined;
    const field = engine().bibliography.parseBib(raw).entries[0]?.fields.file;
    const files = field ? engine().notes.parseFileField(field).filter(engine().notes.isPdf) : [];
    return files.length ? { files, bib: vscode.Uri.parse(entry.uri) } : undefined;
  }

  /** The file on disk, trying where it may be; a file that is nowhere says where it was looked for. */
  private async find(file: AttachedFile, bib: vscode.Uri, paper: Paper): Promise<vscode.Uri> {
    const { candidatePaths, isUrlPath } = engine().notes;
    if (isUrlPath(file.path)) return vscode.Uri.parse(file.path, true);
    const tried: vscode.Uri[] = candidatePaths(file).map(path => (/^(?:\/|[A-Za-z]:[\\/]|\\\\)/.test(path)
      ? vscode.Uri.file(path) : vscode.Uri.joinPath(bib, '..', ...path.split('/'))));
    for (const uri of tried) {
      try {
        await vscode.workspace.fs.stat(uri);
        return uri;
      } catch { /* tried next */ }
    }
    throw new UserError(`The PDF of ${paper.key} is not there: Papers tried ${tried.map(u => u.fsPath).join(' and ')} (the file field of ${paper.entries?.[0]?.file ?? 'its entry'}).`);
  }
}

/** An open-access PDF link: the one a fetched paper has, else arXiv's for its arXiv id, else a link that is a PDF. */
function pdfLink(paper: Paper): string | undefined {
  if (paper.web?.links.pdf) return paper.web.links.pdf;
  const arxiv = engine().notes.arxivIdOf(paper);
  if (arxiv) return `https://arxiv.org/pdf/${arxiv}`;
  return [paper.reference?.url, ...paper.links].find(url => url && /^https:\/\/\S+\.pdf$/i.test(url));
}
