// Hostile and unlucky input, generated (a seeded fast-check run), at sizes n, 2n and 4n, through
// the readers of bibliographies (BibTeX, CSL-JSON, CSL-YAML and Hayagriva) and the scanner of
// documents (LaTeX, Markdown, Typst, reST): none throws, a broken input gets a problem, and twice
// the input costs about twice the work, COUNTED (support/workMeter.ts: the characters visited),
// not timed. A line number found by reading the text again from its start for every problem or
// every \bibliography (as before issue 31) makes the work of these inputs grow with the square of
// their size, and fails here.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { readBibliographies } from '../../../src/core/bibliography/read';
import { findCitations, scanLatexDocument } from '../../../src/core/cite/scan';
import { findBibliographies } from '../../../src/core/cite/sources';
import { decodeText } from '../../../src/core/util/decode';
import { measureWork } from '../support/workMeter';

/** What a generated case varies: a word for keys and titles, a control character or escape, the base size. */
interface Noise { word: string; control: string; n: number }

/** Text as a Windows tool writes it: UTF-16 little endian, with a byte order mark or without. */
function utf16(text: string, bom: boolean): Uint8Array {
  const units = [...(bom ? [0xfeff] : []), ...Array.from(text, c => c.charCodeAt(0))];
  return new Uint8Array(new Uint16Array(units).buffer);
}

/** A file as the host hands it to the readers: decoded from its bytes. */
const asRead = (text: string) => decodeText(new TextEncoder().encode(text));

interface Case {
  name: string;
  /** The input of size `n` (a count of lines, entries, items or levels). */
  make(n: number, noise: Noise): string;
  /** Reads or scans it; returns how many problems were reported (0 for a scanner, which has none to report). */
  drive(text: string): Promise<number> | number;
  /** Whether the input is broken, so that a problem must be reported. */
  broken: boolean;
}

const bib = (text: string) => read(text, 'hostile.bib');
const json = (text: string) => read(text, 'hostile.json');
const yaml = (text: string) => read(text, 'hostile.yaml');

async function read(text: string, file: string): Promise<number> {
  const [read] = await readBibliographies([{ uri: file, file, text }]);
  for (const p of read.problems) assert.ok(p.line >= 1 && p.message.length > 0, `${file}: ${JSON.stringify(p)}`);
  return read.problems.length;
}

const scan = (languageId: string, syntax: 'latex' | 'pandoc' | 'typst' | 'rst') => (text: string) => {
  findBibliographies(text, languageId);
  findCitations(text, syntax);
  return 0;
};

const lines = (n: number, line: (i: number) => string, end = '\n') => Array.from({ length: n }, (_, i) => line(i)).join(end);

