// The step of the Papers check action (action.yml): installs the papers package into a folder of
// its own, then runs `papers check --format github` on the paths given (globs expanded), whose
// annotations GitHub shows on the pull request's lines; with INPUT_JSON_FILE, `papers check --json`
// too, into that file. Exits as `papers check` does: 0 all is well, 1 a problem that fails the check
// (with INPUT_WARNINGS_FAIL=true, any problem), 2 bad input (no paths, a glob matching nothing).
// Inputs come as environment variables (INPUT_PATHS, INPUT_JSON_FILE, INPUT_WARNINGS_FAIL,
// INPUT_PACKAGE); plain Node 20, no dependencies, so that it runs as the action's first step.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const input = name => (process.env[`INPUT_${name}`] ?? '').trim();

/** `*` (within a folder), `**` (any folders), `?` and `{a,b}` as a regular expression over `/` paths. */
function globRegExp(glob) {
  let re = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      re += slash ? '(?:[^/]*/)*' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') { braces++; re += '(?:'; }
    else if (c === '}' && braces) { braces--; re += ')'; }
    else if (c === ',' && braces) re += '|';
    else re += c.replace(/[.+^$()|[\]\\{}]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** The files a path or glob names: a path as it is; a glob's matches under its fixed folders, sorted (hidden folders and node_modules left out). */
function expand(pattern) {
  if (!/[*?{]/.test(pattern)) return [pattern];
  const parts = pattern.split('/');
  const fixed = [];
  while (parts.length > 1 && !/[*?{]/.test(parts[0])) fixed.push(parts.shift());
  const base = fixed.join('/');
  const wanted = globRegExp(parts.join('/'));
  const found = [];
  const walk = (dir, rel) => {
    let entries;
    try { entries = readdirSync(dir || '.', { withFileTypes: true }); } catch { return; }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(join(dir || '.', entry.name), path);
      else if (wanted.test(path)) found.push(base ? `${base}/${path}` : path);
    }
  };
  walk(base, '');
  return found.sort();
}

function main() {
  const patterns = input('PATHS').split(/\s+/).filter(Boolean);
  if (!patterns.length) {
    console.log('::error title=papers check::the action was given no paths (its input "paths")');
    return 2;
  }
  const files = [];
  for (const pattern of patterns) {
    const matched = expand(pattern.replace(/\\/g, '/'));
    if (!matched.length) {
      console.log(`::error title=papers check::no file matches "${pattern.replace(/%/g, '%25')}"`);
      return 2;
    }
    files.push(...matched.filter(f => !files.includes(f)));
  }
  // The package in a folder of its own: the repository's own package.json, if any, is not touched.
  const spec = input('PACKAGE') || 'papers';
  const local = existsSync(spec) ? resolve(spec) : spec;
  const prefix = mkdtempSync(join(process.env.RUNNER_TEMP || tmpdir(), 'papers-check-'));
  const npm = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', '--prefix', prefix, local], {
    // npm's own lines go to stderr: stdout is for the annotations.
    stdio: ['ignore', 2, 2], shell: process.platform === 'win32',
  });
  if (npm.status !== 0) {
    console.log(`::error title=papers check::npm could not install ${spec.replace(/%/g, '%25')}`);
    return 2;
  }
  const papers = join(prefix, 'node_modules', 'papers', 'bin', 'papers.js');
  const strict = input('WARNINGS_FAIL').toLowerCase() === 'true' ? ['--strict'] : [];
  const checked = spawnSync(process.execPath, [papers, 'check', '--format', 'github', ...strict, ...files], { stdio: ['ignore', 'inherit', 'inherit'] });
  const jsonFile = input('JSON_FILE');
  if (jsonFile) {
    const out = openSync(jsonFile, 'w');
    try {
      spawnSync(process.execPath, [papers, 'check', '--json', ...strict, ...files], { stdio: ['ignore', out, 'ignore'] });
    } finally {
      closeSync(out);
    }
  }
  return checked.status ?? 1;
}

process.exitCode = main();
