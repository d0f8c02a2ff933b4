// The style engine's speed, as the engine worker will meet it: loading dist/styles.js.lz (decoded
// and run, on first need), building each bundled style's engine (APA takes the longest), one
// formatted reference as a hover asks for it, and a 1,000-entry bibliography with its progress,
// all on entries of the large real library (shared/bibliographies), converted as pandoc would.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBib } from '../core/bibliography/bibtex/parse';
import { bibFileItems } from '../core/styles/items';
import { BUNDLED_STYLES } from '../core/styles/resolve';
import { LIBRARY_FILE, shippedName } from '../core/corpus/shippedFiles';
import { loadStylesFrom } from '../platform/styleEngine.node';
import type { Formatted, StyleEngineInfo } from '../engine/protocol';
import { blockMonitor, Engine } from './engine';

const LIBRARY = join('bibtex-tidy', 'better-bibtex', 'Unabbreviate_on_import_1436-3.bib');
const HOVERS = 300;
const BIBLIOGRAPHY = 1000;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const spread = (values: number[]) => `p50 ${ms(percentile(values, 0.5))}, p95 ${ms(percentile(values, 0.95))}`;

function timed<T>(run: () => T): [T, number] {
  const started = performance.now();
  const value = run();
  return [value, performance.now() - started];
}

const table = (rows: string[][]) => {
  const width = Math.max(...rows.map(r => r[0].length));
  console.log(`| what | time |\n|${'-'.repeat(width + 2)}|------|\n${rows.map(([what, time]) => `| ${what.padEnd(width)} | ${time} |`).join('\n')}`);
};

/**
 * The same as the editor meets it: requests to the engine worker (dist/engine.js, the library of
 * the large real .bib file), timed from this thread as the extension host's, with the longest
 * block of this thread's event loop while the worker formats.
 */
async function benchInWorker(root: string, shared: string, keys: readonly string[]): Promise<void> {
  console.log('\n## Formatted references: in the engine worker, as the extension host asks\n');
  const dist = join(root, 'dist');
  const engine = new Engine(dist);
  const bundle = { path: join(dist, 'styles.js.lz') };
  try {
    const library = readFileSync(join(dist, shippedName(LIBRARY_FILE)));
    await engine.request({ type: 'load', library: library.buffer.slice(library.byteOffset, library.byteOffset + library.byteLength) as ArrayBuffer });
    await engine.request({ type: 'setInput', bibliographies: [{ uri: 'file:///library.bib', file: 'library.bib', path: join(shared, LIBRARY) }] });
    await engine.request({ type: 'indexed' });
    const rows: string[][] = [];
    const blocks = blockMonitor();
    const [, buildMs] = await timedAsync(() => engine.request<StyleEngineInfo>({ type: 'styleEngine', style: { bundled: 'apa' }, bundle }));
    rows.push(['load the style bundle and build APA (the first styles request)', ms(buildMs)]);
    const hovers = async () => {
      const times: number[] = [];
      for (let i = 0; i < HOVERS; i++) {
        const key = keys[(i * 7919) % keys.length];
        times.push((await timedAsync(() => engine.request<Formatted>({ type: 'format', keys: [key], style: { bundled: 'apa' }, output: 'markdown', kind: 'reference', bundle })))[1]);
      }
      return spread(times);
    };
    rows.push([`a hover's reference (request and answer), ${HOVERS} keys`, await hovers()]);
    rows.push([`the same ${HOVERS} keys again (kept formatted)`, await hovers()]);
    rows.push(...await aheadRows(engine, bundle, keys));
    const reports: number[] = [];
    let last = performance.now();
    let longest = 0;
    const [answer, bibliographyMs] = await timedAsync(() => engine.request<Formatted>(
      { type: 'format', keys: keys.slice(0, BIBLIOGRAPHY), style: { bundled: 'apa' }, output: 'html', kind: 'bibliography', bundle }, [],
      fraction => { const now = performance.now(); longest = Math.max(longest, now - last); last = now; reports.push(fraction); },
    ));
    const entries = 'entries' in answer ? answer.entries.length : 0;
    rows.push([`a bibliography of ${entries.toLocaleString('en')} entries, HTML (request and answer)`, `${ms(bibliographyMs)} (${reports.length} progress reports, longest between ${ms(longest)})`]);
    rows.push(['longest block of this thread (the host) meanwhile', ms(blocks.stop())]);
    table(rows);
  } finally {
    await engine.stop();
  }
}