const CASES: Case[] = [
  // BibTeX
  { name: 'BibTeX: braces nested n deep, never closed', broken: true, drive: bib, make: (n, { word }) => `@misc{${word}, title = ${'{'.repeat(n * 20)}${word}\n@misc{after, title = {After}}\n` },
  { name: 'BibTeX: braces nested n deep, closed', broken: false, drive: bib, make: (n, { word }) => `@misc{${word}, title = ${'{'.repeat(n * 20)}${word}${'}'.repeat(n * 20)}}\n` },
  { name: 'BibTeX: @string macros doubling themselves n times', broken: true, drive: bib, make: (n, { word }) => `@string{a0 = "${word}"}\n${lines(n, i => `@string{a${i + 1} = a${i} # a${i}}`)}\n@misc{k, title = a1}\n` },
  { name: 'BibTeX: CR-only line ends, an entry without a key on every other line', broken: true, drive: bib, make: (n, { word }) => asRead(lines(n, i => `@misc{${word}${i}, title = {T${i}}}\r@misc{, title = {No key}}`, '\r')) },
  { name: 'BibTeX: UTF-16 with a byte order mark, unclosed entries', broken: true, drive: bib, make: (n, { word }) => decodeText(utf16(lines(n, i => `@misc{${word}${i}, title = {Open`), true)) },
  { name: 'BibTeX: UTF-16 without a byte order mark, duplicate keys', broken: true, drive: bib, make: (n, { word }) => decodeText(utf16(lines(n, () => `@misc{${word}, title = {Again}}`), false)) },
  { name: 'BibTeX: control characters and escapes in keys, fields and between entries', broken: true, drive: bib, make: (n, { word, control }) => lines(n, i => `${control}@misc{${word}${control}${i}, title = {${control}${word}}, note = "${control}}\n@${control}{`) },
  // CSL-JSON
  { name: 'CSL-JSON: arrays nested n deep', broken: true, drive: json, make: n => `${'['.repeat(n * 20)}${']'.repeat(n * 20)}` },
  { name: 'CSL-JSON: n items without an id, one a line', broken: true, drive: json, make: (n, { word }) => `[\n${lines(n, i => `{"title": "${word} ${i}", "type": "book"}`, ',\n')}\n]` },
  { name: 'CSL-JSON: control characters in titles, and a broken item among them', broken: true, drive: json, make: (n, { word, control }) => `[\n${lines(n, i => `{"id": "${word}${i}", "title": ${JSON.stringify(`${control}${word}`)}}`, ',\n')},\n{"id": "broken", "title": }\n]` },
  // CSL-YAML and Hayagriva
  { name: 'YAML: aliases that double at every level, n levels', broken: false, drive: yaml, make: (n, { word }) => `references:\n- id: ${word}\n  note: &a0 [x, x]\n${lines(n, i => `  n${i + 1}: &a${i + 1} [*a${i}, *a${i}]`)}\n` },
  { name: 'CSL-YAML: an alias that holds itself, then n items', broken: false, drive: yaml, make: (n, { word }) => `references:\n- id: ${word}\n  author: &x [*x]\n${lines(n, i => `- id: ${word}${i}\n  title: T${i}`)}\n` },
  { name: 'CSL-YAML: n items without an id, CR-only line ends', broken: true, drive: yaml, make: (n, { word }) => asRead(`references:\r${lines(n, i => `- title: ${word} ${i}\r  type: book`, '\r')}\r`) },
  { name: 'Hayagriva: n entries that are not maps', broken: true, drive: yaml, make: (n, { word }) => lines(n, i => `${word}${i}: [1, 2]`) },
  // The scanner of documents
  { name: 'LaTeX: n \\bibliography{…} lines', broken: false, drive: scan('latex', 'latex'), make: (n, { word }) => lines(n * 10, i => `\\bibliography{${word}${i}}`) },
  { name: 'LaTeX: a long unclosed \\bibliography{', broken: false, drive: scan('latex', 'latex'), make: (n, { word }) => `\\bibliography{${lines(n * 10, () => word, ',\n')}` },
  { name: 'LaTeX: n unclosed \\bibitem[', broken: false, drive: text => { scanLatexDocument(text); return scan('latex', 'latex')(text); }, make: (n, { word }) => lines(n * 10, () => `\\bibitem[${word}`) },
  { name: 'LaTeX: CR-only line ends and control characters around citations', broken: false, drive: scan('latex', 'latex'), make: (n, { word, control }) => asRead(lines(n * 10, i => `${control}\\cite{${word}${i}} % \\cite{no}`, '\r')) },
  { name: 'Markdown: n front matter bibliographies, CR-only, and citations', broken: false, drive: scan('markdown', 'pandoc'), make: (n, { word }) => asRead(`---\rbibliography:\r${lines(n * 5, i => `- ${word}${i}.bib`, '\r')}\r---\r${lines(n * 5, i => `[@${word}${i}]`, '\r')}`) },
  { name: 'Typst: n unclosed #bibliography(', broken: false, drive: scan('typst', 'typst'), make: (n, { word }) => lines(n * 10, () => `#bibliography("${word}.bib"`) },
  { name: 'reST: n .. bibliography:: directives', broken: false, drive: scan('restructuredtext', 'rst'), make: (n, { word }) => lines(n * 10, i => `.. bibliography:: ${word}${i}.bib\n`) },
];

/** At most this much more work for twice the input: about 2 when linear, 4 when quadratic. */
const DOUBLING = 2.8;

suite('hostile input, generated: no throw, a problem where broken, and work that grows linearly (counted)', () => {
  const noise = fc.record({
    word: fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/),
    control: fc.constantFrom('\x1b]0;PWNED\x07\x1b[2J', '\u202e', '\x00', '\x07', '\u0085', '\x9b31m', '\ufeff'),
    n: fc.integer({ min: 40, max: 80 }),
  });
  for (const c of CASES) {
    test(c.name, async () => {
      await fc.assert(fc.asyncProperty(noise, async p => {
        const works: number[] = [];
        for (const n of [p.n, 2 * p.n, 4 * p.n]) {
          const text = c.make(n, p);
          const { result: problems, work } = await measureWork(() => c.drive(text));
          if (c.broken) assert.ok(problems > 0, `no problem reported at size ${n}`);
          works.push(work);
        }
        const [w1, w2, w4] = works;
        assert.ok(w2 <= DOUBLING * w1 && w4 <= DOUBLING * w2, `work ${w1} → ${w2} → ${w4} for sizes ${p.n}, ${2 * p.n}, ${4 * p.n}`);
      }), { seed: 31, numRuns: 3 });
    });
  }
});
