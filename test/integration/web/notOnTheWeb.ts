// The integration tests that do not run in VS Code for the web, each with the reason. Titles are
// mocha's full titles (suite and test); web/index.ts fails if one no longer names a test.
export const NOT_ON_THE_WEB: Record<string, string> = {
  'The engine worker (large libraries off the extension host) a corpus of 20,000 papers is read and indexed in the engine worker, not in the extension host':
    'makes its 20,000-paper corpus file in a Node child process (node:child_process) and weighs the host\'s heap with process.memoryUsage(); a browser has neither',
};
