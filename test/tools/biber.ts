// biber --tool on many .bib files at once, as the judge of which entries each file has.
//
// One biber run starts slowly (Perl loads some 480 modules: about 1 s here), and biber spends
// most of its time on a large file in Data::Uniqid, which sleeps and does big-number arithmetic
// to make an id for every name it parses. So when biber is a Perl script (as Debian installs
// it), one Perl process loads biber's modules once, replaces that id maker by a counter (an
// id is only compared with the others of the same run, so a counter is as unique), and forks a
// child per file that runs biber's own script with the usual arguments: each child reads,
// checks and writes exactly as `biber` does. Measured on the 238 files of
// shared/bibliographies with 2 processors: separate runs take more than 6 minutes (161 s for
// the 3 MB library alone), the forked ones about 115 s of processor time, a minute; their
// outputs are the same byte for byte, but for the order of the OPTIONS values, which Perl's
// hash order changes from one run to the next anyway. Where biber is not a Perl script (a
// packed binary), the runs are ordinary processes, several at a time.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, delimiter, join } from 'node:path';
import { run } from './tools';

/** One run of `biber --tool --output-file out.bib in.bib` in a directory of its own. */
export interface BiberToolRun {
  /** The file given. */
  file: string;
  /** The run's directory: in.bib (the file copied), biber's log in.bib.blg, out.bib if biber wrote it. */
  dir: string;
  /** Exit status, or null when a signal ended the run (`signal`: SIGALRM at the time limit). */
  status: number | null;
  signal: string | null;
  ms: number;
  /** The ERROR and WARN lines biber logged (in.bib.blg, its standard output and error). */
  errors: string[];
  warnings: string[];
  /** What biber wrote with --output-file (its normalised entries), or null when it wrote nothing. */
  output: string | null;
}

export interface BiberToolOptions {
  /** Runs at a time; the number of processors (at least 2) by default. */
  jobs?: number;
  /** Time limit of one run. */
  seconds?: number;
  /** Arguments before the file (`--tool --output-file out.bib` are always given). */
  args?: readonly string[];
}

// The forking runner (see the top of this file). Children print nothing to the parent's
// standard output, which carries one line per finished run: "<wait status> <ms> <dir>".
const POOL = String.raw`use strict;
use warnings;
use POSIX ();
use Time::HiRes ();
my ($biber, $jobs, $seconds, @args) = @ARGV;
require Data::Uniqid;
{
  no warnings qw(redefine once);
  my $n = 0;
  *Data::Uniqid::suniqid = sub { 'n' . ++$n };
}
# Modules whose loading does not depend on biber's options (Biber::Input::file::bibtex reads
# the data model when it loads, so it must load in the child, after the options are read).
require Biber; require Biber::LangTags; require IPC::Cmd; require Unicode::Collate::Locale;
require Text::BibTeX; require XML::LibXML::Simple;
$| = 1;
my %running;
sub reap {
  my $pid = waitpid(-1, 0);
  return if $pid <= 0;
  my ($dir, $started) = @{ delete $running{$pid} };
  printf "%d %d %s\n", $?, (Time::HiRes::time() - $started) * 1000, $dir;
}
while (my $dir = <STDIN>) {
  chomp $dir;
  next unless length $dir;
  reap() while keys %running >= $jobs;
  my $pid = fork() // die "fork: $!";
  if ($pid == 0) {
    chdir $dir or POSIX::_exit(126);
    open STDOUT, '>', 'biber.stdout' or POSIX::_exit(126);
    open STDERR, '>', 'biber.stderr' or POSIX::_exit(126);
    alarm $seconds;
    @ARGV = @args;
    $0 = $biber;
    do $biber;
    print STDERR "ERROR - $@" if $@;
    # biber ends with exit; coming back here means it did not finish.
    POSIX::_exit(125);
  }
  $running{$pid} = [$dir, Time::HiRes::time()];
}
reap() while keys %running;
`;

/** The biber found on PATH. */
function biberPath(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(dir, 'biber');
    if (dir && existsSync(path) && statSync(path).isFile()) return path;
  }
  return undefined;
}

const SIGNALS: Record<number, string> = { 9: 'SIGKILL', 14: 'SIGALRM', 15: 'SIGTERM' };

/**
 * The command line of the Perl that runs `biber`, with its switches ("#!/usr/bin/perl -w" →
 * ['/usr/bin/perl', '-w']; "#!/usr/bin/env perl" → ['perl']), or null when it is not a Perl script.
 */
