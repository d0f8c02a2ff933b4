// Shared by the UI tests: each test file starts one code-server and one Chromium (in suiteSetup),
// opens the real VS Code workbench on a fresh copy of the fixture workspace, and uses these helpers.
// The launching code itself lives in scripts/vscode-server.mjs, shared with the other scripts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ReplayServer } from '../support/replayServer';

export const ROOT = path.resolve(__dirname, '../../..');
// Read by the summary reporter, which mocha creates after loading the test files.
process.env.PAPERS_TEST_STAGE ??= 'ui';
export const RESULTS = path.join(ROOT, 'test-results');
export const VSIX = path.join(ROOT, 'papers-vscode.vsix');
const LONG = 60_000;

interface Server { url: string; authority: string; tmp: string; stop(): void; log(): string }
type Payload = [string, string][];
/** What the UI tests use of scripts/vscode-server.mjs. */
interface Launcher {
  startCodeServer(options?: { settings?: Record<string, unknown> }): Promise<Server>;
  launchChromium(): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }>;
  installVsix(server: Server, vsix: string): string;
  workbenchUrl(server: Server, options: { folder: string; payload: Payload }): string;
  devPayload(server: Server, root?: string): Payload;
  copyFixtureWorkspace(): string;
  removeWorkspace(dir: string): void;
}

function loadLauncher(): Promise<Launcher> {
  // An ES module loaded at run time (a non-literal import() is left alone by the bundler).
  const url = pathToFileURL(path.join(ROOT, 'scripts', 'vscode-server.mjs')).href;
  return import(url) as Promise<Launcher>;
}

export interface Workbench {
  page: Page;
  server: Server;
  /** Where the VSIX was installed to, when opened with one. */
  extensionsDir: string;
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export interface WorkbenchOptions {
  /** Install this VSIX instead of loading the extension from the checkout. */
  vsix?: string;
  /** User settings, e.g. a colour theme. */
  settings?: Record<string, unknown>;
  /** Adds or changes files of the workspace copy before VS Code opens it. */
  prepare?: (workspace: string) => void;
  /** Load the extension in development mode from this folder rather than the checkout. */
  extensionPath?: string;
}

/**
 * Opens VS Code on a copy of test/fixtures/workspace. By default the extension is loaded from this
 * checkout (extension development mode); with `vsix`, it is installed from that file into the
 * fresh profile first, as a user would, and nothing else of the checkout is loaded.
 */
export async function openWorkbench({ vsix, settings, prepare, extensionPath }: WorkbenchOptions = {}): Promise<Workbench> {
  const launcher = await loadLauncher();
  const workspace = launcher.copyFixtureWorkspace();
  prepare?.(workspace);
  const server = await launcher.startCodeServer({ settings });
  if (vsix) {
    const output = launcher.installVsix(server, vsix);
    assert.match(output, /successfully installed/, output);
  }
  const browser = await launcher.launchChromium();
  const { page } = browser;
  const payload: Payload = vsix ? [['skipWelcome', 'true'], ['skipReleaseNotes', 'true']] : launcher.devPayload(server, extensionPath);
  await page.goto(launcher.workbenchUrl(server, { folder: workspace, payload }));
  await page.locator('.monaco-workbench').waitFor({ timeout: LONG });
  return {
    page,
    server,
    extensionsDir: path.join(server.tmp, 'extensions'),
    async screenshot(name) {
      fs.mkdirSync(RESULTS, { recursive: true });
      const file = path.join(RESULTS, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    async close() {
      await browser.close();
      server.stop();
      launcher.removeWorkspace(workspace);
    },
  };
}

/** Drags the side bar's edge so long paper titles show (the default is narrow for a screenshot). */
export async function widenSideBar(page: Page, width: number): Promise<void> {
  const box = await page.locator('.part.sidebar').boundingBox();
  assert.ok(box, 'the side bar is visible');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width - 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, y, { steps: 5 });
  await page.mouse.up();
}

/** Opens a workspace file with Quick Open (Ctrl+P), as a user would. */
export async function quickOpen(page: Page, file: string): Promise<void> {
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').fill(file);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: file }).first().waitFor({ timeout: LONG });
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: file }).waitFor({ timeout: LONG });
}

