// Real bibliographies, written by other tools and other people (/work/shared/bibliographies:
// bibtex-tidy's collection of bug-report files, Better BibTeX's CSL-JSON exports), read the
// way the extension reads them (`readBibliographies`): none crashes or hangs the reader, and
// what comes out is sane. The counts are lower bounds measured on these files, so that a
// change that silently loses entries is noticed.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseBib } from '../../src/core/bibliography/bibtex/parse';
import { readBibliographies, type ReadBibliography } from '../../src/core/bibliography/read';
import { ROOT } from '../unit/support/seeds';
import { filesUnder } from './tools';

/** From out/test/tools/ (where the bundle runs) to /work/shared/bibliographies. */
const SHARED = path.resolve(ROOT, '../shared/bibliographies');
const BIBTEX = path.join(SHARED, 'bibtex-tidy');
const CSL = path.join(SHARED, 'better-bibtex-csl');
/** The 3 MB Better BibTeX library. */
const LARGE = 'better-bibtex/Unabbreviate_on_import_1436-3.bib';

// Measured when this test was written (238 files, 12,610 entries, 23 CSL-JSON files with 113
// items); the bounds sit a little below, so that adding or fixing a file does not break them.
const MIN_BIB_FILES = 235;
const MIN_BIB_ENTRIES = 12_500;
const MIN_CSL_FILES = 23;
const MIN_CSL_ITEMS = 110;

const lineCount = (text: string) => text.split(/\r\n|\r|\n/).length;

interface BibRead {
  /** Relative to bibtex-tidy/. */
  name: string;
  text: string;
  entries: number;
  /** What `readBibliographies` gave, or why it threw. */
  read: ReadBibliography | { thrown: string };
}

