// The build step after the style engine's bundle: dist/styles.js → dist/styles.js.lz, the copy
// the extension ships and the engine worker loads (src/platform/styleEngine.ts); and the licences of
// what that bundle holds (citeproc-js, the CSL styles and locales) copied to dist/licenses/,
// which ships in the VSIX; and the CSL repository's list of styles (src/data/styles/repository.tsv),
// copied as it is to dist/csl-styles.tsv: the VSIX's zip compresses it as well as LZMA would, to a
// fifth, and the host reads it without a decoder (src/host/styles/repository.ts).
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeCompressed } from './compressed';

const LICENCES = ['LICENSE-citeproc-js.txt', 'LICENSE-CC-BY-SA-3.0.txt'];

/** The list of the CSL repository's styles, as shipped (src/host/styles/repository.ts reads it). */
const STYLE_LIST = 'csl-styles.tsv';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Packs the style engine and copies its licences; returns a line for the build's log. */
export function packStyles({ root }: { root: string }): string {
  const file = join(root, 'dist', 'styles.js');
  const source = readFileSync(file, 'utf8');
  const packed = writeCompressed(file, source, join(root, 'out', 'compressed'));
  mkdirSync(join(root, 'dist', 'licenses'), { recursive: true });
  for (const name of LICENCES) copyFileSync(join(root, 'src', 'data', 'styles', name), join(root, 'dist', 'licenses', name));
  copyFileSync(join(root, 'src', 'data', 'styles', 'repository.tsv'), join(root, 'dist', STYLE_LIST));
  return `styles.js ${kb(Buffer.byteLength(source))} (${kb(packed)} as shipped)`;
}
