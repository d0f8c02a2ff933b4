// A renamed key, judged by the tools: the edits core/rename computes are applied to a real thesis
// (classicthesis, chapters by \include, biber) and to a Markdown book with a bibliography in each
// format pandoc reads; pdflatex + biber and pandoc must then resolve every citation, the new key
// among them and the old one nowhere.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { planRename, type CitingFile, type DefiningFile, type FileEdit } from '../../src/core/rename';
import { compile, copyProject, FIXTURES } from './projectFixtures';
import { filesUnder, run, timings, workDir } from './tools';

/** Applies the edits to the files on disk (as `encoding`: the thesis's .bib is Latin-1), each file from its end. */
function applyEdits(edits: readonly FileEdit[], encoding: BufferEncoding): void {
  for (const path of new Set(edits.map(e => e.uri))) {
    let text = readFileSync(path, encoding);
    for (const e of edits.filter(x => x.uri === path).sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.newText + text.slice(e.end);
    writeFileSync(path, text, encoding);
  }
}

/** The rename of `key` over the files of `dir`: its citing files and the bibliography that defines it. */
function rename(dir: string, key: string, newKey: string, citing: string[], syntax: CitingFile['syntax'], bibliography: string, format: DefiningFile['format'], encoding: BufferEncoding): FileEdit[] {
  const files: CitingFile[] = citing.map(path => ({ uri: path, text: readFileSync(path, encoding), syntax }));
  const plan = planRename(key, newKey, files, { uri: bibliography, file: relative(dir, bibliography), text: readFileSync(bibliography, encoding), format, line: 1 });
  if ('refusal' in plan) assert.fail(plan.refusal);
  applyEdits(plan.edits, encoding);
  return plan.edits;
}

suite('a renamed key, judged by pdflatex + biber and pandoc', () => {
  test('classicthesis: bringhurst:2002 renamed in its chapter and its .bib; biber finds every key, the new one among them', () => {
    const fixture = FIXTURES.find(f => f.folder === 'classicthesis')!;
    const work = workDir('rename-thesis');
    try {
      copyProject(fixture, work.dir);
      const before = compile(fixture, work.dir);
      assert.ok(before.cited.includes('bringhurst:2002'), 'the thesis cites the key');
      const tex = filesUnder(work.dir, '.tex');
      const edits = rename(work.dir, 'bringhurst:2002', 'bringhurstElements2002', tex, 'latex', join(work.dir, 'Bibliography.bib'), 'bibtex', 'latin1');
      // Two citations in Chapter01 (one more in a comment stays) and the entry.
      assert.deepEqual(edits.map(e => relative(work.dir, e.uri)).sort(), ['Bibliography.bib', 'Chapters/Chapter01.tex', 'Chapters/Chapter01.tex']);
      assert.match(readFileSync(join(work.dir, 'Chapters', 'Chapter01.tex'), 'latin1'), /% \\citep\{bringhurst:2002\}/);
      const after = compile(fixture, work.dir);
      timings('classicthesis renamed', after.steps);
      assert.deepEqual(after.missing, [], 'biber found every key');
      assert.deepEqual(after.cited, before.cited.map(k => (k === 'bringhurst:2002' ? 'bringhurstElements2002' : k)).sort());
    } finally {
      work.done();
    }
  });

  const BOOK = {
    'one.md': '# One\n\nAs @doe2020 says [see @doe2020, p. 3; @roe2019].\n',
    'two.md': '# Two\n\nAgain [-@doe2020].\n\n```\n[@doe2020] in code\n```\n',
  };
  const BIBLIOGRAPHIES: { file: string; format: DefiningFile['format']; text: string }[] = [
    { file: 'refs.bib', format: 'bibtex', text: '@book{doe2020,\n  author = {Doe, Jane},\n  title = {A Book},\n  year = {2020}\n}\n\n@book{roe2019,\n  author = {Roe, Richard},\n  title = {Another},\n  year = {2019}\n}\n' },
    { file: 'refs.json', format: 'csl-json', text: '[\n  {"id": "doe2020", "type": "book", "author": [{"family": "Doe", "given": "Jane"}], "title": "A Book", "issued": {"date-parts": [[2020]]}},\n  {"id": "roe2019", "type": "book", "author": [{"family": "Roe", "given": "Richard"}], "title": "Another", "issued": {"date-parts": [[2019]]}}\n]\n' },
    { file: 'refs.yaml', format: 'yaml', text: '---\nreferences:\n- id: doe2020\n  type: book\n  author:\n  - family: Doe\n    given: Jane\n  title: A Book\n  issued: 2020\n- id: roe2019\n  type: book\n  author:\n  - family: Roe\n    given: Richard\n  title: Another\n  issued: 2019\n...\n' },
  ];

  for (const bibliography of BIBLIOGRAPHIES) {
    test(`Markdown book with ${bibliography.file}: pandoc reads the new key in every citation and finds its entry`, () => {
      const work = workDir('rename-book');
      try {
        for (const [name, text] of Object.entries(BOOK)) writeFileSync(join(work.dir, name), text);
        writeFileSync(join(work.dir, bibliography.file), bibliography.text);
        const chapters = Object.keys(BOOK).map(name => join(work.dir, name));
        // A key with pandoc's inner punctuation, quoted in YAML.
        rename(work.dir, 'doe2020', 'doe:2020-book', chapters, 'pandoc', join(work.dir, bibliography.file), bibliography.format, 'utf8');
        const json = run('pandoc', ['one.md', 'two.md', '-t', 'json'], work.dir);
        assert.equal(json.status, 0, json.stderr);
        const ids = [...json.stdout.matchAll(/"citationId":"([^"]+)"/g)].map(m => m[1]);
        assert.deepEqual(ids, ['doe:2020-book', 'doe:2020-book', 'roe2019', 'doe:2020-book']);
        const rendered = run('pandoc', ['one.md', 'two.md', '--citeproc', `--bibliography=${bibliography.file}`, '-t', 'plain'], work.dir);
        assert.equal(rendered.status, 0, rendered.stderr);
        assert.equal(rendered.stderr, '', 'pandoc found every citation');
        assert.doesNotMatch(rendered.stdout, /\?\?\?|doe:2020-book/, 'no citation left unresolved');
        assert.match(rendered.stdout, /Doe \(2020\)/);
        assert.match(readFileSync(join(work.dir, 'two.md'), 'utf8'), /\[@doe2020\] in code/, 'code is no citation');
        timings(`pandoc after renaming in ${bibliography.file}`, [['pandoc -t json', json], ['pandoc --citeproc', rendered]]);
      } finally {
        work.done();
      }
    });
  }
});