suite('real bibliography files, read as the extension reads them', function () {
  // Reading everything takes about 3 s here; the bound is for a slow, loaded machine. A reader
  // stuck in a loop still fails: `readBibliographies` pauses between slices, so the timeout fires.
  this.timeout(120_000);
  const bibs: BibRead[] = [];

  suiteSetup(async () => {
    for (const file of filesUnder(BIBTEX, '.bib')) {
      const name = path.relative(BIBTEX, file).split(path.sep).join('/');
      const text = readFileSync(file, 'utf8');
      let entries = -1;
      let read: BibRead['read'];
      try {
        entries = parseBib(text).entries.length;
        [read] = await readBibliographies([{ uri: file, file: path.basename(file), text }]);
      } catch (error) {
        read = { thrown: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
      }
      bibs.push({ name, text, entries, read });
    }
  });

  const readOf = (bib: BibRead): ReadBibliography => {
    assert.ok(!('thrown' in bib.read), `${bib.name}: ${'thrown' in bib.read ? bib.read.thrown : ''}`);
    return bib.read as ReadBibliography;
  };

  test('every .bib file is read without an exception, as BibTeX', () => {
    assert.ok(bibs.length >= MIN_BIB_FILES, `only ${bibs.length} .bib files under ${BIBTEX}`);
    const thrown = bibs.filter(b => 'thrown' in b.read).map(b => `${b.name}: ${(b.read as { thrown: string }).thrown}`);
    assert.deepEqual(thrown, []);
    for (const bib of bibs) assert.equal(readOf(bib).format, 'bibtex', bib.name);
  });

  test('every reference has a key and a line inside its file; every problem a line inside its file', () => {
    const wrong: string[] = [];
    for (const bib of bibs) {
      const { references, problems } = readOf(bib);
      const lines = lineCount(bib.text);
      for (const ref of references) {
        if (!ref.key) wrong.push(`${bib.name}:${ref.line}: empty key`);
        if (!Number.isInteger(ref.line) || ref.line < 1 || ref.line > lines) wrong.push(`${bib.name}: "${ref.key}" at line ${ref.line} of ${lines}`);
      }
      for (const p of problems) {
        if (!Number.isInteger(p.line) || p.line < 1 || p.line > lines) wrong.push(`${bib.name}: problem at line ${p.line} of ${lines}: ${p.message}`);
        if (!p.message) wrong.push(`${bib.name}:${p.line}: problem without a message`);
      }
    }
    assert.deepEqual(wrong.slice(0, 20), []);
  });

  test('a file without an error gives one reference per entry; no entry is lost overall', () => {
    const short: string[] = [];
    let entries = 0;
    let references = 0;
    for (const bib of bibs) {
      const read = readOf(bib);
      entries += bib.entries;
      references += read.references.length;
      const clean = !read.problems.some(p => p.severity === 'error');
      if (clean && read.references.length !== bib.entries) short.push(`${bib.name}: ${read.references.length} references, ${bib.entries} entries`);
    }
    assert.deepEqual(short, []);
    assert.ok(entries >= MIN_BIB_ENTRIES, `${entries} entries in all the .bib files, expected at least ${MIN_BIB_ENTRIES}`);
    assert.ok(references >= MIN_BIB_ENTRIES, `${references} references from all the .bib files, expected at least ${MIN_BIB_ENTRIES}`);
  });

  test('the 3 MB Better BibTeX library: all 7,166 entries, no error', () => {
    const bib = bibs.find(b => b.name === LARGE);
    assert.ok(bib, `${LARGE} is missing`);
    const read = readOf(bib);
    assert.equal(bib.entries, 7166);
    assert.equal(read.references.length, 7166);
    assert.deepEqual(read.problems.filter(p => p.severity === 'error'), []);
    assert.equal(new Set(read.references.map(r => r.key)).size, 7166);
  });

  test('titles come out decoded: LaTeX accents are gone, and few titles keep a backslash', () => {
    const titles: { file: string; title: string }[] = [];
    for (const bib of bibs) {
      for (const ref of readOf(bib).references) if (ref.title !== undefined) titles.push({ file: bib.name, title: ref.title });
    }
    assert.ok(titles.length >= 12_000, `only ${titles.length} titles`);
    // An accent in any of its forms ({\"o}, \"{o}, \"o, {\v S}, \c{c}…) must have become the letter.
    const accent = /\\["'`^~=.][{ ]?[A-Za-z]|\{\\[vuHckr] ?[A-Za-z]\}|\\[vuHckr]\{[A-Za-z]\}/;
    const accented = titles.filter(t => accent.test(t.title));
    assert.deepEqual(accented.slice(0, 10).map(t => `${t.file}: ${t.title}`), []);
    // What may stay: math and commands the decoder does not know ($\bar{1}$, \textendash in
    // braces…). Measured: 11 of 12,254 titles.
    const backslash = titles.filter(t => t.title.includes('\\'));
    const examples = backslash.slice(0, 8).map(t => `  ${t.file}: ${t.title}`).join('\n');
    assert.ok(backslash.length <= titles.length * 0.005, `${backslash.length} of ${titles.length} titles keep a backslash, e.g.\n${examples}`);
  });
});

suite('real CSL-JSON files (Better BibTeX exports)', () => {
  test('every file is read with one reference per item that has an id, and no problem', async () => {
    const files = filesUnder(CSL, '.json');
    assert.ok(files.length >= MIN_CSL_FILES, `only ${files.length} CSL-JSON files under ${CSL}`);
    let items = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const data: unknown = JSON.parse(text);
      assert.ok(Array.isArray(data), `${file} is not an array`);
      const ids = data.filter((item: { id?: unknown }) => item?.id !== undefined && item.id !== null && item.id !== '').map((item: { id: unknown }) => String(item.id));
      items += ids.length;
      const [read] = await readBibliographies([{ uri: file, file: path.basename(file), text }]);
      const name = path.basename(file);
      assert.equal(read.format, 'csl-json', name);
      assert.deepEqual(read.references.map(r => r.key), ids, name);
      assert.deepEqual(read.problems, [], name);
      const lines = lineCount(text);
      for (const ref of read.references) assert.ok(ref.line >= 1 && ref.line <= lines, `${name}: "${ref.key}" at line ${ref.line} of ${lines}`);
    }
    assert.ok(items >= MIN_CSL_ITEMS, `${items} items, expected at least ${MIN_CSL_ITEMS}`);
  });
});
