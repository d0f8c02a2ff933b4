// The paper details panel: one panel, reused for every paper, on the shared webview panel base
// (common/webviewPanel.ts: CSP, nonce, restore, checked messages). The host sends whole snapshots;
// the webview sends back intents, turned into the same commands the palette and the tree run.
import vscode = require('vscode');
import { isWebLink } from '../../core/corpus/links';
import { isBibliographyOnly } from '../../core/bibliography/ids';
import { fullName } from '../../core/bibliography/people';
import { doiLink } from '../../shared/doi';
import { openEntry } from '../bibliography/openEntry';
import type { Paper } from '../../core/model/paper';
import type { Topic } from '../../core/corpus/topics';
import { excerpt } from '../../core/util/text';
import type { HostMessage, NeighbourhoodView, NeighbourKind, PaperView, ReferenceView, WebviewMessage, ZoteroAction, ZoteroView } from '../../shared/protocol';
import { WebviewPanelHost, type IntentSchema } from '../common/webviewPanel';
import { PaperSession } from './paperSession';
import { engine } from '../engine/load';
import type { History } from '../common/history';
import { Commands, DETAILS_VIEW_TYPE, Settings } from '../ids';
import type { ReadingList } from '../common/readingList';
import type { PaperStore } from '../library/store';
import type { CitationStyles } from '../common/citationStyles';
import type { Notes } from '../common/notes';

/** What the panel asks of the papers from the web (the web feature's, handed in by host/features/start.ts). */
export interface KeptPapers {
  readonly enabled: boolean;
  isKept(paper: Paper): Promise<boolean>;
  readonly onDidChangeKept: vscode.Event<void>;
}

/** A paper's neighbourhood as it fills in (the web feature's, handed in by host/features/start.ts). */
export interface PaperNeighbourhoods {
  open(paper: Paper, post: (view: NeighbourhoodView) => void): {
    refresh(): Promise<void>;
    more(kind: NeighbourKind): void;
    retry(kind: NeighbourKind): void;
    keep(id: string): Promise<boolean>;
    links(): string[];
    dispose(): void;
  };
}

/** A Zotero item's own details (the Zotero feature's, handed in by host/features/start.ts); undefined for a paper that is no Zotero item. */
export interface ZoteroItems {
  open(paper: Paper, post: (view: ZoteroView) => void): { act(action: ZoteroAction): Promise<void>; dispose(): void } | undefined;
}

const RELATED_COUNT = 5;

/** What a fetched paper's links are, as the service said; a link an abstract mentions shows as written, without its scheme. */
const LINK_LABELS = { abstract: 'Abstract page', pdf: 'PDF', code: 'Code', project: 'Project page', discussion: 'Discussion on Hugging Face' } as const;

/** The paper's web links, each with a label: the fetched ones first, in the order of LINK_LABELS. */
function labelledLinks(paper: Paper): { label: string; url: string }[] {
  const out: { label: string; url: string }[] = [];
  const add = (label: string, url: string | undefined) => {
    if (url && isWebLink(url) && !out.some(l => l.url === url)) out.push({ label, url });
  };
  for (const [kind, label] of Object.entries(LINK_LABELS)) add(label, paper.web?.links[kind as keyof typeof LINK_LABELS]);
  for (const url of paper.links) add(url.replace(/^https?:\/\/(?:www\.)?/i, '').replace(/\/$/, ''), url);
  return out;
}
const TAB_TITLE_LENGTH = 40;

