// Shared launching code for every script that needs a real VS Code: code-server (the VS Code
// server + its web client, run on this machine's Node) bound to loopback with a throw-away
// profile, and Debian's Chromium driven by playwright-core. No network access needed.
//
// Only Node built-ins are imported at the top, so scripts/test.mjs and scripts/try.mjs can
// import this on a fresh clone before `npm ci` has run; playwright-core is loaded on first use.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, existsSync, readFileSync, realpathSync, cpSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
export const CODE_SERVER_VERSION = process.env.CODE_SERVER_VERSION ?? pkg.config?.codeServerVersion ?? '4.100.3';
// Outside the clone, so every clone on a machine shares one install (3 minutes and 300 MB each otherwise).
// scripts/setup-offline-vscode.sh computes the same default.
export const CODE_SERVER_HOME = process.env.CODE_SERVER_HOME
  ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'papers-vscode', `code-server-${CODE_SERVER_VERSION}`);
export const CODE_SERVER = join(CODE_SERVER_HOME, 'node_modules', '.bin', 'code-server');
export const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
const verbose = !!process.env.PAPERS_VSCODE_VERBOSE;

/** The VS Code version inside that code-server (lib/vscode/package.json), or undefined before setup. */
export function vscodeVersion() {
  try {
    return JSON.parse(readFileSync(join(CODE_SERVER_HOME, 'node_modules', 'code-server', 'lib', 'vscode', 'package.json'), 'utf8')).version;
  } catch { return undefined; }
}

/** True when code-server is installed (the setup script writes the marker last). */
export function codeServerInstalled() {
  return existsSync(join(CODE_SERVER_HOME, '.installed')) && existsSync(CODE_SERVER);
}

/**
 * The ticker of a long step: its name, the seconds since it began and the megabytes in the folder
 * so far (npm makes every package's folder at once, then fills them). It ends with the script
 * that started it, however that ends.
 */
const TICKER = `const [name, folder] = process.argv.slice(1), started = Date.now(), parent = process.ppid;
const size = () => require('child_process').spawnSync('du', ['-sm', folder], { encoding: 'utf8' }).stdout.split('\\t')[0] || '0';
setInterval(() => { if (process.ppid !== parent) process.exit(); }, 1000);
setInterval(() => console.log('[bootstrap] ' + name + ': ' + Math.round((Date.now() - started) / 1000) + ' s, ' + size() + ' MB so far'), 15000);`;

/**
 * What a fresh clone lacks, installed in place: node_modules (`npm ci`) and, when `codeServer`,
 * code-server (scripts/setup-offline-vscode.sh, which also apt-installs Chromium and friends).
 * Returns the steps it ran as { name, ok, seconds }.
 */
export function bootstrap({ codeServer = true } = {}) {
  const steps = [];
  const step = (name, command, args, { ticker = false } = {}) => {
    const started = Date.now();
    console.log(`[bootstrap] ${name}`);
    // npm prints nothing for a minute or two when its output is no terminal; this process is held
    // by spawnSync, so a second one says every 15 s how far it has got.
    const ticking = ticker && spawn(process.execPath, ['-e', TICKER, name, join(ROOT, 'node_modules')], { stdio: 'inherit' });
    const { status } = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
    if (ticking) ticking.kill();
    const seconds = (Date.now() - started) / 1000;
    steps.push({ name, ok: status === 0, seconds });
    console.log(`[bootstrap] ${name}: ${status === 0 ? 'done' : 'failed'} in ${Math.round(seconds)} s`);
    return status === 0;
  };
  if (!existsSync(join(ROOT, 'node_modules')) && !step('npm ci', 'npm', ['ci'], { ticker: true })) return steps;
  if (codeServer && !codeServerInstalled()) step(`code-server ${CODE_SERVER_VERSION}`, 'sh', [join(ROOT, 'scripts', 'setup-offline-vscode.sh')]);
  return steps;
}

/** A free TCP port on 127.0.0.1, or `preferred` if that one is free. */
export function freePort(preferred = 0) {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', err => (preferred && err.code === 'EADDRINUSE' ? freePort(0).then(res, rej) : rej(err)));
    s.listen(preferred, '127.0.0.1', () => { const { port } = s.address(); s.close(() => res(port)); });
  });
}

