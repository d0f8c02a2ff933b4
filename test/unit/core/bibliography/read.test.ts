import * as assert from 'node:assert/strict';
import { parseBib } from '../../../../src/core/bibliography/bibtex/parse';
import { cslItemOf } from '../../../../src/core/bibliography/csl/item';
import { readCslJson } from '../../../../src/core/bibliography/csl/json';
import { bibtexReference } from '../../../../src/core/bibliography/bibtex/reference';
import { bibliographyFormat, readBibliographies } from '../../../../src/core/bibliography/read';
import { readYamlBibliography } from '../../../../src/core/bibliography/yaml/read';

const one = (bib: string) => bibtexReference(parseBib(bib).entries[0], () => undefined);

suite('BibTeX entries as references', () => {
  test('an article: type, decoded title, names, journal, year and month, DOI and URL', () => {
    const ref = one(`@article{vaswani2017,
  author  = {Vaswani, Ashish and Shazeer, Noam and others},
  title   = {Attention Is {All} You Need},
  journal = {Advances in Neural Information Processing Systems},
  year    = 2017, month = dec,
  doi     = {https://doi.org/10.5555/3295222.3295349},
  url     = {https://arxiv.org/abs/1706.03762},
}`);
    assert.deepEqual(ref, {
      key: 'vaswani2017', line: 1, sourceType: 'article', type: 'article-journal', title: 'Attention Is All You Need',
      author: [{ given: 'Ashish', family: 'Vaswani' }, { given: 'Noam', family: 'Shazeer' }], moreAuthors: true,
      issued: { year: 2017, month: 12 }, containerTitle: 'Advances in Neural Information Processing Systems',
      doi: '10.5555/3295222.3295349', url: 'https://arxiv.org/abs/1706.03762',
    });
  });

  test('biblatex: date, journaltitle, subtitle, eprint; a book\'s publisher', () => {
    const ref = one('@online{a, title = {Main}, subtitle = {Sub}, date = {2023-05-02/2023-06}, journaltitle = {J}, eprint = {2210.03629}, eprinttype = {arXiv}}');
    assert.equal(ref.title, 'Main: Sub');
    assert.deepEqual(ref.issued, { year: 2023, month: 5, day: 2 });
    assert.equal(ref.containerTitle, 'J');
    assert.deepEqual(ref.links, ['https://arxiv.org/abs/2210.03629']);
    assert.equal(ref.type, 'webpage');
    const book = one('@book{b, title = {AI}, publisher = {Pearson}, year = {in press}}');
    assert.equal(book.publisher, 'Pearson');
    assert.deepEqual(book.issued, { literal: 'in press' });
  });

  test('crossref and xdata fill what the child leaves out, for what is shown', () => {
    const bib = parseBib(`@inproceedings{child, author = {Doe, Jane}, title = {Paper}, crossref = {proc}}
@proceedings{proc, title = {Proceedings of Things}, year = 2021, publisher = {ACM}, xdata = {loc}}
@xdata{loc, address = {Berlin}, publisher = {Not this one}}`);
    const byKey = new Map(bib.entries.map(e => [e.key, e]));
    const ref = bibtexReference(bib.entries[0], key => byKey.get(key));
    assert.equal(ref.title, 'Paper');
    assert.equal(ref.containerTitle, 'Proceedings of Things');
    assert.deepEqual(ref.issued, { year: 2021 });
    assert.equal(ref.publisher, 'ACM');
  });

  test('a crossref loop ends', () => {
    const bib = parseBib('@misc{a, crossref = {b}}\n@misc{b, crossref = {a}, year = 2000}');
    const byKey = new Map(bib.entries.map(e => [e.key, e]));
    assert.deepEqual(bibtexReference(bib.entries[0], key => byKey.get(key)).issued, { year: 2000 });
  });
});

