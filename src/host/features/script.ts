// The features bundle as the extension ships it: dist/features.js, plain, beside dist/host.js,
// read and compiled on first use (load.ts), as the engine's is (host/engine/script.ts).

/** Where the features' shipped bytes are, beside the entries in dist/. */
export const FEATURES_SCRIPT = 'features.js';
