// Loading the engine bundle (dist/engine.js) into the extension host in a browser. The web
// extension host has no `require` for an extension's own files (its loader resolves only
// 'vscode'), so the web entry reads the bundle's bytes at activation and this evaluates them on
// first use, the way that loader evaluates an extension's main file: as a CommonJS function body.
// The same bytes start the engine worker (worker.web.ts).

/** The module the bundle's CommonJS footer exports. */
export function evaluateEngine<T>(script: Uint8Array): T {
  const module: { exports: unknown } = { exports: {} };
  const body = `${new TextDecoder().decode(script)}\n//# sourceURL=papers-engine.js`;
  new Function('module', 'exports', body)(module, module.exports);
  return module.exports as T;
}
