// Activation cost in the real extension host (code-server's Node host, VS Code 1.100.3).
// Each run starts a fresh code-server + workbench and runs test/bench/activation.ts,
// which, once the window has settled, times `await getExtension(id).activate()` (module load +
// activate()) and then the first `api.papers()` (loading the engine bundle, reading the bundled
// library; the full text loads behind), and the longest the host's event loop was held meanwhile.
// Prints one JSON object (medians and every sample) on stdout; progress goes to stderr. Build first:
// node esbuild.mjs --production, as npm run bench does, to measure what ships.
//
// --baseline COMMIT|week: the same figures for an older commit, built beside this checkout (a git
// worktree in the temporary folder, production build, kept for the next run) and measured by the
// same harness in the same run, interleaved round by round, so that a regression shows as a ratio
// whatever else the machine is doing. `week` is the newest commit of this branch's first-parent
// history at least seven days older than HEAD. `node dist/cli.js --help` is timed on both sides too.
//
// Usage: node scripts/bench-activation.mjs [--runs 5] [--baseline COMMIT|week [--rounds 2]]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  CODE_SERVER_VERSION, ROOT, copyFixtureWorkspace, removeWorkspace, runExtensionTests, vscodeVersion,
} from './vscode-server.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, rounds: { type: 'string', default: '2' }, baseline: { type: 'string' } } });
const runs = Number(values.runs);
const rounds = values.baseline ? Number(values.rounds) : 1;
const median = xs => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const round = x => Math.round(x * 10) / 10;
const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** The commit `week` names: the newest first-parent ancestor of HEAD committed at least seven days before it. */
function weekOld() {
  const head = Number(git('log', '-1', '--format=%ct', 'HEAD'));
  const commit = git('rev-list', '-1', '--first-parent', `--before=${head - 7 * 24 * 3600}`, 'HEAD');
  if (!commit) throw new Error('no commit of this branch is a week older than HEAD');
  return commit;
}

/** A production build of `commit` in a worktree of its own (built once, kept in the temporary folder). */
function buildBaseline(name) {
  const commit = git('rev-parse', '--verify', `${name === 'week' ? weekOld() : name}^{commit}`);
  const dir = join(tmpdir(), `papers-baseline-${commit.slice(0, 12)}`);
  const built = join(dir, '.papers-baseline-built');
  if (!existsSync(built)) {
    console.error(`[bench] building the baseline ${commit.slice(0, 12)} in ${dir}`);
    if (existsSync(dir)) { spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT }); rmSync(dir, { recursive: true, force: true }); }
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', dir, commit);
    // The baseline's build tools are this checkout's (esbuild, minisearch, citeproc, …): the build
    // steps of a week ago take the same packages; a baseline that needs others says so in its build.
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const build = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error(`the baseline ${commit.slice(0, 12)} did not build (exit ${build.status})`);
    writeFileSync(built, `${commit}\n`);
  }
  return { label: commit.slice(0, 12), commit, dir };
}

function production(dir) {
  return !readFileSync(join(dir, 'dist/extension.js'), 'utf8').includes('sourceMappingURL');
}

async function sampleOnce(side) {
  const workspace = copyFixtureWorkspace();
  let sample;
  const code = await runExtensionTests({
    extensionDevelopmentPath: side.dir,
    // One harness for both sides: what is timed is the extension, not the test code of its day.
    extensionTestsPath: join(ROOT, 'out/test/bench/activation'), workspace,
    onLog: line => {
      const found = /^\[papers-bench\] (\{.*\})$/.exec(line);
      if (found) sample = JSON.parse(found[1]); else console.error(line);
    },
  });
  removeWorkspace(workspace);
  if (code !== 0 || !sample) throw new Error(`a run of ${side.label} failed (exit ${code})`);
  if (sample.wasActive) throw new Error(`${side.label}: the extension was already active before the timing started`);
  return sample;
}

/** Wall time of `node dist/cli.js --help`, 7 runs after one warm-up: what a writer waits for at the command line. */
function cliHelp(dir) {
  const cli = join(dir, 'dist', 'cli.js');
  if (!existsSync(cli)) return undefined;
  const times = [];
  for (let i = 0; i < 8; i++) {
    const started = process.hrtime.bigint();
    const run = spawnSync(process.execPath, [cli, '--help'], { stdio: 'ignore' });
    // A week-old build may not know --help (it printed its usage and exited 1): its start-up is timed all the same.
    if (run.status === null) return undefined;
    if (i > 0) times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { median: round(median(times)), samples: times.map(round) };
}

function summary(side, samples) {
  const activate = samples.map(s => round(s.activateMs));
  const firstPapers = samples.map(s => round(s.firstPapersMs));
  return {
    build: production(side.dir) ? 'production' : 'development', runs: samples.length, papers: samples[0].papers,
    activateMs: { median: median(activate), samples: activate },
    firstPapersMs: { median: median(firstPapers), samples: firstPapers },
    totalMs: { median: median(samples.map(s => round(s.activateMs + s.firstPapersMs))) },
    firstUseBlockMs: { median: median(samples.map(s => round(s.firstUseBlockMs))), samples: samples.map(s => round(s.firstUseBlockMs)) },
    cliHelpMs: cliHelp(side.dir),
  };
}

try {
  const current = { label: 'this checkout', dir: ROOT };
  const baseline = values.baseline ? buildBaseline(values.baseline) : undefined;
  const sides = baseline ? [current, baseline] : [current];
  const samples = new Map(sides.map(side => [side, []]));
  for (let r = 0; r < rounds; r++) {
    // Each round starts with the other side, so that neither always runs on the fresher machine.
    for (const side of r % 2 ? [...sides].reverse() : sides) {
      for (let i = 1; i <= runs; i++) {
        const sample = await sampleOnce(side);
        samples.get(side).push(sample);
        console.error(`${side.label}, round ${r + 1}, run ${i}/${runs}: activate ${sample.activateMs.toFixed(1)} ms, first papers() ${sample.firstPapersMs.toFixed(1)} ms, longest host block then ${sample.firstUseBlockMs.toFixed(1)} ms`);
      }
    }
  }
  const ours = summary(current, samples.get(current));
  const report = { bench: 'activation', vscode: vscodeVersion(), codeServer: CODE_SERVER_VERSION, ...ours };
  if (baseline) {
    const theirs = summary(baseline, samples.get(baseline));
    const ratio = (a, b) => (a && b ? Math.round((100 * a.median) / b.median) / 100 : null);
    report.baseline = { commit: baseline.commit, ...theirs };
    report.ratio = { activate: ratio(ours.activateMs, theirs.activateMs), firstPapers: ratio(ours.firstPapersMs, theirs.firstPapersMs), cliHelp: ratio(ours.cliHelpMs, theirs.cliHelpMs) };
  }
  console.log(JSON.stringify(report));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
