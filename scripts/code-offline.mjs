#!/usr/bin/env node
// A stand-in "VS Code executable" for @vscode/test-electron's runTests({ vscodeExecutablePath })
// and @vscode/test-cli's useInstallation.fromPath (see .vscode-test.mjs): it accepts the desktop
// CLI arguments they pass and runs the same extension tests in code-server instead, so the
// conventional desktop setup works on a machine that cannot download VS Code.
import { statSync } from 'node:fs';
import { runExtensionTests } from './vscode-server.mjs';

const developmentPaths = [];
const positional = [];
let testsPath;
let disableExtensions = false;
for (const arg of process.argv.slice(2)) {
  const flag = /^--([^=]+)(?:=(.*))?$/.exec(arg);
  if (!flag) positional.push(arg);
  else if (flag[1] === 'extensionDevelopmentPath') developmentPaths.push(flag[2]);
  else if (flag[1] === 'extensionTestsPath') testsPath = flag[2];
  else if (flag[1] === 'disable-extensions') disableExtensions = true;
  // Other desktop flags (--no-sandbox, --user-data-dir=…, --disable-updates, …) have no meaning here.
}
if (!testsPath || !developmentPaths.length) {
  console.error('code-offline: only extension test runs (--extensionDevelopmentPath, --extensionTestsPath) are supported');
  process.exit(2);
}
const isDirectory = path => { try { return statSync(path).isDirectory(); } catch { return false; } };
process.exit(await runExtensionTests({
  extensionDevelopmentPath: developmentPaths, extensionTestsPath: testsPath,
  workspace: positional.find(isDirectory), disableExtensions,
}));
