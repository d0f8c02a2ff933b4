// A mocha reporter for every test stage (unit, integration in the extension host, UI):
// prints mocha's usual spec output, then one machine-readable summary line that
// scripts/test.mjs adds up into the final "N passed, N failed".
import Mocha = require('mocha');

const SUMMARY_MARKER = '[papers-test-summary]';

class SummaryReporter extends Mocha.reporters.Spec {
  static readonly MARKER = SUMMARY_MARKER;

  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const stage = process.env.PAPERS_TEST_STAGE ?? 'tests';
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes = 0, failures = 0, pending = 0 } = runner.stats ?? {};
      console.log(`${SUMMARY_MARKER} ${JSON.stringify({ stage, passed: passes, failed: failures, pending })}`);
    });
  }
}

// mocha's --reporter option loads a module and uses its export as the reporter class.
export = SummaryReporter;
