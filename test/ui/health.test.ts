// Bibliography health in the real VS Code UI: the Problems panel lists the undefined keys of a
// LaTeX document, and the quick fix menu (Ctrl+.) adds the paper to references.bib or changes a
// mistyped key. Saves test-results/problems.png and test-results/quick-fix.png for the README.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { corpusPapers } from './corpus';
import type { Locator, Page } from 'playwright-core';
import { keepFailures, openWorkbench, quickOpen, type Workbench } from './support';

const LONG = 60_000;

/**
 * Ctrl+. until `fix` is in the menu. Once, in CI, right after a fix that appended to
 * references.bib, the menu said "No code actions available". A likely cause is gone (every
 * check set the document's diagnostics again, even unchanged, and each set makes VS Code ask
 * for code actions again, which can replace the menu asked for), but not proven to be the one:
 * a writer would press Ctrl+. again, and so does this, up to four times, and says so in the log.
 */
async function quickFixes(page: Page, fix: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+.');
    try {
      await fix.waitFor({ timeout: attempt < 4 ? 10_000 : LONG });
      return;
    } catch (error) {
      console.log(`      Ctrl+. did not show the fix (attempt ${attempt})`);
      if (attempt >= 4) throw error;
      await page.keyboard.press('Escape');
      await page.waitForTimeout(1_000);
    }
  }
}

suite('UI: undefined citations in the Problems panel, fixed from the quick fix menu', () => {
  let workbench: Workbench | undefined;
  let workspace = '';
  const paper = corpusPapers().find(p => p.key === 'TULU3')!;

  suiteSetup(async () => {
    workbench = await openWorkbench({
      prepare(dir) {
        workspace = dir;
        fs.writeFileSync(path.join(dir, 'review.tex'), `\\documentclass{article}
\\begin{document}
\\section{Related work}
Planning agents are surveyed in~\\cite{russel2020aima}.
Open post-training recipes~\\cite{${paper.key}} changed what small labs can do.

\\bibliographystyle{plain}
\\bibliography{references}
\\end{document}
`);
      },
    });
  });
  suiteTeardown(async () => { await workbench?.close(); });
  keepFailures(() => workbench);

  test('the Problems panel lists each undefined key with its file; the quick fixes add the paper and correct the typo', async () => {
    const { page } = workbench!;
    await quickOpen(page, 'review.tex');
    await page.keyboard.press('Control+Shift+M');
    const problems = page.locator('.markers-panel .monaco-list-row');
    const typo = problems.filter({ hasText: 'russel2020aima is not in references.bib' });
    const missing = problems.filter({ hasText: `${paper.key} is not in references.bib` });
    await typo.waitFor({ timeout: LONG });
    await missing.waitFor({ timeout: LONG });
    assert.equal(await problems.filter({ hasText: 'is not in references.bib' }).count(), 2);
    // The squiggle sits under the key in the editor.
    await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: LONG });
    console.log(`      screenshot ${await workbench!.screenshot('problems')}`);

    // From the Problems panel to the key, then Ctrl+. as a writer would.
    await missing.click();
    await page.keyboard.press('Enter');
    await page.locator('.monaco-editor.focused').waitFor({ timeout: LONG });
    const menu = page.locator('.action-widget');
    // The preferred fix comes first and has the focus: Enter applies it.
    await quickFixes(page, menu.locator('.monaco-list-row.focused', { hasText: `Add ${paper.key} to references.bib` }));
    await menu.locator('.monaco-list-row', { hasText: 'Add All Missing Entries to references.bib' }).waitFor({ timeout: LONG });
    console.log(`      screenshot ${await workbench!.screenshot('quick-fix')}`);
    const before = fs.readFileSync(path.join(workspace, 'references.bib'), 'utf8');
    await page.keyboard.press('Enter');
    await missing.waitFor({ state: 'detached', timeout: LONG });
    const after = fs.readFileSync(path.join(workspace, 'references.bib'), 'utf8');
    assert.ok(after.startsWith(before), 'references.bib is only appended to');
    assert.match(after.slice(before.length), new RegExp(`@misc\\{${paper.key},`));

    await typo.click();
    await page.keyboard.press('Enter');
    await page.locator('.monaco-editor.focused').waitFor({ timeout: LONG });
    await quickFixes(page, menu.locator('.monaco-list-row.focused', { hasText: 'Change to russell2020aima' }));
    await page.keyboard.press('Enter');
    await typo.waitFor({ state: 'detached', timeout: LONG });
    await page.locator('.monaco-editor .view-lines', { hasText: '\\cite{russell2020aima}' }).waitFor({ timeout: LONG });
    await page.locator('.markers-panel', { hasText: 'No problems have been detected' }).waitFor({ timeout: LONG });
  });
});
