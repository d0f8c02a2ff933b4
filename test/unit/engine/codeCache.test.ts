// The engine compiled on the desktop with V8's code cache (platform/codeCache.node.ts): the next
// session takes the cache of the last, a cache of another source or a damaged one is passed
// over, and the engine works the same either way. Each session is a worker thread of its own:
// within one thread V8 keeps what it compiled and would not even look at the cache.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type * as Engine from '../../../src/engine';
import { cacheFile, codeVersion, commonJsBody, compileCached, VERSION_MARK, whenQuiet, type QuietClock } from '../../../src/platform/codeCache.node';
import { startEngineWorker, workerCode, type EngineCode } from '../../../src/platform/worker.node';
import { engineSource, sourceUrlLine } from '../../../src/host/engine/script';
import { ROOT } from '../support/seeds';

interface Session { source: string; folder: string | undefined; save: boolean; name?: string }
interface Outcome { fromCache: boolean; named: string[] }

if (!isMainThread && (workerData as { session?: Session })?.session) {
  // A session: evaluate, ask what the host asks first (the bibliographies a LaTeX file names), save if asked.
  const { source, folder, save, name } = (workerData as { session: Session }).session;
  const compiled = compileCached<typeof Engine>(source, codeVersion(Buffer.from(source)), folder, 'engine.js', name);
  const named = compiled.run(require).cite.findBibliographies('\\addbibresource{refs.bib}\n', 'latex').map(r => r.path);
  void (save ? compiled.save() : Promise.resolve()).then(() => parentPort!.postMessage({ fromCache: compiled.fromCache, named } satisfies Outcome));
} else {
  const source = readFileSync(join(ROOT, 'dist', 'engine.js'), 'utf8');
  const session = (text: string, folder: string | undefined, save = true, name?: string) => new Promise<Outcome>((resolve, reject) => {
    const worker = new Worker(__filename, { workerData: { session: { source: text, folder, save, name } satisfies Session } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const caches = (folder: string) => readdirSync(folder).filter(n => n.endsWith('.v8cache'));
  /** The build's version mark (esbuild.mjs, `versionMark`): the SHA-1 of the text with a placeholder in the mark. */
  const PLACEHOLDER = `${VERSION_MARK}${'_'.repeat(27)}*/`;
  const remark = (text: string) => {
    const body = text.slice(text.indexOf('*/') + 2);
    return `${VERSION_MARK}${createHash('sha1').update(PLACEHOLDER + body).digest('base64url')}*/${body}`;
  };

  suite('the version of the code', () => {
    test('dist/host.js and dist/engine.js carry the build\'s mark, the hash of what they hold, read rather than hashed', () => {
      for (const name of ['host.js', 'engine.js']) {
        const bytes = readFileSync(join(ROOT, 'dist', name));
        const text = bytes.toString('utf8');
        assert.ok(text.startsWith(VERSION_MARK), name);
        assert.equal(remark(text), text, `${name}: its mark is the hash of its text`);
        assert.match(codeVersion(bytes), /^[\w-]{27}$/);
        assert.equal(codeVersion(bytes), text.slice(VERSION_MARK.length, text.indexOf('*/')));
      }
      assert.notEqual(codeVersion(Buffer.from(remark(`${source}\n// another version`))), codeVersion(Buffer.from(source)));
    });

    test('code without a mark is named by a hash of its bytes', () => {
      assert.equal(codeVersion(Buffer.from('module.exports = 1;')), createHash('sha1').update('module.exports = 1;').digest('base64url'));
      assert.notEqual(codeVersion(Buffer.from('module.exports = 2;')), codeVersion(Buffer.from('module.exports = 1;')));
      assert.equal(codeVersion(Buffer.from(`${VERSION_MARK}*/x`)), createHash('sha1').update(`${VERSION_MARK}*/x`).digest('base64url'), 'an empty mark is no mark');
    });
  });

  suite('the engine\'s code cache on the desktop', () => {
    test('a first session compiles the engine and writes the cache; the next one takes it', async () => {
      const folder = join(mkdtempSync(join(tmpdir(), 'papers-code-')), 'globalStorage');
      assert.deepEqual(await session(source, folder), { fromCache: false, named: ['refs.bib'] });
      assert.equal(caches(folder).length, 1, 'one cache file, in a folder made for it');
      assert.deepEqual(await session(source, folder), { fromCache: true, named: ['refs.bib'] });
    });

    test('another engine (an update) does not take the old cache, and its own replaces it', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'papers-code-'));
      await session(source, folder);
      const [old] = caches(folder);
      // As the build makes it: another text, and the version mark of that text.
      const updated = remark(`${source}\n// another version`);
      assert.deepEqual(await session(updated, folder), { fromCache: false, named: ['refs.bib'] });
      assert.equal(caches(folder).length, 1);
      assert.notEqual(caches(folder)[0], old);
      assert.equal((await session(updated, folder)).fromCache, true);
    });

    test('a damaged cache is passed over, the engine still works, and saving mends it', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'papers-code-'));
      await session(source, folder);
      const [name] = caches(folder);
      const bytes = readFileSync(join(folder, name));
      for (const damage of [Buffer.from('not a code cache at all'), bytes.subarray(0, bytes.length >> 1)]) {
        writeFileSync(join(folder, name), damage);
        assert.deepEqual(await session(source, folder), { fromCache: false, named: ['refs.bib'] });
        assert.equal((await session(source, folder, false)).fromCache, true, 'mended by the session that passed it over');
      }
    });

    test('code under another name (the host\'s own) keeps a cache of its own beside the engine\'s', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'papers-code-'));
      await session(source, folder);
      const host = `${source}\n// the host's code`;
      assert.equal((await session(host, folder, true, 'host')).fromCache, false);
      assert.deepEqual(caches(folder).map(n => n.split('-')[0]).sort(), ['engine', 'host'], 'saving one does not prune the other');
      assert.equal((await session(source, folder, false)).fromCache, true);
      assert.equal((await session(host, folder, false, 'host')).fromCache, true);
    });

    test('the engine worker compiles the engine from the host\'s cache, and without one, or with a damaged one, all the same', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'papers-code-'));
      await session(source, folder);
      const file = cacheFile(folder, codeVersion(Buffer.from(source)));
      const dist = (name: string) => { const b = readFileSync(join(ROOT, 'dist', name)); return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer; };
      const papers = async (cache?: { file: string; filename: string }, code: EngineCode = { source }) => {
        const worker = startEngineWorker(code, cache);
        try {
          return await new Promise<unknown>((resolve, reject) => {
            worker.onMessage(message => resolve((message as { result: unknown }).result));
            worker.onExit(reject);
            worker.post({ type: 'load', id: 1, corpus: dist('corpus.json'), names: dist('names.index'), text: dist('fulltext.index') });
          });
        } finally { await worker.terminate(); }
      };
      assert.equal(await papers({ file, filename: 'engine.js' }), 390);
      assert.equal(await papers(), 390);
      // Given the engine's file, the worker reads it itself.
      const engineFile = join(ROOT, 'dist', 'engine.js');
      assert.equal(await papers(undefined, { file: engineFile, after: sourceUrlLine(engineFile) }), 390);
      assert.equal(await papers({ file: join(folder, 'missing.v8cache'), filename: 'engine.js' }), 390);
      writeFileSync(file, 'not a code cache at all');
      assert.equal(await papers({ file, filename: 'engine.js' }), 390);
    });

    test('a worker given the engine\'s file compiles the very text the host compiles (so the host\'s code cache fits it)', () => {
      const engineFile = join(ROOT, 'dist', 'engine.js');
      const hostSource = engineSource(() => readFileSync(engineFile), engineFile)();
      const code = workerCode({ file: engineFile, after: sourceUrlLine(engineFile) });
      assert.ok('file' in code && code.file === engineFile);
      // What the worker's first script compiles: what goes before, the file's text, what goes after.
      assert.equal(code.head + new TextDecoder().decode(readFileSync(engineFile)) + code.tail, commonJsBody(hostSource));
      assert.deepEqual(workerCode({ source: hostSource }), { body: commonJsBody(hostSource) });
    });

    test('with no folder (not a local disk) nothing is cached, and nothing fails', async () => {
      assert.deepEqual(await session(source, undefined), { fromCache: false, named: ['refs.bib'] });
    });

    test('the cache is written once the process is quiet: at once when it is, after a thread of it stops working, or at the latest', () => {
      // A clock of its own: how busy the process is, second by second, is what the test says it is
      // (on a loaded machine a real busy thread may not get the half core that makes it "busy").
      const when = (busySeconds: number, after: number, latest: number): number => {
        let now = 0;
        const waits: { at: number; then: () => void }[] = [];
        let written: number | undefined;
        const clock: QuietClock = {
          now: () => now,
          // A busy thread uses a whole core for its first `busySeconds`, nothing after.
          cpuMs: () => Math.min(now, busySeconds * 1000) + 0.1 * now,
          wait: (then, ms) => { waits.push({ at: now + ms, then }); },
        };
        whenQuiet(() => { written = now; }, after, latest, clock);
        while (written === undefined && waits.length) {
          waits.sort((a, b) => a.at - b.at);
          const next = waits.shift()!;
          now = next.at;
          next.then();
        }
        return written ?? -1;
      };
      assert.equal(when(0, 0, 20_000), 1_000, 'quiet: written at the first look');
      assert.equal(when(0, 5_000, 20_000), 6_000, 'not looked at before `after`');
      assert.equal(when(3, 0, 20_000), 4_000, 'busy for 3 s: written at the first quiet second after');
      assert.equal(when(8, 0, 2_000), 2_000, 'busy past the latest: written at the latest');
      // And with the process's own clock: a quiet process is written soon.
      const started = Date.now();
      return new Promise<number>(resolve => { whenQuiet(() => resolve(Date.now() - started), 0, 20_000); })
        .then(ms => assert.ok(ms >= 1_000 && ms < 20_000, `written after ${ms} ms`));
    });
  });
}
