// Security in the real browser: a corpus whose title and abstract carry HTML and script is
// shown as literal text everywhere, and nothing in it runs.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { detailsFrame, firstPaperRow, keepFailures, openWorkbench, quickOpen, type Workbench } from './support';

const TITLE = 'Hostile <img src=x onerror="document.title=\'pwned\'"> Paper <script>document.title=\'pwned\'</script>';
const ABSTRACT = 'An abstract with <img src=x onerror="window.parent.postMessage({type:\'openLink\',url:\'file:///etc/passwd\'},\'*\')"> and <script>document.body.innerHTML=\'pwned\'</script> and [a link](command:papers.reloadCorpus) **bold**.';

suite('UI: hostile corpus text is rendered as text', () => {
  let workbench: Workbench | undefined;
  suiteSetup(async () => {
    workbench = await openWorkbench({
      prepare(dir) {
        const paper = {
          id: 'hostile-paper', key: 'Hostile2025', title: TITLE, abstract: ABSTRACT, authorsCount: 1,
          organization: { handle: 'evil', name: '<b>Evil</b> Org' }, date: 'Jan 1, 2025', year: 2025, upvotes: 666,
          links: ['https://example.org/hostile'], topics: ['safety'], sources: [{ file: 'hostile.json', line: 1 }],
        };
        fs.writeFileSync(path.join(dir, 'hostile.json'), JSON.stringify({ papers: [paper] }, null, 2));
        fs.mkdirSync(path.join(dir, '.vscode'), { recursive: true });
        fs.writeFileSync(path.join(dir, '.vscode', 'settings.json'), JSON.stringify({ 'papers.corpus.files': ['hostile.json'] }));
      },
    });
  });
  suiteTeardown(async () => { await workbench?.close(); });
  keepFailures(() => workbench);

  test('the search row, the details panel and the page show the markup literally, and run none of it', async () => {
    const { page } = workbench!;
    await quickOpen(page, 'notes.md');
    await page.keyboard.press('Control+Alt+P');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ timeout: 60000 });
    await input.fill('hostile');
    const label = firstPaperRow(page, TITLE);
    await label.waitFor({ timeout: 60000 });
    assert.equal(await label.textContent(), TITLE);
    assert.equal(await page.locator('.quick-input-list .monaco-list-row').first().locator('img').count(), 0);
    // Clicked, as a reader picks the row they see.
    await label.click();

    const frame = detailsFrame(page);
    await frame.locator('#title').waitFor({ timeout: 60000 });
    assert.equal(await frame.locator('#title').textContent(), TITLE);
    assert.equal(await frame.locator('#abstract').textContent(), ABSTRACT);
    assert.equal(await frame.locator('#organization').textContent(), '<b>Evil</b> Org');
    assert.equal(await frame.locator('img').count(), 0, 'no <img> element was created');
    assert.equal(await frame.locator('b').count(), 0, 'no <b> element was created');
    // VS Code injects its own script into every webview; none may come from the corpus.
    assert.equal(await frame.locator('script', { hasText: 'pwned' }).count(), 0, 'no <script> element was created');
    assert.equal(await frame.locator('script[src$="details.js"]').count(), 1);
    // Evaluated inside the webview page (a string: this file is compiled without the DOM library).
    const pageTitle = await frame.locator('body').evaluate('document.title');
    assert.notEqual(pageTitle, 'pwned', 'no onerror or script ran');
    assert.ok(await frame.locator('main#app').isVisible(), 'the page was not replaced by a script');
    assert.notEqual(await page.title(), 'pwned');
    console.log(`      screenshot ${await workbench!.screenshot('hostile-details')}`);
  });
});
