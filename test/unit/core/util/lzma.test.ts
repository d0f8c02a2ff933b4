import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromColumns, toColumns } from '../../../../src/core/corpus/columns';
import { lzmaDecode, lzmaHeader } from '../../../../src/core/util/lzma';
import { prng } from '../../../../src/bench/synthetic';
import { ROOT } from '../../support/seeds';

/** `bytes` compressed the way the build does (src/build/compressed.ts), with these literal/position settings. */
function compress(bytes: Uint8Array, lc = 3, lp = 0, pb = 0, preset = '9e'): Uint8Array {
  const body = execFileSync('xz', ['--format=raw', `--lzma1=preset=${preset},lc=${lc},lp=${lp},pb=${pb}`, '--stdout'], { input: bytes, maxBuffer: 1 << 26 });
  return new Uint8Array(Buffer.concat([lzmaHeader(bytes.length, lc, lp, pb), body]));
}

const text = (s: string) => new TextEncoder().encode(s);

suite('lzmaDecode (the data files\' decoder, desktop and web)', () => {
  test('gives back what xz compressed: empty, one byte, text, runs, random bytes', () => {
    const random = prng(7);
    const cases: Record<string, Uint8Array> = {
      empty: new Uint8Array(0),
      'one byte': text('x'),
      'short text': text('τ²-Bench: Evaluating Conversational Agents in a Dual-Control Environment'),
      // Long runs: repeated matches and the short-rep path.
      runs: text('ab'.repeat(5000) + 'a'.repeat(70000) + 'abcabcabd'.repeat(999)),
      // Incompressible bytes: literals everywhere, and matches far apart (the align bits).
      random: Uint8Array.from({ length: 300_000 }, () => Math.floor(random() * 256)),
      'random words': text(Array.from({ length: 60_000 }, () => ['agent', 'bench', 'tau', 'reasoning', 'model', '{"id":'][Math.floor(random() * 6)]).join(' ')),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      assert.deepEqual(lzmaDecode(compress(bytes)), bytes, name);
    }
  });

  test('every literal context and position setting', () => {
    const bytes = text(JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, title: `Paper ${i * 7919 % 1000}`, upvotes: i % 13 }))));
    for (const [lc, lp, pb] of [[0, 0, 0], [1, 2, 2], [4, 0, 4], [3, 1, 2], [0, 4, 0]]) {
      assert.deepEqual(lzmaDecode(compress(bytes, lc, lp, pb, '6')), bytes, `lc=${lc} lp=${lp} pb=${pb}`);
    }
  });

  test('reads the shipped style engine back: the build\'s plain bundle', () => {
    const packed = readFileSync(join(ROOT, 'dist', 'styles.js.lz'));
    assert.ok(Buffer.from(lzmaDecode(packed)).equals(readFileSync(join(ROOT, 'dist', 'styles.js'))));
  });

  test('refuses what is not a data file, and a stream cut short, and one longer than its header says', () => {
    const packed = compress(text('hello hello hello hello world'.repeat(40)));
    assert.throws(() => lzmaDecode(text('this is not a compressed stream')), /not a compressed data file/);
    assert.throws(() => lzmaDecode(packed.slice(0, 8)), /not a compressed data file/);
    const longer = packed.slice();
    new DataView(longer.buffer).setUint32(5, 2000, true);
    assert.throws(() => lzmaDecode(longer), /corrupt LZMA stream/);
    assert.throws(() => lzmaDecode(packed.slice(0, packed.length >> 1)), /corrupt LZMA stream/);
  });
});

suite('corpus columns (the shipped corpus)', () => {
  const paper = (id: string, title: string, extra: Record<string, unknown> = {}) => ({ id, key: id.replace(/-/g, ''), title, abstract: `About ${title}.`, upvotes: null, ...extra });

  test('papers go to columns and back; only ids that are not the slug of the title are kept', () => {
    const corpus = { papers: [paper('attention-is-all-you-need', 'Attention Is All You Need'), paper('merged-first-title', 'A Later Title', { upvotes: 3 })] };
    const columns = toColumns(corpus);
    assert.deepEqual(columns.ids, { 1: 'merged-first-title' });
    assert.deepEqual(columns.fields.upvotes, [null, 3]);
    assert.ok(!('id' in columns.fields));
    assert.deepStrictEqual(fromColumns(JSON.parse(JSON.stringify(columns))), corpus);
  });

  test('papers with different fields are refused at build time; rows and other shapes pass through untouched', () => {
    assert.throws(() => toColumns({ papers: [paper('a', 'A'), { id: 'b', title: 'B' }] }), /does not have the fields/);
    const rows = { papers: [paper('a', 'A')] };
    assert.equal(fromColumns(rows), rows);
    assert.equal(fromColumns(null), null);
  });

  test('columns that do not line up are an error, not a corpus with holes', () => {
    const columns = toColumns({ papers: [paper('a', 'A'), paper('b', 'B')] });
    assert.throws(() => fromColumns({ ...columns, fields: { ...columns.fields, title: ['A'] } }), /title does not have 2 values/);
    assert.throws(() => fromColumns({ ...columns, count: -1 }), /no count/);
  });
});
