// The host bundle's modules that the features bundle takes from it, by path: made by the build
// (esbuild.mjs, `hostModules`), imported by the host's entry (src/extension.browser.ts).
declare module 'papers:host-modules' {
  const modules: Record<string, unknown>;
  export default modules;
}
