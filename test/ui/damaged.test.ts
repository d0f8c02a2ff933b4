// A damaged install, as a user would meet it: the extension's corpus file cannot be read.
// The Papers view says so and offers the log and a reload; once the file is good again,
// Reload Papers brings the papers back without restarting VS Code.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { keepFailures, openPapersContainer, openWorkbench, ROOT, treeRows, type Workbench } from './support';

const LONG = 60_000;

suite('UI: a damaged shipped library', () => {
  let workbench: Workbench | undefined;
  // A copy of the built extension (what a VSIX holds), with the shipped library (corpus and index) damaged.
  const extension = fs.mkdtempSync(path.join(os.tmpdir(), 'papers-damaged-'));
  const corpus = path.join(extension, 'dist', 'library.deflate');

  suiteSetup(async () => {
    for (const entry of ['package.json', 'dist', 'media']) fs.cpSync(path.join(ROOT, entry), path.join(extension, entry), { recursive: true });
    fs.writeFileSync(corpus, 'this is not a deflate stream');
    workbench = await openWorkbench({ extensionPath: extension });
  });
  suiteTeardown(async () => {
    await workbench?.close();
    fs.rmSync(extension, { recursive: true, force: true });
  });
  keepFailures(() => workbench);

  test('the view says the papers could not be loaded, the log names the file, and Reload Papers recovers', async () => {
    const { page } = workbench!;
    await openPapersContainer(page);
    const welcome = page.locator('.part.sidebar .welcome-view-content');
    await welcome.getByText('The papers could not be loaded').waitFor({ timeout: LONG });
    assert.equal(await treeRows(page).groups.count(), 0, 'no topics are shown');

    await welcome.getByRole('button', { name: 'Show Log' }).click();
    const output = page.locator('.part.panel .monaco-editor .view-lines');
    await output.getByText('Could not load the papers').waitFor({ timeout: LONG });
    // The editor renders spaces as no-break spaces.
    const log = ((await output.textContent()) ?? '').replace(/\s/g, ' ');
    assert.match(log, /cannot read \S+library\.deflate: .*\(reinstall the extension; in a checkout, run "npm run build"\)/, 'the log names the file and says what to do');

    fs.copyFileSync(path.join(ROOT, 'dist', 'library.deflate'), corpus);
    await welcome.getByRole('button', { name: 'Reload Papers' }).click();
    await treeRows(page).groups.first().waitFor({ timeout: LONG });
    assert.ok(await treeRows(page).groups.count() > 1, 'the topics are back');
    console.log(`      screenshot ${await workbench!.screenshot('damaged-recovered')}`);
  });
});
