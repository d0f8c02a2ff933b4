// Where the machine's cores went while a window loaded the library: the engine worker, the rest
// of the extension host, the browser that shows the workbench, code-server, and what was left
// idle. The bench's waits are wall-clock; on a machine of two cores a window's own loading takes
// most of them, and the worker's wait is then mostly a wait for a core. Linux only: read from
// /proc (each thread's CPU time in clock ticks of 10 ms, and the machine's idle and stolen time).
import { readdir, readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import type { MachineCpu } from '../../src/bench/bibliographies';

/** Linux's clock tick (USER_HZ), the unit of /proc's CPU times: 100 on every architecture Node runs on. */
const TICK_MS = 10;

export interface CpuSnapshot {
  /** Wall clock (ms, `performance.now()`). */
  at: number;
  /** Each thread's process and CPU time (ticks), by thread id. */
  threads: Map<number, { pid: number; ticks: number }>;
  /** Each process's command line, by pid. */
  commands: Map<number, string>;
  /** The machine's idle and stolen time (ticks, all cores), from /proc/stat. */
  idle: number;
  steal: number;
}

/**
 * The CPU times now, or undefined where there is no /proc (not Linux). Read asynchronously: read at
 * once, the few hundred files of a window's threads held the extension host for 30 ms and more, which
 * the bench would have counted as a block. `at` is when the read began; it takes a few tens of ms.
 */
export async function cpuSnapshot(): Promise<CpuSnapshot | undefined> {
  const at = performance.now();
  let stat: string;
  try {
    stat = await readFile('/proc/stat', 'latin1');
  } catch {
    return undefined;
  }
  const threads = new Map<number, { pid: number; ticks: number }>();
  const commands = new Map<number, string>();
  const pids = (await readdir('/proc')).map(Number).filter(Number.isInteger);
  await Promise.all(pids.map(async pid => {
    try {
      const tasks = await readdir(`/proc/${pid}/task`);
      commands.set(pid, (await readFile(`/proc/${pid}/cmdline`, 'latin1')).replace(/\0/g, ' '));
      await Promise.all(tasks.map(async task => {
        threads.set(Number(task), { pid, ticks: ticksOf(await readFile(`/proc/${pid}/task/${task}/stat`, 'latin1')) });
      }));
    } catch {
      // The process or thread ended while it was read.
    }
  }));
  // "cpu  user nice system idle iowait irq softirq steal …": the first line sums every core.
  const total = stat.slice(0, stat.indexOf('\n')).trim().split(/\s+/).slice(1).map(Number);
  return { at, threads, commands, idle: total[3] + total[4], steal: total[7] ?? 0 };
}

/** utime + stime of one /proc/…/stat line; the command in parentheses may hold spaces and parentheses. */
export function ticksOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  // Fields 14 and 15 of stat(5); 12 and 13 counted from the state (field 3).
  return Number(fields[11]) + Number(fields[12]);
}

/** What each part of the machine used between `before` and `after`; `hostPid` is the extension host's process. */
export function cpuShares(before: CpuSnapshot, after: CpuSnapshot, hostPid: number, cores = cpus().length): MachineCpu {
  const shares: MachineCpu = {
    wallMs: Math.round(after.at - before.at), cores,
    engineWorkerMs: 0, hostMainMs: 0, hostOtherMs: 0, browserMs: 0, serverMs: 0, otherMs: 0,
    idleMs: (after.idle - before.idle) * TICK_MS, stealMs: (after.steal - before.steal) * TICK_MS,
  };
  let worker = { tid: -1, ms: 0 };
  for (const [tid, { pid, ticks }] of after.threads) {
    const ms = (ticks - (before.threads.get(tid)?.ticks ?? 0)) * TICK_MS;
    if (ms <= 0) continue;
    if (pid === hostPid) {
      if (tid === hostPid) shares.hostMainMs += ms;
      else if (!before.threads.has(tid) && ms > worker.ms) {
        // A thread new since the first snapshot: the worker, unless a busier one comes.
        shares.hostOtherMs += worker.ms;
        worker = { tid, ms };
      } else shares.hostOtherMs += ms;
      continue;
    }
    const command = after.commands.get(pid) ?? '';
    if (/chrom|--type=(?:renderer|gpu-process|utility)/.test(command)) shares.browserMs += ms;
    else if (command.includes('code-server')) shares.serverMs += ms;
    else shares.otherMs += ms;
  }
  shares.engineWorkerMs = worker.ms;
  return shares;
}
