// The virtual module esbuild.mjs makes for the web test bundle: one loader per integration test file.
declare module 'papers:integration-tests' {
  export const TEST_FILES: (() => void)[];
}
