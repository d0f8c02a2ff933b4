// Papers from the web in the real VS Code UI, against the replay server on 127.0.0.1 (never the
// internet): the Daily Papers node opened in the tree, a fetched paper's details with its arXiv id
// and named links, and a link pasted with Ctrl+V into \cite{} (the key goes in, the entry is
// appended) and between the entries of a .bib file (the entry goes in). Saves
// test-results/daily-papers.png and test-results/fetched-details.png for the README.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { ReplayServer } from '../support/replayServer';
import { detailsFrame, keepFailures, openPapersContainer, replayedWorkbench, quickOpen, runCommand, waitForBibliography, widenSideBar, type Workbench } from './support';

const LONG = 60_000;

/** The text of the active editor as it shows it (its rendered lines, spaces made plain). */
async function editorText(page: Page): Promise<string> {
  return ((await page.locator('.editor-instance .monaco-editor .view-lines').first().textContent()) ?? '').replace(/\u00a0/g, ' ');
}

/** Waits until the active editor shows text that `pattern` matches. */
async function waitForText(page: Page, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + LONG;
  for (;;) {
    const text = await editorText(page);
    if (pattern.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`the editor never showed ${pattern}: ${text}`);
    await page.waitForTimeout(250);
  }
}

/** Puts `text` on the clipboard and pastes it with Ctrl+V, as a writer does. */
async function paste(page: Page, text: string): Promise<void> {
  // (Run in the page, where the clipboard is the browser's.)
  await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
  await page.keyboard.press('Control+V');
}

/**
 * Moves the cursor to a line and column with Go to Line (Ctrl+G), and waits until the editor has
 * the focus with the cursor there: a paste pressed before would go elsewhere, or be cancelled by
 * VS Code when the cursor moves while the paste is being made.
 */
async function goTo(page: Page, line: number, column: number): Promise<void> {
  await page.locator('.editor-instance .monaco-editor.focused').waitFor({ timeout: LONG });
  await page.keyboard.press('Control+G');
  await page.locator('.quick-input-widget input').fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: LONG });
  await page.locator('.editor-instance .monaco-editor.focused').waitFor({ timeout: LONG });
  await page.locator('[id="status.editor.selection"]', { hasText: `Ln ${line}, Col ${column}` }).waitFor({ timeout: LONG });
}

