// The integration tests that do not run in VS Code for the web, each with the reason. Titles are
// mocha's full titles (suite and test); web/index.ts fails if one no longer names a test.
export const NOT_ON_THE_WEB: Record<string, string> = {
  'The engine worker (large libraries off the extension host) a corpus of 20,000 papers is read and indexed in the engine worker, not in the extension host':
    'makes its 20,000-paper corpus file in a Node child process (node:child_process) and weighs the host\'s heap with process.memoryUsage(); a browser has neither',
  'Your bibliography (the sample workspace) a pipe named as a bibliography is a problem naming it, never read: the other bibliography still completes, nothing hangs':
    'makes a pipe with mkfifo (node:child_process); the web\'s file system (workspace.fs) has no pipes',
  'A project opened at a chapter a folder of chapters moved into the project in one step is read: what its chapters cite is no longer faded, and faded again when it is moved out':
    'moves a folder in from outside the workspace with node:fs; the web\'s workspace is in the page\'s memory, with nothing outside it',
};
