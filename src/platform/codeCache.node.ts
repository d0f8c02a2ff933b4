// Compiling the extension's code on the desktop with V8's code cache. The engine is most of the
// extension's code, and evaluating it is the longest the extension holds the extension host
// (docs/performance.md has the figures): much of that is compiling it, which a code cache from
// an earlier session cuts to a third; the host's own code
// (dist/host.js, compiled at activation) is cached the same way. The caches are kept in the
// extension's global storage, named by the code's version and V8's (V8 itself checks only the
// source's length), and written a few seconds after first use, once the host is quiet, so that
// they also hold the functions compiled by then. Compiling and running are two steps, each a task of its own
// (host/engine/load.ts). The web build compiles the engine with `new Function` (engine.web.ts).
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Script } from 'node:vm';

/** Code compiled, not yet run: compiling and running are each a step of their own (host/engine/load.ts). */
export interface CompiledCode<T> {
  /** Whether V8 took the cached code. */
  fromCache: boolean;
  /** Runs the code's top-level statements and returns its exports. */
  run(require: (id: string) => unknown): T;
  /** Writes the cache (nothing when it was taken, or there is no folder); never fails. */
  save(): Promise<void>;
}

/**
 * How the build names a bundle's version in its first bytes (esbuild.mjs, `versionMark`): a hash
 * of the file made at build time, so that activation reads it rather than hashing 218 KB (the
 * first hash of a process also lists every hash Node has: 1.6-2.2 ms of the extension host in a
 * profile of a window's activation).
 */
export const VERSION_MARK = '/*papers-version:';

/**
 * A name for a version of the code: the build's mark in its first bytes, or else a hash of the
 * bytes it ships as. It is what keeps one version from taking another's cache: V8 checks only the
 * source's length.
 */
export function codeVersion(packed: Uint8Array): string {
  const head = Buffer.from(packed.buffer, packed.byteOffset, Math.min(packed.byteLength, 64)).toString('latin1');
  const end = head.indexOf('*/');
  if (head.startsWith(VERSION_MARK) && end > VERSION_MARK.length) return head.slice(VERSION_MARK.length, end);
  return createHash('sha1').update(packed).digest('base64url');
}

const SUFFIX = '.v8cache';

/** Where the code cache of this `version` of the code under `name` is kept (the engine worker reads the engine's too). */
export function cacheFile(folder: string, version: string, name = 'engine'): string {
  return join(folder, `${name}-${version}-${process.versions.v8.replace(/[^\w.]/g, '_')}${SUFFIX}`);
}

/**
 * A CommonJS bundle's source as the function body it is compiled as, here and by the engine
 * worker's first script (worker.node.ts): a code cache fits only the very same text.
 */
export function commonJsBody(source: string): string {
  return `(function (module, exports, require) {${source}\n})`;
}

/**
 * Compiles a CommonJS bundle's source as a function body (as `compileEngineBody` does on the
 * web), with the code cached in `folder` if one is there for this `version` of it
 * (`codeVersion`); `save` writes it for the next session, once `run` has run. `name` names the
 * cache: the engine's, and the host's own code (dist/host.js).
 */
export function compileCached<T>(source: string, version: string, folder: string | undefined, filename: string, name = 'engine'): CompiledCode<T> {
  const prefix = `${name}-`;
  const file = folder && cacheFile(folder, version, name);
  let cachedData: Buffer | undefined;
  try {
    if (file) cachedData = readFileSync(file);
  } catch {
    // None yet: this session makes it.
  }
  const script = new Script(commonJsBody(source), { filename, cachedData });
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
      // Caches of other versions of this code (or of V8) are of no more use.
      for (const other of await readdir(folder)) {
        if (other.startsWith(prefix) && other.endsWith(SUFFIX) && join(folder, other) !== file) await rm(join(folder, other), { force: true });
      }
    } catch {
      // A cache is only a saving: without one the code is compiled as before.
    }
  };
  return { fromCache, run, save };
}

/** How often `whenQuiet` looks at the process's processor time. */
const QUIET_CHECK_MS = 1_000;

/**
 * Runs `task` once this process (the extension host with the engine worker, a thread of it) has
 * used less than half a core over a second, looking every second from `after` ms on, and
 * at the latest after `latest` ms. Making a code cache takes V8 little time, but in a window
 * still loading (the worker indexing, the workbench busy) the host thread waited for a core for
 * far longer while it was made.
 */
export function whenQuiet(task: () => void, after: number, latest: number, clock: QuietClock = PROCESS_CLOCK): void {
  const started = clock.now();
  let since = clock.cpuMs();
  const look = () => {
    const used = clock.cpuMs() - since;
    since = clock.cpuMs();
    const cores = used / QUIET_CHECK_MS;
    if (cores < 0.5 || clock.now() - started >= latest) task();
    else clock.wait(look, QUIET_CHECK_MS);
  };
  clock.wait(() => { since = clock.cpuMs(); clock.wait(look, QUIET_CHECK_MS); }, after);
}

/** What `whenQuiet` reads the time and the process's processor time from; tests give their own. */
export interface QuietClock {
  now(): number;
  /** The processor time the process has used so far (ms, every thread). */
  cpuMs(): number;
  /** Calls `then` after `ms`, without keeping the process alive for it. */
  wait(then: () => void, ms: number): void;
}

const PROCESS_CLOCK: QuietClock = {
  now: () => Date.now(),
  cpuMs: () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; },
  wait: (then, ms) => { setTimeout(then, ms).unref(); },
};
