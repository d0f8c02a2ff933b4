// The real VS Code UI: expand a topic, click a paper, read the details panel (a webview),
// act on it with the mouse and the keyboard, in a light and a dark theme. Saves
// test-results/details-light.png and details-dark.png, which the README shows.
import * as assert from 'node:assert/strict';
import type { Paper } from '../../src/core/model/paper';
import { corpusPapers } from './corpus';
import { detailsFrame, expandFirstTopic, keepFailures, openPapersContainer, openWorkbench, quickOpen, treeRows, widenSideBar, type Workbench } from './support';

const THEMES = [['light', 'Default Light Modern'], ['dark', 'Default Dark Modern']] as const;

for (const [name, theme] of THEMES) {
  suite(`UI: paper details (${name} theme)`, () => {
    let workbench: Workbench | undefined;
    let papers: Paper[];
    suiteSetup(async () => {
      papers = corpusPapers();
      // Semantic Scholar at a closed port: a bundled paper is looked up by its title there, and the test never touches the internet.
      workbench = await openWorkbench({ settings: { 'workbench.colorTheme': theme, 'papers.web.semanticScholarUrl': 'http://127.0.0.1:9' } });
    });
    suiteTeardown(async () => { await workbench?.close(); });
    keepFailures(() => workbench);

    test('clicking a paper in the tree opens its details: title, metadata, topics, abstract, related papers', async () => {
      const { page } = workbench!;
      await quickOpen(page, 'paper.tex');
      await openPapersContainer(page);
      await widenSideBar(page, 520);
      const topic = await expandFirstTopic(page, { bibliography: true });
      const title = topic.paperTitles[0];
      const paper = papers.find(p => p.title === title);
      assert.ok(paper, `the first row "${title}" is a corpus paper`);
      await treeRows(page).papers.filter({ has: page.locator('.label-name', { hasText: title }) }).first().click();

      const frame = detailsFrame(page);
      await frame.locator('#title').waitFor({ timeout: 60000 });
      assert.equal(await frame.locator('h1#title').textContent(), paper.title);
      assert.equal(await frame.locator('#abstract').textContent(), paper.abstract);
      assert.equal(await frame.locator('#key').textContent(), paper.key);
      // A bundled paper has no arXiv id or DOI to ask for its neighbours by: the section says how to get one.
      await frame.locator('#neighbourhood-unavailable').waitFor({ timeout: 60000 });
      assert.deepEqual(await frame.locator('h2').allTextContents(), ['Reference', 'Topics', 'Abstract', ...(paper.links.length ? ['Links'] : []), 'Related papers', 'References and citations']);
      assert.match((await frame.locator('#neighbourhood-unavailable').textContent()) ?? '', /Look Up Authors/);
      assert.equal(await frame.locator('#related li').count(), 5);
      assert.ok(await page.locator('.tabs-container .tab', { hasText: paper.title.slice(0, 20) }).count() > 0, 'the panel tab is named after the paper');
      console.log(`      ${name}: ${paper.key}; screenshot ${await workbench!.screenshot(`details-${name}`)}`);
    });

    test('the panel is usable by keyboard: star with Enter, and the reading list shows the paper', async () => {
      const { page } = workbench!;
      const frame = detailsFrame(page);
      const star = frame.locator('#star');
      assert.equal(await star.textContent(), 'Add to Reading List');
      await star.focus();
      await page.keyboard.press('Enter');
      await frame.locator('#star', { hasText: 'Remove from Reading List' }).waitFor({ timeout: 30000 });
      assert.equal(await frame.locator('#star').getAttribute('aria-pressed'), 'true');
      const title = await frame.locator('#title').textContent();
      const list = page.locator('.part.sidebar .pane', { hasText: 'Reading List' });
      if (await list.locator('.pane-header').getAttribute('aria-expanded') !== 'true') await list.locator('.pane-header').click();
      await list.locator('.monaco-list-row', { hasText: title!.slice(0, 30) }).first().waitFor({ timeout: 30000 });
    });

    test('a related paper opens in the same panel; a topic chip reveals the topic in the tree', async () => {
      const { page } = workbench!;
      const frame = detailsFrame(page);
      const next = (await frame.locator('#related li button').first().textContent())!;
      await frame.locator('#related li button').first().click();
      await frame.locator('h1#title', { hasText: next }).waitFor({ timeout: 30000 });
      assert.equal(await page.locator('.tabs-container .tab .monaco-icon-label', { hasText: /./ }).count() >= 2, true);
      const chip = frame.locator('.chips button').first();
      const label = (await chip.textContent())!;
      await chip.click();
      await page.locator('.part.sidebar .monaco-list-row[aria-selected="true"]', { hasText: label }).waitFor({ timeout: 30000 });
    });
  });
}
