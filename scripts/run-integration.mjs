// Runs the integration tests (out/test/integration/index.js, the standard run() entry) inside a
// real VS Code extension host: code-server, driven through Chromium. The workspace is a fresh
// copy of test/fixtures/workspace, so tests may edit files. Build first (node esbuild.mjs).
// Usage: node scripts/run-integration.mjs      (PAPERS_VSCODE_VERBOSE=1 shows code-server's log)
import { join } from 'node:path';
import { ROOT, copyFixtureWorkspace, removeWorkspaceOnExit, runExtensionTests } from './vscode-server.mjs';

process.env.PAPERS_TEST_STAGE ??= 'integration';
const workspace = copyFixtureWorkspace();
removeWorkspaceOnExit(workspace);
const code = await runExtensionTests({ extensionTestsPath: join(ROOT, 'out/test/integration/index'), workspace });
process.exit(code);
