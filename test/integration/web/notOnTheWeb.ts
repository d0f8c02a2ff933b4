// The integration tests that do not run in VS Code for the web, each with the reason. Titles are
// mocha's full titles (suite and test); web/index.ts fails if one no longer names a test.
const ZOTERO_SERVER = 'starts a stand-in for Zotero\'s local API in the extension host (node:http); in a browser Papers does not ask Zotero at all (zotero.web.test.ts checks what it says instead)';

export const NOT_ON_THE_WEB: Record<string, string> = {
  'Rename a key (F2) and find every citation (Shift+F12) a read-only chapter refuses the rename, naming it, and nothing changes':
    'makes a chapter read-only with chmod (node:fs); the web\'s workspace is in the page\'s memory, where no file is read-only',
  'Zotero library turned on, every item of the library is read, a page at a time, and searched with the library\'s ranking':
    ZOTERO_SERVER,
  'Zotero library the Papers view shows the Zotero library\'s collections, nested as in Zotero, each with its works; a row opens its details':
    ZOTERO_SERVER,
  'Zotero library completing \\cite{ offers a Zotero item, and its hover says what it is':
    ZOTERO_SERVER,
  'Zotero library citing a Zotero item puts its key in and appends its entry to the document\'s bibliography, once':
    ZOTERO_SERVER,
  'Zotero library the details of a Zotero item show its fields, tags and notes as text; Open PDF hands Zotero its PDF, Open PDF in VS Code opens the file, Show in Zotero selects it':
    ZOTERO_SERVER,
  'Zotero library a cited Zotero item, now an entry of the writer: its details still come from Zotero; an answer Papers cannot read is said, and Retry reads it again':
    ZOTERO_SERVER,
  'Zotero library a cited key only Zotero has: the hover says so, and "Add from Zotero to references.bib" appends exactly its entry as one undo step; then nothing is offered':
    ZOTERO_SERVER,
  'Zotero library an item added in Zotero joins on Refresh Zotero Library, under the key Better BibTeX gave it':
    ZOTERO_SERVER,
  'Zotero library what changed in Zotero since it was last read is all that is asked for: a retitled item keeps its key, a deleted one leaves; nothing changed costs one "not modified"':
    ZOTERO_SERVER,
  'Zotero library a Zotero that does not let other applications in, or is too old, is told once each, and its items stay; focus soon after does not ask again':
    ZOTERO_SERVER,
  'Zotero library a library larger than what crosses to the engine at once is read whole, a chunk at a time: every item searched':
    ZOTERO_SERVER,
  'Zotero library a Zotero found listening while Papers does not read it: the writer is asked; Turn On reads it, Not Now leaves it off; nothing listening, nothing asked':
    ZOTERO_SERVER,
  'Zotero library a Zotero that is not running is told once, and the rest of Papers goes on':
    ZOTERO_SERVER,
  'Zotero library with Better BibTeX completion offers Better BibTeX\'s key, and citing appends its own export in the bibliography\'s flavour, verbatim':
    ZOTERO_SERVER,
  'Zotero library with Better BibTeX without Better BibTeX (404 on its path), keys and entries are Papers\' own, and it is asked once a refresh':
    ZOTERO_SERVER,
  'Zotero group libraries the group is read beside the writer\'s library; a group that answers an error is told once, and the rest is read':
    ZOTERO_SERVER,
  'Zotero group libraries the Zotero node shows My Publications and the group with its collection and items, after the writer\'s collections':
    ZOTERO_SERVER,
  'Zotero group libraries completing \\cite{ offers a group\'s item, and citing it appends its entry':
    ZOTERO_SERVER,
  'Zotero group libraries a group item\'s details come from the group\'s library: Open PDF and Show in Zotero name the group':
    ZOTERO_SERVER,
  'Zotero group libraries a group\'s item changed in Zotero appears after the next focus, asked of that group alone; the broken group, mended, is read then':
    ZOTERO_SERVER,
  'The engine worker (large libraries off the extension host) a corpus of 20,000 papers is read and indexed in the engine worker, not in the extension host':
    'makes its 20,000-paper corpus file in a Node child process (node:child_process) and weighs the host\'s heap with process.memoryUsage(); a browser has neither',
  'Your bibliography (the sample workspace) a pipe named as a bibliography is a problem naming it, never read: the other bibliography still completes, nothing hangs':
    'makes a pipe with mkfifo (node:child_process); the web\'s file system (workspace.fs) has no pipes',
  'A project opened at a chapter a folder of chapters moved into the project in one step is read: what its chapters cite is no longer faded, and faded again when it is moved out':
    'moves a folder in from outside the workspace with node:fs; the web\'s workspace is in the page\'s memory, with nothing outside it',
};
