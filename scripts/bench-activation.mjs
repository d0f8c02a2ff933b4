// Activation cost in the real extension host (code-server's Node host, VS Code 1.100.3).
// Each run starts a fresh code-server + workbench and runs test/bench/activation.ts,
// which, once the window has settled, times `await getExtension(id).activate()` (module load +
// activate()), then the first `api.papers()` (loading the engine bundle, reading the bundled
// library; the full text loads behind) and then a first completion in `\cite{tau` (which needs
// the features' code, loaded on first use since issue 40's twelfth session), and the longest the
// host's event loop was held meanwhile.
// Prints one JSON object (medians and every sample) on stdout; progress goes to stderr. Build first:
// node esbuild.mjs --production, as npm run bench does, to measure what ships.
//
// --baseline COMMIT|week: the same figures for an older commit, built beside this checkout (a git
// worktree in the temporary folder, production build, kept for the next run) and measured by the
// same harness in the same run, interleaved round by round, so that a regression shows as a ratio
// whatever else the machine is doing. `week` is the newest commit of this branch's first-parent
// history at least seven days older than HEAD. `node dist/cli.js --help` is timed on both sides too.
//
// --later: each first session stays open until the extension wrote its code caches, and the window
// is then opened again on the same profile and workspace; that session's figures are reported too
// (`later`), as what a writer sees every day after the first.
//
// Usage: node scripts/bench-activation.mjs [--runs 5] [--baseline COMMIT|week [--rounds 2]] [--later]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  CODE_SERVER_VERSION, ROOT, copyFixtureWorkspace, removeWorkspace, runExtensionTests, vscodeVersion,
} from './vscode-server.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, rounds: { type: 'string', default: '2' }, baseline: { type: 'string' }, later: { type: 'boolean', default: false } } });
/** How long a first session stays open with --later: the code caches are written at the latest 20 s after first use (src/extension.ts). */
const CACHE_WRITTEN_MS = 22_000;
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

async function session(side, workspace, profile) {
  let sample;
  const code = await runExtensionTests({
    extensionDevelopmentPath: side.dir,
    // One harness for both sides: what is timed is the extension, not the test code of its day.
    extensionTestsPath: join(ROOT, 'out/test/bench/activation'), workspace, profile,
    onLog: line => {
      const found = /^\[papers-bench\] (\{.*\})$/.exec(line);
      if (found) sample = JSON.parse(found[1]); else console.error(line);
    },
  });
  if (code !== 0 || !sample) throw new Error(`a run of ${side.label} failed (exit ${code})`);
  if (sample.wasActive) throw new Error(`${side.label}: the extension was already active before the timing started`);
  return sample;
}

/** Every file under `dir` whose name ends with `suffix`. */
function filesUnder(dir, suffix) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true }).map(String).filter(name => name.endsWith(suffix));
}

/**
 * A first session in a fresh profile (what the figures above are). With `later`, the same window is
 * then opened again on the same profile and workspace, as a writer's every later day is: the first
 * session stays open until the extension has written its code caches (V8's, of dist/host.js and
 * dist/engine.js), and the second takes them.
 */
async function sampleOnce(side) {
  const workspace = copyFixtureWorkspace();
  const profile = values.later ? mkdtempSync(join(tmpdir(), 'papers-bench-profile-')) : undefined;
  try {
    if (profile) process.env.PAPERS_BENCH_LINGER_MS = String(CACHE_WRITTEN_MS);
    const first = await session(side, workspace, profile);
    delete process.env.PAPERS_BENCH_LINGER_MS;
    if (!profile) return { first };
    const caches = filesUnder(profile, '.v8cache');
    const later = await session(side, workspace, profile);
    return { first, later: { ...later, caches: caches.length } };
  } finally {
    delete process.env.PAPERS_BENCH_LINGER_MS;
    removeWorkspace(workspace);
    if (profile) rmSync(profile, { recursive: true, force: true });
  }
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

/** The figures of one kind of session (first or later) over the samples. */
function figures(samples) {
  const activate = samples.map(s => round(s.activateMs));
  const firstPapers = samples.map(s => round(s.firstPapersMs));
  const firstCompletion = samples.map(s => round(s.firstCompletionMs));
  return {
    runs: samples.length, papers: samples[0].papers,
    activateMs: { median: median(activate), samples: activate },
    firstPapersMs: { median: median(firstPapers), samples: firstPapers },
    firstCompletionMs: { median: median(firstCompletion), samples: firstCompletion },
    totalMs: { median: median(samples.map(s => round(s.activateMs + s.firstPapersMs))) },
    firstUseBlockMs: { median: median(samples.map(s => round(s.firstUseBlockMs))), samples: samples.map(s => round(s.firstUseBlockMs)) },
    // Of that block, the most our own code ran in one (the rest is VS Code's work, or the thread
    // waiting for a core: test/bench/ownBlocks.ts), and what of ours ran most in the worst of them.
    firstUseOwnBlockMs: { median: median(samples.map(s => s.firstUseOwnBlockMs)), samples: samples.map(s => s.firstUseOwnBlockMs) },
    firstUseOwnBlockWhat: [...samples].sort((a, b) => b.firstUseOwnBlockMs - a.firstUseOwnBlockMs)[0].firstUseOwnBlockWhat,
  };
}

function summary(side, samples) {
  const later = samples.map(s => s.later).filter(Boolean);
  return {
    build: production(side.dir) ? 'production' : 'development', ...figures(samples.map(s => s.first)),
    ...(later.length ? { later: { ...figures(later), caches: later.map(s => s.caches) } } : {}),
    cliHelpMs: cliHelp(side.dir),
  };
}

const ratio = (a, b) => (a && b ? Math.round((100 * a.median) / b.median) / 100 : null);
const line = sample => `activate ${sample.activateMs.toFixed(1)} ms, first papers() ${sample.firstPapersMs.toFixed(1)} ms, first completion ${sample.firstCompletionMs.toFixed(1)} ms, longest host block then ${sample.firstUseBlockMs.toFixed(1)} ms (ours ${sample.firstUseOwnBlockMs.toFixed(1)} ms: ${sample.firstUseOwnBlockWhat || '–'})`;

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
        console.error(`${side.label}, round ${r + 1}, run ${i}/${runs}: ${line(sample.first)}`);
        if (sample.later) console.error(`${side.label}, round ${r + 1}, run ${i}/${runs}, opened again (${sample.later.caches} code caches): ${line(sample.later)}`);
      }
    }
  }
  const ours = summary(current, samples.get(current));
  const report = { bench: 'activation', vscode: vscodeVersion(), codeServer: CODE_SERVER_VERSION, ...ours };
  if (baseline) {
    const theirs = summary(baseline, samples.get(baseline));
    report.baseline = { commit: baseline.commit, ...theirs };
    report.ratio = { activate: ratio(ours.activateMs, theirs.activateMs), firstPapers: ratio(ours.firstPapersMs, theirs.firstPapersMs), firstCompletion: ratio(ours.firstCompletionMs, theirs.firstCompletionMs), cliHelp: ratio(ours.cliHelpMs, theirs.cliHelpMs) };
    if (ours.later && theirs.later) report.ratio.later = { activate: ratio(ours.later.activateMs, theirs.later.activateMs), firstPapers: ratio(ours.later.firstPapersMs, theirs.later.firstPapersMs), firstCompletion: ratio(ours.later.firstCompletionMs, theirs.later.firstCompletionMs) };
  }
  console.log(JSON.stringify(report));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
