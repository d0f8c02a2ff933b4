/**
 * Yields to the event loop (a macrotask, so timers, I/O and the UI's messages run first).
 * Long work in the extension host is cut into slices with a pause between them.
 */
export const pause = (): Promise<void> => new Promise<void>(resolve => setTimeout(resolve, 0));
