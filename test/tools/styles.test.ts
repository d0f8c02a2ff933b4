// Formatted references judged by pandoc, on the real files of shared/bibliographies, in APA and IEEE:
//   our reading: pandoc converts each .bib file to CSL itself (`pandoc -f biblatex -t csljson`);
//     its items and ours (core/styles/items.ts), formatted by the same processor and style, must
//     read the same for at least 97% of the entries;
//   the end result: `papers format --format text` beside pandoc's own formatting of the file
//     (`pandoc --citeproc`, another processor): the figure is reported, with what differs, and
//     is no threshold (the two processors disagree on their own).
// pandoc is slow on large files (and on one, biber's crossrefs.bib, takes gigabytes), so the one
// file over SIZE_LIMIT (3 MB, which pandoc cannot read anyway) is left out, and pandoc gets a time
// and memory limit: the files it fails on are counted. The second judge samples every SAMPLE_EVERY-th file, by name.
import * as assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { parseBib } from '../../src/core/bibliography/bibtex/parse';
import { bibtexEntry } from '../../src/core/bibliography/paperEntry';
import { bibFileItems, paperCslItem } from '../../src/core/styles/items';
import { type CslItem, StyleEngine } from '../../src/core/styles/engine';
import { createStyleEngine } from '../../src/styles';
import { ROOT, seedCorpus } from '../unit/support/seeds';
import { ReplayServer } from '../support/replayServer';
import { cliAsync, filesUnder, run, workDir } from './tools';

const SHARED = path.resolve(__dirname, '../../../../shared/bibliographies');
const STYLES = ['apa', 'ieee'] as const;
const SIZE_LIMIT = 1_000_000;
const SAMPLE_EVERY = 8;
const THRESHOLD = 0.97;

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const nameOf = (file: string) => path.relative(SHARED, file).split(path.sep).join('/');

const pandocRead = new Map<string, CslItem[] | undefined>();

/** pandoc's CSL items for a .bib file, or undefined when it cannot read it (within limits); read once for every test. */
function pandocItems(file: string): CslItem[] | undefined {
  if (!pandocRead.has(file)) pandocRead.set(file, readByPandoc(file));
  return pandocRead.get(file);
}

function readByPandoc(file: string): CslItem[] | undefined {
  const r = run('sh', ['-c', 'ulimit -v 3000000; exec timeout 30 pandoc -f biblatex -t csljson "$0"', file], path.dirname(file));
  if (r.status !== 0) return undefined;
  return (JSON.parse(r.stdout) as CslItem[]);
}

/** Each item's formatted text by key; items that make the processor throw are left out. */
function formatEach(engine: StyleEngine, items: readonly CslItem[]): Map<string, string> {
  try {
    return new Map(engine.bibliography(items, 'text').map(e => [e.key, squash(e.text)]));
  } catch {
    // One bad item fails the whole list: format them one by one, keeping those that format.
    const out = new Map<string, string>();
    for (const item of items) {
      try { out.set(item.id, squash(engine.reference(item, 'text'))); } catch { /* left out */ }
    }
    return out;
  }
}

