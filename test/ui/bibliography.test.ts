// The writer's own bibliography in the real VS Code UI: the Bibliography node of the Papers view,
// the details of an entry (authors, venue, DOI, Go to Entry), and hostile entry text shown as
// text. Saves test-results/bibliography-details.png, which the README shows.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { detailsFrame, keepFailures, openPapersContainer, openWorkbench, quickOpen, widenSideBar, type Workbench } from './support';

const HOSTILE_TITLE = 'Entry <img src=x onerror="document.title=\'pwned\'"> with <script>document.title=\'pwned\'</script> markup';
const LONG = 60_000;

suite('UI: your bibliography in the Papers view and the details panel', () => {
  let workbench: Workbench | undefined;
  /** The entries of the sample workspace's references.bib, beside the two of refs/reading.bib. */
  let sampleEntries = 0;
  suiteSetup(async () => {
    workbench = await openWorkbench({
      prepare(dir) {
        sampleEntries = (fs.readFileSync(path.join(dir, 'references.bib'), 'utf8').match(/^@\w+\{/gm) ?? []).length;
        fs.mkdirSync(path.join(dir, 'refs'), { recursive: true });
        fs.writeFileSync(path.join(dir, 'refs', 'reading.bib'), `@article{vaswani2017attention,
  author  = {Vaswani, Ashish and Shazeer, Noam and Parmar, Niki and Uszkoreit, Jakob and Jones, Llion and Gomez, Aidan N. and Kaiser, {\\L}ukasz and Polosukhin, Illia},
  title   = {Attention Is All You Need},
  journal = {Advances in Neural Information Processing Systems},
  volume  = {30},
  year    = {2017},
  doi     = {10.48550/arXiv.1706.03762},
  abstract = {The dominant sequence transduction models are based on complex recurrent or convolutional neural networks.},
}

@misc{hostile2025,
  title = {${HOSTILE_TITLE}},
  author = {<b>Bold</b>, Mallory},
  url   = {javascript:document.title='pwned'},
  howpublished = {\\url{javascript:alert(1)}},
}
`);
        fs.mkdirSync(path.join(dir, '.vscode'), { recursive: true });
        fs.writeFileSync(path.join(dir, '.vscode', 'settings.json'), JSON.stringify({ 'papers.bibliography.files': ['refs/*.bib'] }));
      },
    });
  });
  suiteTeardown(async () => { await workbench?.close(); });
  keepFailures(() => workbench);

  test('the Bibliography node lists each file with its entries; an entry\'s details show authors, venue, DOI and Go to Entry', async () => {
    const { page } = workbench!;
    await quickOpen(page, 'paper.tex');
    await openPapersContainer(page);
    await widenSideBar(page, 560);
    const rows = page.locator('.part.sidebar .monaco-list-row[role="treeitem"]');
    const root = rows.filter({ hasText: 'Bibliography' }).first();
    await root.waitFor({ timeout: LONG });
    // The node shows up once the first file is read; the second may come a moment later.
    assert.ok(sampleEntries > 1, `references.bib has ${sampleEntries} entries`);
    const both = `2 files · ${sampleEntries + 2} entries`;
    await root.locator('.label-description', { hasText: both }).waitFor({ timeout: LONG });
    assert.equal(await root.locator('.label-description').textContent(), both);
    const references = rows.filter({ has: page.locator('.label-name', { hasText: /^references\.bib$/ }) });
    await references.waitFor({ timeout: LONG });
    assert.equal(await references.locator('.label-description').textContent(), `${sampleEntries} entries`);
    await references.click();
    const russell = rows.filter({ hasText: 'Artificial Intelligence: A Modern Approach' });
    await russell.waitFor({ timeout: LONG });
    assert.equal(await russell.locator('.label-description').textContent(), 'russell2020aima · Russell & Norvig 2020');

    const reading = rows.filter({ has: page.locator('.label-name', { hasText: /^reading\.bib$/ }) });
    await reading.click();
    const attention = rows.filter({ hasText: 'Attention Is All You Need' });
    await attention.waitFor({ timeout: LONG });
    assert.equal(await attention.locator('.label-description').textContent(), 'vaswani2017attention · Vaswani et al. 2017');
    await attention.click();

    const frame = detailsFrame(page);
    await frame.locator('#title', { hasText: 'Attention Is All You Need' }).waitFor({ timeout: LONG });
    assert.equal(await frame.locator('#authors').textContent(), 'Ashish Vaswani, Noam Shazeer, Niki Parmar, Jakob Uszkoreit, Llion Jones, Aidan N. Gomez, Łukasz Kaiser and Illia Polosukhin');
    assert.equal(await frame.locator('#venue').textContent(), 'Advances in Neural Information Processing Systems');
    assert.equal(await frame.locator('#entry-type').textContent(), 'article');
    assert.equal(await frame.locator('#date').textContent(), '2017');
    assert.equal(await frame.locator('#doi a').getAttribute('href'), 'https://doi.org/10.48550/arXiv.1706.03762');
    assert.match((await frame.locator('#abstract').textContent()) ?? '', /^The dominant sequence transduction models/);
    assert.deepEqual(await frame.locator('#entries li button').allTextContents(), ['refs/reading.bib:1']);
    assert.equal(await frame.locator('footer').count(), 0, 'not listed on Hugging Face: no corpus footer');
    console.log(`      screenshot ${await workbench!.screenshot('bibliography-details')}`);

    await frame.locator('#go-to-entry').click();
    await page.locator('.tabs-container .tab.active', { hasText: 'reading.bib' }).waitFor({ timeout: LONG });
    // The key is selected in the editor: the status bar counts the selected characters.
    await page.locator('.statusbar', { hasText: `(${'vaswani2017attention'.length} selected)` }).waitFor({ timeout: LONG });
  });

  test('hostile entry text is shown as text in the tree, the search and the details, and a javascript: URL never becomes a link', async () => {
    const { page } = workbench!;
    const rows = page.locator('.part.sidebar .monaco-list-row[role="treeitem"]');
    const hostile = rows.filter({ hasText: 'Entry <img' });
    await hostile.waitFor({ timeout: LONG });
    assert.equal(await hostile.locator('.label-name').textContent(), HOSTILE_TITLE);
    assert.equal(await hostile.locator('img').count(), 0);

    await page.keyboard.press('Control+Alt+P');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ timeout: LONG });
    await input.fill('pwned markup');
    const row = page.locator('.quick-input-list .monaco-list-row').first();
    await row.locator('.label-name', { hasText: 'Entry <img' }).waitFor({ timeout: LONG });
    assert.equal(await row.locator('img').count(), 0);
    await page.keyboard.press('Enter');

    const frame = detailsFrame(page);
    await frame.locator('#title', { hasText: 'Entry <img' }).waitFor({ timeout: LONG });
    assert.equal(await frame.locator('#title').textContent(), HOSTILE_TITLE);
    assert.equal(await frame.locator('#authors').textContent(), 'Mallory <b>Bold</b>');
    assert.equal(await frame.locator('img').count(), 0, 'no <img> element was created');
    assert.equal(await frame.locator('b').count(), 0, 'no <b> element was created');
    assert.equal(await frame.locator('a[href^="javascript"]').count(), 0, 'no javascript: link');
    assert.equal(await frame.locator('a').count(), 0, 'no link at all: the entry has no web URL');
    assert.notEqual(await frame.locator('body').evaluate('document.title'), 'pwned');
    assert.notEqual(await page.title(), 'pwned');
  });
});
