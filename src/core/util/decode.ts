// A file's bytes as text. Bibliographies come from every kind of tool: some Windows exports write
// UTF-16, with a byte order mark or without one; read as UTF-8, such a file gives a hundred
// "unmatched }" warnings and no entry, so it is decoded as what it is. Old Mac exports end lines
// with CR alone, which bibtex, biber and TeX read as line ends (and VS Code shows as such): our
// readers end comments and count lines at LF, so a lone CR becomes one, which keeps every offset.

const utf8 = new TextDecoder();

/**
 * UTF-16 (little or big endian) when the bytes say so, by their byte order mark or, without one,
 * by text that is mostly ASCII with every other byte zero; UTF-8 otherwise (its mark dropped).
 *
 * @example decodeText(new Uint8Array([0xff, 0xfe, 0x61, 0x00])) === 'a'
 */
export function decodeText(bytes: Uint8Array): string {
  const endian = utf16Of(bytes);
  const text = endian ? new TextDecoder(endian === 'le' ? 'utf-16le' : 'utf-16be').decode(bytes) : utf8.decode(bytes);
  return lineEnds(text);
}

/** Lone CRs as LFs (CRLF kept): the same length, so every offset still points at the same character. */
export function lineEnds(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/** How much of the start is looked at for zeros. */
const SAMPLE = 512;

function utf16Of(bytes: Uint8Array): 'le' | 'be' | undefined {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'be';
  const length = Math.min(bytes.length, SAMPLE) & ~1;
  if (length < 4) return undefined;
  let evenZeros = 0, oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  // Text in UTF-8 has no zero byte at all; ASCII in UTF-16 has one in every pair.
  const pairs = length / 2;
  if (oddZeros > pairs * 0.9 && evenZeros === 0) return 'le';
  if (evenZeros > pairs * 0.9 && oddZeros === 0) return 'be';
  return undefined;
}
