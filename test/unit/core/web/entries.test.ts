// Citing a fetched paper: the paper it becomes, and the entries it writes (BibTeX, biblatex,
// CSL-JSON) through the same functions as every other paper.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBib } from '../../../../src/core/bibliography/bibtex/parse';
import { bibtexEntry, cslEntry, plainReference } from '../../../../src/core/bibliography/paperEntry';
import { readArxivFeed } from '../../../../src/core/web/arxiv';
import { readHfPapers } from '../../../../src/core/web/huggingface';
import { joinFetched, toPaper } from '../../../../src/core/web/toPaper';
import { KnownPapers } from '../../../../src/core/web/keys';
import type { FetchedPaper } from '../../../../src/core/web/record';
import { HF_FIXTURES, RECORDINGS } from '../../../support/replayServer';

const AT = '2025-01-15T10:00:00.000Z';
const heatBath = () => {
  const file = readdirSync(join(RECORDINGS, 'arxiv')).find(f => f.startsWith('id_1605.08386_'))!;
  return readArxivFeed((JSON.parse(readFileSync(join(RECORDINGS, 'arxiv', file), 'utf8')) as { body: string }).body)[0];
};
const day = () => readHfPapers((JSON.parse(readFileSync(join(HF_FIXTURES, 'daily_papers.date=2025-01-15.json'), 'utf8')) as { body: unknown }).body).papers;

suite('web: a fetched paper in the library and in the bibliography', () => {
  test('an arXiv paper: a full @misc for BibTeX, with the eprint where plain styles print it', () => {
    const paper = toPaper(heatBath(), 'stanley2016heat', AT);
    assert.equal(bibtexEntry(paper), `@misc{stanley2016heat,
  author        = {Stanley, Caprice and Windisch, Tobias},
  title         = {{Heat-bath random walks with Markov bases}},
  howpublished  = {arXiv:1605.08386 [math.CO]},
  year          = {2016},
  month         = {5},
  doi           = {10.48550/arXiv.1605.08386},
  url           = {https://arxiv.org/abs/1605.08386},
  eprint        = {1605.08386},
  archivePrefix = {arXiv},
  primaryClass  = {math.CO},
}
`);
  });

  test('an arXiv paper: @online for biblatex, with its date', () => {
    const entry = bibtexEntry(toPaper(heatBath(), 'stanley2016heat', AT), 'biblatex');
    assert.match(entry, /^@online\{stanley2016heat,\n/);
    assert.match(entry, /\n {2}date {10}= \{2016-05-26\},\n/);
    assert.match(entry, /\n {2}eprint {8}= \{1605\.08386\},\n {2}archivePrefix = \{arXiv\},\n {2}primaryClass {2}= \{math\.CO\},\n/);
    assert.doesNotMatch(entry, /howpublished/);
    const [parsed] = parseBib(entry).entries;
    assert.equal(parsed.fields.eprint, '1605.08386');
  });

  test('an arXiv paper: a CSL-JSON item pandoc reads, with its number and arXiv\'s DOI', () => {
    assert.deepEqual(cslEntry(toPaper(heatBath(), 'stanley2016heat', AT)), {
      id: 'stanley2016heat', type: 'article', title: 'Heat-bath random walks with Markov bases',
      author: [{ family: 'Stanley', given: 'Caprice' }, { family: 'Windisch', given: 'Tobias' }],
      issued: { 'date-parts': [[2016, 5, 26]] }, DOI: '10.48550/arXiv.1605.08386', URL: 'https://arxiv.org/abs/1605.08386',
      abstract: heatBath().abstract, number: 'arXiv:1605.08386', publisher: 'arXiv',
    });
  });

  test('the paper as the library has it: authors, date, ids, labelled https links, upvotes and organisation', () => {
    const [rstar] = day();
    const paper = toPaper(rstar, 'guan2025rstarmath', AT);
    assert.equal(paper.id, 'arxiv-2501-04519');
    assert.deepEqual([paper.year, paper.date, paper.upvotes, paper.authorsCount, paper.arxivId, paper.doi], [2025, 'Jan 8, 2025', 278, 8, '2501.04519', '10.48550/arXiv.2501.04519']);
    assert.deepEqual(paper.organization, { handle: 'microsoft', name: 'Microsoft' });
    assert.deepEqual(paper.links, ['https://arxiv.org/abs/2501.04519', 'https://arxiv.org/pdf/2501.04519', 'https://github.com/microsoft/rStar', 'https://huggingface.co/papers/2501.04519']);
    assert.deepEqual(paper.web, { source: 'huggingface', fetched: AT, links: rstar.links });
    assert.ok(paper.links.every(l => l.startsWith('https://')));
    assert.match(plainReference(paper), /^Xinyu Guan, Li Lyna Zhang, .+, Mao Yang\. rStar-Math: .+\. 2025\. https:\/\/doi\.org\/10\.48550\/arXiv\.2501\.04519$/);
  });

  test('a hostile title is text in the paper and LaTeX-escaped in the entry: no markup anywhere', () => {
    const hostile = day()[2];
    const paper = toPaper(hostile, 'putten2025agents', AT);
    assert.equal(paper.title, 'Agents <img src=x onerror=alert(1)> & "Tools": <script>alert(2)</script>');
    const entry = bibtexEntry(paper);
    assert.doesNotMatch(entry, /[<>]/);
    assert.match(entry, /title {9}= \{\{Agents \\textless\{\}img src=x onerror=alert\(1\)\\textgreater\{\} \\& /);
    assert.equal(cslEntry(paper).title, paper.title);
  });

  test('a DOI\'s journal article stays an @article, with no eprint', () => {
    const article: FetchedPaper = {
      source: 'crossref', title: 'The Structure of Ordinary Water', authors: [{ given: 'Henry S.', family: 'Frank' }], type: 'article-journal',
      doi: '10.1126/science.169.3946.635', venue: 'Science', volume: '169', issue: '3946', page: '635-641', issued: { year: 1970, month: 8, day: 14 },
      links: { abstract: 'https://doi.org/10.1126/science.169.3946.635' },
    };
    const entry = bibtexEntry(toPaper(article, 'frank1970structure', AT));
    assert.match(entry, /^@article\{frank1970structure,\n {2}author {2}= \{Frank, Henry S\.\},\n/);
    assert.match(entry, /\n {2}journal = \{Science\},\n/);
    assert.doesNotMatch(entry, /eprint|archivePrefix/);
  });

  test('titles over 400 characters are cut with an ellipsis, as the library\'s are', () => {
    const paper = toPaper({ ...heatBath(), title: `${'word '.repeat(100)}end` }, 'k', AT);
    assert.ok(paper.title.length <= 400 && paper.title.endsWith('…'));
  });

  test('fifty papers of one first author and year join with fifty keys', () => {
    const papers = Array.from({ length: 50 }, (_, i) => ({ ...day()[0], arxivId: `2501.${String(10000 + i)}`, title: `Paper number ${i}` }));
    const joined = joinFetched(papers, new KnownPapers([]), new Map(), AT);
    assert.equal(new Set(joined.papers.map(p => p.key)).size, 50);
    assert.deepEqual(joined.papers.slice(0, 3).map(p => p.key), ['guan2025paper', 'guan2025papera', 'guan2025paperb']);
  });
});
