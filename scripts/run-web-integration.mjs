// Runs the integration tests in VS Code for the web (the web extension host, a Web Worker):
// out/test-web/integration.js, the same test files as the desktop run less those in
// test/integration/web/notOnTheWeb.ts. Build first (node esbuild.mjs). The workspace is a copy of
// test/fixtures/workspace, mounted read-only: what the tests write stays in the page's memory,
// like a virtual file system (github.dev's).
// The replay server of the paper services runs here, in Node, answering the browser as the
// services do (CORS from Hugging Face, Crossref and doi.org; none from arXiv); the tests find its
// origin in a file of the workspace (test/integration/support/replay.ts).
// Usage: node scripts/run-web-integration.mjs      (PAPERS_VSCODE_VERBOSE=1 shows the server's log)
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, copyFixtureWorkspace, removeWorkspaceOnExit } from './vscode-server.mjs';
import { runWebExtensionTests } from './vscode-web.mjs';

process.env.PAPERS_TEST_STAGE ??= 'web';
const workspace = copyFixtureWorkspace();
removeWorkspaceOnExit(workspace);
const { ReplayServer } = createRequire(import.meta.url)(join(ROOT, 'out', 'test', 'support', 'replayServer.js'));
const replay = await ReplayServer.start({ cors: true });
writeFileSync(join(workspace, '.papers-replay.json'), `${JSON.stringify({ origin: replay.origin })}\n`);
const code = await runWebExtensionTests({ extensionTestsPath: join(ROOT, 'out', 'test-web', 'integration.js'), folder: workspace });
await replay.close();
process.exit(code);
