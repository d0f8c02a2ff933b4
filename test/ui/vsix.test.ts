// The packaged extension, as a user gets it: papers-vscode.vsix (npm run package) installed into
// a fresh profile with `code-server --install-extension`, nothing loaded from the checkout.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { VSIX, expandFirstTopic, keepFailures, openPapersContainer, openWorkbench, zipEntries, type Workbench } from './support';

// What the installed extension reads, and nothing else (see .vscodeignore).
const ALLOWED = [
  /^extension\/package\.json$/, /^extension\/dist\/(extension|host|features|engine)\.js$/, /^extension\/dist\/styles\.js\.lz$/, /^extension\/dist\/csl-styles\.tsv$/, /^extension\/dist\/licenses\/[\w.-]+\.txt$/, /^extension\/dist\/webview\/[\w./-]+\.(js|css)$/,
  /^extension\/dist\/library\.deflate$/, /^extension\/dist\/tree\.json$/, /^extension\/media\/[\w.-]+\.(svg|png|css)$/,
  /^extension\/(readme\.md|changelog\.md|LICENSE\.txt)$/i, /^extension\.vsixmanifest$/, /^\[Content_Types\]\.xml$/,
];
// Both builds: dist/extension.js is the desktop entry ("main"), dist/host.js the web entry
// ("browser") and the host code the desktop entry runs; dist/features.js the features' host code, loaded on first use.
const REQUIRED = [
  'extension/package.json', 'extension/dist/extension.js', 'extension/dist/host.js', 'extension/dist/features.js', 'extension/dist/engine.js',
  'extension/dist/library.deflate', 'extension/dist/webview/details.js',
  // citeproc-js and the CSL styles, loaded when a reference is first formatted, and the licences they ship under.
  'extension/dist/styles.js.lz', 'extension/dist/licenses/LICENSE-citeproc-js.txt', 'extension/dist/licenses/LICENSE-CC-BY-SA-3.0.txt',
  // The CSL repository's styles by id and title, read when a style not shipped is named or chosen.
  'extension/dist/csl-styles.tsv',
];

suite('UI: the packaged VSIX', () => {
  let workbench: Workbench | undefined;
  suiteSetup(async () => {
    assert.ok(fs.existsSync(VSIX), `${VSIX} is missing: run npm run package first`);
    workbench = await openWorkbench({ vsix: VSIX });
  });
  suiteTeardown(async () => { await workbench?.close(); });
  keepFailures(() => workbench);

  test('holds only what the extension needs', () => {
    const entries = zipEntries(VSIX);
    const names = entries.map(e => e.name);
    assert.deepEqual(names.filter(name => !ALLOWED.some(allowed => allowed.test(name))), [], 'files that should not ship');
    assert.deepEqual(REQUIRED.filter(name => !names.includes(name)), [], 'files the extension needs');
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`      ${path.basename(VSIX)}: ${kb(fs.statSync(VSIX).size)}, ${entries.length} files`);
    for (const { name, size } of [...entries].sort((a, b) => b.size - a.size).slice(0, 4)) console.log(`        ${name} ${kb(size)} unpacked`);
    // The download budget, for both builds: a user installs this on every machine they write on,
    // and VS Code for the web fetches the files on every first use. A CSL processor and its styles
    // take a quarter of it. A paper's neighbourhood (issue 41) was given 30 KB over the 597 KB it had;
    // the engine shipped plain rather than as LZMA (issue 40: 15 KB for 70-80 ms of the host's CPU at
    // every start) takes 15 KB more, and every CSL locale (issue 42) 31 KB. The list of the CSL
    // repository's 10,380 styles (issue 42: any journal's style by name, searched offline) 139 KB:
    // its ids, titles, formats, fields and parents, plain, as the zip compresses them (LZMA would
    // save 27 KB and cost a decoder in the host). The 30 KB left then went to Zotero, Rename, notes
    // and the command line's checks (issues 43-45); a Zotero item's details, Better BibTeX's keys and
    // exports (43) and the neighbourhood's walk on the Hub, title match and recommendations for a
    // selection (41) take 9 KB more. The bundled library as deflate rather than LZMA (issue 40: the
    // same trade as the engine's, 33 KB for 40-80 ms of the host's CPU at every first use, in every
    // window) and Zotero's group libraries (43, 2 KB): 880 KB, and what comes next has to make room.
    // The host's code as two bundles (issue 40: activation compiles 59 KB of it rather than 218 in a
    // first session; the features' 168 KB on first use) took 4.5 KB of what was left.
    assert.ok(fs.statSync(VSIX).size <= 880 * 1024, `the VSIX is ${kb(fs.statSync(VSIX).size)}, over its 880 KB budget`);
  });

  test('installs, activates and shows papers in the Papers view', async () => {
    const { page } = workbench!;
    const installed = fs.readdirSync(workbench!.extensionsDir).filter(dir => dir.startsWith('paperslab.papers-vscode-'));
    assert.equal(installed.length, 1, `installed extensions: ${fs.readdirSync(workbench!.extensionsDir).join(', ')}`);
    // Not the development host: the extension comes from the profile, not from this checkout.
    assert.doesNotMatch(await page.title(), /Extension Development Host/);
    await openPapersContainer(page);
    // The workspace's references.bib comes into the tree above the topics, with no document open.
    const topic = await expandFirstTopic(page, { bibliography: true });
    assert.ok(topic.paperTitles.length > 0);
    await workbench!.screenshot('vsix-papers-view');
  });
});
