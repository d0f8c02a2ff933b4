// The integration tests that do not run in VS Code for the web, each with the reason. Titles are
// mocha's full titles (suite and test); web/index.ts fails if one no longer names a test.
// The replay server of the paper services is a Node HTTP server: the tests of papers from the web start it in the
// extension host, which in a browser cannot listen on a port.
const REPLAY = 'starts the replay server of the paper services (node:http) in the extension host; a Web Worker cannot listen on a port';

export const NOT_ON_THE_WEB: Record<string, string> = {
  'The engine worker (large libraries off the extension host) a corpus of 20,000 papers is read and indexed in the engine worker, not in the extension host':
    'makes its 20,000-paper corpus file in a Node child process (node:child_process) and weighs the host\'s heap with process.memoryUsage(); a browser has neither',
  'Papers from the web: Add Paper by arXiv id, cited into a .tex: the key goes in, the entry appended has the authors and the eprint': REPLAY,
  'Papers from the web: Add Paper by DOI link, cited into a .md: the key goes in, the CSL-JSON or BibTeX entry has the authors': REPLAY,
  "Papers from the web: Add Paper only to the library: found by its words in Search Papers' ranking": REPLAY,
  'Papers from the web: Add Paper a server that answers 429 first: retried after Retry-After, and the paper comes': REPLAY,
  'Papers from the web: Add Paper a server that is down, or sends a malformed body: nothing is added, nothing thrown; a paper fetched before still comes from the cache': REPLAY,
  'Papers from the web: Add Paper Search Papers with no match in the library offers Hugging Face; a paper found there joins the library when opened': REPLAY,
  'Papers from the web: Add Paper a bundled paper looked up on Hugging Face: confirmed, it cites with its authors and arXiv id under the key it had': REPLAY,
  'Papers from the web: Add Paper with papers.web.enabled off, nothing is asked of the network': REPLAY,
  "Papers from the web: Daily Papers nothing is fetched until Daily Papers is opened; a date's papers in the site's order, with upvotes, in the tree": REPLAY,
  'Papers from the web: Daily Papers a fetched paper is whole in the library: authors and links; cited into a .tex with authors and eprint': REPLAY,
  'Papers from the web: Daily Papers a hostile title is text: the tree shows it as it came': REPLAY,
  'Papers from the web: Daily Papers the previous day (none recorded: a message) and the next, back from the cache without a request': REPLAY,
  'Papers from the web: Daily Papers sorted by date, then by upvotes again': REPLAY,
  'Papers from the web: Daily Papers the server down: the most recent day from the cache, with its date and why': REPLAY,
  'Papers from the web: Daily Papers a malformed answer for a week: a message, nothing shown, nothing thrown': REPLAY,
};
