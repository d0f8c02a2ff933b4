// The project's one .bib reader (src/core/bibliography/bibtex/) against biber on real files
// (shared/bibliographies: bibtex-tidy's collection of bug-report files, Better BibTeX's
// CSL-JSON exports): biber decides which entries a file has, and our reader must find the
// same keys in the same order (BibTeX decides for the few files biber cannot read); the
// readers never throw on any of them; and the BibTeX entries written from a user's CSL-JSON
// (`referenceBibtex`) go through BibTeX and biber cleanly.
import * as assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseBib, type BibEntry } from '../../src/core/bibliography/bibtex/parse';
import { readCslJson } from '../../src/core/bibliography/csl/json';
import { readBibliographies } from '../../src/core/bibliography/read';
import type { Reference } from '../../src/core/model/reference';
import { referenceBibtex } from '../../src/core/bibliography/bibtex/write';
import { biberToolAll } from './biber';
import { filesUnder, run, timings, workDir, type Run } from './tools';

/** From out/test/tools/ (where the bundle runs) to /work/shared/bibliographies. */
const SHARED = path.resolve(__dirname, '../../../../shared/bibliographies');
const BIBTEX = path.join(SHARED, 'bibtex-tidy');
const CSL = path.join(SHARED, 'better-bibtex-csl');

// Measured when this test was written: 238 .bib files, 6 that biber cannot read, 232 judged
// with 10,702 entries; 23 CSL-JSON files with 113 items (83 keys). Lower bounds a little below.
const MIN_BIB_FILES = 235;
const MIN_JUDGED_ENTRIES = 10_500;
const MIN_CSL_FILES = 23;

/**
 * The files biber stops at with an ERROR (it then writes no entry at all), so it cannot say
 * which entries they have; each with what stops it. The test checks that these, and only
 * these, are the files biber cannot read; BibTeX judges them instead (our reader keeps what
 * BibTeX keeps in all six).
 */
const BIBER_CANNOT_READ: Record<string, string> = {
  'better-bibtex/Maintain_the_JabRef_group_and_subgroup_structure_when_importing_a_BibTeX_db_97.bib':
    "keys with an apostrophe (Dobrovol'skii_1963, O'Hara_1999…): biber's parser ends the key at the apostrophe, then reports a syntax error; BibTeX takes such keys",
  'better-bibtex/Some_bibtex_entries_quietly_discarded_on_import_from_bib_file_873.bib':
    '"@Comment Len Schubert", an @comment without braces between entries: a syntax error for biber (which, told to go on, also loses the entry after each); BibTeX ignores it and reads the entries',
  'others/example2.bib':
    'the prose between entries says "the special @Comment entry type.": an @comment without braces again, a syntax error for biber',
  // biber's own tests of --input-encoding. The extension reads every file as UTF-8 (TextDecoder),
  // which biber refuses for these; BibTeX reads bytes, and the keys it writes, read as UTF-8, are ours.
  'biber/encoding1.bib': 'Latin-9, not UTF-8: biber refuses to read it as UTF-8',
  'biber/encoding3.bib': 'Latin-1, not UTF-8: biber refuses to read it as UTF-8',
  'biber/encoding4.bib': 'Latin-2, not UTF-8: biber refuses to read it as UTF-8',
};

/** Where our reader and biber disagree about a key, for a reason that is biber's, not ours. */
interface Justified {
  file: string;
  key: string;
  /** `ours`: only our reader has the entry; `biber`: only biber has it. */
  only: 'ours' | 'biber';
  /** What biber logs about it: the allowance holds only while biber says so. */
  biberSays: RegExp;
  why: string;
}

const JUSTIFIED: Justified[] = [
  {
    file: 'biber/tool.bib', key: 'badname', only: 'ours',
    biberSays: /Name in key 'badname' is empty \(probably consecutive 'and'\): skipping entry 'badname'/,
    // biber's own test file: "AUTHOR = {John Smith and and Terry Brown}".
    why: 'biber drops an entry whose author list has an empty name ("and and"), with a WARN; the entry is well formed, BibTeX keeps it (and prints "John Smith, , and Terry Brown"), so the library must show it',
  },
];

const nameOf = (file: string) => path.relative(BIBTEX, file).split(path.sep).join('/');

