// The real VS Code UI with the extension loaded from this checkout: the Papers container,
// its topic tree with counts, a topic's papers. Saves test-results/papers-view.png.
import * as assert from 'node:assert/strict';
import { expandFirstTopic, keepFailures, openPapersContainer, openWorkbench, quickOpen, widenSideBar, type Workbench } from './support';

suite('UI: the Papers view (extension development mode)', () => {
  let workbench: Workbench | undefined;
  suiteSetup(async () => { workbench = await openWorkbench(); });
  suiteTeardown(async () => { await workbench?.close(); });
  keepFailures(() => workbench);

  test('opens from the activity bar and lists topics with counts, then a topic\'s papers', async () => {
    const { page } = workbench!;
    await openPapersContainer(page);
    // The workspace's references.bib comes into the tree above the topics, with no document open.
    const topic = await expandFirstTopic(page, { bibliography: true });
    assert.ok(topic.count > 0, `${topic.label}: ${topic.count}`);
    assert.ok(topic.paperTitles.length > 0 && topic.paperTitles.every(title => title.trim().length > 0));
    // The picture the README uses: a LaTeX file open next to a wide enough tree.
    await quickOpen(page, 'paper.tex');
    await widenSideBar(page, 560);
    await page.mouse.move(1000, 880);
    console.log(`      ${topic.label}: ${topic.count} papers; screenshot ${await workbench!.screenshot('papers-view')}`);
  });
});
