// `npm test`: every check and every test stage, in order, then one line "N passed, N failed".
//   typecheck · lint (ESLint, and dependency-cruiser: no import circles) · build · unit · tools (if package.json has test:tools) · integration (real
//   extension host, code-server) · web (the same integration tests in VS Code for the web's
//   extension host, a Web Worker) · package (the VSIX) · ui (the real workbench in Chromium)
// Works on a fresh clone: it imports no npm package before bootstrap() ran `npm ci` (and installed
// code-server, and VS Code for the web from npm) if needed. A failing stage does not hide the others; only stages that cannot run
// without it (everything after a failed build) are skipped. Test stages report through the
// [papers-test-summary] line of test/support/summaryReporter.ts; a failed check stage counts as
// one failed test, and so does a test stage that failed without a failing test to show for it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, bootstrap, codeServerInstalled } from './vscode-server.mjs';
import { bootstrapWeb, vscodeWebInstalled } from './vscode-web.mjs';

const bin = name => join(ROOT, 'node_modules', '.bin', name);
const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts ?? {};

/** Runs one command, echoing its output; resolves to { code, output }. */
function run([command, ...args], env) {
  return new Promise(resolve => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', d => { output += d; process.stdout.write(d); });
    child.stderr.on('data', d => { output += d; process.stderr.write(d); });
    child.on('error', error => { output += String(error); });
    child.on('close', code => resolve({ code: code ?? 1, output }));
  });
}

const stages = [
  { name: 'typecheck', commands: [[bin('tsc'), '--noEmit', '-p', '.'], [bin('tsc'), '--noEmit', '-p', 'src/webview']] },
  { name: 'lint', commands: [[bin('eslint'), '.'], [bin('depcruise'), 'src', '--config', '.dependency-cruiser.cjs']] },
  { name: 'build', commands: [[process.execPath, 'esbuild.mjs']] },
  { name: 'unit', tests: true, needs: ['build'], commands: [[bin('mocha'), '--config', 'test/unit/.mocharc.json']] },
  ...(scripts['test:tools'] ? [{ name: 'tools', tests: true, needs: ['build'], commands: [['npm', 'run', '--silent', 'test:tools']] }] : []),
  { name: 'integration', tests: true, needs: ['build', 'code-server'], commands: [[process.execPath, 'scripts/run-integration.mjs']] },
  { name: 'web', tests: true, needs: ['build', 'vscode-web'], commands: [[process.execPath, 'scripts/run-web-integration.mjs']] },
  { name: 'package', needs: ['build'], commands: [['npm', 'run', '--silent', 'package']] },
  { name: 'ui', tests: true, needs: ['build', 'code-server'], commands: [[bin('mocha'), '--config', 'test/ui/.mocharc.json']] },
];

const results = [];
const failed = new Set();
/** Each failing test's stage, title and first lines of its error, repeated at the end of the log. */
const failures = [];
for (const step of [...bootstrap(), ...bootstrapWeb()]) {
  results.push({ name: step.name, note: step.ok ? 'ok' : 'FAILED', passed: 0, failed: step.ok ? 0 : 1, pending: 0, seconds: step.seconds });
}
if (!existsSync(join(ROOT, 'node_modules'))) failed.add('node_modules');
if (!codeServerInstalled()) failed.add('code-server');
if (!vscodeWebInstalled()) failed.add('vscode-web');

for (const stage of stages) {
  const missing = ['node_modules', ...(stage.needs ?? [])].filter(need => failed.has(need));
  if (missing.length) {
    results.push({ name: stage.name, note: `skipped: no ${missing.join(', ')}`, passed: 0, failed: 0, pending: 0, seconds: 0 });
    continue;
  }
  console.log(`\n=== ${stage.name} ===`);
  // A VSIX left from an earlier run must not stand in for one this run failed to make.
  if (stage.name === 'package') rmSync(join(ROOT, 'papers-vscode.vsix'), { force: true });
  const started = Date.now();
  const result = { name: stage.name, passed: 0, failed: 0, pending: 0 };
  let exitCode = 0;
  let output = '';
  for (const command of stage.commands) {
    const ran = await run(command, { PAPERS_TEST_STAGE: stage.name });
    exitCode ||= ran.code;
    output += ran.output;
  }
  result.seconds = (Date.now() - started) / 1000;
  if (stage.tests) {
    const summaries = [...output.matchAll(/^\s*\[papers-test-summary\] (\{.*\})\s*$/gm)].map(m => JSON.parse(m[1]));
    for (const s of summaries) {
      result.passed += s.passed; result.failed += s.failed; result.pending += s.pending;
      for (const f of s.failures ?? []) failures.push({ stage: stage.name, ...f });
    }
    if (!summaries.length) { result.failed += 1; result.note = `no test summary (exit ${exitCode})`; }
    else if (exitCode && !result.failed) { result.failed = 1; result.note = `exit ${exitCode} with no failing test`; }
  } else if (exitCode) {
    result.failed = 1;
  }
  result.note ??= result.failed ? 'FAILED' : 'ok';
  if (result.failed) failed.add(stage.name);
  results.push(result);
}

// CI may keep only the end of a long log: say again there which tests failed and why.
if (failures.length) {
  console.log(`\nfailed tests (${failures.length}):`);
  for (const f of failures) console.log(`  [${f.stage}] ${f.title}\n${f.error.replace(/^/gm, '      ')}`);
}

const pad = (value, width) => String(value).padStart(width);
console.log(`\n${'stage'.padEnd(20)}${pad('passed', 7)}${pad('failed', 7)}${pad('time', 9)}  result`);
for (const r of results) {
  console.log(`${r.name.padEnd(20)}${pad(r.passed, 7)}${pad(r.failed, 7)}${pad(`${r.seconds.toFixed(1)} s`, 9)}  ${r.note}${r.pending ? ` (${r.pending} pending)` : ''}`);
}
const total = key => results.reduce((sum, r) => sum + r[key], 0);
const pending = total('pending');
console.log(`${total('passed')} passed, ${total('failed')} failed${pending ? `, ${pending} skipped` : ''}`);
process.exit(total('failed') || results.some(r => r.note.startsWith('skipped')) ? 1 : 0);
