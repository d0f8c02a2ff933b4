// A paper's neighbourhood in the real VS Code UI, against the replay server on 127.0.0.1 (never
// the internet): a writer's entry with a DOI opened from Search Papers shows what it cites and what
// cites it (Turing's real records); Show More adds a page; the filter narrows the list; Cite puts
// the key at the cursor and appends the entry. Saves test-results/neighbourhood.png for the README.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { detailsFrame, keepFailures, quickOpen, replayedWorkbench, runCommand, type Workbench } from './support';

const LONG = 60_000;
const TURING = '@article{turing1950,\n  title = {Computing Machinery and Intelligence},\n  author = {Turing, Alan M.},\n  journal = {Mind},\n  year = {1950},\n  doi = {10.1093/mind/LIX.236.433}\n}\n';

suite('UI: a paper\'s neighbourhood (Semantic Scholar, replayed)', () => {
  let workbench: Workbench | undefined;
  let workspace = '';

  replayedWorkbench({
    prepare(dir) {
      workspace = dir;
      fs.writeFileSync(path.join(dir, 'essay.md'), '---\nbibliography: turing.bib\n---\n\nAs [@turing1950] asked, machines \n');
      fs.writeFileSync(path.join(dir, 'turing.bib'), TURING);
    },
  }, parts => ({ workbench } = parts));
  keepFailures(() => workbench);

  test('the details show References and Cited by; Show More, the filter, and Cite at the cursor', async () => {
    const { page } = workbench!;
    await quickOpen(page, 'essay.md');
    // The cursor at the end of the sentence, where the citation goes.
    await page.locator('.editor-instance .monaco-editor.focused').waitFor({ timeout: LONG });
    await page.keyboard.press('Control+End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    await runCommand(page, 'Papers: Search Papers');
    await page.locator('.quick-input-widget input').fill('turing1950');
    // The writer's own entry (the sample workspace has another Turing 1950, under another key), clicked.
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: 'turing1950 ·' }).first();
    await row.waitFor({ timeout: LONG });
    await row.locator('.label-name').first().click();

    const frame = detailsFrame(page);
    await frame.locator('h1#title', { hasText: 'Computing Machinery and Intelligence' }).waitFor({ timeout: LONG });
    await frame.locator('#references-list li').nth(13).waitFor({ timeout: LONG });
    assert.equal(await frame.locator('#references-list li').count(), 14);
    assert.equal(await frame.locator('#references-heading').textContent(), 'References (14)');
    await frame.locator('#citations-list li').nth(99).waitFor({ timeout: LONG });
    assert.equal(await frame.locator('#citations-heading').textContent(), 'Cited by (100+)');
    assert.match((await frame.locator('#scholar-summary').textContent()) ?? '', /Cited by 10,059 · 530 influential/);
    await frame.locator('#scholar-heading').evaluate(heading => heading.scrollIntoView({ block: 'start' }));
    console.log(`      screenshot ${await workbench!.screenshot('neighbourhood')}`);

    await frame.locator('#citations-section').getByRole('button', { name: 'Show More' }).click();
    await frame.locator('#citations-list li').nth(199).waitFor({ timeout: LONG });
    assert.equal(await frame.locator('#citations-heading').textContent(), 'Cited by (200+)');

    // The filter narrows every list to the papers with those words.
    await frame.locator('#neighbour-filter').fill('computable numbers');
    await frame.locator('#references-list li').nth(1).waitFor({ state: 'detached', timeout: LONG });
    const shown = await frame.locator('#references-list li > button.link').allTextContents();
    assert.deepEqual(shown.map(t => t.slice(0, 30)), ['On Computable Numbers, with an']);

    await frame.locator('#references-list li').first().getByRole('button', { name: 'Cite' }).click();
    await page.locator('.editor-instance .view-lines', { hasText: /\[@turing1937computable\]/ }).first().waitFor({ timeout: LONG });
    const deadline = Date.now() + LONG;
    let bib = '';
    while (Date.now() < deadline && !bib.includes('turing1937computable')) {
      bib = fs.readFileSync(path.join(workspace, 'turing.bib'), 'utf8');
      await page.waitForTimeout(200);
    }
    assert.ok(bib.startsWith(TURING), 'the bibliography is only appended to');
    assert.match(bib, /@article\{turing1937computable,/);
    assert.match(bib, /doi\s*= \{10\.2307\/2268810\}/i);
  });
});
