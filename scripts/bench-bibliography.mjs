// A large real bibliography in the real extension host (code-server's Node host): each run starts
// a fresh code-server + workbench on a workspace holding the 3 MB, 7,166-entry Better BibTeX library
// of ../shared/bibliographies (library.bib) and a main.tex that cites from it, and runs
// test/integration/bench/bibliography.ts. Prints one JSON object (medians and every sample) on
// stdout; progress on stderr. Build first (npm run bench builds the production bundles).
// Usage: node scripts/bench-bibliography.mjs [--runs 3] [--file FILE.bib] [--profile FILE]
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, copyFixtureWorkspace, removeWorkspace, runExtensionTests } from './vscode-server.mjs';

const LIBRARY = resolve(ROOT, '../shared/bibliographies/bibtex-tidy/better-bibtex/Unabbreviate_on_import_1436-3.bib');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, file: { type: 'string', default: LIBRARY }, profile: { type: 'string' } } });
if (!existsSync(values.file)) { console.error(`${values.file} is missing (../shared/bibliographies beside the checkout)`); process.exit(1); }
const text = readFileSync(values.file, 'utf8');
// A key from the middle of the library, to hover and to wait for.
const keys = [...text.matchAll(/^@\w+\{([^,\s]+),/gm)].map(m => m[1]);
const key = keys[keys.length >> 1];
const median = xs => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
const round = x => Math.round(x * 10) / 10;

const samples = [];
for (let i = 1; i <= Number(values.runs); i++) {
  const workspace = copyFixtureWorkspace();
  copyFileSync(values.file, join(workspace, 'library.bib'));
  writeFileSync(join(workspace, 'main.tex'), `\\documentclass{article}\n\\usepackage[backend=biber]{biblatex}\n\\addbibresource{library.bib}\n\\begin{document}\nAs shown before~\\cite{${key}}.\n\\printbibliography\n\\end{document}\n`);
  writeFileSync(join(workspace, 'bench-key.txt'), key);
  // --profile FILE: the extension host's CPU profile of the load, run i written to FILE-i.cpuprofile.
  if (values.profile) writeFileSync(join(workspace, 'bench-profile.txt'), `${resolve(values.profile)}-${i}.cpuprofile`);
  let sample;
  const code = await runExtensionTests({
    extensionTestsPath: join(ROOT, 'out/test/integration/bench/bibliography'), workspace,
    onLog: line => {
      const found = /^\[papers-bench\] (\{.*\})$/.exec(line);
      if (found) sample = JSON.parse(found[1]); else console.error(line);
    },
  });
  removeWorkspace(workspace);
  if (code !== 0 || !sample) { console.error(`run ${i} failed (exit ${code})`); process.exit(1); }
  console.error(`run ${i}: ${sample.entries} entries, read ${sample.readMs.toFixed(0)} ms, searchable ${sample.searchableMs.toFixed(0)} ms, longest block ${sample.hostBlockMaxMs.toFixed(1)} ms, hover ${sample.hoverMs.median.toFixed(1)} ms (provider ${sample.hoverProviderMs.median.toFixed(2)} ms)`);
  samples.push(sample);
}
const pick = f => samples.map(f);
console.log(JSON.stringify({
  bench: 'bibliography', file: values.file.replace(resolve(ROOT, '..') + '/', '../'), bytes: Buffer.byteLength(text), entries: samples[0].entries, runs: samples.length,
  readMs: round(median(pick(s => s.readMs))), searchableMs: round(median(pick(s => s.searchableMs))), fullTextMs: round(median(pick(s => s.fullTextMs))),
  hostBlockMaxMs: round(Math.max(...pick(s => s.hostBlockMaxMs))), hostBlockMaxMsMedian: round(median(pick(s => s.hostBlockMaxMs))),
  hoverMs: round(median(pick(s => s.hoverMs.median))), hoverP95Ms: round(median(pick(s => s.hoverMs.p95))),
  hoverProviderMs: round(median(pick(s => s.hoverProviderMs.median)) * 100) / 100, hoverProviderP95Ms: round(median(pick(s => s.hoverProviderMs.p95)) * 100) / 100,
  completionProviderMs: round(median(pick(s => s.completionProviderMs.median))),
  completionMs: round(median(pick(s => s.completionMs.median))), lookupMs: round(median(pick(s => s.lookupMs.median)) * 1000) / 1000,
  samples,
}));