export class DetailsPanel extends WebviewPanelHost<WebviewMessage> {
  private paper: Paper | undefined;
  /** The last snapshot sent, for tests and for the serializer's sake. */
  lastSnapshot: PaperView | undefined;
  /** The last formatted reference sent (for tests). */
  lastReference: ReferenceView | undefined;
  /** The style picked in the view ('' for the one the setting names). */
  private style = '';
  /** The shown paper's neighbourhood, and its Zotero item's details: each asked once per paper. */
  private readonly neighbours = new PaperSession<ReturnType<PaperNeighbourhoods['open']>, NeighbourhoodView>(
    view => void this.postMessage({ type: 'neighbourhood', neighbourhood: view } satisfies HostMessage), () => this.paper?.id);
  private readonly zoteroItem = new PaperSession<NonNullable<ReturnType<ZoteroItems['open']>>, ZoteroView>(
    view => void this.postMessage({ type: 'zotero', zotero: view } satisfies HostMessage), () => this.paper?.id);
  /** The writer opened a paper: its neighbourhood is joined again (a star or a kept paper only sends it again). */
  private freshNeighbours = false;
  constructor(
    extensionUri: vscode.Uri,
    private readonly store: PaperStore,
    private readonly readingList: ReadingList,
    private readonly history: History,
    private readonly topics: readonly Topic[],
    log: vscode.LogOutputChannel,
    private readonly styles?: CitationStyles,
    /** The papers from the web: whether a paper was kept from it (and so can be removed), and whether it can be looked up. */
    private readonly web?: KeptPapers,
    private readonly neighbourhoods?: PaperNeighbourhoods,
    /** The writer's notes: whether the paper has one (the view marks it). */
    private readonly notes?: Pick<Notes, 'has' | 'onDidChange'>,
    /** The writer's Zotero library: a Zotero item's fields, tags, notes and PDF. */
    private readonly zotero?: ZoteroItems,
  ) {
    super(extensionUri, log, {
      viewType: DETAILS_VIEW_TYPE, name: 'details view', script: 'details.js', style: 'details.css',
      title: 'Paper details', loading: '<p class="loading">Loading paper…</p>', media: true,
    });
    this.register(readingList.onDidChange(() => void this.post()));
    if (styles) this.register(styles.onDidChange(() => void this.postReference()));
    if (web) this.register(web.onDidChangeKept(() => void this.post()));
    this.register(this.neighbours);
    this.register(this.zoteroItem);
    if (notes) this.register(notes.onDidChange(() => void this.post()));
  }

  /** The last neighbourhood sent (for tests). */
  get lastNeighbourhood(): NeighbourhoodView | undefined {
    return this.neighbours.last;
  }

  /** The last Zotero details sent (for tests). */
  get lastZotero(): ZoteroView | undefined {
    return this.zoteroItem.last;
  }

  /** The paper shown, if the panel is open. */
  get current(): Paper | undefined {
    return this.panel ? this.paper : undefined;
  }

  /** The paper shown, if the panel has the focus: what palette commands act on. */
  get focused(): Paper | undefined {
    return this.panel?.active ? this.paper : undefined;
  }

  /** Shows a paper, opening the panel beside the editor or reusing it. */
  async show(paper: Paper, preserveFocus = false): Promise<void> {
    this.paper = paper;
    this.freshNeighbours = true;
    void this.history.record(paper.id, 'opened');
    this.open(excerpt(paper.title, TAB_TITLE_LENGTH), preserveFocus);
    await this.post();
  }

  protected intents(): IntentSchema<WebviewMessage> {
    return engine().protocol.WebviewMessageSchema;
  }

  protected async restore(state: unknown): Promise<{ title: string } | undefined> {
    const parsed = engine().protocol.DetailsStateSchema.safeParse(state);
    const library = await this.store.library();
    const paper = parsed.success ? await library?.paper(parsed.data.paperId) : undefined;
    if (!paper) return undefined;
    this.paper = paper;
    return { title: excerpt(paper.title, TAB_TITLE_LENGTH) };
  }

  private async snapshot(paper: Paper): Promise<PaperView> {
    const library = await this.store.library();
    return {
      id: paper.id,
      key: paper.key,
      title: paper.title,
      abstract: paper.abstract,
      authorsCount: paper.authorsCount,
      organization: paper.organization,
      date: paper.date,
      upvotes: paper.upvotes,
      links: labelledLinks(paper),
      arxivId: paper.arxivId ?? paper.reference?.arxiv?.id ?? null,
      kept: this.web ? await this.web.isKept(paper) : false,
      canLookUp: Boolean(this.web?.enabled) && !paper.web && !paper.authors?.length && !paper.entries?.length && !isBibliographyOnly(paper),
      topics: paper.topics.map(id => ({ id, label: this.topics.find(t => t.id === id)?.label ?? id })),
      related: (library ? await library.related(paper.id, RELATED_COUNT) : []).map(p => ({ id: p.id, key: p.key, title: p.title })),
      sources: paper.sources.filter(s => !paper.entries?.some(e => e.file === s.file && e.line === s.line)).map(s => `${s.file}:${s.line}`),
      starred: this.readingList.has(paper.id),
      authors: (paper.authors ?? []).map(fullName),
      moreAuthors: paper.moreAuthors === true,
      editors: (paper.editors ?? []).map(fullName),
      venue: paper.venue ?? null,
      doi: paper.doi ?? null,
      entryType: paper.entryType ?? null,
      entries: (paper.entries ?? []).map(e => ({ file: e.file, line: e.line })),
      listed: !isBibliographyOnly(paper),
      noted: this.notes?.has(paper.key) ?? false,
    };
  }

