import * as assert from 'node:assert/strict';
import type { CitationSyntax } from '../../../../src/core/cite/languages';
import { citationsOfKey, entryKeyAt, findEntryKey, keyProblem, planRename, renameRefusal, takenRefusal, type CitingFile, type DefiningFile, type FileEdit } from '../../../../src/core/rename';

/** The files after the edits, by uri. */
function applied(texts: Record<string, string>, edits: readonly FileEdit[]): Record<string, string> {
  const out = { ...texts };
  for (const uri of Object.keys(out)) {
    for (const edit of edits.filter(e => e.uri === uri).sort((a, b) => b.start - a.start)) out[uri] = out[uri].slice(0, edit.start) + edit.newText + out[uri].slice(edit.end);
  }
  return out;
}

const BIB = '@string{jan = "January"}\n% doe2020 in a comment\n@article{doe2020,\n  title = {About doe2020},\n  month = jan,\n}\n\n@book{other, title={T}}\n';
const bib = (text = BIB, line = 3): DefiningFile => ({ uri: 'refs.bib', file: 'refs.bib', text, format: 'bibtex', line });

/** Renames doe2020 to smith2021 in one document of `syntax` and the .bib; the document and the .bib after. */
function rename(text: string, syntax: CitationSyntax, defining = bib()): { doc: string; bib: string; citations: number } {
  const files: CitingFile[] = [{ uri: 'doc', text, syntax }];
  const plan = planRename('doe2020', 'smith2021', files, defining);
  if ('refusal' in plan) assert.fail(plan.refusal);
  const out = applied({ doc: text, [defining.uri]: defining.text }, plan.edits);
  return { doc: out.doc, bib: out[defining.uri], citations: plan.citations };
}

