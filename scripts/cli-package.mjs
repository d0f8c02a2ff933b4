// `npm run package:cli`: the command line as an npm package of its own (README, "Check citations in
// CI"), built into dist/cli-package/ and packed into dist/papers-VERSION.tgz:
//   bin/papers.js      what `papers` runs: the bundle, with Node's compile cache where Node has one
//   lib/cli.js         the command line's entry, minified (scripts/cli-bundles.mjs): the usage, and
//   lib/commands.js    the commands, which it loads when one runs
//   lib/styles.js      the style engine, which only `papers format` reads
//   lib/corpus.json, names.index, fulltext.index, csl-styles.tsv   the data it reads beside itself
//   lib/licenses/      citeproc-js's and the CSL files' licences, and every bundled package's
//   package.json, README.md   from src/cli/package/;  LICENSE   the repository's
// No dependencies and no install scripts: installing it runs nothing. Needs a build first
// (`node esbuild.mjs`, for the data files). Prints the tarball's path and size.
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CLI_VERSION, cliBundles } from './cli-bundles.mjs';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const out = join(dist, 'cli-package');
const lib = join(out, 'lib');
/** What the command line reads beside itself (src/cli/library.ts, src/cli/cslRepository.ts). */
const DATA = ['corpus.json', 'names.index', 'fulltext.index', 'csl-styles.tsv'];

for (const name of DATA) {
  if (!existsSync(join(dist, name))) throw new Error(`dist/${name} is missing: run \`node esbuild.mjs\` first`);
}
rmSync(out, { recursive: true, force: true });
mkdirSync(join(lib, 'licenses'), { recursive: true });
mkdirSync(join(out, 'bin'));

const common = { bundle: true, minify: true, sourcemap: false, logLevel: 'warning', target: 'es2022', loader: { '.csl': 'text', '.xml': 'text' }, metafile: true };
const results = await Promise.all(cliBundles(common, { cli: join(lib, 'cli.js'), styles: join(lib, 'styles.js') }).map(options => esbuild.build(options)));
for (const name of DATA) copyFileSync(join(dist, name), join(lib, name));

// The licences: citeproc-js's and the CSL files' (src/data/styles/, as the VSIX ships them), then
// each other package the bundles hold, its own licence file as it ships it.
for (const name of readdirSync(join(dist, 'licenses'))) copyFileSync(join(dist, 'licenses', name), join(lib, 'licenses', name));
const packages = new Set();
for (const result of results) {
  for (const input of Object.keys(result.metafile.inputs)) {
    const parts = input.split(/[\\/]/);
    const at = parts.lastIndexOf('node_modules');
    if (at >= 0) packages.add(parts[at + 1].startsWith('@') ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1]);
  }
}
const bundled = [];
for (const name of [...packages].sort()) {
  if (name === 'citeproc') continue; // licenses/LICENSE-citeproc-js.txt, with its notice (docs/licences.md)
  const folder = join(root, 'node_modules', name);
  const licence = readdirSync(folder).find(file => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(file));
  if (!licence) throw new Error(`${name} is bundled in the command line but ships no licence file: add its licence text by hand`);
  const { version, license } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  copyFileSync(join(folder, licence), join(lib, 'licenses', `LICENSE-${name.replace('/', '-')}.txt`));
  bundled.push(`${name} ${version} (${license})`);
}
writeFileSync(join(lib, 'licenses', 'README.txt'), `What lib/ bundles besides Papers' own code (MIT, ../../LICENSE), each with its licence beside this file:\n`
  + `citeproc-js and the CSL styles and locales, in lib/styles.js (LICENSE-citeproc-js.txt, LICENSE-CC-BY-SA-3.0.txt);\n${bundled.join('\n')}\n`);

// `papers`: the bundle run as it is; Node 22's compile cache (when there) spares later starts compiling it.
writeFileSync(join(out, 'bin', 'papers.js'), "#!/usr/bin/env node\n'use strict';\nrequire('node:module').enableCompileCache?.();\nrequire('../lib/cli.js');\n", { mode: 0o755 });

const manifest = JSON.parse(readFileSync(join(root, 'src', 'cli', 'package', 'package.json'), 'utf8'));
writeFileSync(join(out, 'package.json'), `${JSON.stringify({ ...manifest, version: CLI_VERSION }, null, 2)}\n`);
copyFileSync(join(root, 'src', 'cli', 'package', 'README.md'), join(out, 'README.md'));
copyFileSync(join(root, 'LICENSE'), join(out, 'LICENSE'));

// npm pack runs no script of ours (the manifest has none) and needs no network.
const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dist], { cwd: out, encoding: 'utf8', env: { ...process.env, npm_config_offline: 'true' } }))[0];
const tarball = join(dist, packed.filename);
const size = statSync(tarball).size;
const files = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap(e => (e.isDirectory() ? files(join(dir, e.name)) : [relative(out, join(dir, e.name)).split(sep).join('/')]));
console.log(`[package:cli] ${relative(root, tarball)}: ${(size / 1024).toFixed(0)} KB packed, ${(packed.unpackedSize / 1024).toFixed(0)} KB installed, ${files(out).length} files`);
// The path alone on the last line, for scripts and tests.
console.log(tarball);

