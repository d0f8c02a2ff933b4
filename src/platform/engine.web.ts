// Evaluating the engine's source (host/engine/script.ts) in the web extension host, which has no
// `require` for an extension's own files (its loader resolves only 'vscode'); the engine ships
// compressed on both hosts, so its source is evaluated the way that loader evaluates an
// extension's main file: as a CommonJS function body. Compiling and running it are two steps
// (host/engine/load.ts), each a task of its own. The same source starts the engine worker (worker.web.ts).

/** Compiles the engine's source; calling the result runs its top-level code and returns its exports. */
export function compileEngineBody<T>(source: string): () => T {
  const body = new Function('module', 'exports', 'require', source) as (module: unknown, exports: unknown, require: undefined) => void;
  return () => {
    const module: { exports: unknown } = { exports: {} };
    body(module, module.exports, undefined);
    return module.exports as T;
  };
}