suite('Rename a key: the edits', () => {
  test('LaTeX: every citation and \\nocite, not comments nor verbatim, and the key only', () => {
    const text = [
      '\\cite{doe2020} \\citep[p.~3]{a, doe2020,b} \\nocite{doe2020}',
      '% \\cite{doe2020} commented',
      '\\begin{verbatim}\\cite{doe2020}\\end{verbatim}',
      '\\cites[see][]{doe2020}[5]{doe2020x} doe2020 in prose',
    ].join('\n');
    const result = rename(text, 'latex');
    assert.equal(result.doc, [
      '\\cite{smith2021} \\citep[p.~3]{a, smith2021,b} \\nocite{smith2021}',
      '% \\cite{doe2020} commented',
      '\\begin{verbatim}\\cite{doe2020}\\end{verbatim}',
      '\\cites[see][]{smith2021}[5]{doe2020x} doe2020 in prose',
    ].join('\n'));
    assert.equal(result.citations, 4);
    assert.equal(result.bib, BIB.replace('@article{doe2020,', '@article{smith2021,'));
  });

  test('LaTeX: a key split by a comment is replaced whole', () => {
    assert.equal(rename('\\cite{doe%\n 2020}', 'latex').doc, '\\cite{smith2021}');
  });

  test('Markdown, Quarto and R Markdown: bracketed, bare and suppressed-author citations, not code', () => {
    const text = 'As [@doe2020, p. 3; -@doe2020] and @doe2020 say.\n\n`@doe2020` in code, doe2020@example.com\n\n```\n[@doe2020]\n```\n';
    assert.equal(rename(text, 'pandoc').doc, 'As [@smith2021, p. 3; -@smith2021] and @smith2021 say.\n\n`@doe2020` in code, doe2020@example.com\n\n```\n[@doe2020]\n```\n');
  });

  test('Typst: @key and #cite(<key>), not in raw text', () => {
    const text = 'See @doe2020 and #cite(<doe2020>).\n`@doe2020` is raw.\n';
    assert.equal(rename(text, 'typst').doc, 'See @smith2021 and #cite(<smith2021>).\n`@doe2020` is raw.\n');
  });

  test('reStructuredText: :cite: roles', () => {
    const text = 'See :cite:`doe2020,other` and :cite:p:`doe2020`.\n\n.. code::\n\n   :cite:`doe2020`\n';
    const result = rename(text, 'rst');
    assert.equal(result.doc.split('\n')[0], 'See :cite:`smith2021,other` and :cite:p:`smith2021`.');
  });

  test('an open document\'s own citations are taken as given (a keys template)', () => {
    const text = 'CITE(doe2020)';
    const plan = planRename('doe2020', 'new', [{ uri: 'doc', text, syntax: 'latex', citations: [{ syntax: 'custom', start: 0, end: 13, listStart: 5, listEnd: 12, keys: [{ key: 'doe2020', start: 5, end: 12 }], bracketed: true }] }], bib());
    assert.ok(!('refusal' in plan));
    assert.equal(applied({ doc: text }, plan.edits).doc, 'CITE(new)');
  });

  test('.bib: only the entry\'s key, found even when the file moved since it was read', () => {
    assert.equal(rename('\\cite{doe2020}', 'latex', bib(BIB, 1)).bib, BIB.replace('@article{doe2020,', '@article{smith2021,'));
    const crlf = BIB.replace(/\n/g, '\r\n');
    assert.equal(rename('\\cite{doe2020}', 'latex', bib(crlf)).bib, crlf.replace('@article{doe2020,', '@article{smith2021,'));
    const paren = '@Article ( doe2020 ,\n title = {T})\n';
    assert.equal(rename('\\cite{doe2020}', 'latex', bib(paren, 1)).bib, '@Article ( smith2021 ,\n title = {T})\n');
  });

  test('CSL-JSON: the item\'s id, a string or a number, written as JSON', () => {
    const json = '[\n  {"id": "other", "title": "doe2020"},\n  {\n    "type": "book",\n    "id": "doe2020",\n    "title": "T"\n  }\n]\n';
    const defining: DefiningFile = { uri: 'refs.json', file: 'refs.json', text: json, format: 'csl-json', line: 3 };
    assert.equal(rename('[@doe2020]', 'pandoc', defining).bib, json.replace('"id": "doe2020"', '"id": "smith2021"'));
    const numbered = '[{"id": 2020, "title": "T"}]';
    const plan = planRename('2020', 'doe-2020', [{ uri: 'doc', text: '[@2020]', syntax: 'pandoc' }], { uri: 'r', file: 'r.json', text: numbered, format: 'csl-json', line: 1 });
    assert.ok(!('refusal' in plan));
    assert.equal(applied({ r: numbered }, plan.edits).r, '[{"id": "doe-2020", "title": "T"}]');
  });

  test('CSL-YAML: the item\'s id: plain, quoted, and quoted when a plain scalar cannot hold the key', () => {
    const yaml = 'references:\n- type: book\n  id: doe2020 # the first\n  title: doe2020\n- id: "other"\n';
    const defining: DefiningFile = { uri: 'refs.yaml', file: 'refs.yaml', text: yaml, format: 'yaml', line: 2 };
    assert.equal(rename('@doe2020', 'pandoc', defining).bib, yaml.replace('id: doe2020 #', 'id: smith2021 #'));
    const quoted = "references:\n- id: 'doe2020'\n  title: T\n";
    assert.equal(rename('@doe2020', 'pandoc', { ...defining, text: quoted }).bib, "references:\n- id: 'smith2021'\n  title: T\n");
    const plan = planRename('doe2020', '2021:smith', [{ uri: 'doc', text: '@doe2020', syntax: 'pandoc' }], defining);
    assert.ok(!('refusal' in plan));
    assert.equal(applied({ 'refs.yaml': yaml }, plan.edits)['refs.yaml'], yaml.replace('id: doe2020 #', 'id: "2021:smith" #'));
  });

  test('Hayagriva: the entry\'s top-level key', () => {
    const yaml = 'other:\n  type: book\n  title: doe2020\ndoe2020:\n  type: article\n  title: T\n';
    const defining: DefiningFile = { uri: 'refs.yml', file: 'refs.yml', text: yaml, format: 'yaml', line: 4 };
    assert.equal(rename('@doe2020', 'typst', defining).bib, yaml.replace('\ndoe2020:', '\nsmith2021:'));
  });

  test('every file of a project, each citation once; keys inside others untouched', () => {
    const files: CitingFile[] = [
      { uri: 'ch1.tex', text: '\\cite{doe2020}', syntax: 'latex' },
      { uri: 'ch2.tex', text: '\\cite{doe2020a} \\cite{doe2020}', syntax: 'latex' },
      { uri: 'ch3.tex', text: 'nothing here', syntax: 'latex' },
    ];
    const plan = planRename('doe2020', 'k', files, bib());
    assert.ok(!('refusal' in plan));
    assert.equal(plan.citations, 2);
    assert.equal(plan.files, 3);
    assert.deepEqual(citationsOfKey('doe2020', files), [{ uri: 'ch1.tex', start: 6, end: 13 }, { uri: 'ch2.tex', start: 22, end: 29 }]);
  });
});

