// Zotero's items join the library in the engine, after the writer's bibliographies: searched with
// its ranking and whole by key; an item whose key the writer's bibliography has stays the writer's
// entry; given none, they leave the library again.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ZoteroItemsSchema } from '../../../src/core/zotero/item';
import { LibraryService } from '../../../src/engine/service';
import { RECORDINGS } from '../../support/replayServer';
import { ROOT } from '../support/seeds';

const dist = (name: string) => readFileSync(join(ROOT, 'dist', name), 'utf8');
const bundled = () => ({ corpus: dist('corpus.json'), names: dist('names.index'), text: dist('fulltext.index') });
/** pyzotero's recording of a library's items (Blue Oak licence); Lima et al. pinned under a Better BibTeX key, as a writer's Zotero would have it. */
const items = () => ZoteroItemsSchema.parse(JSON.parse(readFileSync(join(RECORDINGS, 'zotero', 'items_doc.json'), 'utf8')))
  .map(item => (item.key === '33TK9NH9' ? { ...item, data: { ...item.data, extra: 'Citation Key: lima2011biscrolling' } } : item));

// The writer's bibliography, exported from the same Zotero: one key in common.
const BIB = '@article{lima2011biscrolling,\n  title = {Biscrolling nanotube sheets},\n  journal = {Science},\n  year = {2011}\n}\n';
const refs = { uri: 'file:///work/refs.bib', file: 'refs.bib', text: BIB };

suite('the engine: the Zotero library joins the library', () => {
  test('its items are searched and whole by key; a key the writer\'s bibliography has stays the writer\'s entry; none given, they leave', async function () {
    this.timeout(60_000);
    const service = LibraryService.load(bundled());
    const before = service.size;
    const report = await service.setInput({ corpus: [], bibliographies: [refs], zotero: { items: items(), keys: {} } });
    await service.settled();
    assert.ok(report.zotero, 'the report says what Zotero\'s items joined');
    assert.equal(report.zotero.added, 19, 'every item but the one the bibliography has');
    assert.equal(report.zotero.keys['33TK9NH9'], 'lima2011biscrolling');
    assert.equal(report.zotero.newKeys['PQKBRC33'], 'rcreightonbuck1980sherlock', 'a made key, for the host to keep');
    assert.equal(report.snapshotWanted, false, 'a cached library would stand for the bibliography without Zotero');
    assert.equal(service.size, before + 1 + 19);
    const [lima] = service.papers(['lima2011biscrolling']);
    assert.equal(lima?.entries?.[0]?.file, 'refs.bib', 'the writer\'s entry');
    const [buck] = service.papers(['rcreightonbuck1980sherlock']);
    assert.equal(buck?.id, 'zotero-pqkbrc33');
    assert.equal(buck?.reference?.doi, '10.2307/2321200');
    assert.equal(service.query('Sherlock Holmes in Babylon', { limit: 1 }).rows[0]?.key, 'rcreightonbuck1980sherlock', 'searched with the library\'s ranking');
    // A change (what Zotero changed since it was last read) applies to the items given before: one retitled, one deleted.
    const buckItem = items().find(i => i.key === 'PQKBRC33')!;
    const changed = await service.setInput({ zotero: { items: [{ ...buckItem, version: 2, data: { ...buckItem.data, title: 'Sherlock Holmes in Nineveh' } }], removed: ['9AIAUW49'], keys: report.zotero.newKeys, partial: true } });
    await service.settled();
    assert.equal(changed.zotero?.added, 18, 'the others stay');
    assert.equal(changed.zotero?.partial, true, 'the change was joined by itself');
    assert.deepEqual(changed.zotero?.keys, { PQKBRC33: 'rcreightonbuck1980sherlock' }, 'only the changed item\'s key comes back');
    assert.deepEqual(changed.zotero?.removed, ['9AIAUW49']);
    assert.equal(changed.index.changed, 1, 'one paper indexed again');
    assert.equal(changed.index.removed, 1, 'one taken out of the index');
    assert.equal(service.size, before + 1 + 18);
    assert.equal(service.papers(['rcreightonbuck1980sherlock'])[0]?.title, 'Sherlock Holmes in Nineveh', 'under the key it had');
    assert.equal(service.query('Sherlock Holmes in Nineveh', { limit: 1 }).rows[0]?.key, 'rcreightonbuck1980sherlock');
    await service.setInput({ zotero: { items: [], keys: {} } });
    await service.settled();
    assert.equal(service.size, before + 1, 'the bibliography\'s entry alone');
    assert.equal(service.papers(['rcreightonbuck1980sherlock'])[0], undefined);
  });
});
