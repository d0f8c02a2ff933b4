// The command line's two bundles, for dist/ (esbuild.mjs) and for its npm package
// (scripts/cli-package.mjs): the entry, and the style engine that only `format` reads beside it.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

/** citeproc-js's licence notice, kept at the head of the bundle that holds it (CPAL 1.0, 3.5). */
export const CITEPROC_NOTICE = `citeproc-js (npm "citeproc" ${require('citeproc/package.json').version}), unmodified. Copyright (c) 2009-2019 Frank Bennett. `
  + 'Used under the Common Public Attribution License 1.0 (it is also offered under the AGPL): see licenses/LICENSE-citeproc-js.txt. '
  + 'Source: https://github.com/Juris-M/citeproc-js. Attribution: "Citations by CSL (citeproc-js)", https://citationstyles.org/. '
  + 'The CSL styles and locales herein: CC BY-SA 3.0, by their authors (licenses/LICENSE-CC-BY-SA-3.0.txt).';

/** The version `papers --version` and a SARIF log give: the repository's (src/cli/version.ts). */
export const CLI_VERSION = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;

/**
 * esbuild's options for the command line (`cli`, a CommonJS file run by node, and the commands it
 * loads, commands.js beside it) and the style
 * engine (`styles`: a CommonJS body that the engine worker and `format` evaluate; citeproc-js's
 * notice goes first, as minifying drops the comment that carries it), over `common`.
 */
export function cliBundles(common, { cli, styles }) {
  const define = { PAPERS_CLI_VERSION: JSON.stringify(CLI_VERSION) };
  return [
    // The entry: the usage and the version, and the commands' bundle loaded beside it (src/cli/main.ts).
    { ...common, absWorkingDir: root, platform: 'node', format: 'cjs', entryPoints: ['src/cli/main.ts'], outfile: cli, banner: { js: '#!/usr/bin/env node' }, define },
    { ...common, absWorkingDir: root, platform: 'node', format: 'cjs', entryPoints: ['src/cli/commands.ts'], outfile: join(dirname(cli), 'commands.js'), define },
    {
      ...common, absWorkingDir: root, platform: 'browser', format: 'cjs', entryPoints: ['src/styles.ts'], outfile: styles,
      banner: { js: `/* ${CITEPROC_NOTICE} */` },
    },
  ];
}