suite('UI: papers from the web (Daily Papers, a fetched paper, a pasted link)', () => {
  let workbench: Workbench | undefined;
  let server: ReplayServer | undefined;
  let workspace = '';

  replayedWorkbench({
    prepare(dir) {
      workspace = dir;
      fs.writeFileSync(path.join(dir, 'heat.tex'), '\\documentclass{article}\n\\begin{document}\nHeat kernels on graphs~\\cite{}.\n\\bibliography{heat}\n\\end{document}\n');
      fs.writeFileSync(path.join(dir, 'heat.bib'), '');
      fs.writeFileSync(path.join(dir, 'water.bib'), '@book{eisenberg1969water,\n  author = {Eisenberg, David and Kauzmann, Walter},\n  title = {The Structure and Properties of Water},\n  publisher = {Oxford University Press},\n  year = {1969}\n}\n');
    },
  }, parts => ({ workbench, server } = parts));
  suiteSetup(() => workbench!.page.context().grantPermissions(['clipboard-read', 'clipboard-write']));
  keepFailures(() => workbench);

  test('Daily Papers opens in the tree with upvotes; a fetched paper\'s details show its arXiv id and named links; the style picker and Copy as Text', async () => {
    const { page } = workbench!;
    await openPapersContainer(page);
    await widenSideBar(page, 560);
    const daily = page.locator('.part.sidebar .monaco-list-row[role="treeitem"]', { has: page.locator('.label-name', { hasText: /^Daily Papers$/ }) });
    // The writer's Bibliography node comes above Daily Papers once the workspace's files are read:
    // a click before then could land on the row that takes Daily Papers' place as the view settles.
    await waitForBibliography(page);
    await daily.waitFor({ timeout: LONG });
    assert.equal(server!.requests.length, 0, 'nothing fetched before the node is opened');
    await daily.click();
    const papers = page.locator('.part.sidebar .monaco-list-row[role="treeitem"][aria-level="2"]', { has: page.locator('.label-description', { hasText: /^▲ \d+/ }) });
    await papers.first().waitFor({ timeout: LONG });
    assert.ok(await papers.count() >= 3, 'the day\'s papers, each with its upvotes');
    const first = papers.first();
    const title = (await first.locator('.label-name').textContent()) ?? '';
    console.log(`      screenshot ${await workbench!.screenshot('daily-papers')}`);

    // One click: the view shows again only the nodes that changed when the library does, so a
    // click on a row of the day is never lost to a refresh of the whole tree.
    await first.click();
    const frame = detailsFrame(page);
    await frame.locator('#title').waitFor({ timeout: LONG });
    assert.equal(await frame.locator('h1#title').textContent(), title);
    assert.match((await frame.locator('#arxiv-id').textContent()) ?? '', /^\d{4}\.\d{4,5}$/, 'its arXiv id');
    assert.match((await frame.locator('#authors').textContent()) ?? '', /\p{L}+ \p{L}+/u, 'its authors by name');
    const links = await frame.locator('.links a').allTextContents();
    for (const label of ['Abstract page', 'PDF']) assert.ok(links.includes(label), `a link named ${label}: ${links.join(', ')}`);
    await frame.locator('#reference.reference').waitFor({ timeout: LONG });
    console.log(`      screenshot ${await workbench!.screenshot('fetched-details')}`);

    // The style picker: IEEE writes initials first and the title in quotes; Copy as Text puts it on the clipboard.
    const apa = (await frame.locator('#reference').textContent()) ?? '';
    assert.match(apa, /\(\d{4}\)/, 'APA: the year in parentheses');
    await frame.locator('select#style').selectOption('ieee');
    await frame.locator('#reference.reference', { hasText: '“' }).waitFor({ timeout: LONG });
    const ieee = (await frame.locator('#reference').textContent()) ?? '';
    assert.notEqual(ieee, apa);
    assert.match(ieee, /X\. Guan/, `IEEE: initials first: ${ieee}`);
    await frame.getByRole('button', { name: 'Copy as Text' }).click();
    const deadline = Date.now() + LONG;
    let copied = '';
    while (Date.now() < deadline && !copied.includes('Guan')) {
      copied = String(await page.evaluate('navigator.clipboard.readText()'));
      await page.waitForTimeout(200);
    }
    // (The view sets the number apart by its layout, "[1]" in a block of its own: spaces aside, the same text.)
    assert.equal(copied.replace(/\s+/g, ''), ieee.replace(/\s+/g, ''), 'the reference as shown, as plain text');
    assert.match(copied, /^\[1\] X\. Guan et al\., “rStar-Math/);
  });

  test('Insert Citation: the offer to search Hugging Face runs on Enter right after typing, and on a click', async () => {
    const { page } = workbench!;
    await quickOpen(page, 'heat.tex');
    const offer = page.locator('.quick-input-list .monaco-list-row', { hasText: "Search Hugging Face for 'graphene'" });
    const found = page.locator('.quick-input-list .monaco-list-row', { hasText: 'magic-angle graphene' });
    for (const how of ['Enter', 'click'] as const) {
      await runCommand(page, 'Papers: Insert Citation…');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ timeout: LONG });
      // No paper of the library has the word: the offer is the only row.
      await input.pressSequentially('graphene');
      await offer.waitFor({ timeout: LONG });
      if (how === 'Enter') await page.keyboard.press('Enter');
      else await offer.click();
      await found.waitFor({ timeout: LONG });
      assert.match((await found.textContent()) ?? '', /from Hugging Face/, `after ${how}: the paper Hugging Face found`);
      await page.keyboard.press('Escape');
      await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: LONG });
    }
  });

  test('Add Paper asks at once, without reading a clipboard the browser does not give', async () => {
    const { page } = workbench!;
    await quickOpen(page, 'heat.tex');
    // A browser that was not granted the clipboard (VS Code would say it cannot read it, in a message to close first).
    await page.context().clearPermissions();
    try {
      await runCommand(page, 'Papers: Add Paper…');
      await page.locator('.quick-input-widget input').waitFor({ timeout: 10_000 });
      assert.equal(await page.locator('.quick-input-widget').getByText('Add Paper').count() > 0, true, 'the box of Add Paper');
      assert.equal(await page.locator('.notification-toast', { hasText: /clipboard/i }).count(), 0, 'nothing said of the clipboard');
      await page.keyboard.press('Escape');
    } finally {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    }
  });

  test('Add Paper shows the paper to confirm with no progress notification left under it', async () => {
    const { page } = workbench!;
    await quickOpen(page, 'heat.tex');
    // Fetched, then again from the cache, at once: neither leaves a progress under the paper to confirm.
    for (const time of ['fetched', 'from the cache']) {
      await runCommand(page, 'Papers: Add Paper…');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ timeout: LONG });
      await input.fill('1707.08567');
      await page.keyboard.press('Enter');
      await page.locator('.quick-input-widget .quick-input-title', { hasText: /^Add "/ }).waitFor({ timeout: LONG });
      assert.equal(await page.locator('.notification-toast', { hasText: 'fetching the paper' }).count(), 0, `${time}: the fetch is over, and its progress gone`);
      await page.keyboard.press('Escape');
      await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: LONG });
    }
  });

  test('a slow service: Cancel on the progress notification ends the request, and nothing is added or said', async () => {
    const { page } = workbench!;
    server!.slow(120_000);
    try {
      await runCommand(page, 'Papers: Add Paper…');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ timeout: LONG });
      await input.fill('2104.12255');
      await page.keyboard.press('Enter');
      const toast = page.locator('.notification-toast', { hasText: 'fetching the paper' });
      await toast.waitFor({ timeout: LONG });
      await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: LONG }).catch(() => undefined);
      await toast.hover();
      await toast.getByRole('button', { name: 'Cancel' }).click();
      await toast.waitFor({ state: 'hidden', timeout: LONG });
      const deadline = Date.now() + LONG;
      while (server!.abandoned < 1 && Date.now() < deadline) await page.waitForTimeout(100);
      assert.equal(server!.abandoned, 1, 'the request was given up, not left to run');
      await page.waitForTimeout(1_000);
      assert.equal(await page.locator('.notification-toast', { hasText: /could not|failed|error/i }).count(), 0, 'a cancel is the user\'s choice: no error');
    } finally {
      server!.reset();
    }
  });

  test('a link pasted into \\cite{} with Ctrl+V becomes the key, and the entry is appended to the bibliography', async () => {
    const { page } = workbench!;
    await runCommand(page, 'View: Close All Editors');
    await quickOpen(page, 'heat.tex');
    await goTo(page, 3, 30);
    await paste(page, 'https://arxiv.org/abs/1605.08386');
    await waitForText(page, /\\cite\{stanley2016heat\}/);
    assert.match(await editorText(page), /Heat kernels on graphs~\\cite\{stanley2016heat\}\./, 'the key, not the link');
    const bib = fs.readFileSync(path.join(workspace, 'heat.bib'), 'utf8');
    assert.match(bib, /@misc\{stanley2016heat,/);
    assert.match(bib, /author\s*= \{Stanley, Caprice and Windisch, Tobias\}/);
  });

  test('a DOI link pasted between the entries of a .bib file becomes its entry; inside an entry it stays text', async () => {
    const { page } = workbench!;
    await quickOpen(page, 'water.bib');
    await goTo(page, 7, 1);
    await paste(page, 'https://doi.org/10.1126/science.169.3946.635');
    await waitForText(page, /frank1970structure/);
    const text = await editorText(page);
    assert.match(text, /@\w+\{frank1970structure,/, 'a whole entry');
    assert.match(text, /Frank/);
    assert.match(text, /@book\{eisenberg1969water,/, 'the entry before it untouched');
    // The entry stands apart from the one before it, by a blank line (the editor shows that line empty).
    const lines = await page.locator('.editor-instance .monaco-editor .view-line').allTextContents();
    const at = lines.findIndex(l => /frank1970structure/.test(l));
    assert.equal(lines[at - 1]?.trim(), '', `a blank line before the pasted entry: ${JSON.stringify(lines.slice(Math.max(0, at - 2), at + 1))}`);
    // The same paper pasted again: the file has it, so nothing is added, and the writer is told so.
    await page.keyboard.press('Control+End');
    await paste(page, 'https://doi.org/10.1126/science.169.3946.635');
    await page.locator('.notifications-toasts', { hasText: /has this paper already \(frank1970structure\)/ }).waitFor({ timeout: LONG });
    assert.equal((await editorText(page)).match(/\{frank1970structure,/g)?.length, 1, 'one entry for the paper, not two');
    // Inside an entry's braces a link is a field's value: pasted as it is.
    await goTo(page, 3, 12);
    await paste(page, 'https://doi.org/10.1000/182');
    await waitForText(page, /10\.1000\/182/);
    assert.match(await editorText(page), /title = \{https:\/\/doi\.org\/10\.1000\/182The Structure/);
  });
});
