// The features bundle's entry (dist/features.js): the host code activation does not need, loaded
// on first use (src/host/features/load.ts). The modules it shares with dist/host.js are taken from
// that bundle, not bundled again (esbuild.mjs, `fromHost`).
export { startFeatures } from './host/features/start';
