import * as assert from 'node:assert/strict';
import { parseBib } from '../../../../../src/core/bibliography/bibtex/parse';
import { bibtexReference } from '../../../../../src/core/bibliography/bibtex/reference';
import { readCslJson } from '../../../../../src/core/bibliography/csl/json';
import { referenceBibtex } from '../../../../../src/core/bibliography/bibtex/write';

const [csl] = readCslJson(JSON.stringify([{
  id: 'berg2020', type: 'paper-conference', title: 'Öl & Mühlen: A Study',
  author: [{ family: 'Berg', given: 'Jan', 'non-dropping-particle': 'van der' }, { family: 'Smith', given: 'John', suffix: 'Jr.' }, { literal: 'Barnes and Noble' }],
  issued: { 'date-parts': [[2020, 5, 3]] }, 'container-title': 'Proceedings of Things', publisher: 'ACM', page: '10-20', DOI: '10.1/x', URL: 'https://example.org/p',
}])).references;

suite('a user\'s reference written as BibTeX', () => {
  test('a .bib entry is copied as the user wrote it', () => {
    const text = '@article{mine,\n  title = {Mine},  % my note\n  journal = jmlr\n}';
    const [entry] = parseBib(text).entries;
    assert.equal(referenceBibtex({ ...bibtexReference(entry, () => undefined), raw: text.slice(entry.start, entry.end) }), `${text}\n`);
  });

  test('a CSL item: type, names BibTeX reads back, ASCII text, venue, pages, DOI and URL', () => {
    const bib = referenceBibtex(csl);
    assert.equal(bib, `@inproceedings{berg2020,
  author    = {van der Berg, Jan and Smith, Jr., John and {Barnes and Noble}},
  title     = {{{\\"O}l \\& M{\\"u}hlen: A Study}},
  booktitle = {Proceedings of Things},
  publisher = {{ACM}},
  pages     = {10--20},
  year      = {2020},
  month     = {5},
  doi       = {10.1/x},
  url       = {https://example.org/p},
}
`);
    // What it wrote reads back as the same reference.
    const back = bibtexReference(parseBib(bib).entries[0], () => undefined);
    assert.deepEqual(back.author, csl.author);
    assert.equal(back.title, csl.title);
    assert.deepEqual(back.issued, { year: 2020, month: 5 });
  });

  test('biblatex gets an ISO date, a year before 1 AD in astronomical numbering', () => {
    assert.match(referenceBibtex(csl, 'biblatex'), /\n {2}date {6}= \{2020-05-03\},\n/);
    assert.match(referenceBibtex({ key: 'a', line: 1, sourceType: 'book', type: 'book', issued: { year: -334 } }, 'biblatex'), /date = \{-0333\}/);
  });
});
