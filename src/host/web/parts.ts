// What the web feature is given by host/features/start.ts.
import type vscode = require('vscode');
import type { Bibliographies } from '../bibliography/bibliographies';
import type { CitationSettingsReader } from '../common/citationSettings';
import type { EditorTracker } from '../common/editors';
import type { PaperPicker } from '../common/pick';
import type { ReadingList } from '../common/readingList';
import type { DetailsView } from '../common/resolve';
import type { PaperStore } from '../library/store';
import type { DailyPapers } from './daily';
import type { Neighbourhoods } from './neighbourhood';
import type { WebPapers } from './papers';
import type { Suggestions } from './suggestions';

/** What adding, looking up, pasting and removing a paper from the web need. */
export interface AddParts {
  web: WebPapers;
  store: PaperStore;
  picker: PaperPicker;
  bibliographies: Bibliographies;
  editors: EditorTracker;
  citationSettings: CitationSettingsReader;
  /** The details view (the browse feature's). */
  details: DetailsView;
  log: vscode.LogOutputChannel;
}

export interface WebParts extends AddParts {
  daily: DailyPapers;
  neighbourhoods: Neighbourhoods;
  suggestions: Suggestions;
  readingList: ReadingList;
  /** Opens Daily Papers in the Papers view (the browse feature's) once its papers are in. */
  revealDaily(): Promise<void>;
}
