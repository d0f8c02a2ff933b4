// The bench's account of the machine's cores (test/bench/machineCpu.ts), on
// snapshots made up to the shape /proc gives: which thread is the engine worker, and which
// process is the browser, code-server or something else.
import * as assert from 'node:assert/strict';
import { cpuShares, cpuSnapshot, ticksOf, type CpuSnapshot } from '../../bench/machineCpu';

const HOST = 100;

function snapshot(at: number, threads: [tid: number, pid: number, ticks: number][], idle: number, steal = 0): CpuSnapshot {
  return {
    at,
    threads: new Map(threads.map(([tid, pid, ticks]) => [tid, { pid, ticks }])),
    commands: new Map([
      [HOST, '/usr/bin/node /root/.cache/papers-vscode/code-server-4.100.3/lib/vscode/out/bootstrap-fork --type=extensionHost'],
      [200, '/usr/lib/chromium/chromium --type=renderer --no-sandbox'],
      [201, '/proc/self/exe --type=utility --utility-sub-type=network.mojom.NetworkService'],
      [300, '/usr/bin/node /root/.cache/papers-vscode/code-server-4.100.3/node_modules/code-server/out/node/entry'],
      [400, 'node scripts/bench-bibliography.mjs --runs 5'],
    ]),
    idle,
    steal,
  };
}

suite('where the machine\'s cores went (the bench)', () => {
  test('takes the busiest new thread of the extension host for the engine worker', () => {
    const before = snapshot(0, [[HOST, HOST, 50], [101, HOST, 10], [200, 200, 80], [201, 201, 5], [300, 300, 40], [400, 400, 7]], 1000, 3);
    const after = snapshot(1500, [
      [HOST, HOST, 68], [101, HOST, 30], [102, HOST, 2], [103, HOST, 75], [104, HOST, 1],
      [200, 200, 180], [201, 201, 9], [300, 300, 45], [400, 400, 9], [500, 500, 4],
    ], 1012, 5);
    const shares = cpuShares(before, after, HOST, 2);
    assert.deepEqual(shares, {
      wallMs: 1500, cores: 2,
      engineWorkerMs: 750, hostMainMs: 180, hostOtherMs: 230,
      browserMs: 1040, serverMs: 50, otherMs: 60, idleMs: 120, stealMs: 20,
    });
  });

  test('a thread that ran before the window opened is not the worker, however busy', () => {
    const before = snapshot(0, [[HOST, HOST, 0], [101, HOST, 0]], 0);
    const after = snapshot(1000, [[HOST, HOST, 10], [101, HOST, 90]], 0);
    const shares = cpuShares(before, after, HOST, 2);
    assert.equal(shares.engineWorkerMs, 0);
    assert.equal(shares.hostOtherMs, 900);
  });

  test('reads utime and stime from a stat line whose command holds spaces and parentheses', () => {
    const line = '4242 (Web Content (x)) S 1 4242 4242 0 -1 4194560 100 0 0 0 73 5 0 0 20 0 8 0 300 0 0';
    assert.equal(ticksOf(line), 78);
  });

  test('reads this machine: this thread is in its snapshot, and the idle time only grows (no snapshot off Linux)', async () => {
    const first = await cpuSnapshot();
    if (process.platform !== 'linux') {
      assert.equal(first, undefined);
      return;
    }
    const second = (await cpuSnapshot())!;
    assert.ok(first, 'Linux has /proc');
    assert.equal(first.threads.get(process.pid)?.pid, process.pid, 'this process\'s main thread is in the snapshot');
    assert.ok(second.idle >= first.idle && second.steal >= first.steal);
    assert.match(first.commands.get(process.pid)!, /node/);
  });
});
