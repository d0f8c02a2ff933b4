// Bibliographies as an unlucky or hostile writer has them: UTF-16 from a Windows export, CR-only
// line ends from an old Mac, @strings that double themselves, CSL-JSON nested deep, YAML aliases
// that refer to themselves. Each gives its entries or a clear problem with a line; none throws,
// and the other files' entries still come. Issue 39 added the last of them: an unclosed run of
// brackets after a sound item, an item nested deep before a missing comma, a Hayagriva value that
// is its own alias, and a chain of @strings read the way the library reads files (with a cache).
import * as assert from 'node:assert/strict';
import { ReadCache, readBibliographies } from '../../../../src/core/bibliography/read';
import { decodeText, lineEnds } from '../../../../src/core/util/decode';

const read = (file: string, text: string) => readBibliographies([{ uri: file, file, text }, { uri: 'good.bib', file: 'good.bib', text: '@misc{good, title = {Still here}}\n' }]);

const utf16 = (text: string, endian: 'le' | 'be', bom: boolean): Uint8Array => {
  const bytes = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const units = [...(bom ? [0xfeff] : []), ...Array.from(text, c => c.charCodeAt(0))];
  units.forEach((unit, i) => {
    bytes[2 * i + (endian === 'le' ? 0 : 1)] = unit & 0xff;
    bytes[2 * i + (endian === 'le' ? 1 : 0)] = unit >> 8;
  });
  return bytes;
};