/**
 * A fresh copy of test/fixtures/workspace, so tests and users may edit it. Its folder is named
 * sample-workspace (the window title shows it); remove it with `removeWorkspace`.
 */
export function copyFixtureWorkspace() {
  const dir = join(mkdtempSync(join(tmpdir(), 'papers-workspace-')), 'sample-workspace');
  cpSync(join(ROOT, 'test', 'fixtures', 'workspace'), dir, { recursive: true });
  return dir;
}

/** Removes a copy made by copyFixtureWorkspace, with its temp parent. */
export function removeWorkspace(dir) {
  rmSync(dirname(dir), { recursive: true, force: true });
}

// Once per process: stop everything we started on Ctrl+C / kill too, not only on a normal exit.
const cleanups = new Set();
let signalsHooked = false;
function onShutdown(fn) {
  cleanups.add(fn);
  if (signalsHooked) return;
  signalsHooked = true;
  process.once('exit', () => { for (const f of cleanups) f(); });
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) {
    process.once(signal, () => process.exit(code));   // exit runs the cleanups above
  }
}

/** Removes a workspace copy when this process ends, however it ends. */
export function removeWorkspaceOnExit(dir) {
  onShutdown(() => removeWorkspace(dir));
}

const DEFAULT_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
  'chat.disableAIFeatures': true,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

/**
 * Starts code-server on 127.0.0.1 with a profile in a new temp dir; resolves once it listens.
 * Returns { port, authority, url, tmp, env, log(), stop(), exited (a promise of its exit code) }.
 * `tmp` holds the user-data and extensions dirs, so installVsix(server, file) installs into the
 * profile this server uses. `port`: the one to use if it is free; `settings`: user settings;
 * `trusted: false`: workspace trust on, so a folder opens in Restricted Mode (no prompt).
 */
export async function startCodeServer({ port = 0, settings = {}, profile, trusted = true } = {}) {
  if (!codeServerInstalled()) throw new Error(`code-server ${CODE_SERVER_VERSION} is not installed in ${CODE_SERVER_HOME}: run sh scripts/setup-offline-vscode.sh`);
  // `profile`: a folder to keep the profile in (the caller removes it), so that a later server
  // opens the same user data (extensions' global storage) as a reopened VS Code would.
  const tmp = profile ?? mkdtempSync(join(tmpdir(), 'papers-vscode-'));
  const userData = join(tmp, 'user-data');
  mkdirSync(join(userData, 'User'), { recursive: true });
  const trust = trusted ? {} : { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.emptyWindow': false };
  writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify({ ...DEFAULT_SETTINGS, ...trust, ...settings }, null, 2));
  writeFileSync(join(tmp, 'config.yaml'), 'auth: none\ncert: false\n');
  mkdirSync(join(tmp, 'tmp'), { recursive: true });
  // Everything code-server writes stays in `tmp`: without XDG_* it writes ~/.config/code-server and
  // ~/.local/share/code-server; without TMPDIR each run leaves vscode-ipc-*.sock files in /tmp.
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: join(tmp, 'xdg-config'), XDG_DATA_HOME: join(tmp, 'xdg-data'),
    XDG_CACHE_HOME: join(tmp, 'xdg-cache'), XDG_STATE_HOME: join(tmp, 'xdg-state'), TMPDIR: join(tmp, 'tmp'),
    // No marketplace (Open VSX) lookups: there is no network, and '{}' disables the gallery.
    EXTENSIONS_GALLERY: process.env.EXTENSIONS_GALLERY ?? '{}',
  };
  const listenPort = await freePort(port);
  // VS Code somewhere after 1.100 ignores the URL payload (extension development/test paths) unless
  // the server runs with --enable-smoke-test-driver, which newer code-server passes through with
  // --vscode-option. 4.100.x neither needs nor knows that option: detect it instead of pinning.
  const cli = readFileSync(join(dirname(realpathSync(CODE_SERVER)), 'cli.js'), 'utf8');
  const passthrough = cli.includes('"vscode-option"') ? ['--vscode-option', 'enable-smoke-test-driver'] : [];
  const args = [
    ...passthrough,
    '--config', join(tmp, 'config.yaml'),
    '--auth', 'none', '--bind-addr', `127.0.0.1:${listenPort}`,
    ...profileArgs(tmp),
    '--disable-telemetry', '--disable-update-check', ...(trusted ? ['--disable-workspace-trust'] : []),
    '--disable-getting-started-override', '--ignore-last-opened',
  ];
  // detached: its own process group, so stop() ends the extension hosts and watchers with it.
  const child = spawn(process.execPath, [CODE_SERVER, ...args], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const onData = d => { log += d; if (verbose) process.stderr.write(`[code-server] ${d}`); };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  await new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`code-server did not start in 60 s:\n${log}`)), 60000);
    const check = () => { if (/HTTP server listening on/.test(log)) { clearTimeout(timer); res(); } };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.once('exit', code => { clearTimeout(timer); rej(new Error(`code-server exited (${code}):\n${log}`)); });
  });
  const exited = new Promise(res => child.once('exit', code => res(code ?? 1)));
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
    if (!profile) rmSync(tmp, { recursive: true, force: true });
  };
  onShutdown(stop);
  // The same host:port in the page URL and in vscode-remote:// URIs, or the workbench treats them as two remotes.
  const authority = `127.0.0.1:${listenPort}`;
  return { port: listenPort, authority, url: `http://${authority}/`, tmp, env, stop, exited, log: () => log };
}

