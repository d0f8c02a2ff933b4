import * as assert from 'node:assert/strict';
import {
  pastedEntry,
  bibliographyKind, entryFlavourFor, planBibAppend, planBibliographyAppend, planCslAppend, type AppendPlan,
} from '../../../../src/core/cite/append';
import { findBibliographies } from '../../../../src/core/cite/sources';
import fc from 'fast-check';
import { parseBib } from '../../../../src/core/bibliography/bibtex/parse';
import { bibtexEntry, cslItem, type CitablePaper } from '../../../../src/core/bibliography/paperEntry';
import { jsonErrorOffset } from '../../../../src/core/corpus/jsonLines';
import { seedCorpus } from '../../support/seeds';

const paper = (key: string, over: Partial<CitablePaper> = {}): CitablePaper => ({
  key, title: `Title of ${key}`, authorsCount: null, organization: null, date: null, year: null, links: [], ...over,
});
const applied = (existing: string, plan: AppendPlan) => {
  assert.ok(plan.edit, `expected an edit, status ${plan.status}`);
  return existing.slice(0, plan.edit.start) + plan.edit.newText + existing.slice(plan.edit.end);
};

suite('findBibliographies', () => {
  test('\\bibliography: several names, ".bib" added once', () => {
    assert.deepEqual(findBibliographies('text\n\\bibliography{refs, more.bib,dir/other}\n', 'latex'),
      [{ path: 'refs.bib', line: 2 }, { path: 'more.bib', line: 2 }, { path: 'dir/other.bib', line: 2 }]);
  });

  test('\\addbibresource, with options, several times; commented lines ignored', () => {
    const text = '\\usepackage{biblatex}\n% \\addbibresource{old.bib}\n\\addbibresource[location=local]{refs.bib}\n\\addbibresource{extra.bib} % also\n';
    assert.deepEqual(findBibliographies(text, 'latex'), [{ path: 'refs.bib', line: 3 }, { path: 'extra.bib', line: 4 }]);
  });

  test('LaTeX as TeX reads it: \\\\% is a line break then a comment, \\% a percent sign; nothing in verbatim, \\verb or \\iffalse', () => {
    assert.deepEqual(findBibliographies('end\\\\% \\addbibresource{old.bib}\n\\addbibresource{new.bib}\n', 'latex'), [{ path: 'new.bib', line: 2 }]);
    assert.deepEqual(findBibliographies('50\\%\\bibliography{refs}', 'latex'), [{ path: 'refs.bib', line: 1 }]);
    assert.deepEqual(findBibliographies('\\begin{verbatim}\n\\bibliography{no}\n\\end{verbatim}\n\\iffalse\\bibliography{no}\\fi\n\\verb|\\bibliography{no}|', 'latex'), []);
  });

  test('YAML front matter: a string, a flow list, a block list, quoted names', () => {
    assert.deepEqual(findBibliographies('---\ntitle: x\nbibliography: refs.bib\n---\n', 'markdown'), [{ path: 'refs.bib', line: 3 }]);
    assert.deepEqual(findBibliographies('---\nbibliography: [a.bib, "b.json"]\n---\n', 'quarto').map(r => r.path), ['a.bib', 'b.json']);
    assert.deepEqual(findBibliographies('---\nbibliography:\n  - a.bib\n  - \'b c.bib\'\ncsl: x.csl\n---\n', 'rmd'),
      [{ path: 'a.bib', line: 3 }, { path: 'b c.bib', line: 4 }]);
  });

  test('no front matter, or a bibliography line in the body, names nothing', () => {
    assert.deepEqual(findBibliographies('# Title\n\nbibliography: refs.bib\n', 'markdown'), []);
    assert.deepEqual(findBibliographies('\\bibliography{refs}', 'plaintext'), []);
  });

  test('Typst and reST', () => {
    assert.deepEqual(findBibliographies('#bibliography("refs.bib")', 'typst').map(r => r.path), ['refs.bib']);
    assert.deepEqual(findBibliographies('#bibliography(("a.bib", "b.yml"))', 'typst').map(r => r.path), ['a.bib', 'b.yml']);
    assert.deepEqual(findBibliographies('.. bibliography:: refs.bib\n', 'restructuredtext').map(r => r.path), ['refs.bib']);
  });
});

