// The user's citation settings (`papers.citation.*`), read once per change of them.
import vscode = require('vscode');
import type { CitationSettings } from '../../core/cite';
import { engine } from '../engine/load';
import { Settings } from '../ids';
import { Disposable } from '../util/dispose';

/** The user's citation settings, validated; a bad setting is reported once per change and its default used. */
export class CitationSettingsReader extends Disposable {
  private cached: CitationSettings | undefined;

  constructor(private readonly log: vscode.LogOutputChannel) {
    super();
    this.register(vscode.workspace.onDidChangeConfiguration(e => {
      if (e.affectsConfiguration(`${Settings.section}.citation`)) this.cached = undefined;
    }));
  }

  get(): CitationSettings {
    if (this.cached) return this.cached;
    const config = vscode.workspace.getConfiguration(Settings.section);
    const { settings, problems } = engine().cite.readCitationSettings({
      templates: config.get(Settings.citationTemplates),
      latexCommand: config.get(Settings.latexCommand),
    });
    if (problems.length) {
      for (const p of problems) this.log.warn(p);
      void vscode.window.showWarningMessage(`Papers: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more in the "Papers" output)` : ''}`);
    }
    this.cached = settings;
    return settings;
  }
}
