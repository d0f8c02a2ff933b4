// One build script for everything the extension ships and everything the tests run:
//   dist/extension.js      the desktop entry (node, cjs): Node's platform, then dist/host.js
//   dist/host.js           the host code activation runs, and the web entry (package.json "browser"):
//                          one file for the web extension host (a Web Worker) that imports only 'vscode'
//   dist/features.js       the features' host code (views, citing, checks, the web, Zotero, styles),
//                          loaded on first use; it takes the modules dist/host.js holds from it
//                          (`hostBundles` below), so that no module is in both
//   dist/engine.js         the engine (one classic script: evaluated by the host, run as its worker)
//   dist/styles.js         the style engine (citeproc-js, the bundled CSL styles and locales), which the
//                          engine worker loads on first need, and dist/styles.js.lz, its LZMA copy,
//                          which is what ships; dist/licenses/, the licences of what it holds
//   dist/webview/*         the details panel script (browser, iife) and its stylesheet
//   dist/cli.js            the command-line entry over the same core (the usage; dist/commands.js, the
//                          commands, loaded beside it when one runs); `format` reads dist/styles.js
//                          beside it, so citeproc-js is not in it twice (src/cli/format.ts); both
//                          built by scripts/cli-bundles.mjs, which the npm package's script
//                          (scripts/cli-package.mjs, npm run package:cli) builds them minified with
//   dist/corpus.json       the corpus built from seeds/; dist/names.index and dist/fulltext.index, its search index
//   out/**                 bench, corpus build step and test bundles (never shipped)
// Flags: --production (minify, no source maps), --watch (rebuild on change, seeds included).
// Type checking is `tsc --noEmit` (npm run typecheck); esbuild only strips types.
import * as esbuild from 'esbuild';
import { createRequire } from 'node:module';
import { readdirSync, rmSync, statSync, watch } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join, relative, sep } from 'node:path';
import { cliBundles } from './scripts/cli-bundles.mjs';

const production = process.argv.includes('--production');
const watching = process.argv.includes('--watch');
const root = import.meta.dirname;
const require = createRequire(import.meta.url);

const common = {
  bundle: true,
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  target: 'es2022',
  // The CSL styles and locales (src/data/styles/) are read as text.
  loader: { '.csl': 'text', '.xml': 'text' },
};
const node = { ...common, platform: 'node', format: 'cjs' };

/** Every file under `dir` whose name ends with `suffix`. */
function filesUnder(dir, suffix) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...filesUnder(path, suffix));
    else if (name.endsWith(suffix)) found.push(path);
  }
  return found;
}

/**
 * The host code needs the topics' names only (src/host/browse/topics.ts): their matching rules are
 * the engine's. Without them the host bundle, shipped beside the engine, is 4 KB smaller zipped.
 */
const topicNames = {
  name: 'topic-names',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]data[\\/]topics\.json$/ }, async ({ path }) => {
      const { catchAll, topics } = JSON.parse(await readFile(path, 'utf8'));
      const names = ({ id, label, description }) => ({ id, label, description });
      return { contents: JSON.stringify({ catchAll: names(catchAll), topics: topics.map(names) }), loader: 'json' };
    });
  },
};

/**
 * Packages in the engine as strings, each compiled the first time one of its functions is called.
 * js-yaml, compiled the first time a YAML bibliography is read, is
 * a sixth of the engine, which the extension host compiles too, where it is almost never used (a
 * document's inline `references:`): compiling the engine in a first session, before any code
 * cache, held the host 57 to 72 ms while a window loaded; with js-yaml as a string the engine
 * compiles in 23 ms rather than 30 in plain Node, and its top level runs in 6 rather than 10. A
 * string is only scanned; code, even in a function never called, is parsed. Only `load` is used
 * (src/core/bibliography/yaml/read.ts). @rgrove/parse-xml likewise (`parseXml`): the host never
 * reads arXiv's XML (the engine worker does, on the desktop), so it should not compile it.
 * `lazyFunctions({ package: [function names] })`.
 */