suite('CSL-JSON', () => {
  const items = `[
  {
    "id": "doe2020",
    "type": "article-journal",
    "title": "A Study",
    "author": [{ "family": "Berg", "given": "Jan", "non-dropping-particle": "van der" }, { "literal": "The Team" }],
    "issued": { "date-parts": [["2020", 5]] },
    "container-title": "Journal",
    "DOI": "10.1/x",
    "URL": "https://example.org/a"
  },
  { "id": "raw", "title": "Raw date", "issued": { "raw": "2019-03-04" } },
  { "title": "no id" }
]`;

  test('items with their lines, names with particles, dates in any form', () => {
    const { references, problems } = readCslJson(items);
    assert.deepEqual(references.map(r => [r.key, r.line]), [['doe2020', 2], ['raw', 12]]);
    assert.deepEqual(references[0].author, [{ given: 'Jan', particle: 'van der', family: 'Berg' }, { literal: 'The Team' }]);
    assert.deepEqual(references[0].issued, { year: 2020, month: 5 });
    assert.deepEqual(references[1].issued, { year: 2019, month: 3, day: 4 });
    assert.deepEqual(problems, [{ line: 13, message: 'item 3 skipped: item has no "id", so it cannot be cited', severity: 'error' }]);
  });

  test('a broken item costs only itself', () => {
    const broken = '[\n  {"id": "a", "title": "A"},\n  {"id": "b", "title": "B" "oops": 1},\n  {"id": "c", "title": "C"}\n]';
    const { references, problems } = readCslJson(broken);
    assert.deepEqual(references.map(r => r.key), ['a', 'c']);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].line, 3);
    assert.match(problems[0].message, /^item 2 is not valid JSON, skipped/);
  });

  test('not an array, empty, a BOM', () => {
    assert.match(readCslJson('{"id": "a"}').problems[0].message, /must be an array/);
    assert.deepEqual(readCslJson(''), { references: [], problems: [] });
    assert.deepEqual(readCslJson('\uFEFF[{"id": "a"}]').references.map(r => r.key), ['a']);
  });

  test('exported back as CSL-JSON: id, names with particles, date parts', () => {
    const [ref] = readCslJson(items).references;
    assert.deepEqual(cslItemOf(ref), {
      id: 'doe2020', type: 'article-journal', title: 'A Study',
      author: [{ family: 'Berg', given: 'Jan', 'non-dropping-particle': 'van der' }, { literal: 'The Team' }],
      issued: { 'date-parts': [[2020, 5]] }, 'container-title': 'Journal', DOI: '10.1/x', URL: 'https://example.org/a',
    });
  });
});

