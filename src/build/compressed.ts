// The extension ships its data files brotli-compressed: the VSIX is a zip, and deflate
// leaves corpus.json at 237 KB where brotli's larger window and text model give 182 KB.
// That is what keeps the VSIX under its 400 KB target. The plain files stay beside them
// for the command line, the tests and anyone who reads dist/corpus.json.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { shippedName } from '../core/corpus/files';

/**
 * Writes the compressed copy of `file` (holding `text`). The best setting takes seconds on
 * the corpus and most builds do not change it, so copies are kept in `cacheDir` by the
 * hash of their content (the build empties dist/ first).
 */
export function writeCompressed(file: string, text: string, cacheDir: string): number {
  const cached = join(cacheDir, `${createHash('sha256').update(text).digest('hex')}.br`);
  if (!existsSync(cached)) {
    const bytes = brotliCompressSync(Buffer.from(text, 'utf8'), {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    });
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cached, bytes);
  }
  copyFileSync(cached, shippedName(file));
  return statSync(cached).size;
}

/** A file as the extension reads it: the compressed copy when the name says so. */
export function readShipped(file: string): string {
  const bytes = readFileSync(file);
  return file.endsWith('.br') ? brotliDecompressSync(bytes).toString('utf8') : bytes.toString('utf8');
}
