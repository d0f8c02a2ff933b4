// What the health feature is given by host/features/start.ts.
import type vscode = require('vscode');
import type { Bibliographies } from '../bibliography/bibliographies';
import type { PaperPicker } from '../common/pick';
import type { PaperStore } from '../library/store';
import type { CitationDiagnostics } from './citationDiagnostics';

export interface HealthParts {
  store: PaperStore;
  picker: PaperPicker;
  bibliographies: Bibliographies;
  checker: CitationDiagnostics;
  log: vscode.LogOutputChannel;
}