suite('papers format', () => {
  const cli = (cwd: string, ...args: string[]) => run(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), 'format', ...args], cwd);

  test('prints the bibliography in the style\'s order, one paragraph a reference; exit 2 for a bad style, 1 for a missing key', () => {
    const work = workDir('format');
    try {
      writeFileSync(path.join(work.dir, 'refs.bib'), '@book{zed, author = {Zed, Zoe}, title = {Last}, year = 2001}\n@book{abe, author = {Abe, Al}, title = {First}, year = 2000}\n');
      writeFileSync(path.join(work.dir, 'broken.csl'), '<?xml version="1.0"?>\n<style xmlns="http://purl.org/net/xbiblio/csl">\n<info>\n</style>\n');
      const apa = cli(work.dir, '--corpus', 'refs.bib');
      assert.equal(apa.status, 0, apa.stderr);
      assert.equal(apa.stdout, 'Abe, A. (2000). First.\n\nZed, Z. (2001). Last.\n');
      const ieee = cli(work.dir, '--corpus', 'refs.bib', '--style', 'ieee', '--format', 'markdown', 'zed', 'abe');
      assert.equal(ieee.stdout, '\\[1\\] Z. Zed, *Last*. 2001.\n\n\\[2\\] A. Abe, *First*. 2000.\n');
      assert.equal(cli(work.dir, '--corpus', 'refs.bib', '--format', 'html', 'abe').stdout, 'Abe, A. (2000). <i>First</i>.\n');
      const missing = cli(work.dir, '--corpus', 'refs.bib', 'abe', 'nobody');
      assert.equal(missing.status, 1);
      assert.match(missing.stderr, /no entry with key "nobody"/);
      assert.equal(cli(work.dir, '--corpus', 'refs.bib', '--style', 'harvard').status, 2);
      assert.equal(cli(work.dir, '--corpus', 'refs.bib', '--style', 'missing.csl').status, 2);
      const broken = cli(work.dir, '--corpus', 'refs.bib', '--style', 'broken.csl');
      assert.equal(broken.status, 2);
      assert.match(broken.stderr, /broken\.csl:4: "<\/style>" closes "<info>"/);
    } finally {
      work.done();
    }
  });
});

suite('papers format --style: a style of the CSL repository by its id or title, fetched once and kept', () => {
  let server: ReplayServer;
  suiteSetup(async () => { server = await ReplayServer.start(); });
  suiteTeardown(() => server.close());

  test('a dependent style by title and by id (its parent fetched too), from the cache once fetched; exit 2 for no such style, 1 when it cannot be had', async () => {
    const work = workDir('format-by-name');
    try {
      writeFileSync(path.join(work.dir, 'refs.bib'), '@book{zed, author = {Zed, Zoe}, title = {Last}, year = 2001}\n@book{abe, author = {Abe, Al}, title = {First}, year = 2000}\n');
      const cache = path.join(work.dir, 'cache');
      const env = { ...server.env, PAPERS_CACHE_DIR: cache };
      const access = await cliAsync(env, work.dir, 'format', '--corpus', 'refs.bib', '--style', 'IEEE Access', 'zed', 'abe');
      assert.equal(access.status, 0, access.stderr);
      assert.equal(access.stdout, '[1] Z. Zed, Last. 2001.\n\n[2] A. Abe, First. 2000.\n');
      assert.deepEqual(server.requests.map(r => r.path), ['/dependent/ieee-access.csl']);
      assert.equal(readFileSync(path.join(cache, 'styles', 'ieee-access.csl'), 'utf8'), readFileSync(path.join(ROOT, 'test', 'fixtures', 'styles', 'ieee-access.csl'), 'utf8'));
      const histochemica = await cliAsync(env, work.dir, 'format', '--corpus', 'refs.bib', '--style', 'acta-histochemica');
      assert.equal(histochemica.status, 0, histochemica.stderr);
      assert.equal(histochemica.stdout, 'Abe, A., 2000. First.\n\nZed, Z., 2001. Last.\n', 'Elsevier Harvard, its parent');
      assert.deepEqual(server.requests.slice(1).map(r => r.path), ['/dependent/acta-histochemica.csl', '/elsevier-harvard.csl']);
      // Kept: with the repository unreachable, the same styles format, and nothing is asked.
      const offline = { ...env, PAPERS_CSL_STYLES_URL: 'http://127.0.0.1:9/none' };
      assert.equal((await cliAsync(offline, work.dir, 'format', '--corpus', 'refs.bib', '--style', 'acta-histochemica')).stdout, histochemica.stdout);
      const none = await cliAsync(env, work.dir, 'format', '--corpus', 'refs.bib', '--style', 'the-journal-of-nothing');
      assert.equal(none.status, 2);
      assert.match(none.stderr, /unknown style "the-journal-of-nothing": one of apa, .*, a \.csl file, or the id or title of a style of the CSL repository/);
      const unreachable = await cliAsync(offline, work.dir, 'format', '--corpus', 'refs.bib', '--style', 'Nature Communications');
      assert.equal(unreachable.status, 1);
      assert.match(unreachable.stderr, /the citation style nature-communications could not be fetched from http:\/\/127\.0\.0\.1:9\/none\/dependent\/nature-communications\.csl/);
    } finally {
      work.done();
    }
  });
});

