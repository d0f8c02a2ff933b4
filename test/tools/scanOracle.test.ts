// The scanner against the real tools: for many texts (the manuals' examples, realistic
// paragraphs, the test fixtures and seeded generated texts), findCitations must find exactly the
// keys biblatex, natbib and pandoc find, in the same order.
//
// - biblatex: one pdflatex run over all texts, each in its own refsection, keys read from the
//   .bcf (no .bib is needed: the .bcf lists every cited key, defined or not, duplicates included,
//   and \nocite{*} as "*"); natbib=true, so natbib's commands are biblatex's own too.
// - natbib: one pdflatex run with natbib itself, keys read from the .aux \citation lines that
//   BibTeX reads. Both judge the natbib texts: biblatex's natbib mode is a re-implementation, and
//   most natbib documents are compiled with natbib and BibTeX.
// - pandoc: `pandoc -f markdown -t json` over all texts at once (each after a heading with a known
//   identifier), the citationId of every Cite element in document order.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findCitations } from '../../src/core/cite/scan';
import type { CitationSyntax } from '../../src/core/cite/languages';
import { judgeBiblatex, judgeNatbib, judgePandoc, type Judged } from './oracle/judges';
import {
  BIBLATEX_MANUAL, biblatexText, LATEX_PARAGRAPHS, MARKDOWN_PARAGRAPHS, markdownText, NATBIB_MANUAL, NATBIB_ONLY, natbibText, PANDOC_MANUAL, random,
} from './oracle/texts';
import { timings, workDir, type Run } from './tools';

interface Case {
  name: string;
  text: string;
  /** pandoc places a footnote's content where the note is referred to: compare the keys, not their order. */
  unordered?: boolean;
}

/**
 * Disagreements we keep on purpose: a tool's quirk the scanner should not copy. Each entry is
 * the text (exactly), the tool, and why; an entry the tool no longer disagrees on fails the test.
 */
const ALLOWED: readonly { text: string; tool: string; why: string }[] = [
  {
    tool: 'natbib',
    // natbib strips the braces around an optional argument and parses it again as "[see [1]]":
    // its first "]" ends it and natbib cites the key "]" (and prints "?"). biblatex reads the
    // braces as TeX means them and cites a. The scanner cannot tell natbib from biblatex
    // documents, and follows biblatex, whose reading is the one the author meant.
    text: '\\citep[{see [1]}]{a} and \\citet[{p.~3]}][]{b}',
    why: 'natbib loses the braces that protect "]" in an optional argument',
  },
];

/** What the scanner finds: every key of every citation, in the order of the text. */
function scanned(text: string, syntax: CitationSyntax): Judged {
  const citations = findCitations(text, syntax);
  const keys = citations.flatMap(c => c.keys).sort((a, b) => a.start - b.start);
  for (const k of keys) {
    // Offsets must hold the key; LaTeX reads a key with a comment or line break inside differently from how it is written.
    if (syntax !== 'latex' || !/[%\s]/.test(text.slice(k.start, k.end))) assert.equal(text.slice(k.start, k.end), k.key, `offsets of ${k.key} in ${JSON.stringify(text)}`);
  }
  return { keys: keys.map(k => k.key), all: citations.some(c => c.all === true) };
}

/** Compares the scanner with a tool over all cases; returns the number judged and prints the disagreements. */
function compare(tool: string, syntax: CitationSyntax, cases: readonly Case[], results: readonly Judged[]): number {
  assert.equal(results.length, cases.length);
  const disagreements: string[] = [];
  cases.forEach((c, i) => {
    const expected = results[i];
    const got = scanned(c.text, syntax);
    const order = (keys: string[]) => (c.unordered ? [...keys].sort() : keys);
    const same = JSON.stringify(order(got.keys)) === JSON.stringify(order(expected.keys)) && got.all === expected.all;
    const allowed = ALLOWED.find(a => a.text === c.text && a.tool === tool);
    if (allowed) {
      assert.ok(!same, `${tool} now agrees on an allowed text: remove it from ALLOWED (${allowed.why})`);
      console.log(`      [oracle] ${tool}: allowed disagreement (${allowed.why}): ${tool} ${JSON.stringify(expected.keys)}, scanner ${JSON.stringify(got.keys)}`);
    } else if (!same) {
      disagreements.push(`${c.name}: ${JSON.stringify(c.text)}\n    ${tool}: ${JSON.stringify(expected)}\n    scanner: ${JSON.stringify(got)}`);
    }
  });
  const keys = results.reduce((n, r) => n + r.keys.length, 0);
  console.log(`      [oracle] ${tool}: ${cases.length} texts judged (${keys} keys), ${disagreements.length} disagreements`);
  assert.deepEqual(disagreements.slice(0, 20), [], `${disagreements.length} disagreements with ${tool}`);
  return cases.length;
}

