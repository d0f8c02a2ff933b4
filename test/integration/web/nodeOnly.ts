// Stands in for a Node module (node:child_process, node:path, …) in the web test bundle. A test
// file that imports one still loads; only a test that uses it fails, and such tests are listed
// in notOnTheWeb.ts, so none runs.
export = new Proxy({}, {
  get(_target, name) {
    // What the bundler's module interop asks of any module, at load.
    if (typeof name === 'symbol' || name === '__esModule' || name === 'default') return undefined;
    throw new Error(`${String(name)}: a Node module, which the web extension host does not have (list the test in test/integration/web/notOnTheWeb.ts)`);
  },
});
