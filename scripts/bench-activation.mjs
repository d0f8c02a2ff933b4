// Activation cost in the real extension host (code-server's Node host, VS Code 1.100.3).
// Each run starts a fresh code-server + workbench and runs test/bench/activation.ts,
// which, once the window has settled, times `await getExtension(id).activate()` (module load +
// activate()) and then the first `api.papers()` (loading the engine bundle, reading dist/corpus.json
// and dist/names.index; the full text loads behind). Prints one JSON object (medians and every
// sample) on stdout; progress goes to stderr. Build first: node esbuild.mjs --production, as
// npm run bench does, to measure what ships.   Usage: node scripts/bench-activation.mjs [--runs 5]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  CODE_SERVER_VERSION, ROOT, copyFixtureWorkspace, removeWorkspace, runExtensionTests, vscodeVersion,
} from './vscode-server.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const median = xs => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const round = x => Math.round(x * 10) / 10;

const samples = [];
for (let i = 1; i <= runs; i++) {
  const workspace = copyFixtureWorkspace();
  let sample;
  const code = await runExtensionTests({
    extensionTestsPath: join(ROOT, 'out/test/bench/activation'), workspace,
    onLog: line => {
      const found = /^\[papers-bench\] (\{.*\})$/.exec(line);
      if (found) sample = JSON.parse(found[1]); else console.error(line);
    },
  });
  removeWorkspace(workspace);
  if (code !== 0 || !sample) { console.error(`run ${i} failed (exit ${code})`); process.exit(1); }
  if (sample.wasActive) { console.error(`run ${i}: the extension was already active before the timing started`); process.exit(1); }
  console.error(`run ${i}/${runs}: activate ${sample.activateMs.toFixed(1)} ms, first papers() ${sample.firstPapersMs.toFixed(1)} ms, longest host block then ${sample.firstUseBlockMs.toFixed(1)} ms`);
  samples.push(sample);
}

const production = !readFileSync(join(ROOT, 'dist/extension.js'), 'utf8').includes('sourceMappingURL');
const activate = samples.map(s => round(s.activateMs));
const firstPapers = samples.map(s => round(s.firstPapersMs));
console.log(JSON.stringify({
  bench: 'activation', vscode: vscodeVersion(), codeServer: CODE_SERVER_VERSION, build: production ? 'production' : 'development',
  runs, papers: samples[0].papers,
  activateMs: { median: median(activate), samples: activate },
  firstPapersMs: { median: median(firstPapers), samples: firstPapers },
  totalMs: { median: median(samples.map(s => round(s.activateMs + s.firstPapersMs))) },
  firstUseBlockMs: { median: median(samples.map(s => round(s.firstUseBlockMs))), samples: samples.map(s => round(s.firstUseBlockMs)) },
}));
