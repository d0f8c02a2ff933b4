import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { inflateRawWithStreams } from '../../../../src/core/util/inflate';
import { chunkSizeFor, inflateRaw } from '../../../../src/platform/inflate.node';
import { LIBRARY_FILE, shippedName, splitLibrary } from '../../../../src/core/corpus/shippedFiles';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');

suite('inflateRawWithStreams (the shipped library in a browser)', () => {
  test('decodes the shipped library as zlib does, into the library\'s three parts', async () => {
    const shipped = readFileSync(join(ROOT, 'dist', shippedName(LIBRARY_FILE)));
    const decoded = await inflateRawWithStreams(shipped);
    assert.ok(Buffer.from(decoded).equals(inflateRawSync(shipped)));
    assert.ok(splitLibrary(decoded).corpus.length > 100_000);
  });

  test('text of every kind comes back byte for byte; damaged bytes are refused', async () => {
    const text = Buffer.from('Ünïcode — 数学 🧪 '.repeat(5000), 'utf8');
    assert.ok(Buffer.from(await inflateRawWithStreams(deflateRawSync(text))).equals(text));
    await assert.rejects(inflateRawWithStreams(new Uint8Array([0xff, 0xff, 0xff, 0x00, 0x12])));
  });
});

suite('inflateRaw (the shipped library on the desktop)', () => {
  test('decodes the shipped library in one trip to zlib\'s thread pool, and larger output in more', async () => {
    const shipped = readFileSync(join(ROOT, 'dist', shippedName(LIBRARY_FILE)));
    // The output fits the buffer zlib is given: one trip, not sixty.
    assert.ok(inflateRawSync(shipped).length <= chunkSizeFor(shipped));
    assert.ok(Buffer.from(await inflateRaw(shipped)).equals(inflateRawSync(shipped)));
    // Output far larger than four times the input comes back whole too.
    const repetitive = Buffer.from('a paper about attention '.repeat(200_000), 'utf8');
    const packed = deflateRawSync(repetitive);
    assert.ok(repetitive.length > 10 * chunkSizeFor(packed));
    assert.ok(Buffer.from(await inflateRaw(packed)).equals(repetitive));
    await assert.rejects(inflateRaw(new Uint8Array([0xff, 0xff, 0xff, 0x00, 0x12])));
  });
});
