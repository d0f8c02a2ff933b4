// Runs the integration tests (out/test/integration/index.js, the standard run() entry) inside a
// real VS Code extension host: code-server, driven through Chromium. The workspace is a fresh
// copy of test/fixtures/workspace, so tests may edit files. Then the few tests of Restricted Mode
// (test/integration/untrusted), in a folder VS Code does not trust, and those of a first use
// (test/integration/firstUse), in a fresh window where Papers has not run. Build first (node esbuild.mjs).
// Usage: node scripts/run-integration.mjs      (PAPERS_VSCODE_VERBOSE=1 shows code-server's log)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, copyFixtureWorkspace, removeWorkspaceOnExit, runExtensionTests } from './vscode-server.mjs';

process.env.PAPERS_TEST_STAGE ??= 'integration';
const workspace = copyFixtureWorkspace();
removeWorkspaceOnExit(workspace);
const code = await runExtensionTests({ extensionTestsPath: join(ROOT, 'out/test/integration/index'), workspace });
const untrusted = copyFixtureWorkspace();
removeWorkspaceOnExit(untrusted);
// A folder setting naming a corpus file (a saved page of one paper): Restricted Mode must not read it.
mkdirSync(join(untrusted, '.vscode'));
writeFileSync(join(untrusted, '.vscode', 'settings.json'), JSON.stringify({ 'papers.corpus.files': ['mine.txt'] }));
writeFileSync(join(untrusted, 'mine.txt'), 'new\n\nDaily Papers\n\nbyAK and the research community\n\nNov 1\n\n'
  + 'Quantum Widgets: A First Look\n\nAn abstract about quantum widgets for the Restricted Mode test.\n\n  • 3 authors\n·\nMar 3, 2025 7');
const restricted = process.env.PAPERS_TEST_GREP ? 0
  : await runExtensionTests({ extensionTestsPath: join(ROOT, 'out/test/integration/untrusted/index'), workspace: untrusted, trusted: false });
const fresh = copyFixtureWorkspace();
removeWorkspaceOnExit(fresh);
const firstUse = process.env.PAPERS_TEST_GREP ? 0
  : await runExtensionTests({ extensionTestsPath: join(ROOT, 'out/test/integration/firstUse/index'), workspace: fresh });
process.exit(code || restricted || firstUse);
