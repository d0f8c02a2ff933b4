// A large real bibliography in the real extension host (code-server's Node host): each run starts
// a fresh code-server + workbench on a workspace holding the 3 MB, 7,166-entry Better BibTeX library
// of ../shared/bibliographies (library.bib) and a main.tex that cites from it, and runs
// test/bench/bibliography.ts; then opens the same window again (same workspace and
// user data), where the library comes from the cache the first session wrote. Also long.tex: 5,000 lines with 1,000 citations of the
// library's keys (ten of them undefined), typed into to time the diagnostics. Prints one JSON
// object (medians and every sample) on stdout; progress on stderr. Build first (npm run bench
// builds the production bundles).
// --settle MS: how long after the window loads main.tex is opened (3000 by default, while the workbench
// is still busy loading; a longer wait shows the same work on a machine that is otherwise idle).
// Usage: node scripts/bench-bibliography.mjs [--runs 3] [--settle 3000] [--file FILE.bib] [--profile FILE]
//        node scripts/bench-bibliography.mjs --long-document FILE.tex   (writes long.tex only, for npm run bench)
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, copyFixtureWorkspace, removeWorkspace, runExtensionTests } from './vscode-server.mjs';

const LIBRARY = resolve(ROOT, '../shared/bibliographies/bibtex-tidy/better-bibtex/Unabbreviate_on_import_1436-3.bib');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, file: { type: 'string', default: LIBRARY }, profile: { type: 'string' }, settle: { type: 'string', default: '3000' }, 'long-document': { type: 'string' } } });
if (!existsSync(values.file)) { console.error(`${values.file} is missing (../shared/bibliographies beside the checkout)`); process.exit(1); }
const text = readFileSync(values.file, 'utf8');
// A key from the middle of the library, to hover and to wait for.
const keys = [...text.matchAll(/^@\w+\{([^,\s]+),/gm)].map(m => m[1]);
const key = keys[keys.length >> 1];
// 29 other keys spread over the library, cited in main.tex beside it: each is hovered once, as a
// writer hovers the citations on screen one after another.
const distinct = [...new Set(keys)].filter(k => k !== key);
const others = Array.from({ length: 29 }, (_, i) => distinct[Math.floor((i + 0.5) * distinct.length / 29)]);
/**
 * A long LaTeX document citing from the library: `lines` lines, a citation every fifth line
 * (one to three keys each, 1,000 citations in all), ten keys that are in no file, and one
 * citation of `typed` that the bench types into.
 */
function longDocument(keys, typed, lines = 5000) {
  const out = ['\\documentclass{article}', '\\usepackage[backend=biber]{biblatex}', '\\addbibresource{library.bib}', '\\begin{document}'];
  let citations = 0;
  for (let i = 0; out.length < lines - 2; i++) {
    if (i % 5 === 4 && citations < 1000) {
      const n = 1 + (citations % 3);
      const cited = Array.from({ length: n }, (_, j) => (citations % 100 === 50 && j === 0 ? `Missing${citations}` : keys[(citations * 7 + j * 13) % keys.length]));
      if (citations === 500) cited[0] = typed;
      out.push(`As argued in earlier work~\\${['cite', 'parencite', 'textcite'][citations % 3]}{${cited.join(', ')}}, the effect holds.`);
      citations++;
    } else {
      out.push(`Line ${i} of the long document, in which the writer explains what the cited work does and why it matters here.`);
    }
  }
  out.push('\\printbibliography', '\\end{document}');
  return `${out.join('\n')}\n`;
}

const median = xs => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
const round = x => Math.round(x * 10) / 10;

if (values['long-document']) {
  writeFileSync(values['long-document'], longDocument(keys, key));
  process.exit(0);
}

const samples = [];
// The same window opened again (same workspace, same user data): the library a session cached.
const reopened = [];
async function runWindow(workspace, profile, label) {
  let sample;
  const code = await runExtensionTests({
    extensionTestsPath: join(ROOT, 'out/test/bench/bibliography'), workspace, profile,
    onLog: line => {
      const found = /^\[papers-bench\] (\{.*\})$/.exec(line);
      if (found) sample = JSON.parse(found[1]); else console.error(line);
    },
  });
  if (code !== 0 || !sample) { console.error(`${label} failed (exit ${code})`); process.exit(1); }
  console.error(`${label}: ${sample.entries} entries${sample.fromCache ? ' (from the cache)' : ''}, parsed ${sample.parseMs.toFixed(0)} ms, read ${sample.readMs.toFixed(0)} ms, searchable ${sample.searchableMs.toFixed(0)} ms (listed ${sample.listedMs.toFixed(0)} ms, every name ${sample.namesSearchableMs.toFixed(0)} ms), longest block ${sample.hostBlockMaxMs.toFixed(1)} ms (ours ${sample.ownBlockMaxMs.toFixed(1)} ms: ${sample.ownBlocks[0]?.what ?? 'none'}), hover ${sample.hoverMs.median.toFixed(1)} ms (provider ${sample.hoverProviderMs.median.toFixed(2)} ms); diagnostics after a keystroke ${sample.keystrokeMs.median.toFixed(1)} ms (check ${sample.checkMs.median.toFixed(2)} ms), longest block while typing ${sample.typingBlockMaxMs.toFixed(1)} ms (ours ${sample.ownTypingBlockMaxMs.toFixed(1)} ms)`);
  const m = sample.machine;
  if (m) console.error(`  CPU in the ${m.wallMs} ms to every name (${m.cores} cores): engine worker ${m.engineWorkerMs} ms, host main thread ${m.hostMainMs}, host's other threads ${m.hostOtherMs}, browser ${m.browserMs}, code-server ${m.serverMs}, other ${m.otherMs}; idle ${m.idleMs}, stolen ${m.stealMs}`);
  return sample;
}
for (let i = 1; i <= Number(values.runs); i++) {
  const workspace = copyFixtureWorkspace();
  const profile = mkdtempSync(join(tmpdir(), 'papers-bench-profile-'));
  copyFileSync(values.file, join(workspace, 'library.bib'));
  writeFileSync(join(workspace, 'main.tex'), `\\documentclass{article}\n\\usepackage[backend=biber]{biblatex}\n\\addbibresource{library.bib}\n\\begin{document}\nAs shown before~\\cite{${key}}.\nAnd in other work~\\cite{${others.map((k, i) => (i % 3 === 0 ? `\n  ${k}` : ` ${k}`)).join(',')}}.\n\\printbibliography\n\\end{document}\n`);
  writeFileSync(join(workspace, 'bench-key.txt'), key);
  writeFileSync(join(workspace, 'bench-settle.txt'), String(Number(values.settle)));
  writeFileSync(join(workspace, 'long.tex'), longDocument(keys, key));
  // --profile FILE: the extension host's CPU profile of the load, run i written to FILE-i.cpuprofile (FILE-i-reopened.cpuprofile when reopened).
  if (values.profile) writeFileSync(join(workspace, 'bench-profile.txt'), `${resolve(values.profile)}-${i}.cpuprofile`);
  samples.push(await runWindow(workspace, profile, `run ${i}`));
  if (values.profile) writeFileSync(join(workspace, 'bench-profile.txt'), `${resolve(values.profile)}-${i}-reopened.cpuprofile`);
  reopened.push(await runWindow(workspace, profile, `run ${i}, reopened`));
  removeWorkspace(workspace);
  rmSync(profile, { recursive: true, force: true });
}
const pick = f => samples.map(f);
// Where the machine's cores went until every name was searchable (test/bench/machineCpu.ts): each part's median; undefined off Linux.
const machineOf = runs => {
  const shares = runs.map(s => s.machine).filter(Boolean);
  return shares.length ? Object.fromEntries(Object.keys(shares[0]).map(k => [k, round(median(shares.map(m => m[k])))])) : undefined;
};
console.log(JSON.stringify({
  bench: 'bibliography', file: values.file.replace(resolve(ROOT, '..') + '/', '../'), bytes: Buffer.byteLength(text), entries: samples[0].entries, runs: samples.length, settleMs: Number(values.settle),
  parseMs: round(median(pick(s => s.parseMs))), readMs: round(median(pick(s => s.readMs))), searchableMs: round(median(pick(s => s.searchableMs))), listedMs: round(median(pick(s => s.listedMs))), namesSearchableMs: round(median(pick(s => s.namesSearchableMs))), fullTextMs: round(median(pick(s => s.fullTextMs))),
  hostBlockMaxMs: round(Math.max(...pick(s => s.hostBlockMaxMs))), hostBlockMaxMsMedian: round(median(pick(s => s.hostBlockMaxMs))),
  hoverMs: round(median(pick(s => s.hoverMs.median))), hoverP95Ms: round(median(pick(s => s.hoverMs.p95))),
  hoverProviderMs: round(median(pick(s => s.hoverProviderMs.median)) * 100) / 100, hoverProviderP95Ms: round(median(pick(s => s.hoverProviderMs.p95)) * 100) / 100,
  completionProviderMs: round(median(pick(s => s.completionProviderMs.median))),
  completionMs: round(median(pick(s => s.completionMs.median))), lookupMs: round(median(pick(s => s.lookupMs.median)) * 1000) / 1000,
  longDocument: { lines: samples[0].longLines, citations: samples[0].longCitations, undefinedKeys: samples[0].longUndefined },
  keystrokeMs: round(median(pick(s => s.keystrokeMs.median))), keystrokeP95Ms: round(median(pick(s => s.keystrokeMs.p95))),
  checkMs: round(median(pick(s => s.checkMs.median)) * 100) / 100, checkP95Ms: round(median(pick(s => s.checkMs.p95)) * 100) / 100,
  typingBlockMaxMs: round(Math.max(...pick(s => s.typingBlockMaxMs))),
  // The longest run of our own code on the host (from its CPU profile): the rest of a block is VS Code's, or a core's wait.
  ownBlockMaxMs: round(Math.max(...pick(s => s.ownBlockMaxMs))), ownBlockMaxMsMedian: round(median(pick(s => s.ownBlockMaxMs))),
  ownTypingBlockMaxMs: round(Math.max(...pick(s => s.ownTypingBlockMaxMs))),
  machine: machineOf(samples),
  reopened: {
    fromCache: reopened.every(s => s.fromCache),
    searchableMs: round(median(reopened.map(s => s.searchableMs))), listedMs: round(median(reopened.map(s => s.listedMs))), namesSearchableMs: round(median(reopened.map(s => s.namesSearchableMs))), fullTextMs: round(median(reopened.map(s => s.fullTextMs))),
    hostBlockMaxMs: round(Math.max(...reopened.map(s => s.hostBlockMaxMs))), hostBlockMaxMsMedian: round(median(reopened.map(s => s.hostBlockMaxMs))),
    ownBlockMaxMs: round(Math.max(...reopened.map(s => s.ownBlockMaxMs))), ownBlockMaxMsMedian: round(median(reopened.map(s => s.ownBlockMaxMs))),
    hoverProviderMs: round(median(reopened.map(s => s.hoverProviderMs.median)) * 100) / 100,
    machine: machineOf(reopened),
  },
  samples, reopenedSamples: reopened,
}));
