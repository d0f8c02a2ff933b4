// A small LZMA decoder for the style engine's bundle (dist/styles.js.lz), decoded in the engine worker
// when a reference is first formatted, on the desktop and in a browser alike. Browsers decode only
// gzip and deflate natively (DecompressionStream); LZMA leaves the bundle 53 KB smaller than zlib's
// best, and its decoder is this file. (The bundled library, decoded at every first use on the
// extension host, is deflate: core/util/inflate.ts.)
// Follows the reference decoder of the LZMA specification (LzmaSpec.cpp, public domain). The
// whole output is kept, so it is the dictionary too and no window has to wrap.
//
// Input: the header that src/build/compressed.ts writes (the magic "PLZ1", lc/lp/pb in one byte,
// the output's length as a 32-bit little-endian number), then a raw LZMA1 stream.

import { runToEnd } from './pause';

const MAGIC = [0x50, 0x4c, 0x5a, 0x31];
/** How many bytes come before the LZMA stream. */
export const LZMA_HEADER_BYTES = 9;

/** The header of a compressed file holding `length` bytes, encoded with these literal/position settings. */
export function lzmaHeader(length: number, lc: number, lp: number, pb: number): Uint8Array {
  const header = new Uint8Array(LZMA_HEADER_BYTES);
  header.set(MAGIC);
  header[4] = (pb * 5 + lp) * 9 + lc;
  new DataView(header.buffer).setUint32(5, length, true);
  return header;
}

/**
 * Decodes a file written by the build (header + raw LZMA1 stream).
 *
 * @example new TextDecoder().decode(lzmaDecode(await workspace.fs.readFile(uri)))
 */
export function lzmaDecode(input: Uint8Array): Uint8Array {
  return runToEnd(lzmaSteps(input, Infinity));
}

/**
 * The decoder itself, which yields after each `sliceBytes` of output and returns the whole
 * output: a caller can go on in slices, or finish at once when it needs the output now.
 */
