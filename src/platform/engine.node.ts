// Evaluating the engine on the desktop with V8's code cache. The engine is most of the
// extension's code, and evaluating it is the longest the extension holds the extension host
// (about 60 ms in plain Node, 65 to 125 ms while a window loads): 25 ms of that is compiling
// it, which a code cache from an earlier session takes to about 9 ms. The cache is kept in the
// extension's global storage, named by the engine's version and V8's (V8 itself checks only the
// source's length), and written a few seconds after the first evaluation, so that it also holds
// the functions the host has compiled by then. Compiling and running are two steps, each a task
// of its own (host/engine.ts). The web build compiles it with `new Function` (engine.web.ts).
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Script } from 'node:vm';

/** The engine compiled, not yet run: compiling and running are each a step of their own (host/engine.ts). */
export interface CompiledEngine<T> {
  /** Whether V8 took the cached code. */
  fromCache: boolean;
  /** Runs the engine's top-level code and returns its exports. */
  run(require: (id: string) => unknown): T;
  /** Writes the cache (nothing when it was taken, or there is no folder); never fails. */
  save(): Promise<void>;
}

/**
 * A name for the engine's version: a hash of the bytes it ships as (81 KB; hashing the 265 KB
 * source string instead took 7 to 16 ms of the host while the window loaded). It is what keeps
 * one version of the engine from taking another's cache: V8 checks only the source's length.
 */
export function engineVersion(packed: Uint8Array): string {
  return createHash('sha1').update(packed).digest('base64url');
}

const PREFIX = 'engine-';
const SUFFIX = '.v8cache';

/**
 * Compiles the engine's source as a CommonJS function body (as `compileEngineBody` does on the web), with the
 * code cached in `folder` if one is there for this `version` of it (`engineVersion`); `save`
 * writes it for the next session, once `run` has run.
 */
export function compileEngine<T>(source: string, version: string, folder: string | undefined, filename: string): CompiledEngine<T> {
  const file = folder && join(folder, `${PREFIX}${version}-${process.versions.v8.replace(/[^\w.]/g, '_')}${SUFFIX}`);
  let cachedData: Buffer | undefined;
  try {
    if (file) cachedData = readFileSync(file);
  } catch {
    // None yet: this session makes it.
  }
  const script = new Script(`(function (module, exports, require) {${source}\n})`, { filename, cachedData });
  const fromCache = cachedData !== undefined && !script.cachedDataRejected;
  const run = (require: (id: string) => unknown): T => {
    const module: { exports: unknown } = { exports: {} };
    (script.runInThisContext() as (m: unknown, e: unknown, r: unknown) => void)(module, module.exports, require);
    return module.exports as T;
  };
  const save = async () => {
    if (!file || !folder || fromCache) return;
    try {
      // Made at once (a few ms), written in the background.
      const data = script.createCachedData();
      await mkdir(folder, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
      // Caches of other versions of the engine (or of V8) are of no more use.
      for (const name of await readdir(folder)) {
        if (name.startsWith(PREFIX) && name.endsWith(SUFFIX) && join(folder, name) !== file) await rm(join(folder, name), { force: true });
      }
    } catch {
      // A cache is only a saving: without one the engine is compiled as before.
    }
  };
  return { fromCache, run, save };
}
