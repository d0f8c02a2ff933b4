// What the notes feature is given by host/features/start.ts.
import type vscode = require('vscode');
import type { Bibliographies } from '../bibliography/bibliographies';
import type { CitationSettingsReader } from '../common/citationSettings';
import type { CitationStyles } from '../common/citationStyles';
import type { Notes } from '../common/notes';
import type { PaperPicker } from '../common/pick';
import type { DetailsView } from '../common/resolve';
import type { PaperStore } from '../library/store';

export interface NotesParts {
  store: PaperStore;
  picker: PaperPicker;
  bibliographies: Bibliographies;
  details: DetailsView;
  notes: Notes;
  citationSettings: CitationSettingsReader;
  styles?: CitationStyles;
  log: vscode.LogOutputChannel;
  /** A browser's extension host (vscode.dev): there is no system viewer to hand a file to. */
  web: boolean;
}