suite('YAML bibliographies', () => {
  test('CSL-YAML under references:, and as a bare list', () => {
    const text = '---\nreferences:\n- id: doe2020\n  type: book\n  title: T\n  author:\n  - family: Doe\n    given: Jane\n  issued:\n    date-parts:\n    - [2020]\n- id: roe\n  title: U\n...\n';
    const { format, references, problems } = readYamlBibliography(text);
    assert.equal(format, 'csl-yaml');
    assert.deepEqual(problems, []);
    assert.deepEqual(references.map(r => [r.key, r.line, r.title]), [['doe2020', 3, 'T'], ['roe', 12, 'U']]);
    assert.deepEqual(references[0].author, [{ given: 'Jane', family: 'Doe' }]);
    assert.deepEqual(readYamlBibliography('- id: a\n  title: A\n').references.map(r => r.key), ['a']);
  });

  test('Hayagriva: key, title, authors, date, parent venue, DOI and URL', () => {
    const text = `doe2020:
  type: article
  title: A study of things
  author: ["Doe, Jane", "van der Berg, Jan"]
  date: 2020-01
  parent:
    type: periodical
    title: Journal of Studies
  doi: 10.1000/xyz123

web:
  type: web
  title:
    value: Home page
  author: Haug, Martin
  date: 2023
  url:
    value: https://github.com/typst/hayagriva
`;
    const { format, references, problems } = readYamlBibliography(text);
    assert.equal(format, 'hayagriva');
    assert.deepEqual(problems, []);
    assert.deepEqual(references[0], {
      key: 'doe2020', line: 1, sourceType: 'article', type: 'article-journal', title: 'A study of things',
      author: [{ given: 'Jane', family: 'Doe' }, { given: 'Jan', particle: 'van der', family: 'Berg' }],
      issued: { year: 2020, month: 1 }, containerTitle: 'Journal of Studies', doi: '10.1000/xyz123',
    });
    assert.deepEqual([references[1].line, references[1].title, references[1].url], [11, 'Home page', 'https://github.com/typst/hayagriva']);
  });

  test('a syntax error is reported at its line, and the entries around it are kept', () => {
    const text = 'a:\n  type: book\n  title: A\nb:\n  title: "unclosed\nc:\n  type: book\n  title: C\n';
    const { references, problems } = readYamlBibliography(text);
    assert.deepEqual(problems, [{ line: 5, message: 'YAML: unexpected end of the stream within a double quoted scalar', severity: 'error', code: 'yaml' }]);
    assert.deepEqual(references.map(r => [r.key, r.line]), [['a', 1], ['c', 6]]);
    const csl = readYamlBibliography('references:\n- id: a\n  title: A\n- id: b\n  title: [unclosed\n- id: c\n  title: C\nnocite: "@*"\n');
    assert.deepEqual(csl.references.map(r => [r.key, r.line]), [['a', 2], ['c', 6]]);
    assert.deepEqual(csl.problems.map(p => p.line), [5]);
  });

  test('indented items under references:, comments, document markers and quoted keys', () => {
    const csl = readYamlBibliography('---\n# my refs\nreferences:\n  - id: x1\n    title: X\n\n  - id: x2\n    title: Y\n...\n');
    assert.deepEqual(csl.references.map(r => [r.key, r.line]), [['x1', 4], ['x2', 7]]);
    const hay = readYamlBibliography('# Typst\n"with:colon":\n  type: misc\n  title: Q\nplain:\n  title: P\n');
    assert.deepEqual(hay.references.map(r => [r.key, r.line]), [['with:colon', 2], ['plain', 5]]);
  });
});

suite('reading bibliography files', () => {
  test('formats by file name', () => {
    assert.deepEqual(['a.bib', 'A.BIBTEX', 'z.json', 'h.yml', 'h.yaml', 'x.txt'].map(bibliographyFormat), ['bibtex', 'bibtex', 'csl-json', 'yaml', 'yaml', null]);
  });

  test('@string macros flow from the files a document names first; crossref parents are found in any file', async () => {
    const files = await readBibliographies([
      { uri: 'file:///w/b.bib', file: 'b.bib', text: '@inproceedings{p, title = {P}, booktitle = conf, crossref = {proc}}', after: ['file:///w/a.bib'] },
      { uri: 'file:///w/a.bib', file: 'a.bib', text: '@string{conf = {Conference on Things}}\n@proceedings{proc, title = {Proc}, year = 2022}' },
    ]);
    assert.deepEqual(files.map(f => f.file), ['b.bib', 'a.bib']);
    const [p] = files[0].references;
    assert.equal(p.containerTitle, 'Conference on Things');
    assert.deepEqual(p.issued, { year: 2022 });
    assert.deepEqual(files[0].problems, []);
  });

  test('every format in one library; an unknown one is reported', async () => {
    const files = await readBibliographies([
      { uri: 'u1', file: 'r.json', text: '[{"id": "j"}]' },
      { uri: 'u2', file: 'r.yml', text: 'h:\n  title: H\n' },
      { uri: 'u3', file: 'r.txt', text: 'x' },
    ]);
    assert.deepEqual(files.map(f => [f.format, f.references.map(r => r.key)]), [['csl-json', ['j']], ['hayagriva', ['h']], ['bibtex', []]]);
    assert.match(files[2].problems[0].message, /not a bibliography file/);
  });
});
