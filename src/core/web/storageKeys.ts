// The names under which the web cache keeps what it keeps (files in the extension's global
// storage), apart from the cache itself: the host looks for a file by name without loading the
// readers and schemas the cache needs (they live in the engine bundle).

/** The papers the user kept in the library (added, looked up, taken from a search, starred). */
export const KEPT_PAPERS = 'library';