function perlOf(biber: string): string[] | null {
  const words = /^#![ \t]*([^\n]*)/.exec(readFileSync(biber, 'latin1').slice(0, 200))?.[1].trim().split(/[ \t]+/) ?? [];
  if (basename(words[0] ?? '') === 'env') words.shift();
  return words.length && /^perl[\d.]*$/.test(basename(words[0])) ? words : null;
}

/** Runs POOL with `perl` over `dirs`; resolves to each directory's wait status and time. */
function forked(perl: string[], biber: string, dirs: string[], work: string, jobs: number, seconds: number, args: string[]): Promise<Map<string, { status: number | null; signal: string | null; ms: number }>> {
  const script = join(work, 'biber-pool.pl');
  writeFileSync(script, POOL);
  return new Promise((resolve, reject) => {
    const child = spawn(perl[0], [...perl.slice(1), script, biber, String(jobs), String(seconds), ...args], { cwd: work, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', d => { out += d; });
    child.stderr.on('data', d => { err += d; });
    child.on('error', reject);
    child.on('close', code => {
      if (code !== 0) return reject(new Error(`the biber runner exited with ${code}: ${err}`));
      const done = new Map<string, { status: number | null; signal: string | null; ms: number }>();
      for (const line of out.split('\n').filter(Boolean)) {
        const [wait, ms, ...dir] = line.split(' ');
        const status = Number(wait);
        const signal = status & 127;
        done.set(dir.join(' '), { status: signal ? null : status >> 8, signal: signal ? SIGNALS[signal] ?? `signal ${signal}` : null, ms: Number(ms) });
      }
      resolve(done);
    });
    child.stdin.end(dirs.map(d => `${d}\n`).join(''));
  });
}

/** Runs biber as separate processes, `jobs` at a time (a biber that is not a Perl script). */
async function separate(dirs: string[], jobs: number, seconds: number, args: string[]): Promise<Map<string, { status: number | null; signal: string | null; ms: number }>> {
  const done = new Map<string, { status: number | null; signal: string | null; ms: number }>();
  let next = 0;
  const worker = async () => {
    while (next < dirs.length) {
      const dir = dirs[next++];
      const started = Date.now();
      await new Promise<void>((resolve, reject) => {
        const child = spawn('biber', args, { cwd: dir, timeout: seconds * 1000, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', d => { out += d; });
        child.stderr.on('data', d => { err += d; });
        child.on('error', reject);
        child.on('close', (status, signal) => {
          writeFileSync(join(dir, 'biber.stdout'), out);
          writeFileSync(join(dir, 'biber.stderr'), err);
          done.set(dir, { status, signal, ms: Date.now() - started });
          resolve();
        });
      });
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  return done;
}

/**
 * Runs `biber --tool --output-file out.bib in.bib` on each file, copied into a directory of
 * its own under `work`, several at a time (the largest first, so that no long run is left for
 * the end). Fails clearly when biber is not installed.
 */
export async function biberToolAll(files: readonly string[], work: string, options: BiberToolOptions = {}): Promise<BiberToolRun[]> {
  run('biber', ['--version'], work);
  const biber = biberPath();
  assert.ok(biber, 'biber runs but is not found on PATH');
  const jobs = options.jobs ?? Math.max(2, availableParallelism());
  const seconds = options.seconds ?? 150;
  const args = ['--tool', ...(options.args ?? []), '--output-file', 'out.bib', 'in.bib'];
  const dirs = files.map((file, i) => {
    const dir = join(work, String(i));
    mkdirSync(dir);
    copyFileSync(file, join(dir, 'in.bib'));
    return dir;
  });
  const order = dirs.map((dir, i) => ({ dir, size: statSync(files[i]).size })).sort((a, b) => b.size - a.size).map(d => d.dir);
  const perl = perlOf(biber);
  const done = perl ? await forked(perl, biber, order, work, jobs, seconds, args) : await separate(order, jobs, seconds, args);
  return files.map((file, i) => {
    const dir = dirs[i];
    const ended = done.get(dir);
    assert.ok(ended, `no biber run for ${file}`);
    const read = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : '');
    const lines = [read('in.bib.blg'), read('biber.stdout'), read('biber.stderr')].join('\n').split('\n');
    const unique = (pattern: RegExp) => [...new Set(lines.filter(l => pattern.test(l)).map(l => l.replace(/^\[\d+\] \S+> /, '')))];
    return {
      file, dir, ...ended,
      errors: unique(/\bERROR\b/),
      warnings: unique(/\bWARN\b/),
      output: existsSync(join(dir, 'out.bib')) ? read('out.bib') : null,
    };
  });
}
