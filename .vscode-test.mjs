// @vscode/test-cli config (`npm run test:integration:desktop`, i.e. `vscode-test`). The usual setup:
// on a machine with internet it downloads VS Code desktop (pinned to the version code-server ships)
// and runs out/test/integration/**/*.test.js in its extension host. With VSCODE_TEST_OFFLINE=1 the
// same files run in code-server instead, through the stand-in executable scripts/code-offline.mjs.
// Build first (node esbuild.mjs). `npm run test:integration` is the offline path without test-cli.
import { defineConfig } from '@vscode/test-cli';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = path => fileURLToPath(new URL(path, import.meta.url));
// Tests may edit files: give them a fresh copy of the fixture workspace on every run, next to the
// VS Code download in the git-ignored .vscode-test/.
const workspace = here('./.vscode-test/workspace');
rmSync(workspace, { recursive: true, force: true });
cpSync(here('./test/fixtures/workspace'), workspace, { recursive: true });

export default defineConfig({
  // `*.web.test.js`: only for VS Code for the web (test/integration/index.ts leaves them out too).
  files: 'out/test/integration/**/!(*.web).test.js',
  version: '1.100.3',
  workspaceFolder: workspace,
  launchArgs: ['--disable-extensions'],
  env: { PAPERS_TEST_STAGE: 'integration' },
  mocha: { ui: 'tdd', timeout: 60000, color: false, reporter: here('./out/test/support/summaryReporter.js') },
  ...(process.env.VSCODE_TEST_OFFLINE === '1' ? { useInstallation: { fromPath: here('./scripts/code-offline.mjs') } } : {}),
});