/**
 * The keys biber keeps of `entries`, in order: it skips a key given again with the same case
 * ("Duplicate entry key … skipping"), keeps keys that differ only in case, and writes the
 * entries in the file's order (tool mode sorts by "citeorder"). Checked on biber itself below.
 */
function keysBiberKeeps(entries: readonly BibEntry[]): string[] {
  const seen = new Set<string>();
  return entries.map(e => e.key).filter(k => !seen.has(k) && seen.add(k));
}

/**
 * The keys BibTeX reads of a file, in order, by a style that only writes each entry's key
 * (`\nocite{*}`). BibTeX keeps the first of keys that differ only in case ("Repeated entry").
 */
function bibtexKeys(file: string, dir: string): { keys: string[]; run: Run } {
  copyFileSync(file, path.join(dir, 'in.bib'));
  writeFileSync(path.join(dir, 'keys.bst'), 'ENTRY {} {} {}\nFUNCTION {key.out} { cite$ write$ newline$ }\nREAD\nITERATE {key.out}\n');
  writeFileSync(path.join(dir, 'doc.aux'), '\\relax\n\\citation{*}\n\\bibdata{in}\n\\bibstyle{keys}\n');
  const r = run('bibtex', ['doc'], dir);
  assert.ok(existsSync(path.join(dir, 'doc.bbl')), `bibtex wrote nothing for ${file}:\n${r.stdout}`);
  return { keys: readFileSync(path.join(dir, 'doc.bbl'), 'utf8').split('\n').filter(Boolean), run: r };
}

/** What keeps biber from judging a run, or null when it read the file. */
function unreadable(r: { status: number | null; signal: string | null; errors: string[]; output: string | null }): string | null {
  if (r.errors.length) return r.errors[0];
  if (r.signal) return `ended by ${r.signal} (time limit?)`;
  if (r.status !== 0) return `exit status ${r.status}`;
  if (r.output === null) return 'wrote no output';
  return null;
}

