// The command line as the npm package `papers` (scripts/cli-package.mjs), installed as a writer
// installs it: packed, installed from the tarball with npm offline into an empty folder, and run with
// npx on a LaTeX project, a Quarto project and a bibliography. Then the GitHub Action's script
// (.github/actions/check/check.mjs) run as its step runs it, inputs as INPUT_* variables, and the
// pre-commit hook's entry on a list of staged files. No network: npm is told to stay offline.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { ROOT } from '../unit/support/seeds';
import { run, workDir, type Run } from './tools';

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const REFS = `@misc{known1, title = {One Paper}, author = {Doe, Jane}, year = 2020}
@misc{known2, title = {Two Papers}, author = {Roe, Rick}, year = 2021}
`;

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

suite('the papers package: packed, installed offline, run with npx', function () {
  const work = workDir('cli-package');
  const cache = join(work.dir, 'npm-cache');
  /** npm and npx told to stay offline, with a cache of their own. */
  const env = { ...process.env, npm_config_offline: 'true', npm_config_cache: cache, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
  const home = join(work.dir, 'writer');
  let tarball = '';
  const sh = (command: string, args: string[], cwd: string, extra: Record<string, string> = {}): Run => {
    const started = Date.now();
    const r = spawnSync(command, args, { cwd, env: { ...env, ...extra }, encoding: 'utf8', timeout: 110_000 });
    if (r.error) throw r.error;
    return { status: r.status, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - started };
  };
  const npx = (cwd: string, ...args: string[]) => sh('npx', ['--no-install', 'papers', ...args], cwd);

  suiteSetup(function () {
    this.timeout(300_000);
    const packed = run(process.execPath, [join(ROOT, 'scripts', 'cli-package.mjs')], ROOT);
    assert.equal(packed.status, 0, packed.stderr);
    tarball = packed.stdout.trim().split('\n').pop()!;
    mkdirSync(home);
    // An empty folder, and the tarball's path: with no dependencies there is nothing to fetch.
    const installed = sh('npm', ['install', '--offline', tarball], home);
    assert.equal(installed.status, 0, installed.stderr);
    write(home, {
      'thesis/main.tex': '\\documentclass{report}\n\\usepackage[backend=biber]{biblatex}\n\\addbibresource{refs.bib}\n\\begin{document}\n\\input{chapters/intro}\n\\printbibliography\n\\end{document}\n',
      'thesis/chapters/intro.tex': '\\chapter{Introduction}\nAs \\cite{known1} and \\cite{ReAct2022} show.\n',
      'thesis/refs.bib': REFS,
      'paper/_quarto.yml': 'project:\n  type: manuscript\nbibliography: references.bib\n',
      'paper/index.qmd': '---\ntitle: A paper\n---\n\nAs @known1 says [see @Ghost2024, p. 3].\n',
      'paper/references.bib': REFS,
      // Clean but for a warning: a duplicate key nobody cites.
      'notes/notes.tex': '\\documentclass{article}\n\\bibliography{refs}\n\\begin{document}\nAs \\cite{known1}.\n\\end{document}\n',
      'notes/refs.bib': `${REFS}@misc{known2, title = {Again}}\n`,
    });
  });
  suiteTeardown(() => work.done());

  test('npm pack: at most 1.5 MB, only what the command line needs, no dependencies and no install scripts', () => {
    const size = readFileSync(tarball).length;
    assert.ok(size <= 1.5 * 1024 * 1024, `${size} bytes packed`);
    const listed = run('tar', ['-tzf', tarball], ROOT).stdout.trim().split('\n').map(f => f.replace(/^package\//, '')).sort();
    assert.deepEqual(listed.filter(f => !f.startsWith('lib/licenses/')), [
      'LICENSE', 'README.md', 'bin/papers.js', 'lib/cli.js', 'lib/commands.js', 'lib/corpus.json', 'lib/csl-styles.tsv', 'lib/fulltext.index', 'lib/names.index', 'lib/styles.js', 'package.json',
    ]);
    // citeproc-js's licence and notice, the CSL files', and each other bundled package's.
    for (const name of ['LICENSE-citeproc-js.txt', 'LICENSE-CC-BY-SA-3.0.txt', 'LICENSE-zod.txt', 'LICENSE-minisearch.txt', 'LICENSE-js-yaml.txt']) assert.ok(listed.includes(`lib/licenses/${name}`), name);
    const installed = join(home, 'node_modules', 'papers');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(manifest.name, 'papers');
    assert.equal(manifest.version, VERSION);
    assert.deepEqual(manifest.bin, { papers: 'bin/papers.js' });
    assert.deepEqual(manifest.engines, { node: '>=20' });
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'scripts']) assert.equal(manifest[field], undefined, field);
    assert.match(readFileSync(join(installed, 'bin', 'papers.js'), 'utf8'), /^#!\/usr\/bin\/env node\n/);
    assert.match(readFileSync(join(installed, 'lib', 'styles.js'), 'utf8'), /^\/\* citeproc-js \(npm "citeproc" [\d.]+\), unmodified\./, 'the CPAL notice leads the style engine');
    assert.doesNotMatch(readFileSync(join(installed, 'lib', 'commands.js'), 'utf8'), /<style xmlns="http:\/\/purl\.org\/net\/xbiblio\/csl"/, 'the styles are not in the command line');
    assert.ok(existsSync(join(home, 'node_modules', '.bin', 'papers')));
  });

  test('npx papers --help names the command `papers`, as the package README does; --version', () => {
    const help = npx(home, '--help');
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^usage:\n {2}papers search /);
    assert.match(help.stdout, /\n {2}papers check FILE\.\.\. \[--format text\|json\|github\|sarif\] \[--json\] \[--strict\]\n/);
    assert.doesNotMatch(help.stdout, /node dist/);
    const readme = readFileSync(join(home, 'node_modules', 'papers', 'README.md'), 'utf8');
    assert.match(readme, /npm install --global papers/);
    const commands = [...readme.matchAll(/```sh\n([^]*?)```/g)].flatMap(m => m[1].trim().split('\n')).map(line => line.split(' ')[0]);
    assert.deepEqual([...new Set(commands)], ['npm', 'papers']);
    const version = npx(home, '--version');
    assert.equal(version.stdout, `${VERSION}\n`);
  });

  test('npx papers check on a LaTeX project, from a chapter: the undefined key at its line, exit 1; 0 once it is defined', () => {
    const thesis = join(home, 'thesis');
    const r = npx(thesis, 'check', 'chapters/intro.tex');
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.stdout, 'chapters/intro.tex:2:28: warning: ReAct2022 is not in refs.bib [undefined-key]\n');
    assert.match(r.stderr, /^2 document\(s\), 2 citation\(s\), 1 problem\(s\)\n$/);
    writeFileSync(join(thesis, 'refs.bib'), `${REFS}@misc{ReAct2022, title = {ReAct}, year = 2022}\n`);
    try {
      const fixed = npx(thesis, 'check', 'main.tex');
      assert.equal(fixed.status, 0, fixed.stdout + fixed.stderr);
      assert.equal(fixed.stdout, '');
    } finally {
      writeFileSync(join(thesis, 'refs.bib'), REFS);
    }
  });

  test('npx papers check on a Quarto project: the bibliography of _quarto.yml; text, GitHub annotations and SARIF', () => {
    const paper = join(home, 'paper');
    const text = npx(paper, 'check', 'index.qmd');
    assert.equal(text.status, 1, text.stderr);
    assert.equal(text.stdout, 'index.qmd:5:23: warning: Ghost2024 is not in references.bib [undefined-key]\n');
    const github = npx(home, 'check', '--format', 'github', 'paper/index.qmd');
    assert.equal(github.status, 1);
    assert.equal(github.stdout, '::error file=paper/index.qmd,line=5,col=23,title=undefined-key::Ghost2024 is not in paper/references.bib\n');
    const sarif = npx(home, 'check', '--format', 'sarif', 'paper/index.qmd');
    assert.equal(sarif.status, 1);
    const log = JSON.parse(sarif.stdout) as { version: string; runs: { tool: { driver: { version: string } }; results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: unknown } }[] }[] }[] };
    assert.equal(log.version, '2.1.0');
    assert.equal(log.runs[0].tool.driver.version, VERSION);
    assert.deepEqual(log.runs[0].results.map(r => [r.ruleId, r.locations[0].physicalLocation.artifactLocation.uri, r.locations[0].physicalLocation.region]),
      [['undefined-key', 'paper/index.qmd', { startLine: 5, startColumn: 23 }]]);
  });

  test('npx papers check on a bibliography: the documents that cite from it; warnings fail only with --strict', () => {
    const bib = npx(home, 'check', 'paper/references.bib');
    assert.equal(bib.status, 1, 'index.qmd cites from it, with an undefined key');
    assert.match(bib.stdout, /^paper\/index\.qmd:5:23: warning: Ghost2024 /);
    const notes = npx(home, 'check', 'notes/refs.bib');
    assert.equal(notes.status, 0, notes.stderr);
    assert.equal(notes.stdout, 'notes/refs.bib:3:1: warning: key "known2" is already used by the entry at line 2 [duplicate-key]\n');
    assert.equal(npx(home, 'check', '--strict', 'notes/notes.tex').status, 1);
    // A document and another project's bibliography, as one commit stages them: each as if alone.
    const both = npx(home, 'check', 'thesis/main.tex', 'notes/refs.bib');
    assert.equal(both.status, 1);
    assert.deepEqual(both.stdout.trim().split('\n'), [
      'thesis/chapters/intro.tex:2:28: warning: ReAct2022 is not in thesis/refs.bib [undefined-key]',
      'notes/refs.bib:3:1: warning: key "known2" is already used by the entry at line 2 [duplicate-key]',
    ]);
    assert.match(both.stderr, /^3 document\(s\), 3 citation\(s\), 2 problem\(s\)\n$/);
    const alone = npx(home, 'check', 'nobody.bib');
    assert.equal(alone.status, 1, 'a file that cannot be read');
    writeFileSync(join(home, 'unused.bib'), REFS);
    const unused = npx(home, 'check', 'unused.bib');
    assert.equal(unused.status, 0);
    assert.match(unused.stderr, /^unused\.bib: no document around it cites from it\n/);
  });

  test('npx papers format: the style engine, loaded from the package; a key not found exits 1', () => {
    const ieee = npx(home, 'format', '--corpus', 'thesis/refs.bib', '--style', 'ieee');
    assert.equal(ieee.status, 0, ieee.stderr);
    assert.equal(ieee.stdout, '[1] J. Doe, “One paper.” 2020.\n\n[2] R. Roe, “Two papers.” 2021.\n');
    const missing = npx(home, 'format', '--corpus', 'thesis/refs.bib', 'nosuchkey');
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /no entry with key "nosuchkey"/);
  });

  suite('the GitHub Action (.github/actions/check)', () => {
    const script = join(ROOT, '.github', 'actions', 'check', 'check.mjs');
    /** The action's step: its script with the inputs as the step's environment gives them. */
    const action = (inputs: Record<string, string>) => sh(process.execPath, [script], home, {
      RUNNER_TEMP: work.dir, INPUT_PACKAGE: tarball, ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k}`, v])),
    });

    test('action.yml: a composite action that sets up Node and passes each input to the script; its package is this version', () => {
      const yml = load(readFileSync(join(ROOT, '.github', 'actions', 'check', 'action.yml'), 'utf8')) as {
        inputs: Record<string, { default?: string; required?: boolean }>; runs: { using: string; steps: { uses?: string; run?: string; env?: Record<string, string> }[] };
      };
      assert.equal(yml.runs.using, 'composite');
      assert.match(yml.runs.steps[0].uses ?? '', /^actions\/setup-node@/);
      assert.deepEqual(Object.keys(yml.inputs).sort(), ['json-file', 'node-version', 'package', 'paths', 'warnings-fail']);
      assert.equal(yml.inputs.paths.required, true);
      assert.equal(yml.inputs.package.default, `papers@${VERSION}`);
      const step = yml.runs.steps[1];
      assert.equal(step.run, 'node "$GITHUB_ACTION_PATH/check.mjs"');
      assert.deepEqual(step.env, {
        INPUT_PATHS: '${{ inputs.paths }}', INPUT_JSON_FILE: '${{ inputs.json-file }}', INPUT_WARNINGS_FAIL: '${{ inputs.warnings-fail }}', INPUT_PACKAGE: '${{ inputs.package }}',
      });
    });

    test('annotations on stdout for the paths and globs given, the JSON report in its file, exit 1 for an undefined key', () => {
      const r = action({ PATHS: 'thesis/main.tex\n  paper/*.{qmd,md}  notes/**/*.tex', JSON_FILE: 'report.json', WARNINGS_FAIL: 'false' });
      assert.equal(r.status, 1, r.stderr);
      // The documents given first, in their order, then the rest of their projects (main.tex's chapter).
      assert.deepEqual(r.stdout.trim().split('\n'), [
        '::error file=paper/index.qmd,line=5,col=23,title=undefined-key::Ghost2024 is not in paper/references.bib',
        '::warning file=notes/refs.bib,line=3,col=1,title=duplicate-key::key "known2" is already used by the entry at line 2',
        '::error file=thesis/chapters/intro.tex,line=2,col=28,title=undefined-key::ReAct2022 is not in thesis/refs.bib',
      ]);
      const report = JSON.parse(readFileSync(join(home, 'report.json'), 'utf8')) as { documents: { file: string }[] };
      assert.deepEqual(report.documents.map(d => d.file), ['thesis/main.tex', 'paper/index.qmd', 'notes/notes.tex', 'thesis/chapters/intro.tex']);
    });

    test('warnings pass unless warnings-fail is true; a glob that matches nothing, or no paths, exits 2', () => {
      const lenient = action({ PATHS: 'notes/notes.tex', WARNINGS_FAIL: 'false' });
      assert.equal(lenient.status, 0, lenient.stderr);
      assert.match(lenient.stdout, /^::warning file=notes\/refs\.bib,line=3,col=1,title=duplicate-key::/);
      const strict = action({ PATHS: 'notes/notes.tex', WARNINGS_FAIL: 'true' });
      assert.equal(strict.status, 1);
      assert.match(strict.stdout, /^::error file=notes\/refs\.bib,line=3,col=1,title=duplicate-key::/);
      const none = action({ PATHS: 'thesis/*.typ' });
      assert.equal(none.status, 2);
      assert.equal(none.stdout, '::error title=papers check::no file matches "thesis/*.typ"\n');
      assert.equal(action({ PATHS: ' \n' }).status, 2);
    });
  });

  test('the pre-commit hook: its entry, on the staged files its pattern takes, finds each file\'s project', () => {
    const hooks = load(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as { id: string; entry: string; language: string; files: string; require_serial?: boolean }[];
    assert.equal(hooks.length, 1);
    const [hook] = hooks;
    assert.equal(hook.id, 'papers-check');
    assert.equal(hook.language, 'system');
    assert.equal(hook.entry, `npx --yes papers@${VERSION} check`);
    assert.equal(hook.require_serial, true);
    const staged = ['thesis/chapters/intro.tex', 'paper/index.qmd', 'notes/refs.bib', 'README.txt', 'draft.typ.bak', 'chapter.Rmd', 'paper/references.bib', 'package.json'];
    const taken = staged.filter(f => new RegExp(hook.files).test(f));
    assert.deepEqual(taken, ['thesis/chapters/intro.tex', 'paper/index.qmd', 'notes/refs.bib', 'chapter.Rmd', 'paper/references.bib']);
    // What pre-commit runs: the entry, then the files. chapter.Rmd is staged but was deleted: npx
    // finds the installed package of the same version (no network), and check names the missing file.
    const [command, ...args] = hook.entry.split(' ');
    const r = sh(command, [...args, ...taken], home);
    assert.equal(r.status, 1);
    assert.deepEqual(r.stdout.trim().split('\n'), [
      'thesis/chapters/intro.tex:2:28: warning: ReAct2022 is not in thesis/refs.bib [undefined-key]',
      'paper/index.qmd:5:23: warning: Ghost2024 is not in paper/references.bib [undefined-key]',
      'notes/refs.bib:3:1: warning: key "known2" is already used by the entry at line 2 [duplicate-key]',
    ]);
    assert.match(r.stderr, /^chapter\.Rmd: error: cannot be read \(ENOENT\)\n/);
  });
});