suite('bundled papers formatted as pandoc formats the .bib entries citing them writes', () => {
  test('a caret\'s superscript in a bundled title ("τ^2-Bench", written {$\\tau^2$}) reads as pandoc prints it: "τ²-Bench"', () => {
    const work = workDir('caret');
    try {
      const papers = seedCorpus().papers.filter(p => /\^/.test(p.title));
      assert.ok(papers.some(p => p.key === 'tau2Bench'), 'τ^2-Bench is among them');
      writeFileSync(path.join(work.dir, 'refs.bib'), papers.map(p => bibtexEntry(p)).join('\n'));
      writeFileSync(path.join(work.dir, 'all.md'), '---\nnocite: "@*"\n---\n');
      for (const style of STYLES) {
        const theirs = run('pandoc', ['all.md', '--citeproc', '--csl', path.join(ROOT, 'src', 'data', 'styles', `${style}.csl`), '--bibliography', 'refs.bib', '-t', 'plain', '--wrap=none'], work.dir);
        assert.equal(theirs.status, 0, theirs.stderr);
        // pandoc's plain text writes a superscript Unicode has no character for as ^(…); ours keeps the page's caret.
        const pandoc = theirs.stdout.split(/\n\s*\n/).map(t => squash(t).replace(/^\[\d+\] /, '').replace(/\^\(([^()]*)\)/g, '^$1')).filter(Boolean).sort();
        const engine = createStyleEngine(style);
        const ours = papers.map(p => squash(engine.reference(paperCslItem(p), 'text')).replace(/^\[\d+\] /, '')).sort();
        assert.deepEqual(ours, pandoc, style);
        assert.ok(ours.some(t => t.includes('τ²-Bench: Evaluating Conversational Agents')), style);
      }
    } finally {
      work.done();
    }
  });
});

