// Evaluating the engine's source (host/engine/script.ts) in the web extension host, which has no
// `require` for an extension's own files (its loader resolves only 'vscode'); the engine ships
// compressed on both hosts, so its source is evaluated the way that loader evaluates an
// extension's main file: as a CommonJS function body. Compiling and running it are two steps
// (host/engine/load.ts), each a task of its own. The same source starts the engine worker (worker.web.ts).

/**
 * Compiles a bundle's source (the engine's, the features'); calling the result runs its top-level
 * code, with the `require` it is given (the features take 'vscode' and the host's modules through it), and returns its exports.
 */
export function compileEngineBody<T>(source: string): (require?: (id: string) => unknown) => T {
  const body = new Function('module', 'exports', 'require', source) as (module: unknown, exports: unknown, require: unknown) => void;
  return require => {
    const module: { exports: unknown } = { exports: {} };
    body(module, module.exports, require);
    return module.exports as T;
  };
}
