// The real VS Code UI: a hover on a citation key that leads with the reference formatted in the
// document's style, and Papers: Show References beside the document. Saves
// test-results/formatted-hover.png and show-references.png, which the README shows.
import * as assert from 'node:assert/strict';
import { detailsFrame, keepFailures, openWorkbench, quickOpen, runCommand, type Workbench } from './support';

const LONG = 60000;

suite('UI: formatted references', () => {
  let workbench: Workbench | undefined;
  suiteSetup(async () => {
    workbench = await openWorkbench({ settings: { 'workbench.colorTheme': 'Default Light Modern' } });
  });
  suiteTeardown(async () => { await workbench?.close(); });
  keepFailures(() => workbench);

  test('a hover on a key shows the reference in APA first, the card after it, and the credit', async () => {
    const { page } = workbench!;
    await quickOpen(page, 'notes.md');
    const hover = page.locator('.monaco-hover:visible', { hasText: 'Citations by CSL' });
    // The first hover builds the style in the background and shows the card alone: hover again until it leads with the reference.
    const deadline = Date.now() + LONG;
    while (!(await hover.count())) {
      assert.ok(Date.now() < deadline, 'the hover never showed the formatted reference');
      await page.keyboard.press('Escape');
      // The cursor on the key (line 8, column 68), then Show or Focus Hover, as a keyboard user does.
      await page.keyboard.press('Control+G');
      await page.locator('.quick-input-widget input').fill(':8:68');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I');
      await page.locator('.monaco-hover:visible').first().waitFor({ timeout: 10000 }).catch(() => undefined);
      await page.waitForTimeout(500);
    }
    const text = (await hover.first().textContent()) ?? '';
    assert.match(text, /Russell, S\., & Norvig, P\. \(2020\)\. Artificial intelligence: A modern approach/);
    assert.ok(text.indexOf('Norvig, P.') < text.indexOf('Go to Entry'), 'the formatted reference comes before the card\'s links');
    console.log(`      screenshot ${await workbench!.screenshot('formatted-hover')}`);
  });

  test('Papers: Show References previews the document\'s bibliography beside it', async () => {
    const { page } = workbench!;
    await page.mouse.move(0, 0);
    await page.keyboard.press('Escape');
    await runCommand(page, 'Papers: Show References');
    const frame = detailsFrame(page);
    const entry = frame.locator('#list li', { hasText: 'Norvig' });
    await entry.waitFor({ timeout: LONG });
    assert.match((await entry.textContent()) ?? '', /^Russell, S\., & Norvig, P\. \(2020\)\. Artificial intelligence: A modern approach \(4th ed\.\)\. Pearson\./);
    assert.equal(await frame.locator('#list li i').first().textContent(), 'Artificial intelligence: A modern approach', 'italics built as an element');
    assert.match((await frame.locator('footer').textContent()) ?? '', /Citations by CSL \(citeproc-js\)/);
    console.log(`      screenshot ${await workbench!.screenshot('show-references')}`);
  });
});
