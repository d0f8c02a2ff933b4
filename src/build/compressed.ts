// The extension ships its data files LZMA-compressed (the `.lz` copies), one format that both
// VS Code on the desktop and VS Code for the web decode with src/core/util/lzma.ts. Measured on
// the corpus (778 KB): deflate, the most a browser decodes natively, leaves 243 KB; brotli 182 KB
// but needs brotli's 120 KB dictionary in the web build; LZMA 186 KB with a 3 KB decoder. That is
// what keeps the VSIX with both builds under its 400 KB target. The plain files stay beside them
// for the command line, the tests and anyone who reads dist/corpus.json.
// The encoder is xz (Debian's xz-utils): Node has none, and the decoder only needs raw LZMA1.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/**
 * Writes the compressed copy of `file` (holding `text`). The best setting takes seconds on
 * the corpus and most builds do not change it, so copies are kept in `cacheDir` by the
 * hash of their content (the build empties dist/ first).
 */
export function writeCompressed(file: string, text: string, cacheDir: string): number {
  const cached = join(cacheDir, `${createHash('sha256').update(text).digest('hex')}.lz`);
  if (!existsSync(cached)) {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cached, compress(Buffer.from(text, 'utf8')));
  }
  copyFileSync(cached, shippedName(file));
  return statSync(cached).size;
}

/** A file as the extension reads it: the compressed copy when the name says so (the corpus's is in columns). */
export function readShipped(file: string): string {
  const bytes = readFileSync(file);
  return file.endsWith('.lz') ? new TextDecoder().decode(lzmaDecode(bytes)) : bytes.toString('utf8');
}

/** The three parts of dist/library.lz as text, as the extension reads them. */
export function readLibrary(dist: string): LibraryParts {
  return libraryText(splitLibrary(lzmaDecode(readFileSync(join(dist, shippedName(LIBRARY_FILE))))));
}
