// What the library tells the rest of the extension, fired by the store's parts (holder.ts,
// merges.ts) and heard through PaperStore's events.
import vscode = require('vscode');
import { Disposable } from '../util/dispose';
import type { BibliographyReport } from './userFiles';

export class StoreEvents extends Disposable {
  /** The papers were (re)loaded. */
  readonly changed = this.register(new vscode.EventEmitter<void>());
  /** The papers are first needed and the bundled ones start loading. */
  readonly willLoadBundled = this.register(new vscode.EventEmitter<void>());
  /** The bundled papers were first needed and loaded. */
  readonly didLoadBundled = this.register(new vscode.EventEmitter<void>());
  /** More of the library became searchable (the papers themselves did not change). */
  readonly namesIndexed = this.register(new vscode.EventEmitter<void>());
  /** The bibliographies were read and their keys answer, before their names are indexed. */
  readonly bibliographiesRead = this.register(new vscode.EventEmitter<BibliographyReport>());
  /** The engine was restarted: the user's files must be read and given again. */
  readonly inputLost = this.register(new vscode.EventEmitter<void>());
}
