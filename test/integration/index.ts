// The standard extension-tests entry: the extension host require()s this file and calls run(),
// under @vscode/test-electron on a desktop and under scripts/run-integration.mjs (code-server)
// here. Every `*.test.js` next to it or below it is loaded, so adding a test is adding a file.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha = require('mocha');
import SummaryReporter = require('../support/summaryReporter');

/** Every file under `dir` whose name ends with `.test.js`. */
function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.js') ? [file] : [];
  });
}

export function run(): Promise<void> {
  process.env.PAPERS_TEST_STAGE ??= 'integration';
  // color: false: the output reaches the terminal through the workbench, which shows escapes raw.
  // PAPERS_TEST_GREP runs only the tests whose titles match, while working on one feature.
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60000, reporter: SummaryReporter, grep: process.env.PAPERS_TEST_GREP });
  for (const file of testFiles(__dirname).sort()) mocha.addFile(file);
  return new Promise((resolve, reject) => {
    mocha.run(failures => (failures > 0 ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
  });
}
