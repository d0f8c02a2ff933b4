// Command-line entry over the same core as the extension, for scripts and checks outside the editor.
// The usage and the version are answered here, from text alone; the commands' code is another
// bundle beside this one (src/cli/commands.ts, dist/commands.js), read only when a command runs:
// `papers --help` starts without parsing 400 KB it would not run.
import { join } from 'node:path';
import { asksForHelp } from './commandLine';
import { watchOutput } from './output';
import { usageFor } from './usage';
import { VERSION } from './version';

const argv = process.argv.slice(2);
if (asksForHelp(argv)) {
  watchOutput();
  process.stdout.write(`${usageFor(argv)}\n`);
} else if (argv.length === 1 && argv[0] === '--version') {
  watchOutput();
  process.stdout.write(`${VERSION}\n`);
} else {
  // Beside this file in every layout: dist/ in a clone, lib/ in the package (esbuild.mjs, scripts/cli-bundles.mjs).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file of its own, loaded only here
  (require(join(__dirname, 'commands.js')) as typeof import('./commands')).main(argv);
}
