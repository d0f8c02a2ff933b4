// "cited 4 times in 3 files" above each entry of an open bibliography file: how the documents
// that cite from it use the entry, each citation one click away (VS Code's references peek).
import vscode = require('vscode');
import type { Bibliographies } from '../bibliography/bibliographies';
import { engine, engineLoaded } from '../engine/load';
import { Delayer } from '../util/async';
import { Disposable } from '../util/dispose';
import { CITING_LANGUAGES } from '../../core/cite/languages';
import { eachInSlices } from '../../core/util/pause';
import { filesUsing, positionsIn } from './projectCitations';

/** Edits to a citing document come fast; the counts can wait for a pause in typing. */
const DEBOUNCE_MS = 800;

class EntryLens extends vscode.CodeLens {
  constructor(range: vscode.Range, readonly uri: vscode.Uri, readonly key: string) {
    super(range);
  }
}

/** How many citations, in how many files, in the words the lens shows. */
export function citedTitle(citations: number, files: number): string {
  if (!citations) return 'not cited';
  return `cited ${citations === 1 ? 'once' : `${citations} times`} in ${files === 1 ? '1 file' : `${files} files`}`;
}

export class CitedLens extends Disposable implements vscode.CodeLensProvider<EntryLens> {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly soon = this.register(new Delayer(DEBOUNCE_MS));
  /** Each bibliography's citations by key, counted once until something changes. */
  private readonly places = new Map<string, Promise<Map<string, vscode.Location[]>>>();

  constructor(private readonly bibliographies: Bibliographies) {
    super();
    const refresh = () => { this.places.clear(); this.changed.fire(); };
    this.register(bibliographies.onDidLoad(refresh));
    this.register(bibliographies.onDidChangeSources(refresh));
    this.register(vscode.workspace.onDidSaveTextDocument(doc => { if (CITING_LANGUAGES.includes(doc.languageId)) refresh(); }));
    this.register(vscode.workspace.onDidChangeTextDocument(e => {
      if (e.contentChanges.length && CITING_LANGUAGES.includes(e.document.languageId)) this.soon.trigger(refresh);
    }));
  }

  provideCodeLenses(doc: vscode.TextDocument): EntryLens[] {
    const file = this.bibliographies.lastReport?.files.find(f => f.uri === doc.uri.toString());
    if (!file) return [];
    return file.keys.map((key, i) => {
      const line = Math.min(Math.max(file.lines[i], 1), doc.lineCount) - 1;
      return new EntryLens(doc.lineAt(line).range, doc.uri, key);
    });
  }

  async resolveCodeLens(lens: EntryLens): Promise<EntryLens> {
    const places = (await this.placesIn(lens.uri)).get(lens.key) ?? [];
    const files = new Set(places.map(p => p.uri.toString())).size;
    lens.command = places.length
      ? { title: citedTitle(places.length, files), command: 'editor.action.showReferences', arguments: [lens.uri, lens.range.start, places] }
      : { title: citedTitle(0, 0), command: '' };
    return lens;
  }

  /** Every citation of the documents that cite from `bibliography`, by key. */
  private placesIn(bibliography: vscode.Uri): Promise<Map<string, vscode.Location[]>> {
    let places = this.places.get(bibliography.toString());
    if (!places) {
      places = (async () => {
        await engineLoaded();
        const { findCitations } = engine().cite;
        const byKey = new Map<string, vscode.Location[]>();
        // In slices, as the documents are read: a workspace of many documents does not hold the host.
        await eachInSlices(await filesUsing(bibliography, this.bibliographies), file => {
          const at = positionsIn(file.text, file.doc);
          for (const citation of file.citations ?? findCitations(file.text, file.syntax)) {
            for (const k of citation.keys) {
              const list = byKey.get(k.key) ?? [];
              list.push(new vscode.Location(file.fileUri, new vscode.Range(at(k.start), at(k.end))));
              byKey.set(k.key, list);
            }
          }
        });
        return byKey;
      })();
      this.places.set(bibliography.toString(), places);
      // A failed count is asked again next time.
      places.catch(() => this.places.delete(bibliography.toString()));
    }
    return places;
  }
}