suite('entry flavour and bibliography kind', () => {
  test('biblatex when the LaTeX document loads it, BibTeX otherwise', () => {
    assert.equal(entryFlavourFor('\\addbibresource{refs.bib}', 'latex'), 'biblatex');
    assert.equal(entryFlavourFor('\\usepackage[backend=biber,style=apa]{biblatex}', 'latex'), 'biblatex');
    assert.equal(entryFlavourFor('\\usepackage{natbib}\n\\bibliography{refs}', 'latex'), 'bibtex');
    assert.equal(entryFlavourFor('% \\usepackage{biblatex}\n\\bibliography{refs}', 'latex'), 'bibtex');
    assert.equal(entryFlavourFor('\\addbibresource{refs.bib}', 'markdown'), 'bibtex');
  });

  test('the flavour as TeX reads the document: biblatex behind a comment, in verbatim or \\iffalse is not loaded', () => {
    assert.equal(entryFlavourFor('a line\\\\%\\usepackage{biblatex}\n\\bibliography{refs}', 'latex'), 'bibtex');
    assert.equal(entryFlavourFor('\\begin{verbatim}\\addbibresource{x.bib}\\end{verbatim}', 'latex'), 'bibtex');
    assert.equal(entryFlavourFor('\\iffalse\\usepackage{biblatex}\\fi', 'latex'), 'bibtex');
    assert.equal(entryFlavourFor('\\RequirePackage{biblatex}', 'latex'), 'biblatex');
  });

  test('file kinds by extension', () => {
    assert.deepEqual(['a.bib', 'A.BIB', 'a.bibtex', 'a.json', 'a.yaml'].map(bibliographyKind), ['bib', 'bib', 'bib', 'csl-json', null]);
  });
});

