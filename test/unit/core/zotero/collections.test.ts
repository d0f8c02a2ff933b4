import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectionCount, collectionTree, ZoteroCollectionsSchema, ZoteroItemsSchema, type Collection, type ZoteroCollection, type ZoteroItem } from '../../../../src/core/zotero';
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
