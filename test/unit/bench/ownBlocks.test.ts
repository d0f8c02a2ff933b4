// The bench's share of a host block that was ours (test/bench/ownBlocks.ts), on a
// profile made up to the shape V8 gives: which samples are ours, garbage collection after our
// code, a gap while the thread waited for a core, and the clocks of the blocks and the profile.
import * as assert from 'node:assert/strict';
import { ownShares, type CpuProfile } from '../../bench/ownBlocks';

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });

/** Samples every 0.5 ms from `startTime` (µs), each a node id. */
function profile(startTime: number, ids: number[], gaps: Record<number, number> = {}): CpuProfile {
  return {
    startTime,
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 4, 5, 6] },
      { id: 2, callFrame: frame('check', 'file:///ext/dist/host.js'), children: [3] },
      { id: 3, callFrame: frame('stat') },
      { id: 4, callFrame: frame('spawn', 'file:///vscode/out/vs/workbench/api/node/extensionHostProcess.js') },
      { id: 5, callFrame: frame('(idle)') },
      { id: 6, callFrame: frame('(garbage collector)') },
    ],
    samples: ids,
    timeDeltas: ids.map((_, i) => (gaps[i] ?? 0.5) * 1000),
  };
}

suite('our share of the extension host\'s blocks (the bench)', () => {
  test('counts the samples with our code on the stack, and garbage collection right after it', () => {
    // 20 samples of ours (one in native code under it), one GC, then 40 of VS Code's: 0.5 ms each.
    const ids = [...Array(19).fill(2), 3, 6, ...Array(40).fill(4), ...Array(10).fill(5)];
    const [share] = ownShares(profile(1_000_000, ids), [{ at: 31, ms: 31 }], 1000);
    assert.equal(share.what, 'check (host.js)');
    assert.equal(share.ours, 10.5);
    const [theirs] = ownShares(profile(1_000_000, [...Array(40).fill(4), 6, ...Array(10).fill(5)]), [{ at: 25, ms: 24 }], 1000);
    assert.deepEqual([theirs.ours, theirs.what], [0, ''], 'GC after VS Code\'s code is not ours');
  });

  test('a sample stands for at most 2 ms: a longer gap is a wait for a core', () => {
    const ids = [2, 2, 4, 4];
    const [share] = ownShares(profile(1_000_000, ids, { 2: 40 }), [{ at: 45, ms: 45 }], 1000);
    assert.equal(share.ours, 2.5);
  });

  test('blocks are placed by the monotonic clock, and sorted by our share', () => {
    // The profile started 100 ms before the blocks' zero: 200 samples of VS Code's before it,
    // then ours until 50 ms, then VS Code's again.
    const ids = [...Array(200).fill(4), ...Array(100).fill(2), ...Array(60).fill(4)];
    const shares = ownShares(profile(900_000, ids), [{ at: 80, ms: 30 }, { at: 5, ms: 5 }, { at: 50, ms: 50 }], 1000);
    assert.deepEqual(shares.map(s => [s.at, s.ours]), [[50, 49.5], [5, 4.5], [80, 0.5]]);
  });
});
