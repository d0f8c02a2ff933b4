// The replay server of the paper services (test/support/replayServer.ts) as the integration tests
// drive it. On the desktop the tests start it in the extension host (Node). In VS Code for the web
// the extension host is a Web Worker, which cannot listen on a port: the runner
// (scripts/run-web-integration.mjs) starts it beside the browser, answering as the services
// answer a web page (CORS), and names its origin in a file of the workspace; the tests drive it
// over HTTP.
import * as vscode from 'vscode';
import type { ReplayServer } from '../../support/replayServer';
import { serviceUrls } from '../../support/replayUrls';

/** The file of the web test workspace that names the replay server's origin. */
export const REPLAY_ORIGIN_FILE = '.papers-replay.json';

export interface Replay {
  /** The base URL of each service, as the `papers.web.*Url` settings take them. */
  readonly urls: { huggingFace: string; arxiv: string; crossref: string; doi: string; semanticScholar: string; cslStyles: string };
  /** How many requests reached the services since the last reset. */
  requestCount(): Promise<number>;
  /** What reached the services since the last reset (service and path), for a failure to name. */
  requests(): Promise<string[]>;
  /** The next `times` requests get `status` (with `Retry-After` when given); then replay goes on. */
  failTimes(times: number, status: number, retryAfter?: string): Promise<void>;
  /** Every connection is dropped as it comes. */
  down(): Promise<void>;
  /** Every successful answer is cut in half. */
  malformed(): Promise<void>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** The server in this process (the desktop's extension host). */
class LocalReplay implements Replay {
  constructor(private readonly server: ReplayServer) {}
  get urls() { return this.server.urls; }
  async requestCount() { return this.server.requests.length; }
  async requests() { return this.server.requests.map(r => `${r.service} ${r.path}`); }
  async failTimes(times: number, status: number, retryAfter?: string) { this.server.failTimes(times, status, retryAfter); }
  async down() { this.server.down(); }
  async malformed() { this.server.malformed(); }
  async reset() { this.server.reset(); }
  close() { return this.server.close(); }
}

/** The server the web runner started, asked over HTTP from the browser. */
class RemoteReplay implements Replay {
  readonly urls: Replay['urls'];
  constructor(private readonly origin: string) {
    this.urls = serviceUrls(origin);
  }

  private async send(path: string, method = 'POST'): Promise<unknown> {
    const response = await fetch(`${this.origin}/_control${path}`, { method });
    if (!response.ok) throw new Error(`the replay server's ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  }

  async requestCount() { return (await this.requests()).length; }
  async requests() {
    return ((await this.send('/requests', 'GET')) as { requests: { service: string; path: string }[] }).requests.map(r => `${r.service} ${r.path}`);
  }
  async failTimes(times: number, status: number, retryAfter?: string) {
    await this.send(`/fail?${new URLSearchParams({ times: String(times), status: String(status), ...(retryAfter === undefined ? {} : { retryAfter }) })}`);
  }
  async down() { await this.send('/down'); }
  async malformed() { await this.send('/malformed'); }
  async reset() { await this.send('/reset'); }
  // The runner's server serves the whole run: a suite that is done leaves it as it found it.
  close() { return this.reset(); }
}

export async function startReplay(): Promise<Replay> {
  if (process.env.PAPERS_TEST_STAGE === 'web') {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    if (!folder) throw new Error('no workspace, where the web runner names the replay server');
    const { origin } = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, REPLAY_ORIGIN_FILE)))) as { origin: string };
    // Not reset: what the suites before asked of it counts (nothing, until Papers is asked to fetch).
    return new RemoteReplay(origin);
  }
  // Required at run time: it is Node's (node:http), and the web stage's bundle must not hold it.
  const load = require as (id: string) => typeof import('../../support/replayServer');
  // (Each test file is bundled with this one: the path starts from the build's out/test, wherever this runs.)
  const outTest = __dirname.slice(0, __dirname.lastIndexOf('/out/test') + '/out/test'.length);
  return new LocalReplay(await load(`${outTest}/support/replayServer.js`).ReplayServer.start());
}
