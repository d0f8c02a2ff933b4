// The checks of citations: undefined keys, keys defined twice, a document that names no bibliography.
import vscode = require('vscode');
import { Disposable } from '../util/dispose';
import type { CitationProblem } from '../../core/health/citations';
import type { Bibliographies, DocumentSources } from '../bibliography/bibliographies';
import { CITING_LANGUAGES } from '../../core/cite/languages';
import { engine } from '../engine/load';
import { citationsOf } from '../common/documentCitations';
import { pause } from '../../core/util/pause';
import { Settings } from '../ids';
import { setDiagnostics } from '../util/diagnosticSets';

/** The diagnostic codes of a citing document, which the quick fixes act on. */
export const CitationCodes = { undefinedKey: 'undefined-key', noBibliography: 'no-bibliography', missingBibliography: 'missing-bibliography' } as const;

/** What the last check of a document found, for the quick fixes and Add Missing Entries. */
export interface DocumentCheckResult {
  version: number;
  sources: DocumentSources;
  problems: CitationProblem[];
}

/**
 * Keeps every open citing document's citations checked against its bibliographies, as the
 * writer types: a key that none of them defines is a warning on the key; a document that cites
 * but names no bibliography gets one warning saying what to add; a named file that does not
 * exist is said where it is named. A check is a scan of the text and a look-up per key, so it
 * runs on each change, with changes that come together (multi-cursor edits) checked once.
 */
export class CitationDiagnostics extends Disposable {
  readonly diagnostics = this.register(vscode.languages.createDiagnosticCollection('papers-citations'));
  private readonly pending = new Map<string, vscode.TextDocument>();
  private readonly results = new Map<string, DocumentCheckResult>();
  private queued = false;
  private started = false;
  private readonly checked = this.register(new vscode.EventEmitter<vscode.Uri>());
  /** Fires after a document's diagnostics were set. */
  readonly onDidCheck = this.checked.event;
  /** How long each check took (ms), the latest first: the bench reports them. */
  readonly times: number[] = [];

  constructor(private readonly bibliographies: Bibliographies) {
    super();
    this.register(vscode.workspace.onDidOpenTextDocument(doc => this.schedule(doc)));
    this.register(vscode.workspace.onDidChangeTextDocument(e => { if (e.contentChanges.length) this.schedule(e.document); }));
    this.register(vscode.workspace.onDidCloseTextDocument(doc => {
      this.diagnostics.delete(doc.uri);
      this.results.delete(doc.uri.toString());
    }));
    this.register(bibliographies.onDidLoad(() => this.checkAll()));
    this.register(bibliographies.onDidChangeSources(() => this.checkAll()));
    this.register(vscode.workspace.onDidChangeConfiguration(e => {
      if (e.affectsConfiguration(`${Settings.section}.diagnostics`) || e.affectsConfiguration(`${Settings.section}.bibliography`)) this.checkAll();
    }));
  }

  /** Starts checking, once the library is loading (the checks need its bibliographies). */
  start(): void {
    this.started = true;
    this.checkAll();
  }

  /** What the last check of a document found, if it is current. */
  resultOf(doc: vscode.TextDocument): DocumentCheckResult | undefined {
    const result = this.results.get(doc.uri.toString());
    return result?.version === doc.version ? result : undefined;
  }

  /** Checks a document now (Add Missing Entries wants the answer for the text as it is). */
  async check(doc: vscode.TextDocument): Promise<DocumentCheckResult | undefined> {
    if (!CITING_LANGUAGES.includes(doc.languageId) || !enabled()) return undefined;
    const started = performance.now();
    const version = doc.version;
    const sources = await this.bibliographies.sourcesOf(doc);
    if (doc.version !== version || doc.isClosed) return undefined;
    const { checkCitations } = engine().health;
    const { syntaxOfLanguage } = engine().cite;
    const syntax = syntaxOfLanguage(doc.languageId)!;
    const text = doc.getText();
    const bibliographies = [];
    for (const uri of sources.named ? sources.files : []) {
      const keys = this.bibliographies.keysOf(uri);
      // Named a moment ago, or too large to read: nothing can be said about its keys yet.
      if (keys === 'unread') {
        this.bibliographies.refresh();
        this.results.delete(doc.uri.toString());
        setDiagnostics(this.diagnostics, doc.uri, (this.diagnostics.get(doc.uri) ?? []).filter(d => d.code !== CitationCodes.undefinedKey));
        return undefined;
      }
      bibliographies.push({ file: vscode.workspace.asRelativePath(uri, false), keys });
    }
    const suggested = sources.files[0] ? vscode.workspace.asRelativePath(sources.files[0], false) : defaultFileName();
    // The same scan of this version as hover's and the papers asked ahead for the screen (documentCitations).
    const { latex } = sources;
    const root = latex?.hint ?? (latex?.root && latex.root.toString() !== doc.uri.toString() ? vscode.workspace.asRelativePath(latex.root, false) : undefined);
    const problems = checkCitations({ syntax, text, citations: citationsOf(doc), bibliographies, suggested, noMainFile: sources.noMainFile, root, biblatex: latex?.biblatex });
    const diagnostics = problems.map(problem => {
      const range = new vscode.Range(doc.positionAt(problem.start), doc.positionAt(problem.end));
      const diagnostic = new vscode.Diagnostic(range, problem.message, vscode.DiagnosticSeverity.Warning);
      diagnostic.source = 'Papers';
      diagnostic.code = problem.code;
      return diagnostic;
    });
    for (const { file, by, line } of sources.namedAt) {
      if (by.toString() !== doc.uri.toString() || this.bibliographies.keysOf(file) !== 'missing') continue;
      const range = doc.lineAt(Math.min(line, doc.lineCount) - 1).range;
      const name = vscode.workspace.asRelativePath(file, false);
      const diagnostic = new vscode.Diagnostic(range, `${name} does not exist yet: citing a paper with Papers creates it`, vscode.DiagnosticSeverity.Information);
      diagnostic.source = 'Papers';
      diagnostic.code = CitationCodes.missingBibliography;
      diagnostics.push(diagnostic);
    }
    setDiagnostics(this.diagnostics, doc.uri, diagnostics);
    const result = { version, sources, problems };
    this.results.set(doc.uri.toString(), result);
    this.times.unshift(performance.now() - started);
    if (this.times.length > 200) this.times.length = 200;
    this.checked.fire(doc.uri);
    return result;
  }

  private schedule(doc: vscode.TextDocument): void {
    if (!this.started || !CITING_LANGUAGES.includes(doc.languageId) || doc.uri.scheme === 'output') return;
    this.pending.set(doc.uri.toString(), doc);
    // One check for the changes that arrive together (a multi-cursor edit is several events in one task).
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => void (async () => {
      this.queued = false;
      const docs = [...this.pending.values()];
      this.pending.clear();
      // Several documents (every open one, when the library arrives) are checked a task each: the
      // first checks of long documents, their code still cold, each held the host too long.
      for (const [i, doc] of docs.entries()) {
        if (i > 0) await pause();
        await this.check(doc).catch(() => undefined);
      }
    })());
  }

  private checkAll(): void {
    if (!this.started) return;
    if (!enabled()) {
      this.diagnostics.clear();
      this.results.clear();
      return;
    }
    for (const doc of vscode.workspace.textDocuments) this.schedule(doc);
  }
}

const enabled = () => vscode.workspace.getConfiguration(Settings.section).get<boolean>(Settings.diagnostics, true);
const defaultFileName = () => vscode.workspace.getConfiguration(Settings.section).get<string>(Settings.defaultBibliography, 'references.bib').trim() || 'references.bib';