suite('formatted references judged by pandoc', () => {
  test(`our reading of the .bib entries formats as pandoc's own reading does, for ≥ ${THRESHOLD * 100}% of entries (APA, IEEE)`, function () {
    this.timeout(30 * 60_000);
    const engines = Object.fromEntries(STYLES.map(s => [s, createStyleEngine(s)])) as Record<(typeof STYLES)[number], StyleEngine>;
    const same = { apa: 0, ieee: 0 };
    let judged = 0;
    let unusable = 0;
    const unread: string[] = [];
    const examples: string[] = [];
    const files = filesUnder(path.join(SHARED, 'bibtex-tidy'), '.bib').filter(f => statSync(f).size <= SIZE_LIMIT);
    for (const file of files) {
      const theirs = pandocItems(file);
      if (!theirs) { unread.push(nameOf(file)); continue; }
      const ours = new Map(bibFileItems(parseBib(readFileSync(file, 'utf8')).entries).map(i => [i.id, i]));
      const both = theirs.filter(i => ours.has(i.id));
      for (const style of STYLES) {
        const pandoc = formatEach(engines[style], both);
        const mine = formatEach(engines[style], both.map(i => ours.get(i.id)!));
        for (const item of both) {
          const expected = pandoc.get(item.id);
          // pandoc's item that citeproc-js cannot format has nothing to compare with.
          if (expected === undefined) { if (style === 'apa') unusable++; continue; }
          if (style === 'apa') judged++;
          if (mine.get(item.id) === expected) same[style]++;
          else if (examples.length < 12) examples.push(`${style} ${nameOf(file)} ${item.id}\n        pandoc: ${expected}\n        ours:   ${mine.get(item.id)}`);
        }
      }
    }
    const share = (n: number) => n / judged;
    console.log(`      [styles] ${files.length} .bib files of ≤ ${SIZE_LIMIT / 1000} KB; pandoc read ${files.length - unread.length} (not: ${unread.length}); ${judged} entries judged, ${unusable} of pandoc's that citeproc-js cannot format left out`);
    for (const style of STYLES) console.log(`      [styles] ${style}: ${same[style]} of ${judged} the same (${(100 * share(same[style])).toFixed(2)}%)`);
    if (examples.length) console.log(`      [styles] first differences:\n      ${examples.join('\n      ')}`);
    assert.ok(judged >= 3500, `only ${judged} entries judged`);
    for (const style of STYLES) assert.ok(share(same[style]) >= THRESHOLD, `${style}: ${(100 * share(same[style])).toFixed(2)}% < ${THRESHOLD * 100}%`);
  });

  test('the end result beside pandoc --citeproc (reported, no threshold)', function () {
    this.timeout(30 * 60_000);
    const work = workDir('styles');
    try {
      writeFileSync(path.join(work.dir, 'all.md'), '---\nnocite: "@*"\n---\n');
      const bib = filesUnder(path.join(SHARED, 'bibtex-tidy'), '.bib').filter(f => statSync(f).size <= SIZE_LIMIT);
      const csl = filesUnder(path.join(SHARED, 'better-bibtex-csl'), '.json');
      const sample = [...bib.filter((_, i) => i % SAMPLE_EVERY === 0), ...csl.filter((_, i) => i % 2 === 0)];
      const kinds = { same: 0, dash: 0, quotes: 0, online: 0, other: 0 };
      const others: string[] = [];
      let compared = 0;
      let skipped = 0;
      for (const style of STYLES) {
        const styleFile = path.join(ROOT, 'src', 'data', 'styles', `${style}.csl`);
        for (const file of sample) {
          // Under a plain name: pandoc reads a "#" in a file name as a URL's fragment.
          const copy = path.join(work.dir, `refs${path.extname(file)}`);
          writeFileSync(copy, readFileSync(file));
          const theirs = run('sh', ['-c', 'ulimit -v 3000000; exec timeout 60 pandoc all.md --citeproc --csl "$0" --bibliography "$1" -t plain --wrap=none', styleFile, copy], work.dir);
          const ours = run(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), 'format', '--corpus', copy, '--style', style, '--format', 'text'], ROOT);
          if (theirs.status !== 0 || ours.status !== 0) { skipped++; continue; }
          const pandoc = new Set(theirs.stdout.split(/\n\s*\n/).map(squash).filter(Boolean));
          for (const entry of ours.stdout.split(/\n\n/).map(squash).filter(Boolean)) {
            compared++;
            const plain = (t: string) => t.replace(/–/g, '-').replace(/[“”]/g, '"').replace(/[‘’]/g, "'");
            if (pandoc.has(entry)) kinds.same++;
            else if ([...pandoc].some(p => p.replace(/–/g, '-') === entry.replace(/–/g, '-'))) kinds.dash++;
            else if ([...pandoc].some(p => plain(p).replace(/([.,])"/g, '"$1') === plain(entry).replace(/([.,])"/g, '"$1'))) kinds.quotes++;
            else if (/\[Online\]/.test(entry) && [...pandoc].some(p => p === entry.replace(/ ?\[Online\]\.?/g, ''))) kinds.online++;
            else {
              kinds.other++;
              if (others.length < 8) others.push(`${style} ${nameOf(file)}: ${entry}`);
            }
          }
        }
      }
      const pct = (n: number) => `${(100 * n / compared).toFixed(1)}%`;
      console.log(`      [styles] end result, ${sample.length} files × ${STYLES.length} styles (${skipped} runs skipped): ${compared} entries, the same ${pct(kinds.same)}; `
        + `differ only in dashes ${pct(kinds.dash)}, in quotes and punctuation ${pct(kinds.quotes)}, in "[Online]" ${pct(kinds.online)}; otherwise ${pct(kinds.other)}`);
      console.log(`      [styles] some of ours that pandoc writes otherwise:\n        ${others.join('\n        ')}`);
      assert.ok(compared > 0, 'nothing was compared');
    } finally {
      work.done();
    }
  });
});

// The CSL repository's styles as Debian ships them (citation-style-language-styles).
const CSL_REPOSITORY = '/usr/share/citation-style-language/styles';
/** The real .bib files pandoc reads, with pandoc's items and ours by key. */
function judgedFiles(): { file: string; items: CslItem[]; ours: Map<string, CslItem> }[] {
  return filesUnder(path.join(SHARED, 'bibtex-tidy'), '.bib').filter(f => statSync(f).size <= SIZE_LIMIT)
    .flatMap(file => { const items = pandocItems(file); return items ? [{ file, items, ours: new Map(bibFileItems(parseBib(readFileSync(file, 'utf8')).entries).map(i => [i.id, i])) }] : []; });
}

/** A style judged: ours on our reading; the judge on pandoc's; the judge's style again on our reading (each engine is asked in one order). */
interface Judging { name: string; engine: StyleEngine; judge: StyleEngine; judgeOnOurs: StyleEngine }

/**
 * How many entries of the files each style formats as the judge does (`same`), and as the judge's
 * style formats our own reading (`exact`), with the first differences.
 */
function judgeStyles(cases: readonly Judging[], files: ReturnType<typeof judgedFiles>): { judged: number; same: number; exact: number; examples: string[] } {
  const result = { judged: 0, same: 0, exact: 0, examples: [] as string[] };
  for (const { name, engine, judge, judgeOnOurs } of cases) {
    for (const { file, items, ours } of files) {
      // The same entries in the same order on both sides: numbers and "2000a" depend on the whole list.
      const both = items.filter(i => ours.has(i.id));
      const expected = formatEach(judge, both);
      const mine = formatEach(engine, both.map(i => ours.get(i.id)!));
      const theirsOnOurs = formatEach(judgeOnOurs, both.map(i => ours.get(i.id)!));
      for (const [key, text] of expected) {
        result.judged++;
        if (mine.get(key) === text) result.same++;
        else if (result.examples.length < 6) result.examples.push(`${name} ${nameOf(file)} ${key}\n        judge: ${text}\n        ours:  ${mine.get(key)}`);
        if (mine.get(key) === theirsOnOurs.get(key)) result.exact++;
      }
    }
  }
  return result;
}

/** Dependent styles, of bundled parents and of others, in several locales (the parent as the repository names it). */
const DEPENDENT = ['ieee-access', 'african-journal-of-career-development', 'acta-otorrinolaringologica-espanola', 'acta-histochemica', 'lab-animal', 'archivos-de-cardiologia-de-mexico'];

suite('dependent styles of the CSL repository, judged by pandoc\'s reading and the parent style', () => {
  test(`a dependent style formats as citeproc-js formats pandoc's items in its parent style, in the dependent's locale, for ≥ ${THRESHOLD * 100}% of entries`, function () {
    this.timeout(30 * 60_000);
    const files = judgedFiles();
    const seen = new Set<string>();
    const cases = DEPENDENT.map((name): Judging => {
      const { dependent, parent, locale } = repositoryStyle(name);
      seen.add(`${parent.id}/${locale ?? 'en-US'}`);
      // Ours: the dependent style as a writer names it, its parent found by the engine (bundled) or
      // given (beside it); the judge: the parent in the dependent's locale.
      return { name, engine: createStyleEngine(parent.bundled ? dependent : { ...dependent, parent: parent.source }), judge: createStyleEngine(parent.source, locale), judgeOnOurs: createStyleEngine(parent.source, locale) };
    });
    const { judged, same, exact, examples } = judgeStyles(cases, files);
    const pct = (n: number) => `${(100 * n / judged).toFixed(2)}%`;
    console.log(`      [styles] ${DEPENDENT.length} dependent styles (parents and locales: ${[...seen].join(', ')}), ${files.length} files: ${same} of ${judged} entries as the judge formats them (${pct(same)}); `
      + `as the parent formats our own reading in the dependent's locale: ${pct(exact)}`);
    if (examples.length) console.log(`      [styles] first differences (pandoc's reading against ours):\n      ${examples.join('\n      ')}`);
    assert.ok(judged >= 5000, `only ${judged} entries judged`);
    assert.equal(exact, judged, 'the dependent style is its parent in its own locale');
    assert.ok(same / judged >= THRESHOLD, `${pct(same)} < ${THRESHOLD * 100}%`);
  });

  test('format --style DEPENDENT.csl: the parent beside it, or bundled; without it, exit 2 naming the parent at its line', () => {
    const work = workDir('dependent');
    try {
      writeFileSync(path.join(work.dir, 'refs.bib'), '@article{vaswani2017, author = {Vaswani, Ashish and Shazeer, Noam}, title = {Attention Is All You Need}, journal = {Advances in Neural Information Processing Systems}, year = 2017, volume = 30, pages = {5998--6008}}\n');
      for (const name of ['ieee-access', 'acta-histochemica', 'acta-otorrinolaringologica-espanola']) {
        const { dependent, parent, locale } = repositoryStyle(name);
        writeFileSync(path.join(work.dir, `${name}.csl`), dependent.xml);
        if (!parent.bundled) {
          const alone = run(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), 'format', '--corpus', 'refs.bib', '--style', `${name}.csl`], work.dir);
          assert.equal(alone.status, 2, name);
          assert.match(alone.stderr, new RegExp(`${name}\\.csl:8: this is a dependent style, and its parent style "${parent.id}" was not found`));
          writeFileSync(path.join(work.dir, `${parent.id}.csl`), parent.source.xml);
        }
        const ours = run(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), 'format', '--corpus', 'refs.bib', '--style', `${name}.csl`], work.dir);
        assert.equal(ours.status, 0, ours.stderr);
        const item = bibFileItems(parseBib(readFileSync(path.join(work.dir, 'refs.bib'), 'utf8')).entries);
        assert.equal(ours.stdout.trim(), [...formatEach(createStyleEngine(parent.source, locale), item).values()][0], name);
      }
    } finally {
      work.done();
    }
  });
});

