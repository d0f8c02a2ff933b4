import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyZoteroChange, collectionCount, collectionTree, ZoteroCollectionsSchema, ZoteroItemsSchema, type Collection, type ZoteroCollection, type ZoteroItem } from '../../../../src/core/zotero';
import { RECORDINGS } from '../../../support/replayServer';

/** The recorded answers of Zotero's Web API (urschrei/pyzotero, Blue Oak licence), read as the host reads them. */
const recorded = (file: string): unknown => JSON.parse(readFileSync(join(RECORDINGS, 'zotero', file), 'utf8'));
const collections = (): ZoteroCollection[] => ZoteroCollectionsSchema.parse(recorded('collections_doc.json'));
const items = (): ZoteroItem[] => ZoteroItemsSchema.parse(recorded('items_doc.json'));
const names = (list: readonly Collection[]): unknown[] => list.map(c => (c.collections.length ? [c.name, names(c.collections)] : c.name));
const collection = (key: string, name: string, parent: string | false = false): ZoteroCollection => ({ key, data: { name, parentCollection: parent } });
const item = (key: string, filed: string[], itemType = 'book'): ZoteroItem => ({ key, version: 1, data: { key, itemType, collections: filed } });

suite('zotero: collections', () => {
  test('the recorded library: its 15 collections nested as Zotero shows them, by name, each with its works', () => {
    const tree = collectionTree(collections(), items());
    assert.deepEqual(names(tree.collections), [
      'Humanities', ['LoC', ['Digital Newspaper project']], 'Newspapers', ['Non-English items', ['sherlock films']], 'pubmed',
      'R-intro', 'Sciences (miscellaneous)', 'Sherlock Holmes', 'test collection', 'UK Library catalogs', 'US Library Catalogs', 'Zotero features', 'Zotero techy stuff',
    ]);
    const holmes = tree.collections.find(c => c.name === 'Sherlock Holmes')!;
    assert.equal(holmes.items.length, 20, 'every recorded item is filed under Sherlock Holmes');
    const films = tree.collections.find(c => c.name === 'Non-English items')!.collections[0];
    assert.deepEqual(films.items, ['6MCAN2NC'], 'the artwork, filed in a sub-collection');
    assert.equal(collectionCount(tree.collections.find(c => c.name === 'Non-English items')!), 1, 'a sub-collection\'s items count in its parent');
    assert.deepEqual(tree.unfiled, []);
  });

  test('an item in no collection is unfiled; notes and attachments are no works; an item in a collection not listed is unfiled', () => {
    const tree = collectionTree([collection('A', 'Thesis')], [item('I1', ['A']), item('I2', []), item('N1', ['A'], 'note'), item('I3', ['GONE'])]);
    assert.deepEqual(tree.collections[0].items, ['I1']);
    assert.deepEqual(tree.unfiled, ['I2', 'I3']);
  });

  test('a parent not listed, or a loop Zotero never writes, puts the collection at the top; nothing is lost', () => {
    const tree = collectionTree([collection('A', 'Alpha', 'B'), collection('B', 'Beta', 'A'), collection('C', 'Gamma', 'MISSING'), collection('D', 'Delta', 'D')], []);
    assert.deepEqual(names(tree.collections), ['Alpha', 'Beta', 'Delta', 'Gamma']);
  });

  test('names sort as people read them: numbers by value, case aside', () => {
    const tree = collectionTree([collection('A', 'chapter 10'), collection('B', 'Chapter 2'), collection('C', 'appendix')], []);
    assert.deepEqual(names(tree.collections), ['appendix', 'Chapter 2', 'chapter 10']);
  });
});

suite('zotero: a change to the items', () => {
  const whole = { items: [item('A', []), item('B', []), item('C', [])], keys: {} };
  test('applied to the whole library: changed in place, new last, removed gone; the whole stays whole', () => {
    const b2 = { ...item('B', ['X']), version: 2 };
    const next = applyZoteroChange(whole, { items: [b2, item('D', [])], removed: ['A'], keys: { D: 'd2020' }, partial: true });
    assert.deepEqual(next.items.map(i => [i.key, i.version]), [['B', 2], ['C', 1], ['D', 1]]);
    assert.deepEqual([next.partial, next.removed, next.keys], [undefined, undefined, { D: 'd2020' }]);
  });

  test('two changes waiting to be sent stand as one: an item removed then added again is not removed', () => {
    const first = { items: [item('B', [])], removed: ['A', 'C'], keys: {}, partial: true as const };
    const both = applyZoteroChange(first, { items: [item('C', [])], removed: ['D'], keys: {}, partial: true });
    assert.deepEqual(both.items.map(i => i.key), ['B', 'C']);
    assert.deepEqual([both.partial, both.removed], [true, ['A', 'D']]);
  });

  test('a whole library given replaces whatever came before', () => {
    assert.equal(applyZoteroChange(whole, { items: [], keys: {} }).items.length, 0);
  });
});
