// Searching and citing in the real UI: the Search Papers quick pick (its keybinding, typing,
// the first results in our ranking), and Insert Citation from the Command Palette into a .tex file.
import * as assert from 'node:assert/strict';
import { searchKeys } from './corpus';
import { keepFailures, openWorkbench, quickOpen, runCommand, type Workbench } from './support';

suite('UI: search and cite', () => {
  let workbench: Workbench | undefined;
  suiteSetup(async () => { workbench = await openWorkbench(); });
  suiteTeardown(async () => { await workbench?.close(); });
  keepFailures(() => workbench);

  const rows = () => workbench!.page.locator('.quick-input-list .monaco-list-row');

  // (Where few papers have every word, the last row offers to search the web: it has no key.)
  const shownKeys = async () => (await rows().locator('.label-description').allTextContents()).map(d => d.split(' · ')[0]).filter(key => key);

  /**
   * Types `query` key by key and waits for its first rows: the list updates after every key press.
   * `whole`: `firstKeys` are all of the first five rows (fewer when fewer match), so that the rows of
   * an earlier prefix that begin the same ("tul" before "tulu") are not taken for the answer.
   */
  async function typeQuery(query: string, firstKeys: string[], whole = false): Promise<string[]> {
    const { page } = workbench!;
    const input = page.locator('.quick-input-widget input');
    await input.fill('');
    await input.pressSequentially(query, { delay: 30 });
    const same = (shown: string[]) => firstKeys.every((key, i) => shown[i] === key) && (!whole || shown.slice(0, 5).length === firstKeys.length);
    // The rows of an earlier prefix ("tau b") may still be on screen: wait for the last answer. An
    // answer given before the abstracts were searchable is given again once they are (the store's
    // onDidIndexNames): the rows the user sees end as our ranking, with no key pressed again.
    let shown = await shownKeys();
    for (const started = Date.now(); !same(shown) && Date.now() < started + 60_000; shown = await shownKeys()) {
      await page.waitForTimeout(100);
    }
    return shown;
  }

  test('Ctrl+Alt+P opens Search Papers; as the user types, the first results are ours, in our order', async () => {
    const { page } = workbench!;
    // As while writing: the keybinding works wherever the focus is in the workbench, here an editor.
    await quickOpen(page, 'notes.md');
    await page.keyboard.press('Control+Alt+P');
    await page.locator('.quick-input-widget', { hasText: 'Search Papers' }).waitFor({ timeout: 60000 });
    for (const query of ['tau bench', 'tulu', 'gui agen', 'reinforcment lerning robot']) {
      const expected = searchKeys(query, 5);
      const shown = await typeQuery(query, expected, true);
      assert.deepEqual(shown.slice(0, 5), expected, `first results for "${query}"`);
    }
    const first = rows().first();
    assert.match((await first.locator('.label-name').first().textContent()) ?? '', /Robot/);
    console.log(`      screenshot ${await workbench!.screenshot('search-papers')}`);
    await page.keyboard.press('Escape');
  });

  test('Insert Citation from the Command Palette writes \\cite{key} at the cursor of a .tex file', async () => {
    const { page } = workbench!;
    await quickOpen(page, 'paper.tex');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nSee also ');
    await runCommand(page, 'Papers: Insert Citation…');
    await page.locator('.quick-input-widget', { hasText: 'Insert Citation' }).waitFor({ timeout: 60000 });
    assert.deepEqual((await typeQuery('react synergizing', ['ReAct2022']))[0], 'ReAct2022');
    await page.keyboard.press('Enter');
    await editor.locator('.view-lines', { hasText: '\\cite{ReAct2022}' }).waitFor({ timeout: 30000 });
    const text = ((await editor.locator('.view-lines').textContent()) ?? '').replace(/\u00a0/g, ' ');
    assert.match(text, /See also \\cite\{ReAct2022\}/);
  });
});