/** The repository, from out/test/tools where the build puts this test. */
const ROOT = resolve(__dirname, '..', '..', '..');
const fixture = (name: string) => readFileSync(join(ROOT, 'test', 'fixtures', 'workspace', name), 'utf8');
const fixtureBody = (tex: string) => /\\begin\{document\}([\s\S]*)\\end\{document\}/.exec(tex)?.[1] ?? tex;
const generated = (count: number, seed: number, make: (r: () => number, i: number) => string): Case[] => {
  const r = random(seed);
  return Array.from({ length: count }, (_, i) => ({ name: `generated ${seed}#${i}`, text: make(r, i) }));
};

suite('the scanner finds the keys the real tools find', () => {
  test('LaTeX: biblatex (natbib=true) judges the manual\'s examples, realistic paragraphs and generated texts', async () => {
    const cases: Case[] = [
      ...BIBLATEX_MANUAL.map((text, i) => ({ name: `biblatex manual ${i}`, text })),
      ...NATBIB_MANUAL.map((text, i) => ({ name: `natbib manual ${i}`, text })),
      ...LATEX_PARAGRAPHS.map((text, i) => ({ name: `paragraph ${i}`, text })),
      { name: 'fixture paper.tex', text: fixtureBody(fixture('paper.tex')).replace(/^\\(?:maketitle|bibliographystyle|bibliography)\b.*$/gm, '') },
      ...ALLOWED.map(a => ({ name: 'allowed', text: a.text })),
      ...generated(400, 1, r => biblatexText(r)),
      ...generated(150, 2, r => natbibText(r)),
    ];
    const work = workDir('oracle-biblatex');
    try {
      const { results, runs } = await judgeBiblatex(work.dir, cases.map(c => c.text));
      timings('biblatex oracle (two documents side by side)', runs.map((run, i): [string, Run] => [`pdflatex ${i + 1}`, run]));
      assert.ok(compare('biblatex', 'latex', cases, results) >= 550, 'biblatex judged too few texts');
    } finally {
      work.done();
    }
  });

  test('LaTeX: natbib (\\citation lines of the .aux) judges the natbib manual\'s examples and generated texts', async () => {
    const cases: Case[] = [
      ...NATBIB_MANUAL.map((text, i) => ({ name: `natbib manual ${i}`, text })),
      ...NATBIB_ONLY.map((text, i) => ({ name: `natbib only ${i}`, text })),
      ...ALLOWED.map(a => ({ name: 'allowed', text: a.text })),
      ...generated(150, 2, r => natbibText(r)),
      ...generated(100, 3, r => natbibText(r)),
    ];
    const work = workDir('oracle-natbib');
    try {
      const { results, run } = await judgeNatbib(work.dir, cases.map(c => c.text));
      timings('natbib oracle', [['pdflatex', run]]);
      assert.ok(compare('natbib', 'latex', cases, results) >= 250, 'natbib judged too few texts');
    } finally {
      work.done();
    }
  });

  test('LaTeX: nothing after \\end{document} counts', async () => {
    const text = 'Before \\cite{before}.\n\\end{document}\nAfter \\cite{after}.';
    const work = workDir('oracle-end');
    try {
      // The judge wraps the text in a document; its own \end{document} ends it first.
      const { results } = await judgeBiblatex(work.dir, [text]);
      assert.deepEqual(results[0], { keys: ['before'], all: false });
      assert.deepEqual(scanned(text, 'latex'), results[0]);
    } finally {
      work.done();
    }
  });

  test('Markdown: pandoc judges its manual\'s examples, realistic paragraphs and generated texts', () => {
    const cases: Case[] = [
      ...PANDOC_MANUAL.map((text, i) => ({ name: `pandoc manual ${i}`, text })),
      ...MARKDOWN_PARAGRAPHS.map((text, i) => ({ name: `paragraph ${i}`, text })),
      { name: 'fixture notes.md', text: fixture('notes.md') },
    ];
    const r = random(4);
    for (let i = 0; i < 800; i++) {
      const { text, unordered } = markdownText(r, i);
      cases.push({ name: `generated 4#${i}`, text, unordered });
    }
    const work = workDir('oracle-pandoc');
    try {
      const { results, runs } = judgePandoc(work.dir, cases.map(c => c.text));
      const all: Run = { status: 0, stdout: '', stderr: '', ms: runs.reduce((n, run) => n + run.ms, 0) };
      timings('pandoc oracle', [[`pandoc × ${runs.length}`, all]]);
      assert.ok(compare('pandoc', 'pandoc', cases, results) >= 800, 'pandoc judged too few texts');
    } finally {
      work.done();
    }
  });
});
