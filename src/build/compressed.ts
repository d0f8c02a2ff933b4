// The compressed copies the extension ships. The bundled library (the corpus and its index, read
// at every first use) is raw deflate, `library.deflate`, which both Node's zlib and a browser's
// DecompressionStream decode natively, beside the JavaScript thread. It was LZMA until issue 40:
// 264 KB against deflate's 307 (zopfli) or 325 (zlib -9), but our LZMA decoder, in JavaScript, held
// the extension host 40-80 ms at every first use, where zlib takes 8-15 ms in its thread pool and
// holds the host under 2 ms (docs/performance.md). The style engine, decoded in the engine worker
// when a reference is first formatted, stays LZMA (`.lz`, src/core/util/lzma.ts): 162 KB against
// zlib's 215. The plain files stay beside them for the command line, the tests and anyone who
// reads dist/corpus.json.
// The encoders are Debian's: xz (xz-utils) for raw LZMA1, zopfli for the smallest deflate (zlib's best when it is missing).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { LIBRARY_FILE, libraryText, type LibraryParts, shippedName, splitLibrary } from '../core/corpus/shippedFiles';
import { lzmaDecode, lzmaHeader } from '../core/util/lzma';

/** Literal context bits tried for each file: text does best with 3 or 4, which one varies. */
const LITERAL_CONTEXTS = [3, 4];

/** `bytes` as the extension ships them: the decoder's header, then the smallest raw LZMA1 stream xz makes. */
function compress(bytes: Buffer): Buffer {
  const candidates = LITERAL_CONTEXTS.map(lc => {
    let body: Buffer;
    try {
      body = execFileSync('xz', ['--format=raw', `--lzma1=preset=9e,lc=${lc},lp=0,pb=0,nice=273`, '--stdout'], { input: bytes, maxBuffer: 1 << 28 });
    } catch (error) {
      throw new Error(`xz failed (install xz-utils: apt-get install xz-utils): ${error instanceof Error ? error.message : String(error)}`);
    }
    return Buffer.concat([lzmaHeader(bytes.length, lc, 0, 0), body]);
  });
  const best = candidates.reduce((a, b) => (b.length < a.length ? b : a));
  // The build never ships a file the extension's own decoder cannot read back.
  if (!Buffer.from(lzmaDecode(best)).equals(bytes)) throw new Error('the LZMA decoder does not give back what xz compressed');
  return best;
}

/** Whether zopfli is installed: it gives the smallest deflate; without it, zlib's best (18 KB larger) serves. */
const hasZopfli = (() => {
  let found: boolean | undefined;
  return () => (found ??= spawnSync('zopfli', ['-h'], { stdio: 'ignore' }).error === undefined);
})();

/** `bytes` as raw deflate: zopfli's when it is installed (seconds on the library: hence the cache below), else zlib's best. */
function deflate(bytes: Buffer, encoder: 'zopfli' | 'zlib', scratch: string): Buffer {
  let body: Buffer;
  if (encoder === 'zopfli') {
    // zopfli reads files only.
    writeFileSync(scratch, bytes);
    try {
      body = execFileSync('zopfli', ['--deflate', '-c', scratch], { maxBuffer: 1 << 28 });
    } finally {
      rmSync(scratch, { force: true });
    }
  } else {
    body = deflateRawSync(bytes, { level: 9, memLevel: 9 });
  }
  if (!inflateRawSync(body).equals(bytes)) throw new Error(`zlib does not give back what ${encoder} compressed`);
  return body;
}

/**
 * Writes the compressed copy of `file` (holding `text`) as `copy` names it. The best setting takes
 * seconds and most builds do not change the file, so copies are kept in `cacheDir` by the hash of
 * their content and how they were made (the build empties dist/ first).
 */
function writeCopy(copy: string, text: string, cacheDir: string, kind: 'lz' | 'deflate'): number {
  const encoder = kind === 'lz' ? 'xz' : hasZopfli() ? 'zopfli' : 'zlib';
  const cached = join(cacheDir, `${createHash('sha256').update(text).digest('hex')}.${encoder}.${kind}`);
  if (!existsSync(cached)) {
    if (encoder === 'zlib') console.warn('[build] zopfli is not installed (apt-get install zopfli): the library is compressed by zlib, 18 KB larger');
    mkdirSync(cacheDir, { recursive: true });
    const bytes = Buffer.from(text, 'utf8');
    writeFileSync(cached, encoder === 'xz' ? compress(bytes) : deflate(bytes, encoder, `${cached}.input`));
  }
  copyFileSync(cached, copy);
  return statSync(cached).size;
}

/** Writes `file`.lz, the LZMA copy (the style engine's); returns its size. */
export const writeCompressed = (file: string, text: string, cacheDir: string): number => writeCopy(`${file}.lz`, text, cacheDir, 'lz');

/** Writes the shipped copy of `file` (raw deflate: shippedName), as the library ships; returns its size. */
export const writeShipped = (file: string, text: string, cacheDir: string): number => writeCopy(shippedName(file), text, cacheDir, 'deflate');

/** A file as the extension reads it: the compressed copy when the name says so (the corpus's is in columns). */
export function readShipped(file: string): string {
  const bytes = readFileSync(file);
  if (file.endsWith('.lz')) return new TextDecoder().decode(lzmaDecode(bytes));
  return (file.endsWith('.deflate') ? inflateRawSync(bytes) : bytes).toString('utf8');
}

/** The three parts of the shipped library as text, as the extension reads them. */
export function readLibrary(dist: string): LibraryParts {
  return libraryText(splitLibrary(inflateRawSync(readFileSync(join(dist, shippedName(LIBRARY_FILE))))));
}
