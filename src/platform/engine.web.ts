// Evaluating the engine's source (host/engineScript.ts) in the extension host. The web extension
// host has no `require` for an extension's own files (its loader resolves only 'vscode'), and
// the engine ships compressed on both hosts, so its source is evaluated the way that loader
// evaluates an extension's main file: as a CommonJS function body. The same source starts the
// engine worker (worker.web.ts, worker.node.ts).

/** The module the bundle's CommonJS footer exports. `require`: Node's, on the desktop. */
export function evaluateEngine<T>(source: string, require?: (id: string) => unknown): T {
  const module: { exports: unknown } = { exports: {} };
  new Function('module', 'exports', 'require', source)(module, module.exports, require);
  return module.exports as T;
}
