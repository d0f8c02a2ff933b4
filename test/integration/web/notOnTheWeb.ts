// The integration tests that do not run in VS Code for the web, each with the reason. Titles are
// mocha's full titles (suite and test); web/index.ts fails if one no longer names a test.
export const NOT_ON_THE_WEB: Record<string, string> = {
  'The engine worker (large libraries off the extension host) a corpus of 20,000 papers loads while a timer on the extension host keeps firing within 50 ms':
    'writes its corpus from a Node child process (node:child_process), so that making it is not timed as the host\'s own work; a browser has no processes',
};