const CSL_LOCALES = '/usr/share/citation-style-language/locales';
/** Independent styles of the repository in locales Papers did not ship before, each naming its own default-locale. */
const LOCALISED = ['iso690-author-date-cs', 'metropolia-university-of-applied-sciences-harvard', 'szociologiai-szemle', 'egretta', 'college-montmorency', 'iso690-numeric-sk'];

suite('styles of the CSL repository in their own locales (Czech, Finnish, Hungarian, Austrian German, Canadian French, Slovak)', () => {
  test(`a style formats as citeproc-js formats pandoc's items with the repository's own locale file, for ≥ ${THRESHOLD * 100}% of entries`, function () {
    this.timeout(30 * 60_000);
    const files = judgedFiles();
    // The judge's locales are the repository's files as Debian installs them, not the copies Papers ships.
    const repositoryLocale = (tag: string) => { try { return readFileSync(path.join(CSL_LOCALES, `locales-${tag}.xml`), 'utf8'); } catch { return undefined; } };
    const locales: string[] = [];
    const cases = LOCALISED.map((name): Judging => {
      const source = { xml: readFileSync(path.join(CSL_REPOSITORY, `${name}.csl`), 'utf8'), file: `${name}.csl` };
      const wanted = /default-locale="([\w-]+)"/.exec(source.xml)![1];
      const judging = { name, engine: createStyleEngine(source), judge: StyleEngine.create(source, { locales: repositoryLocale }), judgeOnOurs: StyleEngine.create(source, { locales: repositoryLocale }) };
      assert.equal(judging.engine.locale, wanted, `${name}: its own locale`);
      assert.equal(judging.judge.locale, wanted);
      locales.push(wanted);
      return judging;
    });
    const { judged, same, exact, examples } = judgeStyles(cases, files);
    const pct = (n: number) => `${(100 * n / judged).toFixed(2)}%`;
    console.log(`      [styles] ${LOCALISED.length} styles (${locales.join(', ')}), ${files.length} files: ${same} of ${judged} entries as the judge formats them (${pct(same)}); `
      + `as the repository's locale formats our own reading: ${pct(exact)}`);
    if (examples.length) console.log(`      [styles] first differences (pandoc's reading against ours):\n      ${examples.join('\n      ')}`);
    assert.ok(judged >= 5000, `only ${judged} entries judged`);
    assert.equal(exact, judged, 'the locale shipped is the repository\'s');
    assert.ok(same / judged >= THRESHOLD, `${pct(same)} < ${THRESHOLD * 100}%`);
  });
});