function lazyFunctions(packages) {
  const ns = 'lazy-functions';
  return {
    name: ns,
    setup(build) {
      const filter = new RegExp(`^(${Object.keys(packages).map(name => name.replace(/[/.@-]/g, c => `\\${c}`)).join('|')})$`);
      build.onResolve({ filter }, ({ path }) => ({ path, namespace: ns }));
      build.onLoad({ filter: /.*/, namespace: ns }, async ({ path: name }) => {
        const names = packages[name];
        const library = await esbuild.build({
          // Only what is named: the rest of the package stays out, as it does from a bundle that imports those alone.
          stdin: { contents: `export { ${names.join(', ')} } from '${name}';`, resolveDir: root }, bundle: true, minify: true, write: false, format: 'iife', globalName: 'lazyPackage',
          platform: 'browser', target: common.target, logLevel: 'warning',
        });
        const source = `${library.outputFiles[0].text}\nreturn lazyPackage;`;
        const contents = [`let made;\nconst library = () => (made ??= new Function(${JSON.stringify(source)})());`,
          ...names.map(fn => `export function ${fn}(...args) { return library().${fn}(...args); }`)].join('\n');
        return { contents, loader: 'js' };
      });
    },
  };
}

/**
 * 'vscode' required once for the whole host bundle. esbuild writes a `require("vscode")` for every
 * module that imports it (79 in dist/host.js), and in the extension host each goes through
 * VS Code's module interceptor and Node's resolution: 2.6-2.8 ms of every activation in a profile
 * of the window's host, against 0.9 a week before. Here one CommonJS module of the bundle requires
 * it, and every other module takes it from that one.
 */
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    const ns = 'vscode-once';
    build.onResolve({ filter: /^vscode$/ }, ({ namespace }) => (namespace === ns ? { path: 'vscode', external: true } : { path: 'vscode', namespace: ns }));
    build.onLoad({ filter: /.*/, namespace: ns }, () => ({ contents: "module.exports = require('vscode');", loader: 'js' }));
  },
};

/**
 * Names the bundle's version in its first bytes, `/*papers-version:HASH*\/` (a SHA-1 of the file
 * with the mark's placeholder in it), which the desktop host reads to key V8's code cache
 * (src/platform/codeCache.node.ts) instead of hashing the bundle at every activation. The mark is a
 * banner of fixed length, filled in once the file is written, so the source map still fits.
 */
const VERSION_PLACEHOLDER = '/*papers-version:___________________________*/';
const versionMark = {
  name: 'version-mark',
  setup(build) {
    build.initialOptions.banner = { ...build.initialOptions.banner, js: [VERSION_PLACEHOLDER, build.initialOptions.banner?.js].filter(Boolean).join('\n') };
    build.onEnd(async result => {
      const file = build.initialOptions.outfile;
      if (result.errors.length || !file) return;
      const text = await readFile(file, 'utf8');
      if (!text.startsWith(VERSION_PLACEHOLDER)) throw new Error(`${file} does not start with the version placeholder`);
      const hash = createHash('sha1').update(text).digest('base64url');
      await writeFile(file, `/*papers-version:${hash}*/${text.slice(VERSION_PLACEHOLDER.length)}`);
    });
  },
};

/** A module's name between the two host bundles: its path in the repository, with forward slashes. */
const moduleId = path => relative(root, path).split(sep).join('/');

/**
 * `papers:host-modules` in the host bundle: the namespaces of the modules the features bundle takes
 * from it (`fromHost`), by their path. Without `paths` (the first pass, that finds what the host
 * bundle holds), none.
 */
