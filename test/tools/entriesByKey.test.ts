// Keys answered before the join (engine/service.ts `papersIfReady`, core/bibliography/entriesByKey.ts):
// every answer given early must be the very paper the library gives once the entries are
// joined to the bundled papers and indexed. Checked on every key of the real files in
// ../shared/bibliographies, given in batches (so that keys repeat across files), and on the
// cases the join decides alone.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Paper } from '../../src/core/model/paper';
import type { BibliographyInput } from '../../src/engine/input';
import type { InputReport } from '../../src/engine/protocol';
import { LibraryService } from '../../src/engine/service';
import { ROOT } from '../unit/support/seeds';
import { filesUnder } from './tools';

const SHARED = resolve(ROOT, '..', 'shared', 'bibliographies');
const dist = (name: string) => readFileSync(join(ROOT, 'dist', name), 'utf8');
const bundled = () => LibraryService.load({ corpus: dist('corpus.json'), names: dist('names.index'), text: dist('fulltext.index') });

interface Asked { keys: string[]; early: ((Paper | undefined)[] | undefined)[]; earlyKeys: string[]; report?: InputReport; order: string[] }

/**
 * Gives the service these files and asks each key the moment `papersReady` is told (the entries
 * parsed, not yet joined), as the worker does; then the same keys once every name is indexed.
 */
async function askEarlyAndLate(service: LibraryService, files: BibliographyInput[], extra: (keys: string[]) => string[] = () => []) {
  const asked: Asked = { keys: [], early: [], earlyKeys: [], order: [] };
  const report = await service.setInput({
    bibliographies: files,
    papersReady: early => {
      asked.report = early;
      const keys = early.bibliographies.files.flatMap(f => f.keys);
      asked.keys = [...new Set([...keys, ...keys.map(k => k.toUpperCase()), ...keys.map(k => `@${k.toLowerCase()}`), ...extra(keys)])];
      asked.early = asked.keys.map(k => service.papersIfReady([k]));
      asked.earlyKeys = service.keys();
      // Whether the join was still under way: a settled promise's callback would run before the tick's.
      void service.joined.then(() => asked.order.push('joined'));
      void Promise.resolve().then(() => asked.order.push('tick'));
    },
  });
  return { asked, report, late: service.papers(asked.keys), lateKeys: service.keys() };
}

suite('keys answered before the join', function () {
  this.timeout(300_000);

  test('every key of the real files: an early answer is the joined library\'s paper, and most keys answer early', async () => {
    const paths = filesUnder(SHARED, '.bib', '.json');
    assert.ok(paths.length > 250, `the real files are in ${SHARED}`);
    const service = bundled();
    let answered = 0;
    let entryKeys = 0;
    for (let at = 0; at < paths.length; at += 30) {
      const files = paths.slice(at, at + 30).map(path => ({ uri: `file://${path}`, file: relative(SHARED, path), text: readFileSync(path, 'utf8') }));
      const { asked, report, late, lateKeys } = await askEarlyAndLate(service, files, () => ['attention-is-all-you-need', 'no-such-key-anywhere']);
      // The files' keys, lines and problems (diagnostics, Go to Definition) are known from the parse as the join has them.
      assert.deepEqual(asked.report?.bibliographies.files, report.bibliographies.files);
      asked.keys.forEach((key, i) => {
        const early = asked.early[i];
        if (!early) return;
        assert.deepEqual(early[0], late[i], `${key}, in ${files.map(f => f.file).join(', ')}`);
        if (early[0] && !key.startsWith('@') && key !== key.toUpperCase()) answered++;
      });
      entryKeys += asked.keys.filter(k => !k.startsWith('@') && k !== k.toUpperCase()).length;
      assert.deepEqual(new Set(asked.earlyKeys), new Set(lateKeys.map(k => k.toLowerCase())), 'the keys that name a paper, early and late');
    }
    console.log(`      ${answered} of ${entryKeys} keys answered early`);
    assert.ok(answered / entryKeys > 0.95, `${answered} of ${entryKeys} keys answered early`);
  });

  test('what only the join can tell waits for it; a key in two files lists both entries', async () => {
    const service = bundled();
    const corpusKey = service.library.papers[0].key;
    const corpusTitle = service.library.papers[1].title;
    const refs = [
      '@book{russell2020aima, author = {Russell, Stuart and Norvig, Peter}, title = {Artificial Intelligence: A Modern Approach}, year = 2020}',
      `@misc{${corpusKey}, title = {Mine}}`,
      `@misc{sametitle, title = {${corpusTitle}}}`,
    ].join('\n');
    const files = [
      { uri: 'file:///w/refs.bib', file: 'refs.bib', text: refs },
      { uri: 'file:///w/more.json', file: 'more.json', text: '[{"id": "Russell2020AIMA", "type": "book", "title": "A second entry"}]' },
    ];
    const { asked, report, late } = await askEarlyAndLate(service, files, () => ['nosuchkey', service.library.papers[2].id]);
    const early = (key: string) => asked.early[asked.keys.indexOf(key)];
    assert.equal(asked.report?.indexing, true);
    assert.deepEqual(asked.order, ['tick', 'joined'], 'the join had not ended when the keys answered');
    const [paper] = early('russell2020aima')!;
    assert.equal(paper?.title, 'Artificial Intelligence: A Modern Approach');
    assert.deepEqual(paper?.entries?.map(e => `${e.file}:${e.line}`), ['refs.bib:1', 'more.json:1']);
    assert.deepEqual(early('@russell2020aima'), [paper]);
    assert.deepEqual(paper, late[asked.keys.indexOf('russell2020aima')]);
    for (const waits of [corpusKey, 'sametitle', 'nosuchkey', service.library.papers[2].id]) assert.equal(early(waits), undefined, waits);
    // The join then makes them: one joined by key, one by title.
    assert.equal(report.bibliographies.joined, 2);
    assert.equal(late[asked.keys.indexOf('sametitle')]?.title, corpusTitle);
  });

  test('rows by key (hover, Go to Definition) answer as early as papers: one a key, before the join, the row of the joined paper', async () => {
    const service = bundled();
    const corpusKey = service.library.papers[0].key;
    const refs = '@book{russell2020aima, author = {Russell, Stuart and Norvig, Peter}, title = {Artificial Intelligence: A Modern Approach}, year = 2020, abstract = {A textbook of artificial intelligence.}}';
    const order: string[] = [];
    let early: Promise<unknown> | undefined;
    let waiting: Promise<unknown> | undefined;
    await service.setInput({
      bibliographies: [{ uri: 'file:///w/refs.bib', file: 'refs.bib', text: refs }],
      papersReady: () => {
        early = service.answer({ type: 'rowsByKey', keys: ['russell2020aima', '@russell2020aima', 'RUSSELL2020AIMA'], excerpt: 500 });
        // A corpus key only the join can tell: the whole answer waits for it.
        waiting = service.answer({ type: 'rowsByKey', keys: ['russell2020aima', corpusKey, 'nosuchkey'], excerpt: 500 });
        void early.then(() => order.push('rows'));
        void waiting.then(() => order.push('rows with a corpus key'));
        void service.joined.then(() => order.push('joined'));
      },
    });
    assert.deepEqual(order, ['rows', 'joined', 'rows with a corpus key']);
    const [row] = service.rows(['russell2020aima'], 500);
    assert.equal(row.excerpt, 'A textbook of artificial intelligence.');
    assert.deepEqual(await early, [row, row, row]);
    assert.deepEqual(await waiting, [row, service.rows([corpusKey], 500)[0], null]);
  });
});
