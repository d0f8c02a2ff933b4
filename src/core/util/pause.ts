/**
 * Yields to the event loop (a macrotask, so timers, I/O and the UI's messages run first).
 * Long work in the extension host is cut into slices with a pause between them.
 *
 * In Node, `setImmediate`: a `setTimeout(0)` that comes due while other slices run is run in
 * the same pass over the timers, so that several sliced jobs at once (the bundled files decoded
 * side by side) held the extension host for their whole length, 330 ms in a profile; immediates
 * queued during a pass wait for the next turn of the loop, after its I/O. Browsers have no
 * `setImmediate`; there each timer is a task of its own.
 */
const defer: (resolve: () => void) => unknown = typeof setImmediate === 'function' ? setImmediate : resolve => setTimeout(resolve, 0);

export const pause = (): Promise<void> => new Promise<void>(resolve => { defer(resolve); });
