// Property test of the .bib reader on real files, damaged: a brace added or taken away, the
// file cut short, junk Unicode, a huge value, a chunk written twice. Whatever the damage,
// `parseBib` never throws, keeps every entry that ends before the damage exactly as it was,
// and does an amount of work that grows linearly with the text. Hand-written pathological
// inputs (thousands of "{", of unclosed entries, a 2 MB value…) are held to the same in the
// unit stage (test/unit/core/bibliography/bibtex/pathological.test.ts); the real files are read
// here, in the tools stage, which may read ../shared.
// How the work is counted, and why not with the clock: test/unit/support/bibWork.ts.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as fc from 'fast-check';
import { parseBib, type BibEntry, type ParsedBibWithStrings } from '../../src/core/bibliography/bibtex/parse';
import { ROOT } from '../unit/support/seeds';
import { assertLinear } from '../unit/support/bibWork';

/** From out/test/tools/ (where the bundle runs) to the real .bib files. */
const BIBTEX = path.resolve(ROOT, '../shared/bibliographies/bibtex-tidy');

/**
 * Varied real files: `@string` and `#`, quoted values, `%` comments, `@comment` (JabRef
 * groups), round-bracket entries, a BOM, a preamble; two prefixes of large libraries, cut
 * before an entry (the 3 MB one is read whole in bibliographyFiles.test.ts).
 */
const SAMPLES: { file: string; prefix?: number }[] = [
  { file: 'biber/examples.bib' },
  { file: 'others/example.bib' },
  { file: 'biber/tool.bib' },
  { file: 'others/entry-with-parentheses.bib' },
  { file: 'better-bibtex/Jabref_import_-_groups_lost_1730-5.bib' },
  { file: 'biber/uniqueness4.bib' },
  { file: 'better-bibtex/zbb_(quietly)_chokes_on_this_.bib_664.bib' },
  { file: 'better-bibtex/Problem_when_importing_BibTeX_entries_with_percent_sign_95_or_preamble_96.bib' },
  { file: 'python-bibtexparser/book_bom.bib' },
  { file: 'others/bibtex-quoted.bib' },
  { file: 'better-bibtex/Some_bibtex_entries_quietly_discarded_on_import_from_bib_file_873.bib', prefix: 30_000 },
  { file: 'better-bibtex/Unabbreviate_on_import_1436-3.bib', prefix: 30_000 },
];

function sample({ file, prefix }: { file: string; prefix?: number }): string {
  const text = readFileSync(path.join(BIBTEX, file), 'utf8');
  if (prefix === undefined) return text;
  const cut = text.indexOf('\n@', prefix);
  return cut < 0 ? text : text.slice(0, cut + 1);
}

// ---- damage ----

type Damage =
  | { kind: 'insert-brace'; at: number; brace: '{' | '}' }
  | { kind: 'delete-brace'; at: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'junk'; at: number; junk: string }
  | { kind: 'huge'; at: number; form: 'braced' | 'quoted' | 'bare' | 'open' }
  | { kind: 'duplicate'; from: number; length: number; at: number };

/** Characters that trouble readers of text: combining marks, emoji, direction marks, NUL, lone surrogates, BOM, line separators, and the .bib syntax. */
const JUNK = ['\u0301', '\u0308\u0327', '😀', '👩🏽‍🔬', '\u200F', '\u202E', '\u200B', '\0', '\uD800', '\uDFFF', '\uFEFF', '\u2028', '\r', '\u00A0', '𝕏',
  '\\', '@', '%', '#', '"', ',', '=', '(', ')', '\n'];

const junk = fc.oneof(
  fc.array(fc.constantFrom(...JUNK), { minLength: 1, maxLength: 8 }).map(parts => parts.join('')),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
);

const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant('insert-brace' as const), at: fc.nat(), brace: fc.constantFrom('{' as const, '}' as const) }),
  fc.record({ kind: fc.constant('delete-brace' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('junk' as const), at: fc.nat(), junk }),
  fc.record({ kind: fc.constant('huge' as const), at: fc.nat(), form: fc.constantFrom('braced' as const, 'quoted' as const, 'bare' as const, 'open' as const) }),
  fc.record({ kind: fc.constant('duplicate' as const), from: fc.nat(), length: fc.nat({ max: 5_000 }), at: fc.nat() }),
);