suite('planBibAppend', () => {
  const existing = '@misc{old,\n  title = {Old}\n}\n';

  test('appends after a blank line, never touching the existing text', () => {
    const plan = planBibAppend(existing, [paper('new')], 'bibtex');
    assert.equal(plan.status, 'append');
    assert.deepEqual(plan.added, ['new']);
    const after = applied(existing, plan);
    assert.ok(after.startsWith(existing));
    assert.equal(after, `${existing}\n${bibtexEntry(paper('new'))}`);
    assert.deepEqual(parseBib(after).entries.map(e => e.key), ['old', 'new']);
  });

  test('a file without a final newline gets one plus a blank line; one ending in a blank line gets none', () => {
    const noNewline = existing.trimEnd();
    assert.equal(applied(noNewline, planBibAppend(noNewline, [paper('n')], 'bibtex')), `${noNewline}\n\n${bibtexEntry(paper('n'))}`);
    const blank = `${existing}\n`;
    assert.equal(applied(blank, planBibAppend(blank, [paper('n')], 'bibtex')), `${blank}${bibtexEntry(paper('n'))}`);
  });

  test('an empty file gets just the entries, separated by blank lines', () => {
    const plan = planBibAppend('', [paper('a'), paper('b')], 'biblatex');
    assert.equal(plan.edit?.newText, `${bibtexEntry(paper('a'), 'biblatex')}\n${bibtexEntry(paper('b'), 'biblatex')}`);
  });

  test('CRLF files get CRLF entries', () => {
    const crlf = existing.replace(/\n/g, '\r\n');
    const text = applied(crlf, planBibAppend(crlf, [paper('n')], 'bibtex'));
    assert.doesNotMatch(text.replace(/\r\n/g, ''), /\n/);
    assert.deepEqual(parseBib(text).entries.map(e => e.key), ['old', 'n']);
  });

  test('present: the same entry re-indented, re-ordered or in the other flavour is not added again', () => {
    const p = paper('same', { year: 2024, links: ['https://github.com/a/b'] });
    const mine = bibtexEntry(p);
    const reformatted = mine.replace(/\s+=\s+/g, '=').replace(/\n {2}/g, '\n\t').replace('@misc', '@MISC');
    for (const file of [mine, reformatted, bibtexEntry(p, 'biblatex')]) {
      const plan = planBibAppend(file, [p, paper('other')], 'bibtex');
      assert.equal(plan.status, 'append');
      assert.deepEqual([plan.present, plan.added], [['same'], ['other']]);
    }
    assert.equal(planBibAppend(mine, [p], 'bibtex').status, 'unchanged');
  });

  test('conflict: the same key (any case) with other content writes nothing and says where', () => {
    const file = `${existing}\n@misc{Clash,\n  title = {Something else}\n}\n`;
    const plan = planBibAppend(file, [paper('clash'), paper('fresh')], 'bibtex');
    assert.equal(plan.status, 'conflict');
    assert.equal(plan.edit, null);
    assert.deepEqual(plan.conflicts, [{ key: 'clash', line: 5 }]);
    assert.deepEqual(plan.added, ['fresh']);
  });

  test('a malformed file is reported with its line and not touched', () => {
    const broken = '@misc{a,\n  title = {Unclosed\n';
    const plan = planBibAppend(broken, [paper('n')], 'bibtex');
    assert.equal(plan.status, 'malformed');
    assert.equal(plan.edit, null);
    assert.equal(plan.problems[0].line, 2);
  });

  test('warnings alone do not stop an append', () => {
    const plan = planBibAppend('@misc{a, title={A}}\n@misc{a, title={A}}\n', [paper('n')], 'bibtex');
    assert.equal(plan.status, 'append');
    assert.equal(plan.problems[0].severity, 'warning');
  });

  test('the same paper twice in one request is added once', () => {
    assert.deepEqual(planBibAppend('', [paper('a'), paper('A'), paper('a')], 'bibtex').added, ['a']);
  });

  test('every seed paper appended one by one to an empty file reads back whole', () => {
    let text = '';
    for (const p of seedCorpus().papers) text = applied(text, planBibAppend(text, [p], 'biblatex'));
    const parsed = parseBib(text);
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(parsed.entries.map(e => e.key), seedCorpus().papers.map(p => p.key));
    assert.equal(planBibAppend(text, seedCorpus().papers, 'biblatex').status, 'unchanged');
  });
});