suite('Rename a key: refusals', () => {
  test('a new key the bibliography\'s format or a citing syntax cannot read', () => {
    assert.match(keyProblem('doe 2020', ['latex'], 'bibtex')!, /spaces/);
    assert.match(keyProblem('', ['latex'], 'bibtex')!, /empty/);
    assert.match(keyProblem('doe#2020', ['pandoc'], 'bibtex')!, /\.bib file/);
    assert.match(keyProblem("o'brien", [], 'bibtex')!, /\.bib file/);
    assert.match(keyProblem('doe.', ['pandoc'], 'csl-json')!, /Markdown/);
    assert.match(keyProblem('a/b', ['typst'], 'yaml')!, /Typst/);
    assert.match(keyProblem('a}b', ['latex'], 'csl-json')!, /LaTeX/);
    assert.equal(keyProblem('doe:2020-b.x', ['latex', 'pandoc', 'typst', 'rst'], 'bibtex'), undefined);
    assert.equal(keyProblem('müller2020', ['latex', 'pandoc'], 'bibtex'), undefined);
    // pandoc alone reads a # inside a key; a CSL-JSON file holds it.
    assert.equal(keyProblem('a#b', ['pandoc'], 'csl-json'), undefined);
  });

  test('planRename refuses an invalid key for a syntax that cites it, and an entry that is gone', () => {
    const plan = planRename('doe2020', 'doe.', [{ uri: 'd', text: '[@doe2020]', syntax: 'pandoc' }], bib());
    assert.ok('refusal' in plan && /Markdown/.test(plan.refusal));
    // A syntax that does not cite the key does not constrain the new one.
    assert.ok(!('refusal' in planRename('doe2020', 'a#b', [{ uri: 'd', text: '[@other]', syntax: 'pandoc' }], { ...bib(), format: 'csl-json', text: '[{"id":"doe2020"}]' })));
    const child = `${BIB}@incollection{chapter, crossref = {doe2020}, title = {C}}\n`;
    const parent = planRename('doe2020', 'x', [], bib(child));
    assert.ok('refusal' in parent && /named in the crossref field of another entry \(refs\.bib, line 9\)/.test(parent.refusal), JSON.stringify(parent));
    assert.ok(!('refusal' in planRename('doe2020', 'x', [], bib(`${BIB}@misc{c, related = {doe2020x}}\n`))), 'another key that starts the same is no parent');
    const gone = planRename('doe2020', 'x', [], bib('@book{other,}\n'));
    assert.ok('refusal' in gone && /no longer in refs\.bib/.test(gone.refusal));
  });

  test('a key defined in several bibliographies, a bundled paper\'s, one defined nowhere', () => {
    assert.match(renameRefusal('a', { files: ['x.bib', 'y.json', 'z.yaml'], bundled: false })!, /defined in 3 bibliographies \(x\.bib, y\.json and z\.yaml\)/);
    assert.match(renameRefusal('a', { files: ['x.bib', 'x.bib'], bundled: false })!, /defined 2 times in x\.bib: remove the duplicate/);
    assert.match(renameRefusal('a', { files: [], bundled: true })!, /bundled paper's key.*Copy its entry/);
    assert.match(renameRefusal('a', { files: [], bundled: false })!, /not defined/);
    assert.equal(renameRefusal('a', { files: ['x.bib'], bundled: true }), undefined);
  });

  test('a new key that is already defined', () => {
    assert.match(takenRefusal('b', { files: ['refs.bib'], bundled: false })!, /already defined in refs\.bib/);
    assert.match(takenRefusal('b', { files: [], bundled: true })!, /bundled paper's key/);
    assert.equal(takenRefusal('b', { files: [], bundled: false }), undefined);
  });
});

suite('Rename a key: the key under the cursor in a bibliography file', () => {
  test('on the key of a .bib entry, of a CSL-JSON item, of a CSL-YAML item and a Hayagriva entry', () => {
    /** The key at `offset` and its characters as written. */
    const at = (text: string, offset: number, format: 'bibtex' | 'csl-json' | 'yaml') => {
      const found = entryKeyAt(text, offset, format);
      return found && [found.key, text.slice(found.start, found.end)];
    };
    assert.deepEqual(at(BIB, BIB.indexOf('doe2020,') + 2, 'bibtex'), ['doe2020', 'doe2020']);
    assert.equal(at(BIB, BIB.indexOf('About'), 'bibtex'), undefined);
    assert.equal(at(BIB, BIB.indexOf('jan ='), 'bibtex'), undefined);
    assert.equal(at(BIB, BIB.indexOf('jan =') - 2, 'bibtex'), undefined, '@string is no entry');
    const json = '[{"id": "a\\"b", "title": "x"}]';
    assert.deepEqual(at(json, 10, 'csl-json'), ['a"b', 'a\\"b']);
    const yaml = 'references:\n- id: \'doe\'\n';
    assert.deepEqual(at(yaml, yaml.indexOf('doe'), 'yaml'), ['doe', 'doe']);
    const hayagriva = 'doe:\n  title: T\n';
    assert.deepEqual(at(hayagriva, 1, 'yaml'), ['doe', 'doe']);
    assert.equal(at(hayagriva, 10, 'yaml'), undefined);
  });

  test('findEntryKey looks from the line the library read, then everywhere', () => {
    const json = '[{"id": "a"}, {"id": "b"}]';
    assert.equal(findEntryKey(json, 'b', 'csl-json', 1)?.start, 22);
    assert.equal(findEntryKey(json, 'c', 'csl-json', 1), undefined);
  });
});
