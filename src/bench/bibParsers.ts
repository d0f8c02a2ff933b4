// The .bib readers the project could have used, side by side with its own, on the real files of
// ../shared/bibliographies: speed, what each keeps of a damaged file, lines, Unicode, names, and
// what each would add to the extension (minified and gzipped, bundled for a browser worker).
// Each adapter turns a library's output into the same shape; a library that throws is recorded
// as a failure of that file, never of the bench.
import * as Retorquere from '@retorquere/bibtex-parser';
import { Cite, logger as citeLogger } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import * as Astrocite from 'astrocite-bibtex';
import { BibLatexParser } from 'biblatex-csl-converter';
import { parseBib } from '../core/bibliography/bibtex/parse';
import { bibtexReference } from '../core/bibliography/bibtex/reference';

interface Name { family?: string; given?: string; particle?: string; suffix?: string; literal?: string }
interface Entry { key: string; line: number | null; title?: string; authors: Name[] }
interface Result { entries: Entry[]; errors: number; threw: boolean }

export interface Reader {
  name: string;
  /** The npm package measured for size: what `import` would add to the extension. */
  bundle: string;
  read(text: string): Result;
}

const failed = (): Result => ({ entries: [], errors: 1, threw: true });
const text = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
const plain = (s?: string) => s?.replace(/<[^>]+>/g, '').normalize('NFC');
const cslName = (n: Record<string, string>): Name => ({
  family: n.family, given: n.given, particle: [n['dropping-particle'], n['non-dropping-particle']].filter(Boolean).join(' ') || undefined,
  suffix: n.suffix, literal: n.literal,
});
const cslText = (nodes: unknown): string | undefined => (Array.isArray(nodes)
  ? nodes.map(n => (typeof n === 'string' ? n : (n as { text?: string }).text ?? '')).join('')
  : text(nodes));

export const OURS: Reader = {
  name: 'ours (src/core/bibliography)',
  bundle: 'src/core/bibliography/read.ts',
  read(source) {
    const { entries, problems } = parseBib(source);
    const byKey = new Map(entries.map(e => [e.key.toLowerCase(), e]));
    return {
      entries: entries.map(e => {
        const ref = bibtexReference(e, k => byKey.get(k.toLowerCase()));
        return { key: e.key, line: e.line, title: ref.title, authors: ref.author ?? [] };
      }),
      errors: problems.filter(p => p.severity === 'error').length,
      threw: false,
    };
  },
};

// The libraries' own options for reading a user's file as it is (no sentence-casing, every field kept).
const CITE_OPTIONS = { forceType: '@biblatex/text', generateGraph: false };