suite('planCslAppend', () => {
  test('an empty file gets a whole array', () => {
    const text = applied('', planCslAppend('', [paper('a'), paper('b')]));
    assert.deepEqual(JSON.parse(text), [cslItem(paper('a')), cslItem(paper('b'))]);
    assert.ok(text.endsWith(']\n'));
  });

  test('new items go before the final "]", the existing text kept byte for byte', () => {
    const existing = '[\n    {"id": "old", "type": "book",   "title": "Kept  as is"}\n]\n';
    const plan = planCslAppend(existing, [paper('new')]);
    const text = applied(existing, plan);
    assert.ok(text.startsWith(existing.slice(0, existing.lastIndexOf('}') + 1)));
    assert.ok(text.endsWith('\n]\n'));
    assert.deepEqual(JSON.parse(text).map((i: { id: string }) => i.id), ['old', 'new']);
    assert.match(text, /\n {4}\{\n {8}"id": "new"/);
  });

  test('an empty array and a compact array', () => {
    assert.deepEqual(JSON.parse(applied('[]', planCslAppend('[]', [paper('a')]))), [cslItem(paper('a'))]);
    const compact = '[{"id":"x"}]';
    assert.deepEqual(JSON.parse(applied(compact, planCslAppend(compact, [paper('a')]))).length, 2);
  });

  test('present and conflicting ids', () => {
    const existing = JSON.stringify([cslItem(paper('same')), { id: 'clash', title: 'Other' }], null, 2);
    assert.equal(planCslAppend(existing, [paper('same')]).status, 'unchanged');
    const plan = planCslAppend(existing, [paper('same'), paper('clash')]);
    assert.equal(plan.status, 'conflict');
    assert.deepEqual(plan.conflicts, [{ key: 'clash', line: 10 }]);
  });

  test('malformed JSON, a non-array or an item without an id is reported, not touched', () => {
    const bad = planCslAppend('[\n  {"id": "a"},\n  oops\n]', [paper('n')]);
    assert.equal(bad.status, 'malformed');
    assert.equal(bad.edit, null);
    assert.equal(bad.problems[0].line, 3);
    assert.match(planCslAppend('{"id": "a"}', [paper('n')]).problems[0].message, /must be an array/);
    assert.match(planCslAppend('[{"title": "x"}]', [paper('n')]).problems[0].message, /item 1 has no "id"/);
  });

  test('planBibliographyAppend picks the writer by extension', () => {
    assert.equal(planBibliographyAppend('refs.json', '', [paper('a')], 'bibtex')?.edit?.newText.startsWith('['), true);
    assert.match(planBibliographyAppend('refs.bib', '', [paper('a')], 'biblatex')?.edit?.newText ?? '', /^@online/);
    assert.equal(planBibliographyAppend('refs.yaml', '', [paper('a')], 'bibtex'), null);
  });
});

suite('jsonErrorOffset', () => {
  test('points at the first bad character', () => {
    assert.equal(jsonErrorOffset('[1, oops]'), 4);
    assert.equal(jsonErrorOffset('{"a": 1,}'), 8);
    assert.equal(jsonErrorOffset('[1, 2'), 5);
    assert.equal(jsonErrorOffset('[1] x'), 4);
  });

  test('agrees with JSON.parse on what is valid (fast-check)', () => {
    const valid = (text: string) => { try { JSON.parse(text); return true; } catch { return false; } };
    fc.assert(fc.property(fc.json(), text => assert.equal(jsonErrorOffset(text), -1)), { numRuns: 300 });
    fc.assert(fc.property(fc.json(), fc.nat(), fc.string({ maxLength: 3 }), (text, at, junk) => {
      const broken = text.slice(0, at % (text.length + 1)) + junk + text.slice(at % (text.length + 1));
      assert.equal(jsonErrorOffset(broken) === -1, valid(broken), broken);
    }), { numRuns: 500 });
  });
});

suite('an entry pasted into a .bib file', () => {
  const entry = '@misc{b,\n  title = {B}\n}';

  test('stands apart from the entries before and after it by a blank line, whatever the cursor had around it', () => {
    assert.equal(pastedEntry('@misc{a,\n}\n', 11, entry), `\n${entry}\n`, 'after the last entry');
    assert.equal(pastedEntry('@misc{a,\n}', 10, entry), `\n\n${entry}\n`, 'right after its closing brace');
    assert.equal(pastedEntry('@misc{a,\n}\n\n', 12, entry), `${entry}\n`, 'on the blank line after it');
    assert.equal(pastedEntry('', 0, entry), `${entry}\n`, 'an empty file');
    const between = '@misc{a,\n}\n\n@misc{c,\n}\n';
    const at = between.indexOf('\n@misc{c');
    const written = between.slice(0, at) + pastedEntry(between, at, entry) + between.slice(at);
    assert.equal(written, `@misc{a,\n}\n\n${entry}\n\n@misc{c,\n}\n`, 'between two entries');
    assert.deepEqual(parseBib(written).entries.map(e => e.key), ['a', 'b', 'c']);
  });
});
