// What reading the bibliography files found wrong, in the Problems panel on its line and in the
// "Papers" output as `file:line: message` (texlab keeps the same in grammar/bib.rs): shown again
// after every load that read the files.
import vscode = require('vscode');
import type { Bibliographies, SkippedFile } from '../bibliography/bibliographies';
import { engine } from '../engine/load';
import type { BibliographyReport } from '../library/store';
import { replaceDiagnostics } from '../util/diagnosticSets';
import { Disposable } from '../util/dispose';

/** A whole line of a file the host has not read (VS Code fits the end to the line when it shows it). */
const lineRange = (line: number) => new vscode.Range(Math.max(line, 1) - 1, 0, Math.max(line, 1) - 1, 2 ** 30);

export class BibliographyProblems extends Disposable {
  private readonly diagnostics = this.register(vscode.languages.createDiagnosticCollection('papers-bibliography'));

  constructor(bibliographies: Bibliographies, private readonly log: vscode.LogOutputChannel) {
    super();
    this.register(bibliographies.onDidLoad(({ report, skipped }) => this.publish(report, skipped)));
  }

  /** Problems to the log and to the Problems panel, each on its line. */
  private publish(report: BibliographyReport, skipped: readonly SkippedFile[]): void {
    const next = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>();
    let count = 0;
    for (const file of report.files) {
      const uri = vscode.Uri.parse(file.uri);
      const diagnostics = file.problems.map(problem => {
        count++;
        this.log.warn(`${file.file}:${problem.line}: ${problem.message}`);
        const severity = engine().health.problemSeverity(problem) === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
        const diagnostic = new vscode.Diagnostic(lineRange(problem.line), problem.message, severity);
        diagnostic.source = 'Papers';
        if (problem.code) diagnostic.code = problem.code;
        if (problem.firstLine) {
          diagnostic.relatedInformation = [new vscode.DiagnosticRelatedInformation(new vscode.Location(uri, lineRange(problem.firstLine)), 'the first entry with this key, which BibTeX, biber and pandoc use')];
        }
        return diagnostic;
      });
      next.set(uri.toString(), { uri, diagnostics });
    }
    for (const { uri, problem } of skipped) {
      const diagnostic = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 0), problem.message, vscode.DiagnosticSeverity.Warning);
      diagnostic.source = 'Papers';
      next.set(uri.toString(), { uri, diagnostics: [diagnostic] });
    }
    replaceDiagnostics(this.diagnostics, next);
    const entries = report.files.reduce((n, f) => n + f.keys.length, 0);
    this.log.info(`Bibliographies: ${report.files.length} file(s), ${entries} entries, ${count} problem(s)${report.files.length ? `: ${report.files.map(f => f.file).join(', ')}` : ''}`);
  }
}