function hostModules(paths = new Set()) {
  const ns = 'host-modules';
  return {
    name: ns,
    setup(build) {
      build.onResolve({ filter: /^papers:host-modules$/ }, () => ({ path: ns, namespace: ns }));
      build.onLoad({ filter: /.*/, namespace: ns }, () => {
        const list = [...paths].sort();
        const contents = [
          ...list.map((path, i) => `import * as m${i} from ${JSON.stringify(path)};`),
          `export default { ${list.map((path, i) => `${JSON.stringify(moduleId(path))}: m${i}`).join(', ')} };`,
        ].join('\n');
        return { contents, resolveDir: root, loader: 'js' };
      });
    },
  };
}

/**
 * In the features bundle, every module the host bundle holds (`inHost`, absolute paths) is the host
 * bundle's own, taken through the `require('papers:host')` the host runs the bundle with: one copy
 * of each module, so that its state (the engine's loader, the test probes) and its classes
 * (`instanceof UserError`) are the same on both sides. `used` collects the modules taken.
 */
function fromHost(inHost, used) {
  const ns = 'from-host';
  return {
    name: ns,
    setup(build) {
      build.onResolve({ filter: /.*/ }, async args => {
        if (args.pluginData?.[ns] || args.kind === 'entry-point' || args.namespace !== 'file' || args.path === 'papers:host') return undefined;
        const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { [ns]: true } });
        if (found.errors.length || found.external || !inHost.has(found.path)) return undefined;
        used.add(found.path);
        return { path: moduleId(found.path), namespace: ns };
      });
      // The module's exports, named, from the host bundle's namespace of it: the features' code then
      // uses them as its own names (minified), not as properties of a required object. They are read
      // when the features load, after the host's code ran: an `export let` would not follow later changes.
      build.onLoad({ filter: /.*/, namespace: ns }, async ({ path }) => {
        const file = join(root, path);
        if (/^export (let|var)\b/m.test(await readFile(file, 'utf8'))) throw new Error(`${path} exports a variable, which the features bundle would read once: export a function or a const`);
        const { metafile } = await esbuild.build({ entryPoints: [file], bundle: false, write: false, metafile: true, format: 'esm', logLevel: 'silent', loader: common.loader });
        const names = Object.values(metafile.outputs)[0].exports;
        const named = names.filter(name => name !== 'default');
        const contents = [
          `const m = require('papers:host')[${JSON.stringify(path)}];`,
          named.length ? `export const { ${named.join(', ')} } = m;` : '',
          names.includes('default') ? 'export default m.default;' : '',
        ].join('\n');
        return { contents, loader: 'js' };
      });
    },
  };
}

/** `papers:integration-tests`: a loader for each integration test file, for the web test bundle. */
const integrationTests = {
  name: 'integration-tests',
  setup(build) {
    build.onResolve({ filter: /^papers:integration-tests$/ }, () => ({ path: 'integration-tests', namespace: 'papers' }));
    // `import Mocha = require('mocha')` (the summary reporter): the browser build's global.
    build.onResolve({ filter: /^mocha$/ }, () => ({ path: join(root, 'test', 'integration', 'web', 'mocha.ts') }));
    build.onLoad({ filter: /.*/, namespace: 'papers' }, () => {
      const files = filesUnder(join('test', 'integration'), '.test.ts').sort();
      const loaders = files.map(file => `() => require(${JSON.stringify(`./${file.split(sep).join('/')}`)})`);
      return { contents: `export const TEST_FILES = [${loaders.join(', ')}];`, resolveDir: root, loader: 'js', watchFiles: files };
    });
  },
};

