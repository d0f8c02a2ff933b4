// The extension-tests entry for Restricted Mode: scripts/run-integration.mjs opens a folder VS Code
// does not trust (with a folder setting naming a corpus file) and runs the tests beside this file,
// named *.untrusted.ts so that the trusted run (../index.ts) and the web bundle leave them out.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha = require('mocha');
import SummaryReporter = require('../../support/summaryReporter');

export function run(): Promise<void> {
  process.env.PAPERS_TEST_STAGE ??= 'integration';
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60000, reporter: SummaryReporter });
  for (const name of fs.readdirSync(__dirname).filter(n => n.endsWith('.untrusted.js')).sort()) mocha.addFile(path.join(__dirname, name));
  return new Promise((resolve, reject) => {
    mocha.run(failures => (failures > 0 ? reject(new Error(`${failures} Restricted Mode test(s) failed`)) : resolve()));
  });
}
