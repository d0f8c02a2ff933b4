import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Paper } from '../../../../src/core/model/paper';
import { applyZoteroChange } from '../../../../src/core/zotero/change';
import { joinZotero, ZoteroJoiner, type ZoteroInput } from '../../../../src/core/zotero/join';
import { ZoteroItemsSchema, type ZoteroItem } from '../../../../src/core/zotero/item';
import { RECORDINGS } from '../../../support/replayServer';

/** The recorded answers of Zotero's Web API (urschrei/pyzotero, Blue Oak licence), read as the host reads them. */
const items = (): ZoteroItem[] => ZoteroItemsSchema.parse(JSON.parse(readFileSync(join(RECORDINGS, 'zotero', 'items_doc.json'), 'utf8')));
const retitled = (item: ZoteroItem, title: string, citationKey?: string): ZoteroItem =>
  ({ ...item, version: item.version + 1, data: { ...item.data, title, ...(citationKey ? { citationKey } : {}) } });
const copied = (item: ZoteroItem, key: string): ZoteroItem => ({ ...item, key, data: { ...item.data, key } });
const libraryPaper = (key: string): Paper => ({
  id: `@${key.toLowerCase()}`, key, title: key, abstract: '', authorsCount: null, organization: null, date: null, year: null,
  upvotes: null, links: [], topics: [], sources: [{ file: 'refs.bib', line: 1 }],
});
/** The library beside Zotero's papers: one array, as the engine keeps it while the bibliographies stay. */
const none: readonly Paper[] = [];
const shape = (papers: readonly Paper[]) => papers.map(p => `${p.id} ${p.key} ${p.title}`);

/**
 * Joins `changes` one after another as the engine does (the whole input applied, the change given
 * beside it), keeping the keys made as the host keeps them, and checks each answer against a whole
 * join of the same input: the same papers, in the same order, under the same keys.
 */
function joinInTurn(library: readonly Paper[], first: ZoteroInput, changes: ZoteroInput[]): { joiner: ZoteroJoiner; incremental: number } {
  const joiner = new ZoteroJoiner();
  let kept: Record<string, string> = {};
  let input = first;
  let joined = joiner.join(library, input, { items: [], keys: {} });
  kept = { ...kept, ...joined.newKeys };
  let incremental = 0;
  for (const given of changes) {
    const change = { ...given, keys: kept };
    const next = applyZoteroChange(input, change);
    joined = joiner.join(library, next, input, change);
    if (joined.change) incremental++;
    kept = { ...kept, ...joined.newKeys };
    const whole = joinZotero(library, { ...next, keys: kept });
    assert.deepEqual(shape(joined.papers), shape(whole.papers), 'the same papers as a whole join');
    for (const item of given.items) assert.equal(joined.keys[item.key], whole.keys[item.key], `the key of ${item.key}`);
    input = next;
  }
  return { joiner, incremental };
}

suite('zotero: a change joined by itself', () => {
  test('retitled, new and removed items give what a whole join gives, and only the change is looked at', () => {
    const all = items();
    const [a, b, c] = all;
    const { incremental } = joinInTurn([libraryPaper('lima2011biscrolling')], { items: all.slice(0, 15), keys: {} }, [
      { items: [retitled(a, 'A new title')], keys: {}, partial: true },
      { items: [], removed: [b.key], keys: {}, partial: true },
      { items: all.slice(15), keys: {}, partial: true },
      { items: [copied(c, 'ZZZZZZZZ')], keys: {}, partial: true },
      { items: [retitled(c, 'Given its own key', 'mykey2020')], removed: ['ZZZZZZZZ'], keys: {}, partial: true },
    ]);
    assert.equal(incremental, 5, 'every change joined by itself');
  });

  test('the change names the papers it touched: changed ones and the ids of those gone', () => {
    const all = items();
    const joiner = new ZoteroJoiner();
    const first: ZoteroInput = { items: all, keys: {} };
    const whole = joiner.join(none, first, { items: [], keys: {} });
    assert.equal(whole.change, undefined, 'a first join is whole');
    const change: ZoteroInput = { items: [retitled(all[0], 'Sherlock again')], removed: [all[1].key], keys: whole.newKeys, partial: true };
    const joined = joiner.join(none, applyZoteroChange(first, change), first, change);
    assert.deepEqual(joined.change?.papers.map(p => p.title), ['Sherlock again']);
    assert.deepEqual(joined.change?.removedIds, [`zotero-${all[1].key.toLowerCase()}`]);
    assert.deepEqual(joined.change?.removed, [all[1].key]);
    assert.equal(joined.change?.from, whole.papers, 'the papers it changed');
    assert.deepEqual(Object.keys(joined.keys), [all[0].key], 'only the changed item\'s key goes back');
  });

  test('an item that takes a key another item has, or a change of another library, is joined whole', () => {
    const all = items();
    const [a, b] = all;
    const joiner = new ZoteroJoiner();
    const first: ZoteroInput = { items: all, keys: {} };
    const made = joiner.join(none, first, { items: [], keys: {} });
    const contested: ZoteroInput = { items: [retitled(b, 'Same key as a', made.keys[a.key])], keys: made.newKeys, partial: true };
    const second = applyZoteroChange(first, contested);
    const joined = joiner.join(none, second, first, contested);
    assert.equal(joined.change, undefined, 'two items claim one key: whole');
    assert.deepEqual(shape(joined.papers), shape(joinZotero(none, { ...second, keys: made.newKeys }).papers));
    // Now that two items claim one key, every change is joined whole until they no longer do.
    const later: ZoteroInput = { items: [retitled(all[5], 'Later')], keys: made.newKeys, partial: true };
    assert.equal(joiner.join(none, applyZoteroChange(second, later), second, later).change, undefined);
    // Another library beside Zotero's papers (a bibliography changed): whole.
    const third = applyZoteroChange(second, later);
    const again: ZoteroInput = { items: [retitled(all[6], 'Again')], keys: made.newKeys, partial: true };
    assert.equal(joiner.join([libraryPaper('other')], applyZoteroChange(third, again), third, again).change, undefined);
  });

  test('a change given against an input the joiner did not join (one lost on the way) is joined whole', () => {
    const all = items();
    const joiner = new ZoteroJoiner();
    const first: ZoteroInput = { items: all, keys: {} };
    joiner.join(none, first, { items: [], keys: {} });
    const elsewhere: ZoteroInput = { items: all.slice(1), keys: {} };
    const change: ZoteroInput = { items: [retitled(all[3], 'x')], keys: {}, partial: true };
    assert.equal(joiner.join(none, applyZoteroChange(elsewhere, change), elsewhere, change).change, undefined);
  });

  test('a key made this session stays the item\'s when a whole join comes with the keys of an older input (the writer cited it meanwhile)', () => {
    const all = items();
    const joiner = new ZoteroJoiner();
    const first: ZoteroInput = { items: all, keys: {} };
    const made = joiner.join(none, first, { items: [], keys: {} });
    const buck = made.keys.PQKBRC33;
    assert.equal(buck, 'rcreightonbuck1980sherlock');
    // The writer cited it: their bibliography has its entry, and the library joined again (a
    // bibliography changed) with Zotero's input as it last came, which carried no keys.
    const cited = [libraryPaper(buck)];
    const again = joiner.join(cited, first, first);
    assert.equal(again.keys.PQKBRC33, buck, 'the writer\'s entry, under the key it had');
    assert.deepEqual(again.newKeys, {}, 'no key made again');
    assert.ok(!again.papers.some(p => p.id === 'zotero-pqkbrc33'), 'the writer\'s entry stands for it');
  });
});