const builds = [
  // The desktop entry, and the engine the host loads on first use (src/host/engine/load.ts).
  { ...node, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode', './engine.js', './host.js'] },
  // The engine: one classic script, which the host requires (the footer makes it a CommonJS
  // module there) and which runs as the engine worker (a Node worker thread, or a Web Worker).
  {
    ...common, platform: 'browser', format: 'iife', globalName: 'papersEngine', entryPoints: ['src/engine.ts'], outfile: 'dist/engine.js',
    external: ['node:worker_threads', 'node:fs', 'node:os', 'node:zlib'], plugins: [lazyFunctions({ 'js-yaml': ['load'], '@rgrove/parse-xml': ['parseXml'] }), versionMark],
    // Run as a Node worker thread's main script (as the unit tests start it), it serves too.
    footer: { js: "if (typeof module !== 'undefined') { module.exports = papersEngine; if (typeof require === 'function' && require.main === module) papersEngine.serveIfWorker(true); }" },
  },
  // The command line, and the style engine: a CommonJS body that the engine worker evaluates
  // (src/platform/styleEngine.ts) and `papers format` reads beside dist/cli.js (scripts/cli-bundles.mjs).
  ...cliBundles(common, { cli: 'dist/cli.js', styles: 'dist/styles.js' }),
  { ...common, platform: 'browser', format: 'iife', entryPoints: ['src/webview/details.ts'], outfile: 'dist/webview/details.js' },
  // Its stylesheet, minified like the script (a quarter smaller in the VSIX).
  { ...common, entryPoints: ['src/webview/details.css'], outfile: 'dist/webview/details.css' },
  // The references view (Papers: Show References), built as the details view is.
  { ...common, platform: 'browser', format: 'iife', entryPoints: ['src/webview/references.ts'], outfile: 'dist/webview/references.js' },
  { ...common, entryPoints: ['src/webview/references.css'], outfile: 'dist/webview/references.css' },
  // The bench measures the .bib readers' bundle sizes with esbuild itself, which is not bundled.
  { ...node, entryPoints: ['src/bench/main.ts'], outfile: 'out/bench.js', external: ['esbuild'] },
  { ...node, entryPoints: ['src/build/corpusBuild.ts'], outfile: 'out/corpusBuild.js' },
  { ...node, entryPoints: ['src/build/stylesBuild.ts'], outfile: 'out/stylesBuild.js' },
  // Tests: one bundle per test file; packages stay external so mocha, vscode and playwright are the real ones.
  {
    ...node, sourcemap: true, minify: false, packages: 'external', external: ['vscode'],
    entryPoints: [...filesUnder('test', '.ts')].filter(f => !f.endsWith('.d.ts') && !f.startsWith(join('test', 'integration', 'web'))),
    outbase: 'test', outdir: 'out/test',
  },
  // The integration tests for the web extension host: one classic script, as that host loads an
  // extension's files (scripts/run-web-integration.mjs). Node modules become the browser
  // packages or stand-ins of test/integration/web/.
  {
    ...common, sourcemap: 'inline', minify: false, platform: 'browser', format: 'cjs', external: ['vscode'],
    entryPoints: ['test/integration/web/index.ts'], outfile: 'out/test-web/integration.js',
    plugins: [integrationTests],
    alias: {
      'node:assert/strict': './test/integration/web/assertStrict.ts',
      ...Object.fromEntries(['node:child_process', 'node:fs', 'node:path'].map(name => [name, './test/integration/web/nodeOnly.ts'])),
    },
    define: { global: 'globalThis', 'process.env.PAPERS_TEST_GREP': JSON.stringify(process.env.PAPERS_TEST_GREP ?? '') },
    // mocha's browser build and the assert package read `process`, which a Web Worker lacks.
    banner: { js: "globalThis.process ??= { env: {}, argv: [], versions: {}, platform: 'browser', cwd: () => '/', nextTick: (f, ...a) => setTimeout(() => f(...a)) };" },
  },
];

/** The host code, once for both builds: the web entry itself, and what the desktop entry runs. */
const hostOptions = {
  ...common, platform: 'browser', format: 'cjs', entryPoints: ['src/extension.browser.ts'], outfile: 'dist/host.js', external: ['vscode'],
};
/** The features' host code, loaded on first use (src/host/features/load.ts). */
const featuresOptions = {
  ...common, platform: 'browser', format: 'cjs', entryPoints: ['src/features.ts'], outfile: 'dist/features.js', external: ['vscode', 'papers:host'],
};

/**
 * The host code as two bundles, in three passes: what the host bundle holds (activation's code),
 * then the features bundle, which takes those modules from it, then the host bundle, which gives
 * the features bundle the modules it takes.
 */
async function hostBundles() {
  const first = await esbuild.build({ ...hostOptions, write: false, metafile: true, sourcemap: false, plugins: [topicNames, vscodeOnce, hostModules()] });
  const inHost = new Set(Object.keys(first.metafile.inputs).filter(input => !input.includes(':')).map(input => join(root, input)));
  const used = new Set();
  await esbuild.build({ ...featuresOptions, plugins: [vscodeOnce, fromHost(inHost, used), topicNames, versionMark] });
  await esbuild.build({ ...hostOptions, plugins: [topicNames, vscodeOnce, hostModules(used), versionMark] });
  return used.size;
}

async function buildCorpus() {
  const started = Date.now();
  delete require.cache[require.resolve('./out/corpusBuild.js')];
  const { main } = require('./out/corpusBuild.js');
  const summary = await main({ root, production });
  console.log(`[build] corpus: ${summary} in ${Date.now() - started} ms`);
}

/** dist/styles.js.lz, what the engine worker loads (src/platform/styleEngine.ts), and the licences beside it. */
function packStyles() {
  delete require.cache[require.resolve('./out/stylesBuild.js')];
  console.log(`[build] ${require('./out/stylesBuild.js').packStyles({ root })}`);
}


if (watching) {
  const contexts = await Promise.all(builds.map(options => esbuild.context({
    ...options,
    plugins: [...(options.plugins ?? []), {
      name: 'report',
      setup(build) {
        build.onEnd(result => {
          const out = options.outfile ?? options.outdir;
          console.log(`[watch] ${out}: ${result.errors.length ? `${result.errors.length} error(s)` : 'built'}`);
          if (out === 'out/corpusBuild.js' && !result.errors.length) buildCorpus().catch(e => console.error(e));
          if ((out === 'dist/styles.js' || out === 'out/stylesBuild.js') && !result.errors.length) {
            try { packStyles(); } catch (error) { if (out === 'out/stylesBuild.js') console.error(error); }
          }
        });
      },
    }],
  })));
  await Promise.all(contexts.map(c => c.watch()));
  // The two host bundles are built together (`hostBundles`), again on any change under src/.
  const rebuildHost = () => hostBundles().then(n => console.log(`[watch] dist/host.js, dist/features.js: built (${n} modules shared)`), error => console.error(error));
  await rebuildHost();
  let hostTimer;
  watch(join(root, 'src'), { recursive: true }, () => {
    clearTimeout(hostTimer);
    hostTimer = setTimeout(rebuildHost, 100);
  });
  // esbuild watches sources only; the corpus also depends on the pages and data files.
  for (const dir of ['seeds', 'src/data']) {
    let timer;
    watch(join(root, dir), () => {
      clearTimeout(timer);
      timer = setTimeout(() => buildCorpus().catch(e => console.error(e)), 100);
    });
  }
  console.log('[watch] watching src, test, seeds (Ctrl+C to stop)');
} else {
  const started = Date.now();
  // Files of an earlier build (a deleted test, a renamed index) must not linger, run or ship.
  for (const dir of ['dist', join('out', 'test'), join('out', 'test-web')]) rmSync(join(root, dir), { recursive: true, force: true });
  await Promise.all([...builds.map(options => esbuild.build(options)), hostBundles()]);
  console.log(`[build] bundles in ${Date.now() - started} ms${production ? ' (production)' : ''}: dist/host.js, dist/features.js, ${builds.map(b => b.outfile ?? relative(root, b.outdir)).join(', ')}`);
  await buildCorpus();
  packStyles();
}