/** A value of 200 KB, in words, inside braces, quotes, as bare text, or opened and never closed. */
function huge(form: 'braced' | 'quoted' | 'bare' | 'open'): string {
  const words = 'lorem ipsum dolor '.repeat(11_112);
  if (form === 'braced') return `,\n  huge = {${words}},\n`;
  if (form === 'quoted') return `,\n  huge = "${words}",\n`;
  if (form === 'open') return `,\n  huge = {${words}\n`;
  return words;
}

function damaged(text: string, d: Damage): string {
  const at = (n: number) => n % (text.length + 1);
  switch (d.kind) {
    case 'insert-brace': return text.slice(0, at(d.at)) + d.brace + text.slice(at(d.at));
    case 'delete-brace': {
      const braces: number[] = [];
      for (let i = 0; i < text.length; i++) if (text[i] === '{' || text[i] === '}') braces.push(i);
      if (!braces.length) return text;
      const i = braces[d.at % braces.length];
      return text.slice(0, i) + text.slice(i + 1);
    }
    case 'truncate': return text.slice(0, at(d.at));
    case 'junk': return text.slice(0, at(d.at)) + d.junk + text.slice(at(d.at));
    case 'huge': return text.slice(0, at(d.at)) + huge(d.form) + text.slice(at(d.at));
    case 'duplicate': {
      const from = at(d.from);
      return text.slice(0, at(d.at)) + text.slice(from, from + d.length) + text.slice(at(d.at));
    }
  }
}

/** Where `b` first differs from `a` (the length of their common prefix). */
function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

const lineCount = (text: string) => text.split('\n').length;

/** The 1-based line of each offset, asked for in increasing order, in one pass over the text. */
function lineCounter(text: string): (offset: number) => number {
  let line = 1;
  let at = 0;
  return offset => {
    for (; at < offset; at++) if (text.charCodeAt(at) === 10) line++;
    return line;
  };
}

const shown = (e: BibEntry) => ({ type: e.type, key: e.key, line: e.line, start: e.start, end: e.end, keyStart: e.keyStart, fields: e.fields });

suite('parseBib on damaged real files (property)', function () {
  this.timeout(60_000);
  let texts: string[] = [];
  let originals: ParsedBibWithStrings[] = [];
  suiteSetup(() => {
    texts = SAMPLES.map(sample);
    originals = texts.map(text => parseBib(text));
  });

  test('the sample files are sound to begin with', () => {
    for (const [i, { entries, problems }] of originals.entries()) {
      assert.ok(entries.length > 0, SAMPLES[i].file);
      assert.deepEqual(problems.filter(p => p.severity === 'error'), [], SAMPLES[i].file);
    }
  });

  test('never throws; every entry that ends before the damage is read as before; entries and problems are located', () => {
    fc.assert(fc.property(fc.nat({ max: texts.length - 1 }), fc.array(damage, { minLength: 1, maxLength: 3 }), (which, damages) => {
      const text = damages.reduce(damaged, texts[which]);
      const parsed = parseBib(text);
      const lines = lineCount(text);
      const lineOf = lineCounter(text);
      for (const e of parsed.entries) {
        assert.ok(e.key.length > 0);
        assert.ok(e.start >= 0 && e.start < e.end && e.end <= text.length && text[e.start] === '@', `${e.key}: ${e.start}..${e.end}`);
        assert.equal(e.line, lineOf(e.start), `line of "${e.key}"`);
      }
      for (const p of parsed.problems) assert.ok(Number.isInteger(p.line) && p.line >= 1 && p.line <= lines && p.message.length > 0, `${p.line}: ${p.message}`);
      const unchanged = firstDifference(texts[which], text);
      const before = originals[which].entries.filter(e => e.end <= unchanged);
      assert.deepEqual(parsed.entries.slice(0, before.length).map(shown), before.map(shown), `damage from offset ${unchanged}`);
    }), { seed: 20_240_611, numRuns: 200 });
  });

  test('the work grows linearly: the damaged text repeated 8 times costs at most 16 times the text once', () => {
    fc.assert(fc.property(fc.nat({ max: texts.length - 1 }), fc.array(damage, { minLength: 1, maxLength: 2 }), (which, damages) => {
      const text = damages.reduce(damaged, texts[which]);
      assertLinear(`${SAMPLES[which].file} damaged by ${JSON.stringify(damages).slice(0, 300)}`, k => text.repeat(k));
    }), { seed: 20_240_611, numRuns: 60 });
  });
});