/** Problems a LaTeX log reports: errors, undefined citations or references, unset Unicode characters. */
function logProblems(log: string): string[] {
  return log.split('\n').filter(l => /^!|undefined|Unicode character|Error/i.test(l) && !/infwarerr|Package: |^\(.*\.sty/.test(l));
}

suite('our .bib reader against biber on real files', function () {
  // About 70 s here on 2 processors (the 3 MB library alone takes about 40 s in biber).
  this.timeout(300_000);

  test('biber reads duplicate keys as the comparison assumes: first kept, case kept, file order', () => {
    const work = workDir('biber-dup');
    try {
      writeFileSync(path.join(work.dir, 'in.bib'), '@misc{b, title={1}}\n@misc{a, title={2}}\n@misc{A, title={3}}\n@misc{a, title={4}}\n@misc{c, title={5}}\n');
      const r = run('biber', ['--tool', '--output-file', 'out.bib', 'in.bib'], work.dir);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      const out = parseBib(readFileSync(path.join(work.dir, 'out.bib'), 'utf8')).entries;
      assert.deepEqual(out.map(e => [e.key, e.fields.title]), [['b', '1'], ['a', '2'], ['A', '3'], ['c', '5']]);
      assert.deepEqual(keysBiberKeeps(parseBib(readFileSync(path.join(work.dir, 'in.bib'), 'utf8')).entries), out.map(e => e.key));
      timings('biber --tool on duplicate keys', [['biber', r]]);
    } finally {
      work.done();
    }
  });

  test('every .bib file biber reads without an ERROR: our keys are biber\'s, in the same order', async () => {
    assert.ok(existsSync(BIBTEX), `no ${BIBTEX}: the repository is checked out with ../shared beside it`);
    const files = filesUnder(BIBTEX, '.bib');
    assert.ok(files.length >= MIN_BIB_FILES, `only ${files.length} .bib files under ${BIBTEX}`);
    const work = workDir('biber-judge');
    try {
      const started = Date.now();
      const runs = await biberToolAll(files, work.dir);
      const ms = Date.now() - started;

      const cannot = new Map<string, string>();
      const disagreements: string[] = [];
      const justifiedSeen = new Set<Justified>();
      let judged = 0;
      let entries = 0;
      for (const r of runs) {
        const name = nameOf(r.file);
        const why = unreadable(r);
        if (why) { cannot.set(name, why); continue; }
        judged++;
        const normalised = parseBib(r.output!);
        // biber's output is normalised BibTeX: our reader must read it without an error.
        assert.deepEqual(normalised.problems.filter(p => p.severity === 'error'), [], `${name}: reading biber's output`);
        const theirs = normalised.entries.map(e => e.key);
        entries += theirs.length;
        const ours = keysBiberKeeps(parseBib(readFileSync(r.file, 'utf8')).entries);
        const oursSet = new Set(ours);
        const theirsSet = new Set(theirs);
        const differences = [
          ...ours.filter(k => !theirsSet.has(k)).map(key => ({ key, only: 'ours' as const })),
          ...theirs.filter(k => !oursSet.has(k)).map(key => ({ key, only: 'biber' as const })),
        ];
        for (const d of differences) {
          const allowed = JUSTIFIED.find(j => j.file === name && j.key === d.key && j.only === d.only);
          if (allowed && r.warnings.concat(r.errors).some(l => allowed.biberSays.test(l))) justifiedSeen.add(allowed);
          else disagreements.push(`${name}: "${d.key}" ${d.only === 'ours' ? 'is read by us, not by biber' : 'is read by biber, not by us'}${allowed ? ` (allowed, but biber no longer says ${allowed.biberSays})` : ''}`);
        }
        // Same keys: then the same order too.
        const mine = ours.filter(k => theirsSet.has(k));
        const its = theirs.filter(k => oursSet.has(k));
        if (mine.join('\n') !== its.join('\n')) disagreements.push(`${name}: the same keys in another order (biber: ${its.slice(0, 5).join(', ')}…; ours: ${mine.slice(0, 5).join(', ')}…)`);
      }

      console.log(`      [timing] biber --tool on ${files.length} .bib files: ${judged} judged (${entries.toLocaleString('en')} entries), ` +
        `${cannot.size} biber could not read (${[...cannot.keys()].map(f => path.basename(f)).join(', ')}); ${ms} ms`);
      assert.deepEqual(disagreements, [], 'keys where our reader and biber disagree');
      assert.deepEqual(JUSTIFIED.filter(j => !justifiedSeen.has(j)).map(j => `${j.file}: ${j.key}`), [], 'allowances no longer needed');
      assert.deepEqual([...cannot.keys()].sort(), Object.keys(BIBER_CANNOT_READ).sort(),
        `the files biber cannot read changed:\n${[...cannot].map(([f, e]) => `${f}: ${e}`).join('\n')}`);
      assert.equal(judged, files.length - Object.keys(BIBER_CANNOT_READ).length);
      assert.ok(entries >= MIN_JUDGED_ENTRIES, `only ${entries} entries judged`);
    } finally {
      work.done();
    }
  });

  test('the files biber cannot read: our keys are BibTeX\'s, in the same order', () => {
    const work = workDir('bibtex-judge');
    try {
      const steps: [string, Run][] = [];
      for (const name of Object.keys(BIBER_CANNOT_READ)) {
        const file = path.join(BIBTEX, name);
        const seen = new Set<string>();
        const ours = parseBib(readFileSync(file, 'utf8')).entries.map(e => e.key).filter(k => !seen.has(k.toLowerCase()) && seen.add(k.toLowerCase()));
        const dir = path.join(work.dir, String(steps.length));
        mkdirSync(dir);
        const { keys, run: r } = bibtexKeys(file, dir);
        steps.push([path.basename(name), r]);
        assert.ok(keys.length > 0, name);
        assert.deepEqual(ours, keys, name);
      }
      timings(`bibtex on the ${steps.length} files biber cannot read`, steps);
    } finally {
      work.done();
    }
  });
});

suite('our readers never throw on real files', () => {
  test('parseBib returns on every .bib file, with entries in order inside the file', () => {
    const files = filesUnder(BIBTEX, '.bib');
    assert.ok(files.length >= MIN_BIB_FILES, `only ${files.length} .bib files under ${BIBTEX}`);
    const wrong: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const lines = text.split('\n').length;
      try {
        const { entries, problems } = parseBib(text);
        let after = 0;
        for (const e of entries) {
          if (!(e.start >= after && e.start < e.keyStart && e.keyStart + e.key.length <= e.end && e.end <= text.length)) wrong.push(`${nameOf(file)}: entry ${e.key} at ${e.start}–${e.end}`);
          else if (text[e.start] !== '@' || text.slice(e.keyStart, e.keyStart + e.key.length) !== e.key) wrong.push(`${nameOf(file)}: entry ${e.key} is not at its offsets`);
          after = e.end;
        }
        for (const p of problems) if (!(p.line >= 1 && p.line <= lines)) wrong.push(`${nameOf(file)}: problem at line ${p.line} of ${lines}`);
      } catch (error) {
        wrong.push(`${nameOf(file)}: threw ${error instanceof Error ? error.stack : String(error)}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  test('readCslJson returns an item for every element with an id, as JSON.parse reads the file', () => {
    const files = filesUnder(CSL, '.json');
    assert.ok(files.length >= MIN_CSL_FILES, `only ${files.length} CSL-JSON files under ${CSL}`);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const items = JSON.parse(text.replace(/^\uFEFF/, '')) as { id?: unknown }[];
      assert.ok(Array.isArray(items), file);
      const { references, problems } = readCslJson(text);
      assert.deepEqual(references.map(r => r.key), items.filter(i => i?.id !== undefined && i.id !== null).map(i => String(i.id)), path.basename(file));
      assert.deepEqual(problems, [], path.basename(file));
    }
  });
});

/** The references of every CSL-JSON file, the first of each key (the exports share some keys). */
async function cslReferences(): Promise<Reference[]> {
  const files = filesUnder(CSL, '.json');
  assert.ok(files.length >= MIN_CSL_FILES, `only ${files.length} CSL-JSON files under ${CSL}`);
  const read = await readBibliographies(files.map(f => ({ uri: f, file: path.basename(f), text: readFileSync(f, 'utf8') })));
  const seen = new Set<string>();
  const refs: Reference[] = [];
  for (const file of read) {
    assert.deepEqual(file.problems, [], file.file);
    for (const ref of file.references) if (!seen.has(ref.key.toLowerCase())) { seen.add(ref.key.toLowerCase()); refs.push(ref); }
  }
  return refs;
}

const pdflatex = (dir: string) => run('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'doc.tex'], dir);

function expectClean(step: string, r: Run): void {
  assert.equal(r.status, 0, `${step} exited with ${r.status}:\n${r.stdout.slice(-3000)}`);
}

/**
 * biber's warnings on the entries we write from these files: only the BC years of Better
 * BibTeX's date tests ("date-parts": [[-334]]), written `year = {-334}`, which biber reads
 * but says will not sort (biblatex would want `date = {-0333}`; BibTeX has no such date).
 */
const BC_YEAR = /^WARN - legacy year field '-\d+' in entry '[^']+' is not an integer - this will probably not sort properly\.$/;

/** biber --tool on a .bib we wrote: no ERROR, only BC-year warnings, and every key back. */
function biberReadsAll(dir: string, keys: string[]): Run {
  const r = run('biber', ['--tool', '--output-file', 'out.bib', 'refs.bib'], dir);
  const lines = `${readFileSync(path.join(dir, 'refs.bib.blg'), 'utf8')}\n${r.stdout}\n${r.stderr}`.split('\n').map(l => l.replace(/^\[\d+\] \S+> /, ''));
  assert.deepEqual(lines.filter(l => /\bERROR\b/.test(l)), []);
  assert.deepEqual([...new Set(lines.filter(l => /\bWARN\b/.test(l) && !BC_YEAR.test(l)))], []);
  assert.equal(r.status, 0);
  assert.deepEqual(parseBib(readFileSync(path.join(dir, 'out.bib'), 'utf8')).entries.map(e => e.key), keys);
  return r;
}

suite('entries written from real CSL-JSON files, through BibTeX and biber', function () {
  this.timeout(120_000);

  test('BibTeX flavour: pdflatex + bibtex (natbib, plainnat) print every key, no error; biber --tool reads them all', async () => {
    const refs = await cslReferences();
    const keys = refs.map(r => r.key);
    const work = workDir('csl-bibtex');
    try {
      writeFileSync(path.join(work.dir, 'refs.bib'), refs.map(r => referenceBibtex(r, 'bibtex')).join('\n'));
      writeFileSync(path.join(work.dir, 'doc.tex'), [
        '\\documentclass{article}', '\\usepackage{natbib}', '\\usepackage{url}', '\\begin{document}',
        '\\nocite{*}', '\\bibliographystyle{plainnat}', '\\bibliography{refs}', '\\end{document}',
      ].join('\n'));
      const read = (ext: string) => readFileSync(path.join(work.dir, `doc.${ext}`), 'utf8');
      const steps: [string, Run][] = [['pdflatex', pdflatex(work.dir)]];
      expectClean('pdflatex', steps[0][1]);
      steps.push(['bibtex', run('bibtex', ['doc'], work.dir)]);
      assert.equal(steps[1][1].status, 0, `bibtex exited with ${steps[1][1].status}:\n${read('blg')}`);
      steps.push(['pdflatex', pdflatex(work.dir)], ['pdflatex', pdflatex(work.dir)]);
      steps.slice(2).forEach(([name, r]) => expectClean(name, r));
      const blg = read('blg');
      assert.doesNotMatch(blg, /error message/i, blg);
      // The exports leave fields out (no author, no year, no publisher…): plainnat says so, and
      // that is all it may say; any other warning is about how we wrote an entry.
      const warnings = blg.split('\n').filter(l => l.startsWith('Warning--'));
      assert.deepEqual(warnings.filter(l => !/^Warning--(empty \w+ in |to sort, need author or key in )\S+$/.test(l)), []);
      const printed = [...read('bbl').matchAll(/\\bibitem(?:\[(?:[^[\]]|\[[^\]]*\])*\])?\s*\{([^}]*)\}/g)].map(m => m[1]);
      assert.deepEqual([...printed].sort(), [...keys].sort());
      assert.deepEqual(logProblems(read('log')), []);
      steps.push(['biber --tool', biberReadsAll(work.dir, keys)]);
      timings(`${keys.length} CSL-JSON references as BibTeX`, steps);
    } finally {
      work.done();
    }
  });

  test('biblatex flavour: pdflatex + biber (biblatex) print every key, no error; biber --tool reads them all', async () => {
    const refs = await cslReferences();
    const keys = refs.map(r => r.key);
    const work = workDir('csl-biblatex');
    try {
      writeFileSync(path.join(work.dir, 'refs.bib'), refs.map(r => referenceBibtex(r, 'biblatex')).join('\n'));
      writeFileSync(path.join(work.dir, 'doc.tex'), [
        '\\documentclass{article}', '\\usepackage[backend=biber]{biblatex}', '\\addbibresource{refs.bib}', '\\begin{document}',
        '\\nocite{*}', '\\printbibliography', '\\end{document}',
      ].join('\n'));
      const read = (ext: string) => readFileSync(path.join(work.dir, `doc.${ext}`), 'utf8');
      const steps: [string, Run][] = [['pdflatex', pdflatex(work.dir)]];
      expectClean('pdflatex', steps[0][1]);
      steps.push(['biber', run('biber', ['doc'], work.dir)]);
      assert.equal(steps[1][1].status, 0, `biber exited with ${steps[1][1].status}:\n${read('blg')}`);
      steps.push(['pdflatex', pdflatex(work.dir)], ['pdflatex', pdflatex(work.dir)]);
      steps.slice(2).forEach(([name, r]) => expectClean(name, r));
      const log = read('blg').split('\n').map(l => l.replace(/^\[\d+\] \S+> /, ''));
      assert.deepEqual(log.filter(l => /\bERROR\b/.test(l)), []);
      assert.deepEqual(log.filter(l => /\bWARN\b/.test(l) && !BC_YEAR.test(l)), []);
      const printed = [...read('bbl').matchAll(/\\entry\{([^}]*)\}/g)].map(m => m[1]);
      assert.deepEqual([...printed].sort(), [...keys].sort());
      assert.deepEqual(logProblems(read('log')), []);
      steps.push(['biber --tool', biberReadsAll(work.dir, keys)]);
      timings(`${keys.length} CSL-JSON references as biblatex`, steps);
    } finally {
      work.done();
    }
  });
});
