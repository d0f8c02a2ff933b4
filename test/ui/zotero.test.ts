// A Zotero item's details in the real VS Code UI, read from a stand-in for Zotero's local API
// (test/support/zoteroServer.ts, the recorded answers of Zotero's Web API): found with Search
// Papers and clicked, its details show the item's fields, tags and note, the note (HTML in Zotero,
// with markup and a script in it here) as literal text, and the buttons that open it in Zotero.
import * as assert from 'node:assert/strict';
import { detailsFrame, firstPaperRow, keepFailures, openWorkbench, quickOpen, type Workbench } from './support';
import { ZoteroServer } from '../support/zoteroServer';

const NOTE = '<div data-schema-version="8"><h1>Reading notes</h1><p>Proceedings &amp; <b>Liverpool</b> &lt;1993&gt;</p><p><img src=x onerror="document.title=\'pwned\'">See <script>document.title=\'pwned\'</script>chapter 3</p></div>';

suite('UI: a Zotero item\'s details', () => {
  let workbench: Workbench | undefined;
  let zotero: ZoteroServer | undefined;
  suiteSetup(async () => {
    zotero = await ZoteroServer.start();
    zotero.children.X42A7DEE = [{ key: 'NOTE0001', version: 2, data: { key: 'NOTE0001', version: 2, itemType: 'note', parentItem: 'X42A7DEE', note: NOTE, tags: [] } }];
    workbench = await openWorkbench({ settings: { 'papers.zotero.enabled': true, 'papers.zotero.url': zotero.url } });
  });
  suiteTeardown(async () => { await workbench?.close(); await zotero?.close(); });
  keepFailures(() => workbench);

  test('found and clicked, its details show its fields, tags and note as text, and Show in Zotero', async () => {
    const { page } = workbench!;
    await quickOpen(page, 'notes.md');
    const input = page.locator('.quick-input-widget input');
    const frame = detailsFrame(page);
    // Picked once it is the list's first row, as a reader picks the row they see: the list is drawn
    // again as the library's answers come, and a click on a row as it was replaced once opened a
    // bundled paper (CI's screenshot showed it). The title the details show says which was opened.
    await page.keyboard.press('Control+Alt+P');
    await input.waitFor({ timeout: 60000 });
    await input.fill('Electron Microscopy and Analysis 1993');
    const label = firstPaperRow(page, 'Electron Microscopy and Analysis 1993');
    await label.waitFor({ timeout: 60000 });
    await label.click();
    await frame.locator('#title', { hasText: 'Electron Microscopy and Analysis 1993' }).waitFor({ timeout: 60000 });
    await frame.locator('#zotero-section').waitFor({ timeout: 60000 });
    await frame.locator('#zotero-notes').waitFor({ timeout: 60000 });
    assert.equal(await frame.locator('#zotero-heading').textContent(), 'In Zotero');
    assert.deepEqual(await frame.locator('#zotero-tags li').allTextContents(), ['Analysis', 'Congresses', 'Electron microscopy', 'Materials', 'Microscopy']);
    assert.deepEqual(await frame.locator('.zotero-note').allTextContents(), ['Reading notes\nProceedings & Liverpool <1993>\nSee chapter 3']);
    assert.equal(await frame.locator('#zotero-section b, #zotero-section img').count(), 0, 'no element of the note\'s markup was made');
    const fields = await frame.locator('#zotero-fields div').allTextContents();
    assert.ok(fields.includes('ISBN0750303212'), fields.join(' | '));
    assert.ok(fields.includes('Item TypeBook'));
    assert.equal(await frame.locator('#zotero-select').textContent(), 'Show in Zotero');
    assert.equal(await frame.locator('#zotero-open-pdf').count(), 0, 'no PDF attachment, no Open PDF of Zotero\'s');
    assert.notEqual(await frame.locator('body').evaluate('document.title'), 'pwned', 'nothing of the note ran');
    assert.ok(zotero!.requests.includes('/api/users/0/items/X42A7DEE/children?format=json'));
    console.log(`      screenshot ${await workbench!.screenshot('zotero-details')}`);
  });
});
