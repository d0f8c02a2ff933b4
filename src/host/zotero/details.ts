// A Zotero item in the details view: its fields, tags and notes, read from Zotero's local API when
// the details open (the item is in the library already; its notes and attachments are asked for,
// `/items/{key}/children`), and what its buttons do: Open PDF hands Zotero
// `zotero://open-pdf/library/items/{attachment}` (`…/groups/{id}/items/…` for a group's item), Open PDF in VS Code opens the attachment's file
// when Zotero says where it is and it is there, Show in Zotero hands it `zotero://select/…`. Every
// zotero:// URI is made of an item key Zotero gave and zod checked (eight capitals and digits).
import vscode = require('vscode');
import type { Paper } from '../../core/model/paper';
import type { ZoteroItem } from '../../core/zotero/item';
import type { ZoteroPdf } from '../../core/zotero/details';
import type { ZoteroAction, ZoteroView } from '../../shared/protocol';
import { engine } from '../engine/load';
import { openedFiles, warningsShown } from '../util/probes';
import type { ZoteroLibrary } from './library';

export interface ZoteroSession {
  act(action: ZoteroAction): Promise<void>;
  dispose(): void;
}

export class ZoteroDetails {
  /** How a URI is handed to the system (and so to Zotero): VS Code's, unless a test stands in for it. */
  openExternal: (uri: vscode.Uri) => Thenable<boolean> = uri => vscode.env.openExternal(uri);

  constructor(private readonly zotero: ZoteroLibrary, private readonly log: vscode.LogOutputChannel) {}

  /** The item a paper is: the one it was made of, else the one whose key it has (a cited item, now the writer's entry). */
  itemOf(paper: Pick<Paper, 'id' | 'key'>): ZoteroItem | undefined {
    const { items } = this.zotero;
    if (!items.length) return undefined;
    const { itemRefOfPaperId, zoteroItemRef } = engine().zotero;
    const ref = itemRefOfPaperId(paper.id);
    return items.find(ref ? i => zoteroItemRef(i) === ref : i => this.zotero.keyOf(zoteroItemRef(i)) === paper.key);
  }

  /** Reads the item's details and posts them as they come; undefined when the paper is no Zotero item. */
  open(paper: Paper, post: (view: ZoteroView) => void): ZoteroSession | undefined {
    const item = this.itemOf(paper);
    if (!item) return undefined;
    const { zoteroDetails, zoteroOpenPdfUri, zoteroSelectUri, groupOf } = engine().zotero;
    // A group's item opens in the group's library (its key may be another item's in the writer's own).
    const group = groupOf(item);
    let disposed = false;
    let pdf: ZoteroPdf | undefined;
    let file: vscode.Uri | undefined;
    const show = (view: Omit<ZoteroView, 'id'>) => { if (!disposed) post({ id: paper.id, ...view }); };
    const read = async () => {
      // The item's own fields at once; its notes and PDF once Zotero has answered.
      const own = zoteroDetails(item, []);
      show({ state: 'loading', message: null, fields: own.fields, tags: own.tags, notes: [], pdf: null });
      try {
        const details = zoteroDetails(item, await this.zotero.children(item));
        pdf = details.pdf;
        file = pdf?.file && await existing(pdf.file);
        show({ state: 'ready', message: null, fields: details.fields, tags: details.tags, notes: details.notes, pdf: pdf ? { title: pdf.title, local: file !== undefined } : null });
      } catch (error) {
        // The view says why, and its Retry asks again.
        show({ state: 'error', message: `Could not read its notes and attachments. ${(error as Error).message}`, fields: own.fields, tags: own.tags, notes: [], pdf: null });
      }
    };
    // Read after the caller holds the session: the first view it posts is this session's.
    let reading = Promise.resolve().then(read);
    return {
      act: async action => {
        if (action === 'retry') return void (reading = read());
        if (action === 'showInZotero') return this.hand(vscode.Uri.parse(zoteroSelectUri(item.data.key, group), true));
        await reading;
        const uri = pdf && zoteroOpenPdfUri(pdf.key, group);
        if (!uri) return warn(`${paper.key} has no PDF attachment in Zotero.`);
        if (action === 'openPdf') return this.hand(vscode.Uri.parse(uri, true));
        if (!file) return warn(`The PDF of ${paper.key} is not on this computer: open it in Zotero.`);
        openedFiles.push({ uri: file.toString(), via: 'editor' });
        await vscode.commands.executeCommand('vscode.open', file);
      },
      dispose: () => { disposed = true; },
    };
  }

  /** Hands a zotero:// URI to the system, which gives it to Zotero. */
  private async hand(uri: vscode.Uri): Promise<void> {
    openedFiles.push({ uri: uri.toString(true), via: 'external' });
    if (!await this.openExternal(uri)) this.log.warn(`Zotero: ${uri.toString(true)} was not opened: is Zotero installed?`);
  }
}

/** Tells the writer why a button did nothing (and the tests, as a command's warning is). */
function warn(message: string): void {
  warningsShown.push(message);
  void vscode.window.showWarningMessage(message);
}

/** The attachment's file, when it is there. */
async function existing(file: NonNullable<ZoteroPdf['file']>): Promise<vscode.Uri | undefined> {
  let uri: vscode.Uri;
  try {
    uri = 'url' in file ? vscode.Uri.parse(file.url, true) : vscode.Uri.file(file.path);
  } catch {
    return undefined;
  }
  if (uri.scheme !== 'file') return undefined;
  try {
    return (await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File ? uri : undefined;
  } catch {
    return undefined;
  }
}
