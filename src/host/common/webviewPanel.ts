// One webview panel, written once for the details view and Show References: the locked-down page
// (a strict CSP with a nonce, no inline handlers, only its own folders), restore after a reload
// (as the serializer of its view type), and every message from the webview checked with its zod schema before it
// is acted on (webview-sample's extension.ts and markdown-language-features' preview, side by side).
import vscode = require('vscode');
import { Disposable, disposeAll } from '../util/dispose';

/** A message the webview may send, once checked: `ready` and the panel's own intents. */
export interface Intent {
  type: string;
}

/** The parse a zod schema does (the schemas live in the engine bundle, loaded on first use). */
export interface IntentSchema<T> {
  safeParse(raw: unknown): { success: true; data: T } | { success: false };
}

export interface PanelPage {
  /** The webview's view type (a contribution of the manifest, and the serializer's key). */
  viewType: string;
  /** What the log calls the view ("details view"). */
  name: string;
  /** The page's script and stylesheet, in dist/webview. */
  script: string;
  style: string;
  /** The page's <title>, and what it shows until its script has drawn. */
  title: string;
  loading: string;
  /** Folders of the extension, besides dist/webview, that the page may load from (media/ for images). */
  media?: boolean;
}

function nonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));
}

/**
 * A panel opened beside the editor, or reused: the subclass says what it shows (`onReady`, its
 * intents in `handle`) and how it comes back after a reload (`restore`). Messages are posted only
 * once the webview said it is ready to listen.
 */
export abstract class WebviewPanelHost<T extends Intent> extends Disposable {
  protected panel: vscode.WebviewPanel | undefined;
  /** Whether the webview has said it listens. */
  protected ready = false;
  private readonly panelOwned: vscode.Disposable[] = [];

  constructor(protected readonly extensionUri: vscode.Uri, protected readonly log: vscode.LogOutputChannel, private readonly page: PanelPage) {
    super();
  }

  /** The schema every message from the webview is checked with. */
  protected abstract intents(): IntentSchema<T>;
  /** Posts what the panel shows: the webview has just said it is ready. */
  protected abstract onReady(): Promise<void>;
  /** Carries out a checked intent other than `ready`. */
  protected abstract handle(intent: T): Promise<void>;
  /** Takes back what the panel showed from the state its webview saved; undefined: nothing to show (the panel closes). */
  protected abstract restore(state: unknown): Promise<{ title?: string } | undefined>;
  /** The panel was closed. */
  protected onDidClose(): void {}

  /** Opens the panel beside the editor, or brings it forward. */
  protected open(title: string, preserveFocus: boolean): vscode.WebviewPanel {
    if (this.panel) this.panel.reveal(undefined, preserveFocus);
    else this.attach(vscode.window.createWebviewPanel(this.page.viewType, title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus }, this.options()));
    this.panel!.title = title;
    return this.panel!;
  }

  /**
   * Takes back a panel VS Code restores after a reload: the serializer of its view type
   * (registered at activation, host/features/stubs.ts) hands it here.
   */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const restored = this.panel ? undefined : await this.restore(state);
    if (!restored || this.panel) {
      panel.dispose();
      return;
    }
    panel.webview.options = this.options();
    this.attach(panel);
    if (restored.title !== undefined) panel.title = restored.title;
  }

  private options(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    const folders = ['dist/webview', ...(this.page.media ? ['media'] : [])];
    return {
      enableScripts: true,
      enableFindWidget: true,
      localResourceRoots: folders.map(folder => vscode.Uri.joinPath(this.extensionUri, ...folder.split('/'))),
    };
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    this.ready = false;
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'paper.svg');
    panel.webview.html = this.html(panel.webview);
    this.panelOwned.push(
      panel.webview.onDidReceiveMessage(raw => void this.receive(raw)),
      panel.onDidDispose(() => {
        this.panel = undefined;
        this.ready = false;
        this.onDidClose();
        disposeAll(this.panelOwned.splice(0));
      }),
    );
  }

  private html(webview: vscode.Webview): string {
    const asset = (name: string) => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview', name));
    const n = nonce();
    const images = this.page.media ? ` img-src ${webview.cspSource};` : '';
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource};${images} script-src 'nonce-${n}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset(this.page.style)}">
<title>${this.page.title}</title>
</head>
<body>
<main id="app" aria-live="polite" aria-busy="true">${this.page.loading}</main>
<script nonce="${n}" src="${asset(this.page.script)}"></script>
</body>
</html>`;
  }

  /** Posts a message to the webview, if it is open and listening. */
  protected async postMessage(message: unknown): Promise<void> {
    if (this.panel && this.ready) await this.panel.webview.postMessage(message);
  }

  /** A message from the webview: checked against the intents' schema, then handled (tests send theirs here too). */
  async receive(raw: unknown): Promise<void> {
    const parsed = this.intents().safeParse(raw);
    if (!parsed.success) {
      this.log.warn(`Dropped an invalid message from the ${this.page.name}: ${JSON.stringify(raw)?.slice(0, 200)}`);
      return;
    }
    const intent = parsed.data;
    try {
      if (intent.type === 'ready') {
        this.ready = true;
        await this.onReady();
      } else {
        await this.handle(intent);
      }
    } catch (error) {
      this.log.error(`${this.page.name[0].toUpperCase()}${this.page.name.slice(1)} action "${intent.type}" failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  override dispose(): void {
    this.panel?.dispose();
    super.dispose();
  }
}