export const CANDIDATES: Reader[] = [
  {
    name: '@retorquere/bibtex-parser',
    bundle: '@retorquere/bibtex-parser',
    read(source) {
      try {
        const lib = Retorquere.parse(source, { sentenceCase: false });
        return {
          entries: lib.entries.map(e => ({
            key: e.key, line: null, title: text(e.fields.title),
            authors: ((e.fields.author ?? []) as { lastName?: string; firstName?: string; prefix?: string; suffix?: string; name?: string }[])
              .map(a => ({ family: a.lastName, given: a.firstName, particle: a.prefix, suffix: a.suffix, literal: a.name })),
          })),
          errors: lib.errors.length,
          threw: false,
        };
      } catch { return failed(); }
    },
  },
  {
    name: '@citation-js/plugin-bibtex',
    bundle: '@citation-js/plugin-bibtex',
    read(source) {
      try {
        const data = new Cite(source, CITE_OPTIONS).data as Record<string, unknown>[];
        // citation-js keeps every log message forever; a long bench must not accumulate them.
        citeLogger._log.length = 0;
        return {
          entries: data.map(c => ({ key: String(c['citation-key'] ?? c.id), line: null, title: text(c.title), authors: ((c.author ?? []) as Record<string, string>[]).map(cslName) })),
          errors: 0,
          threw: false,
        };
      } catch {
        citeLogger._log.length = 0;
        return failed();
      }
    },
  },
  {
    name: 'biblatex-csl-converter',
    bundle: 'biblatex-csl-converter',
    read(source) {
      try {
        const parser = new BibLatexParser(source, { processUnexpected: true, processUnknown: true, includeLocation: true });
        const result = parser.parse() as { entries: Record<string, { entry_key: string; location?: { start: number }; fields: Record<string, unknown> }>; errors: unknown[] };
        // Locations index the parser's own rewritten input: count lines there.
        const input = (parser as unknown as { input?: string }).input ?? source;
        const lineOf = (offset: number) => input.slice(0, offset).split('\n').length;
        return {
          entries: Object.values(result.entries).map(e => ({
            key: e.entry_key, line: e.location ? lineOf(e.location.start) : null, title: cslText(e.fields.title),
            authors: ((e.fields.author ?? []) as Record<string, unknown>[]).map(a => ({
              family: cslText(a.family), given: cslText(a.given), particle: cslText(a.prefix), suffix: cslText(a.suffix), literal: cslText(a.literal),
            })),
          })),
          errors: result.errors.length,
          threw: false,
        };
      } catch { return failed(); }
    },
  },
  {
    name: 'astrocite-bibtex',
    bundle: 'astrocite-bibtex',
    read(source) {
      try {
        const ast = Astrocite.AST.parse(source);
        const csl = Astrocite.parse(source) as Record<string, unknown>[];
        const nodes = ast.children.filter(n => n.kind === 'Entry') as { id: string; loc: { start: { line: number } } }[];
        return {
          entries: csl.map((c, i) => ({ key: String(c.id), line: nodes[i]?.id === c.id ? nodes[i].loc.start.line : null, title: text(c.title), authors: ((c.author ?? []) as Record<string, string>[]).map(cslName) })),
          errors: 0,
          threw: false,
        };
      } catch { return failed(); }
    },
  },
];

/** Titles to decode: each LaTeX form, and the text a reader should see. */
export const UNICODE_PROBES: [string, string][] = [
  ['{\\"o}', 'ö'], ['\\"{o}', 'ö'], ['{\\v S}', 'Š'], ['\\emph{x}', 'x'], ['--', '–'], ['{\\ss}', 'ß'], ["\\'{e}", 'é'], ['$\\alpha$', 'α'], ['{\\L}ukasiewicz', 'Łukasiewicz'],
];

const NAMES = 'van der Berg, Jan and Smith, Jr., John and {Barnes and Noble} and Ludwig van Beethoven and {\\"O}zil, Mesut';
const EXPECTED_NAMES: Name[] = [
  { family: 'Berg', given: 'Jan', particle: 'van der' }, { family: 'Smith', given: 'John', suffix: 'Jr.' }, { literal: 'Barnes and Noble' },
  { family: 'Beethoven', given: 'Ludwig', particle: 'van' }, { family: 'Özil', given: 'Mesut' },
];

/** How many of the Unicode probes a reader decodes to the text a reader sees. */
export function unicodeScore(reader: Reader): number {
  return UNICODE_PROBES.filter(([tex, expected]) => {
    const [entry] = reader.read(`@article{u,\n  title = {Pre ${tex} post},\n  year = {2000}\n}\n`).entries;
    return plain(entry?.title)?.trim() === `Pre ${expected} post`;
  }).length;
}

/** How many of five hard names (von, Jr, a braced organisation, an accent) a reader splits right. */
export function namesScore(reader: Reader): number {
  const [entry] = reader.read(`@article{n,\n  title = {Names},\n  author = {${NAMES}},\n  year = {2000}\n}\n`).entries;
  const same = (a: Name | undefined, b: Name) => {
    if (!a) return false;
    if (b.literal) return plain(a.literal ?? (a.given ? undefined : a.family)) === b.literal;
    return (['family', 'given', 'particle', 'suffix'] as const).every(k => (plain(a[k]) || undefined) === b[k]);
  };
  return EXPECTED_NAMES.filter((name, i) => same(entry?.authors[i], name)).length;
}
