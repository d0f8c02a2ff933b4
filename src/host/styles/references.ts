// Papers: Show References: a preview of the active document's bibliography as the writer will see
// it, formatted in its citation style by the engine worker: the entries it cites (and \nocite,
// nocite:, @* for every entry of its bibliographies), in the style's order, and the citations as the
// style writes them in a second tab. It follows the active citing document and updates as
// citations are typed (debounced); each entry goes to its source; Copy All as text, HTML or
// Markdown. On the shared webview panel base (common/webviewPanel.ts), as the details view is: a
// nonce, no inline handlers, its own folder only, every message checked with zod, and a serializer
// that restores it on the document it showed.
import vscode = require('vscode');
import { CITING_LANGUAGES } from '../../core/cite/languages';
import type { ReferencesIntent, ReferencesMessage, ReferencesView } from '../../shared/protocol';
import type { Bibliographies } from '../bibliography/bibliographies';
import { engine } from '../engine/load';
import { Commands, REFERENCES_VIEW_TYPE } from '../ids';
import { Delayer } from '../util/async';
import { citedKeysOf } from '../common/documentCitations';
import type { CitationStyles } from '../common/citationStyles';
import { WebviewPanelHost, type IntentSchema } from '../common/webviewPanel';

/** Typing pauses this long before the preview formats again. */
const TYPING_MS = 400;
const FORMS = { text: 'plain text', html: 'HTML', markdown: 'Markdown' } as const;
const citing = new Set(CITING_LANGUAGES);

export class ReferencesPreview extends WebviewPanelHost<ReferencesIntent> {
  private doc: vscode.TextDocument | undefined;
  private readonly updates = this.register(new Delayer(TYPING_MS));
  /** Counts the updates, so that one overtaken by a newer one is not posted. */
  private generation = 0;
  /** The last view posted (for tests). */
  lastView: ReferencesView | undefined;

  constructor(
    extensionUri: vscode.Uri, private readonly styles: CitationStyles,
    private readonly bibliographies: Bibliographies, log: vscode.LogOutputChannel,
  ) {
    super(extensionUri, log, {
      viewType: REFERENCES_VIEW_TYPE, name: 'references view', script: 'references.js', style: 'references.css',
      title: 'References', loading: '<p class="muted">Formatting the references…</p>',
    });
    this.register(vscode.workspace.onDidChangeTextDocument(e => { if (e.document === this.doc) this.updates.trigger(() => void this.update()); }));
    this.register(vscode.window.onDidChangeActiveTextEditor(editor => {
      if (!this.panel || !editor || editor.document === this.doc || !citing.has(editor.document.languageId)) return;
      this.doc = editor.document;
      void this.update();
    }));
    this.register(styles.onDidChange(() => this.updates.trigger(() => void this.update())));
    this.register(bibliographies.onDidLoad(() => this.updates.trigger(() => void this.update())));
  }

  /** Shows the preview of `doc` (the active editor's), opening the panel beside it or reusing it. */
  async show(doc: vscode.TextDocument | undefined): Promise<void> {
    if (!doc || !citing.has(doc.languageId)) {
      void vscode.window.showInformationMessage('Papers: Show References previews a document that cites (LaTeX, Markdown, Quarto, Typst, reStructuredText). Open one and try again.');
      return;
    }
    this.doc = doc;
    this.open(this.panel?.title ?? 'References', true);
    await this.update();
  }

  protected intents(): IntentSchema<ReferencesIntent> {
    return engine().protocol.ReferencesIntentSchema;
  }

  protected async restore(state: unknown): Promise<object | undefined> {
    const parsed = engine().protocol.ReferencesStateSchema.safeParse(state);
    const doc = parsed.success ? await Promise.resolve(vscode.workspace.openTextDocument(vscode.Uri.parse(parsed.data.uri))).catch(() => undefined) : undefined;
    if (!doc) return undefined;
    this.doc = doc;
    return {};
  }

  protected override onDidClose(): void {
    this.updates.cancel();
  }

  protected onReady(): Promise<void> {
    return this.update();
  }

  /** The keys the document cites, in the order first cited; with `@*` or `\nocite{*}`, every entry of its bibliographies after them. */
  private async keysOf(doc: vscode.TextDocument): Promise<string[]> {
    const { keys, all } = citedKeysOf(doc);
    if (all) {
      for (const file of (await this.bibliographies.sourcesOf(doc)).files) {
        const inFile = this.bibliographies.keysOf(file);
        if (typeof inFile !== 'string') for (const key of inFile) keys.add(key);
      }
    }
    return [...keys];
  }

  /** Formats the document's references and posts them (a newer update drops this one's answer). */
  private async update(): Promise<void> {
    const doc = this.doc;
    if (!this.panel || !this.ready || !doc) return;
    const generation = ++this.generation;
    const post = (message: ReferencesMessage) => { if (generation === this.generation) void this.postMessage(message); };
    try {
      const [library, style, keys] = await Promise.all([this.bibliographies.library(), this.styles.styleOf(doc), this.keysOf(doc)]);
      if (!library) return;
      const onProgress = (fraction: number) => post({ type: 'progress', fraction });
      const bibliography = await this.styles.format(library, style, keys, 'html', 'bibliography', onProgress);
      const citations = await this.styles.format(library, style, keys, 'html', 'citations');
      const name = doc.uri.path.slice(doc.uri.path.lastIndexOf('/') + 1);
      const view: ReferencesView = {
        uri: doc.uri.toString(), document: name, style: style.label,
        entries: bibliography.entries.map(e => ({ key: e.key, html: e.text, ...(e.error ? { error: e.error } : {}) })),
        citations: citations.entries.filter(e => !e.error).map(e => ({ key: e.key, html: e.text })),
        missing: bibliography.missing,
        credit: engine().styles.styleCredit('text'),
      };
      if (generation !== this.generation || !this.panel) return;
      this.panel.title = `References: ${name}`;
      this.lastView = view;
      post({ type: 'references', view });
    } catch (error) {
      this.log.error(`Could not format the references of ${doc.uri.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  protected async handle(message: ReferencesIntent): Promise<void> {
    if (message.type === 'goToEntry') {
      // Only a key this preview shows.
      if (this.lastView?.entries.some(e => e.key === message.key)) await vscode.commands.executeCommand(Commands.goToEntry, message.key);
    } else if (message.type === 'copyAll') {
      await this.copyAll(message.form);
    }
  }

  /** Copies the whole bibliography; VS Code's clipboard takes plain text only, so HTML and Markdown go as their source. */
  private async copyAll(form: keyof typeof FORMS): Promise<void> {
    const doc = this.doc;
    const library = await this.bibliographies.library();
    if (!doc || !library) return;
    const answer = await this.styles.format(library, await this.styles.styleOf(doc), await this.keysOf(doc), form, 'bibliography');
    const texts = answer.entries.filter(e => !e.error).map(e => (form === 'html' ? `<div class="csl-entry">${e.text}</div>` : e.text));
    await vscode.env.clipboard.writeText(texts.join(form === 'html' ? '\n' : '\n\n'));
    vscode.window.setStatusBarMessage(`$(check) Copied ${texts.length} references as ${FORMS[form]}`, 3000);
  }
}
