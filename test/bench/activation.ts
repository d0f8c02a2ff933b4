// Extension-tests entry for scripts/bench-activation.mjs (not a mocha suite): in a fresh extension
// host, times what a user waits for the first time they open the Papers view: loading and
// activating the extension, then the first call that needs the papers (reading corpus + index).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { PapersApi } from '../../src/extension';

/** How long the window gets to finish loading before the timing starts. */
const SETTLE_MS = 3000;

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<PapersApi>('paperslab.papers-vscode');
  if (!extension) throw new Error('paperslab.papers-vscode is not loaded');
  // If something activated it already, the numbers below would mean nothing: report it.
  const wasActive = extension.isActive;
  // The host starts this file while the window is still loading; on a 2-core machine that
  // start-up competes for the CPU and doubles the figures. A user opens the Papers view
  // after the window has settled, so the timing starts then.
  await new Promise(resolve => setTimeout(resolve, SETTLE_MS));
  // PAPERS_BENCH_PROFILE=DIR: a CPU profile of the extension host over what is timed, to find where the time goes.
  const profileDir = process.env.PAPERS_BENCH_PROFILE;
  const session = profileDir ? new Session() : undefined;
  const post = (method: string, params?: object) => new Promise<unknown>((resolve, reject) => session!.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
  if (session) {
    session.connect();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 100 });
    await post('Profiler.start');
  }
  const started = performance.now();
  const api = await extension.activate();
  const activated = performance.now();
  // The longest the host's event loop is held up while the papers first load (a 1 ms timer, and the loop's own histogram).
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let longest = 0;
  let last = performance.now();
  const tick = setInterval(() => { const now = performance.now(); longest = Math.max(longest, now - last - 1); last = now; }, 1);
  delay.enable();
  const papers = await api.papers();
  const loaded = performance.now();
  // The full text loads behind the first answer: it counts too.
  await new Promise(resolve => setTimeout(resolve, 1000));
  clearInterval(tick);
  delay.disable();
  if (session) {
    const { profile } = await post('Profiler.stop') as { profile: unknown };
    writeFileSync(join(profileDir!, `activation-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
  const sample = { wasActive, activateMs: activated - started, firstPapersMs: loaded - activated, firstUseBlockMs: Math.max(longest, delay.max / 1e6), papers: papers.length };
  console.log(`[papers-bench] ${JSON.stringify(sample)}`);
}