  /** Posts the current paper, but only once the webview has said it is ready to listen. */
  private async post(): Promise<void> {
    if (!this.panel || !this.ready || !this.paper) return;
    const snapshot = await this.snapshot(this.paper);
    this.lastSnapshot = snapshot;
    await this.postMessage({ type: 'paper', paper: snapshot } satisfies HostMessage);
    await this.postReference();
    this.startNeighbourhood();
    this.startZotero();
  }

  /** Reads a Zotero item's details once (again when another paper is shown); sends what is known at once. */
  private startZotero(): void {
    const paper = this.paper;
    const zotero = this.zotero;
    if (paper && zotero) this.zoteroItem.follow(paper.id, post => zotero.open(paper, post));
  }

  /** Asks for the shown paper's neighbourhood once (again when another paper is shown); sends what is known at once. */
  private startNeighbourhood(): void {
    const paper = this.paper;
    const neighbourhoods = this.neighbourhoods;
    if (!paper || !neighbourhoods) return;
    const opened = this.neighbours.follow(paper.id, post => neighbourhoods.open(paper, post));
    // Opened again: which neighbours the writer has or cites may have changed since (a join of
    // the engine's; not for every star or reload of the view).
    if (!opened && this.freshNeighbours) void this.neighbours.session?.refresh();
    this.freshNeighbours = false;
  }

  protected override onDidClose(): void {
    this.zoteroItem.dispose();
    this.neighbours.dispose();
  }

  /** The paper's reference in the picked style, formatted in the engine worker; its form asked for, or HTML for the view. */
  private async formatted(paper: Paper, form: 'text' | 'html' | 'markdown'): Promise<{ text: string; error?: string }> {
    const library = await this.store.library();
    if (!library || !this.styles) return { text: '', error: 'The papers are not loaded.' };
    const style = await this.styles.styleOf(undefined, this.style || undefined);
    const answer = await this.styles.format(library, style, [paper.key], form, 'reference');
    const [entry] = answer.entries;
    return entry ? { text: entry.text, ...(entry.error ? { error: entry.error } : {}) } : { text: '', error: `No paper has the key ${paper.key}.` };
  }

  /** Posts the formatted reference, after the paper: the paper shows at once, and its reference as soon as the worker has it. */
  private async postReference(): Promise<void> {
    const paper = this.paper;
    if (!this.panel || !this.ready || !paper || !this.styles) return;
    const { BUNDLED_STYLES, styleCredit } = engine().styles;
    const setting = vscode.workspace.getConfiguration(Settings.section).get<string>(Settings.citationStyle, '') || 'apa';
    const formatted = await this.formatted(paper, 'html').catch((error: unknown) => ({ text: '', error: error instanceof Error ? error.message : String(error) }));
    // A newer paper or style meanwhile posts its own.
    if (paper !== this.paper || !this.panel) return;
    const reference: ReferenceView = {
      id: paper.id,
      style: this.style,
      styles: [{ id: '', title: `The setting's (${setting})` }, ...BUNDLED_STYLES.map(s => ({ id: s.id, title: s.title }))],
      html: formatted.text,
      ...(formatted.error ? { error: formatted.error } : {}),
      credit: styleCredit('text'),
    };
    this.lastReference = reference;
    await this.postMessage({ type: 'reference', reference } satisfies HostMessage);
  }

