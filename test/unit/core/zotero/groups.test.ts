import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Paper } from '../../../../src/core/model/paper';
import { applyZoteroChange } from '../../../../src/core/zotero/change';
import { collectionTree, ZoteroGroupsSchema } from '../../../../src/core/zotero/collections';
import { zoteroOpenPdfUri } from '../../../../src/core/zotero/details';
import { itemRefOfPaperId } from '../../../../src/core/zotero/ref';
import { joinZotero, ZoteroJoiner, ZoteroLibraryInput, type ZoteroInput } from '../../../../src/core/zotero/join';
import { zoteroItemRef, ZoteroItemsSchema, zoteroPaper, zoteroPaperId, zoteroSelectUri, type ZoteroItem } from '../../../../src/core/zotero/item';
import { RECORDINGS } from '../../../support/replayServer';

/** The recorded answers of Zotero's Web API (urschrei/pyzotero, Blue Oak licence). */
const recorded = (file: string): unknown => JSON.parse(readFileSync(join(RECORDINGS, 'zotero', file), 'utf8'));
const items = (): ZoteroItem[] => ZoteroItemsSchema.parse(recorded('items_doc.json'));
/** The recorded group (`/users/N/groups`): smart_cities, 169947. */
const GROUP = 169947;
/** An item as the host reads it from the group's library: the same key as one of the writer's own may be. */
const inGroup = (item: ZoteroItem, title?: string): ZoteroItem =>
  ({ ...item, library: { type: 'group', id: GROUP }, data: { ...item.data, ...(title ? { title } : {}) } });

suite('zotero: group libraries', () => {
  test('the recorded groups answer is read: each group\'s id and name', () => {
    const groups = ZoteroGroupsSchema.parse(recorded('groups_doc.json'));
    assert.deepEqual(groups.map(g => [g.id, g.data.name]), [[GROUP, 'smart_cities']]);
    assert.equal(ZoteroGroupsSchema.safeParse([{ id: 'x', data: { name: 'n' } }]).success, false, 'an id that is no number is refused');
  });

  test('a group\'s item carries its group in its ref, paper id and zotero:// URIs; the writer\'s own are as before', () => {
    const [own] = items();
    const group = inGroup(own);
    assert.equal(zoteroItemRef(own), 'NM66T6EF', 'the recorded item is of a user library: its key alone');
    assert.equal(zoteroItemRef(group), `${GROUP}/NM66T6EF`);
    assert.equal(zoteroPaperId('NM66T6EF'), 'zotero-nm66t6ef', 'the ids users\' kept state names are unchanged');
    assert.equal(zoteroPaperId('NM66T6EF', GROUP), `zotero-g${GROUP}-nm66t6ef`);
    assert.equal(itemRefOfPaperId(zoteroPaperId('NM66T6EF', GROUP)), `${GROUP}/NM66T6EF`);
    assert.equal(itemRefOfPaperId(zoteroPaperId('NM66T6EF')), 'NM66T6EF');
    assert.equal(itemRefOfPaperId('zotero-gx-nm66t6ef'), undefined);
    assert.equal(zoteroSelectUri('NM66T6EF', GROUP), `zotero://select/groups/${GROUP}/items/NM66T6EF`);
    assert.equal(zoteroSelectUri('NM66T6EF'), 'zotero://select/library/items/NM66T6EF');
    assert.equal(zoteroOpenPdfUri('TM8QRS36', GROUP), `zotero://open-pdf/groups/${GROUP}/items/TM8QRS36`);
    const paper = zoteroPaper(group, 'k');
    assert.equal(paper.id, `zotero-g${GROUP}-nm66t6ef`);
    assert.equal(paper.sources[0].file, `zotero://select/groups/${GROUP}/items/NM66T6EF`);
  });

  test('an item key in two libraries gives two papers, under two keys, each keeping the key kept for it', () => {
    const all = items();
    const own = all[1];
    const theirs = inGroup(own, 'Sherlock Holmes in Babylon, the group\'s copy');
    const whole = joinZotero([], { items: [own, theirs], keys: {} });
    assert.deepEqual(whole.papers.map(p => p.id), ['zotero-pqkbrc33', `zotero-g${GROUP}-pqkbrc33`]);
    const [ownKey, groupKey] = [whole.keys.PQKBRC33, whole.keys[`${GROUP}/PQKBRC33`]];
    assert.ok(ownKey && groupKey && ownKey !== groupKey, `two keys: ${ownKey}, ${groupKey}`);
    assert.deepEqual(Object.keys(whole.newKeys).sort(), [`${GROUP}/PQKBRC33`, 'PQKBRC33']);
    // Kept keys are by ref: each item gets its own back, whichever comes first.
    const again = joinZotero([], { items: [theirs, own], keys: { PQKBRC33: 'mine2020', [`${GROUP}/PQKBRC33`]: 'ours2020' } });
    assert.deepEqual(again.papers.map(p => `${p.id} ${p.key}`).sort(), [`zotero-g${GROUP}-pqkbrc33 ours2020`, 'zotero-pqkbrc33 mine2020']);
  });

  test('a change of a group\'s item, or its removal, leaves the writer\'s item of the same key as it was', () => {
    const all = items();
    const joiner = new ZoteroJoiner();
    // One array, as the engine keeps the library beside Zotero's papers while the bibliographies stay.
    const none: readonly Paper[] = [];
    const first: ZoteroInput = { items: [...all, ...all.map(i => inGroup(i))], keys: {} };
    const whole = joiner.join(none, first, { items: [], keys: {} });
    assert.equal(whole.papers.length, 40, 'twenty items in each library');
    const retitle: ZoteroInput = { items: [inGroup(all[1], 'Retitled in the group')], keys: whole.newKeys, partial: true };
    const second = applyZoteroChange(first, retitle);
    assert.equal(second.items.length, 40, 'the change replaces the group\'s item alone');
    const changed = joiner.join(none, second, first, retitle);
    assert.deepEqual(changed.change?.papers.map(p => `${p.id} ${p.title}`), [`zotero-g${GROUP}-pqkbrc33 Retitled in the group`], 'joined by itself');
    assert.equal(changed.papers.find(p => p.id === 'zotero-pqkbrc33')?.title, 'Sherlock Holmes in Babylon');
    const remove: ZoteroInput = { items: [], removed: [`${GROUP}/PQKBRC33`], keys: whole.newKeys, partial: true };
    const third = applyZoteroChange(second, remove);
    const removed = joiner.join(none, third, second, remove);
    assert.deepEqual(removed.change?.removedIds, [`zotero-g${GROUP}-pqkbrc33`]);
    assert.ok(removed.papers.some(p => p.id === 'zotero-pqkbrc33'), 'the writer\'s own item stays');
    assert.equal(ZoteroLibraryInput.applied(ZoteroLibraryInput.applied({ items: [], keys: {} }, first), remove).size, 39, 'the engine\'s input drops the group\'s item alone');
  });

  test('a group\'s collections list its items by ref', () => {
    const [a, b] = items().map(i => inGroup(i));
    const tree = collectionTree([{ key: '9KH9TNSJ', data: { name: 'Shared', parentCollection: false } }], [a, { ...b, data: { ...b.data, collections: [] } }]);
    assert.deepEqual(tree.collections[0].items, [`${GROUP}/NM66T6EF`]);
    assert.deepEqual(tree.unfiled, [`${GROUP}/PQKBRC33`]);
  });
});