/** In a suite: keeps a screenshot and code-server's log of every failed test. */
export function keepFailures(workbench: () => Workbench | undefined): void {
  teardown(async function () {
    const current = workbench();
    if (this.currentTest?.state !== 'failed' || !current) return;
    const name = `failure-${this.currentTest.title.replace(/[^\w-]+/g, '-')}`;
    fs.mkdirSync(RESULTS, { recursive: true });
    console.log(`      screenshot: ${await current.screenshot(name).catch(e => String(e))}`);
    // The CI log is all there is of a failure on another machine: what the user would have seen.
    console.log(await shownText(current.page).catch(e => `      (could not read the window: ${String(e)})`));
    fs.writeFileSync(path.join(RESULTS, `${name}.log`), current.server.log());
    console.log(papersLog(current.server.tmp));
  });
}

/** The end of the extension's "Papers" output (what it did, and when), from the server's logs folder. */
function papersLog(tmp: string, lines = 40): string {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/Papers\.log$/.test(entry.name)) found.push(file);
    }
  };
  try { walk(path.join(tmp, 'user-data', 'logs')); } catch { /* no logs written */ }
  if (!found.length) return '      Papers output: none found';
  const text = found.map(f => fs.readFileSync(f, 'utf8')).join('\n').trimEnd().split('\n').slice(-lines);
  return [`      Papers output (last ${text.length} lines):`, ...text.map(l => `        ${l}`)].join('\n');
}

/** The side bar's rows (level, expanded, label, description), the editor tabs, an open quick pick and the notifications, as text. */
async function shownText(page: Page): Promise<string> {
  const rows = await page.locator('.part.sidebar .monaco-list-row[role="treeitem"]').evaluateAll(nodes => nodes.map(n =>
    `${'  '.repeat(Number(n.getAttribute('aria-level') ?? 1))}${{ true: '▾ ', false: '▸ ' }[String(n.getAttribute('aria-expanded'))] ?? '  '}${n.querySelector('.label-name')?.textContent ?? n.textContent} · ${n.querySelector('.label-description')?.textContent ?? ''}`));
  const toasts = await page.locator('.notifications-toasts .notification-list-item-message').allTextContents();
  const tabs = await page.locator('.tabs-container .tab').evaluateAll(nodes => nodes.map(n => `${n.classList.contains('active') ? '*' : ''}${n.getAttribute('aria-label') ?? n.textContent ?? ''}`));
  // An open quick pick: what it asks, what is typed, its rows, and the one focused (a click or Enter that went nowhere).
  const pick = page.locator('.quick-input-widget');
  const picked = await pick.isVisible() ? [
    `      quick pick: "${await pick.locator('.quick-input-title').textContent().catch(() => '')}" value "${await pick.locator('input').first().inputValue().catch(() => '')}"`,
    ...(await pick.locator('.monaco-list-row').evaluateAll(nodes => nodes.map(n => `${n.classList.contains('focused') ? '> ' : '  '}${n.classList.contains('selected') ? '[x] ' : ''}${n.querySelector('.label-name')?.textContent ?? n.textContent}`))).map(r => `        ${r}`),
  ] : ['      quick pick: closed'];
  return [`      side bar rows (${rows.length}):`, ...rows.map(r => `      ${r}`), `      editor tabs: ${tabs.join(' | ') || 'none'}`, ...picked, `      notifications: ${toasts.length ? toasts.join(' | ') : 'none'}`].join('\n');
}

/**
 * Tree rows in the side bar: groups are the expandable rows at the top level (topics,
 * organisations, pages), not the Bibliography node; papers are the rows under them with a paper's icon.
 */
export function treeRows(page: Page): { groups: Locator; papers: Locator } {
  const rows = page.locator('.part.sidebar .monaco-list-row[role="treeitem"]');
  return {
    // The topics: not the Bibliography node nor Daily Papers (which would ask the network when opened).
    groups: rows.and(page.locator('[aria-expanded][aria-level="1"]')).filter({ hasNot: page.locator('.label-name', { hasText: /^(Bibliography|Daily Papers)$/ }) }),
    // A paper's row has a paper's icon (or a star): it may open too, into its neighbours (the walk).
    papers: rows.and(page.locator('[aria-level="2"]')).filter({ has: page.locator('.codicon-file-text, .codicon-star-full') }),
  };
}

/** Clicks the Papers container in the activity bar (title "Papers" in the manifest). */
export async function openPapersContainer(page: Page): Promise<void> {
  const item = page.locator('.activitybar [aria-label^="Papers"]').first();
  await item.waitFor({ timeout: LONG });
  await item.click();
  await page.locator('.part.sidebar .pane-header', { hasText: 'Papers' }).first().waitFor({ timeout: LONG });
}

/**
 * Waits for the workspace's bibliography to be in the Papers view (the fixture workspace has
 * references.bib): until then the tree may still grow above the topics, moving rows under the pointer.
 * The Bibliography node opens expanded, and its file rows come a moment after it: a click on a
 * topic in between once landed while the rows moved, and the topic was selected but not expanded.
 */
