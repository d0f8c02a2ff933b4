// The library the extension ships (dist/library.deflate): read once, sent as it is to the engine
// worker, and decoded here too when the extension host searches the bundled papers itself.
import vscode = require('vscode');
import { LIBRARY_FILE, type LibraryParts, shippedName, splitLibrary, TREE_TOP_FILE } from '../../core/corpus/shippedFiles';
import type { IndexPart } from '../../core/search/indexing';
import type { GroupRow } from './library';
import { engineLoaded } from '../engine/load';
import * as disk from '../util/disk';
import { describe } from '../util/errors';
import { LocalLibrary } from './library';

export class ShippedLibrary {
  private bytes: Promise<Uint8Array> | undefined;

  constructor(private readonly extensionUri: vscode.Uri, private readonly log: vscode.LogOutputChannel) {}

  /** dist/library.deflate as shipped, read once (the host decodes its own copy; the worker is sent another). */
  read(): Promise<Uint8Array> {
    this.bytes ??= this.readFile();
    return this.bytes;
  }

  /**
   * The Papers view's topics for the bundled papers, as the build counted them: shown before the
   * library has loaded. Undefined when the file cannot be read or holds something else.
   */
  async treeTop(): Promise<GroupRow[] | undefined> {
    try {
      const { groups } = JSON.parse(new TextDecoder().decode(await disk.readFile(vscode.Uri.joinPath(this.extensionUri, 'dist', TREE_TOP_FILE)))) as { groups?: unknown };
      const isRow = (g: unknown): g is GroupRow => typeof g === 'object' && g !== null && typeof (g as GroupRow).id === 'string'
        && typeof (g as GroupRow).label === 'string' && Number.isInteger((g as GroupRow).count)
        && ['undefined', 'string'].includes(typeof (g as GroupRow).description);
      return Array.isArray(groups) && groups.every(isRow) ? groups : undefined;
    } catch {
      return undefined;
    }
  }

  /** Reads the file again next time (Reload Papers). */
  forget(): void {
    this.bytes = undefined;
  }

  /**
   * The bundled papers as a library searched here, decoded natively and indexed a slice at a time;
   * `between` is awaited before and between the slices, told which part of the index each is for
   * (it waits while the engine worker holds the papers, or will soon).
   */
  async load(between: (part: IndexPart) => Promise<void>): Promise<LocalLibrary> {
    // Read and decoded while the engine loads: the decoding is native, beside the host's thread,
    // which meanwhile compiles the engine. (Awaited below; the catch only keeps a failure to load
    // the engine from leaving this promise's own failure unhandled.)
    const decoding = this.read().then(bytes => this.decode(bytes));
    decoding.catch(() => undefined);
    const { LibraryService } = (await engineLoaded()).library;
    const parts = await decoding;
    await between('names');
    // The full text's slices wait too, as soon as a worker starts: the worker's papers answer the
    // searches of abstracts once it holds them (a second or less), and loading the host's copy of
    // the abstracts' index would only take the host's time (its last slices, with the garbage they
    // left, were the longest the host was held at a first use, 39-41 ms in a window).
    const service = await LibraryService.loadInSlices(parts, between);
    service.fullText.catch(error => this.log.error(`Could not load the full-text index, so searches cover titles, keys and organisations only: ${describe(error)}`));
    return new LocalLibrary(service);
  }

  private async readFile(): Promise<Uint8Array> {
    const uri = this.uri();
    try {
      return await disk.readFile(uri);
    } catch (error) {
      throw this.unreadable(uri, error);
    }
  }

  /** Decoded natively (beside the host's thread: host/util/disk.ts), in its three parts. */
  private async decode(bytes: Uint8Array): Promise<LibraryParts<Uint8Array>> {
    try {
      return splitLibrary(await disk.inflateRaw(bytes));
    } catch (error) {
      throw this.unreadable(this.uri(), error);
    }
  }

  private uri(): vscode.Uri {
    return vscode.Uri.joinPath(this.extensionUri, 'dist', shippedName(LIBRARY_FILE));
  }

  private unreadable(uri: vscode.Uri, error: unknown): Error {
    return new Error(`cannot read ${uri.fsPath}: ${describe(error)} (reinstall the extension; in a checkout, run "npm run build")`);
  }
}
