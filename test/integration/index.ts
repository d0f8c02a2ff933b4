// The standard extension-tests entry: the extension host require()s this file and calls run(),
// under @vscode/test-electron on a desktop and under scripts/run-integration.mjs (code-server)
// here. Every `*.test.js` next to it or below it is loaded, so adding a test is adding a file
// (`*.web.test.js` files only in VS Code for the web).
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha = require('mocha');
import SummaryReporter = require('../support/summaryReporter');

/** Every file under `dir` whose name ends with `.test.js`, less the web-only ones. */
function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    // `*.web.test.js`: tests of what only VS Code for the web does (the web bundle has them).
    return entry.name.endsWith('.test.js') && !entry.name.endsWith('.web.test.js') ? [file] : [];
  });
}

/**
 * The files in the order they run: as sorted, or with PAPERS_TEST_ORDER=reverse or =shuffle:SEED
 * in another, to check that no suite leans on what another left behind.
 */
function ordered(files: string[]): string[] {
  const order = process.env.PAPERS_TEST_ORDER ?? '';
  if (order === 'reverse') return files.reverse();
  const seed = /^shuffle:(\d+)$/.exec(order)?.[1];
  if (seed === undefined) return files;
  // A small linear congruential generator: the same seed, the same order.
  let state = Number(seed) >>> 0;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let i = files.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [files[i], files[j]] = [files[j], files[i]];
  }
  return files;
}

export function run(): Promise<void> {
  process.env.PAPERS_TEST_STAGE ??= 'integration';
  // color: false: the output reaches the terminal through the workbench, which shows escapes raw.
  // PAPERS_TEST_GREP runs only the tests whose titles match, while working on one feature.
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60000, reporter: SummaryReporter, grep: process.env.PAPERS_TEST_GREP });
  for (const file of ordered(testFiles(__dirname).sort())) mocha.addFile(file);
  return new Promise((resolve, reject) => {
    mocha.run(failures => (failures > 0 ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
  });
}