/** A dependent style of the repository, its parent (ours when bundled: the repository's at the time it was bundled) and the locale it asks for. */
function repositoryStyle(name: string): { dependent: { xml: string; file: string }; parent: { id: string; bundled: boolean; source: { xml: string; file: string } }; locale?: string } {
  const xml = readFileSync(path.join(CSL_REPOSITORY, 'dependent', `${name}.csl`), 'utf8');
  const id = /href="http:\/\/www\.zotero\.org\/styles\/([\w-]+)" rel="independent-parent"/.exec(xml)![1];
  const bundled = ['apa', 'ieee', 'vancouver', 'nature', 'chicago-author-date'].includes(id);
  const file = bundled ? path.join(ROOT, 'src', 'data', 'styles', `${id}.csl`) : path.join(CSL_REPOSITORY, `${id}.csl`);
  const locale = /default-locale="([\w-]+)"/.exec(xml)?.[1];
  return { dependent: { xml, file: `${name}.csl` }, parent: { id, bundled, source: { xml: readFileSync(file, 'utf8'), file: `${id}.csl` } }, ...(locale ? { locale } : {}) };
}

/**
 * Eight more styles of the repository (with the twelve above, twenty not bundled), named as a writer
 * names them (an id or a title), independent and dependent, in five locales.
 */