function profileArgs(tmp) {
  return ['--user-data-dir', join(tmp, 'user-data'), '--extensions-dir', join(tmp, 'extensions')];
}

/** Installs a .vsix into the running server's profile, as a user would (`code-server --install-extension`). */
export function installVsix(server, vsix) {
  return execFileSync(process.execPath, [CODE_SERVER, ...profileArgs(server.tmp), '--install-extension', resolve(vsix)],
    { env: server.env, encoding: 'utf8' });
}

/** Launches Debian's Chromium headless with a fresh profile. Returns { context, page, close }. */
export async function launchChromium({ width = 1400, height = 900 } = {}) {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'papers-chromium-'));
  // VS Code for the web (scripts/vscode-web.mjs) serves webviews from <uuid>.localhost, a third
  // party to the page: their service worker needs third-party cookies and storage allowed.
  mkdirSync(join(profile, 'Default'));
  writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width, height },
    // Chromium's crash reports, caches and singleton sockets go to the throw-away profile, not
    // ~/.config, ~/.cache and /tmp.
    env: { ...process.env, XDG_CONFIG_HOME: join(profile, 'xdg-config'), XDG_CACHE_HOME: join(profile, 'xdg-cache'), TMPDIR: profile },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try { await context.close(); } catch { /* already gone */ }
    rmSync(profile, { recursive: true, force: true });
  };
  onShutdown(() => rmSync(profile, { recursive: true, force: true }));
  const page = context.pages()[0] ?? await context.newPage();
  return { context, page, close };
}

/** vscode-remote URI of a local path, as the web client of `server` expects it. */
export function remoteUri(server, path) {
  return `vscode-remote://${server.authority}${resolve(path)}`;
}

/**
 * The workbench URL opening `folder`. `payload` carries what the desktop CLI takes as flags
 * (code-server rejects --extensionDevelopmentPath on its own command line).
 */
export function workbenchUrl(server, { folder, payload = [] }) {
  const query = new URLSearchParams();
  if (folder) query.set('folder', resolve(folder));
  if (payload.length) query.set('payload', JSON.stringify(payload));
  return `${server.url}?${query}`;
}

/** Payload that loads the extension at `root` from source, like F5 ("[Extension Development Host]"). */
export function devPayload(server, root = ROOT) {
  return [['extensionDevelopmentPath', remoteUri(server, root)], ['skipWelcome', 'true'], ['skipReleaseNotes', 'true']];
}

// Startup messages of the web workbench that say nothing about the tests (shown with PAPERS_VSCODE_VERBOSE=1).
// VS Code for the web adds its own: no provider for the .vscode/ and agent folders it probes in
// the test file system, cancelled reads, the agent host and policy chatter.
const WORKBENCH_NOISE = new RegExp('^(Resolving connection token|Resolved connection token|Creating a socket|Ignoring fetching additional builtin|\\[Service Worker\\]'
  + '|ChatSessionStore:|Updating additional builtin extensions cache|Unable to read file \'vscode-test-web:|ENOPRO:|Failed to resolve files at location:'
  + '|Canceled$|\\[AgentHost:|\\[AccountPolicyGate\\]|Using ESM loader|Found additional builtin location|Loading development extension at'
  + '|vscode-test-web-support fs provider|Request to \'\\S+/package\\.nls\\.json\' failed)');

