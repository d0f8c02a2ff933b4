// The style engine's speed, as the engine worker will meet it: loading dist/styles.js.lz (decoded
// and run, on first need), building each bundled style's engine (APA takes the longest), one
// formatted reference as a hover asks for it, and a 1,000-entry bibliography with its progress,
// all on entries of the large real library (shared/bibliographies), converted as pandoc would.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBib } from '../core/bibliography/bibtex';
import { bibFileItems } from '../core/styles/items';
import { BUNDLED_STYLES } from '../core/styles/resolve';
import { loadStylesFrom } from '../platform/styles.node';

const LIBRARY = join('bibtex-tidy', 'better-bibtex', 'Unabbreviate_on_import_1436-3.bib');
const HOVERS = 300;
const BIBLIOGRAPHY = 1000;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

function timed<T>(run: () => T): [T, number] {
  const started = performance.now();
  const value = run();
  return [value, performance.now() - started];
}

/** Measures the style engine and prints its table (`npm run bench`). */
export function benchStyles(root: string, shared: string): void {
  console.log('\n## Formatted references: the style engine (citeproc-js) in a worker\n');
  const [styles, loadMs] = timed(() => loadStylesFrom(join(root, 'dist')));
  const text = readFileSync(join(shared, LIBRARY), 'utf8');
  const [items, convertMs] = timed(() => bibFileItems(parseBib(text).entries));
  const rows: string[][] = [['load dist/styles.js.lz (decode and run), once', ms(loadMs)]];
  rows.push([`convert ${items.length.toLocaleString('en')} .bib entries to CSL items (as pandoc does)`, ms(convertMs)]);
  for (const { id } of BUNDLED_STYLES) {
    const [, buildMs] = timed(() => styles.createStyleEngine(id));
    rows.push([`build the ${id} engine (first time)`, ms(buildMs)]);
  }
  const [apa, apaMs] = timed(() => styles.createStyleEngine('apa'));
  rows.push(['build the apa engine again (the code warm)', ms(apaMs)]);
  // Hovers: one reference at a time, entries spread over the library.
  const hover: number[] = [];
  for (let i = 0; i < HOVERS; i++) {
    const item = items[(i * 7919) % items.length];
    hover.push(timed(() => apa.reference(item, 'markdown'))[1]);
  }
  rows.push([`one reference, Markdown (hover), ${HOVERS} entries`, `p50 ${ms(percentile(hover, 0.5))}, p95 ${ms(percentile(hover, 0.95))}`]);
  const wanted = items.slice(0, BIBLIOGRAPHY);
  let last = performance.now();
  let longest = 0;
  const [entries, bibliographyMs] = timed(() => apa.bibliography(wanted, 'html', () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }));
  rows.push([`a bibliography of ${entries.length.toLocaleString('en')} entries, HTML, in the style's order`, `${ms(bibliographyMs)} (longest between progress reports ${ms(longest)})`]);
  const ieee = styles.createStyleEngine('ieee');
  rows.push([`the same in IEEE`, ms(timed(() => ieee.bibliography(wanted, 'html'))[1])]);
  const width = Math.max(...rows.map(r => r[0].length));
  console.log(`| what | time |\n|${'-'.repeat(width + 2)}|------|\n${rows.map(([what, time]) => `| ${what.padEnd(width)} | ${time} |`).join('\n')}`);
}
