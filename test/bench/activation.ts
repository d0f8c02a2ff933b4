// Extension-tests entry for scripts/bench-activation.mjs (not a mocha suite): in a fresh extension
// host, times what a user waits for the first time they open the Papers view: loading and
// activating the extension, then the first call that needs the papers (reading corpus + index).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { PapersApi } from '../../src/extension';
import { ownShares, watchBlocks, type CpuProfile } from './ownBlocks';

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
  // The extension host's CPU profile, to tell our part of each block from VS Code's and from the
  // thread waiting for a core (ownBlocks.ts); PAPERS_BENCH_PROFILE=DIR writes it out, sampled finer, to find where the time goes.
  const profileDir = process.env.PAPERS_BENCH_PROFILE;
  const session = new Session();
  const post = (method: string, params?: object) => new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
  session.connect();
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: profileDir ? 100 : 500 });
  await post('Profiler.start');
  const started = performance.now();
  // The same moment on the monotonic clock, which the profile's times are in.
  const startedMono = Number(process.hrtime.bigint()) / 1e6 - (performance.now() - started);
  const api = await extension.activate();
  const activated = performance.now();
  // The longest the host's event loop is held up while the papers first load (a 1 ms timer, and the
  // loop's own histogram), and each block over 10 ms, to find in the profile.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const watch = watchBlocks(10, () => started);
  delay.enable();
  const papers = await api.papers();
  const loaded = performance.now();
  // Then what a writer does first: a completion in \cite{, which needs the features' code (made
  // once the library is in, or by this first call, where they are loaded on first use).
  const doc = await vscode.workspace.openTextDocument({ language: 'latex', content: 'As shown by \\cite{tau' });
  const asked = performance.now();
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, doc.positionAt(doc.getText().length));
  const completed = performance.now();
  // (The week-old build's items are labelled otherwise: any item will do.)
  if (!list.items.length) throw new Error('the first completion offered nothing');
  // The full text loads behind the first answer: it counts too.
  await new Promise(resolve => setTimeout(resolve, 1000));
  watch.stop();
  delay.disable();
  const { profile } = await post('Profiler.stop') as { profile: CpuProfile };
  if (profileDir) writeFileSync(join(profileDir, `activation-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  session.disconnect();
  const [own] = ownShares(profile, watch.state.blocks, startedMono);
  const sample = {
    wasActive, activateMs: activated - started, firstPapersMs: loaded - activated, firstCompletionMs: completed - asked, firstUseBlockMs: Math.max(watch.state.longest, delay.max / 1e6),
    firstUseOwnBlockMs: own?.ours ?? 0, firstUseOwnBlockWhat: own?.what ?? '', papers: papers.length,
  };
  console.log(`[papers-bench] ${JSON.stringify(sample)}`);
  // PAPERS_BENCH_LINGER_MS: the window stays open that long, so that the extension writes its code
  // caches (a few seconds after first use, once the host is quiet) for the next session to take.
  const linger = Number(process.env.PAPERS_BENCH_LINGER_MS) || 0;
  if (linger) await new Promise(resolve => setTimeout(resolve, linger));
}
