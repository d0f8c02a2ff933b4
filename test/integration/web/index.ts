// The integration tests' entry in VS Code for the web, whose extension host is a Web Worker:
// the same test files as on the desktop (test/integration/*.test.ts), bundled with mocha's
// browser build into one classic script (esbuild.mjs), less the tests listed in notOnTheWeb.ts.
// scripts/run-web-integration.mjs serves it with @vscode/test-web and drives Chromium.
import 'mocha/mocha.js';
import { TEST_FILES } from 'papers:integration-tests';
import SummaryReporter = require('../../support/summaryReporter');
import { NOT_ON_THE_WEB } from './notOnTheWeb';

/** Every test under `suite`, with its full title. */
function testsOf(suite: Mocha.Suite): Mocha.Test[] {
  return [...suite.tests, ...suite.suites.flatMap(testsOf)];
}

export function run(): Promise<void> {
  process.env.PAPERS_TEST_STAGE = 'web';
  // color: false: the output reaches the terminal through the workbench, which shows escapes raw.
  // PAPERS_TEST_GREP runs only the tests whose titles match; the web extension host has no
  // environment, so the build writes it in (PAPERS_TEST_GREP=… node esbuild.mjs).
  mocha.setup({ ui: 'tdd', reporter: SummaryReporter, timeout: 60000, color: false, grep: process.env.PAPERS_TEST_GREP || undefined });
  for (const load of TEST_FILES) load();
  // Leave out the tests that cannot apply here; a listed title that matches no test is an error,
  // so that the list never outlives its tests.
  const unmatched = new Set(Object.keys(NOT_ON_THE_WEB));
  const drop = (suite: Mocha.Suite) => {
    suite.tests = suite.tests.filter(test => {
      if (!(test.fullTitle() in NOT_ON_THE_WEB)) return true;
      unmatched.delete(test.fullTitle());
      console.log(`  [not on the web] ${test.fullTitle()}: ${NOT_ON_THE_WEB[test.fullTitle()]}`);
      return false;
    });
    suite.suites.forEach(drop);
  };
  drop(mocha.suite);
  if (unmatched.size) return Promise.reject(new Error(`notOnTheWeb.ts lists tests that do not exist: ${[...unmatched].join('; ')}`));
  console.log(`  ${testsOf(mocha.suite).length} tests in the web extension host (${Object.keys(NOT_ON_THE_WEB).length} left out)`);
  return new Promise((resolve, reject) => {
    mocha.run(failures => (failures > 0 ? reject(new Error(`${failures} web integration test(s) failed`)) : resolve()));
  });
}
