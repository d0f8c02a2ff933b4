// What the cite feature is given by host/features/start.ts.
import type vscode = require('vscode');
import type { Bibliographies } from '../bibliography/bibliographies';
import type { CitationSettingsReader } from '../common/citationSettings';
import type { CitationStyles } from '../common/citationStyles';
import type { EditorTracker } from '../common/editors';
import type { History } from '../common/history';
import type { PaperPicker } from '../common/pick';
import type { DetailsView } from '../common/resolve';
import type { Notes } from '../common/notes';
import type { PaperStore } from '../library/store';

export interface CiteParts {
  store: PaperStore;
  picker: PaperPicker;
  bibliographies: Bibliographies;
  /** The details view (the browse feature's): palette commands act on the paper it shows. */
  details: DetailsView;
  history: History;
  editors: EditorTracker;
  citationSettings: CitationSettingsReader;
  /** The citation styles: hover, completion and Insert Citation in plain text show formatted references. */
  styles?: CitationStyles;
  /** The writer's notes: the hover marks a paper with one. */
  notes?: Notes;
  log: vscode.LogOutputChannel;
}
