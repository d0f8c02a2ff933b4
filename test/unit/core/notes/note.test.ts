import * as assert from 'node:assert/strict';
import type { Paper } from '../../../../src/core/model/paper';
import { arxivIdOf, DEFAULT_NOTE_TEMPLATE, fillTemplate, folderParts, keyOfNote, noteSettingsProblem, notePath, notesMatching, noteValues, noteWords, unknownFields } from '../../../../src/core/notes/note';

const paper: Paper = {
  id: 'attention', key: 'Vaswani2017', title: 'Attention Is All You Need', abstract: 'The dominant models.\nWe propose the Transformer.',
  authorsCount: 2, organization: null, date: null, year: 2017, upvotes: null, links: [], topics: ['x'], sources: [{ file: 'refs.bib', line: 1 }],
  authors: [{ given: 'Ashish', family: 'Vaswani' }, { given: 'Noam', family: 'Shazeer' }], moreAuthors: true, venue: 'NeurIPS', doi: '10.5555/3295222',
  arxivId: '1706.03762',
};

suite('notes: the template', () => {
  const values = noteValues(paper, { citation: '[@Vaswani2017]', reference: 'Vaswani, A. (2017). *Attention*.\n' });

  test('the fields a paper gives: authors joined, links whole, the reference trimmed', () => {
    assert.equal(values.authors, 'Ashish Vaswani, Noam Shazeer and others');
    assert.equal(values.doi, 'https://doi.org/10.5555/3295222');
    assert.equal(values.arxiv, 'https://arxiv.org/abs/1706.03762');
    assert.equal(values.year, '2017');
    assert.equal(values.reference, 'Vaswani, A. (2017). *Attention*.');
  });

  test('the default template: title, links, the abstract quoted line by line, an empty Notes section; no line for a field the paper lacks', () => {
    const note = fillTemplate(DEFAULT_NOTE_TEMPLATE, { ...values, url: '' });
    assert.match(note, /^# Attention Is All You Need\n\n\[@Vaswani2017\]\n/);
    assert.match(note, /^- DOI: https:\/\/doi\.org\/10\.5555\/3295222$/m);
    assert.match(note, /^> The dominant models\.\n> We propose the Transformer\.$/m);
    assert.match(note, /\n## Notes\n\n$/);
    assert.doesNotMatch(note, /URL:/, 'no url: no line');
  });

  test('a template with every field fills each; an unknown field is kept as written and reported', () => {
    const template = '${key}|${title}|${authors}|${year}|${venue}|${doi}|${arxiv}|${url}|${abstract}|${citation}|${reference}|${titel}';
    const note = fillTemplate(template, { ...values, url: 'https://example.org/a' });
    assert.equal(note, 'Vaswani2017|Attention Is All You Need|Ashish Vaswani, Noam Shazeer and others|2017|NeurIPS|https://doi.org/10.5555/3295222|https://arxiv.org/abs/1706.03762|https://example.org/a|The dominant models.\nWe propose the Transformer.|[@Vaswani2017]|Vaswani, A. (2017). *Attention*.|${titel}');
    assert.deepEqual(unknownFields(template), ['titel']);
  });

  test('a text without fields is kept whole, blank lines included', () => {
    assert.equal(fillTemplate('a\n\nb\n', values), 'a\n\nb\n');
  });
});

suite('notes: where a note is', () => {
  test('the file name takes the key; the folder is a path in the workspace', () => {
    assert.equal(notePath('${key}.md', 'Vaswani2017'), 'Vaswani2017.md');
    assert.equal(notePath('./${key}/index.qmd', 'A'), 'A/index.qmd');
    assert.deepEqual(folderParts('notes/'), ['notes']);
    assert.deepEqual(folderParts('./docs\\notes'), ['docs', 'notes']);
  });

  test('settings that do not make a note a paper, inside the workspace, are refused with what to fix', () => {
    assert.equal(noteSettingsProblem('notes/', '${key}.md'), undefined);
    assert.match(noteSettingsProblem('notes/', 'note.md') ?? '', /must contain \$\{key\}/);
    assert.match(noteSettingsProblem('notes/', '${title}-${key}.md') ?? '', /takes only \$\{key\}/);
    assert.match(noteSettingsProblem('../elsewhere', '${key}.md') ?? '', /may not leave the workspace/);
    assert.match(noteSettingsProblem('/home/me/notes', '${key}.md') ?? '', /inside the workspace/);
  });

  test('a note\'s path gives back its key; other files give none', () => {
    const key = keyOfNote('${key}.md');
    assert.equal(key('Vaswani2017.md'), 'Vaswani2017');
    assert.equal(key('Vaswani2017.txt'), undefined);
    assert.equal(key('README'), undefined);
    assert.equal(key('sub/Vaswani2017.md'), undefined);
    assert.equal(keyOfNote('${key}/index.md')('Vaswani2017/index.md'), 'Vaswani2017');
    assert.equal(keyOfNote('note-${key}.md')('note-A1.md'), 'A1');
  });

  test('notes matching words: every word, at the start of a word, case and accents aside', () => {
    const notes = new Map([['a', noteWords('Read for the Transformer section; Über-cited')], ['b', noteWords('Nothing here')]]);
    assert.deepEqual(notesMatching(notes, 'transf'), ['a']);
    assert.deepEqual(notesMatching(notes, 'uber section'), ['a']);
    assert.deepEqual(notesMatching(notes, 'transformer nothing'), []);
    assert.deepEqual(notesMatching(notes, ''), []);
  });
});

suite('notes: arXiv ids', () => {
  test('from a fetched paper, or from the arXiv link an entry\'s eprint gives (version dropped)', () => {
    assert.equal(arxivIdOf({ arxivId: '2401.12345', links: [] }), '2401.12345');
    assert.equal(arxivIdOf({ links: ['https://github.com/a/b', 'https://arxiv.org/abs/1706.03762v5'] }), '1706.03762');
    assert.equal(arxivIdOf({ links: [], reference: { key: 'a', line: 1, sourceType: 'misc', type: 'document', links: ['https://arxiv.org/abs/hep-th/9901001'] } }), 'hep-th/9901001');
    assert.equal(arxivIdOf({ links: ['https://example.org/abs/1'] }), undefined);
  });
});