/**
 * A citing document of BIBLIOGRAPHY keys opened: its style built and its keys' references formatted
 * ahead in the worker (Chicago, an engine no request has used yet), with a hover on a key it does
 * not cite asked every 50 ms meanwhile (how long one waits: the worker's longest busy stretch a
 * request meets); then hovers on its keys, from what was formatted ahead.
 */
async function aheadRows(engine: Engine, bundle: { path: string }, keys: readonly string[]): Promise<string[][]> {
  const style = { bundled: 'chicago-author-date' as const };
  const cited = keys.slice(0, BIBLIOGRAPHY);
  const others = keys.slice(BIBLIOGRAPHY);
  await engine.request<StyleEngineInfo>({ type: 'styleEngine', style, bundle });
  const waits: number[] = [];
  let done = false;
  const [, aheadMs] = await timedAsync(async () => {
    const ahead = engine.request<StyleEngineInfo>({ type: 'styleEngine', style, ahead: { keys: [...cited], output: 'markdown', wait: true } }).finally(() => { done = true; });
    for (let i = 0; !done; i++) {
      await new Promise(resolve => setTimeout(resolve, 50));
      if (done) break;
      waits.push((await timedAsync(() => engine.request<Formatted>({ type: 'format', keys: [others[i % others.length]], style, output: 'markdown', kind: 'reference' })))[1]);
    }
    await ahead;
  });
  const hovers: number[] = [];
  for (let i = 0; i < HOVERS; i++) {
    hovers.push((await timedAsync(() => engine.request<Formatted>({ type: 'format', keys: [cited[(i * 7919) % cited.length]], style, output: 'markdown', kind: 'reference' })))[1]);
  }
  return [
    [`a document's ${cited.length.toLocaleString('en')} keys formatted ahead, in the background (Chicago)`, ms(aheadMs)],
    [`a hover on a key it does not cite, meanwhile (${waits.length}, every 50 ms)`, `${spread(waits)}, longest ${ms(Math.max(0, ...waits))}`],
    [`a hover on a key it cites, once formatted ahead (${HOVERS})`, spread(hovers)],
  ];
}

async function timedAsync<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
}

/** Measures the style engine and prints its tables (`npm run bench`). */
export async function benchStyles(root: string, shared: string): Promise<void> {
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
  const hovers = (offset = 0) => spread(Array.from({ length: HOVERS }, (_, i) => timed(() => apa.reference(items[(i * 7919 + offset) % items.length], 'markdown'))[1]));
  rows.push([`one reference, Markdown (hover), ${HOVERS} entries`, hovers()]);
  rows.push([`the same ${HOVERS} entries again (kept formatted)`, hovers()]);
  const wanted = items.slice(0, BIBLIOGRAPHY);
  let last = performance.now();
  let longest = 0;
  const [entries, bibliographyMs] = timed(() => apa.bibliography(wanted, 'html', () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }));
  rows.push([`a bibliography of ${entries.length.toLocaleString('en')} entries, HTML, in the style's order`, `${ms(bibliographyMs)} (longest between progress reports ${ms(longest)})`]);
  rows.push(['the same bibliography again (its entries registered already)', ms(timed(() => apa.bibliography(wanted, 'html'))[1])]);
  const ieee = styles.createStyleEngine('ieee');
  rows.push([`the same in IEEE`, ms(timed(() => ieee.bibliography(wanted, 'html'))[1])]);
  // The same engine's code once V8 has optimized it: a hover's cost after formatting has run a while.
  rows.push([`one reference after the bibliographies (the code warm), ${HOVERS} other entries`, hovers(1)]);
  table(rows);
  await benchInWorker(root, shared, items.map(item => item.id));
}
