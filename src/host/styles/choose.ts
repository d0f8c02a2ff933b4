// Papers: Choose Citation Style…: the bundled styles, the workspace's own .csl files and the
// 10,000 styles of the CSL repository in one pick, searched by title, id, format and field, each
// previewed on the writer's own entries (the document's first cited keys, else its bibliography's
// first entries): the bundled and workspace ones at once, a repository style when it is highlighted
// (fetched then, and kept). The choice is written where the writer says: the document's front
// matter (`csl:`, Markdown, Quarto, R Markdown) as one undo step, or the workspace setting
// papers.citation.style.
import vscode = require('vscode');
import type { Bibliographies } from '../bibliography/bibliographies';
import { engineLoaded } from '../engine/load';
import { folderOf, relativePath } from '../../core/project/paths';
import { cslEdit } from '../../core/styles/frontMatter';
import { Commands, Settings } from '../ids';
import { citedKeysOf } from '../common/documentCitations';
import type { CitationStyles } from '../common/citationStyles';
import type { Command } from '../util/commands';

/** Entries a style is previewed on. */
const PREVIEWED = 2;
/** How long a repository style stays highlighted before it is fetched for its preview (not every style the arrow keys pass). */
const HIGHLIGHT_MS = 250;
/** Where zotero.org serves each style of the CSL repository by its id (its `<id>`'s own address). */
const STYLE_PAGES = 'https://www.zotero.org/styles/';
const FRONT_MATTER_LANGUAGES = new Set(['markdown', 'quarto', 'rmd']);

interface StyleItem extends vscode.QuickPickItem {
  /** What papers.citation.style (or `csl:`) takes for it: a bundled id, or the .csl file's path. */
  value: string;
  /** The .csl file, for a style of the workspace's. */
  file?: vscode.Uri;
  /** A style of the CSL repository: previewed when highlighted. */
  repository?: { id: string; parent?: string };
}

export class ChooseStyleCommand implements Command {
  readonly id = Commands.chooseCitationStyle;
  /** The pick on screen (for tests). */
  pick: vscode.QuickPick<StyleItem> | undefined;

  constructor(private readonly styles: CitationStyles, private readonly bibliographies: Bibliographies) {}

  async execute(): Promise<void> {
    const doc = vscode.window.activeTextEditor?.document;
    const items = await this.items(doc);
    const chosen = await this.choose(items, doc);
    if (!chosen) return;
    const toDocument = doc && FRONT_MATTER_LANGUAGES.has(doc.languageId) && !doc.isUntitled;
    const where = toDocument ? await this.show([
      { label: `This document (csl: in ${vscode.workspace.asRelativePath(doc.uri)}'s front matter)`, value: 'document' },
      { label: 'This workspace (the setting papers.citation.style)', value: 'workspace' },
    ], `Use ${chosen.label} in…`) : { value: 'workspace' };
    if (!where) return;
    // A repository style goes into the document as its zotero.org address, which pandoc and Quarto fetch too (Papers reads the id from it).
    if (where.value === 'document' && doc) await writeFrontMatter(doc, chosen.file ? relativePath(folderOf(doc.uri.path), chosen.file.path) : chosen.repository ? `${STYLE_PAGES}${chosen.repository.id}` : chosen.value);
    else {
      const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
      await vscode.workspace.getConfiguration(Settings.section).update(Settings.citationStyle, chosen.value, target);
    }
  }

  private async items(doc: vscode.TextDocument | undefined): Promise<StyleItem[]> {
    const { BUNDLED_STYLES } = (await engineLoaded()).styles;
    const inUse = await this.styles.styleOf(doc);
    const current = inUse.key;
    const bundled = BUNDLED_STYLES.map((s): StyleItem => ({ label: s.title, description: s.id === current ? `${s.id} · in use` : s.id, value: s.id }));
    const files = (await vscode.workspace.findFiles('**/*.csl', '**/node_modules/**', 200)).sort((a, b) => a.path.localeCompare(b.path));
    const own = await Promise.all(files.map(async (file): Promise<StyleItem> => {
      const path = vscode.workspace.asRelativePath(file, false);
      const title = /<title>([^<]*)<\/title>/.exec(new TextDecoder().decode(await vscode.workspace.fs.readFile(file)).slice(0, 4000))?.[1]?.trim();
      return { label: title || path, description: path, value: path, file };
    }));
    const ids = new Set<string>(BUNDLED_STYLES.map(s => s.id));
    const repository = (await this.styles.repository.styles()).filter(s => !ids.has(s.id)).map((s): StyleItem => ({
      label: s.title,
      description: [s.id === inUse.repository ? `${s.id} · in use` : s.id, s.format, s.fields.join(', '), s.parent && `after ${s.parent}`].filter(Boolean).join(' · '),
      value: s.id,
      repository: { id: s.id, ...(s.parent ? { parent: s.parent } : {}) },
    }));
    return [
      { label: 'Bundled', kind: vscode.QuickPickItemKind.Separator, value: '' }, ...bundled,
      ...(own.length ? [{ label: 'In this workspace', kind: vscode.QuickPickItemKind.Separator, value: '' }, ...own] : []),
      ...(repository.length ? [{ label: `The CSL repository (${repository.length.toLocaleString('en-US')}: fetched when highlighted or chosen)`, kind: vscode.QuickPickItemKind.Separator, value: '' }, ...repository] : []),
    ];
  }

