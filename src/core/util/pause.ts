/**
 * Yields to the event loop (a macrotask, so timers, I/O and the UI's messages run first).
 * Long work in the extension host is cut into slices with a pause between them.
 *
 * In Node, `setImmediate`: a `setTimeout(0)` that comes due while other slices run is run in
 * the same pass over the timers, so that several sliced jobs at once (the bundled files decoded
 * side by side) held the extension host for their whole length, in a profile; immediates
 * queued during a pass wait for the next turn of the loop, after its I/O. An immediate queued
 * while the loop handles I/O (a message from VS Code, as activation is) runs in that same turn,
 * before any other I/O: hence two, the second queued from the first. Browsers have no
 * `setImmediate`; there each timer is a task of its own.
 */
const defer: (resolve: () => void) => unknown = typeof setImmediate === 'function' ? resolve => setImmediate(() => setImmediate(resolve)) : resolve => setTimeout(resolve, 0);

export const pause = (): Promise<void> => new Promise<void>(resolve => { defer(resolve); });

/** Runs `steps` to the end at once and returns what the last step returns (`inSlices` without the pauses). */
export function runToEnd<T>(steps: Iterator<unknown, T, undefined>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

export interface SliceOptions {
  /** How long one slice may run (ms). */
  budgetMs?: number;
  /** The clock (a test's own). */
  now?: () => number;
}

/**
 * Runs `steps` to the end, as many steps at a time as fit in `budgetMs`, with `pause()` between
 * slices, and returns what the last step returns. Slices are cut by time, not by amount: the
 * same amount of work takes ten times longer while the code is still cold (the first slice of
 * a decoder is many times a later one), and longer again on a busy machine.
 */
export async function inSlices<T>(steps: Iterator<unknown, T, undefined>, pause: () => Promise<void>, { budgetMs = 4, now = () => performance.now() }: SliceOptions = {}): Promise<T> {
  for (;;) {
    const started = now();
    let step: IteratorResult<unknown, T>;
    do {
      step = steps.next();
      if (step.done) return step.value;
    } while (now() - started < budgetMs);
    await pause();
  }
}

/**
 * How long a loop over many items (papers, entries, files) may hold the thread before it pauses:
 * long enough that the pauses cost nothing measurable, short enough that a keystroke or a message
 * waiting behind the loop is not felt.
 */
export const SLICE_BUDGET_MS = 15;

export interface EachInSlicesOptions extends SliceOptions {
  /** Items between two looks at the clock: 1 for items that take long (or wait), more for cheap ones, where the clock would cost more than they do. */
  every?: number;
  /** The pause between slices (a test's own). */
  pause?: () => Promise<void>;
}

/**
 * Runs `each` over `items` in order, waiting for it when it returns a promise, and pauses
 * (`pause()`: in Node an immediate, never a `setTimeout(0)`, see above) whenever the slice has
 * run `budgetMs`; the clock is read every `every` items.
 *
 * @example await eachInSlices(entries, entry => index.add(entry), { every: 32 })
 */
export async function eachInSlices<T>(items: Iterable<T>, each: (item: T, index: number) => void | Promise<void>,
  { budgetMs = SLICE_BUDGET_MS, every = 1, now = () => performance.now(), pause: wait = pause }: EachInSlicesOptions = {}): Promise<void> {
  let started = now();
  let index = 0;
  for (const item of items) {
    const done = each(item, index);
    if (done) await done;
    if (++index % every === 0 && now() - started > budgetMs) {
      await wait();
      started = now();
    }
  }
}
