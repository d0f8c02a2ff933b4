// How much of each block of the extension host was ours. The event loop is shared: VS Code's
// own work (spawning processes, loading other extensions) and a machine short of cores hold it
// up too, and the 1 ms timer that finds the blocks counts all of it. The host's CPU profile
// tells them apart: the share of a block is the time its samples show our code on the stack
// (garbage collection right after our code counts as ours). Runs of our code that yield between
// slices are not blocks: the timer ticks between them, so only the timer says what a block is.
// A sample stands for at most SAMPLE_CAP_MS: a longer gap to the next one is the thread waiting
// for a core (the sampler interrupts it only while it runs), whoever's code it was in.

/** The parts of a V8 CPU profile (Profiler.stop) read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  /** When it started, and each sample after the one before, in µs of the monotonic clock. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A block the 1 ms timer found: when it ended (ms after `start`) and how long it was. */
export interface Block { at: number; ms: number }

export interface OwnShare extends Block {
  /** Of the block, the time our code ran. */
  ours: number;
  /** Our outermost function seen most in it: where to look. */
  what: string;
}

const SAMPLE_CAP_MS = 2;

/** Our bundles as the host runs them: the extension, and the engine evaluated from its LZMA file. */
const OURS = /\/dist\/(?:host|extension|engine)\.js/;

/**
 * Our share of each block, largest first. `start`: what the blocks' times count from, in ms of
 * the monotonic clock (`process.hrtime`), which the profile's times are in too.
 */
export function ownShares(profile: CpuProfile, blocks: readonly Block[], start: number): OwnShare[] {
  const byId = new Map(profile.nodes.map(n => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const outer = new Map<number, string | null>();
  // A node's outermost frame of ours, or null.
  const oursOf = (id: number): string | null => {
    if (outer.has(id)) return outer.get(id)!;
    let found: string | null = null;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (OURS.test(frame.url)) found = `${frame.functionName || '(anonymous)'} (${frame.url.slice(frame.url.lastIndexOf('/') + 1)})`;
    }
    outer.set(id, found);
    return found;
  };
  // Each sample's time, the time it stands for (until the next), and whose it is.
  const samples: { t: number; ms: number; ours: string | null }[] = [];
  let t = profile.startTime / 1000 - start;
  let last: string | null = null;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] / 1000;
    const node = byId.get(profile.samples[i])!;
    const name = node.callFrame.functionName;
    const ours: string | null = name === '(garbage collector)' ? last : oursOf(node.id);
    if (name !== '(garbage collector)') last = ours;
    const next = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] / 1000 : 0;
    samples.push({ t, ms: Math.min(next, SAMPLE_CAP_MS), ours });
  }
  return blocks.map(block => {
    const from = block.at - block.ms;
    const names = new Map<string, number>();
    let ours = 0;
    for (const s of samples) {
      if (s.t < from || s.t >= block.at || !s.ours) continue;
      ours += Math.min(s.ms, block.at - s.t);
      names.set(s.ours, (names.get(s.ours) ?? 0) + s.ms);
    }
    const what = [...names].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    return { ...block, ours: Math.round(ours * 10) / 10, what };
  }).sort((a, b) => b.ours - a.ours);
}

/**
 * Watches the event loop with a 1 ms timer: the longest gap between two ticks, and each gap over
 * `over` ms, by when it ended (ms after `from()`), to find in the profile.
 */
export function watchBlocks(over: number, from: () => number) {
  const blocks: { at: number; ms: number }[] = [];
  const state = { longest: 0, blocks };
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    const gap = now - last - 1;
    if (gap > over) blocks.push({ at: Math.round(now - from()), ms: Math.round(gap) });
    state.longest = Math.max(state.longest, gap);
    last = now;
  }, 1);
  return { state, stop: () => clearInterval(tick) };
}
