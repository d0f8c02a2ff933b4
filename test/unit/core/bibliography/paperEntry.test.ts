import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseBib } from '../../../../src/core/bibliography/bibtex/parse';
import { bestLink, bibtexEntry, cslItem, CslItemSchema, paperNote, plainReference, type CitablePaper } from '../../../../src/core/bibliography/paperEntry';
import { encodeLatex } from '../../../../src/core/bibliography/latex/encode';
import { seedCorpus } from '../../support/seeds';

const paper = (over: Partial<CitablePaper> = {}): CitablePaper => ({
  key: 'Test2024', title: 'A Test Paper', authorsCount: null, organization: null, date: null, year: null, links: [], ...over,
});

/** Braces balance the way BibTeX counts them: every brace, escaped or not. */
function balanced(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === '{') depth++;
    if (ch === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

/** A LaTeX special character that is neither escaped nor part of a `{$…$}` math group, outside the url field. */
function unescapedSpecial(entry: string): string | undefined {
  const body = entry.split('\n').filter(l => !/^\s*url\s*=/.test(l)).join('\n').replace(/\{\$[^${}]*(\{[^${}]*\}[^${}]*)*\$\}/g, '');
  return /(?<!\\)[&%$#_~^]/.exec(body)?.[0];
}

suite('encodeLatex', () => {
  test('escapes every LaTeX special character', () => {
    assert.equal(encodeLatex('& % $ # _ { } ~ ^ \\'),
      '\\& \\% \\$ \\# \\_ \\textbraceleft{} \\textbraceright{} \\textasciitilde{} \\textasciicircum{} \\textbackslash{}');
  });

  test('accents become braced accent commands, in either Unicode form', () => {
    assert.equal(encodeLatex('TÜLU'), 'T{\\"U}LU');
    assert.equal(encodeLatex('TU\u0308LU'), 'T{\\"U}LU');
    assert.equal(encodeLatex('Pérez Ça Škoda Ångström'), 'P{\\\'e}rez {\\c{C}}a {\\v{S}}koda {\\r{A}}ngstr{\\"o}m');
  });

  test('an accented i keeps its plain "i": biber would turn "\\\'\\i" into a character pdflatex rejects', () => {
    assert.equal(encodeLatex('naïve í'), 'na{\\"i}ve {\\\'i}');
  });

  test('Greek and math symbols go into braced math groups', () => {
    assert.equal(encodeLatex('Ω ≤ 3×4 τ'), '{$\\Omega$} {$\\leq$} 3{$\\times$}4 {$\\tau$}');
  });

  test('a caret\'s superscript is math, as a writer would type it; a caret alone stays a caret', () => {
    assert.equal(encodeLatex('τ^2-Bench'), '{$\\tau^2$}-Bench');
    assert.equal(encodeLatex('FaSTA^*: Fast'), 'FaSTA{$^*$}: Fast');
    assert.equal(encodeLatex('GUI-360^circ'), 'GUI-360{$^\\circ$}');
    assert.equal(encodeLatex('x^10 and 2^n'), 'x{$^{10}$} and 2{$^n$}');
    assert.equal(encodeLatex('a ^ b ^'), 'a \\textasciicircum{} b \\textasciicircum{}');
    assert.equal(encodeLatex('Ω ≤ 3×4'), '{$\\Omega$} {$\\leq$} 3{$\\times$}4');
  });

  test('letters without a decomposition and typographic punctuation', () => {
    assert.equal(encodeLatex('Straße Øresund – “quoted” …'), 'Stra{\\ss}e {\\O}resund -- ``quoted\'\' \\ldots{}');
  });

  test('an unknown character is folded to ASCII, or becomes "?"', () => {
    assert.equal(encodeLatex('ﬁne'), 'fine');
    assert.equal(encodeLatex('漢字'), '??');
  });

  test('the output is ASCII and balanced for any text (fast-check)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), text => {
      const out = encodeLatex(text);
      assert.match(out, /^[\x20-\x7E]*$/);
      assert.ok(balanced(out), out);
      assert.equal(unescapedSpecial(out), undefined, out);
    }), { numRuns: 500 });
  });
});

suite('bestLink and paperNote', () => {
  test('a project page beats a GitHub repository, which beats a model card or a video', () => {
    assert.equal(bestLink({ links: ['https://huggingface.co/x/y', 'https://github.com/a/b', 'https://a-b.github.io/'] }), 'https://a-b.github.io/');
    assert.equal(bestLink({ links: ['https://youtu.be/x', 'https://github.com/a/b'] }), 'https://github.com/a/b');
    assert.equal(bestLink({ links: ['https://youtu.be/x', 'https://youtu.be/y'] }), 'https://youtu.be/x');
    assert.equal(bestLink({ links: [] }), null);
  });

  test('on the seed corpus: m&m\'s links its GitHub code, not its data set card', () => {
    assert.equal(bestLink(seedCorpus().byTitle("m&m's")), 'https://github.com/RAIVNLab/mnms');
  });

  test('the note gives the author count and the listing date only where the page printed them', () => {
    assert.equal(paperNote({ authorsCount: 12, date: 'Nov 3, 2024' }), '12 authors; listed on Hugging Face Daily Papers, Nov 3, 2024');
    assert.equal(paperNote({ authorsCount: 1, date: null }), '1 author; listed on Hugging Face Daily Papers');
    assert.equal(paperNote({ authorsCount: null, date: 'Oct 29' }), 'Listed on Hugging Face Daily Papers, Oct 29');
  });
});