  /**
   * Copies the reference. VS Code's clipboard takes plain text only (vscode.env.clipboard): HTML
   * and Markdown go on it as their source text, to paste where that is written.
   */
  private async copyReference(id: string, form: 'text' | 'html' | 'markdown'): Promise<void> {
    if (!this.paper || this.paper.id !== id) return;
    const { text, error } = await this.formatted(this.paper, form);
    if (error || !text) {
      void vscode.window.showWarningMessage(`Papers: the reference could not be formatted${error ? `: ${error}` : ''}.`);
      return;
    }
    await vscode.env.clipboard.writeText(text);
    vscode.window.setStatusBarMessage(`$(check) Copied the reference of ${this.paper.key} as ${form === 'text' ? 'plain text' : form === 'html' ? 'HTML' : 'Markdown'}`, 3000);
  }

  protected onReady(): Promise<void> {
    return this.post();
  }

  protected async handle(message: WebviewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        return this.onReady();
      case 'openPaper':
        return void vscode.commands.executeCommand(Commands.openPaper, message.id);
      case 'revealTopic':
        return void vscode.commands.executeCommand(Commands.revealTopic, message.topicId);
      case 'openLink':
        // Only links this paper really has, and only the web: never file:, command: or javascript:.
        if (!this.paper || ![...labelledLinks(this.paper).map(l => l.url), ...(this.paper.doi ? [doiLink(this.paper.doi)] : []), ...this.neighbours.session?.links() ?? []].includes(message.url) || !isWebLink(message.url)) {
          this.log.warn(`Refused to open a link the paper does not have: ${message.url.slice(0, 200)}`);
          return;
        }
        return void vscode.env.openExternal(vscode.Uri.parse(message.url, true));
      case 'insertCitation':
        return void vscode.commands.executeCommand(Commands.insertCitation, message.id);
      case 'copyKey':
        return void vscode.commands.executeCommand(Commands.copyKey, message.id);
      case 'copyBibtex':
        return void vscode.commands.executeCommand(Commands.copyBibtex, message.id);
      case 'openNote':
        return void vscode.commands.executeCommand(Commands.openNote, message.id);
      case 'openPdf':
        // A Zotero item's PDF is Zotero's to open.
        return this.zoteroItem.of(message.id)?.act('openPdf') ?? void vscode.commands.executeCommand(Commands.openPdf, message.id);
      case 'zotero': {
        const item = this.zoteroItem.of(message.id);
        if (item) return item.act(message.action);
        this.log.warn(`Refused a Zotero action for a paper that is not the Zotero item shown: ${message.id}`);
        return;
      }
      case 'goToEntry': {
        const entry = this.paper?.id === message.id ? this.paper.entries?.[message.index] : undefined;
        if (!entry) {
          this.log.warn(`Refused to open an entry the paper does not have: ${message.id} #${message.index}`);
          return;
        }
        await openEntry(entry, { viewColumn: vscode.ViewColumn.One });
        return;
      }
      case 'lookUp': {
        // Shown again with what was found: the authors, the arXiv id and the links.
        const found = await vscode.commands.executeCommand<Paper | undefined>(Commands.lookUpPaper, message.id);
        if (found && this.paper?.id === found.id) {
          this.paper = found;
          await this.post();
        }
        return;
      }
      case 'removePaper':
        if (await vscode.commands.executeCommand<boolean>(Commands.removePaper, message.id)) await this.post();
        return;
      case 'toggleStar':
        return this.readingList.has(message.id) ? this.readingList.remove(message.id) : this.readingList.add(message.id);
      case 'pickStyle':
        if (message.style && !engine().styles.BUNDLED_STYLES.some(s => s.id === message.style)) return;
        this.style = message.style;
        return this.postReference();
      case 'copyReference':
        return this.copyReference(message.id, message.form);
      case 'moreNeighbours':
        this.neighbours.of(message.id)?.more(message.kind);
        return;
      case 'retryNeighbours':
        this.neighbours.of(message.id)?.retry(message.kind);
        return;
      case 'keepPaper':
        if (await this.neighbours.session?.keep(message.id)) vscode.window.setStatusBarMessage('$(check) Added to the library: it stays in the next session', 3000);
        return;
      case 'setScholarKey':
        return void vscode.commands.executeCommand(Commands.setScholarKey);
    }
  }
}
