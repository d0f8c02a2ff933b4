// Runs the integration tests in VS Code for the web (the web extension host, a Web Worker):
// out/test-web/integration.js, the same test files as the desktop run less those in
// test/integration/web/notOnTheWeb.ts. Build first (node esbuild.mjs). The workspace is a copy of
// test/fixtures/workspace, mounted read-only: what the tests write stays in the page's memory,
// like a virtual file system (github.dev's).
// Usage: node scripts/run-web-integration.mjs      (PAPERS_VSCODE_VERBOSE=1 shows the server's log)
import { join } from 'node:path';
import { ROOT, copyFixtureWorkspace, removeWorkspaceOnExit } from './vscode-server.mjs';
import { runWebExtensionTests } from './vscode-web.mjs';

process.env.PAPERS_TEST_STAGE ??= 'web';
const workspace = copyFixtureWorkspace();
removeWorkspaceOnExit(workspace);
const code = await runWebExtensionTests({ extensionTestsPath: join(ROOT, 'out', 'test-web', 'integration.js'), folder: workspace });
process.exit(code);