const BY_NAME = ['Cite Them Right 12th edition - Harvard', 'american-medical-association', 'deutsche-gesellschaft-fur-psychologie', 'springer-basic-author-date',
  'Nature Communications', 'plos-one', 'cell-reports', 'arquivos-brasileiros-de-cardiologia'];

/** The repository as raw.githubusercontent.com serves it (dependent styles under dependent/), from Debian's copy, on 127.0.0.1. */
async function repositoryMirror(): Promise<{ url: string; asked: string[]; close(): Promise<void> }> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const name = /^\/((?:dependent\/)?[\w.-]+\.csl)$/.exec(request.url ?? '')?.[1];
    asked.push(request.url ?? '');
    let body: string | undefined;
    try { body = name && readFileSync(path.join(CSL_REPOSITORY, name), 'utf8'); } catch { /* 404 */ }
    response.writeHead(body ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8' }).end(body ?? '404: Not Found');
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, asked, close: () => new Promise(resolve => server.close(() => resolve())) };
}

suite('styles of the CSL repository by name, fetched from a mirror of the repository, judged by pandoc\'s reading', () => {
  test(`format --style NAME fetches the style (and a parent not bundled) once, and formats as citeproc-js formats pandoc's items in it, for ≥ ${THRESHOLD * 100}% of entries`, async function () {
    this.timeout(30 * 60_000);
    const mirror = await repositoryMirror();
    const work = workDir('by-name');
    try {
      writeFileSync(path.join(work.dir, 'refs.bib'), '@article{vaswani2017, author = {Vaswani, Ashish and Shazeer, Noam}, title = {Attention Is All You Need}, journal = {Advances in Neural Information Processing Systems}, year = 2017, volume = 30, pages = {5998--6008}}\n');
      const env = { PAPERS_CSL_STYLES_URL: mirror.url, PAPERS_CACHE_DIR: path.join(work.dir, 'cache') };
      const kept = (id: string) => ({ xml: readFileSync(path.join(work.dir, 'cache', 'styles', `${id}.csl`), 'utf8'), file: `${id}.csl` });
      const item = bibFileItems(parseBib(readFileSync(path.join(work.dir, 'refs.bib'), 'utf8')).entries);
      const locales = new Set<string>();
      const cases: Judging[] = [];
      for (const name of BY_NAME) {
        const first = mirror.asked.length;
        const ours = await cliAsync(env, work.dir, 'format', '--corpus', 'refs.bib', '--style', name);
        assert.equal(ours.status, 0, `${name}: ${ours.stderr}`);
        // What the command line fetched (the style first, then a parent) and kept, and what the repository holds: the same file.
        const id = /^\/(?:dependent\/)?([\w.-]+)\.csl$/.exec(mirror.asked[first] ?? '')?.[1] ?? '';
        const dependent = mirror.asked.includes(`/dependent/${id}.csl`);
        const style = dependent ? repositoryStyle(id) : undefined;
        if (style && !style.parent.bundled) assert.ok(mirror.asked.includes(`/${style.parent.id}.csl`), `${name}: its parent ${style.parent.id} fetched`);
        const source = dependent ? style!.dependent : { xml: readFileSync(path.join(CSL_REPOSITORY, `${id}.csl`), 'utf8'), file: `${id}.csl` };
        assert.equal(kept(id).xml, source.xml, `${name}: kept as the repository has it`);
        // The judge: the style's own rules (a dependent's parent, in the dependent's locale).
        const locale = style ? style.locale : /default-locale="([\w-]+)"/.exec(source.xml)?.[1];
        const rules = style ? style.parent.source : source;
        const judge = () => createStyleEngine(rules, locale);
        assert.equal(ours.stdout.trim(), [...formatEach(judge(), item).values()][0], name);
        locales.add(locale ?? 'en-US');
        const engine = createStyleEngine(style && !style.parent.bundled ? { ...kept(id), parent: kept(style.parent.id) } : kept(id));
        cases.push({ name, engine, judge: judge(), judgeOnOurs: judge() });
      }
      // Asked again (a second run, the cache warm): nothing is fetched.
      const before = mirror.asked.length;
      assert.equal((await cliAsync(env, work.dir, 'format', '--corpus', 'refs.bib', '--style', 'plos-one')).status, 0);
      assert.equal(mirror.asked.length, before, 'kept');
      const files = judgedFiles();
      const { judged, same, exact, examples } = judgeStyles(cases, files);
      const pct = (n: number) => `${(100 * n / judged).toFixed(2)}%`;
      console.log(`      [styles] ${BY_NAME.length} styles by name (${[...locales].join(', ')}), fetched with ${mirror.asked.length} requests, ${files.length} files: ${same} of ${judged} entries as the judge formats them (${pct(same)}); `
        + `as the style's rules format our own reading: ${pct(exact)}`);
      if (examples.length) console.log(`      [styles] first differences (pandoc's reading against ours):\n      ${examples.join('\n      ')}`);
      assert.ok(judged >= 5000, `only ${judged} entries judged`);
      assert.equal(exact, judged, 'the style fetched is the repository\'s');
      assert.ok(same / judged >= THRESHOLD, `${pct(same)} < ${THRESHOLD * 100}%`);
    } finally {
      work.done();
      await mirror.close();
    }
  });
});
