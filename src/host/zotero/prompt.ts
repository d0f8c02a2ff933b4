// The first-run prompt: once, when a Zotero is found listening on this computer while Papers does
// not read it, the writer is asked whether it should. Zotero is looked for once a session, a while
// after the window has settled (one connection to localhost, refused when Zotero is not running),
// until the writer has been asked; never in a browser, where localhost is not the writer's computer.
import vscode = require('vscode');
import { Settings } from '../ids';
import type { ZoteroLibrary } from './library';

/** Set once the writer was asked (whatever the answer): the prompt is not shown again. */
const ASKED_STATE = 'papers.zotero.asked';
/** How long Zotero's answer may take: a Zotero that takes longer is busy, and asked another session. */
const LOOK_MS = 1500;

export type Ask = (message: string, ...choices: string[]) => Thenable<string | undefined>;

export const TURN_ON = 'Turn On';
export const NOT_NOW = 'Not Now';

export class ZoteroPrompt {
  /** How the writer is asked (the integration tests answer in their place). */
  ask: Ask = (message, ...choices) => vscode.window.showInformationMessage(message, ...choices);

  constructor(private readonly zotero: ZoteroLibrary, private readonly memento: vscode.Memento, private readonly inBrowser: boolean) {}

  /** Looks for Zotero and asks, if it is found and the writer was never asked; says what it did. */
  async run(): Promise<'asked' | 'not found' | 'not asked'> {
    if (this.inBrowser || this.zotero.enabled || this.memento.get<boolean>(ASKED_STATE)) return 'not asked';
    if (!await this.listening()) return 'not found';
    await this.memento.update(ASKED_STATE, true);
    const choice = await this.ask(
      'Zotero is running on this computer. Search and cite your Zotero library in Papers, without exporting it? (Papers reads it through Zotero\'s local API; you can turn it off in the setting papers.zotero.enabled.)',
      TURN_ON, NOT_NOW,
    );
    if (choice === TURN_ON) await vscode.workspace.getConfiguration(Settings.section).update(Settings.zoteroEnabled, true, vscode.ConfigurationTarget.Global);
    return 'asked';
  }

  /** Whether a Zotero with a local API answers: 200, or 403 when it does not let other applications in yet (turning on then says how). */
  private async listening(): Promise<boolean> {
    try {
      const response = await fetch(`${this.zotero.url}/api/`, { headers: { 'Zotero-API-Version': '3' }, signal: AbortSignal.timeout(LOOK_MS) });
      await response.body?.cancel().catch(() => undefined);
      return response.status === 200 || response.status === 403;
    } catch {
      return false;
    }
  }

  /** Forgets that the writer was asked (the tests ask again). */
  forget(): Thenable<void> {
    return this.memento.update(ASKED_STATE, undefined);
  }
}