suite('bibtexEntry', () => {
  const full = paper({
    title: 'TÜLU 3: Pushing & Pulling', organization: { handle: 'allenai', name: 'Ai2 and Friends' },
    year: 2024, authorsCount: 7, date: 'Nov 22, 2024', links: ['https://github.com/a/b_c'],
  });

  test('@misc: title braced whole, organisation in howpublished, raw url, note', () => {
    assert.equal(bibtexEntry(full), [
      '@misc{Test2024,',
      '  title        = {{T{\\"U}LU 3: Pushing \\& Pulling}},',
      '  key          = {T{\\"U}LU 3},',
      '  howpublished = {Ai2 and Friends},',
      '  year         = {2024},',
      '  url          = {https://github.com/a/b_c},',
      '  note         = {7 authors; listed on Hugging Face Daily Papers, Nov 22, 2024},',
      '}',
      '',
    ].join('\n'));
  });

  test('@online: organisation braced so that " and " does not split it into two', () => {
    const entry = bibtexEntry(full, 'biblatex');
    assert.match(entry, /^@online\{Test2024,\n/);
    assert.match(entry, /organization = \{\{Ai2 and Friends\}\},/);
    assert.doesNotMatch(entry, /howpublished/);
  });

  test('the BibTeX sort key is the name a reader would use: the short head of the title, or its first words', () => {
    const keyOf = (title: string) => parseBib(bibtexEntry(paper({ title }))).entries[0].fields.key;
    assert.equal(keyOf('ReAct: Synergizing Reasoning and Acting'), 'ReAct');
    assert.equal(keyOf('Why Do Multi-Agent LLM Systems Fail?'), 'Why Do Multi-Agent LLM Systems');
    assert.equal(keyOf('A Very Long Head Of Many Words: Then More'), 'A Very Long Head Of');
    assert.equal(keyOf('τ^2-Bench: Evaluating'), '{$\\tau^2$}-Bench');
  });

  test('fields the page did not print are left out, never guessed', () => {
    assert.deepEqual(Object.keys(parseBib(bibtexEntry(paper())).entries[0].fields), ['title', 'key', 'note']);
    assert.deepEqual(Object.keys(parseBib(bibtexEntry(paper(), 'biblatex')).entries[0].fields), ['title', 'note']);
  });

  test('every seed paper, both flavours: ASCII, balanced, escaped, parses back to its key, no author', () => {
    const { papers } = seedCorpus();
    assert.equal(papers.length, 390);
    for (const p of papers) {
      for (const flavour of ['bibtex', 'biblatex'] as const) {
        const entry = bibtexEntry(p, flavour);
        assert.match(entry, /^[\x20-\x7E\n]*$/, `${p.key} is not ASCII`);
        assert.ok(balanced(entry), `${p.key} has unbalanced braces`);
        assert.equal(unescapedSpecial(entry), undefined, `${p.key} has an unescaped special character`);
        const parsed = parseBib(entry);
        assert.deepEqual(parsed.problems, [], p.key);
        assert.equal(parsed.entries.length, 1);
        assert.equal(parsed.entries[0].key, p.key);
        assert.equal(parsed.entries[0].type, flavour === 'bibtex' ? 'misc' : 'online');
        assert.ok(!('author' in parsed.entries[0].fields), `${p.key} has an author field`);
        assert.equal('year' in parsed.entries[0].fields, p.year !== null, `${p.key}: year only where printed`);
      }
    }
  });

  test('any paper, even with hostile titles and organisations (fast-check)', () => {
    const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 80 });
    fc.assert(fc.property(text, fc.option(text), fc.option(fc.integer({ min: 1900, max: 2100 })), (title, org, year) => {
      const entry = bibtexEntry(paper({ title, organization: org === null ? null : { handle: 'h', name: org }, year }), 'biblatex');
      assert.match(entry, /^[\x20-\x7E\n]*$/);
      assert.ok(balanced(entry));
      assert.equal(unescapedSpecial(entry), undefined);
      assert.equal(parseBib(entry).entries[0]?.key, 'Test2024');
    }), { numRuns: 300 });
  });
});

suite('cslItem and plainReference', () => {
  test('every seed paper gives a valid CSL item that survives JSON and keeps plain Unicode', () => {
    for (const p of seedCorpus().papers) {
      const item = cslItem(p);
      CslItemSchema.parse(item);
      assert.deepEqual(JSON.parse(JSON.stringify(item)), item);
      assert.equal(item.title, p.title);
      assert.equal(item.id, p.key);
      assert.equal(item.issued?.['date-parts'][0][0], p.year ?? undefined);
      assert.ok(!('author' in item));
    }
  });

  test('TÜLU 3 and τ²-Bench keep their characters in CSL-JSON', () => {
    assert.match(cslItem(seedCorpus().byTitle('TÜLU 3')).title, /^TÜLU 3/);
    assert.match(cslItem(seedCorpus().byTitle('τ^2-Bench')).title, /^τ\^2-Bench/);
  });

  test('a plain reference reads as sentences: title, organisation and year, link, note', () => {
    const p = paper({ title: 'Why Agents?', organization: { handle: 'apple', name: 'Apple' }, year: 2024, links: ['https://x.github.io/'], authorsCount: 3 });
    assert.equal(plainReference(p), 'Why Agents? Apple, 2024. https://x.github.io/ 3 authors; listed on Hugging Face Daily Papers.');
    assert.equal(plainReference(paper()), 'A Test Paper. Listed on Hugging Face Daily Papers.');
  });
});