export function* lzmaSteps(input: Uint8Array, sliceBytes: number): Generator<void, Uint8Array, void> {
  if (input.length < LZMA_HEADER_BYTES + 5 || MAGIC.some((b, i) => input[i] !== b)) throw new Error('not a compressed data file of this extension');
  let props = input[4];
  if (props >= 9 * 5 * 5) throw new Error('bad LZMA properties');
  const lc = props % 9; props = (props / 9) | 0;
  const lp = props % 5;
  const pb = (props / 5) | 0;
  const size = new DataView(input.buffer, input.byteOffset, input.byteLength).getUint32(5, true);
  const out = new Uint8Array(size);

  const rc = new RangeDecoder(input, LZMA_HEADER_BYTES);
  const bit = (probs: Uint16Array, i: number) => rc.bit(probs, i);
  const direct = (count: number) => rc.direct(count);
  const models = (n: number) => new Uint16Array(n).fill(1024);
  const tree = (probs: Uint16Array, offset: number, bits: number): number => {
    let m = 1;
    for (let i = 0; i < bits; i++) m = (m << 1) | bit(probs, offset + m);
    return m - (1 << bits);
  };
  const reverse = (probs: Uint16Array, offset: number, bits: number): number => {
    let m = 1;
    let symbol = 0;
    for (let i = 0; i < bits; i++) { const b = bit(probs, offset + m); m = (m << 1) | b; symbol |= b << i; }
    return symbol;
  };
  // A length coder: choice, choice 2, 16 low and 16 mid trees of 3 bits, one high tree of 8 bits.
  const lengthCoder = () => models(2 + 16 * 8 * 2 + 256);
  const length = (probs: Uint16Array, posState: number): number => {
    if (!bit(probs, 0)) return tree(probs, 2 + posState * 8, 3);
    if (!bit(probs, 1)) return 8 + tree(probs, 2 + 128 + posState * 8, 3);
    return 16 + tree(probs, 2 + 256, 8);
  };

  const literals = models(0x300 << (lc + lp));
  const isMatch = models(12 << 4);
  const isRep = models(12);
  const isRepG0 = models(12);
  const isRepG1 = models(12);
  const isRepG2 = models(12);
  const isRep0Long = models(12 << 4);
  const posSlots = models(4 << 6);
  const posCoders = models(1 + 128 - 14);
  const align = models(16);
  const lengths = lengthCoder();
  const repLengths = lengthCoder();
  const pbMask = (1 << pb) - 1;
  const lpMask = (1 << lp) - 1;
  let state = 0;
  let rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0;
  let pos = 0;
  let sliceEnd = sliceBytes;

  while (pos < size) {
    if (pos >= sliceEnd) {
      yield;
      sliceEnd = pos + sliceBytes;
    }
    const posState = pos & pbMask;
    if (!bit(isMatch, (state << 4) + posState)) {
      const previous = pos > 0 ? out[pos - 1] : 0;
      const base = 0x300 * (((pos & lpMask) << lc) + (previous >>> (8 - lc)));
      let symbol = 1;
      if (state >= 7) {
        let matchByte = out[pos - rep0 - 1];
        while (symbol < 0x100) {
          const matchBit = (matchByte >>> 7) & 1;
          matchByte <<= 1;
          const b = bit(literals, base + ((1 + matchBit) << 8) + symbol);
          symbol = (symbol << 1) | b;
          if (matchBit !== b) break;
        }
      }
      while (symbol < 0x100) symbol = (symbol << 1) | bit(literals, base + symbol);
      out[pos++] = symbol - 0x100;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    let len: number;
    if (bit(isRep, state)) {
      if (pos === 0) throw new Error('corrupt LZMA stream');
      if (!bit(isRepG0, state)) {
        if (!bit(isRep0Long, (state << 4) + posState)) {
          state = state < 7 ? 9 : 11;
          out[pos] = out[pos - rep0 - 1];
          pos++;
          continue;
        }
      } else {
        let distance: number;
        if (!bit(isRepG1, state)) distance = rep1;
        else {
          if (!bit(isRepG2, state)) distance = rep2;
          else { distance = rep3; rep3 = rep2; }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = distance;
      }
      len = length(repLengths, posState);
      state = state < 7 ? 8 : 11;
    } else {
      rep3 = rep2; rep2 = rep1; rep1 = rep0;
      len = length(lengths, posState);
      state = state < 7 ? 7 : 10;
      const slot = tree(posSlots, (len < 3 ? len : 3) << 6, 6);
      if (slot < 4) rep0 = slot;
      else {
        const bits = (slot >>> 1) - 1;
        let distance = ((2 | (slot & 1)) << bits) >>> 0;
        if (slot < 14) distance += reverse(posCoders, distance - slot, bits);
        else distance += direct(bits - 4) * 16 + reverse(align, 0, 4);
        rep0 = distance >>> 0;
        if (rep0 === 0xffffffff) break; // the end marker
      }
      if (rep0 >= pos) throw new Error('corrupt LZMA stream');
    }
    len += 2;
    if (pos + len > size) throw new Error('corrupt LZMA stream: longer than its header says');
    for (const end = pos + len; pos < end; pos++) out[pos] = out[pos - rep0 - 1];
  }
  if (pos !== size) throw new Error('corrupt LZMA stream: shorter than its header says');
  return out;
}

/**
 * The range decoder. Its range and code live in a Uint32Array, whose elements V8 reads and writes
 * as raw integers: in fields, or returned from a call, numbers above 2^30 are boxed (measurably
 * slower: the commit that made this change has the figures). So the refill works on
 * the array in place and returns nothing. The build's streams end with an end marker, after the last
 * byte of output: one that needs more input than it has was cut short.
 */
class RangeDecoder {
  readonly #s = new Uint32Array(2); // [range, code]
  constructor(private readonly input: Uint8Array, private at: number) {
    if (input[this.at++] !== 0) throw new Error('corrupt LZMA stream');
    let code = 0;
    for (let i = 0; i < 4; i++) code = ((code << 8) | input[this.at++]) >>> 0;
    this.#s[0] = 0xffffffff;
    this.#s[1] = code;
  }

  bit(probs: Uint16Array, i: number): number {
    const s = this.#s;
    const p = probs[i];
    const bound = (s[0] >>> 11) * p;
    let b = 0;
    if (s[1] < bound) { s[0] = bound; probs[i] = p + ((2048 - p) >>> 5); } else { s[0] -= bound; s[1] -= bound; probs[i] = p - (p >>> 5); b = 1; }
    if (s[0] < 0x1000000) this.#refill();
    return b;
  }

  direct(count: number): number {
    const s = this.#s;
    let result = 0;
    for (; count > 0; count--) {
      s[0] >>>= 1;
      let b = 0;
      if (s[1] >= s[0]) { s[1] -= s[0]; b = 1; }
      result = ((result << 1) | b) >>> 0;
      if (s[0] < 0x1000000) this.#refill();
    }
    return result;
  }

  /** Shifts the next byte of input into the range and the code. */
  #refill(): void {
    if (this.at >= this.input.length) throw new Error('corrupt LZMA stream: cut short');
    const s = this.#s;
    s[0] *= 256;
    s[1] = s[1] * 256 + this.input[this.at++];
  }
}