  /**
   * The pick, each style previewed on the writer's entries: formatted in the background, one style
   * after another, and shown together. (Shown one by one, each new list moved VS Code's focus back
   * to the first row under the writer's hand.)
   */
  private async choose(items: StyleItem[], doc: vscode.TextDocument | undefined): Promise<StyleItem | undefined> {
    const pick = vscode.window.createQuickPick<StyleItem>();
    pick.placeholder = 'A style to format references in';
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    const chosen = this.show(items, 'Choose Citation Style', pick);
    void this.previews(pick, items, doc);
    return chosen;
  }

  private async previews(pick: vscode.QuickPick<StyleItem>, items: StyleItem[], doc: vscode.TextDocument | undefined): Promise<void> {
    const library = await this.bibliographies.library();
    const keys = await this.previewKeys(doc);
    if (!library || !keys.length) return;
    const preview = async (item: StyleItem) => {
      try {
        const fetched = item.repository && await this.styles.repository.fetch(item.repository);
        if (fetched && 'reason' in fetched) {
          item.detail = `Not previewed: ${fetched.reason}`;
          return;
        }
        const style = await this.styles.styleOf(doc, item.value);
        const { entries } = await this.styles.format(library, style, keys, 'text', 'bibliography');
        item.detail = entries.map(e => e.text.replace(/\s+/g, ' ').trim()).join('   ·   ');
      } catch (error) {
        item.detail = `Cannot be previewed: ${error instanceof Error ? error.message : String(error)}`;
      }
    };
    /** Shows the details found; the list is sent again whole, so the highlighted style is put back. */
    const show = (highlighted: StyleItem | undefined) => {
      if (this.pick !== pick) return;
      pick.items = [...items];
      if (highlighted) pick.activeItems = [highlighted];
    };
    pick.busy = true;
    let highlighted = pick.activeItems[0];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let first = true;
    const listening = pick.onDidChangeActive(([item]) => {
      highlighted = item;
      clearTimeout(timer);
      if (!item?.repository || item.detail) return;
      timer = setTimeout(() => void preview(item).then(() => { if (!first) show(highlighted); }), HIGHLIGHT_MS);
    });
    pick.onDidHide(() => { clearTimeout(timer); listening.dispose(); });
    for (const item of items.filter(i => i.kind !== vscode.QuickPickItemKind.Separator && !i.repository)) {
      if (this.pick !== pick) return;
      await preview(item);
    }
    first = false;
    show(highlighted);
    pick.busy = false;
  }

  /** One pick on screen at a time (`pick`, which tests see); resolves with the item accepted, or undefined. */
  private show(items: StyleItem[], title: string, pick = vscode.window.createQuickPick<StyleItem>()): Promise<StyleItem | undefined> {
    pick.title = title;
    pick.items = items;
    this.pick = pick;
    return new Promise(resolve => {
      pick.onDidAccept(() => { resolve(pick.selectedItems[0] ?? pick.activeItems[0]); pick.hide(); });
      pick.onDidHide(() => { resolve(undefined); pick.dispose(); if (this.pick === pick) this.pick = undefined; });
      pick.show();
    });
  }

  /** The document's first cited keys, else its bibliography's first entries. */
  private async previewKeys(doc: vscode.TextDocument | undefined): Promise<string[]> {
    if (!doc) return [];
    const keys = [...citedKeysOf(doc).keys];
    if (keys.length < PREVIEWED) {
      for (const file of (await this.bibliographies.sourcesOf(doc)).files) {
        const inFile = this.bibliographies.keysOf(file);
        if (typeof inFile !== 'string') keys.push(...inFile);
      }
    }
    return [...new Set(keys)].slice(0, PREVIEWED);
  }
}

/** Sets `csl:` in the document's front matter (adding the front matter if it has none): one edit, one undo step. */
async function writeFrontMatter(doc: vscode.TextDocument, value: string): Promise<void> {
  const { start, end, insert } = cslEdit(doc.getText(), value);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(start), doc.positionAt(end)), insert);
  await vscode.workspace.applyEdit(edit);
}
