// The extension-tests entry for a first use: scripts/run-integration.mjs opens a fresh window on a
// copy of the sample workspace and runs the tests beside this file, named *.first.ts so that the
// main run (../index.ts) and the web bundle leave them out. Nothing of Papers has run in that
// window before them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha = require('mocha');
import SummaryReporter = require('../../support/summaryReporter');

export function run(): Promise<void> {
  process.env.PAPERS_TEST_STAGE ??= 'integration';
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60000, reporter: SummaryReporter });
  for (const name of fs.readdirSync(__dirname).filter(n => n.endsWith('.first.js')).sort()) mocha.addFile(path.join(__dirname, name));
  return new Promise((resolve, reject) => {
    mocha.run(failures => (failures > 0 ? reject(new Error(`${failures} first-use test(s) failed`)) : resolve()));
  });
}