suite('hostile and unlucky bibliographies', () => {
  test('UTF-16, little or big endian, with a byte order mark or without, is decoded; UTF-8 keeps its text and loses its mark', async () => {
    const bib = '@misc{k1, title = {Ünïcode}}\n@misc{k2, title = {Two}}\n';
    for (const endian of ['le', 'be'] as const) {
      for (const bom of [true, false]) {
        const text = decodeText(utf16(bib, endian, bom));
        assert.equal(text.replace(/^\uFEFF/, ''), bib, `${endian}, ${bom ? 'with' : 'without'} a mark`);
        const [file] = await read('windows.bib', text);
        assert.deepEqual(file.references.map(r => [r.key, r.title]), [['k1', 'Ünïcode'], ['k2', 'Two']]);
        assert.deepEqual(file.problems, []);
      }
    }
    assert.equal(decodeText(new TextEncoder().encode('\uFEFFplain ü')), 'plain ü');
  });

  test('CR-only line ends are line ends, as files are read: every entry, at its line; a comment ends at its line', async () => {
    const mac = '@misc{k1, title = {One}}\r% a comment @misc{hidden, title = {No}}\r@misc{k2, title = {Two},\r  year = 2020}\r@misc{k2, title = {Again}}\r\n';
    const text = decodeText(new TextEncoder().encode(mac));
    assert.equal(text.length, mac.length, 'every offset kept');
    assert.equal(text, lineEnds(mac));
    const [file] = await read('mac.bib', text);
    assert.deepEqual(file.references.map(r => [r.key, r.line]), [['k1', 1], ['k2', 3], ['k2', 5]]);
    assert.deepEqual(file.problems.map(p => [p.line, p.code]), [[5, 'duplicate-key']]);
  });

  test('@strings that double themselves forty times: a problem at the line where one grows too long, and no crash', async () => {
    const strings = ['@string{a0 = "xx"}', ...Array.from({ length: 40 }, (_, i) => `@string{a${i + 1} = a${i} # a${i}}`)];
    const [file, good] = await read('doubling.bib', `${strings.join('\n')}\n@misc{k, title = {Fine}}\n`);
    const grown = file.problems.filter(p => /grows past 1,000,000 characters/.test(p.message));
    assert.ok(grown.length >= 1);
    assert.equal(grown[0].line, 20, 'a19 is the first to pass a million characters');
    assert.deepEqual(file.references.map(r => r.key), ['k']);
    assert.deepEqual(good.references.map(r => r.key), ['good']);
  });

  test('CSL-JSON nested a hundred thousand deep, and YAML whose alias holds itself: a problem, and the other file still reads', async () => {
    const [deep, good] = await read('deep.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    assert.deepEqual(deep.references, []);
    assert.ok(deep.problems.length >= 1);
    assert.ok(deep.problems.every(p => p.line >= 1 && p.message.length > 0));
    assert.deepEqual(good.references.map(r => r.key), ['good']);
    for (const text of ['a: &a\n  - *a\nrefs:\n  - id: x\n', '- &a\n  id: k\n  title: [*a]\n', '- id: k\n  author: &x [*x]\n  title: T\n']) {
      const [yaml, other] = await read('alias.yaml', text);
      assert.ok(yaml.problems.length + yaml.references.length >= 1, text);
      assert.deepEqual(other.references.map(r => r.key), ['good']);
    }
  });
  test('CSL-JSON whose second element opens a hundred thousand brackets and never closes them: a problem at its line, the first item kept', async () => {
    const [open, good] = await read('open.json', `[{"id": "a", "title": "T"},\n${'['.repeat(100_000)}`);
    assert.deepEqual(open.references.map(r => r.key), ['a']);
    assert.deepEqual(open.problems.map(p => [p.line, p.severity, /^item 2 nests deeper than 100 levels/.test(p.message)]), [[2, 'error', true]]);
    assert.deepEqual(good.references.map(r => r.key), ['good']);
  });

  test('a CSL-JSON item nested a hundred thousand deep, then a missing comma: each at its line, the other items kept', async () => {
    const text = `[\n{"id": "a", "title": "A"},\n{"id": "deep", "note": ${'['.repeat(100_000)}${']'.repeat(100_000)}},\n{"id": "b", "title": "B"},\n{"id": "c"} {"id": "d"},\n{"id": "e", "title": "E"}\n]\n`;
    const [deep, good] = await read('deep.json', text);
    assert.deepEqual(deep.references.map(r => r.key), ['a', 'b', 'e']);
    assert.deepEqual(deep.problems.map(p => [p.line, p.severity, p.message.replace(/:.*/, '')]), [
      [3, 'error', 'item 2 nests deeper than 100 levels (no CSL item does), skipped'],
      [5, 'error', 'item 4 is not valid JSON, skipped'],
    ]);
    assert.deepEqual(good.references.map(r => r.key), ['good']);
  });

  test('a Hayagriva value that is its own alias, also in an author\'s name, and a CSL-YAML item that holds itself: that entry skipped with a problem at its line, the others kept', async () => {
    const cases: [string, string][] = [
      ['title.yml', 'a:\n  type: article\n  title: &t {value: *t}\nb:\n  type: book\n  title: B\n'],
      ['author.yml', 'b:\n  type: book\n  title: B\na:\n  type: article\n  title: A\n  author:\n    - name: &n {value: *n}\n      given-name: J\n'],
      ['person.yml', 'b:\n  type: book\n  title: B\na:\n  type: article\n  author: &p {name: *p}\n'],
      ['items.yaml', 'references:\n- id: b\n  title: B\n- &i\n  id: a\n  title: [*i]\n'],
    ];
    for (const [file, text] of cases) {
      const [yaml, good] = await read(file, text);
      assert.deepEqual(yaml.references.map(r => r.key), ['b'], file);
      const line = text.split('\n').findIndex(l => /^a:|^- &i/.test(l)) + 1;
      assert.deepEqual(yaml.problems.map(p => [p.line, p.severity, /holds itself/.test(p.message)]), [[line, 'error', true]], file);
      assert.deepEqual(good.references.map(r => r.key), ['good']);
    }
  });

  test('a chain of @strings, each made of the one before, read as the library reads (with a cache): the million-character limit, no crash, the entries kept', async () => {
    // Twenty thousand are enough for the macros, spelled out together, to pass the longest string there can be.
    const strings = ['@string{s0 = "x"}', ...Array.from({ length: 20_000 }, (_, i) => `@string{s${i + 1} = s${i} # s${i}}`)];
    const text = `${strings.join('\n')}\n@misc{a, title = s19990}\n@misc{b, title = {B}}\n`;
    const cache = new ReadCache();
    for (let pass = 0; pass < 2; pass++) {
      const [chain, good] = await readBibliographies([{ uri: 'chain.bib', file: 'chain.bib', text }, { uri: 'good.bib', file: 'good.bib', text: '@misc{good, title = {Still here}}\n' }], cache);
      assert.deepEqual(chain.references.map(r => r.key), ['a', 'b']);
      const grown = chain.problems.filter(p => /grows past 1,000,000 characters/.test(p.message));
      assert.equal(grown[0].line, 21, 's20 is the first to pass a million characters');
      assert.ok(grown.length > 900);
      assert.deepEqual(good.references.map(r => r.key), ['good']);
    }
  });
});
