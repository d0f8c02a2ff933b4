// `npm start`: try the extension in a real VS Code (code-server) in your browser. On a fresh clone
// it first installs what is missing (npm ci, code-server), then builds, then serves VS Code on
// 127.0.0.1 with the extension loaded from this checkout and a fresh copy of the sample workspace
// (test/fixtures/workspace), and prints the URL to open. Ctrl+C stops it and removes its temp dirs.
//   PORT=8080 npm start                 another port (default 3000; a free one if that is taken)
//   PAPERS_VSCODE_VERBOSE=1 npm start   show code-server's log
import { spawnSync } from 'node:child_process';
import {
  CODE_SERVER_VERSION, ROOT, bootstrap, copyFixtureWorkspace, devPayload, removeWorkspaceOnExit,
  startCodeServer, vscodeVersion, workbenchUrl,
} from './vscode-server.mjs';

if (bootstrap().some(step => !step.ok)) process.exit(1);
if (spawnSync('node', ['esbuild.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);

const workspace = copyFixtureWorkspace();
removeWorkspaceOnExit(workspace);
const wanted = Number(process.env.PORT || 3000);
const server = await startCodeServer({ port: wanted });
const url = workbenchUrl(server, { folder: workspace, payload: devPayload(server) });
console.log(`
Papers for VS Code is running in VS Code ${vscodeVersion()} (code-server ${CODE_SERVER_VERSION})${server.port === wanted ? '' : `; port ${wanted} was taken`}.
Open this URL in a browser on this machine (the window title says [Extension Development Host]):

  ${url}

Workspace: ${workspace} (a fresh copy of test/fixtures/workspace)
After a rebuild (npm run build, or npm run watch in another terminal), run "Developer: Reload Window".
Press Ctrl+C to stop.
`);
const code = await server.exited;
console.error(`code-server stopped (exit ${code}):\n${server.log()}`);
process.exit(1);