/**
 * Offline equivalent of @vscode/test-electron's runTests(): runs a test entry (a module exporting
 * run()) in code-server's Node extension host. Resolves to the exit code. `onLog(line)` sees every
 * line the extension host logged; by default they are printed.
 */
export async function runExtensionTests({ extensionDevelopmentPath = ROOT, extensionTestsPath, workspace,
  // PAPERS_TEST_TIMEOUT_SEC: a longer limit for a machine busy with other work than the tests.
  disableExtensions = true, timeoutSec = Number(process.env.PAPERS_TEST_TIMEOUT_SEC) || 300, onLog = line => console.log(line), profile, trusted = true }) {
  const started = Date.now();
  const server = await startCodeServer({ profile, trusted });
  const payload = [
    ...[].concat(extensionDevelopmentPath).map(p => ['extensionDevelopmentPath', remoteUri(server, p)]),
    ['extensionTestsPath', remoteUri(server, extensionTestsPath)],
    ['skipWelcome', 'true'], ['skipReleaseNotes', 'true'],
    ...(disableExtensions ? [['disableExtensions', 'true']] : []),
  ];
  return driveTestWorkbench({
    label: 'vscode', started, timeoutSec, onLog,
    url: workbenchUrl(server, { folder: workspace, payload }),
    up: `code-server ${CODE_SERVER_VERSION} at ${server.url}`,
    // A test failure speaks for itself; a run that never got to report needs the server's side.
    stop: why => { if (why) console.error(`--- code-server log ---\n${server.log()}`); server.stop(); },
  });
}

/**
 * Opens `url`, a workbench that runs extension tests, in a fresh Chromium and follows it to the
 * end: prints what the tests log, calls `stop(why)` (why: set when the run never reported), and
 * resolves to the exit code the workbench reports. Shared by code-server and VS Code for the web
 * (scripts/vscode-web.mjs).
 */
export async function driveTestWorkbench({ label, url, up, stop, started = Date.now(), timeoutSec = 300, onLog = line => console.log(line) }) {
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const { context, page, close } = await launchChromium();
  return new Promise(resolveExit => {
    let finished = false;
    const finish = async (code, why) => {
      if (finished) return;
      finished = true;
      if (why) console.error(why);
      await close();
      stop(why);
      console.error(`[${label}] tests exited with ${code} after ${elapsed()}`);
      resolveExit(code);
    };
    setTimeout(() => finish(1, `[${label}] timed out after ${timeoutSec} s`), timeoutSec * 1000).unref();
    // The workbench calls these when it runs extension tests (IAutomatedWindow): exposed before
    // goto, since VS Code's own harness exposing them after goto is racy.
    Promise.all([
      context.exposeFunction('codeAutomationLog', (type, args) => {
        // args are console.log's (format string first); the workbench's own chatter shares the channel.
        const text = format(...args);
        if (!verbose && WORKBENCH_NOISE.test(text)) return;
        for (const line of text.replace(/\n$/, '').split('\n')) (type === 'error' ? console.error : onLog)(line);
      }),
      // Deferred a tick so log messages sent just before the exit are printed first.
      context.exposeFunction('codeAutomationExit', code => { setTimeout(() => finish(code), 0); }),
    ]).then(async () => {
      page.on('pageerror', e => console.error(`[page error] ${e}`));
      page.on('crash', () => finish(1, `[${label}] the workbench page crashed`));
      if (verbose) {
        page.on('console', m => console.error(`[console] ${m.text()}`));
        page.on('worker', worker => worker.on('console', m => console.error(`[worker console] ${m.text()}`)));
      }
      console.error(`[${label}] ${up} up after ${elapsed()}`);
      await page.goto(url);
    }).catch(e => finish(1, `[${label}] ${e.stack ?? e}`));
  });
}
