// A mocha reporter for every test stage (unit, integration in the extension host, UI):
// prints mocha's usual spec output, then one machine-readable summary line that
// scripts/test.mjs adds up into the final "N passed, N failed". The summary also carries each
// failure's title and first lines, so that the end of a long CI log still says what failed.
import Mocha = require('mocha');

const SUMMARY_MARKER = '[papers-test-summary]';

interface Failure { title: string; error: string }

/** The first lines of an error, short enough for one summary line. */
function brief(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split('\n').slice(0, 6).join('\n').slice(0, 600);
}

class SummaryReporter extends Mocha.reporters.Spec {
  static readonly MARKER = SUMMARY_MARKER;

  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const stage = process.env.PAPERS_TEST_STAGE ?? 'tests';
    const failures: Failure[] = [];
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test: Mocha.Test, error: unknown) => {
      failures.push({ title: test.fullTitle(), error: brief(error) });
    });
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes = 0, failures: failed = 0, pending = 0 } = runner.stats ?? {};
      console.log(`${SUMMARY_MARKER} ${JSON.stringify({ stage, passed: passes, failed, pending, failures })}`);
    });
  }
}

// mocha's --reporter option loads a module and uses its export as the reporter class.
export = SummaryReporter;