export async function waitForBibliography(page: Page): Promise<void> {
  const rows = page.locator('.part.sidebar .monaco-list-row[role="treeitem"]');
  await rows.filter({ has: page.locator('.label-name', { hasText: /^Bibliography$/ }) }).waitFor({ timeout: LONG });
  await rows.and(page.locator('[aria-level="2"]')).filter({ has: page.locator('.label-name', { hasText: /\.(bib|json|ya?ml)$/ }) }).first().waitFor({ timeout: LONG });
}

export interface ExpandedTopic { label: string; count: number; paperTitles: string[] }

/**
 * Waits for the topic rows (the extension activated and the tree provider answered), and for the
 * Bibliography node when the workspace has one (`bibliography`), checks each
 * shows its paper count, expands the first topic and reads its paper rows.
 */
export async function expandFirstTopic(page: Page, options: { bibliography?: boolean } = {}): Promise<ExpandedTopic> {
  // The workspace's bibliography comes into the tree above the topics (the default file at once, a
  // citing document's when it opens).
  if (options.bibliography) await waitForBibliography(page);
  const { groups, papers } = treeRows(page);
  await groups.first().waitFor({ timeout: LONG });
  const descriptions = await groups.locator('.label-description').allTextContents();
  assert.ok(descriptions.length > 1, `topic rows: ${descriptions.length}`);
  for (const description of descriptions) assert.match(description, /^\d+( · |$)/, 'each topic row starts with its count');
  const first = groups.first();
  const label = (await first.locator('.label-name').textContent()) ?? '';
  const count = Number(/^\d+/.exec(descriptions[0])?.[0]);
  await first.click();
  await papers.first().waitFor({ timeout: LONG });
  // aria-setsize is the number of rows under the same parent, rendered or not.
  assert.equal(Number(await papers.first().getAttribute('aria-setsize')), count, `papers under ${label}`);
  const paperTitles = await papers.locator('.label-name').allTextContents();
  return { label, count, paperTitles };
}

/**
 * The quick pick's first row, once it is a paper whose title begins with `title` (case and all).
 * Not a substring match: the offer to search the web for the words typed ("Search Hugging Face for
 * 'hostile'") holds them too, and Playwright's `hasText` string ignores case (a click on that offer,
 * first in a list the user's files had not reached yet, searched the web: CI's log showed the pick
 * still open over its answer).
 */
export function firstPaperRow(page: Page, title: string): Locator {
  const start = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  return page.locator('.quick-input-list .monaco-list-row').first().locator('.label-name', { hasText: start });
}

/** The details webview: VS Code nests the extension's page in iframe.webview > iframe#active-frame. */
export function detailsFrame(page: Page) {
  return page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
}

/** Runs a command from the Command Palette by its title, as a user would. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: LONG });
  await page.keyboard.press('Enter');
}

/** The names of the files in a zip archive (a .vsix), read from its central directory. */
export function zipEntries(file: string): { name: string; size: number }[] {
  const zip = fs.readFileSync(file);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, `${file} is not a zip archive`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; size: number }[] = [];
  for (let i = 0; i < count; i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, 'central directory entry');
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    entries.push({ name: zip.toString('utf8', at + 46, at + 46 + nameLength), size: zip.readUInt32LE(at + 24) });
    at += 46 + skip;
  }
  return entries;
}

/**
 * The hooks of a suite whose Papers asks the replay server on 127.0.0.1 for every service (its
 * URLs in the settings, beside `settings`): the server, then the workbench, handed to `ready`;
 * both closed at the end. `prepare` writes the workspace's files.
 */
export function replayedWorkbench(options: Pick<WorkbenchOptions, 'prepare'> & { settings?: Record<string, unknown> }, ready: (parts: { workbench: Workbench; server: ReplayServer }) => void): void {
  let workbench: Workbench | undefined;
  let server: ReplayServer | undefined;
  suiteSetup(async () => {
    server = await ReplayServer.start();
    const { urls } = server;
    workbench = await openWorkbench({
      ...options,
      settings: {
        'papers.web.huggingFaceUrl': urls.huggingFace,
        'papers.web.arxivUrl': urls.arxiv,
        'papers.web.crossrefUrl': urls.crossref,
        'papers.web.doiUrl': urls.doi,
        'papers.web.semanticScholarUrl': urls.semanticScholar,
        ...options.settings,
      },
    });
    ready({ workbench, server });
  });
  suiteTeardown(async () => {
    await workbench?.close();
    await server?.close();
  });
}
